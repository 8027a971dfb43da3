//===- AsyncPipelineSchedule.h - What the pipeliner decided -----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner. Everything the pipeliner decides is decided
// before the IR changes, in three parts: the legality checks
// (AsyncPipelineLegality.h) cut the loop body into statements, find the
// shared buffers and check what may move; the scheduler
// (AsyncPipelineScheduler.h) gives each statement its stage, order and wait
// count; the builder (AsyncPipelineBuilder.h) only carries out the
// PipelineSchedule it is given. A loop that fails any check is left alone
// with the reason, so a schedule that reaches the builder is always legal.
//
// A statement is a contiguous run of the loop body in program order: a new one
// starts at the body's first instruction, right after every mark, and at
// every wait. Marks and waits lie on the spine (the blocks that run in every
// iteration); conditional blocks belong to the statement around them. So a
// statement is "[wait] instructions... [mark]"; the statements that end in a
// mark are the async groups. One more cut: a statement that begins with a
// wait and does work (reads or writes memory, calls) before its first copy
// ends before that copy, so that the group after the consumer is a statement
// of its own (copy A, mark | wait, use A | copy B, mark | wait, use B), as
// the blocks of a TVM loop are. Stage and order annotations name statements
// by their index in this list.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINESCHEDULE_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINESCHEDULE_H

#include "AsyncPipelineScheduler.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include <optional>
#include <string>

namespace llvm {
class AAResults;
class DominatorTree;
class Loop;
class LoopInfo;
class SCEV;
class OptimizationRemarkEmitter;
class ScalarEvolution;

namespace asyncpipe {
class AsyncTarget;

/// A statement: its instructions, and what the scheduler decided for it.
struct PipelineStatement : StatementPlan {
  SmallVector<Instruction *, 16> Insts; ///< In program order.
  /// Where it begins on the spine: its first instruction, or the branch into
  /// the conditional code it begins with, or the latch's terminator if it is
  /// empty. Early statements ordered before this one are emitted there.
  Instruction *Start = nullptr;
  /// Some copy lies off the spine, inside a branch.
  bool HasPredicatedCopies = false;
  CallBase *Wait = nullptr; ///< First instruction, if a wait.
  CallBase *Mark = nullptr; ///< Last instruction, if a mark.
  /// With queues: the waits for QueueWaits[1..], right after Wait (which is
  /// QueueWaits[0]'s).
  SmallVector<CallBase *, 1> OtherQueueWaits;
  SmallVector<CallBase *, 4> Copies;
  /// The copy loops (PipelineSchedule::CopyRegions) in this statement: an
  /// early statement re-emits each as a whole, as it re-emits a copy.
  SmallVector<unsigned, 1> Regions;
  bool isGroup() const { return Mark != nullptr; }
};

/// A shared buffer the copies of one group fill: a global or alloca whose
/// every access lies in the loop, grown to Versions copies of itself.
struct PipelineBuffer {
  Value *Object = nullptr; ///< GlobalVariable or AllocaInst.
  Type *Ty = nullptr;      ///< Its allocated type.
  uint64_t Bytes = 0;      ///< Size of one version (alloc size).
  unsigned Producer = 0;   ///< Index of the statement that fills it.
  unsigned Versions = 1;
  /// The global is also used by other functions; only this function's uses
  /// move to the grown copy.
  bool UsedByOtherFunctions = false;
  /// A staging buffer: ordinary stores fill it and the async stores of the
  /// group Producer write it back (BufferShape::IsStaging).
  bool IsStaging = false;
  /// Accesses in the loop: (instruction, statement index, pointer operand).
  struct Access {
    Instruction *I;
    unsigned Statement;
    unsigned OperandNo;
  };
  SmallVector<Access, 8> Accesses;
};

/// An inner loop that issues async copies, with the conditional code around
/// it (its guard): the single-entry single-exit part of the body between two
/// blocks of the spine, holding only copies, address arithmetic and branches
/// (AsyncPipelineLegality.cpp). Its copies belong to the group whose mark
/// follows it, like copies on the spine.
struct CopyRegion {
  BasicBlock *Entry = nullptr; ///< The spine block that branches into it.
  BasicBlock *Exit = nullptr;  ///< The spine block it leaves to.
  SmallVector<BasicBlock *, 8> Blocks;
  bool contains(const BasicBlock *BB) const { return is_contained(Blocks, BB); }
};

struct PipelineSchedule {
  Loop *L = nullptr;
  unsigned NumStages = 0; ///< Max stage + 1.
  SmallVector<PipelineStatement, 8> Statements;
  SmallVector<PipelineBuffer, 4> Buffers;
  SmallVector<CopyRegion, 2> CopyRegions;
  /// The copy region \p I lies in, if any.
  const CopyRegion *getCopyRegion(const Instruction *I) const {
    for (const CopyRegion &R : CopyRegions)
      if (R.contains(I->getParent()))
        return &R;
    return nullptr;
  }
  /// Header phis the early statements use, evaluated at any iteration k as
  /// Start + k * Step (SCEV add recurrences of the loop).
  struct InductionValue {
    PHINode *Phi;
    const SCEV *Start;
    const SCEV *Step;
  };
  SmallVector<InductionValue, 4> Inductions;
  const SCEV *BackedgeTakenCount = nullptr;
  /// A barrier must be added at the top of the body so that no work-item
  /// refills a buffer another one still reads.
  bool NeedsBarrier = false;
  /// A barrier must be added before the prologue: the loop synchronizes the
  /// group and something before it may write what an early copy reads, which
  /// other work-items saw through the loop's first barrier before their
  /// copies ran ahead of it.
  bool NeedsEntryBarrier = false;
  /// How the last S - 1 iterations drain (never TargetDefault); see
  /// AsyncPipelineBuilder.cpp.
  AsyncPipelineDrain Drain = AsyncPipelineDrain::EmptyGroups;
  bool drainsWithEpilogue() const {
    return Drain == AsyncPipelineDrain::Epilogue;
  }
  /// The groups are committed to several queues (SchedulePlan::UsesQueues).
  bool UsesQueues = false;
  /// Bytes one access touches over the whole loop and every work-item of the
  /// group: [Base + Lo, Base + Hi), with Lo and Hi integer SCEVs of the width
  /// of Base's index type whose values are the same for the whole group.
  struct GroupRange {
    Value *Base;
    const SCEV *Lo;
    const SCEV *Hi;
  };
  /// Run-time alias checks: the loop is versioned and only the copy in which
  /// no pair overlaps is pipelined (a store and an early copy's source).
  struct AliasCheck {
    GroupRange Store, Source;
  };
  SmallVector<AliasCheck, 2> AliasChecks;

  unsigned getNumGroups() const {
    return count_if(Statements,
                    [](const PipelineStatement &S) { return S.isGroup(); });
  }
  unsigned getLastStage() const { return NumStages - 1; }
  bool isEarly(const PipelineStatement &S) const {
    return S.Stage < getLastStage();
  }
  bool hasWriteBack() const {
    return any_of(Buffers, [](const PipelineBuffer &B) { return B.IsStaging; });
  }
};

/// The register-level stage of a loop of plain loads (loop property
/// asyncpipe.pipeline.registers; TVM's inner loop k1 with stages [0, 0, 1]):
/// what moves one iteration ahead. Filled by planRegisterStage; the body's
/// instructions are kept in sets, and cloned in the body's order.
struct RegisterStageSchedule {
  Loop *L = nullptr;
  /// The loads issued one iteration ahead, their values carried by phis.
  SmallVector<LoadInst *, 8> Loads;
  /// The instructions recomputed for the next iteration at the top of the
  /// body: the exit test and the moved loads' addresses.
  SmallPtrSet<Instruction *, 16> Ahead;
  /// The instructions that compute the next values of the header phis
  /// Ahead reads, recomputed before it.
  SmallPtrSet<Instruction *, 16> NextValues;
};

/// Plans the register stage of \p L, which asks for \p Stages register
/// stages (a valid annotation). Returns false with the reason (a missed
/// remark) if \p L cannot have one.
bool planRegisterStage(Loop &L, unsigned Stages, RegisterStageSchedule &Sched,
                       PipelineRefusal &WhyNot);

/// Carries out \p Sched: the loads of iteration j + 1 are issued before the
/// rest of iteration j (AsyncPipelineBuilder.cpp). Keeps \p LI and \p DT
/// exact.
void applyRegisterStage(const RegisterStageSchedule &Sched, LoopInfo &LI,
                        DominatorTree &DT);

/// Versions the loop of \p Sched on its run-time alias checks: the loop
/// runs where they pass, an unpipelined clone (whose loop ID follows
/// \p OrigID) elsewhere. Keeps \p LI and \p DT exact.
void versionWithAliasChecks(PipelineSchedule &Sched, MDNode *OrigID,
                            DominatorTree &DT, LoopInfo &LI,
                            ScalarEvolution &SE);

/// Plans the pipelining of \p L. Returns the schedule, or the reason the loop
/// cannot be pipelined (to be reported as a missed remark).
std::optional<PipelineSchedule>
planPipeline(Loop &L, const PipelineRequest &Request, ScalarEvolution &SE,
             AAResults &AA, LoopInfo &LI, DominatorTree &DT,
             const AsyncTarget *Target, PipelineRefusal &WhyNot);

/// Why the loop of \p Schedule cannot drain by repeating its last copies
/// (AsyncPipelineDrain::RepeatLastCopies), if it cannot. Defined with the
/// legality checks.
std::optional<std::string>
whyCannotRepeatLastCopies(const PipelineSchedule &Schedule);

/// Carries out \p Schedule; the loop is in simplified form. Keeps \p LI and
/// \p DT exact.
void applyPipeline(PipelineSchedule &Schedule, ScalarEvolution &SE,
                   LoopInfo &LI, DominatorTree &DT, const AsyncTarget *Target);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINESCHEDULE_H
