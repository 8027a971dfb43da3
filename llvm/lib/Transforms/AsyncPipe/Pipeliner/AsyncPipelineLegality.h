//===- AsyncPipelineLegality.h - May this loop be pipelined? ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner. The legality checks of one loop: its shape, its
// statements (AsyncPipelineSchedule.h), its copy loops, the shared buffers
// its groups fill, and what early copies may read ahead of. Every refusal
// has a name (the missed remark's) and a reason. The checks fill the IR part
// of the PipelineSchedule (statements, buffers, copy regions, inductions,
// run-time alias checks) and describe the loop to the scheduler as data
// (describeSchedulingProblem); planPipeline (AsyncPipelinePlanner.cpp) runs
// them in order around the scheduler. The register stage of a loop of plain
// loads has checks of its own (checkRegisterStage).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINELEGALITY_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINELEGALITY_H

#include "AsyncPipelineSchedule.h"
#include "AsyncPipelineScheduler.h"
#include "AsyncPipelineSync.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include <optional>
#include <string>

namespace llvm {
namespace asyncpipe {
namespace pipeliner {

class PipelineLegality {
public:
  PipelineLegality(Loop &L, PipelineSchedule &Sched, ScalarEvolution &SE,
                   AAResults &AA, LoopInfo &LI, DominatorTree &DT,
                   const AsyncTarget *Target, PipelineRefusal &WhyNot)
      : L(L), Sched(Sched), SE(SE), AA(AA), LI(LI), DT(DT), Target(Target),
        WhyNot(WhyNot) {
    Sched.L = &L;
  }

  /// What does not depend on the schedule: the loop's shape, its statements
  /// in the synchronous form, and its buffers, each read after a wait.
  bool checkLoop() {
    return checkLoopShape() && cutStatements() && checkSynchronousForm() &&
           findBuffers() && checkReadsAreWaited();
  }
  /// The loop as the scheduler sees it (after checkLoop).
  SchedulingProblem describeSchedulingProblem() const;
  /// Why statement \p StmtIdx cannot be issued for a later iteration, if it
  /// cannot. Records the induction variables its copies use.
  std::optional<std::string> whyCannotRunEarly(unsigned StmtIdx);
  /// Once the stages are in Sched: what the early copies read ahead of.
  bool checkReadAhead();

  /// The register stage of \p L (a loop of plain loads that asks for one):
  /// which loads can be issued one iteration ahead, and what is recomputed
  /// for them. False, with the refusal, if \p L cannot have one.
  static bool checkRegisterStage(Loop &L, RegisterStageSchedule &Sched,
                                 PipelineRefusal &WhyNot);

private:
  bool fail(StringRef Name, const Twine &Why) {
    WhyNot.Name = Name.str();
    WhyNot.Why = Why.str();
    return false;
  }

  bool checkLoopShape();
  bool findCopyRegions();
  std::optional<std::string>
  whyRegionNotRecomputable(const CopyRegion &R, unsigned StmtIdx,
                           SmallPtrSetImpl<Value *> &Seen);
  bool cutStatements();
  bool checkSynchronousForm();
  bool findBuffers();
  bool findStagingBuffer(unsigned StmtIdx, CallBase *Store);
  bool addBuffer(PipelineBuffer Buffer, CallBase *Op);
  bool collectAccesses(unsigned BufferIdx);
  bool checkWriteBack(const PipelineBuffer &Buffer);
  bool checkPrivateToFunction(const PipelineBuffer &Buffer);
  bool checkReadsAreWaited();
  std::optional<std::string> whyNotRecomputable(Value *V, unsigned StmtIdx,
                                                SmallPtrSetImpl<Value *> &Seen);
  bool checkReadAheadOf(Instruction &I, ArrayRef<const Value *> Sources,
                        bool BeforeLoop, bool &Synchronizes);
  bool addAliasCheck(StoreInst &Store, const Value *Src, std::string &WhyNot);
  std::optional<PipelineSchedule::GroupRange>
  getGroupRange(Value *Ptr, uint64_t Bytes, std::string &WhyNot);
  bool isUniform(const SCEV *S) const;
  bool hasOpaqueCall(const PipelineStatement &S) const;
  /// Blocks of the loop itself (not of an inner loop) that run in every
  /// iteration.
  bool isOnSpine(const BasicBlock *BB) const {
    return LI.getLoopFor(BB) == &L && DT.dominates(BB, L.getLoopLatch());
  }
  bool isBarrier(const Instruction &I) const {
    return classifySync(I, Target) == SyncKind::Barrier;
  }
  std::optional<unsigned> findBuffer(const Value *Object) const;

  Loop &L;
  PipelineSchedule &Sched;
  ScalarEvolution &SE;
  AAResults &AA;
  LoopInfo &LI;
  DominatorTree &DT;
  const AsyncTarget *Target;
  PipelineRefusal &WhyNot;
  /// The loop synchronizes the work group (set by checkReadAhead).
  bool LoopSynchronizes = false;
  /// getGroupRange failed because a base differs between work-items.
  bool BaseNotUniform = false;
  DenseMap<const Instruction *, unsigned> StatementOf;
  /// Program order of the body's instructions (reverse post-order).
  DenseMap<const Instruction *, unsigned> PositionOf;
  /// Index in Sched.CopyRegions of the blocks of each copy region.
  DenseMap<const BasicBlock *, unsigned> RegionOf;
};

} // namespace pipeliner
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINELEGALITY_H
