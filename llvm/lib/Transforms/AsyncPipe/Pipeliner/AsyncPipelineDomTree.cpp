//===- AsyncPipelineDomTree.cpp - Dominators across a loop rewrite --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Why not DominatorTree::applyUpdates: deleting the latch's edge to the exit
// block while the exit stays reachable rebuilds the subtree of the edge's
// nearest common dominator, which holds everything after the loop; a
// function of loops one after the other would still be quadratic. Here the
// work is the region's blocks, plus the levels of the exit's subtree where
// the exit's depth changes.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineDomTree.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static cl::opt<bool> DomTreeStats(
    "asyncpipe-pipeline-dom-tree-stats", cl::Hidden,
    cl::desc("Print, for each loop the pipeliner rewrites, the blocks whose "
             "dominators it computed, or why it computed the function's "
             "dominator tree again"));

LoopRewriteDomTree::LoopRewriteDomTree(Loop &L, DominatorTree &DT)
    : DT(DT), Entry(L.getLoopPreheader()), Exit(L.getExitBlock()) {
  if (!Entry || !Exit)
    return;
  Recorded.push_back(Entry);
  append_range(Recorded, L.blocks());
  RecordedSet.insert_range(Recorded);
  append_range(EntryPreds, predecessors(Entry));
  append_range(ExitSuccs, successors(Exit));
  for (BasicBlock *BB : Recorded)
    if (DomTreeNode *Node = DT.getNode(BB))
      for (DomTreeNode *Child : Node->children())
        if (Child->getBlock() != Exit &&
            !RecordedSet.contains(Child->getBlock()))
          DominatesBeyondExit = true;
}

bool LoopRewriteDomTree::unchangedBorder() const {
  return equal(EntryPreds, predecessors(Entry)) &&
         equal(ExitSuccs, successors(Exit));
}

bool LoopRewriteDomTree::update() {
  Function &F = *DT.getRoot()->getParent();
  if (Entry && Exit && !DominatesBeyondExit && unchangedBorder() &&
      updateRegion())
    return true;
  DT.recalculate(F);
  if (DomTreeStats)
    errs() << "pipeliner: dominator tree of '" << F.getName()
           << "' computed again: the rewrite left its loop's region\n";
  return false;
}

bool LoopRewriteDomTree::updateRegion() {
  // A block the tree does not know was made by the rewrite.
  auto InRegion = [&](BasicBlock *BB) {
    return BB != Exit && (RecordedSet.contains(BB) || !DT.getNode(BB));
  };

  // The region now, in reverse post-order from the preheader; reaching a
  // known block outside it other than the exit means the rewrite branched
  // out of its region.
  SmallVector<BasicBlock *, 32> Order;
  {
    SmallPtrSet<BasicBlock *, 32> Visited;
    SmallVector<std::pair<BasicBlock *, succ_iterator>, 32> Stack;
    Visited.insert(Entry);
    Stack.push_back({Entry, succ_begin(Entry)});
    while (!Stack.empty()) {
      auto &[BB, It] = Stack.back();
      if (It == succ_end(BB)) {
        Order.push_back(BB);
        Stack.pop_back();
        continue;
      }
      BasicBlock *Succ = *It++;
      if (Succ == Exit)
        continue;
      if (!InRegion(Succ))
        return false;
      if (Visited.insert(Succ).second)
        Stack.push_back({Succ, succ_begin(Succ)});
    }
    std::reverse(Order.begin(), Order.end());
  }
  DenseMap<BasicBlock *, unsigned> Number;
  for (auto [Idx, BB] : enumerate(Order))
    Number[BB] = Idx;

  // Every predecessor of a region block but the preheader is in the region,
  // or unreachable (then not in the tree, and not a region block).
  SmallVector<SmallVector<unsigned, 2>, 32> Preds(Order.size());
  for (auto [Idx, BB] : enumerate(Order)) {
    if (Idx == 0)
      continue;
    for (BasicBlock *Pred : predecessors(BB)) {
      auto It = Number.find(Pred);
      if (It != Number.end())
        Preds[Idx].push_back(It->second);
      else if (DT.getNode(Pred) && !RecordedSet.contains(Pred))
        return false;
    }
  }

  // Immediate dominators as reverse post-order numbers; the preheader's
  // stays.
  SmallVector<unsigned, 32> IDom(Order.size(), ~0u);
  IDom[0] = 0;
  auto Intersect = [&](unsigned A, unsigned B) {
    while (A != B) {
      while (A > B)
        A = IDom[A];
      while (B > A)
        B = IDom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned Idx = 1; Idx != Order.size(); ++Idx) {
      unsigned New = ~0u;
      for (unsigned Pred : Preds[Idx])
        if (IDom[Pred] != ~0u)
          New = New == ~0u ? Pred : Intersect(Pred, New);
      if (New != IDom[Idx]) {
        IDom[Idx] = New;
        Changed = true;
      }
    }
  }

  // Into the tree in reverse post-order: a block's new dominator is then in
  // its place already, so moving the block never makes a cycle.
  unsigned Added = 0, Moved = 0;
  for (unsigned Idx = 1; Idx != Order.size(); ++Idx) {
    BasicBlock *BB = Order[Idx];
    BasicBlock *Dom = Order[IDom[Idx]];
    DomTreeNode *Node = DT.getNode(BB);
    if (!Node) {
      DT.addNewBlock(BB, Dom);
      ++Added;
    } else if (Node->getIDom()->getBlock() != Dom) {
      DT.changeImmediateDominator(Node, DT.getNode(Dom));
      ++Moved;
    }
  }

  // The exit block: its predecessors now, but those it dominates itself.
  if (DomTreeNode *ExitNode = DT.getNode(Exit)) {
    BasicBlock *Dom = nullptr;
    for (BasicBlock *Pred : predecessors(Exit)) {
      if (!DT.getNode(Pred) ||
          (!Number.count(Pred) && RecordedSet.contains(Pred)))
        continue;
      if (DT.dominates(Exit, Pred))
        continue;
      Dom = Dom ? DT.findNearestCommonDominator(Dom, Pred) : Pred;
    }
    if (!Dom)
      return false;
    if (ExitNode->getIDom()->getBlock() != Dom) {
      DT.changeImmediateDominator(ExitNode, DT.getNode(Dom));
      ++Moved;
    }
  }

  // The loop's blocks the rewrite emptied leave the tree, deepest first;
  // nothing reachable is below them any more. Erasing a leaf changes no
  // other node, so the order among equally deep nodes does not matter.
  SmallVector<DomTreeNode *, 8> Gone;
  for (BasicBlock *BB : Recorded)
    if (!Number.count(BB))
      if (DomTreeNode *Node = DT.getNode(BB))
        Gone.push_back(Node);
  llvm::sort(Gone, [](const DomTreeNode *A, const DomTreeNode *B) {
    return A->getLevel() > B->getLevel();
  });
  for (DomTreeNode *Node : Gone) {
    if (!Node->isLeaf())
      return false;
    DT.eraseNode(Node->getBlock());
  }

  if (DomTreeStats)
    errs() << "pipeliner: dominator tree of '" << Entry->getParent()->getName()
           << "' updated in a region of " << Order.size()
           << " blocks: " << Added << " new, " << Moved << " moved, "
           << Gone.size() << " gone\n";
  return true;
}
