//===- AsyncLowerFutures.cpp - Lower waits on futures to counts -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Futures let a program say which mark it waits for ("wait for this copy"),
// while the hardware only knows "wait until at most K marks are outstanding".
// This pass is the translation between the two. A future is an SSA value, so
// where a program keeps several in variables that it swaps, rotates or
// selects between, the value reaching a wait is a PHI or select over the
// futures of several marks. For every program point and every future value,
// the one mark analysis (MarkDistances in AsyncMarkAnalysis) gives the fewest
// marks of the activation issued since the mark that made the value's
// current future, over all paths reaching the point (loops included). A
// wait on that future may then leave exactly that many of the most recent
// marks outstanding. A future that may name another activation's mark (one
// loaded from memory, returned by a call, passed in) is first given a mark
// of this activation where it appears, which covers that mark's copies.
//
// In a function that uses queues a future belongs to the queue of the mark
// that made it, and a wait on it counts that queue's marks only: the one
// mark analysis counts them per queue, and a future that may come from the
// marks of several queues is waited for on each.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncLowerFutures.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncImmediateOperands.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-lower-futures"

ASYNCPIPE_STATISTIC(NumFutureWaitsLowered,
                    "Number of waits on futures lowered to counts");
ASYNCPIPE_STATISTIC(NumFutureWaitsRemoved,
                    "Number of waits on futures removed");

// Testing only: makes the lowering wrong on purpose, so that tests can show
// that a future lowered to too large a count is caught: by
// -asyncpipe-verify-futures, and by running the program on the host under
// the lazy and random completion policies (and AsyncSan).
static cl::opt<unsigned> MiscountForTesting(
    "asyncpipe-futures-miscount-for-testing", cl::Hidden, cl::init(0),
    cl::desc("Testing only: add this to every count a wait on a future is "
             "lowered to (a deliberately wrong lowering)"));

// Testing only: the lowering before anchors, so that tests can show the
// checker and the host runs catch a future from another activation counted
// in this activation's sequence.
static cl::opt<bool> SkipAnchorsForTesting(
    "asyncpipe-futures-skip-anchors-for-testing", cl::Hidden, cl::init(false),
    cl::desc("Testing only: count a future that may name another "
             "activation's mark from where it appears, without a mark there "
             "(a deliberately wrong lowering)"));

static cl::opt<bool> VerifyFutureLowering(
    "asyncpipe-verify-futures", cl::Hidden, cl::init(false),
    cl::desc("Check every wait on a future lowered to a count with an "
             "independent backward search for a path on which the count "
             "leaves the future's mark outstanding"));

namespace {

/// The callee and count of the wait the user wrote, if \p I is one that
/// asyncpipe-bind-waits tied to its group.
std::optional<std::pair<StringRef, uint64_t>>
getWrittenWait(const Instruction &I) {
  MDNode *Spelling = I.getMetadata(AsyncSpellingMetadata);
  if (!Spelling || Spelling->getNumOperands() < 2)
    return std::nullopt;
  auto *Name = dyn_cast<MDString>(Spelling->getOperand(0));
  auto *Count = mdconst::dyn_extract<ConstantInt>(Spelling->getOperand(1));
  if (!Name || !Count)
    return std::nullopt;
  return std::make_pair(Name->getString(), Count->getZExtValue());
}

/// Marks since a future's mark; NoMark stands for "no mark made this future
/// on any path so far" (the dummy future, or not yet defined).
using MarkDistance = MarkDistances::Distance;
constexpr MarkDistance NoMark = MarkDistances::None;

std::pair<FunctionCallee, IntegerType *> getCountingWait(CallBase &Call);
FunctionCallee getPlainMark(Instruction &MarkFuture);

class FutureLowering {
public:
  FutureLowering(Function &F, OptimizationRemarkEmitter &ORE)
      : F(F), ORE(ORE), Queued(usesAsyncQueues(F)) {}

  bool run();

private:
  void collectWaitedFutures();
  void traceFutures();
  void trackFuture(Value *V, SmallVectorImpl<Value *> &Worklist);
  bool anchorUntracedFutures();
  void solve();
  void solveQueued();
  void lowerWaits();
  void lowerWait(const AsyncOp &Wait);
  void lowerQueuedWait(const AsyncOp &Wait);
  void verifyLoweredWaits();
  bool hasFutureProducers() const;
  void removeFutureProducers();
  SmallSetVector<Instruction *, 16>
  collectDeadCarriers(ArrayRef<Instruction *> Producers);

  Function &F;
  OptimizationRemarkEmitter &ORE;
  /// The function uses queues: each future counts its own queue's marks.
  bool Queued;
  SmallVector<AsyncOp, 8> Waits;
  /// Every value a waited future can come from.
  SmallVector<Value *, 16> Tracked;
  SmallPtrSet<const Value *, 16> IsTracked;
  DenseMap<const CallBase *, MarkDistance> CountAt;
  /// With queues: per wait, the queues its future's mark may belong to,
  /// each with the fewest marks of that queue since it.
  DenseMap<const CallBase *, SmallVector<std::pair<unsigned, MarkDistance>, 2>>
      QueueCountAt;
  /// For the remarks: each wait's sources that were given an anchor mark.
  DenseMap<const CallBase *, std::string> UntracedAt;
  /// For -asyncpipe-verify-futures: each counting wait made, its future,
  /// and with queues the queue whose marks it counts.
  SmallVector<std::tuple<CallInst *, Value *, std::optional<unsigned>>, 8>
      Lowered;
};

/// The independent check behind -asyncpipe-verify-futures. It shares no
/// counting with the lowering: from each lowered wait(K) it searches
/// backwards, path by path, for the mark that made the wait's future (through
/// PHIs into the predecessor they name, through both arms of selects) and
/// reports a path on which fewer than K marks separate that mark from the
/// wait, so that the mark may still be outstanding after it.
class FutureWaitChecker {
public:
  /// With \p Queue, only that queue's marks are counted, and a path on
  /// which the future comes from another queue's mark is that queue's
  /// wait's to cover.
  FutureWaitChecker(CallInst &Wait, Value &Future, uint64_t Count,
                    std::optional<unsigned> Queue)
      : Wait(Wait), Future(Future), Count(Count), Queue(Queue) {}

  /// The fewest marks found on a violating path, or none.
  std::optional<uint64_t> findShortPath();
  /// After a violation: true if the path reached where the future comes
  /// from and found no mark of this function there (a load, a call, an
  /// argument), so that nothing here counts its mark.
  bool cameFromOutside() const { return FromOutside; }

private:
  struct Position {
    BasicBlock *Block;
    /// Scan backwards from here (exclusive); null for the block's end.
    Instruction *Before;
    Value *Tracked;
    uint64_t Marks;
  };
  std::optional<uint64_t> scan(const Position &P,
                               SmallVectorImpl<Position> &Worklist);

  CallInst &Wait;
  Value &Future;
  uint64_t Count;
  std::optional<unsigned> Queue;
  DenseSet<std::tuple<BasicBlock *, Value *, uint64_t>> Visited;
  bool FromOutside = false;
};

std::optional<uint64_t> FutureWaitChecker::findShortPath() {
  SmallVector<Position, 16> Worklist = {{Wait.getParent(), &Wait, &Future, 0}};
  while (!Worklist.empty()) {
    Position P = Worklist.pop_back_val();
    if (std::optional<uint64_t> Marks = scan(P, Worklist))
      return Marks;
  }
  return std::nullopt;
}

std::optional<uint64_t>
FutureWaitChecker::scan(const Position &P,
                        SmallVectorImpl<Position> &Worklist) {
  BasicBlock *BB = P.Block;
  uint64_t Marks = P.Marks;
  auto It = P.Before ? P.Before->getReverseIterator() : BB->rbegin();
  if (P.Before)
    ++It;
  for (; It != BB->rend(); ++It) {
    Instruction &I = *It;
    if (&I == P.Tracked) {
      AsyncOp Op = AsyncOp::get(I);
      if (Op.isFutureAny())
        return std::nullopt;
      if (auto *Select = dyn_cast<SelectInst>(&I)) {
        for (Value *Arm : {Select->getTrueValue(), Select->getFalseValue()})
          Worklist.push_back({BB, &I, Arm, Marks});
        return std::nullopt;
      }
      if (isa<PHINode>(I))
        break;
      if (Queue && Op.returnsFuture() && Op.getQueue() != Queue)
        return std::nullopt;
      if (!Op.returnsFuture()) {
        FromOutside = true;
        return Marks;
      }
      return Marks < Count ? std::optional<uint64_t>(Marks) : std::nullopt;
    }
    // Only the activation's own marks count (native commits are another
    // sequence in the model). Past Count the number no longer matters, but
    // the search goes on to where the future comes from, which may be
    // outside this function; saturating keeps the states finite.
    AsyncOp Op = AsyncOp::get(I);
    if (Op.isMark() && Op.getSemantics() == AsyncSemantics::Activation &&
        (!Queue || Op.getQueue() == Queue))
      Marks = std::min(Marks + 1, Count);
  }
  auto *Phi = dyn_cast<PHINode>(P.Tracked);
  bool PhiHere = Phi && Phi->getParent() == BB;
  // No path comes into an unreachable block.
  if (!BB->isEntryBlock() && pred_empty(BB))
    return std::nullopt;
  if (BB->isEntryBlock()) {
    if (!PhiHere && !isa<Instruction>(P.Tracked)) {
      FromOutside = true;
      return Marks;
    }
    return PhiHere || Marks >= Count ? std::nullopt
                                     : std::optional<uint64_t>(Marks);
  }
  for (BasicBlock *Pred : predecessors(BB)) {
    Value *Tracked = PhiHere ? Phi->getIncomingValueForBlock(Pred) : P.Tracked;
    if (Visited.insert({Pred, Tracked, Marks}).second)
      Worklist.push_back({Pred, nullptr, Tracked, Marks});
  }
  return std::nullopt;
}

bool FutureLowering::run() {
  collectWaitedFutures();
  if (!Waits.empty()) {
    if (anchorUntracedFutures())
      traceFutures();
    solve();
    lowerWaits();
    if (VerifyFutureLowering)
      verifyLoweredWaits();
  }
  bool HasProducers = hasFutureProducers();
  if (HasProducers)
    removeFutureProducers();
  return !Waits.empty() || HasProducers;
}

bool FutureLowering::hasFutureProducers() const {
  return any_of(instructions(F), [](const Instruction &I) {
    AsyncOp Op = AsyncOp::get(I);
    return Op.returnsFuture() || Op.isFutureAny();
  });
}

void FutureLowering::collectWaitedFutures() {
  for (Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I); Op.isFutureWait())
      Waits.push_back(Op);
}

/// Every value the waits' futures can come from, through PHIs and selects.
void FutureLowering::traceFutures() {
  Tracked.clear();
  IsTracked.clear();
  SmallVector<Value *, 16> Worklist;
  for (const AsyncOp &Wait : Waits)
    if (Value *Future = Wait.getFutureOperand())
      trackFuture(Future, Worklist);
  while (!Worklist.empty()) {
    Value *V = Worklist.pop_back_val();
    if (auto *Phi = dyn_cast<PHINode>(V))
      for (Value *Incoming : Phi->incoming_values())
        trackFuture(Incoming, Worklist);
    else if (auto *Select = dyn_cast<SelectInst>(V))
      for (Value *Arm : {Select->getTrueValue(), Select->getFalseValue()})
        trackFuture(Arm, Worklist);
  }
}

/// Futures that are instructions are followed; arguments and constants are
/// not (anchorUntracedFutures() replaces them first).
void FutureLowering::trackFuture(Value *V, SmallVectorImpl<Value *> &Worklist) {
  if (!isa<Instruction>(V) || !IsTracked.insert(V).second)
    return;
  Tracked.push_back(V);
  Worklist.push_back(V);
}

/// True if \p V is a future whose mark this function's data flow shows: a
/// mark's future, the dummy, or a PHI or select of such values.
static bool isTracedFuture(const Value *V) {
  if (isa<PHINode>(V) || isa<SelectInst>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  AsyncOp Op = AsyncOp::get(*I);
  return Op.returnsFuture() || Op.isFutureAny();
}

/// True if the anchor of the untraced use \p U cannot stand where the future
/// appears: a PHI's incoming value defined by the incoming block's own
/// terminator (an invoke's result exists only on its edge), or an incoming
/// block that ends in an EH pad (a catchswitch, before which nothing may
/// stand).
static bool needsAnchorAtWait(const Use &U) {
  auto *Phi = dyn_cast<PHINode>(U.getUser());
  if (!Phi)
    return false;
  BasicBlock *From = Phi->getIncomingBlock(U);
  if (From->getTerminator()->isEHPad())
    return true;
  auto *I = dyn_cast<Instruction>(U.get());
  return I && I->isTerminator() && I->getParent() == From;
}

/// The operand of \p Wait that holds its future, or null.
static Use *getFutureUse(const AsyncOp &Wait) {
  Value *Future = Wait.getFutureOperand();
  if (!Future)
    return nullptr;
  for (Use &U : Wait.getCall()->args())
    if (U.get() == Future)
      return &U;
  return nullptr;
}

/// The uses in \p Future's web (through PHIs and selects) whose value is not
/// a traced future, in the order a depth-first walk meets them.
static void collectUntracedUses(Use &Future, SmallVectorImpl<Use *> &Uses) {
  SmallPtrSet<Value *, 16> Seen;
  SmallVector<Use *, 16> Worklist = {&Future};
  while (!Worklist.empty()) {
    Use *U = Worklist.pop_back_val();
    Value *V = U->get();
    if (!isTracedFuture(V)) {
      Uses.push_back(U);
      continue;
    }
    if (!Seen.insert(V).second)
      continue;
    if (auto *Phi = dyn_cast<PHINode>(V))
      for (Use &In : Phi->incoming_values())
        Worklist.push_back(&In);
    else if (auto *Select = dyn_cast<SelectInst>(V))
      for (unsigned Arm : {1, 2})
        Worklist.push_back(&Select->getOperandUse(Arm));
  }
}

/// True if a mark in \p Future's web (through PHIs and selects) names its
/// queue with something other than a constant queue id (asyncpipe-lower
/// reports it): no queue's count covers it.
static bool mayComeFromUnknownQueue(Use &Future) {
  SmallPtrSet<Value *, 16> Seen;
  SmallVector<Value *, 16> Worklist = {Future.get()};
  while (!Worklist.empty()) {
    Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (auto *Phi = dyn_cast<PHINode>(V))
      append_range(Worklist, Phi->incoming_values());
    else if (auto *Select = dyn_cast<SelectInst>(V))
      Worklist.append({Select->getTrueValue(), Select->getFalseValue()});
    else if (auto *I = dyn_cast<Instruction>(V))
      if (AsyncOp Op = AsyncOp::get(*I); Op.returnsFuture() && !Op.getQueue())
        return true;
  }
  return false;
}

/// Names the kinds of sources in \p Untraced, for the remarks, or "".
static std::string describeSources(ArrayRef<Use *> Untraced) {
  SmallVector<StringRef, 4> Kinds;
  for (const Use *U : Untraced) {
    const Value *V = U->get();
    StringRef Kind = isa<LoadInst>(V)      ? "memory (a load)"
                     : isa<Instruction>(V) ? "a call or computation"
                     : isa<Argument>(V)    ? "an argument"
                                           : "a constant";
    if (!is_contained(Kinds, Kind))
      Kinds.push_back(Kind);
  }
  return join(Kinds, " and ");
}

/// A future the data flow does not show being made by a mark of this
/// function (loaded from memory, returned by a call, passed in as an
/// argument, a constant) may name a mark of another activation: of the callee
/// that made it, of a caller, of an earlier call of this function that stored
/// it. No wait of this activation counts such a mark. But it was issued
/// before the future reached this function, so a mark made where the future
/// appears covers its copies. Each such source gets one, an anchor (right
/// after the instruction, at the entry for an argument, at the use for a
/// constant or an invoke's result), and its uses on the way to a wait take
/// the anchor's future instead. Marks added to an activation only make its
/// other waits stronger: a wait for at most N outstanding marks then leaves
/// fewer of the older ones outstanding.
///
/// Also names each wait's sources for its remark. Leaves Tracked traced, and
/// returns true if anchors were added after that (Tracked is then stale).
bool FutureLowering::anchorUntracedFutures() {
  // Inside a funclet (Windows EH) a call needs the funclet's bundle, or
  // WinEHPrepare drops it: an anchor before a wait takes the wait's.
  auto MakeAnchor = [&](BasicBlock::iterator Before, const DebugLoc &Loc,
                        const CallBase *Like = nullptr) {
    SmallVector<OperandBundleDef, 1> Bundles;
    if (Like)
      Like->getOperandBundlesAsDefs(Bundles);
    FunctionCallee MarkFuture = F.getParent()->getOrInsertFunction(
        "asyncpipe.mark.future", Type::getInt32Ty(F.getContext()));
    CallInst *Anchor = CallInst::Create(MarkFuture, {}, Bundles, "", Before);
    Anchor->setDebugLoc(Loc);
    return Anchor;
  };

  // Each wait's sources, as the user wrote them, are named in its remark. A
  // wait whose future may come from where no anchor can stand gets one right
  // before it: a wait for 0 after a mark there, which covers every copy
  // issued before the wait, whatever the future.
  for (const AsyncOp &Wait : Waits) {
    Use *FutureUse = getFutureUse(Wait);
    if (!FutureUse)
      continue;
    SmallVector<Use *, 8> Uses;
    collectUntracedUses(*FutureUse, Uses);
    CallBase *Call = Wait.getCall();
    UntracedAt[Call] = describeSources(Uses);
    bool AtWait = any_of(Uses, [](Use *U) { return needsAnchorAtWait(*U); });
    // In a function that uses queues an anchor where the future appears
    // would close the copies not yet committed there into the anchor's
    // queue, away from the queue of the commit the program makes next: a
    // wait on that queue would no longer cover them. Right before the wait,
    // the anchor and the waits for 0 on every queue lowerQueuedWait makes
    // after it complete them at once. The same covers a future whose queue
    // is not known.
    if (Queued && !Uses.empty())
      AtWait = true;
    if (Queued && mayComeFromUnknownQueue(*FutureUse)) {
      AtWait = true;
      UntracedAt[Call] = "a commit whose queue is not a compile-time constant";
    }
    if (!SkipAnchorsForTesting && AtWait)
      FutureUse->set(
          MakeAnchor(Call->getIterator(), Call->getDebugLoc(), Call));
  }
  traceFutures();
  if (SkipAnchorsForTesting)
    return false;

  SmallVector<Use *, 8> Untraced;
  auto Consider = [&](Use &U) {
    if (!isTracedFuture(U.get()))
      Untraced.push_back(&U);
  };
  for (const AsyncOp &Wait : Waits)
    if (Use *FutureUse = getFutureUse(Wait))
      Consider(*FutureUse);
  for (Value *V : Tracked) {
    if (auto *Phi = dyn_cast<PHINode>(V))
      for (Use &U : Phi->incoming_values())
        Consider(U);
    else if (auto *Select = dyn_cast<SelectInst>(V))
      for (unsigned Arm : {1, 2})
        Consider(Select->getOperandUse(Arm));
  }
  if (Untraced.empty())
    return false;

  DenseMap<Value *, CallInst *> AnchorOf;
  for (Use *U : Untraced) {
    Value *V = U->get();
    auto *UserI = cast<Instruction>(U->getUser());
    auto *I = dyn_cast<Instruction>(V);
    CallInst *Anchor = nullptr;
    if (isa<Argument>(V) || (I && !I->isTerminator())) {
      CallInst *&Cached = AnchorOf[V];
      if (!Cached)
        Cached = I ? MakeAnchor(std::next(I->getIterator()), I->getDebugLoc())
                   : MakeAnchor(F.getEntryBlock().getFirstInsertionPt(),
                                UserI->getDebugLoc());
      Anchor = Cached;
    } else if (auto *Phi = dyn_cast<PHINode>(UserI)) {
      BasicBlock *From = Phi->getIncomingBlock(*U);
      Anchor = MakeAnchor(From->getTerminator()->getIterator(),
                          From->getTerminator()->getDebugLoc());
    } else {
      Anchor = MakeAnchor(UserI->getIterator(), UserI->getDebugLoc());
    }
    U->set(Anchor);
  }
  return true;
}

/// The distance of each waited future at its wait, from the one mark
/// analysis: a dummy future names no mark, a select is as recent as its more
/// recent arm, anything else (a mark's future, a loaded or returned one) is
/// just made.
void FutureLowering::solve() {
  if (Queued) {
    solveQueued();
    return;
  }
  MarkDistances::Options Opts;
  Opts.Kind = AsyncSemantics::Activation;
  // Asked only at the waits, the selects and the PHIs that use a future: a
  // block keeps only the futures live in it (linear for any number).
  Opts.OnlyAtUses = true;
  MarkDistances Distances(
      F, Tracked, Opts,
      [](const Instruction &I, const MarkDistances &D,
         const MarkDistances::State &State) -> std::optional<MarkDistance> {
        if (AsyncOp::get(I).isFutureAny())
          return NoMark;
        if (auto *Select = dyn_cast<SelectInst>(&I))
          return std::min(D.valueIn(Select->getTrueValue(), State),
                          D.valueIn(Select->getFalseValue(), State));
        return 0;
      });
  for (const AsyncOp &Wait : Waits)
    CountAt[Wait.getCall()] =
        Distances.at(Wait.getFutureOperand(), *Wait.getCall());
}

/// In a function that uses queues: per queue whose marks make a waited
/// future, the one mark analysis counts that queue's marks only, and a
/// future made by another queue's mark names no mark of this queue (as the
/// dummy names none).
void FutureLowering::solveQueued() {
  SmallVector<unsigned, 2> Queues;
  for (Value *V : Tracked)
    if (auto *I = dyn_cast<Instruction>(V))
      if (AsyncOp Op = AsyncOp::get(*I); Op.returnsFuture())
        if (std::optional<unsigned> Q = Op.getQueue();
            Q && !is_contained(Queues, *Q))
          Queues.push_back(*Q);
  llvm::sort(Queues);
  for (unsigned Queue : Queues) {
    MarkDistances::Options Opts;
    Opts.Kind = AsyncSemantics::Activation;
    Opts.OnlyAtUses = true;
    Opts.Queue = Queue;
    MarkDistances Distances(
        F, Tracked, Opts,
        [Queue](
            const Instruction &I, const MarkDistances &D,
            const MarkDistances::State &State) -> std::optional<MarkDistance> {
          AsyncOp Op = AsyncOp::get(I);
          if (Op.isFutureAny() ||
              (Op.returnsFuture() && Op.getQueue() != Queue))
            return NoMark;
          if (auto *Select = dyn_cast<SelectInst>(&I))
            return std::min(D.valueIn(Select->getTrueValue(), State),
                            D.valueIn(Select->getFalseValue(), State));
          return 0;
        });
    for (const AsyncOp &Wait : Waits)
      QueueCountAt[Wait.getCall()].push_back(
          {Queue, Distances.at(Wait.getFutureOperand(), *Wait.getCall())});
  }
}

void FutureLowering::lowerWaits() {
  for (const AsyncOp &Wait : Waits)
    lowerWait(Wait);
}

void FutureLowering::lowerWait(const AsyncOp &Wait) {
  if (Queued) {
    lowerQueuedWait(Wait);
    return;
  }
  CallBase *Call = Wait.getCall();
  Value *Future = Wait.getFutureOperand();
  auto It = CountAt.find(Call);
  // Unreachable waits were never visited; waiting for everything is safe.
  MarkDistance Count = It == CountAt.end() ? 0 : It->second;
  if (Count == NoMark) {
    ++NumFutureWaitsRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncLowerFutures: removing wait on the dummy "
                              "future"
                           << *Call << "\n");
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "FutureWaitRemoved", Call)
             << "wait on a future removed: it is the dummy future "
                "(asyncpipe.future.any) on every path, which waits for nothing "
                "(rule W1: no mark of this function)";
    });
    eraseProvenRedundantOp(*Call);
    return;
  }
  Count += MiscountForTesting;
  ++NumFutureWaitsLowered;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncLowerFutures:" << *Call
                         << " waits for at most " << Count << " marks\n");
  std::string Untraced = UntracedAt.lookup(Call);
  if (auto Written = getWrittenWait(*Call)) {
    // A wait the user wrote as a count, tied to its group by
    // asyncpipe-bind-waits: say what became of the count they wrote.
    UserSpelling User = getUserSpelling(Written->first);
    uint64_t N = Written->second;
    // Unchanged is not a transformation: an analysis remark.
    if (Count == N)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "WrittenWaitKept", Call)
               << User.Call << "(" << ore::NV("WrittenCount", N)
               << ") waits for at most " << ore::NV("Count", Count)
               << " outstanding " << User.Groups << ", as written";
      });
    else
      ORE.emit([&] {
        OptimizationRemark R(DEBUG_TYPE, "WrittenWaitRecounted", Call);
        R << User.Call << "(" << ore::NV("WrittenCount", N) << ")";
        R << " waits for at most " << ore::NV("Count", Count) << " outstanding "
          << User.Groups;
        if (Count > N)
          R << ": calls inlined after the group it waits for commit "
            << ore::NV("InlinedGroups", Count - N) << " more";
        else
          R << ": on some path only " << ore::NV("Count", Count)
            << " are committed after the group it waits for";
        return R;
      });
  } else {
    ORE.emit([&] {
      OptimizationRemark R(DEBUG_TYPE, "FutureWaitLowered", Call);
      R << "wait on a future lowered to a wait for at most "
        << ore::NV("Count", Count)
        << " outstanding marks: the fewest marks issued after its mark on any "
           "path";
      if (!Untraced.empty())
        R << "; it comes from " << Untraced
          << ", so it may name a mark of another activation: counted from a "
             "mark added where it appears";
      return R;
    });
  }
  IRBuilder<> B(Call);
  auto [WaitFn, CountTy] = getCountingWait(*Call);
  // A smaller count is a stronger wait: clamping to the operand is safe.
  uint64_t Encodable = std::min<uint64_t>(Count, CountTy->getBitMask() >> 1);
  // The funclet bundle, if any, stays (WinEHPrepare drops calls in a funclet
  // without one).
  SmallVector<OperandBundleDef, 1> Bundles;
  Call->getOperandBundlesAsDefs(Bundles);
  CallInst *New =
      B.CreateCall(WaitFn, {ConstantInt::get(CountTy, Encodable)}, Bundles);
  keepUserLocation(*New, *Call);
  // Counts that differ per branch stay in their branches (asyncpipe-bind-waits
  // says why), rather than becoming a switch on a merged count.
  if (Call->cannotMerge())
    New->addFnAttr(Attribute::NoMerge);
  if (Future)
    Lowered.push_back({New, Future, std::nullopt});
  Call->eraseFromParent();
}

/// A wait on a future in a function that uses queues: a wait on the queue
/// of each mark the future may come from, counting that queue's marks
/// since it (queue 0's wait in the spelling recorded for it).
void FutureLowering::lowerQueuedWait(const AsyncOp &Wait) {
  CallBase *Call = Wait.getCall();
  Value *Future = Wait.getFutureOperand();
  SmallVector<std::pair<unsigned, MarkDistance>, 2> Counts;
  for (auto [Queue, Count] : QueueCountAt.lookup(Call))
    if (Count != NoMark)
      Counts.push_back({Queue, Count});
  if (Counts.empty()) {
    ++NumFutureWaitsRemoved;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "FutureWaitRemoved", Call)
             << "wait on a future removed: it is the dummy future "
                "(asyncpipe_future_any()) on every path, which waits for "
                "nothing (rule W1: no commit of this function)";
    });
    eraseProvenRedundantOp(*Call);
    return;
  }
  std::optional<std::pair<StringRef, uint64_t>> Written = getWrittenWait(*Call);
  std::string Untraced = UntracedAt.lookup(Call);
  // A future anchored right before its wait (anchorUntracedFutures) may
  // name a mark of any queue, and where queues are apart (the host) a wait
  // on one queue completes nothing of another: after the anchor, which
  // closes the copies not yet committed into queue 0, every queue the
  // function commits to is waited for down to 0.
  bool Anchored = !Untraced.empty() && !SkipAnchorsForTesting;
  if (Anchored) {
    // A mark whose queue is not known yet (merged ids asyncpipe-lower
    // splits) may be any queue's.
    bool AnyQueue = false;
    SmallVector<unsigned, MaxAsyncQueues> Queues;
    for (const Instruction &I : instructions(F))
      if (AsyncOp Op = AsyncOp::get(I); Op.isMark()) {
        std::optional<unsigned> Q = Op.getQueue();
        AnyQueue |= !Q;
        if (Q)
          Queues.push_back(*Q);
      }
    if (AnyQueue)
      for (unsigned Q = 0; Q != MaxAsyncQueues; ++Q)
        Queues.push_back(Q);
    for (unsigned Q : Queues)
      if (none_of(Counts, [&](const auto &C) { return C.first == Q; }))
        Counts.push_back({Q, 0});
    llvm::sort(Counts);
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "FutureWaitLowered", Call)
             << "wait on a future lowered to a commit and a wait for 0 on "
                "each of the function's "
             << ore::NV("Queues", unsigned(Counts.size()))
             << " queues (asyncpipe_wait_queue(q, 0)), which waits for every "
                "copy issued before it: the future comes from "
             << Untraced
             << ", and in a function that uses queues a commit added where it "
                "appears would move the copies not yet committed to another "
                "queue; for an exact count, wait on a future committed in "
                "this function and kept in a local variable";
    });
  }
  SmallVector<OperandBundleDef, 1> Bundles;
  Call->getOperandBundlesAsDefs(Bundles);
  IRBuilder<> B(Call);
  for (const std::pair<unsigned, MarkDistance> &QueueCount : Counts) {
    unsigned Queue = QueueCount.first;
    uint64_t Count = uint64_t(QueueCount.second) + MiscountForTesting;
    ++NumFutureWaitsLowered;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncLowerFutures:" << *Call << " waits for at "
                           << "most " << Count << " marks of queue " << Queue
                           << "\n");
    // What became of the count the user wrote, of this queue (queue 0's
    // without a queue).
    auto DescribeWritten = [&](auto &R) {
      if (Queue == 0)
        R << getUserSpelling(Written->first).Call << "(";
      else
        R << "asyncpipe_wait_queue(" << ore::NV("Queue", Queue) << ", ";
      R << ore::NV("WrittenCount", Written->second) << ") waits for at most "
        << ore::NV("Count", Count) << " outstanding commit groups of queue "
        << ore::NV("Queue", Queue);
    };
    if (Anchored) {
      // Said once for all the queues, above.
    } else if (Written && Count == Written->second) {
      // Unchanged is not a transformation: an analysis remark.
      ORE.emit([&] {
        OptimizationRemarkAnalysis R(DEBUG_TYPE, "WrittenWaitKept", Call);
        DescribeWritten(R);
        R << ", as written";
        return R;
      });
    } else if (Written) {
      ORE.emit([&] {
        OptimizationRemark R(DEBUG_TYPE, "WrittenWaitRecounted", Call);
        DescribeWritten(R);
        if (Count > Written->second)
          R << ": calls inlined after the group it waits for commit "
            << ore::NV("InlinedGroups", Count - Written->second)
            << " more to the queue";
        else
          R << ": on some path only " << ore::NV("Count", Count)
            << " are committed to the queue after the group it waits for";
        return R;
      });
    } else {
      ORE.emit([&] {
        OptimizationRemark R(DEBUG_TYPE, "FutureWaitLowered", Call);
        R << "wait on a future of queue " << ore::NV("Queue", Queue)
          << " lowered to asyncpipe_wait_queue(" << ore::NV("Queue", Queue)
          << ", " << ore::NV("Count", Count)
          << "): the fewest commits of queue " << ore::NV("Queue", Queue)
          << " issued after its commit on any path";
        if (Counts.size() > 1)
          R << " (the future may come from a commit of "
            << ore::NV("Queues", unsigned(Counts.size()))
            << " queues: each is waited for)";
        return R;
      });
    }
    CallInst *New;
    if (Queue == 0) {
      auto [WaitFn, CountTy] = getCountingWait(*Call);
      // A smaller count is a stronger wait: clamping to the operand is safe.
      uint64_t Encodable =
          std::min<uint64_t>(Count, CountTy->getBitMask() >> 1);
      New =
          B.CreateCall(WaitFn, {ConstantInt::get(CountTy, Encodable)}, Bundles);
    } else {
      FunctionCallee WaitQueue = F.getParent()->getOrInsertFunction(
          "asyncpipe.wait.queue", B.getVoidTy(), B.getInt32Ty(),
          B.getInt32Ty());
      uint64_t Encodable = std::min<uint64_t>(Count, INT32_MAX);
      New = B.CreateCall(WaitQueue,
                         {B.getInt32(Queue), B.getInt32(uint32_t(Encodable))},
                         Bundles);
    }
    keepUserLocation(*New, *Call);
    if (Call->cannotMerge())
      New->addFnAttr(Attribute::NoMerge);
    if (Future)
      Lowered.push_back({New, Future, Queue});
  }
  Call->eraseFromParent();
}

void FutureLowering::verifyLoweredWaits() {
  for (auto &[Wait, Future, Queue] : Lowered) {
    uint64_t Count = AsyncOp::get(*Wait).getConstantWaitCount().value_or(0);
    FutureWaitChecker Checker(*Wait, *Future, Count, Queue);
    std::optional<uint64_t> Marks = Checker.findShortPath();
    if (Marks && Checker.cameFromOutside())
      reportAsyncError(*Wait,
                       "wait on a future lowered to a wait for at most " +
                           Twine(Count) +
                           " outstanding marks, but on some path the future "
                           "is not made by a mark of this function (it is "
                           "loaded, returned by a call or passed in), so no "
                           "count of this function's marks covers its mark");
    else if (Marks)
      reportAsyncError(*Wait,
                       "wait on a future lowered to a wait for at most " +
                           Twine(Count) +
                           " outstanding marks, but a path reaches it "
                           "with only " +
                           Twine(*Marks) +
                           " marks after the future's mark, which may "
                           "still be outstanding");
  }
}

/// Marks that made futures become plain marks; dummy futures and the PHIs
/// and selects that only carried futures go away.
void FutureLowering::removeFutureProducers() {
  SmallVector<Instruction *, 16> Producers;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (Op.returnsFuture() || Op.isFutureAny())
      Producers.push_back(&I);
  }
  SmallSetVector<Instruction *, 16> Carriers = collectDeadCarriers(Producers);
  for (Instruction *I : Producers) {
    if (AsyncOp Op = AsyncOp::get(*I); Op.isMark()) {
      IRBuilder<> B(I);
      SmallVector<OperandBundleDef, 1> Bundles;
      cast<CallBase>(I)->getOperandBundlesAsDefs(Bundles);
      // A queue's mark stays that queue's. A queue that is not a constant
      // in range is reported here, where the call still has the name the
      // user wrote, and the mark counts as queue 0's from then on.
      Value *Queue = Op.getQueueOperand();
      if (Queue && !Op.getQueue()) {
        auto *Id = dyn_cast<ConstantInt>(Queue);
        if (!Id)
          reportAsyncError(*I, "the queue of asyncpipe_commit_future_queue(q) "
                               "must be a compile-time constant: queues are "
                               "told apart when the program is compiled, so "
                               "name the queue with an integer constant (e.g. "
                               "branch on the value and commit to queue 0 in "
                               "one branch and queue 1 in the other)");
        else
          reportAsyncError(*I, "queue " + Twine(Id->getSExtValue()) +
                                   " of asyncpipe_commit_future_queue(q) is "
                                   "out of range: queues are numbered 0 to " +
                                   Twine(MaxAsyncQueues - 1));
        Queue = nullptr;
      }
      if (Queue)
        B.CreateCall(F.getParent()->getOrInsertFunction(
                         "asyncpipe.mark.queue", B.getVoidTy(), B.getInt32Ty()),
                     {Queue}, Bundles)
            ->setDebugLoc(I->getDebugLoc());
      else
        B.CreateCall(getPlainMark(*I), {}, Bundles)
            ->setDebugLoc(I->getDebugLoc());
    }
    // A future's value means nothing, but it may be returned, stored or
    // packed with other data: a constant, not poison, which would spread to
    // what it is packed with.
    I->replaceAllUsesWith(ConstantInt::get(I->getType(), 0));
    I->eraseFromParent();
  }
  for (Instruction *I : Carriers)
    I->replaceAllUsesWith(PoisonValue::get(I->getType()));
  for (Instruction *I : Carriers)
    I->eraseFromParent();
}

/// The PHIs and selects fed by \p Producers whose every use is another such
/// PHI or select: they carried futures only (swap and rotate cycles
/// included), and die with them.
SmallSetVector<Instruction *, 16>
FutureLowering::collectDeadCarriers(ArrayRef<Instruction *> Producers) {
  SmallSetVector<Instruction *, 16> Carriers;
  SmallVector<Instruction *, 16> Worklist(Producers);
  while (!Worklist.empty()) {
    Instruction *I = Worklist.pop_back_val();
    for (User *U : I->users())
      if ((isa<PHINode>(U) || isa<SelectInst>(U)) &&
          Carriers.insert(cast<Instruction>(U)))
        Worklist.push_back(cast<Instruction>(U));
  }
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Instruction *I : Carriers.getArrayRef()) {
      bool OnlyCarriers = all_of(I->users(), [&](User *U) {
        return Carriers.contains(cast<Instruction>(U));
      });
      if (!OnlyCarriers) {
        Carriers.remove(I);
        Changed = true;
        break;
      }
    }
  }
  return Carriers;
}

/// The spelling asyncpipe-bind-waits recorded on \p I, or none.
std::optional<std::pair<StringRef, Type *>>
getRecordedSpelling(const Instruction &I) {
  MDNode *Spelling = I.getMetadata(AsyncSpellingMetadata);
  if (!Spelling || Spelling->getNumOperands() < 1)
    return std::nullopt;
  auto *Name = dyn_cast<MDString>(Spelling->getOperand(0));
  if (!Name)
    return std::nullopt;
  Type *CountTy = nullptr;
  if (Spelling->getNumOperands() > 1)
    if (auto *Count =
            mdconst::dyn_extract<ConstantInt>(Spelling->getOperand(1)))
      CountTy = Count->getType();
  return std::make_pair(Name->getString(), CountTy);
}

/// The counting wait that replaces the wait on a future \p Call, and its
/// count's type: the recorded spelling, else the portable asyncpipe.wait.
std::pair<FunctionCallee, IntegerType *> getCountingWait(CallBase &Call) {
  Module &M = *Call.getModule();
  LLVMContext &Ctx = M.getContext();
  auto Spelling = getRecordedSpelling(Call);
  // A queue's spelling takes the queue too; queue 0's wait is the plain one.
  if (Spelling && Spelling->second && !Spelling->first.ends_with(".queue")) {
    auto *CountTy = cast<IntegerType>(Spelling->second);
    return {
        M.getOrInsertFunction(Spelling->first, Type::getVoidTy(Ctx), CountTy),
        CountTy};
  }
  return {M.getOrInsertFunction("asyncpipe.wait", Type::getVoidTy(Ctx),
                                Type::getInt32Ty(Ctx)),
          Type::getInt32Ty(Ctx)};
}

/// The plain mark that replaces a mark making a future: the recorded
/// spelling, else the portable asyncpipe.mark.
FunctionCallee getPlainMark(Instruction &MarkFuture) {
  Module &M = *MarkFuture.getModule();
  auto Spelling = getRecordedSpelling(MarkFuture);
  return M.getOrInsertFunction(Spelling ? Spelling->first : "asyncpipe.mark",
                               Type::getVoidTy(M.getContext()));
}

} // namespace

/// True if some function of \p M may make or wait for a future: the future
/// spellings are exact names, so a module that calls none of them has none,
/// and the walks over each function are spared (O(1) per function: most
/// modules with async operations use counts, not futures).
static bool moduleUsesFutures(const Module &M) {
  for (StringRef Name : {"asyncpipe.mark.future", "asyncpipe.mark.future.queue",
                         "asyncpipe.wait.future", "asyncpipe.future.any"})
    if (const Function *Decl = M.getFunction(Name); Decl && !Decl->use_empty())
      return true;
  return false;
}

/// Splits the queue ids of the queues' future-making marks that the
/// optimizer merged into a phi or select (SimplifyCFG sinks the commits of
/// two queues in two branches into one call, where the declaration is not
/// nomerge): each call then names its queue as written, and its future is
/// that queue's. Returns true if it did, which changes the CFG.
static bool splitMergedFutureQueues(Function &F) {
  SmallVector<CallBase *, 4> Merged;
  for (Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I); Op.returnsFuture() &&
                                      Op.getQueueOperand() &&
                                      !isa<ConstantInt>(Op.getQueueOperand()))
      Merged.push_back(Op.getCall());
  bool Split = false;
  for (CallBase *Call : Merged) {
    SmallVector<CallBase *, 4> Calls = splitMergedImmediates(*Call, {0u});
    Split |= Calls.size() != 1 || Calls.front() != Call;
  }
  return Split;
}

/// Lowers every future in \p F; returns true if it changed anything, and
/// sets \p CFGChanged if it split blocks.
static bool lowerAsyncFutures(Function &F, OptimizationRemarkEmitter &ORE,
                              bool &CFGChanged) {
  bool Changed = removeMalformedAsyncCalls(F);
  if (!moduleUsesFutures(*F.getParent()))
    return Changed;
  CFGChanged = splitMergedFutureQueues(F);
  return FutureLowering(F, ORE).run() || Changed || CFGChanged;
}

PreservedAnalyses AsyncLowerFuturesPass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  bool InvokesCalled = convertAsyncInvokesToCalls(F, AM);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool CFGChanged = false;
  bool Lowered = lowerAsyncFutures(F, ORE, CFGChanged);
  if (InvokesCalled || CFGChanged)
    return PreservedAnalyses::none();
  if (!Lowered)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

namespace {
class AsyncLowerFuturesLegacy : public FunctionPass {
public:
  static char ID;
  AsyncLowerFuturesLegacy() : FunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AsyncPipe futures lowering";
  }
  bool runOnFunction(Function &F) override {
    if (!moduleMayHaveAsyncOps(*F.getParent()))
      return false;
    bool Changed = convertAsyncInvokesToCalls(F);
    OptimizationRemarkEmitter ORE(&F);
    bool CFGChanged = false;
    return lowerAsyncFutures(F, ORE, CFGChanged) || Changed;
  }
};
} // namespace

char AsyncLowerFuturesLegacy::ID = 0;

FunctionPass *llvm::createAsyncLowerFuturesLegacyPass() {
  return new AsyncLowerFuturesLegacy();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AsyncLowerFuturesLegacy, "asyncpipe-lower-futures",
                "AsyncPipe futures lowering", false, false)
