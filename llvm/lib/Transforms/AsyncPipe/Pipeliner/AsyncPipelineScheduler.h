//===- AsyncPipelineScheduler.h - Stages and counts, as data ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner. The scheduler decides, from a description of the
// loop body that holds no IR (SchedulingProblem), the stage and order of
// every statement, the versions of every buffer, the count of every wait,
// whether a barrier must be added and which waits are subsumed
// (SchedulePlan). The legality checks (AsyncPipelineLegality.h) describe the
// loop and answer the one question the scheduler cannot answer from data:
// whether a statement's copies can be recomputed for a later iteration. The
// builder (AsyncPipelineBuilder.h) carries out the plan.
//
// The statements' queue is their stage (TVM: one queue per async stage), so
// a wait's count is given both over every group (what the target counts on
// its one counter) and over its queue's groups (the count the RFC writes).
// An explicit schedule with several async stages, in a loop written with the
// portable calls, commits each stage's groups to a queue of its own
// (asyncpipe.mark.queue) and waits on each queue for its own count
// (asyncpipe.wait.queue); see assignQueues().
//
// Because the scheduler sees no IR, unittests/Transforms/AsyncPipe checks it
// on the schedules of the TVM RFC and of the suite directly.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINESCHEDULER_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINESCHEDULER_H

#include "AsyncPipelineCounts.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
namespace asyncpipe {

/// The stage/order/async-stage lists of an explicit schedule, as read from
/// loop metadata (empty when the loop has none).
struct ExplicitSchedule {
  SmallVector<unsigned, 8> Stage, Order, AsyncStages;
  bool HasAsyncStages = false;
  bool empty() const { return Stage.empty(); }
};

struct PipelineRequest {
  unsigned Stages = 0; ///< From metadata or the option; 0 if none.
  ExplicitSchedule Explicit;
};

/// Why a loop is not pipelined: the name of the missed remark (one per kind
/// of refusal, so that -pass-remarks-output can tell them apart) and its text.
struct PipelineRefusal {
  std::string Name;
  std::string Why;
  /// The annotation that does not fit the loop's statements, if that is the
  /// reason: an error, not a remark.
  std::string InvalidAnnotation;
};

/// A statement of the loop body (see AsyncPipelineSchedule.h) as the
/// scheduler sees it.
struct StatementShape {
  bool HasWait = false;   ///< Begins with a wait.
  bool IsGroup = false;   ///< Ends in a mark.
  bool HasCopies = false; ///< Issues async copies.
  /// Calls something that might commit groups on a hardware counter (a call
  /// other than an intrinsic or a synchronization).
  bool HasOpaqueCall = false;
  /// Its copies are async stores (shared to global memory): the group writes
  /// back a staging buffer the loop computed in the same iteration.
  bool IsStoreGroup = false;
};

/// A shared buffer that one statement's copies fill.
struct BufferShape {
  std::string Name; ///< For remarks.
  /// The statement that fills it; for a staging buffer, the store group
  /// that writes it back.
  unsigned Producer;
  uint64_t Bytes; ///< One version.
  struct Access {
    unsigned Statement;
    /// An async copy reads it (a copy from one buffer to another).
    bool IsCopy;
    unsigned Position; ///< Program order in the body.
    std::string What;  ///< For remarks.
    /// An ordinary store writes it (only in a staging buffer).
    bool IsWrite = false;
  };
  /// Every access in the loop, the producer's own copies included.
  SmallVector<Access, 8> Accesses;
  /// A staging buffer: the loop writes it with ordinary stores and an async
  /// store group reads it (the write-back). It gets one version per stage,
  /// so that the stores of the last stages stay in flight while the next
  /// iterations fill other versions.
  bool IsStaging = false;
};

/// A barrier that runs in every iteration (on the loop's spine).
struct BarrierShape {
  unsigned Statement;
  unsigned Position;
};

struct SchedulingProblem {
  SmallVector<StatementShape, 8> Statements;
  SmallVector<BufferShape, 4> Buffers;
  SmallVector<BarrierShape, 2> Barriers;
  /// The target can add a barrier (if not, a schedule that needs one is
  /// refused).
  bool CanAddBarrier = true;
  /// The largest count a wait of the target can hold.
  std::optional<uint64_t> MaxWaitCount;
  /// How many queues the loop's marks and waits can name: MaxAsyncQueues
  /// when they are the portable calls (asyncpipe.mark / asyncpipe.wait),
  /// which have queue spellings; 1 otherwise.
  unsigned MaxQueues = 1;
};

/// One wait on one queue: what a statement's wait becomes when the schedule
/// uses queues (one per queue its needed groups are on).
struct QueueWait {
  unsigned Queue = 0;
  /// The marks of the queue the wait leaves in flight.
  uint64_t Count = 0;
  /// The group (statement index) whose completion gives Count.
  unsigned NeededGroup = 0;
  /// The part of Count committed by later iterations' write-back groups
  /// (see StatementPlan::LaterInFlight).
  uint64_t LaterInFlight = 0;
};

/// What the scheduler decides for one statement.
struct StatementPlan {
  unsigned Stage = 0;
  unsigned Order = 0;
  /// The count the wait of this statement gets, and the same count relative
  /// to the queue (stage) of the group it waits for, for the remark.
  uint64_t WaitCount = 0;
  uint64_t QueueWaitCount = 0;
  /// The group (statement index) whose completion gives WaitCount, and how
  /// many later groups of that same statement the wait leaves in flight
  /// (the depth its producer runs ahead of this consumer).
  std::optional<unsigned> NeededGroup;
  uint64_t OwnInFlight = 0;
  /// When NeededGroup is a store group: the marks of WaitCount that later
  /// iterations committed (one iteration per further staging buffer version),
  /// which a look at the first iteration does not see.
  uint64_t LaterInFlight = 0;
  /// For a group: its queue (0 unless the schedule uses queues).
  unsigned Queue = 0;
  /// When the schedule uses queues: the waits this statement's wait becomes,
  /// in queue order.
  SmallVector<QueueWait, 2> QueueWaits;
  /// The early stage an explicit schedule gave this statement, which has no
  /// async copy and so runs in the last stage (demoteStatementsWithoutCopies).
  std::optional<unsigned> DemotedFrom;
  /// Why this statement's wait had to fall back to 0, if it did.
  std::string WaitFallback;
  /// The earlier wait of the last stage that already allows no more groups
  /// than this one, with no mark and no call in between: this wait is
  /// removed from the pipelined body.
  std::optional<unsigned> SubsumedBy;
};

struct SchedulePlan {
  unsigned NumStages = 0; ///< Max stage + 1.
  SmallVector<StatementPlan, 8> Statements;
  SmallVector<unsigned, 4> Versions; ///< Per buffer.
  /// A barrier must be added at the top of the body so that no work-item
  /// refills a buffer another one still reads.
  bool NeedsBarrier = false;
  /// The groups are committed to several queues (StatementPlan::Queue).
  bool UsesQueues = false;
  unsigned getLastStage() const { return NumStages - 1; }
  bool isEarly(unsigned Stmt) const {
    return Statements[Stmt].Stage < getLastStage();
  }
};

/// Why the copies of a statement cannot be issued for a later iteration, or
/// none if they can (a legality query on the IR).
using WhyCannotRunEarlyFn = function_ref<std::optional<std::string>(unsigned)>;

class PipelineScheduler {
public:
  PipelineScheduler(const SchedulingProblem &Problem,
                    const PipelineRequest &Request,
                    WhyCannotRunEarlyFn WhyCannotRunEarly,
                    PipelineRefusal &WhyNot);

  /// Every statement's stage and order (TVM's [0, S-1] automatic schedule,
  /// or the explicit one). False, with the refusal, if there is none.
  bool assignStages();
  /// Once the stages are known to be legal: the buffers' versions, the wait
  /// counts, the barrier and the subsumed waits.
  bool completeSchedule();

  const SchedulePlan &getPlan() const { return Plan; }

  /// The register-level stage of a loop of plain loads has one schedule:
  /// its loads one iteration ahead of the rest (two register stages, TVM's
  /// [0, 0, 1]). False, with the refusal, if \p Stages asks for another.
  static bool scheduleRegisterStages(unsigned Stages, PipelineRefusal &WhyNot);

private:
  bool fail(StringRef Name, const Twine &Why);
  bool failAnnotation(StringRef Key, const Twine &Why);

  bool assignExplicitStages();
  void demoteStatementsWithoutCopies();
  void assignAutomaticStages();
  bool checkLastStageOrder();
  std::optional<unsigned> getReleaseStage(const BufferShape::Access &A) const;
  bool sizeBuffers();
  void assignQueues();
  SmallVector<unsigned, 4> getNeededGroups(unsigned Waiter) const;
  std::optional<unsigned> getWriteBackWait(unsigned StoreGroup) const;
  uint64_t countLaterInFlight(unsigned Group, bool SameQueueOnly) const;
  SmallVector<ScheduleSlot, 8> getSlots() const;
  bool computeWaitCounts();
  bool isCoveredByBarrier(const BufferShape &Buffer,
                          const BufferShape::Access &A) const;
  bool placeBarriers();
  bool isWriteBackCoveredByBarrier(const BufferShape &Buffer) const;
  void findSubsumedWaits();

  const SchedulingProblem &Problem;
  const PipelineRequest &Request;
  WhyCannotRunEarlyFn WhyCannotRunEarly;
  PipelineRefusal &WhyNot;
  SchedulePlan Plan;
  /// Why a group stays in the consumers' stage (automatic schedule only).
  DenseMap<unsigned, std::string> StaysBecause;
};

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINESCHEDULER_H
