//===- AsyncPipelineCounts.h - Wait counts of a schedule --------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner. The arithmetic of a software-pipeline schedule,
// with no IR: a statement is only its stage, its place in the order, and
// whether it commits a group (ends in a mark). AsyncPipelineScheduler.cpp
// decides which statements a wait needs and asks here how many groups the
// wait may leave in flight; unittests/Transforms/AsyncPipe checks the
// arithmetic on its own.
//
// The model (TVM RFC; llvm/docs/AsyncPipeModel.rst, queues): with D the last
// stage, loop iteration i runs statement s for source iteration
// i + D - stage(s), statements in order of their Order, and every loop
// iteration commits each group's mark exactly once. The mark sequence is
// therefore periodic with G marks per iteration, and the marks committed
// between the group a wait needs and the wait are a function of the
// stages and orders alone.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINECOUNTS_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINECOUNTS_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>

namespace llvm {
namespace asyncpipe {

/// One statement of the loop body as the count arithmetic sees it.
struct ScheduleSlot {
  unsigned Stage = 0;
  unsigned Order = 0;
  bool IsGroup = false; ///< Ends in a mark.
};

/// True if, for one source iteration, statement \p A runs before statement
/// \p B in the pipelined loop: in an earlier loop iteration (a smaller
/// stage), or in the same one earlier in the order.
bool runsBefore(const ScheduleSlot &A, const ScheduleSlot &B);

/// The marks committed in the pipelined loop after group \p Group of some
/// source iteration and before the wait of statement \p Waiter of the same
/// source iteration: the count that wait may leave in flight and still see
/// the group complete, exactly (one more would leave the group in flight).
/// With \p SameQueueOnly only the marks of groups in the producer's stage
/// are counted (TVM's async_wait_queue count, for remarks). None if the
/// waiter runs before the group.
std::optional<uint64_t> countMarksBetween(ArrayRef<ScheduleSlot> Slots,
                                          unsigned Group, unsigned Waiter,
                                          bool SameQueueOnly = false);

/// How many later groups of statement \p Group itself (later source
/// iterations) are committed before the wait of \p Waiter that needs the
/// group of their common source iteration: the depth the producer runs ahead
/// of this consumer, S - 1 for a producer in stage 0 and a consumer in the
/// last stage S - 1 ordered after it. None if the waiter runs before the
/// group.
std::optional<uint64_t> countOwnGroupsInFlight(ArrayRef<ScheduleSlot> Slots,
                                               unsigned Group, unsigned Waiter);

/// The versions a buffer filled in \p ProducerStage needs when its last
/// reader is done with it in \p ReleaseStage: one per source iteration whose
/// data is alive at once.
unsigned countVersions(unsigned ProducerStage, unsigned ReleaseStage);

/// A wait of the last stage as findSubsumedWaits sees it.
struct WaitSlot {
  ScheduleSlot Slot;
  bool HasWait = false;
  uint64_t WaitCount = 0;
  /// The statement calls something that might commit groups on a hardware
  /// counter (a call other than an intrinsic or a barrier).
  bool HasOpaqueCall = false;
};

/// For each statement, the earlier last-stage wait that makes its wait
/// redundant, if any: an earlier wait of the last stage that allows no more
/// groups, with no mark and no opaque call emitted in between. Early
/// statements (stage < \p LastStage) are emitted before the first
/// last-stage statement ordered after them, so their marks count where they
/// land. The answer is only a proposal: the pass erases a wait only where
/// the mark analysis proves it redundant on the pipelined code.
void findSubsumedWaits(ArrayRef<WaitSlot> Stmts, unsigned LastStage,
                       MutableArrayRef<std::optional<unsigned>> SubsumedBy);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINECOUNTS_H
