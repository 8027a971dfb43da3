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

class WaitBinding {
public:
  WaitBinding(Function &F, OptimizationRemarkEmitter &ORE) : F(F), ORE(ORE) {}

  bool run();

private:
  bool mayMeetInlinedMarks() const;
  void collectOps();
  void remarkUnbindableWaits();
  void makeMarksFutures();
  void buildRecentMarkLevels();
  Value *getLevelAtEntry(unsigned Level, BasicBlock *BB);
  Value *getLevelBefore(unsigned Level, Instruction *Before);
  void bindWait(const AsyncOp &Wait, uint64_t N);
  void removeUnusedHelpers();

  Function &F;
  OptimizationRemarkEmitter &ORE;
  SmallVector<std::pair<AsyncOp, uint64_t>, 8> BindableWaits;
  SmallVector<AsyncOp, 4> UnbindableWaits;
  uint64_t Levels = 0;
  /// The futures of each block's marks, in order.
  DenseMap<BasicBlock *, SmallVector<Instruction *, 4>> MarksIn;
  CallInst *NoMark = nullptr;
  std::vector<std::unique_ptr<SSAUpdater>> RecentMark;
  SmallVector<PHINode *, 16> InsertedPHIs;
};

/// Records on \p New the callee of \p Original, with the count the user
/// wrote (of the count operand's type) for a wait, so that
/// asyncpipe-lower-futures gives the mark or counting wait back its spelling
/// (a module's async calls stay in the form its target and tools expect) and
/// its remark can compare the count it derives with the written one.
/// A mark or wait of queue 0 (only such a function is bound) is recorded
/// as the plain call it is (llvm/docs/AsyncPipeModel.rst, "Queues"): the
/// recorded callee takes no queue operand.
void recordSpelling(CallInst &New, const AsyncOp &Original, Type *CountType,
                    uint64_t WrittenCount = 0) {
  LLVMContext &Ctx = New.getContext();
  StringRef Name = Original.getName();
  if (Original.hasQueueOperand())
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

bool WaitBinding::run() {
  collectOps();
  if (!mayMeetInlinedMarks())
    return false;
  remarkUnbindableWaits();
  if (BindableWaits.empty())
    return false;
  makeMarksFutures();
  buildRecentMarkLevels();
  for (auto &[Wait, N] : BindableWaits)
    bindWait(Wait, N);
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
    if (Count && Count->getValue().ule(LargestBoundCount)) {
      uint64_t N = Count->getZExtValue();
      BindableWaits.push_back({Op, N});
      Levels = std::max(Levels, N + 1);
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
        Op.isMark() && Op.getSemantics() == AsyncSemantics::Activation)
      Marks.push_back(Op);
  LLVMContext &Ctx = F.getContext();
  FunctionCallee MarkFuture = F.getParent()->getOrInsertFunction(
      "asyncpipe.mark.future", Type::getInt32Ty(Ctx));
  for (const AsyncOp &Mark : Marks) {
    CallBase *Call = Mark.getCall();
    Instruction *Future = Call;
    if (!Mark.returnsFuture()) {
      IRBuilder<> B(Call);
      CallInst *New = B.CreateCall(MarkFuture, {}, "mark");
      New->setDebugLoc(Call->getDebugLoc());
      recordSpelling(*New, Mark, /*CountType=*/nullptr);
      Call->eraseFromParent();
      Future = New;
    }
    MarksIn[Future->getParent()].push_back(Future);
  }
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  NoMark = B.CreateCall(F.getParent()->getOrInsertFunction(
                            "asyncpipe.future.any", Type::getInt32Ty(Ctx)),
                        {}, "no.mark");
}

void WaitBinding::buildRecentMarkLevels() {
  Type *FutureTy = Type::getInt32Ty(F.getContext());
  for (unsigned Level = 0; Level != Levels; ++Level) {
    RecentMark.push_back(std::make_unique<SSAUpdater>(&InsertedPHIs));
    SSAUpdater &Updater = *RecentMark.back();
    Updater.Initialize(FutureTy, ("recent.mark." + Twine(Level)).str());
    for (BasicBlock &BB : F) {
      auto It = MarksIn.find(&BB);
      unsigned InBlock = It == MarksIn.end() ? 0 : It->second.size();
      if (InBlock == 0 && !BB.isEntryBlock())
        continue;
      Value *AtEnd = Level < InBlock ? It->second[InBlock - 1 - Level]
                                     : getLevelAtEntry(Level - InBlock, &BB);
      Updater.AddAvailableValue(&BB, AtEnd);
    }
  }
}

/// r(\p Level) where \p BB starts: no mark in the entry block, else from the
/// predecessors (levels below the one being built are complete).
Value *WaitBinding::getLevelAtEntry(unsigned Level, BasicBlock *BB) {
  if (BB->isEntryBlock())
    return NoMark;
  return RecentMark[Level]->GetValueInMiddleOfBlock(BB);
}

/// r(\p Level) just before \p Before.
Value *WaitBinding::getLevelBefore(unsigned Level, Instruction *Before) {
  BasicBlock *BB = Before->getParent();
  SmallVector<Instruction *, 4> Earlier;
  for (Instruction *Mark : MarksIn.lookup(BB))
    if (Mark->comesBefore(Before))
      Earlier.push_back(Mark);
  if (Level < Earlier.size())
    return Earlier[Earlier.size() - 1 - Level];
  return getLevelAtEntry(Level - Earlier.size(), BB);
}

void WaitBinding::bindWait(const AsyncOp &Wait, uint64_t N) {
  CallBase *Call = Wait.getCall();
  Value *Future = getLevelBefore(N, Call);
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
  New->setDebugLoc(Call->getDebugLoc());
  recordSpelling(*New, Wait, Wait.getWaitCountOperand()->getType(), N);
  ++NumWaitsBound;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncBindWaits: bound" << *Call << "\n  to" << *New
                         << "\n");
  ORE.emit([&] {
    UserSpelling User = getUserSpelling(Wait.getName());
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "WaitBound", Call)
           << User.Call << "(" << ore::NV("Count", N)
           << ") tied to the group it waits for, so that inlining a call "
              "that commits cannot change what it waits for";
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

/// Whether \p F uses queues, or will once the always_inline functions it
/// calls are inlined into it.
static bool usesQueuesOnceInlined(const Function &F,
                                  SmallPtrSetImpl<const Function *> &Visited) {
  if (!Visited.insert(&F).second)
    return false;
  if (usesAsyncQueues(F))
    return true;
  for (const Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && !Callee->isDeclaration() &&
          Callee->hasFnAttribute(Attribute::AlwaysInline) &&
          usesQueuesOnceInlined(*Callee, Visited))
        return true;
  return false;
}

static bool hasCountingWait(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    AsyncOp Op = AsyncOp::get(I);
    return Op.isWait() && Op.getWaitCountOperand();
  });
}

/// Whether the inliner may put \p F's body into a function that uses queues:
/// a caller that uses them, or a caller that may be inlined into one.
static bool mayBeInlinedIntoQueues(const Function &F) {
  SmallPtrSet<const Function *, 8> Callers, Visited;
  SmallVector<const Function *, 8> Worklist = {&F};
  while (!Worklist.empty()) {
    const Function *Callee = Worklist.pop_back_val();
    if (Callee != &F && Callee->hasFnAttribute(Attribute::NoInline))
      continue;
    for (const User *U : Callee->users()) {
      const auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledFunction() != Callee)
        continue;
      const Function *Caller = Call->getFunction();
      if (!Callers.insert(Caller).second)
        continue;
      Visited.clear();
      if (usesQueuesOnceInlined(*Caller, Visited))
        return true;
      Worklist.push_back(Caller);
    }
  }
  return false;
}

static PreservedAnalyses bindWaits(Function &F, FunctionAnalysisManager &AM) {
  if (!hasOwnMarkSequence(F) || callsAsyncFragment(F))
    return PreservedAnalyses::all();
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  if (usesAsyncQueues(F)) {
    // Binding follows one sequence of marks. A function with queues keeps
    // its counting waits and stays out of its callers, so that no caller's
    // wait counts its marks and none of its waits counts a caller's
    // (llvm/docs/AsyncPipeModel.rst, "Queues").
    if (F.hasFnAttribute(Attribute::NoInline))
      return PreservedAnalyses::all();
    F.addFnAttr(Attribute::NoInline);
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "QueuesNotInlined", &F)
             << "waits of a function that marks or waits on a queue other "
                "than 0 are not bound; the function is not inlined";
    });
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    return PA;
  }
  if (hasCountingWait(F) && mayBeInlinedIntoQueues(F)) {
    // Bound waits are futures, which a function with queues cannot hold
    // yet. Counting waits inlined there count the caller's marks of queue 0
    // too, older than the function's own: never weaker.
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "CallerUsesQueues", &F)
             << "waits not bound to their marks: the function may be "
                "inlined into one that marks or waits on a queue other "
                "than 0";
    });
    return PreservedAnalyses::all();
  }
  if (!WaitBinding(F, ORE).run())
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
