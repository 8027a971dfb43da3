//===- AsyncPipelineScheduler.cpp - Stages and counts, as data ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Counting (TVM RFC; llvm/docs/AsyncPipeModel.rst, queues): in the pipelined
// body, loop iteration i runs statement s for source iteration i + (D -
// stage(s)), where D is the last stage, and every loop iteration commits every
// group's mark exactly once (empty groups where a copy is predicated off). The
// mark sequence is therefore periodic, and the groups allowed in flight at a
// wait are the marks issued between the group it needs and the wait:
// producer_head - consumer_head counted over all groups in between
// (AsyncPipelineCounts.h).
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineScheduler.h"
#include "AsyncPipelineRequests.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::asyncpipe;

PipelineScheduler::PipelineScheduler(const SchedulingProblem &Problem,
                                     const PipelineRequest &Request,
                                     WhyCannotRunEarlyFn WhyCannotRunEarly,
                                     PipelineRefusal &WhyNot)
    : Problem(Problem), Request(Request), WhyCannotRunEarly(WhyCannotRunEarly),
      WhyNot(WhyNot) {
  Plan.Statements.resize(Problem.Statements.size());
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx)
    Plan.Statements[Idx].Order = Idx;
  Plan.Versions.assign(Problem.Buffers.size(), 1);
}

bool PipelineScheduler::fail(StringRef Name, const Twine &Why) {
  WhyNot.Name = Name.str();
  WhyNot.Why = Why.str();
  return false;
}

bool PipelineScheduler::failAnnotation(StringRef Key, const Twine &Why) {
  WhyNot.InvalidAnnotation = Key.str();
  WhyNot.Why = Why.str();
  return false;
}

bool PipelineScheduler::assignStages() {
  if (!Request.Explicit.empty()) {
    if (!assignExplicitStages())
      return false;
    demoteStatementsWithoutCopies();
  } else {
    if (Request.Stages < 2)
      return fail("SingleStage", "the stage count is 1: nothing to overlap");
    assignAutomaticStages();
  }
  bool AnyEarly = false;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx) {
    if (!Plan.isEarly(Idx))
      continue;
    AnyEarly = true;
    if (std::optional<std::string> Why = WhyCannotRunEarly(Idx))
      return fail("CannotRunEarly",
                  formatv("statement {0} cannot run in stage {1}: {2}", Idx,
                          Plan.Statements[Idx].Stage, *Why));
  }
  if (!AnyEarly) {
    std::string Why = "no group can run ahead of its consumers";
    for (auto &[Idx, Reason] : StaysBecause)
      Why += formatv(" (statement {0}: {1})", Idx, Reason).str();
    return fail("NoEarlyGroup", Why);
  }
  return checkLastStageOrder();
}

// The statements of the last stage stay where they are; only the early ones
// move.
bool PipelineScheduler::checkLastStageOrder() {
  unsigned PrevOrder = 0;
  bool First = true;
  for (const StatementPlan &S : Plan.Statements) {
    if (S.Stage != Plan.getLastStage())
      continue;
    if (!First && S.Order < PrevOrder)
      return fail("LastStageReordered",
                  "the order annotation reorders statements of the last "
                  "stage, which is not supported");
    PrevOrder = S.Order;
    First = false;
  }
  return true;
}

bool PipelineScheduler::assignExplicitStages() {
  const ExplicitSchedule &E = Request.Explicit;
  size_t N = Plan.Statements.size();
  // The lists agree with each other (rejectInvalidAnnotations); only the
  // statements they describe are new here.
  if (E.Stage.size() != N)
    return failAnnotation(
        StageKey,
        formatv("it gives stages for {0} statements but the loop body has "
                "{1} (a statement ends after each mark and a new one starts "
                "at each wait); give one stage per statement",
                E.Stage.size(), N));
  unsigned MaxStage = 0;
  for (unsigned Idx = 0; Idx != N; ++Idx) {
    StatementPlan &S = Plan.Statements[Idx];
    S.Stage = E.Stage[Idx];
    MaxStage = std::max(MaxStage, S.Stage);
    if (!E.Order.empty())
      S.Order = E.Order[Idx];
    if (E.HasAsyncStages && Problem.Statements[Idx].HasCopies &&
        !is_contained(E.AsyncStages, S.Stage))
      return failAnnotation(
          AsyncStagesKey,
          formatv("statement {0} issues async copies in stage {1}, which it "
                  "does not list; add {1} to it or give the statement a "
                  "stage it lists",
                  Idx, S.Stage));
  }
  Plan.NumStages = MaxStage + 1;
  if (Plan.NumStages < 2)
    return fail("SingleStage",
                "the schedule has a single stage: nothing to overlap");
  return true;
}

// Only async operations move between stages, so a statement without copies
// (a consumer, or register loads from a shared buffer) that an explicit
// schedule puts in an early stage would still run in its own iteration,
// while its wait moved: TVM's "bad annotation" (a consumer in its
// producers' stage, which TVM completes with wait(0)) and the register
// double-buffering of its nested GEMM. Such a statement runs in the last
// stage instead, where its instructions are; its wait is then counted like
// any wait of the last stage (never 0 for a group that runs ahead) and
// proved by the mark analysis. Its place in the order is where it is in the
// body: right before the next statement of the last stage.
void PipelineScheduler::demoteStatementsWithoutCopies() {
  unsigned Last = Plan.getLastStage();
  SmallVector<unsigned, 8> InOrder, Demoted;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx) {
    StatementPlan &S = Plan.Statements[Idx];
    const StatementShape &Shape = Problem.Statements[Idx];
    if (S.Stage != Last && !Shape.HasCopies && !Shape.IsGroup) {
      S.DemotedFrom = S.Stage;
      S.Stage = Last;
      Demoted.push_back(Idx);
    } else {
      InOrder.push_back(Idx);
    }
  }
  if (Demoted.empty())
    return;
  sort(InOrder, [&](unsigned A, unsigned B) {
    return Plan.Statements[A].Order < Plan.Statements[B].Order;
  });
  for (unsigned D : Demoted) {
    auto *At = find_if(InOrder, [&](unsigned Idx) {
      return Idx > D && Plan.Statements[Idx].Stage == Last;
    });
    InOrder.insert(At, D);
  }
  for (unsigned Pos = 0; Pos != InOrder.size(); ++Pos)
    Plan.Statements[InOrder[Pos]].Order = Pos;
}

// The automatic schedule is TVM's [0, S-1] with stage 0 async: every group
// that can run ahead goes to stage 0, everything else to the last stage.
void PipelineScheduler::assignAutomaticStages() {
  Plan.NumStages = Request.Stages;
  unsigned Last = Plan.getLastStage();
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx) {
    StatementPlan &S = Plan.Statements[Idx];
    const StatementShape &Shape = Problem.Statements[Idx];
    S.Stage = Last;
    if (!Shape.IsGroup || !Shape.HasCopies)
      continue;
    if (Shape.HasWait) {
      StaysBecause[Idx] = "the group waits for another group first";
      continue;
    }
    if (std::optional<std::string> Why = WhyCannotRunEarly(Idx)) {
      StaysBecause[Idx] = *Why;
      continue;
    }
    S.Stage = 0;
  }
}

bool PipelineScheduler::completeSchedule() {
  assignQueues();
  if (!sizeBuffers() || !computeWaitCounts() || !placeBarriers())
    return false;
  findSubsumedWaits();
  return true;
}

// TVM gives every async stage a queue of its own, so that a consumer waits
// for its own producer's groups without counting the other stages'. Here the
// k-th distinct stage holding a group gets queue k, when the schedule is
// explicit, the loop's marks and waits have queue spellings and at least two
// stages are async (hold a group that runs ahead, or a write-back group): a
// schedule with one async stage (the automatic one among them) keeps one
// sequence of marks and is emitted exactly as without queues. A group left
// in the last stage by a schedule with queues gets that stage's queue. Since
// the queue follows the stage, counting a queue's marks is counting its
// stage's (countMarksBetween with SameQueueOnly).
void PipelineScheduler::assignQueues() {
  if (Request.Explicit.empty() || Problem.MaxQueues < 2)
    return;
  SmallVector<unsigned, 4> GroupStages, AsyncStages;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx) {
    const StatementShape &Shape = Problem.Statements[Idx];
    if (!Shape.IsGroup)
      continue;
    unsigned Stage = Plan.Statements[Idx].Stage;
    if (!is_contained(GroupStages, Stage))
      GroupStages.push_back(Stage);
    if ((Plan.isEarly(Idx) || Shape.IsStoreGroup) &&
        !is_contained(AsyncStages, Stage))
      AsyncStages.push_back(Stage);
  }
  if (AsyncStages.size() < 2 || GroupStages.size() > Problem.MaxQueues)
    return;
  sort(GroupStages);
  Plan.UsesQueues = true;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx)
    if (Problem.Statements[Idx].IsGroup)
      Plan.Statements[Idx].Queue =
          find(GroupStages, Plan.Statements[Idx].Stage) - GroupStages.begin();
}

// A buffer read by a statement is free again once that statement ran; one
// read by an async copy (to another buffer) only once the copy completed,
// which the first reader of the buffer it fills waited for.
std::optional<unsigned>
PipelineScheduler::getReleaseStage(const BufferShape::Access &A) const {
  if (!A.IsCopy)
    return Plan.Statements[A.Statement].Stage;
  std::optional<unsigned> Release;
  for (const BufferShape &Filled : Problem.Buffers) {
    if (Filled.Producer != A.Statement || Filled.IsStaging)
      continue;
    for (const BufferShape::Access &Use : Filled.Accesses)
      if (Use.Statement != A.Statement)
        Release = std::min(Release.value_or(~0u),
                           Plan.Statements[Use.Statement].Stage);
  }
  return Release;
}

bool PipelineScheduler::sizeBuffers() {
  for (unsigned BufferIdx = 0; BufferIdx != Problem.Buffers.size();
       ++BufferIdx) {
    const BufferShape &Buffer = Problem.Buffers[BufferIdx];
    const StatementPlan &Producer = Plan.Statements[Buffer.Producer];
    unsigned &Versions = Plan.Versions[BufferIdx];
    // A staging buffer's version is free once its write-back group is
    // complete: one version per stage lets the groups of the other stages'
    // iterations stay in flight (see countLaterInFlight).
    if (Buffer.IsStaging) {
      Versions = Plan.NumStages;
      if (!getWriteBackWait(Buffer.Producer))
        return fail("AsyncStoreNotWaited",
                    formatv("nothing in the loop waits for the async store "
                            "of statement {0} after it, so it could still "
                            "read the buffer {1} when the next iteration "
                            "writes it",
                            Buffer.Producer, Buffer.Name));
      if (Buffer.Bytes * Versions > (uint64_t(1) << 31))
        return fail(
            "BufferTooLarge",
            formatv("the buffer {0} would grow beyond 2 GiB", Buffer.Name));
      continue;
    }
    // No wait would cover a group nobody reads, and it could still be in
    // flight after the loop.
    if (none_of(Buffer.Accesses, [&](const BufferShape::Access &A) {
          return A.Statement != Buffer.Producer;
        }))
      return fail("BufferNeverRead",
                  formatv("the buffer {0} is filled but never read in the "
                          "loop",
                          Buffer.Name));
    for (const BufferShape::Access &A : Buffer.Accesses) {
      const StatementPlan &Reader = Plan.Statements[A.Statement];
      if (A.Statement == Buffer.Producer)
        continue;
      if (Reader.Stage < Producer.Stage ||
          (Reader.Stage == Producer.Stage && Reader.Order < Producer.Order))
        return fail("ReadBeforeFillInSchedule",
                    formatv("statement {0} reads the buffer {1} before "
                            "statement {2} fills it in the schedule",
                            A.Statement, Buffer.Name, Buffer.Producer));
      std::optional<unsigned> FreeStage = getReleaseStage(A);
      if (!FreeStage)
        return fail("CopyReadNotWaited",
                    formatv("the async copy {0} reads the buffer {1} but "
                            "nothing in the loop waits for that copy",
                            A.What, Buffer.Name));
      Versions = std::max(Versions, countVersions(Producer.Stage, *FreeStage));
    }
    if (Buffer.Bytes * Versions > (uint64_t(1) << 31))
      return fail(
          "BufferTooLarge",
          formatv("the buffer {0} would grow beyond 2 GiB", Buffer.Name));
  }
  return true;
}

SmallVector<ScheduleSlot, 8> PipelineScheduler::getSlots() const {
  SmallVector<ScheduleSlot, 8> Slots;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx)
    Slots.push_back({Plan.Statements[Idx].Stage, Plan.Statements[Idx].Order,
                     Problem.Statements[Idx].IsGroup});
  return Slots;
}

// The groups the wait of statement \p Waiter must see complete: those that
// fill the buffers read up to the next wait, or every earlier group if it
// covers no read of a pipelined buffer.
SmallVector<unsigned, 4>
PipelineScheduler::getNeededGroups(unsigned Waiter) const {
  unsigned End = Waiter + 1;
  while (End != Problem.Statements.size() && !Problem.Statements[End].HasWait)
    ++End;
  SmallVector<unsigned, 4> Needed;
  for (const BufferShape &Buffer : Problem.Buffers)
    for (const BufferShape::Access &A : Buffer.Accesses)
      if (!Buffer.IsStaging && A.Statement >= Waiter && A.Statement < End &&
          A.Statement != Buffer.Producer &&
          !is_contained(Needed, Buffer.Producer))
        Needed.push_back(Buffer.Producer);
  // The first wait after a write-back group is the one that frees its
  // staging buffer's version for a later iteration.
  for (unsigned G = 0; G != Waiter; ++G)
    if (Problem.Statements[G].IsStoreGroup && getWriteBackWait(G) == Waiter &&
        !is_contained(Needed, G))
      Needed.push_back(G);
  // A wait that covers no read waits for every earlier group, except the
  // write-back groups: those are their own wait's.
  if (Needed.empty())
    for (unsigned G = 0; G != Waiter; ++G)
      if (Problem.Statements[G].IsGroup && !Problem.Statements[G].IsStoreGroup)
        Needed.push_back(G);
  return Needed;
}

// The first wait after a write-back group in the body, if it is in the last
// stage: in the synchronous form the wait that completes the stores.
std::optional<unsigned>
PipelineScheduler::getWriteBackWait(unsigned StoreGroup) const {
  for (unsigned Idx = StoreGroup + 1; Idx != Problem.Statements.size(); ++Idx)
    if (Problem.Statements[Idx].HasWait)
      return Plan.isEarly(Idx) ? std::nullopt : std::optional<unsigned>(Idx);
  return std::nullopt;
}

// A write-back group's staging buffer has one version per stage, so its wait
// in iteration i need only complete the group of iteration i - (V - 1): the
// next write into the buffer, in iteration i + 1, is into that group's
// version. The V - 1 later iterations each commit every group once: that
// many more marks (of the group's queue only, when counting a queue) stay in
// flight than between the group and the wait in one iteration.
uint64_t PipelineScheduler::countLaterInFlight(unsigned Group,
                                               bool SameQueueOnly) const {
  uint64_t PerIteration = 0;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx)
    if (Problem.Statements[Idx].IsGroup &&
        (!SameQueueOnly ||
         Plan.Statements[Idx].Stage == Plan.Statements[Group].Stage))
      ++PerIteration;
  return uint64_t(Plan.NumStages - 1) * PerIteration;
}

bool PipelineScheduler::computeWaitCounts() {
  SmallVector<ScheduleSlot, 8> Slots = getSlots();
  for (unsigned WIdx = 0; WIdx != Plan.Statements.size(); ++WIdx) {
    if (!Problem.Statements[WIdx].HasWait)
      continue;
    StatementPlan &W = Plan.Statements[WIdx];
    std::optional<uint64_t> Count, QueueCount;
    for (unsigned G : getNeededGroups(WIdx)) {
      std::optional<uint64_t> N = countMarksBetween(Slots, G, WIdx);
      if (!N)
        return fail("WaitBeforeGroup",
                    formatv("statement {0} is scheduled before the group "
                            "(statement {1}) it waits for",
                            WIdx, G));
      bool WriteBack = Problem.Statements[G].IsStoreGroup;
      uint64_t Later = WriteBack ? countLaterInFlight(G, false) : 0;
      uint64_t QueueLater = WriteBack ? countLaterInFlight(G, true) : 0;
      uint64_t QN = *countMarksBetween(Slots, G, WIdx, /*SameQueueOnly=*/true) +
                    QueueLater;
      *N += Later;
      if (!Count || *N < *Count) {
        Count = N;
        QueueCount = QN;
        W.NeededGroup = G;
        W.LaterInFlight = Later;
        W.OwnInFlight = countOwnGroupsInFlight(Slots, G, WIdx).value_or(0);
      }
      if (*N == 0 && StaysBecause.count(G))
        W.WaitFallback = StaysBecause.lookup(G);
      if (!Plan.UsesQueues)
        continue;
      // One wait per queue: the fewest marks of that queue after any group
      // of it the wait needs.
      unsigned Q = Plan.Statements[G].Queue;
      auto *It = find_if(W.QueueWaits,
                         [&](const QueueWait &QW) { return QW.Queue == Q; });
      if (It == W.QueueWaits.end())
        W.QueueWaits.push_back({Q, QN, G, QueueLater});
      else if (QN < It->Count)
        *It = {Q, QN, G, QueueLater};
    }
    W.WaitCount = Count.value_or(0);
    W.QueueWaitCount = QueueCount.value_or(0);
    if (Problem.MaxWaitCount && W.WaitCount > *Problem.MaxWaitCount)
      W.WaitCount = *Problem.MaxWaitCount;
    sort(W.QueueWaits, [](const QueueWait &A, const QueueWait &B) {
      return A.Queue < B.Queue;
    });
    // A smaller count only waits for more (the lowering computes the count
    // on the one counter from the queue's count, never below it).
    for (QueueWait &QW : W.QueueWaits)
      if (Problem.MaxWaitCount && QW.Count > *Problem.MaxWaitCount)
        QW.Count = *Problem.MaxWaitCount;
  }
  return true;
}

// A barrier of the last stage separates the read \p A from the refill of its
// version if it runs after the read or before the refill in the order.
// Barriers of early statements stay behind when their statement moves; they
// are not counted on.
bool PipelineScheduler::isCoveredByBarrier(const BufferShape &Buffer,
                                           const BufferShape::Access &A) const {
  const StatementPlan &P = Plan.Statements[Buffer.Producer];
  const StatementPlan &R = Plan.Statements[A.Statement];
  return any_of(Problem.Barriers, [&](const BarrierShape &B) {
    if (Plan.isEarly(B.Statement))
      return false;
    const StatementPlan &BS = Plan.Statements[B.Statement];
    return BS.Order > R.Order || BS.Order < P.Order ||
           (B.Statement == A.Statement && A.Position < B.Position);
  });
}

// Each work-item's write-back wait completes only its own stores, which may
// read what other work-items wrote into the staging buffer. So a barrier of
// the last stage must come after that wait and before the next write into
// the buffer (later in the same iteration, or earlier in the next one).
bool PipelineScheduler::isWriteBackCoveredByBarrier(
    const BufferShape &Buffer) const {
  std::optional<unsigned> Wait = getWriteBackWait(Buffer.Producer);
  const StatementPlan &W = Plan.Statements[*Wait];
  return all_of(Buffer.Accesses, [&](const BufferShape::Access &A) {
    if (!A.IsWrite)
      return true;
    const StatementPlan &Writer = Plan.Statements[A.Statement];
    return any_of(Problem.Barriers, [&](const BarrierShape &B) {
      if (Plan.isEarly(B.Statement))
        return false;
      const StatementPlan &BS = Plan.Statements[B.Statement];
      return B.Statement == *Wait || BS.Order > W.Order ||
             BS.Order < Writer.Order ||
             (B.Statement == A.Statement && B.Position < A.Position);
    });
  });
}

// With several versions a buffer is refilled Versions iterations after it was
// filled. If that refill can come in the very next loop iteration after the
// last read, a barrier must lie between the read and the refill, or another
// work-item may still read the version being overwritten. Loops with no
// barrier share nothing between work-items and need none.
bool PipelineScheduler::placeBarriers() {
  if (Problem.Barriers.empty())
    return true;
  for (unsigned BufferIdx = 0; BufferIdx != Problem.Buffers.size();
       ++BufferIdx) {
    const BufferShape &Buffer = Problem.Buffers[BufferIdx];
    unsigned Versions = Plan.Versions[BufferIdx];
    if (Buffer.IsStaging) {
      if (!isWriteBackCoveredByBarrier(Buffer))
        Plan.NeedsBarrier = true;
      continue;
    }
    if (Versions < 2)
      continue;
    unsigned ProducerStage = Plan.Statements[Buffer.Producer].Stage;
    for (const BufferShape::Access &A : Buffer.Accesses) {
      if (A.Statement == Buffer.Producer)
        continue;
      if (Versions + ProducerStage - *getReleaseStage(A) >= 2)
        continue;
      if (!isCoveredByBarrier(Buffer, A))
        Plan.NeedsBarrier = true;
    }
  }
  if (Plan.NeedsBarrier && !Problem.CanAddBarrier)
    return fail("NoBarrier", "a barrier is needed and the target has none");
  return true;
}

// A wait of the last stage that follows another one with no mark in between
// allows no fewer groups than it: nothing was committed since the earlier
// wait left at most its count outstanding, so it has nothing to do. Early
// statements' marks are emitted before the first last-stage statement
// ordered after them; a call in between might commit groups on a hardware
// counter (a native form in a callee), so calls other than intrinsics and
// barriers keep the later wait.
void PipelineScheduler::findSubsumedWaits() {
  // A wait on one queue allows nothing about another queue's groups.
  if (Plan.UsesQueues)
    return;
  SmallVector<WaitSlot, 8> Waits;
  for (unsigned Idx = 0; Idx != Plan.Statements.size(); ++Idx) {
    const StatementPlan &S = Plan.Statements[Idx];
    const StatementShape &Shape = Problem.Statements[Idx];
    WaitSlot W;
    W.Slot = {S.Stage, S.Order, Shape.IsGroup};
    W.HasWait = Shape.HasWait;
    W.WaitCount = S.WaitCount;
    W.HasOpaqueCall = Shape.HasOpaqueCall;
    Waits.push_back(W);
  }
  SmallVector<std::optional<unsigned>, 8> SubsumedBy(Waits.size());
  asyncpipe::findSubsumedWaits(Waits, Plan.getLastStage(), SubsumedBy);
  for (unsigned Idx = 0; Idx != Waits.size(); ++Idx)
    Plan.Statements[Idx].SubsumedBy = SubsumedBy[Idx];
}

//===----------------------------------------------------------------------===//
// Register stages
//===----------------------------------------------------------------------===//

// The register stage double-buffers in registers: deeper stages would need
// one set of phis per extra iteration ahead and a longer tail of copies of
// the body, for loads that already overlap one iteration of computation.
bool PipelineScheduler::scheduleRegisterStages(unsigned Stages,
                                               PipelineRefusal &WhyNot) {
  constexpr unsigned RegisterStages = 2;
  if (Stages == RegisterStages)
    return true;
  WhyNot.Name = "RegisterStages";
  WhyNot.Why = formatv("it asks for {0} register stages; only 2 are "
                       "supported (the loads one iteration ahead, TVM's "
                       "stages [0, 0, 1])",
                       Stages)
                   .str();
  return false;
}
