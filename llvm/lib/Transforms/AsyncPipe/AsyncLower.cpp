//===- AsyncLower.cpp - Lower portable async calls to a target ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The portable headers emit one spelling for every target so that the
// middle-end passes and the user's source need no target switches. This pass
// is where that spelling meets the hardware: each call is replaced by what the
// module's AsyncTarget emits. Anything the target cannot express is reported
// at the call's location and removed, never passed on as an external call.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Transforms/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Transforms/AsyncPipe/AsyncOps.h"
#include "llvm/Transforms/AsyncPipe/AsyncTarget.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-lower"

namespace {

/// An upper bound on the marks a function's own sequence can hold, or none
/// when a mark sits in a cycle. Each mark outside cycles runs at most once per
/// activation, so their number bounds the outstanding marks at any wait.
std::optional<uint64_t> boundOutstandingMarks(Function &F) {
  uint64_t Marks = 0;
  for (scc_iterator<Function *> SCC = scc_begin(&F); !SCC.isAtEnd(); ++SCC) {
    uint64_t InSCC = 0;
    for (BasicBlock *BB : *SCC)
      for (Instruction &I : *BB)
        InSCC += AsyncOp::get(I).isMark();
    if (InSCC && SCC.hasCycle())
      return std::nullopt;
    Marks += InSCC;
  }
  return Marks;
}

class PortableLowering {
public:
  PortableLowering(Function &F, const AsyncTarget *Target,
                   OptimizationRemarkEmitter &ORE)
      : F(F), Target(Target), ORE(ORE) {}

  bool run();

private:
  void lowerCopy(const AsyncOp &Op);
  void lowerMark(const AsyncOp &Op);
  void lowerWait(const AsyncOp &Op);
  void lowerVariableWait(const AsyncOp &Op);
  /// Upper bound of the range of constant waits a run-time count selects
  /// among when the target needs constants.
  static constexpr uint64_t UnboundedWaitCases = 8;

  Function &F;
  const AsyncTarget *Target;
  OptimizationRemarkEmitter &ORE;
  std::optional<uint64_t> MarkBound;
};

bool PortableLowering::run() {
  SmallVector<AsyncOp, 16> Ops;
  for (Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I); Op && Op.getForm() == AsyncOpForm::Portable)
      Ops.push_back(Op);
  if (Ops.empty())
    return false;
  if (!Target) {
    for (const AsyncOp &Op : Ops) {
      reportAsyncError(*Op.getCall(),
                       Twine("'") + Op.getName() +
                           "' is not supported on target '" +
                           F.getParent()->getTargetTriple().str() + "'");
      Op.getCall()->eraseFromParent();
    }
    return true;
  }
  // Bound the marks before any is rewritten into a form the model may not
  // recognize (the host's runtime calls).
  MarkBound = boundOutstandingMarks(F);
  bool OwnsMarkSequence = false;
  for (const AsyncOp &Op : Ops) {
    OwnsMarkSequence |= !Op.isCopy();
    if (Op.isCopy())
      lowerCopy(Op);
    else if (Op.isMark())
      lowerMark(Op);
    else
      lowerWait(Op);
  }
  if (OwnsMarkSequence)
    Target->createActivationBounds(F);
  return true;
}

void PortableLowering::lowerCopy(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  std::optional<uint64_t> Size = Op.getCopySize();
  if (!Size) {
    reportAsyncError(*Call, "async copy size must be a compile-time constant");
  } else if (!Target->isLegalCopySize(*Size)) {
    reportAsyncError(*Call, Twine("async copy of ") + Twine(*Size) +
                                " bytes is not supported on " +
                                Target->getName());
  } else {
    IRBuilder<> B(Call);
    CallInst *New = Target->createCopy(B, Op.getSharedPointer(),
                                       Op.getGlobalPointer(), *Size);
    New->setDebugLoc(Call->getDebugLoc());
  }
  Call->eraseFromParent();
}

void PortableLowering::lowerMark(const AsyncOp &Op) {
  IRBuilder<> B(Op.getCall());
  Target->createMark(B)->setDebugLoc(Op.getCall()->getDebugLoc());
  Op.getCall()->eraseFromParent();
}

void PortableLowering::lowerWait(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  if (std::optional<uint64_t> N = Op.getConstantWaitCount()) {
    IRBuilder<> B(Call);
    Target->createWait(B, *N)->setDebugLoc(Call->getDebugLoc());
    Call->eraseFromParent();
    return;
  }
  lowerVariableWait(Op);
}

// A run-time count: the target either takes it as is, or gets a switch over
// the constant waits that can matter.
void PortableLowering::lowerVariableWait(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  Value *N = Op.getWaitCountOperand();
  IRBuilder<> B(Call);
  if (CallInst *New = Target->createVariableWait(B, N)) {
    New->setDebugLoc(Call->getDebugLoc());
    Call->eraseFromParent();
    return;
  }
  // With at most Bound marks outstanding, a count >= Bound waits for nothing;
  // without a bound, larger counts fall back to waiting for everything.
  std::optional<uint64_t> Bound = MarkBound;
  uint64_t Cases = Bound.value_or(UnboundedWaitCases);
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "VariableWaitCount", Call);
    R << "wait count is not a compile-time constant: selecting among "
      << ore::NV("Cases", Cases) << " constant waits";
    if (Bound)
      R << "; larger counts wait for nothing (at most "
        << ore::NV("MaxOutstanding", *Bound) << " marks outstanding)";
    else
      R << "; larger counts wait for all marks (marks in a loop)";
    return R;
  });
  DebugLoc DL = Call->getDebugLoc();
  BasicBlock *Head = Call->getParent();
  BasicBlock *Tail = SplitBlock(Head, Call);
  Head->getTerminator()->eraseFromParent();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Default = Tail;
  if (!Bound) {
    Default = BasicBlock::Create(Ctx, "asyncpipe.wait.all", &F, Tail);
    IRBuilder<> DB(Default);
    Target->createWait(DB, 0)->setDebugLoc(DL);
    DB.CreateBr(Tail);
  }
  IRBuilder<> HB(Head);
  SwitchInst *Switch = HB.CreateSwitch(N, Default, Cases);
  auto *CountTy = cast<IntegerType>(N->getType());
  for (uint64_t I = 0; I < Cases; ++I) {
    BasicBlock *Case =
        BasicBlock::Create(Ctx, "asyncpipe.wait." + Twine(I), &F, Tail);
    IRBuilder<> CB(Case);
    Target->createWait(CB, I)->setDebugLoc(DL);
    CB.CreateBr(Tail);
    Switch->addCase(ConstantInt::get(CountTy, I), Case);
  }
  Call->eraseFromParent();
}

bool lowerModule(Module &M,
                 function_ref<OptimizationRemarkEmitter &(Function &)> GetORE) {
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(M);
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= PortableLowering(F, Target.get(), GetORE(F)).run();
  // Drop the now unused portable declarations so none reaches codegen.
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() && F.getName().starts_with("asyncpipe."))
      F.eraseFromParent();
  return Changed;
}

class AsyncLowerLegacy : public ModulePass {
public:
  static char ID;
  AsyncLowerLegacy() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "AsyncPipe portable-call lowering";
  }
  bool runOnModule(Module &M) override {
    std::unique_ptr<OptimizationRemarkEmitter> ORE;
    return lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
      ORE = std::make_unique<OptimizationRemarkEmitter>(&F);
      return *ORE;
    });
  }
};
} // namespace

char AsyncLowerLegacy::ID = 0;

PreservedAnalyses AsyncLowerPass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
    return FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

ModulePass *llvm::createAsyncLowerLegacyPass() {
  return new AsyncLowerLegacy();
}
