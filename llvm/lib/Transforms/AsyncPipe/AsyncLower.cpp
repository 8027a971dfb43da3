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
#include "llvm/Transforms/AsyncPipe/AsyncWaitExpansion.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-lower"

namespace {

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
  for (const AsyncOp &Op : Ops) {
    if (Op.isCopy())
      lowerCopy(Op);
    else if (Op.isMark())
      lowerMark(Op);
    else
      lowerWait(Op);
  }
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
  expandVariableWait(
      *Call, N, MarkBound,
      [&](IRBuilderBase &WB, uint64_t Count) { Target->createWait(WB, Count); },
      ORE, DEBUG_TYPE);
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
