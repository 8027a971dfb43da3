//===- AsyncPipelineCountsTest.cpp - The pipeliner's count arithmetic -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The wait counts of software-pipeline schedules, with no IR: the TVM RFC's
// examples (the counts its async pipeline derives, on one counter),
// interleaved producers run ahead on their own, the versions a buffer needs,
// and which waits a stronger earlier one subsumes.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/AsyncPipelineCounts.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

// Statement kinds of the synchronous form: a group (copies, mark) and a
// consumer (wait, uses).
ScheduleSlot group(unsigned Stage, unsigned Order) {
  return {Stage, Order, true};
}
ScheduleSlot consumer(unsigned Stage, unsigned Order) {
  return {Stage, Order, false};
}

TEST(AsyncPipelineCounts, SingleProducer) {
  // stage [0, D]: D groups in flight, all of them the producer's own.
  for (unsigned D = 1; D <= 4; ++D) {
    ScheduleSlot Slots[] = {group(0, 0), consumer(D, 1)};
    EXPECT_EQ(countMarksBetween(Slots, 0, 1), uint64_t(D));
    EXPECT_EQ(countOwnGroupsInFlight(Slots, 0, 1), uint64_t(D));
  }
}

TEST(AsyncPipelineCounts, ConsumerInProducerStage) {
  ScheduleSlot Slots[] = {group(0, 0), consumer(0, 1)};
  EXPECT_EQ(countMarksBetween(Slots, 0, 1), 0u);
  EXPECT_EQ(countOwnGroupsInFlight(Slots, 0, 1), 0u);
}

TEST(AsyncPipelineCounts, ThreeStagesTwoQueues) {
  // copy A->B, mark | wait, copy B->C, mark | wait, use C; stage [0, 1, 2]:
  // each wait sees the other queue's latest group too.
  ScheduleSlot Slots[] = {group(0, 0), group(1, 1), consumer(2, 2)};
  EXPECT_EQ(countMarksBetween(Slots, 0, 1), 2u);
  EXPECT_EQ(countMarksBetween(Slots, 1, 2), 2u);
  EXPECT_EQ(countMarksBetween(Slots, 0, 1, /*SameQueueOnly=*/true), 1u);
  EXPECT_EQ(countMarksBetween(Slots, 1, 2, /*SameQueueOnly=*/true), 1u);
}

TEST(AsyncPipelineCounts, RFCProducerInterleaving) {
  // copy A, copy B, use both; stage [0, 0, 3], order [0, 2, 1]: the wait
  // needs both and B is the newer, so it lets 5 groups fly (TVM's
  // async_wait_inflight_count 5); A is 3 iterations ahead, B (emitted after
  // the consumer) 2.
  ScheduleSlot Slots[] = {group(0, 0), group(0, 2), consumer(3, 1)};
  EXPECT_EQ(countMarksBetween(Slots, 0, 2), 6u);
  EXPECT_EQ(countMarksBetween(Slots, 1, 2), 5u);
  EXPECT_EQ(countOwnGroupsInFlight(Slots, 0, 2), 3u);
  EXPECT_EQ(countOwnGroupsInFlight(Slots, 1, 2), 2u);
}

TEST(AsyncPipelineCounts, InterleavedProducersRunAheadOnTheirOwn) {
  // copy A | wait, use A | copy B | wait, use B, with both groups in stage 0
  // and both consumers in stage D: each consumer keeps D of its own groups in
  // flight, 2 * D on the one counter.
  for (unsigned D = 1; D <= 4; ++D) {
    ScheduleSlot Slots[] = {group(0, 0), consumer(D, 1), group(0, 2),
                            consumer(D, 3)};
    EXPECT_EQ(countMarksBetween(Slots, 0, 1), uint64_t(2 * D));
    EXPECT_EQ(countMarksBetween(Slots, 2, 3), uint64_t(2 * D));
    EXPECT_EQ(countOwnGroupsInFlight(Slots, 0, 1), uint64_t(D));
    EXPECT_EQ(countOwnGroupsInFlight(Slots, 2, 3), uint64_t(D));
  }
  // Before: B stayed with A's consumer and its wait fell to 0.
  ScheduleSlot Old[] = {group(0, 0), group(3, 1), consumer(3, 2)};
  EXPECT_EQ(countMarksBetween(Old, 1, 2), 0u);
}

TEST(AsyncPipelineCounts, ProducerOrderedAfterConsumer) {
  // TVM's interleaved order: the early copy is emitted after the consumer
  // of its own stage-0 statement, so one fewer of its groups is ahead.
  ScheduleSlot Slots[] = {group(0, 1), consumer(2, 0)};
  EXPECT_EQ(countMarksBetween(Slots, 0, 1), 1u);
  EXPECT_EQ(countOwnGroupsInFlight(Slots, 0, 1), 1u);
}

TEST(AsyncPipelineCounts, WaiterBeforeGroup) {
  ScheduleSlot Slots[] = {group(1, 0), consumer(0, 1)};
  EXPECT_EQ(countMarksBetween(Slots, 0, 1), std::nullopt);
  EXPECT_EQ(countOwnGroupsInFlight(Slots, 0, 1), std::nullopt);
  ScheduleSlot Same[] = {group(0, 1), consumer(0, 0)};
  EXPECT_EQ(countMarksBetween(Same, 0, 1), std::nullopt);
  EXPECT_FALSE(runsBefore(Same[0], Same[1]));
  EXPECT_TRUE(runsBefore(Same[1], Same[0]));
}

TEST(AsyncPipelineCounts, Versions) {
  EXPECT_EQ(countVersions(0, 0), 1u);
  EXPECT_EQ(countVersions(0, 1), 2u);
  EXPECT_EQ(countVersions(0, 3), 4u);
  EXPECT_EQ(countVersions(1, 2), 2u);
  EXPECT_EQ(countVersions(2, 1), 1u);
}

WaitSlot waitSlot(ScheduleSlot Slot, bool HasWait, uint64_t Count,
                  bool OpaqueCall = false) {
  WaitSlot W;
  W.Slot = Slot;
  W.HasWait = HasWait;
  W.WaitCount = Count;
  W.HasOpaqueCall = OpaqueCall;
  return W;
}

TEST(AsyncPipelineCounts, SubsumedWaits) {
  // group (stage 0) | wait(3) use | wait(3) use | wait(3) use: the second
  // and third add nothing.
  WaitSlot Three[] = {
      waitSlot(group(0, 0), false, 0), waitSlot(consumer(3, 1), true, 3),
      waitSlot(consumer(3, 2), true, 3), waitSlot(consumer(3, 3), true, 3)};
  SmallVector<std::optional<unsigned>, 4> By(4);
  findSubsumedWaits(Three, 3, By);
  EXPECT_EQ(By[0], std::nullopt);
  EXPECT_EQ(By[1], std::nullopt);
  EXPECT_EQ(By[2], 1u);
  EXPECT_EQ(By[3], 2u);

  // A weaker earlier wait does not subsume a stronger later one.
  WaitSlot Weaker[] = {waitSlot(group(0, 0), false, 0),
                       waitSlot(consumer(3, 1), true, 3),
                       waitSlot(consumer(3, 2), true, 2)};
  findSubsumedWaits(Weaker, 3, By);
  EXPECT_EQ(By[2], std::nullopt);

  // An opaque call between (a callee might commit hardware groups) keeps it.
  WaitSlot Call[] = {waitSlot(group(0, 0), false, 0),
                     waitSlot(consumer(3, 1), true, 3, /*OpaqueCall=*/true),
                     waitSlot(consumer(3, 2), true, 3)};
  findSubsumedWaits(Call, 3, By);
  EXPECT_EQ(By[2], std::nullopt);

  // A mark between: a last-stage group, or an early group emitted there.
  WaitSlot LastStageGroup[] = {
      waitSlot(group(0, 0), false, 0), waitSlot(consumer(3, 1), true, 3),
      waitSlot(group(3, 2), false, 0), waitSlot(consumer(3, 3), true, 3)};
  findSubsumedWaits(LastStageGroup, 3, By);
  EXPECT_EQ(By[3], std::nullopt);
  WaitSlot EarlyGroupBetween[] = {
      waitSlot(group(0, 0), false, 0), waitSlot(consumer(1, 1), true, 2),
      waitSlot(group(0, 2), false, 0), waitSlot(consumer(1, 3), true, 2)};
  findSubsumedWaits(EarlyGroupBetween, 1, By);
  EXPECT_EQ(By[3], std::nullopt);
}

} // namespace
