//===- AsyncPipelineCounts.cpp - Wait counts of a pipeline schedule -------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// See AsyncPipelineCounts.h for the model. Everything here is arithmetic on
// stages and orders; the proofs that the emitted code matches it are the
// mark analysis's (AsyncPipelineVerify.cpp).
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineCounts.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::asyncpipe;

bool asyncpipe::runsBefore(const ScheduleSlot &A, const ScheduleSlot &B) {
  return A.Stage < B.Stage || (A.Stage == B.Stage && A.Order < B.Order);
}

// For one source iteration, group P runs d = stage(W) - stage(P) loop
// iterations before the wait W. The marks in between are those ordered after
// P in P's loop iteration, every mark of the d - 1 loop iterations between,
// and those ordered before W in W's loop iteration; for d == 0 only those
// ordered strictly between the two.
std::optional<uint64_t>
asyncpipe::countMarksBetween(ArrayRef<ScheduleSlot> Slots, unsigned Group,
                             unsigned Waiter, bool SameQueueOnly) {
  const ScheduleSlot &P = Slots[Group];
  const ScheduleSlot &W = Slots[Waiter];
  if (!runsBefore(P, W))
    return std::nullopt;
  unsigned Distance = W.Stage - P.Stage;
  uint64_t AfterProducer = 0, BeforeWaiter = 0, Between = 0, PerIteration = 0;
  for (const ScheduleSlot &S : Slots) {
    if (!S.IsGroup || (SameQueueOnly && S.Stage != P.Stage))
      continue;
    ++PerIteration;
    AfterProducer += S.Order > P.Order;
    BeforeWaiter += S.Order < W.Order;
    Between += S.Order > P.Order && S.Order < W.Order;
  }
  if (Distance == 0)
    return Between;
  return AfterProducer + PerIteration * (Distance - 1) + BeforeWaiter;
}

// The group of source iteration j is committed in loop iteration
// j - D + stage(P), at P's place in the order; the wait of source iteration
// i runs in loop iteration i - D + stage(W). The later groups j > i
// committed before the wait are j < i + d, and j = i + d when P is ordered
// before W.
std::optional<uint64_t>
asyncpipe::countOwnGroupsInFlight(ArrayRef<ScheduleSlot> Slots, unsigned Group,
                                  unsigned Waiter) {
  const ScheduleSlot &P = Slots[Group];
  const ScheduleSlot &W = Slots[Waiter];
  if (!runsBefore(P, W))
    return std::nullopt;
  unsigned Distance = W.Stage - P.Stage;
  if (Distance == 0)
    return 0;
  return Distance - 1 + (P.Order < W.Order ? 1 : 0);
}

unsigned asyncpipe::countVersions(unsigned ProducerStage,
                                  unsigned ReleaseStage) {
  return ReleaseStage < ProducerStage ? 1 : ReleaseStage - ProducerStage + 1;
}

// The last stage is not reordered, so between two of its statements the
// program order of the pipelined body is their index order, plus the early
// statements emitted at the start of a last-stage statement in between.
void asyncpipe::findSubsumedWaits(
    ArrayRef<WaitSlot> Stmts, unsigned LastStage,
    MutableArrayRef<std::optional<unsigned>> SubsumedBy) {
  auto IsEarly = [&](const WaitSlot &S) { return S.Slot.Stage < LastStage; };
  std::optional<unsigned> Prev;
  for (unsigned B = 0; B != Stmts.size(); ++B) {
    SubsumedBy[B] = std::nullopt;
    const WaitSlot &W = Stmts[B];
    if (IsEarly(W))
      continue;
    if (W.HasWait && Prev && Stmts[*Prev].WaitCount <= W.WaitCount) {
      unsigned A = *Prev;
      bool Quiet = true;
      for (unsigned Idx = A; Idx != B && Quiet; ++Idx) {
        const WaitSlot &S = Stmts[Idx];
        if ((!IsEarly(S) && S.Slot.IsGroup) || S.HasOpaqueCall)
          Quiet = false;
      }
      // Where an early statement is emitted: before the first statement of
      // the last stage ordered after it (or at the latch).
      for (const WaitSlot &S : Stmts) {
        if (!IsEarly(S))
          continue;
        for (unsigned Idx = 0; Idx != Stmts.size(); ++Idx) {
          const WaitSlot &At = Stmts[Idx];
          if (IsEarly(At) || At.Slot.Order <= S.Slot.Order)
            continue;
          Quiet &= !(Idx > A && Idx <= B);
          break;
        }
      }
      if (Quiet)
        SubsumedBy[B] = A;
    }
    if (W.HasWait)
      Prev = B;
  }
}
