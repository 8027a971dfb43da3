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
//  * W2 (native counter): a native wait (llvm.nvvm.cp.async.* or recognized
//    cp.async inline PTX) is removed when at most N groups can be pending on
//    every path, counted from the kernel's start or an earlier native wait
//    (a native wait-all also needs no copy in between).
//  * M1 (activation model): a mark M is removed when no wait can observe it:
//    on every path from M, each wait of the activation reached before M is
//    complete sees more marks after M than it allows outstanding, or the
//    function returns first. A native wait counts as observing every mark
//    (it shares the counter on targets that have one). Marks whose future
//    is waited on are kept, and so is every mark on a target whose marks
//    are hardware commits (NVPTX): a native wait in a caller or a callee,
//    which this function's analysis cannot see, may count its group.
//
// Native commits are never removed: under hardware semantics any caller may
// wait for the group they close. First, libcu++'s run-time wait_group
// switches whose count is proven the same on every path are folded into
// their one wait (AsyncWaitSwitchFold.cpp). A function with cp.async inline
// assembly the recognizer does not model is left alone. always_inline
// functions, and functions that still call always_inline functions holding
// async operations, are left alone: their marks and waits belong to a caller
// not yet assembled.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncElim.h"
#include "AsyncWaitSwitchFold.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-elim"

ASYNCPIPE_STATISTIC(NumWaitsRemoved, "Number of waits removed");
ASYNCPIPE_STATISTIC(NumMarksRemoved, "Number of marks removed");

namespace {

/// What decides whether elimination may act on a function, found in one
/// walk over it (on large functions each walk costs more than the analysis).
struct EliminationGate {
  /// The function still calls an always_inline function holding async
  /// operations (callsAsyncFragment): its sequence is not assembled yet.
  bool CallsAsyncFragment = false;
  /// It holds cp.async inline assembly the recognizer does not model: what
  /// that does to the group counter, and so to every count, is unknown.
  bool UnmodelledCpAsyncAsm = false;
  /// Every call of the function, block by block in order: only calls change
  /// the counts, so the first solve decodes these instead of walking the
  /// function again.
  SmallVector<const Instruction *, 0> Calls;
  /// An async operation is invoked (AsyncInvokes.h): it must become a call
  /// first, and the walk be made again.
  bool InvokesAsyncOp = false;
  /// libcu++'s run-time wait switches (isWaitGroupSwitch), to fold.
  SmallVector<SwitchInst *, 4> WaitGroupSwitches;

  explicit EliminationGate(Function &F) {
    for (Instruction &I : instructions(F)) {
      if (auto *SI = dyn_cast<SwitchInst>(&I); SI && isWaitGroupSwitch(*SI))
        WaitGroupSwitches.push_back(SI);
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      Calls.push_back(Call);
      InvokesAsyncOp = InvokesAsyncOp || isInvokedAsyncOp(*Call);
      CallsAsyncFragment = CallsAsyncFragment || isAsyncFragmentCall(*Call);
      // A function with cp.async assembly the recognizer does not model (a
      // bulk or mbarrier form, several statements, a malformed statement, or
      // any at all when recognition is off) is left alone; recognized
      // cp.async inline PTX is counted as the llvm.nvvm.cp.async.*
      // intrinsics (hardware semantics, rule W2).
      UnmodelledCpAsyncAsm =
          UnmodelledCpAsyncAsm ||
          (isOpaqueToHardwareCounter(*Call) && !AsyncOp::get(*Call));
    }
  }
};

class MarkWaitElimination {
public:
  MarkWaitElimination(Function &F, OptimizationRemarkEmitter &ORE,
                      EliminationGate &&Gate, bool MayPipeline,
                      bool MarksCommitHardwareGroups)
      : F(F), ORE(ORE), Calls(std::move(Gate.Calls)),
        WaitGroupSwitches(std::move(Gate.WaitGroupSwitches)),
        MayPipeline(MayPipeline),
        MarksCommitHardwareGroups(MarksCommitHardwareGroups) {}

  bool run();

  /// True if the CFG changed (a wait_group switch was folded).
  bool changedCFG() const { return FoldedSwitch; }

private:
  bool removeRedundantWaits(const AsyncMarkCounts &Counts,
                            SmallVectorImpl<CallBase *> &Marks,
                            SmallVectorImpl<const Instruction *> &Kept,
                            SmallPtrSetImpl<const Instruction *> &Erased);
  bool removeUnobservedMarks(ArrayRef<CallBase *> Marks,
                             ArrayRef<const Instruction *> MarksAndWaits,
                             const ReachableBlocks &Reachable,
                             SmallPtrSetImpl<const Instruction *> &Erased);
  SmallPtrSet<const Instruction *, 16>
  findObservedMarks(ArrayRef<Value *> Marks,
                    ArrayRef<const Instruction *> MarksAndWaits,
                    const ReachableBlocks &Reachable) const;

  Function &F;
  OptimizationRemarkEmitter &ORE;
  /// The gate's calls: the first round's candidate events.
  SmallVector<const Instruction *, 0> Calls;
  SmallVector<SwitchInst *, 4> WaitGroupSwitches;
  bool FoldedSwitch = false;
  /// The pipeliner runs ahead each group a mark closes: merging groups here
  /// would take that from it. Rounds remove only marks and waits, which
  /// neither ask for pipelining nor issue copies: asked once.
  const bool MayPipeline;
  /// The target's marks are hardware commits (AsyncTarget): a native wait in
  /// a caller or a callee, which this function's analysis does not see, may
  /// count one, so no mark is unobserved.
  const bool MarksCommitHardwareGroups;
};

bool MarkWaitElimination::run() {
  bool Changed = foldWaitGroupSwitches(F, WaitGroupSwitches, ORE);
  FoldedSwitch = Changed;
  // Removing a mark lowers the bounds, which can make more waits redundant;
  // removing a redundant wait changes no bound (min(B, N) = B) and only lets
  // more marks go unobserved, which the same round's observers already see
  // (they are solved on the waits it keeps). So rounds stop as soon as one
  // removes no mark: the next would find what this one found. Each round
  // that goes on removes a mark, and there are finitely many. Rounds remove
  // calls only: the blocks' order and edges are read once.
  ReachableBlocks Reachable(F);
  // Folding a switch erased calls: the gate's list is stale then.
  std::optional<SmallVector<const Instruction *, 0>> Candidates;
  if (!FoldedSwitch)
    Candidates = std::move(Calls);
  while (true) {
    // The marks and waits are read from the counts' events, not from
    // another walk over the function (on large functions each walk costs
    // more than the analysis): the activation marks, and the marks and
    // waits the removal of redundant waits leaves, which the observers'
    // solve reads. The counts decode the gate's calls, and in later rounds
    // the last round's events less what it erased.
    AsyncMarkCounts Counts = Candidates
                                 ? AsyncMarkCounts(F, Reachable, *Candidates)
                                 : AsyncMarkCounts(F, Reachable);
    SmallVector<CallBase *, 16> Marks;
    SmallVector<const Instruction *, 16> Kept;
    SmallPtrSet<const Instruction *, 16> Erased;
    Changed |= removeRedundantWaits(Counts, Marks, Kept, Erased);
    if (!removeUnobservedMarks(Marks, Kept, Reachable, Erased))
      break;
    Changed = true;
    // Erased pointers are compared, never read.
    Candidates.emplace();
    for (const Instruction *I : Counts.events())
      if (!Erased.contains(I))
        Candidates->push_back(I);
  }
  return Changed;
}

/// \p Marks receives the activation marks and \p Kept the marks and waits
/// that stay, in program order.
/// \p Erased receives the waits removed.
bool MarkWaitElimination::removeRedundantWaits(
    const AsyncMarkCounts &Counts, SmallVectorImpl<CallBase *> &Marks,
    SmallVectorImpl<const Instruction *> &Kept,
    SmallPtrSetImpl<const Instruction *> &Erased) {
  SmallVector<std::pair<CallBase *, std::string>, 8> Redundant;
  for (const Instruction *I : Counts.events()) {
    AsyncOp Op = AsyncOp::get(*I);
    if (Op.isMark() && Op.getSemantics() == AsyncSemantics::Activation)
      Marks.push_back(Op.getCall());
    std::string Why;
    if (Op.isWait() && Counts.isRedundantWait(Op, &Why))
      Redundant.push_back({Op.getCall(), Why});
    else if (Op.isWait() || Op.isMark())
      Kept.push_back(I);
  }
  // What goes with a removed wait besides it is at most a recorder's inline
  // assembly (eraseProvenRedundantOp), which is neither a mark nor a wait
  // nor any other event of the counts: nothing in Kept, or in the next
  // round's candidates, dangles.
  // All are decided on one fixed point before any is removed: each stays
  // redundant without the others (removing one changes no bound).
  for (auto &Entry : Redundant) {
    CallBase *Call = Entry.first;
    const std::string &Why = Entry.second;
    ++NumWaitsRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: removing redundant wait" << *Call
                           << "\n");
    ORE.emit([&] {
      AsyncOp Wait = AsyncOp::get(*Call);
      OptimizationRemark R(DEBUG_TYPE, "RedundantWait", userLocation(*Call),
                           Call->getParent());
      // Inline PTX is named by its statement, as the user wrote it.
      if (Wait.getForm() == AsyncOpForm::NVPTXInlineAsm)
        return R << "inline PTX \"" << ore::NV("Statement", describeWait(Wait))
                 << "\" removed: it waits for nothing: " << Why;
      R << "wait for at most " << ore::NV("Count", *getTrackedWaitCount(Wait))
        << " outstanding marks";
      // Named as asyncpipe-lower names it, which removes the same waits at
      // -O0.
      if (Wait.hasQueueOperand())
        if (std::optional<unsigned> Queue = Wait.getQueue())
          R << " of queue " << ore::NV("Queue", *Queue);
      return R << " removed: " << Why;
    });
    Erased.insert(Call);
    eraseProvenRedundantOp(*Call);
  }
  return !Redundant.empty();
}

/// The activation marks among \p Marks that some wait may observe.
SmallPtrSet<const Instruction *, 16> MarkWaitElimination::findObservedMarks(
    ArrayRef<Value *> Marks, ArrayRef<const Instruction *> MarksAndWaits,
    const ReachableBlocks &Reachable) const {
  // One backward solve answers for every mark at once (a solve per mark,
  // or a scan of every mark at every wait, would be quadratic).
  ObservedMarks Observers(F, AsyncSemantics::Activation, MarksAndWaits,
                          Reachable);
  SmallPtrSet<const Instruction *, 16> Observed;
  for (Value *Mark : Marks)
    if (Observers.isObserved(*cast<Instruction>(Mark)))
      Observed.insert(cast<Instruction>(Mark));
  return Observed;
}

/// \p Candidates: the function's activation marks, in program order.
/// \p Erased receives the marks removed.
bool MarkWaitElimination::removeUnobservedMarks(
    ArrayRef<CallBase *> Candidates,
    ArrayRef<const Instruction *> MarksAndWaits,
    const ReachableBlocks &Reachable,
    SmallPtrSetImpl<const Instruction *> &Erased) {
  // The testing-only legacy model applies M1 to every mark, as it once did.
  // M1 follows one sequence of marks: with queues, a wait observes the
  // marks of its queue only, which the observers do not tell apart.
  if (MayPipeline ||
      (MarksCommitHardwareGroups && !useUnsoundLegacyModelForTesting()) ||
      usesAsyncQueues(F))
    return false;
  SmallVector<Value *, 16> Marks;
  for (CallBase *Mark : Candidates) {
    // A mark that makes a future is observed by whatever uses the future.
    if (AsyncOp::get(*Mark).returnsFuture() && !Mark->use_empty())
      continue;
    Marks.push_back(Mark);
  }
  if (Marks.empty())
    return false;
  SmallPtrSet<const Instruction *, 16> Observed =
      findObservedMarks(Marks, MarksAndWaits, Reachable);
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
    Erased.insert(Mark);
    eraseProvenRedundantOp(*Mark);
    Removed = true;
  }
  return Removed;
}

static PreservedAnalyses eliminateMarksAndWaits(Function &F,
                                                FunctionAnalysisManager &AM,
                                                EliminationGate &&Gate) {
  if (Gate.CallsAsyncFragment || Gate.UnmodelledCpAsyncAsm)
    return PreservedAnalyses::all();
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  ASYNCPIPE_DEBUG(dbgs() << "********** AsyncPipe mark/wait elimination: "
                         << F.getName() << " **********\n");
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(*F.getParent());
  bool HardwareCommits = Target && Target->marksCommitHardwareGroups();
  // The pipeliner may still pipeline one of its loops: it schedules each
  // group separately, so no mark may go. Only rule M1 removes marks, and it
  // never applies to hardware commits (but under the legacy model): the
  // analysis walks the function only where its answer is read.
  bool MayPipeline =
      (!HardwareCommits || useUnsoundLegacyModelForTesting()) &&
      AM.getResult<AsyncPipelineCandidatesAnalysis>(F).MayPipelineLoops;
  MarkWaitElimination Elim(F, ORE, std::move(Gate), MayPipeline,
                           HardwareCommits);
  if (!Elim.run())
    return PreservedAnalyses::all();
  if (Elim.changedCFG())
    return PreservedAnalyses::none();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace

PreservedAnalyses AsyncElimPass::run(Function &F, FunctionAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  // Invoked async operations become calls first, in every function.
  if (!hasOwnMarkSequence(F))
    return convertAsyncInvokesToCalls(F, AM) ? PreservedAnalyses::none()
                                             : PreservedAnalyses::all();
  // The gate's walk also finds them, and the wait switches to fold: no walk
  // over the blocks for either (on large functions each walk costs more
  // than the analysis).
  EliminationGate Gate(F);
  bool InvokesCalled = false;
  if (Gate.InvokesAsyncOp) {
    InvokesCalled = convertAsyncInvokesToCalls(F, AM);
    Gate = EliminationGate(F);
  }
  PreservedAnalyses PA = eliminateMarksAndWaits(F, AM, std::move(Gate));
  return InvokesCalled ? PreservedAnalyses::none() : PA;
}
