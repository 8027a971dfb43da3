//===- AsyncPipelineSchedulerTest.cpp - The pipeliner's scheduler ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The scheduler on its own, with no IR: every schedule of the suite's TVM
// tests (llvm/test/Transforms/AsyncPipe/asyncpipe-pipeline-rfc.ll and
// asyncpipe-pipeline-tvm.ll), the automatic schedule, barriers, subsumed
// waits, queues and write-back stages (asyncpipe-pipeline-queues.ll,
// asyncpipe-pipeline-write-back.ll) and each refusal the scheduler makes. The
// loops are described the way the legality checks describe them: statements
// (wait, group, copies), buffers with the statements that access them, and the
// spine's barriers.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/AsyncPipelineScheduler.h"
#include "Pipeliner/AsyncPipelineRequests.h"
#include "gtest/gtest.h"
#include <tuple>

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

// The statement kinds of the synchronous form.
StatementShape group() { return {false, true, true, false}; }
StatementShape consumer() { return {true, false, false, false}; }
// wait, copy from one buffer to another, mark (TVM's stage-1 copy).
StatementShape waitingGroup() { return {true, true, true, false}; }

/// A buffer filled by \p Producer's copy (at position 0) and read by a load
/// of each statement in \p Readers.
BufferShape buffer(unsigned Producer, ArrayRef<unsigned> Readers,
                   uint64_t Bytes = 64) {
  BufferShape B{"buf", Producer, Bytes, {}};
  B.Accesses.push_back({Producer, true, 0, "copy"});
  unsigned Position = 10;
  for (unsigned R : Readers)
    B.Accesses.push_back({R, false, Position++, "load"});
  return B;
}

/// A buffer read by an async copy of \p Reader (a buffer-to-buffer copy).
BufferShape copiedBuffer(unsigned Producer, unsigned Reader) {
  BufferShape B{"buf", Producer, 64, {}};
  B.Accesses.push_back({Reader, true, 5, "copy"});
  B.Accesses.push_back({Producer, true, 0, "copy"});
  return B;
}

PipelineRequest explicitSchedule(ArrayRef<unsigned> Stage,
                                 ArrayRef<unsigned> Order = {},
                                 ArrayRef<unsigned> AsyncStages = {}) {
  PipelineRequest R;
  R.Explicit.Stage.assign(Stage.begin(), Stage.end());
  R.Explicit.Order.assign(Order.begin(), Order.end());
  R.Explicit.AsyncStages.assign(AsyncStages.begin(), AsyncStages.end());
  R.Explicit.HasAsyncStages = !AsyncStages.empty();
  return R;
}

PipelineRequest automaticSchedule(unsigned Stages) {
  PipelineRequest R;
  R.Stages = Stages;
  return R;
}

std::optional<std::string> canRunEarly(unsigned) { return std::nullopt; }

/// Runs the scheduler; the plan, or the refusal in \p WhyNot.
std::optional<SchedulePlan>
schedule(const SchedulingProblem &P, const PipelineRequest &R,
         PipelineRefusal &WhyNot,
         WhyCannotRunEarlyFn WhyCannotRunEarly = canRunEarly) {
  PipelineScheduler S(P, R, WhyCannotRunEarly, WhyNot);
  if (!S.assignStages() || !S.completeSchedule())
    return std::nullopt;
  return S.getPlan();
}

SchedulePlan scheduleOrFail(const SchedulingProblem &P,
                            const PipelineRequest &R) {
  PipelineRefusal WhyNot;
  std::optional<SchedulePlan> Plan = schedule(P, R, WhyNot);
  EXPECT_TRUE(Plan) << WhyNot.Name << ": " << WhyNot.Why;
  return Plan.value_or(SchedulePlan());
}

SmallVector<unsigned, 4> stagesOf(const SchedulePlan &Plan) {
  SmallVector<unsigned, 4> Stages;
  for (const StatementPlan &S : Plan.Statements)
    Stages.push_back(S.Stage);
  return Stages;
}

using Stages = SmallVector<unsigned, 4>;

//===----------------------------------------------------------------------===//
// The TVM RFC's examples (asyncpipe-pipeline-rfc.ll)
//===----------------------------------------------------------------------===//

TEST(AsyncPipelineScheduler, RFCTwoStages) {
  // copy A->B, mark | wait, use B; stage [0, 1]: B = alloc([2]), wait(1).
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 1}));
  EXPECT_EQ(Plan.NumStages, 2u);
  EXPECT_EQ(Plan.Versions[0], 2u);
  EXPECT_EQ(Plan.Statements[1].WaitCount, 1u);
  EXPECT_EQ(Plan.Statements[1].NeededGroup, 0u);
  EXPECT_EQ(Plan.Statements[1].OwnInFlight, 1u);
  EXPECT_FALSE(Plan.NeedsBarrier);
}

TEST(AsyncPipelineScheduler, RFCThreeStagesTwoQueues) {
  // copy A->B, mark | wait, copy B->C, mark | wait, use C; stage [0, 1, 2],
  // async [0, 1]: two queues on one counter, each wait sees the other
  // queue's newest group too (2 in flight, 1 of its own queue).
  SchedulingProblem P;
  P.Statements = {group(), waitingGroup(), consumer()};
  P.Buffers = {copiedBuffer(0, 1), buffer(1, {2})};
  SchedulePlan Plan =
      scheduleOrFail(P, explicitSchedule({0, 1, 2}, {}, {0, 1}));
  EXPECT_EQ(Plan.NumStages, 3u);
  EXPECT_EQ(Plan.Versions[0], 3u);
  EXPECT_EQ(Plan.Versions[1], 2u);
  for (unsigned W : {1, 2}) {
    EXPECT_EQ(Plan.Statements[W].WaitCount, 2u);
    EXPECT_EQ(Plan.Statements[W].QueueWaitCount, 1u);
    EXPECT_EQ(Plan.Statements[W].OwnInFlight, 1u);
  }
}

TEST(AsyncPipelineScheduler, RFCProducerInterleaving) {
  // copy A, mark | copy B, mark | wait, use A and B; stage [0, 0, 3],
  // order [0, 2, 1]: the wait needs B, the newer, and lets 5 fly.
  SchedulingProblem P;
  P.Statements = {group(), group(), consumer()};
  P.Buffers = {buffer(0, {2}), buffer(1, {2})};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 0, 3}, {0, 2, 1}));
  EXPECT_EQ(Plan.NumStages, 4u);
  EXPECT_EQ(Plan.Versions[0], 4u);
  EXPECT_EQ(Plan.Versions[1], 4u);
  EXPECT_EQ(Plan.Statements[2].WaitCount, 5u);
  EXPECT_EQ(Plan.Statements[2].NeededGroup, 1u);
  EXPECT_EQ(Plan.Statements[2].OwnInFlight, 2u);
}

TEST(AsyncPipelineScheduler, RFCConsumerInProducerStage) {
  // copy A, mark | wait, copy A->C, mark | wait, use C; stage [0, 0, 3]:
  // the copy from A waits in A's own stage, for everything (0).
  SchedulingProblem P;
  P.Statements = {group(), waitingGroup(), consumer()};
  P.Buffers = {copiedBuffer(0, 1), buffer(1, {2})};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 0, 3}));
  EXPECT_EQ(Plan.Statements[1].WaitCount, 0u);
  EXPECT_EQ(Plan.Statements[1].NeededGroup, 0u);
  EXPECT_EQ(Plan.Statements[2].WaitCount, 6u);
  EXPECT_EQ(Plan.Statements[2].OwnInFlight, 3u);
  EXPECT_EQ(Plan.Versions[0], 4u);
  EXPECT_EQ(Plan.Versions[1], 4u);
}

TEST(AsyncPipelineScheduler, RFCGemmCopies) {
  // copy As, copy Bs, mark | wait, compute; stage [0, 3], async [0]: both
  // tiles 4 versions, 3 in flight.
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1}, 256), buffer(0, {1}, 256)};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 3}, {}, {0}));
  EXPECT_EQ(stagesOf(Plan), Stages({0, 3}));
  EXPECT_EQ(Plan.Versions[0], 4u);
  EXPECT_EQ(Plan.Versions[1], 4u);
  EXPECT_EQ(Plan.Statements[1].WaitCount, 3u);
  EXPECT_EQ(Plan.Statements[1].QueueWaitCount, 3u);
}

//===----------------------------------------------------------------------===//
// TVM's inject_software_pipeline schedules (asyncpipe-pipeline-tvm.ll)
//===----------------------------------------------------------------------===//

TEST(AsyncPipelineScheduler, TVMOneCopy) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 3}, {}, {0}));
  EXPECT_EQ(Plan.Versions[0], 4u);
  EXPECT_EQ(Plan.Statements[1].WaitCount, 3u);
  EXPECT_EQ(Plan.Statements[1].OwnInFlight, 3u);
}

TEST(AsyncPipelineScheduler, TVMNestedGemm) {
  // copies, mark | wait, register loads | wait, compute; stage [0, 2, 3],
  // order [0, 2, 1] (TVM's [0, 0, 2, 3, 3] with its copies one group): the
  // register loads have no copy and run in the last stage, before the
  // compute; the compute's wait is then subsumed by theirs.
  SchedulingProblem P;
  P.Statements = {group(), consumer(), consumer()};
  P.Buffers = {buffer(0, {1, 2}, 256), buffer(0, {1, 2}, 256)};
  SchedulePlan Plan =
      scheduleOrFail(P, explicitSchedule({0, 2, 3}, {0, 2, 1}, {0}));
  EXPECT_EQ(stagesOf(Plan), Stages({0, 3, 3}));
  EXPECT_EQ(Plan.Statements[1].DemotedFrom, 2u);
  EXPECT_EQ(Plan.Statements[1].Order, 1u);
  EXPECT_EQ(Plan.Statements[2].Order, 2u);
  EXPECT_EQ(Plan.Statements[1].WaitCount, 3u);
  EXPECT_EQ(Plan.Statements[2].WaitCount, 3u);
  EXPECT_EQ(Plan.Statements[1].SubsumedBy, std::nullopt);
  EXPECT_EQ(Plan.Statements[2].SubsumedBy, 1u);
  EXPECT_EQ(Plan.Versions[0], 4u);
}

TEST(AsyncPipelineScheduler, TVMBadAnnotation) {
  // TVM's "bad annotation": the register loads in the producers' stage
  // ([0, 0, 3]). They run in the last stage here, with a counted wait.
  SchedulingProblem P;
  P.Statements = {group(), consumer(), consumer()};
  P.Buffers = {buffer(0, {1, 2}, 256), buffer(0, {1, 2}, 256)};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 0, 3}, {}, {0}));
  EXPECT_EQ(stagesOf(Plan), Stages({0, 3, 3}));
  EXPECT_EQ(Plan.Statements[1].DemotedFrom, 0u);
  EXPECT_EQ(Plan.Statements[1].WaitCount, 3u);
  EXPECT_EQ(Plan.Statements[2].SubsumedBy, 1u);
}

//===----------------------------------------------------------------------===//
// The automatic schedule
//===----------------------------------------------------------------------===//

TEST(AsyncPipelineScheduler, AutomaticInterleavedProducers) {
  // copy A, mark | wait, use A | copy B, mark | wait, use B with 3 stages:
  // each producer runs 2 iterations ahead; each wait lets 2 (S - 1) groups
  // fly, S - 1 of them its own.
  SchedulingProblem P;
  P.Statements = {group(), consumer(), group(), consumer()};
  P.Buffers = {buffer(0, {1}), buffer(2, {3})};
  SchedulePlan Plan = scheduleOrFail(P, automaticSchedule(3));
  EXPECT_EQ(stagesOf(Plan), Stages({0, 2, 0, 2}));
  for (unsigned W : {1, 3}) {
    EXPECT_EQ(Plan.Statements[W].WaitCount, 4u);
    EXPECT_EQ(Plan.Statements[W].OwnInFlight, 2u);
  }
  EXPECT_EQ(Plan.Versions[0], 3u);
  EXPECT_EQ(Plan.Versions[1], 3u);
}

TEST(AsyncPipelineScheduler, AutomaticGroupThatCannotRunAhead) {
  // The second group's copies cannot be recomputed for a later iteration:
  // it stays with its consumer, whose wait falls back to 0, and says why.
  SchedulingProblem P;
  P.Statements = {group(), group(), consumer()};
  P.Buffers = {buffer(0, {2}), buffer(1, {2})};
  auto Why = [](unsigned Stmt) -> std::optional<std::string> {
    if (Stmt == 1)
      return std::string("its address is loaded");
    return std::nullopt;
  };
  PipelineRefusal WhyNot;
  std::optional<SchedulePlan> Plan =
      schedule(P, automaticSchedule(2), WhyNot, Why);
  ASSERT_TRUE(Plan);
  EXPECT_EQ(stagesOf(*Plan), Stages({0, 1, 1}));
  EXPECT_EQ(Plan->Statements[2].WaitCount, 0u);
  EXPECT_EQ(Plan->Statements[2].NeededGroup, 1u);
  EXPECT_EQ(Plan->Statements[2].WaitFallback, "its address is loaded");
  EXPECT_EQ(Plan->Versions[0], 2u);
  EXPECT_EQ(Plan->Versions[1], 1u);
}

TEST(AsyncPipelineScheduler, AutomaticNoGroupRunsAhead) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  auto Why = [](unsigned) -> std::optional<std::string> {
    return std::string("its address is loaded");
  };
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, automaticSchedule(3), WhyNot, Why));
  EXPECT_EQ(WhyNot.Name, "NoEarlyGroup");
  EXPECT_EQ(WhyNot.Why, "no group can run ahead of its consumers (statement "
                        "0: its address is loaded)");
}

TEST(AsyncPipelineScheduler, AutomaticSingleStage) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, automaticSchedule(1), WhyNot));
  EXPECT_EQ(WhyNot.Name, "SingleStage");
}

TEST(AsyncPipelineScheduler, MaxWaitCount) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  P.MaxWaitCount = 2;
  SchedulePlan Plan = scheduleOrFail(P, automaticSchedule(5));
  EXPECT_EQ(Plan.Statements[1].WaitCount, 2u);
  EXPECT_EQ(Plan.Statements[1].QueueWaitCount, 4u);
}

//===----------------------------------------------------------------------===//
// Barriers and subsumed waits
//===----------------------------------------------------------------------===//

TEST(AsyncPipelineScheduler, BarrierBeforeTheReadIsNotEnough) {
  // copy, mark | wait, barrier, read with 2 stages: the refill of the next
  // iteration comes right after the read, with no barrier in between.
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  P.Barriers = {{1, 5}};
  SchedulePlan Plan = scheduleOrFail(P, automaticSchedule(2));
  EXPECT_TRUE(Plan.NeedsBarrier);

  P.CanAddBarrier = false;
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, automaticSchedule(2), WhyNot));
  EXPECT_EQ(WhyNot.Name, "NoBarrier");
}

TEST(AsyncPipelineScheduler, BarrierAfterTheRead) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  P.Barriers = {{1, 5}, {1, 20}};
  EXPECT_FALSE(scheduleOrFail(P, automaticSchedule(2)).NeedsBarrier);
}

TEST(AsyncPipelineScheduler, BarrierInALaterStatement) {
  // copy, mark | wait, read | wait, barrier: the barrier ends the reader's
  // iteration before the refill, in whatever stage count; a barrier of an
  // early statement would stay behind and does not count.
  SchedulingProblem P;
  P.Statements = {group(), consumer(), consumer()};
  P.Buffers = {buffer(0, {1})};
  P.Barriers = {{2, 30}};
  for (unsigned Stages : {2, 3, 4})
    EXPECT_FALSE(scheduleOrFail(P, automaticSchedule(Stages)).NeedsBarrier);
  P.Barriers = {{0, 1}};
  EXPECT_TRUE(scheduleOrFail(P, automaticSchedule(3)).NeedsBarrier);
}

TEST(AsyncPipelineScheduler, SubsumedWaits) {
  // copy, mark | wait, use | wait, use: the second wait has nothing left
  // to wait for; an opaque call in between keeps it.
  SchedulingProblem P;
  P.Statements = {group(), consumer(), consumer()};
  P.Buffers = {buffer(0, {1, 2})};
  SchedulePlan Plan = scheduleOrFail(P, automaticSchedule(3));
  EXPECT_EQ(Plan.Statements[2].SubsumedBy, 1u);

  P.Statements[1].HasOpaqueCall = true;
  Plan = scheduleOrFail(P, automaticSchedule(3));
  EXPECT_EQ(Plan.Statements[2].SubsumedBy, std::nullopt);
}

//===----------------------------------------------------------------------===//
// Queues: one per async stage, each wait counting its queue's marks
//===----------------------------------------------------------------------===//

/// The queue waits of \p S as (queue, count, needed group, later in flight).
using QueueWaitTuple = std::tuple<unsigned, uint64_t, unsigned, uint64_t>;
SmallVector<QueueWaitTuple, 2> queueWaitsOf(const StatementPlan &S) {
  SmallVector<QueueWaitTuple, 2> Waits;
  for (const QueueWait &W : S.QueueWaits)
    Waits.push_back({W.Queue, W.Count, W.NeededGroup, W.LaterInFlight});
  return Waits;
}

SchedulingProblem portable(SchedulingProblem P) {
  P.MaxQueues = 8;
  return P;
}

TEST(AsyncPipelineScheduler, QueuesTwoProducers) {
  // TVM's two-queue three-stage schedule with two producers: copy A, mark |
  // copy B, mark | wait, use A and B; stage [0, 1, 2], async [0, 1]. A's
  // queue 0 runs 2 iterations ahead, B's queue 1 one: the consumer waits on
  // each for its own count (on one counter it would allow 2 of both).
  SchedulingProblem P;
  P.Statements = {group(), group(), consumer()};
  P.Buffers = {buffer(0, {2}), buffer(1, {2})};
  SchedulePlan Plan =
      scheduleOrFail(portable(P), explicitSchedule({0, 1, 2}, {}, {0, 1}));
  EXPECT_TRUE(Plan.UsesQueues);
  EXPECT_EQ(Plan.Statements[0].Queue, 0u);
  EXPECT_EQ(Plan.Statements[1].Queue, 1u);
  EXPECT_EQ(queueWaitsOf(Plan.Statements[2]),
            (SmallVector<QueueWaitTuple, 2>{{0, 2, 0, 0}, {1, 1, 1, 0}}));
  EXPECT_EQ(Plan.Statements[2].WaitCount, 2u);
  EXPECT_EQ(Plan.Versions[0], 3u);
  EXPECT_EQ(Plan.Versions[1], 2u);
  // Without queue spellings (a target's own marks): one sequence.
  Plan = scheduleOrFail(P, explicitSchedule({0, 1, 2}, {}, {0, 1}));
  EXPECT_FALSE(Plan.UsesQueues);
  EXPECT_TRUE(Plan.Statements[2].QueueWaits.empty());
}

TEST(AsyncPipelineScheduler, QueuesRFCThreeStages) {
  // The RFC's chain (copy A->B | wait, copy B->C | wait, use C) with
  // queues: wait_queue(0, 1) and wait_queue(1, 1), the RFC's counts.
  SchedulingProblem P;
  P.Statements = {group(), waitingGroup(), consumer()};
  P.Buffers = {copiedBuffer(0, 1), buffer(1, {2})};
  SchedulePlan Plan =
      scheduleOrFail(portable(P), explicitSchedule({0, 1, 2}, {}, {0, 1}));
  EXPECT_TRUE(Plan.UsesQueues);
  EXPECT_EQ(queueWaitsOf(Plan.Statements[1]),
            (SmallVector<QueueWaitTuple, 2>{{0, 1, 0, 0}}));
  EXPECT_EQ(queueWaitsOf(Plan.Statements[2]),
            (SmallVector<QueueWaitTuple, 2>{{1, 1, 1, 0}}));
  // Waits on different queues are never subsumed by each other.
  for (const StatementPlan &S : Plan.Statements)
    EXPECT_FALSE(S.SubsumedBy);
}

TEST(AsyncPipelineScheduler, QueuesNotForOneAsyncStage) {
  // One async stage (explicit or automatic): one sequence, as before queues.
  SchedulingProblem P;
  P.Statements = {group(), group(), consumer()};
  P.Buffers = {buffer(0, {2}), buffer(1, {2})};
  SchedulePlan Plan =
      scheduleOrFail(portable(P), explicitSchedule({0, 0, 2}, {}, {0}));
  EXPECT_FALSE(Plan.UsesQueues);
  EXPECT_TRUE(Plan.Statements[2].QueueWaits.empty());
  Plan = scheduleOrFail(portable(P), automaticSchedule(3));
  EXPECT_FALSE(Plan.UsesQueues);
  EXPECT_EQ(Plan.Statements[2].WaitCount, 4u);
}

// The write-back loop: copy in, mark | wait, use in, write out | store out,
// mark | wait.
SchedulingProblem writeBack() {
  SchedulingProblem P;
  StatementShape Store = group();
  Store.IsStoreGroup = true;
  P.Statements = {group(), consumer(), Store, consumer()};
  BufferShape Staging{"out", 2, 64, {}};
  Staging.IsStaging = true;
  Staging.Accesses.push_back({1, false, 12, "store", /*IsWrite=*/true});
  Staging.Accesses.push_back({2, true, 20, "asyncpipe.store"});
  P.Buffers = {buffer(0, {1}), Staging};
  return P;
}

std::optional<std::string> storesCannotRunEarly(unsigned Stmt) {
  if (Stmt == 2)
    return std::string("it writes back");
  return std::nullopt;
}

TEST(AsyncPipelineScheduler, WriteBackOnItsOwnQueue) {
  // stage [0, 1, 1, 1], async [0, 1]: the store group is async stage 1, on
  // queue 1. Its staging buffer has 2 versions, so the wait after it leaves
  // this iteration's store in flight (1 of queue 1, from a later iteration
  // of the one it completes).
  SchedulePlan Plan = scheduleOrFail(
      portable(writeBack()), explicitSchedule({0, 1, 1, 1}, {}, {0, 1}));
  EXPECT_TRUE(Plan.UsesQueues);
  EXPECT_EQ(Plan.Statements[2].Queue, 1u);
  EXPECT_EQ(Plan.Versions[1], 2u);
  EXPECT_EQ(queueWaitsOf(Plan.Statements[1]),
            (SmallVector<QueueWaitTuple, 2>{{0, 1, 0, 0}}));
  EXPECT_EQ(queueWaitsOf(Plan.Statements[3]),
            (SmallVector<QueueWaitTuple, 2>{{1, 1, 2, 1}}));
}

TEST(AsyncPipelineScheduler, WriteBackAutomatic) {
  // Three stages, one sequence: 3 versions of the staging buffer, and the
  // wait after the store allows the 2 later iterations' 2 groups each.
  PipelineRefusal WhyNot;
  std::optional<SchedulePlan> Plan =
      schedule(portable(writeBack()), automaticSchedule(3), WhyNot,
               storesCannotRunEarly);
  ASSERT_TRUE(Plan) << WhyNot.Why;
  EXPECT_FALSE(Plan->UsesQueues);
  EXPECT_EQ(stagesOf(*Plan), (Stages{0, 2, 2, 2}));
  EXPECT_EQ(Plan->Versions[1], 3u);
  EXPECT_EQ(Plan->Statements[3].WaitCount, 4u);
  EXPECT_EQ(Plan->Statements[3].NeededGroup, 2u);
  EXPECT_EQ(Plan->Statements[3].LaterInFlight, 4u);
  EXPECT_EQ(Plan->Statements[3].QueueWaitCount, 2u);
  // The consumer's wait is counted as before, the store groups included.
  EXPECT_EQ(Plan->Statements[1].WaitCount, 4u);
}

TEST(AsyncPipelineScheduler, WriteBackNotWaited) {
  SchedulingProblem P = writeBack();
  P.Statements.pop_back();
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 1, 1}), WhyNot));
  EXPECT_EQ(WhyNot.Name, "AsyncStoreNotWaited");
}

TEST(AsyncPipelineScheduler, WriteBackBarrier) {
  // A barrier after the read of the copied buffer but before the write into
  // the staging buffer would let another work-item's store still read the
  // version this one writes next: a barrier is added. One after the
  // write-back wait separates them.
  SchedulingProblem P = writeBack();
  P.Barriers = {{1, 15}};
  SchedulePlan Plan = scheduleOrFail(P, explicitSchedule({0, 1, 1, 1}));
  EXPECT_TRUE(Plan.NeedsBarrier);
  P.Barriers.push_back({3, 30});
  Plan = scheduleOrFail(P, explicitSchedule({0, 1, 1, 1}));
  EXPECT_FALSE(Plan.NeedsBarrier);
}

//===----------------------------------------------------------------------===//
// Refusals
//===----------------------------------------------------------------------===//

TEST(AsyncPipelineScheduler, StageListOfTheWrongLength) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 1, 1}), WhyNot));
  EXPECT_EQ(WhyNot.InvalidAnnotation, StageKey);
  EXPECT_EQ(WhyNot.Why, "it gives stages for 3 statements but the loop body "
                        "has 2 (a statement ends after each mark and a new "
                        "one starts at each wait); give one stage per "
                        "statement");
}

TEST(AsyncPipelineScheduler, CopiesInAStageNotListedAsync) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 1}, {}, {1}), WhyNot));
  EXPECT_EQ(WhyNot.InvalidAnnotation, AsyncStagesKey);
}

TEST(AsyncPipelineScheduler, ExplicitSingleStage) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 0}), WhyNot));
  EXPECT_EQ(WhyNot.Name, "SingleStage");
}

TEST(AsyncPipelineScheduler, EarlyStatementThatCannotRunEarly) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1})};
  auto Why = [](unsigned) -> std::optional<std::string> {
    return std::string("its copies are predicated");
  };
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 1}), WhyNot, Why));
  EXPECT_EQ(WhyNot.Name, "CannotRunEarly");
  EXPECT_EQ(WhyNot.Why,
            "statement 0 cannot run in stage 0: its copies are predicated");
}

TEST(AsyncPipelineScheduler, LastStageReordered) {
  SchedulingProblem P;
  P.Statements = {group(), consumer(), consumer()};
  P.Buffers = {buffer(0, {1, 2})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 1, 1}, {0, 2, 1}), WhyNot));
  EXPECT_EQ(WhyNot.Name, "LastStageReordered");
}

TEST(AsyncPipelineScheduler, ReadBeforeFill) {
  // The producer in the last stage, its reader early.
  SchedulingProblem P;
  P.Statements = {group(), waitingGroup(), consumer()};
  P.Buffers = {copiedBuffer(0, 1), buffer(1, {2})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({1, 0, 1}), WhyNot));
  EXPECT_EQ(WhyNot.Name, "ReadBeforeFillInSchedule");
}

TEST(AsyncPipelineScheduler, WaitBeforeItsGroup) {
  // The copy of statement 1 runs ahead, with its wait, of the group that
  // wait covers (statement 0, left in the last stage).
  SchedulingProblem P;
  P.Statements = {group(), waitingGroup(), consumer()};
  P.Buffers = {buffer(0, {2}), buffer(1, {2})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({1, 0, 1}), WhyNot));
  EXPECT_EQ(WhyNot.Name, "WaitBeforeGroup");
  EXPECT_EQ(WhyNot.Why, "statement 1 is scheduled before the group "
                        "(statement 0) it waits for");
}

TEST(AsyncPipelineScheduler, BufferNeverRead) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {})};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, automaticSchedule(2), WhyNot));
  EXPECT_EQ(WhyNot.Name, "BufferNeverRead");
}

TEST(AsyncPipelineScheduler, CopiedBufferNotWaited) {
  // A buffer read by a copy whose own buffer nobody reads after a wait.
  SchedulingProblem P;
  P.Statements = {group(), waitingGroup(), consumer()};
  P.Buffers = {copiedBuffer(0, 1)};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, explicitSchedule({0, 1, 2}), WhyNot));
  EXPECT_EQ(WhyNot.Name, "CopyReadNotWaited");
}

TEST(AsyncPipelineScheduler, BufferTooLarge) {
  SchedulingProblem P;
  P.Statements = {group(), consumer()};
  P.Buffers = {buffer(0, {1}, uint64_t(1) << 30)};
  PipelineRefusal WhyNot;
  EXPECT_FALSE(schedule(P, automaticSchedule(3), WhyNot));
  EXPECT_EQ(WhyNot.Name, "BufferTooLarge");
  EXPECT_TRUE(schedule(P, automaticSchedule(2), WhyNot));
}

// TVM's nested GEMM gives its inner loop k1 the stages [0, 0, 1]: its loads
// one iteration ahead of the computation, the one register-level schedule.
TEST(AsyncPipelineScheduler, RegisterStagesTVMNestedGemm) {
  PipelineRefusal WhyNot;
  EXPECT_TRUE(PipelineScheduler::scheduleRegisterStages(2, WhyNot));
  EXPECT_TRUE(WhyNot.Name.empty());
}

TEST(AsyncPipelineScheduler, RegisterStagesDeeperThanTwo) {
  for (unsigned Stages : {1u, 3u, 16u}) {
    PipelineRefusal WhyNot;
    EXPECT_FALSE(PipelineScheduler::scheduleRegisterStages(Stages, WhyNot));
    EXPECT_EQ(WhyNot.Name, "RegisterStages");
    EXPECT_NE(WhyNot.Why.find("only 2 are supported"), std::string::npos);
  }
}

} // namespace
