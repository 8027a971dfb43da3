//===- AsyncPipelinePlanner.h - The pipeliner's planner ---------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner: the class that plans one loop
// (planPipeline), whose steps live in
//   AsyncPipelineSchedule.cpp   statements, stages, wait counts, barriers;
//   AsyncPipelineBuffers.cpp    the shared buffers and their versions;
//   AsyncPipelineReadAhead.cpp  what an early copy may read ahead of, and
//                               the run-time alias checks;
//   AsyncPipelineSync.cpp       barriers and fences, and names for remarks;
// and the count arithmetic in AsyncPipelineCounts.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEPLANNER_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEPLANNER_H

#include "AsyncPipelineCounts.h"
#include "AsyncPipelineSchedule.h"
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

/// The name a user knows: C++ names demangled (a CUDA/HIP __shared__ array is
/// a global named _ZZ4gemmE2As, which the user wrote as gemm's As).
std::string demangleName(StringRef Name);

/// Where the user finds inner loop \p Inner: its source line, else its
/// header block's name (clang names loop blocks only in builds that keep
/// value names).
std::string describeInnerLoop(const Loop &Inner);

/// A value for a remark: its (demangled) name, or what it is.
std::string describe(const Value *V);

/// A pointer the way the user can find it in the source: its name, the
/// variable of its debug records, or which parameter it is.
std::string describePointer(const Value *Obj);

/// What a synchronization instruction can do to the global memory an early
/// copy reads ahead. A work-group barrier or a fence whose scope is the work
/// group (or narrower) only orders the accesses of the work-items of one
/// group, which all run this same loop: the stores that could feed a copy
/// through it are then the loop's own (checked with alias analysis) and those
/// before the loop (checked when the loop synchronizes, see checkReadAhead).
/// A wider fence may make another group's or the host's writes visible.
enum class SyncKind {
  None,      ///< Not a synchronization the pipeliner knows.
  Barrier,   ///< Every work-item of the group waits there.
  GroupSync, ///< Writes nothing, orders at most the group's accesses.
  WideFence, ///< Orders accesses beyond the work group.
};

/// A fence with its scope, or a call with the (demangled) name of its callee.
std::string describeSync(const Instruction &I);

/// How the user says that a pointer aliases nothing else in \p F's language.
StringRef restrictKeyword(const Function &F);

/// What \p I is as a synchronization of the work group (see SyncKind).
SyncKind classifySync(const Instruction &I, const AsyncTarget *Target);

/// Computes a value from its operands alone: no memory, no side effect.
bool isPure(const Instruction &I);

/// Consumer work: what makes a group that follows it in a statement begun by
/// a wait a statement of its own (see cutStatements). Address arithmetic is
/// not work, and neither are intrinsics that only describe the program.
bool isWork(const Instruction &I);

class PipelinePlanner {
public:
  PipelinePlanner(Loop &L, const PipelineRequest &Request, ScalarEvolution &SE,
                  AAResults &AA, LoopInfo &LI, DominatorTree &DT,
                  const AsyncTarget *Target, PipelineRefusal &WhyNot)
      : L(L), Request(Request), SE(SE), AA(AA), LI(LI), DT(DT), Target(Target),
        WhyNot(WhyNot) {
    Sched.L = &L;
  }

  std::optional<PipelineSchedule> run() {
    if (!checkLoopShape() || !cutStatements() || !checkSynchronousForm() ||
        !findBuffers() || !checkReadsAreWaited() || !assignStages() ||
        !checkReadAhead() || !sizeBuffers() || !computeWaitCounts() ||
        !placeBarriers())
      return std::nullopt;
    findSubsumedWaits();
    return std::move(Sched);
  }

private:
  bool fail(StringRef Name, const Twine &Why) {
    WhyNot.Name = Name.str();
    WhyNot.Why = Why.str();
    return false;
  }
  /// The annotation \p Key does not fit the loop's statements.
  bool failAnnotation(StringRef Key, const Twine &Why) {
    WhyNot.InvalidAnnotation = Key.str();
    WhyNot.Why = Why.str();
    return false;
  }

  bool checkLoopShape();
  /// AsyncPipelineCopyLoops.cpp: the inner loops that issue copies.
  bool findCopyRegions();
  std::optional<std::string>
  whyRegionNotRecomputable(const CopyRegion &R, unsigned StmtIdx,
                           SmallPtrSetImpl<Value *> &Seen);
  bool cutStatements();
  bool checkSynchronousForm();
  bool findBuffers();
  bool collectAccesses(unsigned BufferIdx);
  bool checkPrivateToFunction(const PipelineBuffer &Buffer);
  bool checkReadsAreWaited();
  bool assignStages();
  bool assignExplicitStages();
  void demoteStatementsWithoutCopies();
  void assignAutomaticStages();
  std::optional<std::string> whyCannotRunEarly(unsigned StmtIdx);
  std::optional<std::string> whyNotRecomputable(Value *V, unsigned StmtIdx,
                                                SmallPtrSetImpl<Value *> &Seen);
  bool checkReadAhead();
  bool checkReadAheadOf(Instruction &I, ArrayRef<const Value *> Sources,
                        bool BeforeLoop, bool &Synchronizes);
  bool addAliasCheck(StoreInst &Store, const Value *Src, std::string &WhyNot);
  std::optional<PipelineSchedule::GroupRange>
  getGroupRange(Value *Ptr, uint64_t Bytes, std::string &WhyNot);
  bool isUniform(const SCEV *S) const;
  /// The loop synchronizes the work group (set by checkReadAhead).
  bool LoopSynchronizes = false;
  /// getGroupRange failed because a base differs between work-items.
  bool BaseNotUniform = false;
  std::optional<unsigned>
  getReleaseStage(const PipelineBuffer::Access &A) const;
  bool sizeBuffers();
  bool computeWaitCounts();
  SmallVector<ScheduleSlot, 8> getSlots() const;
  bool placeBarriers();
  void findSubsumedWaits();
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
  const PipelineRequest &Request;
  ScalarEvolution &SE;
  AAResults &AA;
  LoopInfo &LI;
  DominatorTree &DT;
  const AsyncTarget *Target;
  PipelineRefusal &WhyNot;
  PipelineSchedule Sched;
  DenseMap<const Instruction *, unsigned> StatementOf;
  /// Program order of the body's instructions (reverse post-order).
  DenseMap<const Instruction *, unsigned> PositionOf;
  /// Index in Sched.CopyRegions of the blocks of each copy region.
  DenseMap<const BasicBlock *, unsigned> RegionOf;
  /// Why a group stays in the consumers' stage (automatic schedule only).
  DenseMap<unsigned, std::string> StaysBecause;
};

} // namespace pipeliner
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEPLANNER_H
