//===- AsyncPipelineLoopOrder.h - Each loop once, in preorder ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The pipeliner considers every loop of a function once, outer loops before
// their inner ones, including the loops its own rewrites add (the epilogue's
// copies of a pipelined loop, the copies of its inner loops): each time, the
// first loop not considered yet in LoopInfo's preorder as it is then.
// Taking that preorder again after every rewrite costs the whole function's
// loops per pipelined loop; this worklist walks LoopInfo's tree instead,
// using what a rewrite may do to it: add top-level loops (which come first
// in the preorder), add children to a loop (after its other children), and
// remove loops that have not been visited yet.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINELOOPORDER_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINELOOPORDER_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Loop;
class LoopInfo;

namespace asyncpipe {

class LoopPreorderWorklist {
public:
  explicit LoopPreorderWorklist(LoopInfo &LI);

  /// The first loop not handed out yet in LoopInfo's preorder as it is now,
  /// or null when every loop has been.
  Loop *next();

  /// LoopInfo changed in a way other than the pipeliner's rewrites (loop
  /// simplification put a new loop in place of the last one handed out):
  /// the preorder is taken again whenever LoopInfo changed, from now on.
  void loopsRestructured() { Restructured = LoopsChanged = true; }
  /// Under Restructured: LoopInfo may have changed since the last next().
  void loopsChanged() { LoopsChanged = true; }

  unsigned considered() const { return Considered.size(); }
  /// How many times the whole preorder was taken (for the statistics).
  unsigned preordersTaken() const { return PreordersTaken; }

private:
  Loop *nextInTree();
  Loop *nextInPreorder();
  void pushNewTopLevelLoops();

  LoopInfo &LI;
  /// What is left to visit, the next on top: a single loop (and then its
  /// subtree), or the children of a loop from index Next.
  struct Frame {
    Loop *Single = nullptr;
    Loop *Parent = nullptr;
    unsigned Next = 0;
  };
  SmallVector<Frame, 16> Stack;
  /// Top-level loops LoopInfo had when last looked at; it adds new ones at
  /// the end of its list, which the preorder walks from the end.
  unsigned KnownTopLevel = 0;
  SmallPtrSet<const Loop *, 16> Considered;

  bool Restructured = false;
  bool LoopsChanged = true;
  SmallVector<Loop *, 8> Preorder;
  size_t Cursor = 0;
  unsigned PreordersTaken = 0;
};

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINELOOPORDER_H
