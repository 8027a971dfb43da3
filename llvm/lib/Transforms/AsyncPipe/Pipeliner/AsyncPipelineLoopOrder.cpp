//===- AsyncPipelineLoopOrder.cpp - Each loop once, in preorder -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineLoopOrder.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static cl::opt<bool> CheckLoopOrder(
    "asyncpipe-pipeline-check-loop-order", cl::Hidden, cl::init(false),
    cl::desc("Check every loop the pipeliner considers against LoopInfo's "
             "preorder taken again (for testing; a difference is a fatal "
             "error)"));

LoopPreorderWorklist::LoopPreorderWorklist(LoopInfo &LI) : LI(LI) {
  pushNewTopLevelLoops();
}

void LoopPreorderWorklist::pushNewTopLevelLoops() {
  // The preorder walks the top-level list from its end: pushed in list
  // order, the newest is on top.
  ArrayRef<Loop *> TopLevel = LI.getTopLevelLoops();
  for (unsigned I = KnownTopLevel; I < TopLevel.size(); ++I)
    Stack.push_back(Frame{TopLevel[I], nullptr, 0});
  KnownTopLevel = TopLevel.size();
}

Loop *LoopPreorderWorklist::nextInTree() {
  // Top-level loops added since the last call come first in the preorder.
  // (A rewrite removes only loops inside the loop it rewrites or inside the
  // loops it adds, never one before a frame's index.)
  pushNewTopLevelLoops();
  while (!Stack.empty()) {
    Frame &F = Stack.back();
    Loop *L;
    if (F.Single) {
      L = F.Single;
      Stack.pop_back();
    } else {
      const std::vector<Loop *> &Children = F.Parent->getSubLoops();
      if (F.Next >= Children.size()) {
        Stack.pop_back();
        continue;
      }
      L = Children[F.Next++];
    }
    // Its children next, read when they are reached: a rewrite of L may
    // still change them.
    Stack.push_back(Frame{nullptr, L, 0});
    if (Considered.insert(L).second)
      return L;
  }
  return nullptr;
}

Loop *LoopPreorderWorklist::nextInPreorder() {
  // Until LoopInfo changes every loop before the cursor has been handed out,
  // so the search goes on from there.
  if (LoopsChanged) {
    Preorder = LI.getLoopsInPreorder();
    Cursor = 0;
    LoopsChanged = false;
    ++PreordersTaken;
  }
  while (Cursor != Preorder.size())
    if (Loop *L = Preorder[Cursor++]; Considered.insert(L).second)
      return L;
  return nullptr;
}

Loop *LoopPreorderWorklist::next() {
  if (Restructured)
    return nextInPreorder();
  Loop *L = nextInTree();
  if (CheckLoopOrder) {
    // The answer of nextInPreorder: L was inserted into Considered, so the
    // first loop not considered or L.
    Loop *Expected = nullptr;
    for (Loop *Candidate : LI.getLoopsInPreorder())
      if (Candidate == L || !Considered.contains(Candidate)) {
        Expected = Candidate;
        break;
      }
    if (Expected != L)
      reportFatalInternalError("asyncpipe-pipeline: the loop worklist left "
                               "LoopInfo's preorder");
  }
  return L;
}
