//===- AsyncMarkAnalysis.cpp - Outstanding marks over all paths -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Removing or weakening a wait is only sound when it is proved over every
// path, loops included, under the semantics of the spelling the user wrote
// (llvm/docs/AsyncPipeModel.rst). Earlier versions of AsyncPipe proved such
// facts in seven places with different limits, and two of them could
// disagree; this file is now the only one.
//
// AsyncMarkCounts, per semantic kind:
//   * Activation: the entry state is "nothing outstanding"; a mark of the
//     activation model adds one; a wait of the activation model with count N
//     caps both bounds at N; calls are transparent (a callee's marks belong
//     to its own activation) but may leave copies uncommitted; native ops
//     belong to another sequence and are ignored (a native wait would only
//     make things stronger, so ignoring it is safe).
//   * Hardware: the entry state is "any number pending" (the caller may have
//     committed groups); every mark adds one (portable marks become hardware
//     commits on targets that have them, and over-counting only keeps more
//     waits); only native waits cap; a call, or inline assembly that touches
//     cp.async, may commit and wait anything, so the state becomes unknown.
//
// MarkDistances: per tracked value, the fewest marks (of one kind) issued
// since it was made, optionally set to None at a wait that completes it.
//
// ObservedMarks: which marks some wait may observe (the question
// elimination asks of every mark), solved backwards with one number per
// point; why its answer is MarkDistances' is given at its constructor.
//
// Cost. A solve steps only the instructions whose transfer can change its
// state (marks, copies, waits, calls, tracked definitions), listed once per
// block; AsyncMarkCounts records the state before each of them, so a query
// is a lookup or a binary search in its block, and MarkDistances answers
// queries in program order from a cursor in the block. The work is the
// sweeps times the listed instructions, whatever the number of marks. A
// MarkDistances state keeps a counter of the block's marks and, per value
// present, the counter's value when it was made (a mark adds one to the
// counter, not to every distance); a block's exit records the distances of
// the values present (with OnlyAtUses only those live out of the block, as
// SSA liveness from their uses finds them), so its work adds the values'
// live ranges, not the tracked values times the blocks.
//
// Termination. Counts and distances are forward dataflows iterated in
// reverse post-order, observers a backward one iterated in post-order,
// until no block's exit state changes, over finite-height lattices with
// monotone transfer functions:
//   * Max takes values in {0 .. Limit} + {Unbounded}, where Limit is the
//     number of marks the kind counts plus the largest tracked wait count;
//     a finite bound of a fixed point never exceeds it (at most the largest
//     cap plus the marks of one acyclic path), so anything above is a cycle
//     that marks more than it waits and becomes Unbounded. Min takes values
//     in {0 .. Limit}. Flags are booleans. Joins take max / min / or, and
//     every transfer (add one with saturation, min with a constant, set to a
//     constant) is monotone, so each block's state moves in one direction
//     through at most 2 * (Limit + 2) + 4 values per kind.
//   * Observation horizons (ObservedMarks) take values in
//     {-1 .. LargestTrackedWaitCount} + {any}; joins take the maximum, a
//     mark lowers by one, a wait sets a constant: monotone, each block's
//     value only rises, through at most LargestTrackedWaitCount + 3 values.
//   * Distances take values in {0 .. Saturated} + {None}; joins and PHIs
//     take the minimum, marks add one with saturation, definitions and
//     completions set constants that do not depend on the incoming state
//     except through the monotone minimum of a select: each entry only
//     decreases, through at most Saturated + 2 values. (A block's exit
//     records these saturated distances, not its counter; a value absent
//     from an exit is None there, and with OnlyAtUses the set of values an
//     exit can hold is fixed by liveness before the sweeps.)
// A sweep that changes nothing ends the iteration, and every sweep before it
// lowers or raises some entry, so the number of sweeps is bounded by the sum
// of the heights. A hard bound on sweeps (far above anything a real
// function needs) backs the proof: if it is ever reached, every query answers
// the safe "unknown" (no wait is found redundant, every mark is observed),
// never a wrong fact, and the compiler never hangs.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::asyncpipe;

AnalysisKey AsyncMarkAnalysis::Key;

namespace {

/// Far more sweeps than any function needs (see the file comment); only a
/// broken termination argument could reach it.
constexpr unsigned MaxSweeps = 100000;

cl::opt<bool> PrintSolveStats(
    "asyncpipe-mark-analysis-stats", cl::Hidden, cl::init(false),
    cl::desc("Print, for every solve of the mark analysis, the function's "
             "size and the transfer steps and sweeps the solve took"));

unsigned kindIndex(AsyncSemantics K) { return static_cast<unsigned>(K); }

/// Sweeps the positions 0 to \p NumBlocks - 1 of a function's blocks in
/// the order of a solve (reverse post-order forwards, post-order backwards),
/// calling \p UpdateAt (which recomputes that block's exit state and says
/// whether it changed) until a sweep changes nothing. Returns false if
/// MaxSweeps were not enough (see the file comment: only a broken lattice
/// could need them).
bool sweepToFixedPoint(unsigned NumBlocks, unsigned &Sweeps,
                       function_ref<bool(unsigned)> UpdateAt) {
  for (Sweeps = 1; Sweeps <= MaxSweeps; ++Sweeps) {
    bool Changed = false;
    for (unsigned Pos = 0; Pos != NumBlocks; ++Pos)
      Changed |= UpdateAt(Pos);
    if (!Changed)
      return true;
  }
  return false;
}

} // namespace

/// The order of ReversePostOrderTraversal (a depth-first search taking
/// successors in order) of the blocks reached from \p From through blocks
/// \p InRegion accepts, with the visited blocks kept by block number: on
/// functions of many thousand blocks a hashed set of them cost as much as a
/// sweep.
static SmallVector<const BasicBlock *, 32>
reversePostOrderFrom(const BasicBlock &From,
                     function_ref<bool(const BasicBlock *)> InRegion) {
  SmallVector<const BasicBlock *, 32> Order;
  BitVector Visited(From.getParent()->getMaxBlockNumber());
  Visited.set(From.getNumber());
  SmallVector<std::pair<const BasicBlock *, const_succ_iterator>, 16> Stack = {
      {&From, succ_begin(&From)}};
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.back().first;
    if (Stack.back().second == succ_end(BB)) {
      Order.push_back(BB);
      Stack.pop_back();
      continue;
    }
    const BasicBlock *Succ = *Stack.back().second++;
    if (!Visited.test(Succ->getNumber()) && InRegion(Succ)) {
      Visited.set(Succ->getNumber());
      Stack.push_back({Succ, succ_begin(Succ)});
    }
  }
  std::reverse(Order.begin(), Order.end());
  return Order;
}

SmallVector<const BasicBlock *, 32>
asyncpipe::blocksInReversePostOrder(const Function &F) {
  return reversePostOrderFrom(F.getEntryBlock(),
                              [](const BasicBlock *) { return true; });
}

ReachableBlocks::ReachableBlocks(const Function &F) {
  // Each block's successors, by block number, read from its terminator once
  // and in the function's order (the order of their memory): the search for
  // the order and the edges read only these arrays.
  unsigned MaxNumber = F.getMaxBlockNumber();
  SmallVector<const BasicBlock *, 0> BlockOf(MaxNumber, nullptr);
  SmallVector<std::pair<unsigned, unsigned>, 0> SuccsOf(MaxNumber);
  SmallVector<unsigned, 0> SuccNumbers;
  for (const BasicBlock &BB : F) {
    unsigned Begin = SuccNumbers.size();
    for (const BasicBlock *Succ : llvm::successors(&BB))
      SuccNumbers.push_back(Succ->getNumber());
    BlockOf[BB.getNumber()] = &BB;
    SuccsOf[BB.getNumber()] = {Begin, SuccNumbers.size()};
  }
  // Depth first from the entry, successors in order, as
  // blocksInReversePostOrder() searches: the post-order, then reversed.
  BitVector Visited(MaxNumber);
  unsigned Entry = F.getEntryBlock().getNumber();
  Visited.set(Entry);
  // A block's number and the index of its next successor to follow.
  SmallVector<std::pair<unsigned, unsigned>, 16> Stack = {
      {Entry, SuccsOf[Entry].first}};
  while (!Stack.empty()) {
    unsigned Number = Stack.back().first;
    unsigned &Next = Stack.back().second;
    if (Next == SuccsOf[Number].second) {
      Numbers.push_back(Number);
      Stack.pop_back();
      continue;
    }
    unsigned Succ = SuccNumbers[Next++];
    if (!Visited.test(Succ)) {
      Visited.set(Succ);
      Stack.push_back({Succ, SuccsOf[Succ].first});
    }
  }
  std::reverse(Numbers.begin(), Numbers.end());

  SmallVector<unsigned, 0> PositionOf(MaxNumber, ~0u);
  Order.reserve(Numbers.size());
  for (unsigned Pos = 0, E = Numbers.size(); Pos != E; ++Pos) {
    Order.push_back(BlockOf[Numbers[Pos]]);
    PositionOf[Numbers[Pos]] = Pos;
  }
  // The edges by position: the successors, then the predecessors by
  // counting them per block and filling each block's run.
  SuccBegin.reserve(Order.size() + 1);
  PredBegin.assign(Order.size() + 1, 0);
  for (unsigned Number : Numbers) {
    SuccBegin.push_back(Succs.size());
    for (unsigned I = SuccsOf[Number].first, E = SuccsOf[Number].second; I != E;
         ++I) {
      unsigned SuccPos = PositionOf[SuccNumbers[I]];
      Succs.push_back(SuccPos);
      ++PredBegin[SuccPos + 1];
    }
  }
  SuccBegin.push_back(Succs.size());
  for (unsigned Pos = 0, E = Order.size(); Pos != E; ++Pos)
    PredBegin[Pos + 1] += PredBegin[Pos];
  Preds.resize(Succs.size());
  SmallVector<unsigned, 0> Next(PredBegin.begin(), PredBegin.end() - 1);
  for (unsigned Pos = 0, E = Order.size(); Pos != E; ++Pos)
    for (unsigned SuccPos : successors(Pos))
      Preds[Next[SuccPos]++] = Pos;
}

namespace {

/// Prints one solve's work under -asyncpipe-mark-analysis-stats: the
/// transfer steps stay proportional to the instructions (a regression to
/// per-mark or per-query rescans shows in them, with no timing). Distances
/// also print their per-value work, which a state per tracked value per
/// block would multiply.
void reportSolve(StringRef What, const Function &F, uint64_t Steps,
                 unsigned Sweeps,
                 std::optional<uint64_t> Entries = std::nullopt) {
  if (!PrintSolveStats)
    return;
  errs() << "mark analysis: " << What << " of '" << F.getName()
         << "': " << F.getInstructionCount() << " instructions, " << F.size()
         << " blocks, " << Steps << " steps in " << Sweeps << " sweeps";
  if (Entries)
    errs() << ", " << *Entries << " entries";
  errs() << "\n";
}

/// The largest value a run-time count can take, when it is known and small
/// enough to track.
std::optional<uint64_t> getLargestRunTimeCount(const AsyncOp &Wait) {
  Value *N = Wait.getWaitCountOperand();
  if (!N || !N->getType()->isIntegerTy())
    return std::nullopt;
  ConstantRange Range = computeConstantRange(N, /*ForSigned=*/false);
  if (Range.isFullSet() || Range.isEmptySet())
    return std::nullopt;
  APInt Max = Range.getUnsignedMax();
  if (Max.ugt(LargestTrackedWaitCount))
    return std::nullopt;
  return Max.getZExtValue();
}

/// True if \p I is a call that may run code of its own: a real call, not an
/// intrinsic and not inline assembly.
bool isRealCall(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  return Call && !isa<IntrinsicInst>(Call) && !Call->isInlineAsm();
}

MarkBounds unknownBounds() {
  MarkBounds B;
  B.Max = MarkBounds::Unbounded;
  B.MarkSeen = true;
  B.MayHaveUncommittedCopies = true;
  return B;
}

void addMark(MarkBounds &B, uint64_t Limit) {
  if (B.Max != MarkBounds::Unbounded)
    B.Max = B.Max + 1 > Limit ? MarkBounds::Unbounded : B.Max + 1;
  B.Min = std::min(B.Min + 1, Limit);
  B.MarkSeen = true;
  B.MayHaveUncommittedCopies = false;
}

} // namespace

bool asyncpipe::countsMark(const AsyncOp &Mark, AsyncSemantics K) {
  return K == AsyncSemantics::Hardware ||
         Mark.getSemantics() == AsyncSemantics::Activation;
}

std::optional<uint64_t> asyncpipe::getTrackedWaitCount(const AsyncOp &Wait) {
  if (!Wait.isWait())
    return std::nullopt;
  // The count may be an operand, part of the spelling (inline assembly), or
  // implied (wait-all forms count 0).
  if (auto *N = dyn_cast_or_null<ConstantInt>(Wait.getWaitCountOperand());
      N && N->isNegative())
    return std::nullopt;
  std::optional<uint64_t> N = Wait.getConstantWaitCount();
  if (!N || *N > LargestTrackedWaitCount)
    return std::nullopt;
  return N;
}

//===----------------------------------------------------------------------===//
// AsyncMarkCounts
//===----------------------------------------------------------------------===//

/// Decoded once, so that the sweeps step records and never touch the IR
/// (see AsyncMarkCounts::step).
std::optional<AsyncMarkCounts::Event>
AsyncMarkCounts::decode(const Instruction &I, const AsyncOp &Op) {
  Event E;
  // An unknown queue is UINT8_MAX until the constructor knows NumQueues.
  std::optional<unsigned> Queue = Op.getQueue();
  E.Queue = Queue ? uint8_t(*Queue) : UINT8_MAX;
  if (Op.isMark()) {
    E.What = Event::Mark;
    E.CountsActivation = countsMark(Op, AsyncSemantics::Activation);
    return E;
  }
  if (Op.isCopy()) {
    E.What = Event::Copy;
    return E;
  }
  if (Op.isWait()) {
    E.What = Event::Wait;
    E.Kind = Op.getSemantics();
    E.Count = getTrackedWaitCount(Op);
    if (!E.Count)
      E.LargestRunTimeCount = getLargestRunTimeCount(Op);
    E.AlsoWaitsForUncommittedCopies = Op.alsoWaitsForUncommittedCopies();
    return E;
  }
  if (Op.isFutureWait()) {
    E.What = Event::FutureWait;
    return E;
  }
  if (Op)
    return std::nullopt;
  auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return std::nullopt;
  if (isOpaqueToHardwareCounter(*Call)) {
    E.What = Event::OpaqueToHardware;
    return E;
  }
  if (!isRealCall(I))
    return std::nullopt;
  E.What = Event::RealCall;
  return E;
}

AsyncMarkCounts::AsyncMarkCounts(const Function &F)
    : AsyncMarkCounts(F, ReachableBlocks(F)) {}

AsyncMarkCounts::AsyncMarkCounts(const Function &F,
                                 const ReachableBlocks &Reachable)
    : AsyncMarkCounts(
          F, Reachable,
          static_cast<const ArrayRef<const Instruction *> *>(nullptr)) {}

AsyncMarkCounts::AsyncMarkCounts(const Function &F,
                                 const ReachableBlocks &Reachable,
                                 ArrayRef<const Instruction *> Candidates)
    : AsyncMarkCounts(F, Reachable, &Candidates) {}

AsyncMarkCounts::AsyncMarkCounts(
    const Function &F, const ReachableBlocks &Reachable,
    const ArrayRef<const Instruction *> *Candidates)
    : KernelEntry(isKernelEntry(F)) {
  uint64_t LargestWait = 0;
  unsigned LargestQueue = 0;
  bool UnknownQueue = false;
  Blocks.resize(F.getMaxBlockNumber());
  const Instruction *const *NextCandidate =
      Candidates ? Candidates->begin() : nullptr;
  for (const BasicBlock &BB : F) {
    unsigned Begin = Events.size();
    auto Visit = [&](const Instruction &I) {
      AsyncOp Op = AsyncOp::get(I);
      std::optional<Event> E = decode(I, Op);
      if (!E)
        return;
      if (E->What == Event::Mark)
        for (AsyncSemantics K :
             {AsyncSemantics::Activation, AsyncSemantics::Hardware})
          Limit[kindIndex(K)] += countsMark(Op, K);
      if ((E->What == Event::Mark && E->CountsActivation) ||
          (E->What == Event::Wait && E->Kind == AsyncSemantics::Activation)) {
        if (E->Queue == UINT8_MAX)
          UnknownQueue = true;
        else
          LargestQueue = std::max<unsigned>(LargestQueue, E->Queue);
      }
      if (E->What == Event::Wait) {
        if (E->Count)
          LargestWait = std::max(LargestWait, *E->Count);
        else if (E->LargestRunTimeCount)
          LargestWait = std::max(LargestWait, *E->LargestRunTimeCount);
      }
      // The sweeps step the decoded records, not the instructions: they
      // touch no IR, whatever the size of the function.
      Events.push_back(&I);
      Decoded.push_back(*E);
    };
    if (Candidates) {
      // Each block's candidates are a run of the list.
      for (; NextCandidate != Candidates->end() &&
             (*NextCandidate)->getParent() == &BB;
           ++NextCandidate)
        Visit(**NextCandidate);
    } else {
      for (const Instruction &I : BB)
        Visit(I);
    }
    BlockInfo &Info = Blocks[BB.getNumber()];
    Info.BB = &BB;
    Info.Begin = Begin;
    Info.End = Events.size();
  }
  bool AllDecoded = !Candidates || NextCandidate == Candidates->end();
  assert(AllDecoded && "candidates not block by block in the function's order");
  if (!AllDecoded) {
    // Some candidates were never decoded. Every query then answers the safe
    // "unknown", as when the solve does not converge, and no event is
    // listed: a client reading marks and waits from events() finds none
    // rather than some.
    Events.clear();
    Decoded.clear();
    for (BlockInfo &Info : Blocks)
      Info.Begin = Info.End = 0;
    Converged = false;
    return;
  }
  for (uint64_t &L : Limit)
    L += LargestWait + 1;
  // A function that uses queues tracks each (an unknown queue is any of
  // them); one that does not is solved exactly as before queues existed.
  if (LargestQueue != 0 || UnknownQueue) {
    NumQueues = LargestQueue + 1;
    for (Event &E : Decoded)
      if (E.Queue == UINT8_MAX)
        E.Queue = NumQueues;
  }

  // By position in Reachable's order.
  SmallVector<std::optional<State>, 0> Out(Reachable.size());
  auto EntryOf = [&](unsigned Pos) -> std::optional<State> {
    if (Pos == 0)
      return entryState();
    std::optional<State> S;
    for (unsigned PredPos : Reachable.predecessors(Pos)) {
      const std::optional<State> &PredOut = Out[PredPos];
      if (!PredOut)
        continue;
      if (!S)
        S = *PredOut;
      else
        join(*S, *PredOut);
    }
    return S;
  };
  unsigned Sweeps = 0;
  Converged = sweepToFixedPoint(Reachable.size(), Sweeps, [&](unsigned Pos) {
    std::optional<State> S = EntryOf(Pos);
    if (!S)
      return false;
    BlockInfo &Info = Blocks[Reachable.number(Pos)];
    Info.In = *S;
    Info.Reached = true;
    for (unsigned E = Info.Begin; E != Info.End; ++E)
      step(Decoded[E], *S);
    Steps += Info.End - Info.Begin;
    std::optional<State> &BBOut = Out[Pos];
    if (BBOut && *BBOut == *S)
      return false;
    BBOut = *S;
    return true;
  });
  if (!Converged) {
    for (BlockInfo &Info : Blocks)
      Info.Reached = false;
    reportSolve("counts", F, Steps, Sweeps);
    return;
  }
  // One more pass records the state before every event of a reached block.
  BeforeEvent.resize(Events.size());
  for (const BlockInfo &Info : Blocks) {
    if (!Info.Reached)
      continue;
    State Cur = Info.In;
    unsigned Begin = Info.Begin, End = Info.End;
    for (unsigned E = Begin; E != End; ++E) {
      BeforeEvent[E] = Cur;
      step(Decoded[E], Cur);
    }
    Steps += End - Begin;
  }
  reportSolve("counts", F, Steps, Sweeps);
}

AsyncMarkCounts::State AsyncMarkCounts::entryState() const {
  State S;
  // A function starts its own activation with nothing outstanding; the
  // hardware counter holds whatever its callers left (nothing for a kernel).
  if (!KernelEntry)
    S.Kinds[kindIndex(AsyncSemantics::Hardware)] = unknownBounds();
  if (NumQueues) {
    S.Queues.assign(NumQueues, MarkBounds());
    S.Since.assign(NumQueues * QueueDistanceDepth, NoQueueMark);
  }
  return S;
}

void AsyncMarkCounts::join(State &Into, const State &From) {
  for (unsigned K = 0; K != NumAsyncSemantics; ++K) {
    MarkBounds &A = Into.Kinds[K];
    const MarkBounds &B = From.Kinds[K];
    A.Max = std::max(A.Max, B.Max);
    A.Min = std::min(A.Min, B.Min);
    A.MarkSeen |= B.MarkSeen;
    A.MayHaveUncommittedCopies |= B.MayHaveUncommittedCopies;
  }
  for (unsigned Q = 0, E = Into.Queues.size(); Q != E; ++Q) {
    MarkBounds &A = Into.Queues[Q];
    const MarkBounds &B = From.Queues[Q];
    A.Max = std::max(A.Max, B.Max);
    A.Min = std::min(A.Min, B.Min);
    A.MarkSeen |= B.MarkSeen;
  }
  // The fewest marks since a queue's mark: the fewest over the paths that
  // made it (NoQueueMark, the largest value, is no such path).
  for (unsigned I = 0, E = Into.Since.size(); I != E; ++I)
    Into.Since[I] = std::min(Into.Since[I], From.Since[I]);
}

/// Marks since a queue's mark saturate here: a finite-height lattice.
static constexpr uint32_t SaturatedQueueDistance = 1u << 20;

void AsyncMarkCounts::stepQueuedMark(unsigned Queue, State &S) const {
  uint64_t L = Limit[kindIndex(AsyncSemantics::Activation)];
  if (Queue < NumQueues) {
    addMark(S.Queues[Queue], L);
  } else {
    // Any queue's: each may have one more outstanding, none surely has.
    for (MarkBounds &B : S.Queues) {
      if (B.Max != MarkBounds::Unbounded)
        B.Max = B.Max + 1 > L ? MarkBounds::Unbounded : B.Max + 1;
      B.MarkSeen = true;
    }
  }
  for (uint32_t &D : S.Since)
    if (D != NoQueueMark)
      D = std::min(D + 1, SaturatedQueueDistance);
  for (unsigned Q = 0; Q != NumQueues; ++Q) {
    if (Queue != Q && Queue < NumQueues)
      continue;
    // The mark is this queue's newest: each older one moves one deeper.
    // A mark of an unknown queue may or may not be Q's: the fewer marks of
    // the two cases, so the count never overstates.
    uint32_t *Row = S.Since.data() + Q * QueueDistanceDepth;
    for (unsigned D = QueueDistanceDepth - 1; D != 0; --D)
      Row[D] = Queue == Q ? Row[D - 1] : std::min(Row[D], Row[D - 1]);
    Row[0] = 0;
  }
}

void AsyncMarkCounts::step(const Event &E, State &S) const {
  MarkBounds &Activation = S.Kinds[kindIndex(AsyncSemantics::Activation)];
  MarkBounds &Hardware = S.Kinds[kindIndex(AsyncSemantics::Hardware)];
  switch (E.What) {
  case Event::Mark: {
    // Every mark counts on the hardware counter (a bound on the groups that
    // can be pending only grows); the activation's sequence holds only the
    // activation model's marks. Only a native commit is known to commit the
    // copies before it for a native wait_all: a portable mark is a
    // commit_group on NVPTX, but not on the host runtime, which keeps the
    // two sequences apart.
    bool Uncommitted = Hardware.MayHaveUncommittedCopies;
    addMark(Hardware, Limit[kindIndex(AsyncSemantics::Hardware)]);
    if (E.CountsActivation) {
      addMark(Activation, Limit[kindIndex(AsyncSemantics::Activation)]);
      Hardware.MayHaveUncommittedCopies = Uncommitted;
      if (NumQueues)
        stepQueuedMark(E.Queue, S);
    }
    return;
  }
  case Event::Copy:
    Activation.MayHaveUncommittedCopies = true;
    Hardware.MayHaveUncommittedCopies = true;
    return;
  case Event::Wait: {
    MarkBounds &B = E.Kind == AsyncSemantics::Activation && NumQueues
                        ? (E.Queue < NumQueues ? S.Queues[E.Queue] : Activation)
                        : S.Kinds[kindIndex(E.Kind)];
    if (E.Kind == AsyncSemantics::Activation && NumQueues) {
      // A wait of one queue leaves the others' marks outstanding: the marks
      // of all queues (Activation) are capped by none, but at least as few
      // remain as the wait leaves or as there were. A wait of an unknown
      // queue caps no queue.
      uint64_t Leaves = E.Count.value_or(0);
      Activation.Min = std::min(Activation.Min, Leaves);
      if (E.Queue >= NumQueues) {
        for (MarkBounds &Q : S.Queues)
          Q.Min = std::min(Q.Min, Leaves);
        return;
      }
    }
    if (E.Count) {
      B.Max = std::min(B.Max, *E.Count);
      B.Min = std::min(B.Min, *E.Count);
    } else {
      // A run-time count: it may be anything in its range.
      if (E.LargestRunTimeCount)
        B.Max = std::min(B.Max, *E.LargestRunTimeCount);
      B.Min = 0;
    }
    if (E.AlsoWaitsForUncommittedCopies)
      B.MayHaveUncommittedCopies = false;
    return;
  }
  case Event::FutureWait:
    // Waits for one activation mark: the fewest outstanding may drop.
    Activation.Min = 0;
    for (MarkBounds &Q : S.Queues)
      Q.Min = 0;
    return;
  case Event::OpaqueToHardware:
    Hardware = unknownBounds();
    return;
  case Event::RealCall:
    // The callee may issue copies that the caller's next mark covers, and
    // may commit and wait hardware groups.
    Activation.MayHaveUncommittedCopies = true;
    Hardware = unknownBounds();
    return;
  }
}

const AsyncMarkCounts::BlockInfo *
AsyncMarkCounts::infoOf(const BasicBlock *BB) const {
  unsigned N = BB->getNumber();
  return N < Blocks.size() && Blocks[N].BB == BB ? &Blocks[N] : nullptr;
}

MarkBounds AsyncMarkCounts::before(const Instruction &I,
                                   AsyncSemantics Kind) const {
  std::optional<State> S = stateBefore(I);
  if (!S)
    return unknownBounds(); // Not converged, or unreachable.
  return S->Kinds[kindIndex(Kind)];
}

MarkBounds AsyncMarkCounts::beforeInQueue(const Instruction &I,
                                          unsigned Queue) const {
  if (!NumQueues)
    return before(I, AsyncSemantics::Activation);
  std::optional<State> S = stateBefore(I);
  if (!S || Queue >= NumQueues)
    return unknownBounds();
  return S->Queues[Queue];
}

std::optional<uint64_t>
AsyncMarkCounts::marksSinceQueueMark(const Instruction &I, unsigned Queue,
                                     uint64_t N) const {
  if (!NumQueues || Queue >= NumQueues || N >= QueueDistanceDepth)
    return std::nullopt;
  std::optional<State> S = stateBefore(I);
  if (!S)
    return std::nullopt;
  uint32_t D = S->Since[Queue * QueueDistanceDepth + N];
  if (D == NoQueueMark)
    return MarkBounds::Unbounded;
  // The N newer marks of the queue are among those counted.
  return std::max<uint64_t>(D, N);
}

std::optional<AsyncMarkCounts::State>
AsyncMarkCounts::stateBefore(const Instruction &I) const {
  const BlockInfo *Info = infoOf(I.getParent());
  if (!Info || !Info->Reached)
    return std::nullopt;
  // The first event not before \p I, by a binary search in program order:
  // \p I itself, or nothing changes between the event before it and \p I
  // (the state after that one, or the block's entry).
  unsigned Begin = Info->Begin, End = Info->End;
  const Instruction *const *First = Events.begin() + Begin;
  const Instruction *const *Last = Events.begin() + End;
  // Most queries ask about an event (a wait): among a few events it is found
  // by address, without comesBefore, which renumbers the whole block after
  // every erasure in it and reads each of its instructions.
  constexpr ptrdiff_t FewEvents = 16;
  const Instruction *const *After =
      Last - First <= FewEvents ? std::find(First, Last, &I) : Last;
  if (After == Last)
    After = std::partition_point(
        First, Last, [&](const Instruction *E) { return E->comesBefore(&I); });
  if (After != Last && *After == &I)
    return BeforeEvent[After - Events.begin()];
  if (After == First)
    return Info->In;
  unsigned Prev = After - 1 - Events.begin();
  State S = BeforeEvent[Prev];
  step(Decoded[Prev], S);
  return S;
}

bool AsyncMarkCounts::isRedundantWait(const AsyncOp &Wait,
                                      std::string *Why) const {
  std::optional<uint64_t> N = getTrackedWaitCount(Wait);
  if (!N)
    return false;
  AsyncSemantics Kind = Wait.getSemantics();
  std::optional<unsigned> Queue = Wait.getQueue();
  bool PerQueue = NumQueues && Kind == AsyncSemantics::Activation;
  if (PerQueue && !Queue)
    return false;
  MarkBounds B = PerQueue ? beforeInQueue(*Wait.getCall(), *Queue)
                          : before(*Wait.getCall(), Kind);
  if (!B.isBounded() || B.Max > *N)
    return false;
  if (Wait.alsoWaitsForUncommittedCopies() && B.MayHaveUncommittedCopies)
    return false;
  if (Why) {
    raw_string_ostream OS(*Why);
    if (Kind == AsyncSemantics::Hardware)
      OS << "rule W2 (native counter): at most " << B.Max
         << " cp.async groups can be pending here on every path (counted "
            "from the kernel's start or an earlier native wait, with no call "
            "or unrecognized cp.async assembly since)";
    else if (PerQueue && !B.MarkSeen)
      OS << "rule W1 (activation, queue " << *Queue << "): no mark of queue "
         << *Queue << " of this function reaches it";
    else if (PerQueue)
      OS << "rule W1 (activation, queue " << *Queue << "): at most " << B.Max
         << " marks of queue " << *Queue
         << " of this function can be outstanding here on any path";
    else if (!B.MarkSeen)
      OS << "rule W1 (activation): no mark of this function reaches it";
    else if (B.Max == 0)
      OS << "rule W1 (activation): an earlier wait completes every mark "
            "before it on every path";
    else
      OS << "rule W1 (activation): at most " << B.Max
         << " marks of this function can be outstanding here on any path";
  }
  return true;
}

bool AsyncMarkCounts::invalidate(Function &, const PreservedAnalyses &PA,
                                 FunctionAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<AsyncMarkAnalysis>();
  return !PAC.preserved() && !PAC.preservedSet<AllAnalysesOn<Function>>();
}

AsyncMarkCounts AsyncMarkAnalysis::run(Function &F, FunctionAnalysisManager &) {
  return AsyncMarkCounts(F);
}

PreservedAnalyses AsyncMarkPrinterPass::run(Function &F,
                                            FunctionAnalysisManager &AM) {
  const AsyncMarkCounts &Counts = AM.getResult<AsyncMarkAnalysis>(F);
  OS << "Outstanding marks in '" << F.getName() << "':\n";
  auto Print = [&](const MarkBounds &B) {
    OS << "[" << B.Min << ", ";
    if (B.isBounded())
      OS << B.Max;
    else
      OS << "unbounded";
    OS << "]";
    if (B.MayHaveUncommittedCopies)
      OS << " uncommitted";
  };
  for (const Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op.isWait() && !Op.isMark())
      continue;
    OS << "  " << Op.getName() << ": activation ";
    Print(Counts.before(I, AsyncSemantics::Activation));
    OS << ", hardware ";
    Print(Counts.before(I, AsyncSemantics::Hardware));
    if (Op.isWait()) {
      std::string Why;
      if (Counts.isRedundantWait(Op, &Why))
        OS << ", redundant: " << Why;
    }
    OS << "\n";
  }
  return PreservedAnalyses::all();
}

//===----------------------------------------------------------------------===//
// MarkDistances
//===----------------------------------------------------------------------===//

namespace {
/// A value's stamp when it is None in a state.
constexpr int64_t NoStamp = INT64_MIN;
} // namespace

MarkDistances::MarkDistances(const Function &F, ArrayRef<Value *> TrackedValues,
                             Options Opts, DefineFn Define)
    : F(F), Source(&F.getEntryBlock()), Opts(Opts), Define(std::move(Define)) {
  for (Value *V : TrackedValues)
    if (isa<Instruction>(V) && Index.try_emplace(V, Tracked.size()).second)
      Tracked.push_back(V);
  if (Tracked.empty())
    return;
  // Every block's events are listed: a query in an unreachable block
  // steps them from a state of None.
  for (const BasicBlock &BB : F)
    listEvents(BB);
  solve(blocksInReversePostOrder(F));
}

MarkDistances::MarkDistances(const Function &F, ArrayRef<Value *> TrackedValues,
                             Options Opts, const BasicBlock &From,
                             ArrayRef<const Instruction *> Points)
    : F(F), Source(&From), Opts(Opts) {
  for (Value *V : TrackedValues)
    if (isa<Instruction>(V) && Index.try_emplace(V, Tracked.size()).second)
      Tracked.push_back(V);
  if (Tracked.empty())
    return;
  // The region: backwards from the points' blocks, not past From.
  SmallPtrSet<const BasicBlock *, 32> Region = {&From};
  SmallVector<const BasicBlock *, 32> Worklist;
  for (const Instruction *P : Points)
    if (Region.insert(P->getParent()).second)
      Worklist.push_back(P->getParent());
  while (!Worklist.empty())
    for (const BasicBlock *Pred : predecessors(Worklist.pop_back_val()))
      if (Region.insert(Pred).second)
        Worklist.push_back(Pred);
  // Its blocks reached from From, in reverse post-order.
  SmallVector<const BasicBlock *, 32> Order = reversePostOrderFrom(
      From, [&](const BasicBlock *BB) { return Region.contains(BB); });
  for (const BasicBlock *BB : Order)
    listEvents(*BB);
  solve(Order);
}

void MarkDistances::listEvents(const BasicBlock &BB) {
  unsigned Begin = Events.size();
  for (const Instruction &I : BB)
    if (changesDistances(I))
      Events.push_back(&I);
  Range[&BB] = {Begin, Events.size()};
}

/// Sweeps the blocks in \p Order (their events listed) to the fixed point.
void MarkDistances::solve(ArrayRef<const BasicBlock *> Order) {
  if (Opts.OnlyAtUses)
    computeLiveOut();
  State S;
  unsigned Sweeps = 0;
  Converged = sweepToFixedPoint(Order.size(), Sweeps, [&](unsigned Pos) {
    const BasicBlock &BB = *Order[Pos];
    enterBlock(BB, S);
    auto [Begin, End] = Range.lookup(&BB);
    for (unsigned E = Begin; E != End; ++E)
      step(*Events[E], S);
    Steps += End - Begin;
    ExitVec Exit = exitOf(BB, S);
    auto [It, Inserted] = Out.try_emplace(&BB, Exit);
    if (!Inserted && It->second == Exit)
      return false;
    It->second = std::move(Exit);
    return true;
  });
  if (!Converged)
    Out.clear();
  reportSolve(Source->isEntryBlock() ? "distances" : "distances in a region", F,
              Steps, Sweeps, Entries);
}

/// SSA liveness of the tracked values, one value at a time: from each use
/// up the predecessors to the value's block. A use by a PHI is a use at the
/// end of its incoming block. Each value costs the blocks of its live range.
void MarkDistances::computeLiveOut() {
  DenseMap<const BasicBlock *, unsigned> LiveInOf;
  SmallVector<const BasicBlock *, 16> Worklist;
  for (unsigned Idx = 0, E = Tracked.size(); Idx != E; ++Idx) {
    auto *Def = cast<Instruction>(Tracked[Idx]);
    const BasicBlock *DefBB = Def->getParent();
    auto AddLiveOut = [&](const BasicBlock *BB) {
      SmallVector<unsigned, 2> &Live = LiveOut[BB];
      // Values are visited in index order: each list comes out sorted.
      if (Live.empty() || Live.back() != Idx)
        Live.push_back(Idx);
      if (BB == DefBB)
        return;
      auto [It, Inserted] = LiveInOf.try_emplace(BB, Idx + 1);
      if (!Inserted && It->second == Idx + 1)
        return;
      It->second = Idx + 1;
      Worklist.push_back(BB);
    };
    for (const Use &U : Def->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (auto *Phi = dyn_cast<PHINode>(User)) {
        AddLiveOut(Phi->getIncomingBlock(U));
        continue;
      }
      const BasicBlock *UseBB = User->getParent();
      if (UseBB == DefBB)
        continue;
      auto [It, Inserted] = LiveInOf.try_emplace(UseBB, Idx + 1);
      if (Inserted || It->second != Idx + 1) {
        It->second = Idx + 1;
        Worklist.push_back(UseBB);
      }
    }
    while (!Worklist.empty())
      for (const BasicBlock *Pred : predecessors(Worklist.pop_back_val())) {
        AddLiveOut(Pred);
        ++Entries;
      }
  }
}

/// True if step() can change a state at \p I; it leaves it as it is at
/// every other instruction.
bool MarkDistances::changesDistances(const Instruction &I) const {
  if (isa<PHINode>(I))
    return false;
  if (indexOf(&I) != ~0u)
    return true;
  AsyncOp Op = AsyncOp::get(I);
  if (countsMarkHere(Op))
    return true;
  return completesAtWait(Op) && getTrackedWaitCount(Op);
}

bool MarkDistances::countsMarkHere(const AsyncOp &Op) const {
  if (!Op.isMark() || !countsMark(Op, Opts.Kind))
    return false;
  return !Opts.Queue || (Op.getSemantics() == AsyncSemantics::Activation &&
                         Op.getQueue() == Opts.Queue);
}

bool MarkDistances::completesAtWait(const AsyncOp &Op) const {
  if (!Opts.CompleteAtWaits || !Op.isWait() || Op.getSemantics() != Opts.Kind)
    return false;
  // A wait of another queue completes nothing of this one.
  return !Opts.Queue || Op.getQueue() == Opts.Queue;
}

unsigned MarkDistances::indexOf(const Value *V) const {
  auto It = Index.find(V);
  return It == Index.end() ? ~0u : It->second;
}

MarkDistances::Distance MarkDistances::get(const State &S, unsigned Idx) const {
  if (Idx >= S.Gen.size() || S.Gen[Idx] != S.Current || S.Stamp[Idx] == NoStamp)
    return None;
  // Entry distances are at most Saturated and the block's marks at most its
  // events: the difference fits.
  return static_cast<Distance>(
      std::min<int64_t>(S.Marks - S.Stamp[Idx], Saturated));
}

void MarkDistances::set(State &S, unsigned Idx, Distance D) const {
  if (S.Gen[Idx] != S.Current) {
    S.Gen[Idx] = S.Current;
    S.Present.push_back(Idx);
  }
  S.Stamp[Idx] = D == None ? NoStamp : S.Marks - int64_t(D);
}

MarkDistances::Distance MarkDistances::valueIn(const Value *V,
                                               const State &S) const {
  unsigned I = indexOf(V);
  // An untracked future (an argument or a constant) could name any mark, so
  // it counts as the most recent one.
  if (I == ~0u)
    return 0;
  if (!Converged)
    return 0;
  return get(S, I);
}

MarkDistances::Distance MarkDistances::valueInExit(const Value *V,
                                                   const ExitVec &Exit) const {
  unsigned I = indexOf(V);
  if (I == ~0u)
    return 0;
  auto It = partition_point(Exit, [&](const std::pair<unsigned, Distance> &E) {
    return E.first < I;
  });
  return It != Exit.end() && It->first == I ? It->second : None;
}

/// Resets \p S to the state at \p BB's entry: the minimum over the reached
/// predecessors' exits (a value absent from one is None there), then the
/// tracked PHIs from their incoming values.
void MarkDistances::enterBlock(const BasicBlock &BB, State &S) const {
  if (S.Gen.size() != Tracked.size()) {
    S.Stamp.assign(Tracked.size(), NoStamp);
    S.Gen.assign(Tracked.size(), 0);
  }
  // A new generation forgets every value at once.
  if (++S.Current == 0) {
    std::fill(S.Gen.begin(), S.Gen.end(), 0);
    S.Current = 1;
  }
  S.Marks = 0;
  S.Present.clear();
  if (&BB == Source)
    return;
  for (const BasicBlock *Pred : predecessors(&BB)) {
    auto It = Out.find(Pred);
    if (It == Out.end())
      continue;
    Entries += It->second.size();
    for (auto [Idx, D] : It->second)
      if (D < get(S, Idx))
        set(S, Idx, D);
  }
  for (const PHINode &Phi : BB.phis()) {
    unsigned Idx = indexOf(&Phi);
    if (Idx == ~0u)
      continue;
    Distance D = None;
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
      auto It = Out.find(Phi.getIncomingBlock(I));
      if (It != Out.end())
        D = std::min(D, valueInExit(Phi.getIncomingValue(I), It->second));
    }
    set(S, Idx, D);
  }
}

/// The exit of \p BB from the state \p S at its end, sorted by index so
/// that equal states compare equal.
MarkDistances::ExitVec MarkDistances::exitOf(const BasicBlock &BB,
                                             const State &S) const {
  ExitVec Exit;
  auto Add = [&](unsigned Idx) {
    Distance D = get(S, Idx);
    if (D != None)
      Exit.push_back({Idx, D});
  };
  if (Opts.OnlyAtUses) {
    auto It = LiveOut.find(&BB);
    if (It != LiveOut.end())
      for (unsigned Idx : It->second)
        Add(Idx);
  } else {
    for (unsigned Idx : S.Present)
      Add(Idx);
    sort(Exit, [](const std::pair<unsigned, Distance> &A,
                  const std::pair<unsigned, Distance> &B) {
      return A.first < B.first;
    });
  }
  Entries += Exit.size();
  return Exit;
}

void MarkDistances::step(const Instruction &I, State &S) const {
  if (isa<PHINode>(I))
    return;
  AsyncOp Op = AsyncOp::get(I);
  // Every distance grows by one: the counter they are kept against does.
  if (countsMarkHere(Op))
    ++S.Marks;
  if (completesAtWait(Op))
    if (std::optional<uint64_t> N = getTrackedWaitCount(Op)) {
      Entries += S.Present.size();
      for (unsigned Idx : S.Present)
        if (Distance D = get(S, Idx); D != None && D > *N)
          set(S, Idx, None);
    }
  unsigned Idx = indexOf(&I);
  if (Idx == ~0u)
    return;
  std::optional<Distance> D;
  if (Define)
    D = Define(I, *this, S);
  set(S, Idx, D.value_or(0));
}

MarkDistances::Distance MarkDistances::at(const Value *V,
                                          const Instruction &At) const {
  if (indexOf(V) == ~0u || !Converged)
    return 0;
  const BasicBlock *BB = At.getParent();
  auto [Begin, End] = Range.lookup(BB);
  // The events before At, found by a binary search in program order.
  unsigned Stop =
      std::partition_point(
          Events.begin() + Begin, Events.begin() + End,
          [&](const Instruction *E) { return E->comesBefore(&At); }) -
      Events.begin();
  if (Cur.BB != BB || Cur.Next > Stop) {
    Cur.BB = BB;
    Cur.Next = Begin;
    enterBlock(*BB, Cur.S);
  }
  for (; Cur.Next != Stop; ++Cur.Next, ++Steps)
    step(*Events[Cur.Next], Cur.S);
  return valueIn(V, Cur.S);
}

void MarkDistances::forEachCall(
    function_ref<void(const CallBase &, const State &)> Visit) const {
  if (Tracked.empty() || !Converged)
    return;
  State S;
  for (const BasicBlock &BB : F) {
    // The solve reached exactly the blocks it recorded an exit for.
    if (!Out.count(&BB))
      continue;
    enterBlock(BB, S);
    for (const Instruction &I : BB) {
      if (auto *Call = dyn_cast<CallBase>(&I))
        Visit(*Call, S);
      step(I, S);
    }
  }
}

//===----------------------------------------------------------------------===//
// ObservedMarks
//===----------------------------------------------------------------------===//

namespace {
/// The oldest mark a later wait still observes, in marks issued since it:
/// -1 for none, ObservesAny for a mark of any age.
using Horizon = int64_t;
constexpr Horizon ObservesNone = -1;
constexpr Horizon ObservesAny = INT64_MAX;

/// What an instruction does to the horizon, read backwards.
struct ObserverEvent {
  const Instruction *I;
  /// For a wait: the horizon just before it; ignored for a mark.
  Horizon Before;
  bool IsMark;
};
} // namespace

// Why this is MarkDistances' answer: that solver's transfers (add one,
// complete above N, minimum at joins) distribute over the minimum, so a
// mark's distance at a wait is the fewest marks on a path from the mark to
// the wait that no completing wait in between cut (one whose count the
// path's marks so far exceed). The mark is observed if such a path ends at
// a wait of the kind with count N within N marks, or at any other wait. Read
// backwards, the marks a path allows form a prefix 0..H of ages: a
// completing wait with count N sets H to N (younger marks are observed
// there, older ones cut), any other wait sets it to "any age", a counted
// mark lowers it by one, and a join of paths takes the maximum. H lies in
// {-1 .. LargestTrackedWaitCount} + {any}, a finite lattice on which every
// transfer is monotone; starting from -1 ("no wait ahead") each block's H
// only rises, so the sweeps (backwards, in post-order) end, and the fixed
// point they reach is the least one: H of finite paths, as the forward
// solver's minimum over finite paths. Blocks not reachable from the entry
// are left out, as there: their marks are observed by nothing.
ObservedMarks::ObservedMarks(const Function &F, AsyncSemantics Kind)
    : ObservedMarks(F, Kind, std::nullopt, ReachableBlocks(F)) {}

ObservedMarks::ObservedMarks(const Function &F, AsyncSemantics Kind,
                             ArrayRef<const Instruction *> MarksAndWaits,
                             const ReachableBlocks &Blocks)
    : ObservedMarks(F, Kind,
                    std::optional<ArrayRef<const Instruction *>>(MarksAndWaits),
                    Blocks) {}

ObservedMarks::ObservedMarks(
    const Function &F, AsyncSemantics Kind,
    std::optional<ArrayRef<const Instruction *>> MarksAndWaits,
    const ReachableBlocks &Reachable) {
  // Swept backwards: in post-order, the positions of Reachable from the
  // last; Sweep maps the I-th block swept to its position.
  unsigned NumBlocks = Reachable.size();
  auto Sweep = [NumBlocks](unsigned I) { return NumBlocks - 1 - I; };
  // Given the marks and waits, each block's are a run of the list.
  SmallVector<ArrayRef<const Instruction *>, 0> Given;
  if (MarksAndWaits)
    Given.resize(F.getMaxBlockNumber());
  if (MarksAndWaits)
    for (unsigned Begin = 0, E = MarksAndWaits->size(); Begin != E;) {
      const BasicBlock *BB = (*MarksAndWaits)[Begin]->getParent();
      unsigned End = Begin + 1;
      while (End != E && (*MarksAndWaits)[End]->getParent() == BB)
        ++End;
      Given[BB->getNumber()] = MarksAndWaits->slice(Begin, End - Begin);
      Begin = End;
    }
  SmallVector<ObserverEvent, 0> Events;
  // By position: each block's events, Events[first, second).
  SmallVector<std::pair<unsigned, unsigned>, 0> Range(NumBlocks);
  auto AddEvent = [&](const Instruction &I) {
    AsyncOp Op = AsyncOp::get(I);
    if (Op.isMark() && countsMark(Op, Kind)) {
      Events.push_back({&I, 0, true});
    } else if (Op.isWait()) {
      std::optional<uint64_t> N = getTrackedWaitCount(Op);
      bool Completes = N && Op.getSemantics() == Kind;
      Events.push_back(
          {&I, Completes ? static_cast<Horizon>(*N) : ObservesAny, false});
    }
  };
  for (unsigned Nth = 0; Nth != NumBlocks; ++Nth) {
    unsigned Pos = Sweep(Nth);
    const BasicBlock *BB = Reachable.order()[Pos];
    unsigned Begin = Events.size();
    if (MarksAndWaits) {
      for (const Instruction *I : Given[BB->getNumber()])
        AddEvent(*I);
    } else {
      for (const Instruction &I : *BB)
        AddEvent(I);
    }
    Range[Pos] = {Begin, Events.size()};
  }
  auto Transfer = [&](unsigned Pos, Horizon H, bool Record) {
    auto [Begin, End] = Range[Pos];
    for (unsigned E = End; E != Begin; --E) {
      const ObserverEvent &Ev = Events[E - 1];
      if (!Ev.IsMark) {
        H = Ev.Before;
        continue;
      }
      if (Record)
        Observed[Ev.I] = H >= 0;
      if (H != ObservesAny)
        H = std::max<Horizon>(H - 1, ObservesNone);
    }
    Steps += End - Begin;
    return H;
  };
  // By position; a block not yet swept holds ObservesNone.
  SmallVector<Horizon, 0> In(NumBlocks, ObservesNone);
  BitVector Swept(NumBlocks);
  auto OutOf = [&](unsigned Pos) {
    Horizon H = ObservesNone;
    for (unsigned SuccPos : Reachable.successors(Pos))
      H = std::max(H, In[SuccPos]);
    return H;
  };
  unsigned Sweeps = 0;
  Converged = sweepToFixedPoint(NumBlocks, Sweeps, [&](unsigned I) {
    unsigned Pos = Sweep(I);
    Horizon H = Transfer(Pos, OutOf(Pos), /*Record=*/false);
    bool First = !Swept.test(Pos);
    Swept.set(Pos);
    if (!First && In[Pos] == H)
      return false;
    In[Pos] = H;
    return First ? H != ObservesNone : true;
  });
  if (Converged)
    for (unsigned I = 0; I != NumBlocks; ++I)
      Transfer(Sweep(I), OutOf(Sweep(I)), /*Record=*/true);
  reportSolve("observers", F, Steps, Sweeps);
}

bool ObservedMarks::isObserved(const Instruction &Mark) const {
  return !Converged || Observed.lookup(&Mark);
}
