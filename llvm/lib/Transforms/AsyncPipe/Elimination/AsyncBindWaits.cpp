//===- AsyncBindWaits.cpp - Bind counting waits to their marks ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A wait(N) counts the marks of its own function activation
// (llvm/docs/AsyncPipeModel.rst). Inlining breaks that: the callee's marks land
// in the caller's body and a count that skipped over a call now counts them too
// (seed 003: after inlining foo, bar's wait(1) waits for mark C instead of B).
// Rather than remembering owners, this pass, run before the inliner, turns the
// count into what it means: the future of the (N+1)-th most recent mark of this
// function on each path. Futures are SSA values, so inlining copies them per
// call site and no mark of another activation can be confused with them;
// asyncpipe-lower-futures, after the inliner, counts the marks really issued
// in between (llvm/docs/AsyncPipeElimination.rst has the proof that the
// result is exact where nothing was inlined and correct where something was).
//
// The k most recent marks are k variables r0..r(k-1), rotated at every mark
// (r(i+1) = r(i), r0 = the new mark's future) and built into SSA form with
// SSAUpdater, one level at a time: a block's value of r(i) at its end is a
// mark of the block or r(i-m) at its entry, with m the block's marks.
//
// In a function that uses queues (llvm/docs/AsyncPipeModel.rst, "Queues") a
// wait counts the marks of its own queue only: each queue has its own
// variables, rotated by its own marks, and a wait of queue q is bound to the
// future of q's (N+1)-th most recent mark. A queue's mark becomes
// asyncpipe.mark.future.queue(q), whose future asyncpipe-lower-futures
// counts in that queue.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncBindWaits.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/AsyncPipe/AsyncLowerFutures.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-bind-waits"

ASYNCPIPE_STATISTIC(NumWaitsBound,
                    "Number of waits bound to the future of their mark");
ASYNCPIPE_STATISTIC(NumWaitsNotBound, "Number of waits left counting");

namespace {

/// Waits for more marks than this stay counting waits: binding them would
/// need that many rotated variables.
constexpr uint64_t LargestBoundCount = 16;

/// A wait of queue Queue (0 without queues) for at most N of its marks.
struct BindableWait {
  AsyncOp Op;
  uint64_t N;
  unsigned Queue;
};

class WaitBinding {
public:
  WaitBinding(Function &F, OptimizationRemarkEmitter &ORE) : F(F), ORE(ORE) {}

  bool run();

private:
  bool mayMeetInlinedMarks() const;
  const Instruction *findMarkOfUnknownQueue() const;
  void collectOps();
  void remarkUnbindableWaits();
  void makeMarksFutures();
  void buildRecentMarkLevels();
  Value *getLevelAtEntry(unsigned Queue, unsigned Level, BasicBlock *BB);
  Value *getLevelBefore(unsigned Queue, unsigned Level, Instruction *Before);
  void bindWait(const BindableWait &Wait);
  void removeUnusedHelpers();

  Function &F;
  OptimizationRemarkEmitter &ORE;
  SmallVector<BindableWait, 8> BindableWaits;
  SmallVector<AsyncOp, 4> UnbindableWaits;
  /// Per queue (only queue 0 in a function without queues): the most recent
  /// marks its waits look back at, and the futures of each block's marks of
  /// the queue, in order.
  uint64_t Levels[MaxAsyncQueues] = {};
  DenseMap<BasicBlock *, SmallVector<Instruction *, 4>> MarksIn[MaxAsyncQueues];
  CallInst *NoMark = nullptr;
  std::vector<std::unique_ptr<SSAUpdater>> RecentMark[MaxAsyncQueues];
  SmallVector<PHINode *, 16> InsertedPHIs;
};

/// Records on \p New the callee of \p Original, with the count the user
/// wrote (of the count operand's type) for a wait, so that
/// asyncpipe-lower-futures gives the mark or counting wait back its spelling
/// (a module's async calls stay in the form its target and tools expect) and
/// its remark can compare the count it derives with the written one.
/// A mark or wait of queue 0 is recorded as the plain call it is
/// (llvm/docs/AsyncPipeModel.rst, "Queues"): the recorded callee takes no
/// queue operand. Another queue's wait keeps its name, which only the
/// remarks read (asyncpipe-lower-futures makes it a wait of the future's
/// queue).
void recordSpelling(CallInst &New, const AsyncOp &Original, Type *CountType,
                    uint64_t WrittenCount = 0) {
  LLVMContext &Ctx = New.getContext();
  StringRef Name = Original.getName();
  if (Original.hasQueueOperand() && Original.getQueue() == 0u)
    Name = Original.isMark() ? "asyncpipe.mark" : "asyncpipe.wait";
  SmallVector<Metadata *, 2> Spelling = {MDString::get(Ctx, Name)};
  if (CountType)
    Spelling.push_back(
        ConstantAsMetadata::get(ConstantInt::get(CountType, WrittenCount)));
  New.setMetadata(AsyncSpellingMetadata, MDNode::get(Ctx, Spelling));
}

/// Kernels cannot be inlined, so their waits need binding only if they call
/// something that may be inlined into them.
bool WaitBinding::mayMeetInlinedMarks() const {
  if (!isKernelEntry(F))
    return true;
  for (const Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && !Callee->isDeclaration())
        return true;
  return false;
}

const Instruction *WaitBinding::findMarkOfUnknownQueue() const {
  for (const Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I);
        Op.isMark() && Op.getSemantics() == AsyncSemantics::Activation &&
        !Op.getQueue())
      return &I;
  return nullptr;
}

bool WaitBinding::run() {
  collectOps();
  if (!mayMeetInlinedMarks())
    return false;
  // A mark whose queue is not a constant yet (ids the optimizer merged,
  // which asyncpipe-lower splits) may be the most recent mark of any queue:
  // no wait's group is known, and the waits stay counting.
  if (const Instruction *Unknown = findMarkOfUnknownQueue()) {
    NumWaitsNotBound += BindableWaits.size() + UnbindableWaits.size();
    if (!BindableWaits.empty() || !UnbindableWaits.empty())
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "QueueNotConstant", Unknown)
               << "waits of this function not bound to their marks: the "
                  "queue of this commit is not a compile-time constant here";
      });
    return false;
  }
  remarkUnbindableWaits();
  if (BindableWaits.empty())
    return false;
  makeMarksFutures();
  buildRecentMarkLevels();
  for (const BindableWait &Wait : BindableWaits)
    bindWait(Wait);
  removeUnusedHelpers();
  return true;
}

void WaitBinding::collectOps() {
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    // Native waits count the thread's hardware groups, callees' included:
    // inlining cannot change what they wait for, and they stay as written.
    // A native wait-all also waits for uncommitted copies: it stays too.
    if (!Op.isWait() || Op.getSemantics() != AsyncSemantics::Activation ||
        Op.alsoWaitsForUncommittedCopies())
      continue;
    auto *Count = dyn_cast_or_null<ConstantInt>(Op.getWaitCountOperand());
    // A queue that is not a constant in range is asyncpipe-lower's to
    // report; its wait stays as written.
    std::optional<unsigned> Queue = Op.getQueue();
    if (Count && Count->getValue().ule(LargestBoundCount) && Queue) {
      uint64_t N = Count->getZExtValue();
      BindableWaits.push_back({Op, N, *Queue});
      Levels[*Queue] = std::max(Levels[*Queue], N + 1);
      continue;
    }
    UnbindableWaits.push_back(Op);
  }
}

/// Says which waits stay counting in a function that may meet inlined marks.
void WaitBinding::remarkUnbindableWaits() {
  NumWaitsNotBound += UnbindableWaits.size();
  for (const AsyncOp &Wait : UnbindableWaits)
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "WaitNotBound",
                                      Wait.getCall())
             << "wait not bound to a mark: its count is not a constant from 0 "
                "to "
             << ore::NV("Largest", LargestBoundCount)
             << "; if a call is inlined before it, it may wait for the "
                "callee's marks too";
    });
}

void WaitBinding::makeMarksFutures() {
  SmallVector<AsyncOp, 16> Marks;
  for (Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I);
        Op.isMark() && Op.getSemantics() == AsyncSemantics::Activation &&
        Op.getQueue())
      Marks.push_back(Op);
  LLVMContext &Ctx = F.getContext();
  FunctionCallee MarkFuture = F.getParent()->getOrInsertFunction(
      "asyncpipe.mark.future", Type::getInt32Ty(Ctx));
  for (const AsyncOp &Mark : Marks) {
    CallBase *Call = Mark.getCall();
    unsigned Queue = *Mark.getQueue();
    Instruction *Future = Call;
    if (!Mark.returnsFuture()) {
      IRBuilder<> B(Call);
      CallInst *New;
      if (Queue == 0) {
        New = B.CreateCall(MarkFuture, {}, "mark");
      } else {
        // Declared only where a queue other than 0 has a mark.
        FunctionCallee QueueMarkFuture = F.getParent()->getOrInsertFunction(
            "asyncpipe.mark.future.queue", B.getInt32Ty(), B.getInt32Ty());
        New = B.CreateCall(QueueMarkFuture, {Mark.getQueueOperand()},
                           "mark.q" + Twine(Queue));
      }
      keepUserLocation(*New, *Call);
      // Another queue's mark needs no record: its future's mark is made a
      // mark of its queue again.
      if (Queue == 0)
        recordSpelling(*New, Mark, /*CountType=*/nullptr);
      Call->eraseFromParent();
      Future = New;
    }
    MarksIn[Queue][Future->getParent()].push_back(Future);
  }
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  NoMark = B.CreateCall(F.getParent()->getOrInsertFunction(
                            "asyncpipe.future.any", Type::getInt32Ty(Ctx)),
                        {}, "no.mark");
}

/// Each queue's levels, built from its own marks only: another queue's mark
/// leaves them as they are.
void WaitBinding::buildRecentMarkLevels() {
  Type *FutureTy = Type::getInt32Ty(F.getContext());
  for (unsigned Queue = 0; Queue != MaxAsyncQueues; ++Queue) {
    for (unsigned Level = 0; Level != Levels[Queue]; ++Level) {
      RecentMark[Queue].push_back(std::make_unique<SSAUpdater>(&InsertedPHIs));
      SSAUpdater &Updater = *RecentMark[Queue].back();
      std::string Name =
          Queue == 0
              ? ("recent.mark." + Twine(Level)).str()
              : ("recent.mark.q" + Twine(Queue) + "." + Twine(Level)).str();
      Updater.Initialize(FutureTy, Name);
      for (BasicBlock &BB : F) {
        auto It = MarksIn[Queue].find(&BB);
        unsigned InBlock = It == MarksIn[Queue].end() ? 0 : It->second.size();
        if (InBlock == 0 && !BB.isEntryBlock())
          continue;
        Value *AtEnd = Level < InBlock
                           ? It->second[InBlock - 1 - Level]
                           : getLevelAtEntry(Queue, Level - InBlock, &BB);
        Updater.AddAvailableValue(&BB, AtEnd);
      }
    }
  }
}

/// r(\p Level) of \p Queue where \p BB starts: no mark in the entry block,
/// else from the predecessors (levels below the one being built are
/// complete).
Value *WaitBinding::getLevelAtEntry(unsigned Queue, unsigned Level,
                                    BasicBlock *BB) {
  if (BB->isEntryBlock())
    return NoMark;
  return RecentMark[Queue][Level]->GetValueInMiddleOfBlock(BB);
}

/// r(\p Level) of \p Queue just before \p Before.
Value *WaitBinding::getLevelBefore(unsigned Queue, unsigned Level,
                                   Instruction *Before) {
  BasicBlock *BB = Before->getParent();
  SmallVector<Instruction *, 4> Earlier;
  for (Instruction *Mark : MarksIn[Queue].lookup(BB))
    if (Mark->comesBefore(Before))
      Earlier.push_back(Mark);
  if (Level < Earlier.size())
    return Earlier[Earlier.size() - 1 - Level];
  return getLevelAtEntry(Queue, Level - Earlier.size(), BB);
}

void WaitBinding::bindWait(const BindableWait &Bindable) {
  const AsyncOp &Wait = Bindable.Op;
  uint64_t N = Bindable.N;
  unsigned Queue = Bindable.Queue;
  CallBase *Call = Wait.getCall();
  Value *Future = getLevelBefore(Queue, N, Call);
  IRBuilder<> B(Call);
  FunctionCallee WaitFuture = F.getParent()->getOrInsertFunction(
      "asyncpipe.wait.future", B.getVoidTy(), B.getInt32Ty());
  CallInst *New = B.CreateCall(WaitFuture, {Future});
  // Two waits for one future in two branches are the same call, and
  // SimplifyCFG would sink them into one at the join; but the marks made
  // since the future differ per branch (wait(1) after a new mark, wait(0)
  // at the loop's last trip), and asyncpipe-lower-futures could then only
  // count the fewest of them: the wait of the double-buffered loop would
  // become a wait for everything.
  New->addFnAttr(Attribute::NoMerge);
  keepUserLocation(*New, *Call);
  recordSpelling(*New, Wait, Wait.getWaitCountOperand()->getType(), N);
  ++NumWaitsBound;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncBindWaits: bound" << *Call << "\n  to" << *New
                         << "\n");
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "WaitBound", Call);
    if (Wait.hasQueueOperand())
      R << "asyncpipe_wait_queue(" << ore::NV("Queue", Queue) << ", "
        << ore::NV("Count", N) << ") tied to the group of queue "
        << ore::NV("Queue", Queue) << " it waits for";
    else
      R << getUserSpelling(Wait.getName()).Call << "(" << ore::NV("Count", N)
        << ") tied to the group it waits for";
    return R << ", so that inlining a call that commits cannot change what "
                "it waits for";
  });
  Call->eraseFromParent();
}

/// SSAUpdater builds every level at every join; keep only the PHIs that
/// waits use, directly or through other PHIs.
void WaitBinding::removeUnusedHelpers() {
  SmallPtrSet<PHINode *, 16> Unused(InsertedPHIs.begin(), InsertedPHIs.end());
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (PHINode *Phi : InsertedPHIs) {
      if (!Unused.contains(Phi))
        continue;
      bool OnlyUnusedUsers = all_of(Phi->users(), [&](User *U) {
        auto *UserPhi = dyn_cast<PHINode>(U);
        return UserPhi && Unused.contains(UserPhi);
      });
      if (!OnlyUnusedUsers) {
        Unused.erase(Phi);
        Changed = true;
      }
    }
  }
  for (PHINode *Phi : InsertedPHIs)
    if (Unused.contains(Phi))
      Phi->replaceAllUsesWith(PoisonValue::get(Phi->getType()));
  for (PHINode *Phi : InsertedPHIs)
    if (Unused.contains(Phi))
      Phi->eraseFromParent();
  if (NoMark->use_empty())
    NoMark->eraseFromParent();
}

static PreservedAnalyses bindWaits(Function &F, FunctionAnalysisManager &AM) {
  if (!hasOwnMarkSequence(F) || callsAsyncFragment(F))
    return PreservedAnalyses::all();
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  // Its waits are bound per queue, so that callees inlined into it leave
  // their counts as written. But it stays out of its callers: inlined, its
  // first mark would close the copies a caller issued before the call and
  // had not committed yet into that mark's queue, away from the caller's
  // next mark, which the caller's wait on the caller's queue completes
  // (llvm/docs/AsyncPipeModel.rst, "Queues").
  bool NotInlined = false;
  if (usesAsyncQueues(F) && !F.hasFnAttribute(Attribute::NoInline)) {
    F.addFnAttr(Attribute::NoInline);
    NotInlined = true;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "QueuesNotInlined", &F)
             << "a function that commits to a queue other than 0 is not "
                "inlined: its first commit would take the copies its caller "
                "has not committed yet into its own queue";
    });
  }
  if (!WaitBinding(F, ORE).run() && !NotInlined)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace

PreservedAnalyses AsyncBindWaitsPass::run(Function &F,
                                          FunctionAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  bool InvokesCalled = convertAsyncInvokesToCalls(F, AM);
  PreservedAnalyses PA = bindWaits(F, AM);
  return InvokesCalled ? PreservedAnalyses::none() : PA;
}
