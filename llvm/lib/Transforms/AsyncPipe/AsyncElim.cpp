//===- AsyncElim.cpp - Remove marks and waits that do nothing -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Programs, pipeliners and inlining leave marks and waits that cost issue
// slots and, worse, make waits stronger than needed: a mark no wait looks at
// still shifts every later count, and a wait that can find nothing to wait for
// is still executed. This pass removes both kinds, following the rules of
// llvm/docs/AsyncPipeElimination.rst (where they are proved):
//
//  * A wait(N) is removed when at most N marks of the function can be
//    outstanding there on every path: an upper bound computed forward over
//    the CFG (a mark adds one, a wait for K caps it at K, joins take the
//    maximum). This covers waits no mark reaches and waits after an
//    at-least-as-strong wait with no mark in between. A native wait-all that
//    also waits for uncommitted copies (NVPTX cp.async.wait_all) is removed
//    only when, in addition, no copy or call can have issued one.
//  * A mark M is removed when no wait can observe it: forward from M, on
//    every path, the next wait(N) reached sees at least N+1 marks after M (so
//    it completes M whether M exists or not, and M is then invisible) or the
//    function returns first. Marks whose future is waited on are kept.
//
// Calls are transparent: marks in a callee belong to its own activation.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncElim.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/AsyncPipe/AsyncOps.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-elim"

ASYNCPIPE_STATISTIC(NumWaitsRemoved, "Number of waits removed");
ASYNCPIPE_STATISTIC(NumMarksRemoved, "Number of marks removed");

namespace {

/// Wait counts above this are not tracked (the wait is kept, and caps
/// nothing); they are rare and only make the analysis less precise.
constexpr uint64_t LargestTrackedCount = 1024;

/// The constant count of a counting wait, or none if it is not a constant
/// small enough to track. Native wait-all forms count 0.
std::optional<uint64_t> getTrackedCount(const AsyncOp &Op) {
  if (!Op.isWait())
    return std::nullopt;
  Value *Operand = Op.getWaitCountOperand();
  if (!Operand)
    return 0;
  auto *N = dyn_cast<ConstantInt>(Operand);
  if (!N || N->isNegative() || N->getValue().ugt(LargestTrackedCount))
    return std::nullopt;
  return N->getZExtValue();
}

/// True if \p I may issue an async copy no mark of this function covers yet:
/// a copy, or a call whose callee may issue copies.
bool mayIssueCopy(const Instruction &I, const AsyncOp &Op) {
  if (Op)
    return Op.isCopy();
  auto *Call = dyn_cast<CallBase>(&I);
  return Call && !isa<IntrinsicInst>(Call);
}

/// What can be outstanding at a program point, over all paths reaching it.
struct OutstandingState {
  /// Upper bound on outstanding marks; Unbounded in a loop that marks more
  /// than it waits.
  uint64_t MaxMarks = 0;
  /// Some path made a mark (so a bound of 0 comes from a wait).
  bool MarkSeen = false;
  /// Some path issued a copy (or call) after its last mark.
  bool MayHaveUncommittedCopies = false;

  static constexpr uint64_t Unbounded = UINT64_MAX;

  bool operator==(const OutstandingState &O) const {
    return MaxMarks == O.MaxMarks && MarkSeen == O.MarkSeen &&
           MayHaveUncommittedCopies == O.MayHaveUncommittedCopies;
  }
  void join(const OutstandingState &O) {
    MaxMarks = std::max(MaxMarks, O.MaxMarks);
    MarkSeen |= O.MarkSeen;
    MayHaveUncommittedCopies |= O.MayHaveUncommittedCopies;
  }
};

class MarkWaitElimination {
public:
  MarkWaitElimination(Function &F, OptimizationRemarkEmitter &ORE)
      : F(F), ORE(ORE), RPOT(&F) {}

  bool run();

private:
  void collectOps();
  bool removeRedundantWaits();
  void step(const Instruction &I, OutstandingState &S) const;
  void computeOutstanding();
  bool isRedundantWait(const AsyncOp &Wait, const OutstandingState &S) const;
  void remarkRedundantWait(const AsyncOp &Wait, const OutstandingState &S);
  bool removeUnobservedMarks();
  bool isFutureWaited(const AsyncOp &Mark) const;
  const Instruction *findObservingWait(const AsyncOp &Mark) const;
  std::optional<bool> observesFrom(BasicBlock::const_iterator Begin,
                                   BasicBlock::const_iterator End,
                                   uint64_t &MarksAfter,
                                   const Instruction *&Observer) const;

  Function &F;
  OptimizationRemarkEmitter &ORE;
  ReversePostOrderTraversal<Function *> RPOT;
  SmallVector<AsyncOp, 16> Marks;
  SmallVector<AsyncOp, 16> Waits;
  DenseMap<const BasicBlock *, OutstandingState> OutOf;
  DenseMap<const CallBase *, OutstandingState> AtWait;
  /// Counts from here on make no difference: every tracked wait completes a
  /// mark followed by more marks than this.
  uint64_t MarkDistanceCap = 0;
};

bool MarkWaitElimination::run() {
  bool Changed = false;
  // Removing a mark lowers the bounds, which can make more waits redundant;
  // removing a redundant wait changes no bound (min(B, N) = B) and only
  // lets the mark search look further, so rounds stop as soon as one
  // removes nothing. The CFG never changes: the RPO stays valid.
  while (true) {
    collectOps();
    bool Removed = removeRedundantWaits();
    collectOps();
    Removed |= removeUnobservedMarks();
    if (!Removed)
      break;
    Changed = true;
  }
  return Changed;
}

void MarkWaitElimination::collectOps() {
  Marks.clear();
  Waits.clear();
  MarkDistanceCap = 0;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (Op.isMark())
      Marks.push_back(Op);
    if (!Op.isWait())
      continue;
    Waits.push_back(Op);
    if (std::optional<uint64_t> N = getTrackedCount(Op))
      MarkDistanceCap = std::max(MarkDistanceCap, *N + 1);
  }
}

void MarkWaitElimination::step(const Instruction &I,
                               OutstandingState &S) const {
  AsyncOp Op = AsyncOp::get(I);
  if (Op.isMark()) {
    // Beyond every tracked count plus the marks of the function, the bound
    // only grows around a loop: call it unbounded.
    uint64_t Limit = Marks.size() + MarkDistanceCap;
    if (S.MaxMarks != OutstandingState::Unbounded)
      S.MaxMarks =
          S.MaxMarks + 1 > Limit ? OutstandingState::Unbounded : S.MaxMarks + 1;
    S.MarkSeen = true;
    S.MayHaveUncommittedCopies = false;
    return;
  }
  if (mayIssueCopy(I, Op)) {
    S.MayHaveUncommittedCopies = true;
    return;
  }
  if (!Op.isWait())
    return;
  if (std::optional<uint64_t> N = getTrackedCount(Op))
    S.MaxMarks = std::min(S.MaxMarks, *N);
  if (Op.alsoWaitsForUncommittedCopies())
    S.MayHaveUncommittedCopies = false;
}

void MarkWaitElimination::computeOutstanding() {
  OutOf.clear();
  AtWait.clear();
  auto EntryOf = [&](BasicBlock *BB) {
    OutstandingState S;
    for (BasicBlock *Pred : predecessors(BB))
      if (auto It = OutOf.find(Pred); It != OutOf.end())
        S.join(It->second);
    return S;
  };
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (BasicBlock *BB : RPOT) {
      OutstandingState S = EntryOf(BB);
      for (Instruction &I : *BB)
        step(I, S);
      auto [It, Inserted] = OutOf.try_emplace(BB, S);
      if (!Inserted && It->second == S)
        continue;
      It->second = S;
      Changed = true;
    }
  }
  for (BasicBlock *BB : RPOT) {
    OutstandingState S = EntryOf(BB);
    for (Instruction &I : *BB) {
      if (AsyncOp Op = AsyncOp::get(I); Op.isWait())
        AtWait[Op.getCall()] = S;
      step(I, S);
    }
  }
}

bool MarkWaitElimination::isRedundantWait(const AsyncOp &Wait,
                                          const OutstandingState &S) const {
  std::optional<uint64_t> N = getTrackedCount(Wait);
  if (!N || S.MaxMarks > *N)
    return false;
  return !Wait.alsoWaitsForUncommittedCopies() || !S.MayHaveUncommittedCopies;
}

bool MarkWaitElimination::removeRedundantWaits() {
  computeOutstanding();
  bool Removed = false;
  for (const AsyncOp &Wait : Waits) {
    auto It = AtWait.find(Wait.getCall());
    if (It == AtWait.end() || !isRedundantWait(Wait, It->second))
      continue;
    ++NumWaitsRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: removing redundant wait"
                           << *Wait.getCall() << "\n");
    remarkRedundantWait(Wait, It->second);
    Wait.getCall()->eraseFromParent();
    Removed = true;
  }
  return Removed;
}

void MarkWaitElimination::remarkRedundantWait(const AsyncOp &Wait,
                                              const OutstandingState &S) {
  ORE.emit([&] {
    OptimizationRemark R(DEBUG_TYPE, "RedundantWait", Wait.getCall());
    R << "wait for at most " << ore::NV("Count", *getTrackedCount(Wait))
      << " outstanding marks removed: ";
    if (!S.MarkSeen)
      R << "no mark reaches it";
    else if (S.MaxMarks == 0)
      R << "an earlier wait completes every mark before it on every path";
    else
      R << "at most " << ore::NV("MaxOutstanding", S.MaxMarks)
        << " marks can be outstanding here on any path (earlier waits and "
           "marks)";
    return R;
  });
}

bool MarkWaitElimination::removeUnobservedMarks() {
  // The pipeliner runs ahead each group a mark closes; merging groups here
  // would take that from it.
  if (mayPipelineLoopsIn(F))
    return false;
  bool Removed = false;
  for (const AsyncOp &Mark : Marks) {
    if (isFutureWaited(Mark) || findObservingWait(Mark))
      continue;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "UnobservedMark", Mark.getCall())
             << "mark removed: no later wait of this function can observe "
                "it (every path returns, or reaches a wait that completes it "
                "anyway, first)";
    });
    ++NumMarksRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: removing unobserved mark"
                           << *Mark.getCall() << "\n");
    if (Mark.returnsFuture())
      Mark.getCall()->replaceAllUsesWith(
          PoisonValue::get(Mark.getCall()->getType()));
    Mark.getCall()->eraseFromParent();
    Removed = true;
  }
  return Removed;
}

/// A mark that makes a future is observed by whatever uses the future, unless
/// it has no use at all.
bool MarkWaitElimination::isFutureWaited(const AsyncOp &Mark) const {
  return Mark.returnsFuture() && !Mark.getCall()->use_empty();
}

/// Walks \p Begin .. \p End counting marks into \p MarksAfter. Returns true
/// (and sets \p Observer) at a wait that observes the mark, false at one that
/// completes it anyway, none if the range does neither.
std::optional<bool> MarkWaitElimination::observesFrom(
    BasicBlock::const_iterator Begin, BasicBlock::const_iterator End,
    uint64_t &MarksAfter, const Instruction *&Observer) const {
  for (auto It = Begin; It != End; ++It) {
    AsyncOp Op = AsyncOp::get(*It);
    if (Op.isMark()) {
      MarksAfter = std::min(MarksAfter + 1, MarkDistanceCap);
      continue;
    }
    if (!Op.isWait())
      continue;
    // A wait-all that commits first completes the mark's copies anyway.
    if (Op.alsoWaitsForUncommittedCopies())
      return false;
    std::optional<uint64_t> N = getTrackedCount(Op);
    if (N && MarksAfter > *N)
      return false;
    Observer = &*It;
    return true;
  }
  return std::nullopt;
}

/// The first wait found that observes \p Mark, or null: a forward search
/// keeping, per block, the fewest marks after \p Mark at its entry (fewer
/// marks after it is what lets a wait observe it).
const Instruction *
MarkWaitElimination::findObservingWait(const AsyncOp &Mark) const {
  const Instruction *Observer = nullptr;
  DenseMap<const BasicBlock *, uint64_t> FewestAtEntry;
  SmallVector<const BasicBlock *, 16> Worklist;
  auto Continue = [&](const BasicBlock *BB, uint64_t MarksAfter) {
    for (const BasicBlock *Succ : successors(BB)) {
      auto [It, Inserted] = FewestAtEntry.try_emplace(Succ, MarksAfter);
      if (!Inserted && It->second <= MarksAfter)
        continue;
      It->second = MarksAfter;
      Worklist.push_back(Succ);
    }
  };
  const Instruction *Call = Mark.getCall();
  uint64_t MarksAfter = 0;
  std::optional<bool> Seen =
      observesFrom(std::next(Call->getIterator()), Call->getParent()->end(),
                   MarksAfter, Observer);
  if (Seen)
    return *Seen ? Observer : nullptr;
  Continue(Call->getParent(), MarksAfter);
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    MarksAfter = FewestAtEntry[BB];
    Seen = observesFrom(BB->begin(), BB->end(), MarksAfter, Observer);
    if (Seen && *Seen)
      return Observer;
    if (!Seen)
      Continue(BB, MarksAfter);
  }
  return nullptr;
}

} // namespace

PreservedAnalyses AsyncElimPass::run(Function &F, FunctionAnalysisManager &AM) {
  if (!hasOwnMarkSequence(F))
    return PreservedAnalyses::all();
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  ASYNCPIPE_DEBUG(dbgs() << "********** AsyncPipe mark/wait elimination: "
                         << F.getName() << " **********\n");
  if (!MarkWaitElimination(F, ORE).run())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}
