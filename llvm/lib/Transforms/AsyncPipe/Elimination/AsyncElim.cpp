//===- AsyncElim.cpp - Remove marks and waits that do nothing -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Programs, pipeliners and inlining leave marks and waits that cost issue
// slots and, worse, make waits stronger than needed: a mark no wait looks at
// still shifts every later count, and a wait that can find nothing to wait for
// is still executed. This pass removes both kinds, by the rules of
// llvm/docs/AsyncPipeModel.rst (named in every remark), each proved by the
// one mark analysis (AsyncMarkAnalysis):
//
//  * W1 (activation model): a wait(N) is removed when at most N marks of the
//    current activation can be outstanding there on every path.
//  * W2 (native counter): a native wait is removed when an earlier native
//    wait leaves at most N groups pending on every path, with no commit, no
//    call and no cp.async assembly in between (a native wait-all also needs
//    no copy in between).
//  * M1 (activation model): a mark M is removed when no wait can observe it:
//    on every path from M, each wait of the activation reached before M is
//    complete sees more marks after M than it allows outstanding, or the
//    function returns first. A native wait counts as observing every mark
//    (it shares the counter on targets that have one). Marks whose future
//    is waited on are kept.
//
// Native commits are never removed: under hardware semantics any caller may
// wait for the group they close. always_inline functions, and functions
// that still call always_inline functions holding async operations, are
// left alone: their marks and waits belong to a caller not yet assembled.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncElim.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-elim"

ASYNCPIPE_STATISTIC(NumWaitsRemoved, "Number of waits removed");
ASYNCPIPE_STATISTIC(NumMarksRemoved, "Number of marks removed");

namespace {

class MarkWaitElimination {
public:
  MarkWaitElimination(Function &F, OptimizationRemarkEmitter &ORE)
      : F(F), ORE(ORE) {}

  bool run();

private:
  bool removeRedundantWaits();
  bool removeUnobservedMarks();
  SmallPtrSet<const Instruction *, 16>
  findObservedMarks(ArrayRef<Value *> Marks) const;

  Function &F;
  OptimizationRemarkEmitter &ORE;
};

bool MarkWaitElimination::run() {
  // cp.async written as inline PTX has hardware semantics (one counter per
  // thread, shared with callees), which the per-activation rules below do
  // not follow yet: such functions are left alone. (Once they do, only
  // hasOpaqueAsyncInlineAsm(F), inline asm not modelled, needs this.)
  if (hasAsyncInlineAsm(F))
    return false;
  bool Changed = false;
  // Removing a mark lowers the bounds, which can make more waits redundant;
  // removing a redundant wait changes no bound (min(B, N) = B) and only lets
  // more marks go unobserved, so rounds stop as soon as one removes nothing:
  // each round that goes on removes a call, and there are finitely many.
  while (true) {
    bool Removed = removeRedundantWaits();
    Removed |= removeUnobservedMarks();
    if (!Removed)
      break;
    Changed = true;
  }
  return Changed;
}

bool MarkWaitElimination::removeRedundantWaits() {
  AsyncMarkCounts Counts(F);
  SmallVector<std::pair<CallBase *, std::string>, 8> Redundant;
  for (Instruction &I : instructions(F)) {
    AsyncOp Wait = AsyncOp::get(I);
    std::string Why;
    if (Wait.isWait() && Counts.isRedundantWait(Wait, &Why))
      Redundant.push_back({Wait.getCall(), Why});
  }
  // All are decided on one fixed point before any is removed: each stays
  // redundant without the others (removing one changes no bound).
  for (auto &Entry : Redundant) {
    CallBase *Call = Entry.first;
    const std::string &Why = Entry.second;
    ++NumWaitsRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: removing redundant wait" << *Call
                           << "\n");
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RedundantWait", Call)
             << "wait for at most "
             << ore::NV("Count",
                        *getTrackedWaitCount(AsyncOp::get(*Call)))
             << " outstanding marks removed: " << Why;
    });
    eraseProvenRedundantOp(*Call);
  }
  return !Redundant.empty();
}

/// The activation marks among \p Marks that some wait may observe.
SmallPtrSet<const Instruction *, 16>
MarkWaitElimination::findObservedMarks(ArrayRef<Value *> Marks) const {
  SmallPtrSet<const Instruction *, 16> Observed;
  MarkDistances::Options Opts;
  Opts.Kind = AsyncSemantics::Activation;
  Opts.CompleteAtWaits = true;
  MarkDistances Distances(F, Marks, Opts);
  if (!Distances.converged()) {
    for (Value *Mark : Marks)
      Observed.insert(cast<Instruction>(Mark));
    return Observed;
  }
  Distances.forEachCall([&](const CallBase &Call,
                            ArrayRef<MarkDistances::Distance> State) {
    AsyncOp Op = AsyncOp::get(Call);
    if (!Op.isWait())
      return;
    std::optional<uint64_t> N = getTrackedWaitCount(Op);
    // A native wait, or one whose count is unknown, may observe any mark.
    bool ObservesAll = !N || Op.getSemantics() != AsyncSemantics::Activation;
    for (Value *Mark : Marks) {
      MarkDistances::Distance D = Distances.valueIn(Mark, State);
      if (D != MarkDistances::None && (ObservesAll || D <= *N))
        Observed.insert(cast<Instruction>(Mark));
    }
  });
  return Observed;
}

bool MarkWaitElimination::removeUnobservedMarks() {
  // The pipeliner runs ahead each group a mark closes; merging groups here
  // would take that from it.
  if (mayPipelineLoopsIn(F))
    return false;
  SmallVector<Value *, 16> Marks;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op.isMark() || Op.getSemantics() != AsyncSemantics::Activation)
      continue;
    // A mark that makes a future is observed by whatever uses the future.
    if (Op.returnsFuture() && !I.use_empty())
      continue;
    Marks.push_back(&I);
  }
  if (Marks.empty())
    return false;
  SmallPtrSet<const Instruction *, 16> Observed = findObservedMarks(Marks);
  bool Removed = false;
  for (Value *V : Marks) {
    auto *Mark = cast<CallBase>(V);
    if (Observed.contains(Mark))
      continue;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "UnobservedMark", Mark)
             << "mark removed: rule M1 (activation): no later wait of this "
                "function can observe it (every path returns, or reaches a "
                "wait that completes it anyway, first)";
    });
    ++NumMarksRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: removing unobserved mark" << *Mark
                           << "\n");
    if (!Mark->getType()->isVoidTy())
      Mark->replaceAllUsesWith(PoisonValue::get(Mark->getType()));
    eraseProvenRedundantOp(*Mark);
    Removed = true;
  }
  return Removed;
}

} // namespace

PreservedAnalyses AsyncElimPass::run(Function &F, FunctionAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  if (!hasOwnMarkSequence(F) || callsAsyncFragment(F))
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
