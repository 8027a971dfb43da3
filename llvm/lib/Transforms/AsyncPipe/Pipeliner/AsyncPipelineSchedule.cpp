//===- AsyncPipelineSchedule.cpp - Plan the pipelining of one loop --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Everything the pipeliner decides is decided before the IR changes: the
// statements of the body, their stages and order, the count of every wait
// and whether a barrier must be added (here), the buffers and how many
// versions each needs (AsyncPipelineBuffers.cpp), what early
// copies may read ahead of (AsyncPipelineReadAhead.cpp). A loop
// that fails any check is left alone with the reason, so a schedule that
// reaches the transform is always legal.
//
// Counting (TVM RFC; llvm/docs/AsyncPipeModel.rst, queues): in the pipelined
// body, loop iteration i runs statement s for source iteration i + (D -
// stage(s)), where D is the last stage, and every loop iteration commits every
// group's mark exactly once (empty groups where a copy is predicated off). The
// mark sequence is therefore periodic, and the groups allowed in flight at a
// wait are the marks issued between the group it needs and the wait:
// producer_head - consumer_head counted over all groups in between.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineSchedule.h"
#include "AsyncPipelinePlanner.h"
#include "AsyncPipelineRequests.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::pipeliner;

unsigned PipelineSchedule::getNumGroups() const {
  unsigned Groups = 0;
  for (const PipelineStatement &S : Statements)
    Groups += S.isGroup();
  return Groups;
}

std::string pipeliner::describeInnerLoop(const Loop &Inner) {
  if (DebugLoc Loc = Inner.getStartLoc())
    return formatv("at line {0}", Loc.getLine()).str();
  StringRef Name = Inner.getHeader()->getName();
  return Name.empty() ? std::string("in the loop body")
                      : formatv("at '{0}'", Name).str();
}

bool PipelinePlanner::checkLoopShape() {
  // An asynchronous operation the model does not know (gfx1250's tensor
  // DMA) is covered by the marks the pipeliner moves, but it would stay
  // where it is and the waits would no longer count it where they did.
  // An async store (the write-back of a stage) would have to be placed in
  // the schedule after the compute that fills its shared source, which the
  // planner does not do.
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (AsyncOp::get(I).isStore())
        return fail("AsyncStore",
                    "it issues an async store (asyncpipe_store), which the "
                    "pipeliner does not schedule yet: pipeline the copies of "
                    "a loop without one");
  if (Target)
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB)
        if (std::string What = Target->describeUnmodeledAsyncOp(I);
            !What.empty())
          return fail("UnmodeledAsyncOp",
                      formatv("it issues {0}, an asynchronous operation the "
                              "pipeliner does not model: it cannot move it "
                              "with its group of copies, nor count it in "
                              "the waits",
                              What));
  if (!L.getLoopPreheader() || !L.getExitingBlock() ||
      L.getExitingBlock() != L.getLoopLatch())
    return fail("LoopShape",
                "the loop has no preheader, more than one exit or an exit "
                "that is not its latch");
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return fail("TripCount", "its trip count cannot be computed");
  if (SE.getTypeSizeInBits(BTC->getType()) > 64)
    return fail("TripCountTooWide", "its trip count does not fit in 64 bits");
  Sched.BackedgeTakenCount = BTC;
  // Inner loops may compute (the consumers' k loop of a GEMM) or issue
  // copies (a tile copied by a loop), but the marks and waits must be the
  // outer loop's own.
  return findCopyRegions();
}

// The body is walked in reverse post-order. Blocks of the loop itself that
// dominate the latch (the spine) run once per iteration: only they may hold
// marks and waits, which is what makes the mark count of an iteration a
// constant. Blocks off the spine (conditional code) belong to the statement
// around them; a copy there is predicated.
bool PipelinePlanner::cutStatements() {
  BasicBlock *Latch = L.getLoopLatch();
  PipelineStatement Current;
  auto Close = [&] {
    if (!Current.Insts.empty())
      Sched.Statements.push_back(std::move(Current));
    Current = PipelineStatement();
  };
  LoopBlocksRPO RPO(&L);
  RPO.perform(&LI);
  unsigned Position = 0;
  BasicBlock *LastSpineBlock = nullptr;
  std::optional<unsigned> LastRegion;
  for (BasicBlock *BB : RPO) {
    bool OnSpine = isOnSpine(BB);
    if (OnSpine)
      LastSpineBlock = BB;
    // A copy loop is one piece of its statement: the cut before a copy that
    // follows consumer work is made where the region begins.
    auto Region = RegionOf.find(BB);
    bool InRegion = Region != RegionOf.end();
    if (InRegion && LastRegion != Region->second) {
      LastRegion = Region->second;
      if (Current.Wait && Current.Copies.empty() &&
          any_of(Current.Insts, [](Instruction *Prev) {
            return !AsyncOp::get(*Prev) && isWork(*Prev);
          }))
        Close();
      if (Current.Insts.empty())
        Current.Start = LastSpineBlock->getTerminator();
      Current.Regions.push_back(Region->second);
    }
    for (Instruction &I : *BB) {
      PositionOf[&I] = Position++;
      if ((BB == L.getHeader() && isa<PHINode>(I)) || I.isTerminator()) {
        StatementOf[&I] = Sched.Statements.size();
        continue;
      }
      AsyncOp Op = AsyncOp::get(I);
      if (!OnSpine && (Op.isMark() || Op.isWait()))
        return fail("ConditionalMarkOrWait",
                    formatv("the {0} {1} is conditional, so the marks of an "
                            "iteration are not a constant",
                            Op.isMark() ? "mark" : "wait", describe(&I)));
      // Copy A, mark, wait, use A, copy B, mark: "use A" and "copy B" are
      // two statements, so that B can run ahead of the wait for A on its own
      // (TVM's interleaved producers); with only address arithmetic between
      // the wait and the copy (a copy from one buffer to another) the wait
      // and the copy stay one statement, as in TVM.
      if (Op.isWait() ||
          (Op.isCopy() && !InRegion && Current.Wait && Current.Copies.empty() &&
           any_of(Current.Insts, [](Instruction *Prev) {
             return !AsyncOp::get(*Prev) && isWork(*Prev);
           })))
        Close();
      // A statement that begins inside a branch begins, on the spine, at the
      // branch into it.
      if (Current.Insts.empty())
        Current.Start = OnSpine ? &I : LastSpineBlock->getTerminator();
      StatementOf[&I] = Sched.Statements.size();
      Current.Insts.push_back(&I);
      if (Op.isWait()) {
        Current.Wait = Op.getCall();
      } else if (Op.isCopy()) {
        Current.Copies.push_back(Op.getCall());
        // A copy loop's copies are re-emitted with their loop and guard.
        Current.HasPredicatedCopies |= !OnSpine && !InRegion;
      } else if (Op.isMark()) {
        Current.Mark = Op.getCall();
        Close();
      }
    }
  }
  Close();
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    S.Order = Idx;
    if (!S.Start)
      S.Start = Latch->getTerminator();
  }
  return true;
}

bool PipelinePlanner::checkSynchronousForm() {
  bool HasWait = false;
  for (const PipelineStatement &S : Sched.Statements) {
    if (!S.Copies.empty() && !S.Mark)
      return fail("CopyWithoutMark",
                  formatv("the async copy {0} is not followed by a mark "
                          "before the next wait",
                          describe(S.Copies.front())));
    if (S.Wait) {
      HasWait = true;
      std::optional<uint64_t> N = AsyncOp::get(*S.Wait).getConstantWaitCount();
      if (!N || *N != 0)
        return fail("NotSynchronousForm",
                    "it already waits for fewer than all groups (not the "
                    "synchronous form: every wait must be wait(0))");
    }
  }
  if (Sched.getNumGroups() == 0 || !HasWait)
    return fail("NoAsyncGroup",
                "it has no async copy followed by a mark and a wait");
  return true;
}

bool PipelinePlanner::assignStages() {
  if (!Request.Explicit.empty()) {
    if (!assignExplicitStages())
      return false;
    demoteStatementsWithoutCopies();
  } else {
    if (Request.Stages < 2)
      return fail("SingleStage", "the stage count is 1: nothing to overlap");
    assignAutomaticStages();
  }
  unsigned Last = Sched.getLastStage();
  bool AnyEarly = false;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    if (Sched.Statements[Idx].Stage == Last)
      continue;
    AnyEarly = true;
    if (std::optional<std::string> Why = whyCannotRunEarly(Idx))
      return fail("CannotRunEarly",
                  formatv("statement {0} cannot run in stage {1}: {2}", Idx,
                          Sched.Statements[Idx].Stage, *Why));
  }
  if (!AnyEarly) {
    std::string Why = "no group can run ahead of its consumers";
    for (auto &[Idx, Reason] : StaysBecause)
      Why += formatv(" (statement {0}: {1})", Idx, Reason).str();
    return fail("NoEarlyGroup", Why);
  }
  // The statements of the last stage stay where they are; only the early
  // ones move.
  unsigned PrevOrder = 0;
  bool First = true;
  for (const PipelineStatement &S : Sched.Statements) {
    if (S.Stage != Last)
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

bool PipelinePlanner::assignExplicitStages() {
  const ExplicitSchedule &E = Request.Explicit;
  size_t N = Sched.Statements.size();
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
    PipelineStatement &S = Sched.Statements[Idx];
    S.Stage = E.Stage[Idx];
    MaxStage = std::max(MaxStage, S.Stage);
    if (!E.Order.empty())
      S.Order = E.Order[Idx];
    if (E.HasAsyncStages && !S.Copies.empty() &&
        !is_contained(E.AsyncStages, S.Stage))
      return failAnnotation(
          AsyncStagesKey,
          formatv("statement {0} issues async copies in stage {1}, which it "
                  "does not list; add {1} to it or give the statement a "
                  "stage it lists",
                  Idx, S.Stage));
  }
  Sched.NumStages = MaxStage + 1;
  if (Sched.NumStages < 2)
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
void PipelinePlanner::demoteStatementsWithoutCopies() {
  unsigned Last = Sched.getLastStage();
  SmallVector<unsigned, 8> InOrder, Demoted;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    if (S.Stage != Last && S.Copies.empty() && !S.Mark) {
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
    return Sched.Statements[A].Order < Sched.Statements[B].Order;
  });
  for (unsigned D : Demoted) {
    auto *At = find_if(InOrder, [&](unsigned Idx) {
      return Idx > D && Sched.Statements[Idx].Stage == Last;
    });
    InOrder.insert(At, D);
  }
  for (unsigned Pos = 0; Pos != InOrder.size(); ++Pos)
    Sched.Statements[InOrder[Pos]].Order = Pos;
}

// The automatic schedule is TVM's [0, S-1] with stage 0 async: every group
// that can run ahead goes to stage 0, everything else to the last stage.
void PipelinePlanner::assignAutomaticStages() {
  Sched.NumStages = Request.Stages;
  unsigned Last = Sched.getLastStage();
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    S.Stage = Last;
    if (!S.isGroup() || S.Copies.empty())
      continue;
    if (S.Wait) {
      StaysBecause[Idx] = "the group waits for another group first";
      continue;
    }
    if (std::optional<std::string> Why = whyCannotRunEarly(Idx)) {
      StaysBecause[Idx] = *Why;
      continue;
    }
    S.Stage = 0;
  }
}

// Only the async operations of an early statement move: its other
// instructions keep their place in the body. So what can stop a group from
// running ahead is what its copies read: a pipelined buffer through a load
// that would stay behind, or operands that cannot be recomputed for a later
// iteration.
std::optional<std::string> PipelinePlanner::whyCannotRunEarly(unsigned Idx) {
  const PipelineStatement &S = Sched.Statements[Idx];
  if (S.HasPredicatedCopies)
    return std::string("its copies are predicated (inside a branch), so the "
                       "groups issued ahead cannot be counted");
  for (const PipelineBuffer &Buffer : Sched.Buffers)
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      if (A.Statement != Idx || A.Statement == Buffer.Producer)
        continue;
      if (!AsyncOp::get(*A.I).isCopy())
        return formatv("{0} reads the pipelined buffer {1}", describe(A.I),
                       describe(Buffer.Object))
            .str();
      // A copy from a buffer may move with the wait for that buffer, which
      // then moves too; without one, the wait stays behind the copy.
      if (!S.Wait)
        return formatv("{0} reads the pipelined buffer {1} and the wait for "
                       "it is in an earlier statement",
                       describe(A.I), describe(Buffer.Object))
            .str();
    }
  SmallPtrSet<Value *, 16> Seen;
  for (unsigned R : S.Regions)
    if (std::optional<std::string> Why =
            whyRegionNotRecomputable(Sched.CopyRegions[R], Idx, Seen))
      return Why;
  for (CallBase *Copy : S.Copies)
    if (!Sched.getCopyRegion(Copy))
      for (Value *Arg : Copy->args())
        if (std::optional<std::string> Why = whyNotRecomputable(Arg, Idx, Seen))
          return Why;
  return std::nullopt;
}

// An early statement is re-evaluated for a later iteration, so the operands
// of its copies must be recomputable from loop invariants and induction
// variables alone.
std::optional<std::string>
PipelinePlanner::whyNotRecomputable(Value *V, unsigned Idx,
                                    SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || !Seen.insert(V).second)
    return std::nullopt;
  if (auto *Phi = dyn_cast<PHINode>(I)) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return formatv("the copy depends on {0}, which is not an induction "
                     "variable",
                     describe(Phi))
          .str();
    for (const PipelineSchedule::InductionValue &IV : Sched.Inductions)
      if (IV.Phi == Phi)
        return std::nullopt;
    Sched.Inductions.push_back(
        {Phi, AR->getStart(), AR->getStepRecurrence(SE)});
    return std::nullopt;
  }
  if (!isPure(*I) && !AsyncOp::get(*I).isCopy())
    return formatv("the copy's operands depend on {0}, which reads memory "
                   "in the loop (the count of a predicated or data-dependent "
                   "producer cannot be derived)",
                   describe(I))
        .str();
  for (Value *Op : I->operands())
    if (std::optional<std::string> Why = whyNotRecomputable(Op, Idx, Seen))
      return Why;
  return std::nullopt;
}

SmallVector<ScheduleSlot, 8> PipelinePlanner::getSlots() const {
  SmallVector<ScheduleSlot, 8> Slots;
  for (const PipelineStatement &S : Sched.Statements)
    Slots.push_back({S.Stage, S.Order, S.isGroup()});
  return Slots;
}

bool PipelinePlanner::computeWaitCounts() {
  for (unsigned WIdx = 0; WIdx != Sched.Statements.size(); ++WIdx) {
    PipelineStatement &W = Sched.Statements[WIdx];
    if (!W.Wait)
      continue;
    // The wait covers the statements up to the next wait.
    unsigned End = WIdx + 1;
    while (End != Sched.Statements.size() && !Sched.Statements[End].Wait)
      ++End;
    SmallVector<unsigned, 4> Needed;
    for (const PipelineBuffer &Buffer : Sched.Buffers)
      for (const PipelineBuffer::Access &A : Buffer.Accesses)
        if (A.Statement >= WIdx && A.Statement < End &&
            A.Statement != Buffer.Producer &&
            !is_contained(Needed, Buffer.Producer))
          Needed.push_back(Buffer.Producer);
    if (Needed.empty())
      for (unsigned G = 0; G != WIdx; ++G)
        if (Sched.Statements[G].isGroup())
          Needed.push_back(G);
    std::optional<uint64_t> Count, QueueCount;
    SmallVector<ScheduleSlot, 8> Slots = getSlots();
    for (unsigned G : Needed) {
      std::optional<uint64_t> N = countMarksBetween(Slots, G, WIdx);
      if (!N)
        return fail("WaitBeforeGroup",
                    formatv("statement {0} is scheduled before the group "
                            "(statement {1}) it waits for",
                            WIdx, G));
      if (!Count || *N < *Count) {
        Count = N;
        QueueCount = countMarksBetween(Slots, G, WIdx, /*SameQueueOnly=*/true);
        W.NeededGroup = G;
        W.OwnInFlight = countOwnGroupsInFlight(Slots, G, WIdx).value_or(0);
      }
      if (*N == 0 && StaysBecause.count(G))
        W.WaitFallback = StaysBecause.lookup(G);
    }
    W.WaitCount = Count.value_or(0);
    W.QueueWaitCount = QueueCount.value_or(0);
    if (Target)
      if (std::optional<uint64_t> Max = Target->getMaxWaitCount();
          Max && W.WaitCount > *Max)
        W.WaitCount = *Max;
  }
  return true;
}

// With several versions a buffer is refilled Versions iterations after it was
// filled. If that refill can come in the very next loop iteration after the
// last read, a barrier must lie between the read and the refill, or another
// work-item may still read the version being overwritten. Loops with no
// barrier share nothing between work-items and need none.
bool PipelinePlanner::placeBarriers() {
  // Only barriers on the spine run in every iteration.
  SmallVector<Instruction *, 4> Barriers;
  for (BasicBlock *BB : L.blocks())
    if (isOnSpine(BB))
      for (Instruction &I : *BB)
        if (isBarrier(I))
          Barriers.push_back(&I);
  if (Barriers.empty())
    return true;
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    if (Buffer.Versions < 2)
      continue;
    const PipelineStatement &P = Sched.Statements[Buffer.Producer];
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      if (A.Statement == Buffer.Producer)
        continue;
      const PipelineStatement &R = Sched.Statements[A.Statement];
      if (Buffer.Versions + P.Stage - *getReleaseStage(A) >= 2)
        continue;
      // Barriers of early statements stay behind when their statement
      // moves; do not count on them.
      bool Covered = any_of(Barriers, [&](Instruction *B) {
        const PipelineStatement &BS = Sched.Statements[StatementOf.lookup(B)];
        if (Sched.isEarly(BS))
          return false;
        return BS.Order > R.Order || BS.Order < P.Order ||
               (&BS == &R && PositionOf.lookup(A.I) < PositionOf.lookup(B));
      });
      if (!Covered)
        Sched.NeedsBarrier = true;
    }
  }
  if (Sched.NeedsBarrier && !Target)
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
void PipelinePlanner::findSubsumedWaits() {
  SmallVector<WaitSlot, 8> Waits;
  for (const PipelineStatement &S : Sched.Statements) {
    WaitSlot W;
    W.Slot = {S.Stage, S.Order, S.isGroup()};
    W.HasWait = S.Wait != nullptr;
    W.WaitCount = S.WaitCount;
    W.HasOpaqueCall = any_of(S.Insts, [&](Instruction *I) {
      const auto *Call = dyn_cast<CallBase>(I);
      return Call && I != S.Wait && !isa<IntrinsicInst>(Call) &&
             classifySync(*I, Target) == SyncKind::None;
    });
    Waits.push_back(W);
  }
  SmallVector<std::optional<unsigned>, 8> SubsumedBy(Waits.size());
  asyncpipe::findSubsumedWaits(Waits, Sched.getLastStage(), SubsumedBy);
  for (unsigned Idx = 0; Idx != Waits.size(); ++Idx)
    Sched.Statements[Idx].SubsumedBy = SubsumedBy[Idx];
}

std::optional<PipelineSchedule>
asyncpipe::planPipeline(Loop &L, const PipelineRequest &Request,
                        ScalarEvolution &SE, AAResults &AA, LoopInfo &LI,
                        DominatorTree &DT, const AsyncTarget *Target,
                        PipelineRefusal &WhyNot) {
  return PipelinePlanner(L, Request, SE, AA, LI, DT, Target, WhyNot).run();
}
