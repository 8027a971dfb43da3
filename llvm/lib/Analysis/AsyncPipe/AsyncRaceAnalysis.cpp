//===- AsyncRaceAnalysis.cpp - Accesses that see a copy in flight ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The most common async-copy bug is a wait one group too weak: a read of a
// buffer whose copy may still be landing. The model says, at every point,
// which groups may be pending; this analysis relates that to the bytes an
// access touches, and reports only what it proves, so that the warning
// built on it never fires on correct code.
//
// Each level of the function (a loop's own blocks, or the blocks outside
// every loop) gets a trace: the marks, waits, copies and shared-memory
// accesses of the blocks that run exactly once per iteration (those that
// dominate the loop's latch; outside loops, those that post-dominate the
// entry), in dominance order, an inner loop that marks or waits standing in
// it as one event, and one that does not by its accesses (all its
// iterations' accesses follow the same wait). Where a block that may not run,
// or an inner loop that is not entered once per iteration, marks or waits, the
// level's trace says nothing and no race is claimed in it. On a trace the
// groups between a copy in iteration t - k and an access in iteration t are the
// same on every path: walking them tells whether some wait completed the copy.
// Where none did, ScalarEvolution gives both addresses at those iterations (a
// loop's recurrences evaluated there, modular buffer indices folded, the
// work-group's first work-item's id and lane taken as 0); a constant
// difference within both sizes is an overlap. A store is compared with the
// copy's source too: the copy may not have read it yet (an async store's
// staging buffer likewise).
//
// A loop whose marks, waits or copies are on branches, or whose wait counts
// are computed at run time, has no such trace: its iterations' paths are
// followed one by one instead, each branch and count decided by its value
// on that iteration, a trip count read at run time pinned to each value
// that makes the loop run a few times (the race then names that run). A
// callee that only copies joins its caller's activation: its copies are
// the caller's, their addresses computed from the call's arguments.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncRaceAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::asyncpipe;

AnalysisKey AsyncRaceAnalysis::Key;

namespace {

/// How many iterations back a copy is looked for, and over how many
/// iterations of the access the addresses are compared: enough for every
/// multi-buffering depth users write (the buffer index repeats with the
/// depth).
constexpr uint64_t MaxIterationsApart = 8;
constexpr uint64_t IterationsCompared = 8;
/// Address comparisons per function, at most: what keeps the analysis cheap
/// on huge generated kernels (where it then claims nothing more).
constexpr unsigned MaxOverlapQueries = 4096;
/// Iterations whose paths are followed where a loop's marks, waits or
/// copies are on branches, and the trip counts tried where the loop's trip
/// count is a value read at run time.
constexpr uint64_t PathIterations = 16;
constexpr uint64_t MaxPinnedTripCount = 12;

bool isSameOnEveryIteration(const Value *V, const Loop *L, unsigned Depth);

/// One instruction of a trace that matters to the question.
struct TraceEvent {
  enum Kind : uint8_t {
    Mark,      ///< A mark counted by the copies' sequence.
    Wait,      ///< A wait of the sequence for at most Count marks.
    Completes, ///< A wait that completes every copy (commits first).
    Unknown,   ///< May mark or wait any number of times (a call, an inner
               ///< loop that marks or waits, a wait of unknown count).
    Copy,      ///< An async copy into shared memory.
    Access,    ///< A load or store of shared memory.
  } K;
  const Instruction *I = nullptr;
  uint64_t Count = 0;
  /// Unknown events that are an inner loop: the loop.
  const Loop *Inner = nullptr;
  /// Accesses (and copies) in an inner loop that neither marks nor waits:
  /// that loop, whose every iteration runs at the event's place in the
  /// trace.
  const Loop *AccessLoop = nullptr;
  /// Copies issued by a callee that only copies (it joins the caller's
  /// activation): the call; I is the copy in the callee.
  const CallBase *Via = nullptr;
};

/// The events of one level that run exactly once per iteration (per call
/// outside loops), in program order.
struct LevelTrace {
  const Loop *L = nullptr;
  SmallVector<TraceEvent, 16> Events;
  /// False where a mark, a wait or an unknown call of the level may run
  /// other than once per iteration: the trace then proves nothing.
  bool Deterministic = true;
};

/// Marks seen, and how the walk ended.
struct Walk {
  uint64_t Marks = 0;
  const Instruction *LastWait = nullptr;
  bool Completed = false;
  bool Unknown = false;
  bool stopped() const { return Completed || Unknown; }
};

void stepWalk(Walk &W, ArrayRef<TraceEvent> Events) {
  for (const TraceEvent &E : Events) {
    if (W.stopped())
      return;
    switch (E.K) {
    case TraceEvent::Mark:
      ++W.Marks;
      break;
    case TraceEvent::Wait:
      W.LastWait = E.I;
      // The copy is in the Marks-th newest group (none while Marks is 0).
      if (W.Marks > E.Count)
        W.Completed = true;
      break;
    case TraceEvent::Completes:
      W.LastWait = E.I;
      W.Completed = true;
      break;
    case TraceEvent::Unknown:
      W.Unknown = true;
      break;
    case TraceEvent::Copy:
    case TraceEvent::Access:
      break;
    }
  }
}

class RaceFinder {
public:
  RaceFinder(Function &F, LoopInfo &LI, DominatorTree &DT,
             PostDominatorTree &PDT, ScalarEvolution &SE,
             const AsyncTarget &Target, AsyncSemantics Kind)
      : F(F), LI(LI), DT(DT), PDT(PDT), SE(SE), DL(F.getDataLayout()),
        Target(Target), SharedAS(Target.getSharedAddressSpace()), Kind(Kind) {}

  void find(SmallVectorImpl<AsyncRace> &Races);

private:
  std::optional<TraceEvent> classify(const Instruction &I) const;
  bool marksOrWaits(const Loop &Inner) const;
  bool isShared(const Value *Ptr) const;
  LevelTrace buildTrace(const Loop *L) const;
  void appendInnerAccesses(const Loop &Inner,
                           SmallVectorImpl<TraceEvent> &Events) const;
  bool runsOncePerIteration(const BasicBlock &BB, const Loop *L) const;
  void sortByDominance(SmallVectorImpl<const BasicBlock *> &Blocks) const;

  void findInLevel(const LevelTrace &T, SmallVectorImpl<AsyncRace> &Races);

  // Loops whose events depend on the iteration: each iteration's path,
  // its branches decided by their conditions on that iteration.
  using Path = SmallVector<TraceEvent, 16>;
  struct Scenario {
    ValueToSCEVMapTy Pinned;
    uint64_t TripCount = 0;
  };
  bool needsPaths(const Loop &L, const LevelTrace &T) const;
  SmallVector<Scenario, 4> scenarios(const Loop &L) const;
  bool walkIteration(const Loop &L, uint64_t It, Path &Events,
                     bool &Exits) const;
  void resolveWaitCount(TraceEvent &E, const Loop &L, uint64_t It) const;
  std::optional<APInt> evaluate(const Value *V, const Loop &L, uint64_t It,
                                unsigned Depth) const;
  void findOnPaths(const Loop &L, SmallVectorImpl<AsyncRace> &Races);
  bool tryRace(const TraceEvent &Copy, const TraceEvent &Access, const Walk &W,
               const Loop *L, uint64_t Apart, bool CopyBeforeLoop,
               uint64_t FromIt, uint64_t ToIt,
               SmallVectorImpl<AsyncRace> &Races);
  bool tryBytes(const TraceEvent &Copy, const TraceEvent &Access, const Walk &W,
                const Loop *L, uint64_t Apart, bool CopyBeforeLoop,
                uint64_t FromIt, uint64_t ToIt, bool Source,
                SmallVectorImpl<AsyncRace> &Races);
  void findAcrossLoopEntry(const LevelTrace &Outer, const LevelTrace &Inner,
                           size_t CopyAt, size_t LoopAt,
                           SmallVectorImpl<AsyncRace> &Races);
  struct ByteRanges {
    /// The copy's bytes; for a copy issued by a callee (Via), null, and
    /// CopyPtr (the callee's pointer) is evaluated per call.
    const SCEV *Copy = nullptr;
    const Value *CopyPtr = nullptr;
    const CallBase *Via = nullptr;
    const SCEV *Access = nullptr;
    int64_t CopyBytes = 0;
    int64_t AccessBytes = 0;
  };
  std::optional<ByteRanges> byteRanges(const TraceEvent &Copy,
                                       const Instruction &Access,
                                       bool Source) const;
  const SCEV *calleeValue(const Value *V, const CallBase &Call, const Loop *L,
                          uint64_t It, unsigned Depth) const;
  void appendCalleeCopies(const CallBase &Call,
                          SmallVectorImpl<TraceEvent> &Events) const;
  std::optional<int64_t> overlap(const ByteRanges &B, uint64_t CopyIter,
                                 uint64_t AccessIter, const Loop *L,
                                 bool CopyOutsideL, const Loop *AccessLoop,
                                 uint64_t AccessLoopIter, const Loop *CopyLoop,
                                 uint64_t CopyLoopIter) const;
  using LoopIteration = std::pair<const Loop *, uint64_t>;
  const SCEV *atIterations(const SCEV *S, ArrayRef<LoopIteration> Its) const;
  Constant *valueOnIteration(const Value *V, const Loop *L, uint64_t It) const;
  Constant *foldOnIteration(const Value *V, const Loop *L,
                            const DenseMap<const PHINode *, Constant *> &Phis,
                            unsigned Depth) const;
  const SCEV *forFirstWorkItem(const SCEV *S) const;
  bool mayHaveIteration(const Loop *L, uint64_t It) const;
  static const Value *copyBytes(const Instruction &Copy, bool Source);
  static bool sameObject(const TraceEvent &Copy, const TraceEvent &Access,
                         bool Source);

  Function &F;
  LoopInfo &LI;
  DominatorTree &DT;
  PostDominatorTree &PDT;
  ScalarEvolution &SE;
  const DataLayout &DL;
  const AsyncTarget &Target;
  unsigned SharedAS;
  AsyncSemantics Kind;
  DenseMap<const Loop *, LevelTrace> Traces;
  mutable DenseMap<const Loop *, bool> MarksOrWaits;
  /// Run-time values given a constant while one scenario of a loop is
  /// followed (its trip count, read at run time), and that trip count.
  mutable ValueToSCEVMapTy Pinned;
  uint64_t PinnedTripCount = 0;
  /// While an iteration's path is walked: the value each phi of a block on
  /// it (other than the header) takes, from the block the path came from.
  mutable DenseMap<const PHINode *, const Value *> PathPhis;
  unsigned OverlapQueries = 0;
};

std::optional<TraceEvent> RaceFinder::classify(const Instruction &I) const {
  if (AsyncOp Op = AsyncOp::get(I)) {
    if (Op.isMark())
      return countsMark(Op, Kind)
                 ? std::optional(TraceEvent{TraceEvent::Mark, &I})
                 : std::nullopt;
    if (Op.isWait()) {
      // A wait of the other kind counts another sequence, which the trace
      // does not follow: whether it completes the copy is not known.
      if (Op.getSemantics() != Kind)
        return TraceEvent{TraceEvent::Unknown, &I};
      if (Op.alsoWaitsForUncommittedCopies())
        return TraceEvent{TraceEvent::Completes, &I};
      if (std::optional<uint64_t> N = Op.getConstantWaitCount())
        return TraceEvent{TraceEvent::Wait, &I, *N};
      return TraceEvent{TraceEvent::Unknown, &I};
    }
    if (Op.isFutureWait())
      return TraceEvent{TraceEvent::Unknown, &I};
    // An async store is a copy from shared memory, counted by the same
    // marks: a write of its staging buffer before it completes is a race.
    if (Op.isCopy() && Op.getSemantics() == Kind && Op.getCopySize() &&
        Op.getCopyDestination())
      return TraceEvent{TraceEvent::Copy, &I};
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallBase>(&I)) {
    bool MayRunAsyncOps =
        Kind == AsyncSemantics::Hardware
            ? (!isa<IntrinsicInst>(Call) &&
               (!Call->isInlineAsm() || isOpaqueToHardwareCounter(*Call)))
            : isAsyncFragmentCall(*Call);
    return MayRunAsyncOps ? std::optional(TraceEvent{TraceEvent::Unknown, &I})
                          : std::nullopt;
  }
  // Loads and stores of shared memory may touch a copy's destination; a
  // store anywhere may overwrite a copy's source.
  if (const Value *Ptr = getLoadStorePointerOperand(&I))
    if (isShared(Ptr) || isa<StoreInst>(I))
      return TraceEvent{TraceEvent::Access, &I};
  return std::nullopt;
}

/// True if \p Ptr points to shared memory: its address space is shared, or
/// (a generic pointer, as CUDA's) it is derived from a shared variable.
bool RaceFinder::isShared(const Value *Ptr) const {
  if (Ptr->getType()->getPointerAddressSpace() == SharedAS)
    return true;
  const auto *Object = dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr));
  return Object && Object->getAddressSpace() == SharedAS;
}

/// True if \p Inner, or a loop in it, holds a mark, a wait or an unknown
/// call; answered once per loop (every level around it asks).
bool RaceFinder::marksOrWaits(const Loop &Inner) const {
  auto [It, New] = MarksOrWaits.try_emplace(&Inner, false);
  if (!New)
    return It->second;
  bool Result = any_of(Inner.getSubLoops(),
                       [&](const Loop *Sub) { return marksOrWaits(*Sub); });
  for (const BasicBlock *BB : Inner.blocks()) {
    if (Result)
      break;
    if (LI.getLoopFor(BB) != &Inner)
      continue;
    for (const Instruction &I : *BB)
      if (std::optional<TraceEvent> E = classify(I);
          E && E->K != TraceEvent::Copy && E->K != TraceEvent::Access) {
        Result = true;
        break;
      }
  }
  return MarksOrWaits[&Inner] = Result;
}

/// Orders \p Blocks, which run once per iteration and so lie on one path of
/// the dominator tree, by their depth in it: program order.
void RaceFinder::sortByDominance(
    SmallVectorImpl<const BasicBlock *> &Blocks) const {
  sort(Blocks, [&](const BasicBlock *A, const BasicBlock *B) {
    return DT.getNode(A)->getLevel() < DT.getNode(B)->getLevel();
  });
}

bool RaceFinder::runsOncePerIteration(const BasicBlock &BB,
                                      const Loop *L) const {
  if (!L)
    return PDT.dominates(&BB, &F.getEntryBlock());
  const BasicBlock *Latch = L->getLoopLatch();
  return Latch && DT.dominates(&BB, Latch);
}

LevelTrace RaceFinder::buildTrace(const Loop *L) const {
  LevelTrace T;
  T.L = L;
  SmallVector<const BasicBlock *, 16> Once;
  auto Visit = [&](const BasicBlock &BB) {
    if (LI.getLoopFor(&BB) != L || !DT.isReachableFromEntry(&BB))
      return;
    if (runsOncePerIteration(BB, L)) {
      Once.push_back(&BB);
      return;
    }
    for (const Instruction &I : BB)
      if (std::optional<TraceEvent> E = classify(I))
        if (E->K != TraceEvent::Copy && E->K != TraceEvent::Access)
          T.Deterministic = false;
  };
  if (L)
    for (const BasicBlock *BB : L->blocks())
      Visit(*BB);
  else
    for (const BasicBlock &BB : F)
      Visit(BB);
  sortByDominance(Once);
  // Inner loops that mark or wait stand in the trace where they are
  // entered, if they are entered once per iteration. Those that do not
  // stand there with their accesses of every iteration (no mark or wait
  // runs between them).
  DenseMap<const BasicBlock *, const Loop *> EnteredFrom;
  DenseMap<const BasicBlock *, SmallVector<const Loop *, 1>> ReadFrom;
  const std::vector<Loop *> &Children =
      L ? L->getSubLoops() : LI.getTopLevelLoops();
  for (const Loop *Inner : Children) {
    const BasicBlock *Preheader = Inner->getLoopPreheader();
    if (!marksOrWaits(*Inner)) {
      if (Preheader && LI.getLoopFor(Preheader) == L &&
          runsOncePerIteration(*Preheader, L))
        ReadFrom[Preheader].push_back(Inner);
      continue;
    }
    if (!Preheader || LI.getLoopFor(Preheader) != L ||
        !runsOncePerIteration(*Preheader, L) || EnteredFrom.count(Preheader))
      T.Deterministic = false;
    else
      EnteredFrom[Preheader] = Inner;
  }
  for (const BasicBlock *BB : Once) {
    for (const Instruction &I : *BB)
      if (std::optional<TraceEvent> E = classify(I))
        T.Events.push_back(*E);
      else if (const auto *Call = dyn_cast<CallBase>(&I))
        appendCalleeCopies(*Call, T.Events);
    for (const Loop *Inner : ReadFrom.lookup(BB))
      appendInnerAccesses(*Inner, T.Events);
    if (const Loop *Inner = EnteredFrom.lookup(BB))
      T.Events.push_back(
          TraceEvent{TraceEvent::Unknown, BB->getTerminator(), 0, Inner});
  }
  return T;
}

/// The pointer to the bytes \p Copy writes, or (\p Source) reads: null
/// where it is no pointer (a buffer resource).
const Value *RaceFinder::copyBytes(const Instruction &Copy, bool Source) {
  AsyncOp Op = AsyncOp::get(Copy);
  return Source ? Op.getCopySource() : Op.getCopyDestination();
}

/// Appends the accesses of \p Inner (a loop that neither marks nor waits)
/// that run on each of its iterations: those of its own blocks that
/// dominate its latch; and its copies there, where it runs a constant number
/// of iterations, leaving only by its latch (a loop over the lanes of a
/// tile): each iteration below that number issues them once it is entered.
void RaceFinder::appendInnerAccesses(
    const Loop &Inner, SmallVectorImpl<TraceEvent> &Events) const {
  const BasicBlock *Latch = Inner.getLoopLatch();
  if (!Latch)
    return;
  SmallVector<const BasicBlock *, 8> Blocks;
  for (const BasicBlock *BB : Inner.blocks())
    if (LI.getLoopFor(BB) == &Inner && DT.dominates(BB, Latch))
      Blocks.push_back(BB);
  sortByDominance(Blocks);
  bool CountedCopies = Inner.getExitingBlock() == Latch &&
                       SE.getSmallConstantTripCount(&Inner) != 0;
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (std::optional<TraceEvent> E = classify(I);
          E && (E->K == TraceEvent::Access ||
                (E->K == TraceEvent::Copy && CountedCopies))) {
        E->AccessLoop = &Inner;
        Events.push_back(*E);
      }
}

bool RaceFinder::sameObject(const TraceEvent &Copy, const TraceEvent &Access,
                            bool Source) {
  const Value *Bytes = copyBytes(*Copy.I, Source);
  const Value *Ptr = getLoadStorePointerOperand(Access.I);
  if (!Bytes)
    return false;
  // Through phis and selects too: buffers rotated among the parts of one
  // array are one object.
  auto OneObject = [](const Value *V) -> const Value * {
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(V, Objects);
    return Objects.size() == 1 ? Objects.front() : nullptr;
  };
  const Value *Object = OneObject(Bytes);
  // A callee's pointer argument is the caller's pointer.
  if (const auto *Arg = dyn_cast_or_null<Argument>(Object); Arg && Copy.Via)
    Object = OneObject(Copy.Via->getArgOperand(Arg->getArgNo()));
  return Object && Object == OneObject(Ptr);
}

const SCEV *RaceFinder::atIterations(const SCEV *S,
                                     ArrayRef<LoopIteration> Its) const {
  LoopToScevMapT Map;
  for (auto [L, It] : Its)
    Map[L] = SE.getConstant(Type::getInt64Ty(F.getContext()), It);
  const SCEV *At = SCEVLoopAddRecRewriter::rewrite(S, Map, SE);
  // A value of these loops that is no recurrence has a value per iteration
  // that ScalarEvolution does not give. Where it is a constant on that
  // iteration (a buffer counter or pointer the pipeliner rotates by select,
  // from a constant start), it is folded; otherwise (a loaded index) nothing
  // is claimed.
  ValueToSCEVMapTy Folded;
  bool PerIteration = SCEVExprContains(At, [&](const SCEV *Sub) {
    const auto *Unknown = dyn_cast<SCEVUnknown>(Sub);
    if (!Unknown)
      return false;
    for (auto [L, It] : Its) {
      Value *V = Unknown->getValue();
      if (isSameOnEveryIteration(V, L, 0))
        continue;
      Constant *C = valueOnIteration(V, L, It);
      if (!C)
        return true;
      Folded[V] = SE.getSCEV(C);
    }
    return false;
  });
  if (PerIteration)
    return nullptr;
  if (!Folded.empty())
    At = SCEVParameterRewriter::rewrite(At, SE, Folded);
  return Pinned.empty() ? At : SCEVParameterRewriter::rewrite(At, SE, Pinned);
}

/// The value of \p V on iteration \p It of \p L (from 0), where that is a
/// constant: folded from constants and from L's header phis, whose values
/// are followed from their constant starts iteration by iteration.
Constant *RaceFinder::valueOnIteration(const Value *V, const Loop *L,
                                       uint64_t It) const {
  const BasicBlock *Preheader = L->getLoopPreheader();
  const BasicBlock *Latch = L->getLoopLatch();
  if (!Preheader || !Latch || It > IterationsCompared + MaxIterationsApart)
    return nullptr;
  DenseMap<const PHINode *, Constant *> Phis;
  for (const PHINode &Phi : L->getHeader()->phis())
    if (auto *Start =
            dyn_cast<Constant>(Phi.getIncomingValueForBlock(Preheader)))
      Phis[&Phi] = Start;
  for (uint64_t Step = 0; Step != It; ++Step) {
    DenseMap<const PHINode *, Constant *> Next;
    for (const auto &Entry : Phis)
      if (Constant *C = foldOnIteration(
              Entry.first->getIncomingValueForBlock(Latch), L, Phis, 0))
        Next[Entry.first] = C;
    Phis = std::move(Next);
  }
  return foldOnIteration(V, L, Phis, 0);
}

/// \p V folded to a constant, given the values \p Phis of L's header phis
/// on one iteration; null where it is not one.
Constant *
RaceFinder::foldOnIteration(const Value *V, const Loop *L,
                            const DenseMap<const PHINode *, Constant *> &Phis,
                            unsigned Depth) const {
  if (auto *C = dyn_cast<Constant>(V))
    return const_cast<Constant *>(C);
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Depth > 8)
    return nullptr;
  if (const auto *Phi = dyn_cast<PHINode>(I))
    return Phi->getParent() == L->getHeader() ? Phis.lookup(Phi) : nullptr;
  if (I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return nullptr;
  SmallVector<Constant *, 4> Ops;
  for (const Value *Op : I->operands()) {
    Constant *C = foldOnIteration(Op, L, Phis, Depth + 1);
    if (!C)
      return nullptr;
    Ops.push_back(C);
  }
  return ConstantFoldInstOperands(const_cast<Instruction *>(I), Ops, DL);
}

/// True if \p V has one value on every iteration of \p L: it is defined
/// outside L, or computed in L without memory, side effects or phis from
/// such values (a work-item id queried in the loop).
bool isSameOnEveryIteration(const Value *V, const Loop *L, unsigned Depth) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I))
    return true;
  if (Depth > 6 || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects())
    return false;
  return all_of(I->operands(), [&](const Value *Op) {
    return isSameOnEveryIteration(Op, L, Depth + 1);
  });
}

/// \p S for the work-group's first work-item: every value the target knows
/// to be 0 there (its id in the group, its lane) replaced by 0. That
/// work-item is in every work-group, so what holds for it happens.
const SCEV *RaceFinder::forFirstWorkItem(const SCEV *S) const {
  ValueToSCEVMapTy Zeros;
  SCEVExprContains(S, [&](const SCEV *Sub) {
    if (const auto *Unknown = dyn_cast<SCEVUnknown>(Sub))
      if (Target.isZeroForFirstWorkItem(*Unknown->getValue()))
        Zeros[Unknown->getValue()] = SE.getZero(Unknown->getType());
    return false;
  });
  return Zeros.empty() ? S : SCEVParameterRewriter::rewrite(S, SE, Zeros);
}

bool RaceFinder::mayHaveIteration(const Loop *L, uint64_t It) const {
  unsigned MaxTrips = SE.getSmallConstantMaxTripCount(L);
  return MaxTrips == 0 || It < MaxTrips;
}

/// The copy's and the access's addresses, as ScalarEvolution gives them,
/// and how many bytes each touches: the copy's destination, or (\p Source)
/// its source. None where they cannot be compared.
std::optional<RaceFinder::ByteRanges>
RaceFinder::byteRanges(const TraceEvent &CopyEvent, const Instruction &Access,
                       bool Source) const {
  const Instruction &Copy = *CopyEvent.I;
  AsyncOp Op = AsyncOp::get(Copy);
  ByteRanges B;
  B.CopyBytes = *Op.getCopySize();
  // A zero-filling copy reads only its source size.
  if (Value *SourceSize = Op.getSourceSizeOperand(); Source && SourceSize) {
    const auto *Known = dyn_cast<ConstantInt>(SourceSize);
    if (!Known || Known->getValue().getActiveBits() > 32)
      return std::nullopt;
    B.CopyBytes = std::min<int64_t>(B.CopyBytes, Known->getZExtValue());
  }
  B.AccessBytes =
      DL.getTypeStoreSize(getLoadStoreType(const_cast<Instruction *>(&Access)))
          .getFixedValue();
  // Address space casts are no arithmetic: CUDA's copies take the shared
  // address of the generic pointer the program reads through.
  B.Access = SE.getSCEV(const_cast<Value *>(
      getLoadStorePointerOperand(&Access)->stripPointerCasts()));
  if (CopyEvent.Via) {
    B.Via = CopyEvent.Via;
    B.CopyPtr = copyBytes(Copy, Source);
    return B.CopyPtr->getType() == B.Access->getType() ? std::optional(B)
                                                       : std::nullopt;
  }
  B.Copy = SE.getSCEV(
      const_cast<Value *>(copyBytes(Copy, Source)->stripPointerCasts()));
  if (B.Copy->getType() != B.Access->getType())
    return std::nullopt;
  return B;
}

/// Where the access starts in the copy's bytes \p B, if they overlap with
/// the copy in iteration \p CopyIter of \p L (or before L when
/// \p CopyOutsideL) and the access in iteration \p AccessIter (and in
/// iteration \p AccessLoopIter of \p AccessLoop, an inner loop; the copy in
/// iteration \p CopyLoopIter of \p CopyLoop).
std::optional<int64_t>
RaceFinder::overlap(const ByteRanges &B, uint64_t CopyIter, uint64_t AccessIter,
                    const Loop *L, bool CopyOutsideL, const Loop *AccessLoop,
                    uint64_t AccessLoopIter, const Loop *CopyLoop,
                    uint64_t CopyLoopIter) const {
  SmallVector<LoopIteration, 2> CopyAt, AccessAt;
  if (L) {
    if (!CopyOutsideL)
      CopyAt.push_back({L, CopyIter});
    AccessAt.push_back({L, AccessIter});
  }
  if (AccessLoop)
    AccessAt.push_back({AccessLoop, AccessLoopIter});
  if (CopyLoop)
    CopyAt.push_back({CopyLoop, CopyLoopIter});
  const SCEV *Dst = B.Via ? calleeValue(B.CopyPtr, *B.Via,
                                        CopyOutsideL ? nullptr : L, CopyIter, 0)
                    : CopyAt.empty() ? B.Copy
                                     : atIterations(B.Copy, CopyAt);
  const SCEV *Ptr =
      AccessAt.empty() ? B.Access : atIterations(B.Access, AccessAt);
  if (!Dst || !Ptr)
    return std::nullopt;
  // Both for the work-group's first work-item: its own copy of what it
  // reads (a broadcast read of a tile, a row another loop walks).
  const SCEV *Diff =
      SE.getMinusSCEV(forFirstWorkItem(Ptr), forFirstWorkItem(Dst));
  const auto *C = dyn_cast<SCEVConstant>(Diff);
  if (!C || C->getAPInt().getSignificantBits() > 63)
    return std::nullopt;
  int64_t Offset = C->getAPInt().getSExtValue();
  if (Offset < B.CopyBytes && Offset + B.AccessBytes > 0)
    return Offset;
  return std::nullopt;
}

/// Compares the bytes of \p Copy and \p Access, the access in iterations
/// [\p FromIt, \p ToIt) of \p L and the copy \p Apart iterations earlier
/// (or before L when \p CopyBeforeLoop), and records the first overlap, the
/// walk \p W having reached the access with the copy pending.
bool RaceFinder::tryRace(const TraceEvent &Copy, const TraceEvent &Access,
                         const Walk &W, const Loop *L, uint64_t Apart,
                         bool CopyBeforeLoop, uint64_t FromIt, uint64_t ToIt,
                         SmallVectorImpl<AsyncRace> &Races) {
  if (Access.K != TraceEvent::Access)
    return false;
  // The copy's destination against any access of shared memory; its source
  // against a store.
  const Value *Ptr = getLoadStorePointerOperand(Access.I);
  if (isShared(Ptr) && sameObject(Copy, Access, /*Source=*/false) &&
      tryBytes(Copy, Access, W, L, Apart, CopyBeforeLoop, FromIt, ToIt,
               /*Source=*/false, Races))
    return true;
  return isa<StoreInst>(Access.I) &&
         sameObject(Copy, Access, /*Source=*/true) &&
         tryBytes(Copy, Access, W, L, Apart, CopyBeforeLoop, FromIt, ToIt,
                  /*Source=*/true, Races);
}

bool RaceFinder::tryBytes(const TraceEvent &Copy, const TraceEvent &Access,
                          const Walk &W, const Loop *L, uint64_t Apart,
                          bool CopyBeforeLoop, uint64_t FromIt, uint64_t ToIt,
                          bool Source, SmallVectorImpl<AsyncRace> &Races) {
  std::optional<ByteRanges> B = byteRanges(Copy, *Access.I, Source);
  if (!B)
    return false;
  const Loop *AccessLoop = Access.AccessLoop;
  // A copy in an inner loop: its iterations that run (the loop's constant
  // trip count), each against every access after the loop; an access of
  // the same loop may come before the copy's iteration.
  const Loop *CopyLoop = Copy.AccessLoop;
  if (CopyLoop && CopyLoop == AccessLoop)
    return false;
  uint64_t CopyIterations =
      CopyLoop ? std::min<uint64_t>(SE.getSmallConstantTripCount(CopyLoop),
                                    IterationsCompared)
               : 1;
  for (uint64_t It = FromIt; It != ToIt; ++It) {
    if (L && !mayHaveIteration(L, It))
      return false;
    for (uint64_t Inner = 0; Inner != (AccessLoop ? IterationsCompared : 1);
         ++Inner) {
      if (AccessLoop && !mayHaveIteration(AccessLoop, Inner))
        break;
      std::optional<int64_t> Offset;
      for (uint64_t Lane = 0; Lane != CopyIterations && !Offset; ++Lane) {
        // A bound on the work in a huge function: past it nothing is
        // claimed.
        if (OverlapQueries == MaxOverlapQueries)
          return false;
        ++OverlapQueries;
        Offset = overlap(*B, It - Apart, It, L, CopyBeforeLoop, AccessLoop,
                         Inner, CopyLoop, Lane);
      }
      if (!Offset)
        continue;
      AsyncRace R;
      R.Copy = Copy.I;
      R.Access = Access.I;
      R.L = L;
      R.AccessIteration = L ? It : 0;
      R.IterationsApart = Apart;
      R.CopyBeforeLoop = CopyBeforeLoop;
      R.MarksSinceCopy = W.Marks;
      R.LastWait = W.LastWait;
      R.Offset = *Offset;
      R.OverwritesSource = Source;
      R.AccessLoop = AccessLoop;
      R.AccessLoopIteration = Inner;
      R.TripCount = PinnedTripCount;
      Races.push_back(R);
      return true;
    }
  }
  return false;
}

void RaceFinder::findInLevel(const LevelTrace &T,
                             SmallVectorImpl<AsyncRace> &Races) {
  ArrayRef<TraceEvent> Events = T.Events;
  for (size_t CopyAt = 0; CopyAt != Events.size(); ++CopyAt) {
    const TraceEvent &Copy = Events[CopyAt];
    if (Copy.K != TraceEvent::Copy)
      continue;
    // A copy before an inner loop, and the loop's accesses.
    for (size_t LoopAt = CopyAt + 1; LoopAt != Events.size(); ++LoopAt)
      if (const Loop *Inner = Events[LoopAt].Inner) {
        auto It = Traces.find(Inner);
        if (It != Traces.end() && It->second.Deterministic)
          findAcrossLoopEntry(T, It->second, CopyAt, LoopAt, Races);
      }
    // One walk from the copy through the iterations after it: an access
    // reached while the copy is pending races with it if the bytes overlap
    // (the nearest iteration first: the fewest marks since the copy).
    SmallPtrSet<const Instruction *, 8> Raced;
    Walk W;
    for (uint64_t Apart = 0; Apart <= (T.L ? MaxIterationsApart : 0); ++Apart)
      for (size_t At = Apart == 0 ? CopyAt + 1 : 0;
           At != Events.size() && !W.stopped(); ++At) {
        const TraceEvent &E = Events[At];
        if (!Raced.count(E.I) &&
            tryRace(Copy, E, W, T.L, Apart, /*CopyBeforeLoop=*/false, Apart,
                    T.L ? Apart + IterationsCompared : 1, Races))
          Raced.insert(E.I);
        stepWalk(W, E);
      }
  }
}

void RaceFinder::findAcrossLoopEntry(const LevelTrace &Outer,
                                     const LevelTrace &Inner, size_t CopyAt,
                                     size_t LoopAt,
                                     SmallVectorImpl<AsyncRace> &Races) {
  const TraceEvent &Copy = Outer.Events[CopyAt];
  Walk W;
  for (const TraceEvent &E :
       ArrayRef(Outer.Events).slice(CopyAt + 1, LoopAt - CopyAt - 1))
    stepWalk(W, E);
  SmallPtrSet<const Instruction *, 8> Raced;
  for (uint64_t It = 0; It != IterationsCompared; ++It)
    for (const TraceEvent &E : Inner.Events) {
      if (W.stopped())
        return;
      // The walk is at iteration It: only it is compared.
      if (!Raced.count(E.I) &&
          tryRace(Copy, E, W, Inner.L, 0,
                  /*CopyBeforeLoop=*/true, It, It + 1, Races))
        Raced.insert(E.I);
      stepWalk(W, E);
    }
}

/// True where \p L's trace misses what its iterations do: a mark, wait or
/// call that may mark or wait on a branch, a copy on a branch (or a call
/// that issues copies), or a wait whose count is computed at run time. Each
/// iteration's path is then followed on its own.
bool RaceFinder::needsPaths(const Loop &L, const LevelTrace &T) const {
  if (!L.getLoopPreheader() || !L.getLoopLatch())
    return false;
  bool HasCopy = false, OnBranch = !T.Deterministic;
  for (const BasicBlock *BB : L.blocks()) {
    if (LI.getLoopFor(BB) != &L)
      continue;
    bool Once = runsOncePerIteration(*BB, &L);
    for (const Instruction &I : *BB) {
      std::optional<TraceEvent> E = classify(I);
      // Copies issued by a callee are seen on paths only.
      if (const auto *Call = dyn_cast<CallBase>(&I); Call && !E) {
        Path Copies;
        appendCalleeCopies(*Call, Copies);
        HasCopy |= !Copies.empty();
        OnBranch |= !Copies.empty() && !Once;
      }
      if (!E)
        continue;
      HasCopy |= E->K == TraceEvent::Copy;
      if (E->K == TraceEvent::Copy && !Once)
        OnBranch = true;
      if (E->K == TraceEvent::Unknown && AsyncOp::get(I).isWait())
        OnBranch = true;
    }
  }
  return HasCopy && OnBranch;
}

/// The values \p L is followed under: none pinned; and, where its trip
/// count is a value read at run time (one value the backedge-taken count is
/// computed from), that value pinned to each constant that makes the loop
/// run 1 to MaxPinnedTripCount times. A race found under a scenario happens
/// on a run where the loop iterates that many times.
SmallVector<RaceFinder::Scenario, 4>
RaceFinder::scenarios(const Loop &L) const {
  SmallVector<Scenario, 4> Result(1);
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken) || isa<SCEVConstant>(Taken))
    return Result;
  SmallVector<const SCEVUnknown *, 2> Unknowns;
  SCEVExprContains(Taken, [&](const SCEV *Sub) {
    if (const auto *U = dyn_cast<SCEVUnknown>(Sub))
      if (!is_contained(Unknowns, U))
        Unknowns.push_back(U);
    return false;
  });
  if (Unknowns.size() != 1 || !Unknowns.front()->getType()->isIntegerTy() ||
      Unknowns.front()->getType()->getIntegerBitWidth() > 64)
    return Result;
  Value *V = Unknowns.front()->getValue();
  ConstantRange Signed = SE.getSignedRange(Unknowns.front());
  ConstantRange Unsigned = SE.getUnsignedRange(Unknowns.front());
  for (uint64_t N = 1; N <= MaxPinnedTripCount + 1; ++N) {
    // Only a value the program can read there.
    APInt Value(V->getType()->getIntegerBitWidth(), N);
    if (Value.getZExtValue() != N || !Signed.contains(Value) ||
        !Unsigned.contains(Value))
      continue;
    Scenario S;
    S.Pinned[V] = SE.getConstant(V->getType(), N);
    const auto *Count = dyn_cast<SCEVConstant>(
        SCEVParameterRewriter::rewrite(Taken, SE, S.Pinned));
    if (!Count || Count->getAPInt().getActiveBits() > 32 ||
        Count->getAPInt().getZExtValue() >= MaxPinnedTripCount)
      continue;
    S.TripCount = Count->getAPInt().getZExtValue() + 1;
    if (none_of(Result,
                [&](const Scenario &O) { return O.TripCount == S.TripCount; }))
      Result.push_back(std::move(S));
  }
  return Result;
}

/// \p V's value on iteration \p It of \p L (under the pinned values), where
/// it is a constant.
std::optional<APInt> RaceFinder::evaluate(const Value *V, const Loop &L,
                                          uint64_t It, unsigned Depth) const {
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue();
  if (Depth > 8 || !V->getType()->isIntegerTy())
    return std::nullopt;
  if (const auto *Phi = dyn_cast<PHINode>(V))
    if (const Value *In = PathPhis.lookup(Phi))
      return evaluate(In, L, It, Depth + 1);
  if (const auto *Cmp = dyn_cast<ICmpInst>(V)) {
    std::optional<APInt> A = evaluate(Cmp->getOperand(0), L, It, Depth + 1);
    std::optional<APInt> B = evaluate(Cmp->getOperand(1), L, It, Depth + 1);
    if (!A || !B || A->getBitWidth() != B->getBitWidth())
      return std::nullopt;
    return APInt(1, ICmpInst::compare(*A, *B, Cmp->getPredicate()));
  }
  if (const auto *Sel = dyn_cast<SelectInst>(V);
      Sel && Sel->getCondition()->getType()->isIntegerTy(1)) {
    std::optional<APInt> C = evaluate(Sel->getCondition(), L, It, Depth + 1);
    if (!C)
      return std::nullopt;
    return evaluate(C->isOne() ? Sel->getTrueValue() : Sel->getFalseValue(), L,
                    It, Depth + 1);
  }
  if (const auto *Op = dyn_cast<BinaryOperator>(V);
      Op && V->getType()->isIntegerTy(1)) {
    std::optional<APInt> A = evaluate(Op->getOperand(0), L, It, Depth + 1);
    std::optional<APInt> B = evaluate(Op->getOperand(1), L, It, Depth + 1);
    if (!A || !B)
      return std::nullopt;
    switch (Op->getOpcode()) {
    case Instruction::And:
      return *A & *B;
    case Instruction::Or:
      return *A | *B;
    case Instruction::Xor:
      return *A ^ *B;
    default:
      return std::nullopt;
    }
  }
  if (!SE.isSCEVable(V->getType()))
    return std::nullopt;
  LoopIteration At[] = {{&L, It}};
  const SCEV *S = atIterations(SE.getSCEV(const_cast<Value *>(V)), At);
  if (const auto *C = dyn_cast_or_null<SCEVConstant>(S))
    return C->getAPInt();
  // Arithmetic on a phi of the path (a wait count one arm chose, plus the
  // groups after it): folded from its operands.
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects() || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
    return std::nullopt;
  SmallVector<Constant *, 2> Ops;
  for (const Value *Op : I->operands()) {
    std::optional<APInt> C = evaluate(Op, L, It, Depth + 1);
    if (!C)
      return std::nullopt;
    Ops.push_back(ConstantInt::get(Op->getType(), *C));
  }
  if (const auto *Folded = dyn_cast_or_null<ConstantInt>(
          ConstantFoldInstOperands(const_cast<Instruction *>(I), Ops, DL)))
    return Folded->getValue();
  return std::nullopt;
}

/// A wait of run-time count (an Unknown event) whose count is a constant on
/// iteration \p It becomes a wait for that count.
void RaceFinder::resolveWaitCount(TraceEvent &E, const Loop &L,
                                  uint64_t It) const {
  AsyncOp Op = AsyncOp::get(*E.I);
  if (E.K != TraceEvent::Unknown || !Op.isWait() || Op.getSemantics() != Kind ||
      Op.alsoWaitsForUncommittedCopies())
    return;
  const Value *Count = Op.getWaitCountOperand();
  if (!Count)
    return;
  if (std::optional<APInt> N = evaluate(Count, L, It, 0);
      N && N->getActiveBits() <= 32) {
    E.K = TraceEvent::Wait;
    E.Count = N->getZExtValue();
  }
}

/// The events of iteration \p It of \p L, from its header along the branches
/// its conditions take on that iteration; \p Exits says whether the loop
/// leaves after it. False where a branch's direction is not known.
bool RaceFinder::walkIteration(const Loop &L, uint64_t It, Path &Events,
                               bool &Exits) const {
  const BasicBlock *BB = L.getHeader();
  const BasicBlock *From = nullptr;
  PathPhis.clear();
  for (unsigned Steps = 0; Steps != 256; ++Steps) {
    if (const Loop *In = LI.getLoopFor(BB); In != &L) {
      // A loop nested in L, entered at its header: its accesses (it neither
      // marks nor waits) or the end of what is known; then its exit.
      const Loop *Sub = In;
      while (Sub && Sub->getParentLoop() != &L)
        Sub = Sub->getParentLoop();
      if (!Sub || Sub->getHeader() != BB)
        return false;
      if (marksOrWaits(*Sub))
        Events.push_back(
            TraceEvent{TraceEvent::Unknown, BB->getTerminator(), 0, Sub});
      else
        appendInnerAccesses(*Sub, Events);
      BB = Sub->getUniqueExitBlock();
      From = nullptr;
      if (!BB)
        return false;
      // The inner loop may leave L's iteration itself (to the header or out
      // of L); what follows is then no longer this iteration.
      if (BB == L.getHeader() || !L.contains(BB)) {
        Exits = BB != L.getHeader();
        return true;
      }
      continue;
    }
    if (From)
      for (const PHINode &Phi : BB->phis())
        PathPhis[&Phi] = Phi.getIncomingValueForBlock(From);
    for (const Instruction &I : *BB)
      if (std::optional<TraceEvent> E = classify(I)) {
        resolveWaitCount(*E, L, It);
        Events.push_back(*E);
      } else if (const auto *Call = dyn_cast<CallBase>(&I)) {
        appendCalleeCopies(*Call, Events);
      }
    const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br)
      return false;
    const BasicBlock *Next = Br->getSuccessor(0);
    if (Br->isConditional()) {
      std::optional<APInt> Taken = evaluate(Br->getCondition(), L, It, 0);
      if (!Taken)
        return false;
      Next = Br->getSuccessor(Taken->isOne() ? 0 : 1);
    }
    if (Next == L.getHeader()) {
      Exits = false;
      return true;
    }
    if (!L.contains(Next)) {
      Exits = true;
      return true;
    }
    From = BB;
    BB = Next;
  }
  return false;
}

/// The copies of a callee that only copies (no other async operation and no
/// call that could run one), issued on every call (its entry block's), as
/// copies of the caller: such a callee joins the caller's activation, so
/// its copies are in the caller's group.
void RaceFinder::appendCalleeCopies(const CallBase &Call,
                                    SmallVectorImpl<TraceEvent> &Events) const {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || Callee->isInterposable() ||
      Callee == &F || isa<IntrinsicInst>(Call) || AsyncOp::get(Call))
    return;
  SmallVector<TraceEvent, 8> Copies;
  for (const BasicBlock &BB : *Callee)
    for (const Instruction &I : BB) {
      if (AsyncOp Op = AsyncOp::get(I)) {
        if (!Op.isCopy() || Op.isStore() || Op.getSemantics() != Kind ||
            !Op.getCopySize() || !Op.getCopyDestination())
          return;
        if (&BB == &Callee->getEntryBlock())
          Copies.push_back(
              TraceEvent{TraceEvent::Copy, &I, 0, nullptr, nullptr, &Call});
        continue;
      }
      if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
        return;
    }
  append_range(Events, Copies);
}

/// \p V, a value of the callee of \p Call, as the caller's value on
/// iteration \p It of \p L (where L is not null): its arguments the
/// caller's, its integers constants there; null where it is not computed
/// from them without memory.
const SCEV *RaceFinder::calleeValue(const Value *V, const CallBase &Call,
                                    const Loop *L, uint64_t It,
                                    unsigned Depth) const {
  if (Depth > 12 || !SE.isSCEVable(V->getType()))
    return nullptr;
  if (const auto *Arg = dyn_cast<Argument>(V)) {
    const SCEV *Actual = SE.getSCEV(Call.getArgOperand(Arg->getArgNo()));
    if (!L)
      return Actual;
    LoopIteration At[] = {{L, It}};
    return atIterations(Actual, At);
  }
  if (isa<Constant>(V))
    return SE.getSCEV(const_cast<Value *>(V));
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || I->getFunction() != Call.getCalledFunction() || isa<PHINode>(I) ||
      I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return nullptr;
  auto ConstantOperand = [&](const Value *Op) -> Constant * {
    const auto *C =
        dyn_cast_or_null<SCEVConstant>(calleeValue(Op, Call, L, It, Depth + 1));
    return C ? C->getValue() : nullptr;
  };
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
    const SCEV *Base =
        calleeValue(GEP->getPointerOperand(), Call, L, It, Depth + 1);
    if (!Base)
      return nullptr;
    SmallVector<Value *, 4> Indices;
    for (const Value *Index : GEP->indices()) {
      Constant *C = ConstantOperand(Index);
      if (!C)
        return nullptr;
      Indices.push_back(C);
    }
    int64_t Offset =
        DL.getIndexedOffsetInType(GEP->getSourceElementType(), Indices);
    return SE.getAddExpr(Base,
                         SE.getConstant(DL.getIndexType(GEP->getType()), Offset,
                                        /*isSigned=*/true));
  }
  if (!I->getType()->isIntegerTy())
    return nullptr;
  SmallVector<Constant *, 2> Ops;
  for (const Value *Op : I->operands()) {
    Constant *C = ConstantOperand(Op);
    if (!C)
      return nullptr;
    Ops.push_back(C);
  }
  const auto *Folded = dyn_cast_or_null<ConstantInt>(
      ConstantFoldInstOperands(const_cast<Instruction *>(I), Ops, DL));
  return Folded ? SE.getConstant(const_cast<ConstantInt *>(Folded)) : nullptr;
}

/// Races of copies and accesses on the paths of \p L's iterations: a copy
/// on iteration C's path and an access on iteration T's, with the marks and
/// waits of the paths between them; and a copy before the loop (in the
/// level around it) and an access on iteration T's path.
void RaceFinder::findOnPaths(const Loop &L, SmallVectorImpl<AsyncRace> &Races) {
  for (Scenario &S : scenarios(L)) {
    Pinned = std::move(S.Pinned);
    PinnedTripCount = S.TripCount;
    SmallVector<Path, 8> Paths;
    bool Exits = false;
    while (!Exits && Paths.size() != PathIterations) {
      Path Events;
      if (!walkIteration(L, Paths.size(), Events, Exits))
        break;
      Paths.push_back(std::move(Events));
    }
    // The pinned value must give the trip count the paths take.
    if (PinnedTripCount && (!Exits || Paths.size() != PinnedTripCount))
      Paths.clear();
    DenseSet<std::pair<const Instruction *, const Instruction *>> Raced;
    for (uint64_t C = 0; C != Paths.size(); ++C)
      for (size_t At = 0; At != Paths[C].size(); ++At) {
        const TraceEvent &Copy = Paths[C][At];
        if (Copy.K != TraceEvent::Copy)
          continue;
        Walk W;
        for (uint64_t T = C; T != Paths.size() && T <= C + MaxIterationsApart;
             ++T)
          for (size_t A = T == C ? At + 1 : 0;
               A != Paths[T].size() && !W.stopped(); ++A) {
            const TraceEvent &E = Paths[T][A];
            if (!Raced.count({Copy.I, E.I}) &&
                tryRace(Copy, E, W, &L, T - C, /*CopyBeforeLoop=*/false, T,
                        T + 1, Races))
              Raced.insert({Copy.I, E.I});
            stepWalk(W, E);
          }
      }
    // Copies made before the loop (a prologue), where the level around it
    // runs them and enters the loop once per iteration of its own.
    auto Outer = Traces.find(L.getParentLoop());
    if (Paths.empty() || Outer == Traces.end() || !Outer->second.Deterministic)
      continue;
    ArrayRef<TraceEvent> Events = Outer->second.Events;
    for (size_t LoopAt = 0; LoopAt != Events.size(); ++LoopAt)
      for (size_t CopyAt = 0; Events[LoopAt].Inner == &L && CopyAt != LoopAt;
           ++CopyAt) {
        const TraceEvent &Copy = Events[CopyAt];
        if (Copy.K != TraceEvent::Copy)
          continue;
        Walk W;
        stepWalk(W, Events.slice(CopyAt + 1, LoopAt - CopyAt - 1));
        for (uint64_t T = 0; T != Paths.size() && !W.stopped(); ++T)
          for (size_t A = 0; A != Paths[T].size() && !W.stopped(); ++A) {
            const TraceEvent &E = Paths[T][A];
            if (!Raced.count({Copy.I, E.I}) &&
                tryRace(Copy, E, W, &L, 0, /*CopyBeforeLoop=*/true, T, T + 1,
                        Races))
              Raced.insert({Copy.I, E.I});
            stepWalk(W, E);
          }
      }
  }
  Pinned.clear();
  PinnedTripCount = 0;
}

void RaceFinder::find(SmallVectorImpl<AsyncRace> &Races) {
  Traces[nullptr] = buildTrace(nullptr);
  for (const Loop *L : LI.getLoopsInPreorder())
    Traces[L] = buildTrace(L);
  SmallVector<const Loop *, 8> Levels = {nullptr};
  append_range(Levels, LI.getLoopsInPreorder());
  for (const Loop *L : Levels)
    if (Traces[L].Deterministic)
      findInLevel(Traces[L], Races);
  for (const Loop *L : LI.getLoopsInPreorder())
    if (needsPaths(*L, Traces[L]))
      findOnPaths(*L, Races);
}

/// Keeps, per access, the race with the newest group (the fewest marks
/// since its copy): the wait that completes it completes the others.
void keepNewestPerAccess(SmallVectorImpl<AsyncRace> &Races) {
  DenseMap<const Instruction *, size_t> Best;
  SmallVector<AsyncRace, 4> Kept;
  for (const AsyncRace &R : Races) {
    auto [It, New] = Best.try_emplace(R.Access, Kept.size());
    if (New)
      Kept.push_back(R);
    else if (R.MarksSinceCopy < Kept[It->second].MarksSinceCopy)
      Kept[It->second] = R;
  }
  Races.assign(Kept.begin(), Kept.end());
}

} // namespace

AsyncRaceInfo AsyncRaceAnalysis::run(Function &F, FunctionAnalysisManager &AM) {
  AsyncRaceInfo Info;
  if (F.isDeclaration() || !moduleMayHaveAsyncOps(*F.getParent()) ||
      usesAsyncQueues(F))
    return Info;
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(*F.getParent());
  if (!Target)
    return Info;
  bool HasCopy[NumAsyncSemantics] = {false, false};
  auto NoteCopies = [&](const Function &G) {
    for (const BasicBlock &BB : G)
      for (const Instruction &I : BB)
        if (AsyncOp Op = AsyncOp::get(I); Op.isCopy())
          HasCopy[static_cast<unsigned>(Op.getSemantics())] = true;
  };
  NoteCopies(F);
  // Copies a callee issues for the caller (appendCalleeCopies).
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction();
            Callee && Callee != &F && !Callee->isDeclaration())
          NoteCopies(*Callee);
  if (!HasCopy[0] && !HasCopy[1])
    return Info;
  auto &LI = AM.getResult<LoopAnalysis>(F);
  // A cycle LoopInfo does not describe runs its blocks any number of times:
  // no trace holds there.
  ReversePostOrderTraversal<Function *> RPOT(&F);
  if (containsIrreducibleCFG<const BasicBlock *>(RPOT, LI))
    return Info;
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  for (unsigned K = 0; K != NumAsyncSemantics; ++K)
    if (HasCopy[K])
      RaceFinder(F, LI, DT, PDT, SE, *Target, static_cast<AsyncSemantics>(K))
          .find(Info.Races);
  keepNewestPerAccess(Info.Races);
  return Info;
}

bool AsyncRaceInfo::invalidate(Function &, const PreservedAnalyses &PA,
                               FunctionAnalysisManager::Invalidator &) {
  auto Checker = PA.getChecker<AsyncRaceAnalysis>();
  return !Checker.preserved() &&
         !Checker.preservedSet<AllAnalysesOn<Function>>();
}

static void printInstruction(raw_ostream &OS, const Instruction *I) {
  if (!I) {
    OS << "none";
    return;
  }
  if (I->hasName())
    OS << '%' << I->getName();
  else if (const auto *Call = dyn_cast<CallBase>(I);
           Call && Call->getCalledFunction())
    OS << "call @" << Call->getCalledFunction()->getName();
  else
    OS << '\'' << I->getOpcodeName() << '\'';
  if (const DebugLoc &Loc = I->getDebugLoc())
    OS << " (line " << Loc.getLine() << ')';
}

void AsyncRaceInfo::print(raw_ostream &OS) const {
  for (const AsyncRace &R : Races) {
    OS << "  race: ";
    printInstruction(OS, R.Access);
    OS << (R.Access->mayWriteToMemory() ? " writes" : " reads") << " at offset "
       << R.Offset
       << (R.OverwritesSource ? " of the source of copy " : " of copy ");
    printInstruction(OS, R.Copy);
    if (R.Copy->getFunction() != R.Access->getFunction())
      OS << " in @" << R.Copy->getFunction()->getName();
    if (R.L) {
      OS << ", iteration " << R.AccessIteration << " of loop "
         << R.L->getHeader()->getName();
      if (R.TripCount)
        OS << " running " << R.TripCount << " times";
      if (R.CopyBeforeLoop)
        OS << ", copy before the loop";
      else
        OS << ", copy " << R.IterationsApart << " iteration(s) earlier";
    }
    if (R.AccessLoop)
      OS << ", access in iteration " << R.AccessLoopIteration << " of loop "
         << R.AccessLoop->getHeader()->getName();
    OS << "; marks since the copy: " << R.MarksSinceCopy << "; last wait: ";
    printInstruction(OS, R.LastWait);
    OS << '\n';
  }
}

PreservedAnalyses AsyncRacePrinterPass::run(Function &F,
                                            FunctionAnalysisManager &AM) {
  OS << "async races in '" << F.getName() << "':\n";
  AM.getResult<AsyncRaceAnalysis>(F).print(OS);
  return PreservedAnalyses::all();
}
