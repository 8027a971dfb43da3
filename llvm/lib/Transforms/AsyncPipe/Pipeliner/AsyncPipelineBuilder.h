//===- AsyncPipelineBuilder.h - Carry out a pipeline schedule ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner: the rewrite of one loop into its pipeline
// (AsyncPipelineBuilder.cpp): buffers, counters, the steady-state body, the
// prologue, the drain (the epilogue and the short trip counts' paths) and
// the copy loops' clones. It only carries out a PipelineSchedule: every
// decision was made by the legality checks and the scheduler.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEBUILDER_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEBUILDER_H

#include "AsyncPipelineSchedule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <map>
#include <tuple>

namespace llvm {
namespace asyncpipe {

/// Where and for which iteration an early statement is emitted: in the body
/// (Iteration = i + D - stage) or in the prologue (a constant).
struct EmissionSite {
  Instruction *InsertBefore;
  Value *Iteration; ///< i64.
  /// Byte offset of the version a buffer access of the statement uses.
  function_ref<Value *(unsigned Buffer, IRBuilderBase &B)> VersionOffset;
};

class PipelineBuilder {
public:
  PipelineBuilder(PipelineSchedule &Sched, ScalarEvolution &SE, LoopInfo &LI,
                  const AsyncTarget *Target,
                  SmallVectorImpl<BasicBlock *> &Emptied)
      : Sched(Sched), L(*Sched.L), SE(SE), LI(LI), Target(Target),
        Emptied(Emptied), Body(L.getHeader()),
        Int64(Type::getInt64Ty(Body->getContext())),
        Int32(Type::getInt32Ty(Body->getContext())) {}

  void run() {
    if (Sched.UsesQueues)
      spellQueues();
    if (Sched.hasWriteBack())
      drainWriteBackAtExit();
    if (Sched.Drain == AsyncPipelineDrain::RepeatLastCopies)
      waitAtExitForRepeatedCopies();
    expandLoopInvariants();
    if (Sched.drainsWithEpilogue())
      splitPipelinedEntry();
    growBuffers();
    createCounters();
    moveLastStageAccesses();
    setLastStageWaitCounts();
    insertBarrierIfNeeded();
    emitEarlyStatementsInBody();
    emitPrologue(L.getLoopPreheader()->getTerminator(), /*Trips=*/0);
    if (Sched.drainsWithEpilogue())
      emitShortTripPrologues();
    eraseMovedAsyncOps();
    closeCounters();
    if (Sched.drainsWithEpilogue())
      emitEpilogue();
  }

private:
  unsigned lastStage() const { return Sched.getLastStage(); }
  /// A wait call of a statement, the count it gets in the steady state and
  /// its queue (none when the schedule has one sequence of marks).
  struct WaitCall {
    CallBase *Call;
    uint64_t Count;
    std::optional<unsigned> Queue;
  };
  SmallVector<WaitCall, 2> waitsOf(const PipelineStatement &S) const;
  SmallVector<CallBase *, 2> cloneWaits(const PipelineStatement &S,
                                        Instruction *InsertBefore);
  void spellQueues();
  void waitAtExitLike(CallBase *Wait, Instruction *At);
  void drainWriteBackAtExit();
  void waitAtExitForRepeatedCopies();
  void mapRepeatedOperands(CallBase *Copy, unsigned StmtIdx,
                           const EmissionSite &Site, IRBuilderBase &B,
                           ValueToValueMapTy &VMap);
  void expandLoopInvariants();
  void growBuffers();
  void replaceUsesInFunction(GlobalVariable *Old, GlobalVariable *New);
  void createCounters();
  Value *versionOffsetInBody(unsigned Buffer, unsigned Stage);
  void moveLastStageAccesses();
  CallBase *setWaitCount(CallBase *Wait, uint64_t N);
  void setLastStageWaitCounts();
  void insertBarrierIfNeeded();
  Instruction *insertionPointFor(const PipelineStatement &S);
  void emitEarlyStatementsInBody();
  void emitPrologue(Instruction *End, uint64_t Trips);
  void emitEarlyStatement(unsigned StmtIdx, const EmissionSite &Site);
  void splitPipelinedEntry();
  void emitShortTripPrologues();
  void emitEpilogue();
  BasicBlock *emitDrainCopies(BasicBlock *Pred, unsigned FirstStep,
                              const Twine &Name, BasicBlock *InsertBefore,
                              DenseMap<PHINode *, Value *> Current,
                              const DenseMap<PHINode *, Value *> *Initial,
                              ValueToValueMapTy &VMap,
                              SmallVectorImpl<WeakTrackingVH> &Unused);
  void registerClonedBody(ValueToValueMapTy &VMap);
  uint64_t epilogueWaitCount(unsigned StmtIdx, unsigned Step, uint64_t Count,
                             unsigned FirstStep,
                             std::optional<unsigned> Queue) const;
  Value *cloneForIteration(Value *V, unsigned StmtIdx, const EmissionSite &Site,
                           IRBuilderBase &B, ValueToValueMapTy &VMap);
  Value *evaluateInduction(PHINode *Phi, Value *Iteration, IRBuilderBase &B);
  void emitSkippedMark(unsigned StmtIdx, Instruction *InsertBefore);
  /// A copy loop re-emitted as a whole for the
  /// site's iteration, at \p B's insertion point (which it leaves after the
  /// clone); and a copy loop (or a clone of one) deleted with its loops.
  struct RegionClone {
    SmallVector<BasicBlock *, 8> Blocks;
    BasicBlock *Exit;
  };
  RegionClone emitCopyRegion(unsigned RegionIdx, unsigned StmtIdx,
                             const EmissionSite &Site, IRBuilderBase &B,
                             ValueToValueMapTy &VMap);
  void deleteCopyRegion(ArrayRef<BasicBlock *> Blocks, BasicBlock *Exit,
                        SmallVectorImpl<WeakTrackingVH> *Unused);
  void eraseMovedAsyncOps();
  void closeCounters();

  PipelineSchedule &Sched;
  Loop &L;
  ScalarEvolution &SE;
  LoopInfo &LI;
  const AsyncTarget *Target;
  /// Blocks deleted from the function, emptied and unreachable; the caller
  /// erases them after updating the dominator tree.
  SmallVectorImpl<BasicBlock *> &Emptied;
  BasicBlock *Body;
  Type *Int64;
  Type *Int32;
  /// The last source iteration, the backedge-taken count (i64), computed in
  /// the preheader; iterations are compared with it, not with the trip count,
  /// which can overflow.
  Value *LastIteration = nullptr;
  /// Induction start and step values, expanded in the preheader.
  DenseMap<PHINode *, std::pair<Value *, Value *>> InductionBounds;
  /// Source iteration of the last stage (== loop iteration), i64.
  PHINode *Iteration = nullptr;
  /// Iteration mod N, per distinct version count N.
  DenseMap<unsigned, PHINode *> Rotations;
  /// Byte offset of a version, per (versions, iterations ahead, stride).
  std::map<std::tuple<unsigned, unsigned, uint64_t>, Value *> BodyOffsets;
  Instruction *CounterEnd = nullptr;
  /// Iteration + 1, at the latch.
  Value *NextIteration = nullptr;

  /// The queues (none: the one sequence of marks) the loop's exit waits for
  /// completely.
  SmallVector<std::optional<unsigned>, 2> QueuesDrainedAtExit;
  /// Epilogue drain: the old preheader, which holds the loop invariants and
  /// chooses between the pipelined path and the short trip counts' paths.
  BasicBlock *Dispatch = nullptr;
  /// Epilogue drain: where the pipelined path's prologue begins (the
  /// prologue's copy loops split it from the loop's preheader).
  BasicBlock *PrologueEntry = nullptr;
  /// The path of trip count n (1 .. D) starts in ShortTrips[n - 1], which
  /// holds its partial prologue and an unreachable placeholder terminator.
  SmallVector<BasicBlock *, 4> ShortTrips;
  /// The block holding that placeholder (the partial prologue's copy loops
  /// split it from ShortTrips[n - 1]).
  SmallVector<BasicBlock *, 4> ShortTripEnds;
  /// The short trip counts' paths join the epilogue (no early statement has
  /// a wait, so their partial prologues need no counts of their own).
  bool ShareDrain = false;
  /// The async operations emitted in the body for an early statement, and
  /// its waits (as waitsOf() lists them), so that the epilogue can find
  /// their copies.
  struct BodyEmission {
    unsigned Statement;
    SmallVector<Instruction *, 4> Issued; ///< Copies and mark.
    SmallVector<CallBase *, 2> Waits;
    SmallVector<RegionClone, 1> Regions; ///< Its copy loops' clones.
  };
  SmallVector<BodyEmission, 4> BodyEmissions;
  bool EmittingInBody = false;
};

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEBUILDER_H
