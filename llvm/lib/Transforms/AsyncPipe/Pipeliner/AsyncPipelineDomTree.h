//===- AsyncPipelineDomTree.h - Dominators across a loop rewrite -*- C++
//-*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner: keeps the dominator tree exact across the
// rewrite of one loop, so that the next loop is planned on it without
// computing the tree of the whole function again (which made a function
// with many pipelined loops quadratic).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEDOMTREE_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEDOMTREE_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Loop;

namespace asyncpipe {

/// The pipeliner's rewrites of a loop (the pipeline and its drain, a
/// register stage) change the edges of the loop's preheader and blocks only,
/// and add blocks reached only through them: a region entered through the
/// preheader and left through the loop's one exit block. So only the
/// dominators of the region's blocks and of the exit block can change: they
/// are computed on the region alone (Cooper, Harvey and Kennedy's iteration
/// in reverse post-order) and written into the tree; the rest of the tree
/// stays as it is.
///
/// Constructed before the rewrite, on the tree exact for the function then;
/// update() after it. The rewrite must not erase a block of the loop before
/// update() (the tree would keep a node for it): it empties the block
/// (detachDeadBlocks) and erases it after. Where the rewrite did not keep to
/// the region (a reached block outside it other than the exit, a new edge
/// into it other than to the preheader) or the loop has no single exit
/// block, update() computes the whole tree again, which is always right.
class LoopRewriteDomTree {
public:
  LoopRewriteDomTree(Loop &L, DominatorTree &DT);

  /// Makes the tree exact for the rewritten function; returns false where it
  /// had to compute the whole tree again.
  bool update();

private:
  bool updateRegion();
  bool unchangedBorder() const;

  DominatorTree &DT;
  BasicBlock *Entry;
  BasicBlock *Exit;
  /// The preheader and the loop's blocks, before the rewrite.
  SmallVector<BasicBlock *, 16> Recorded;
  SmallPtrSet<BasicBlock *, 16> RecordedSet;
  /// What the rewrite must leave as it was: the ways into the preheader and
  /// out of the exit block.
  SmallVector<BasicBlock *, 4> EntryPreds;
  SmallVector<BasicBlock *, 4> ExitSuccs;
  /// The tree shows the region's blocks dominating a block outside the
  /// region other than the exit block.
  bool DominatesBeyondExit = false;
};

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEDOMTREE_H
