//===- AMDGPUTagAsyncDMA.cpp - Make async DMAs visible to machine passes --===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Machine passes see an LDS DMA only through its memory operands, and those
// point at the IR value of the LDS pointer operand. Giving every async DMA its
// own zero-offset getelementptr as that operand, tagged !asyncpipe.async, lets
// amdgpu-hide-async-dma and amdgpu-lower-async-waits recognize it after either
// instruction selector. It runs as the last IR pass because earlier codegen IR
// passes would fold the getelementptr away.
//
// It is also the last chance to stop an async call the lowering did not
// handle from reaching instruction selection, where it would become a call to
// an undefined function or a "Cannot select" crash.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncDMAState.h"
#include "AMDGPUAsyncMarkers.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/CodeGen/StackProtector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Pass.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::amdgpu;

namespace {

/// Operand index of the LDS pointer in every LDS DMA intrinsic.
constexpr unsigned LDSPointerOperand = 1;

void tagAsyncDMA(CallInst &DMA) {
  LLVMContext &Ctx = DMA.getContext();
  Value *LDSPtr = DMA.getArgOperand(LDSPointerOperand);
  auto *Tag = GetElementPtrInst::Create(
      Type::getInt8Ty(Ctx), LDSPtr,
      {ConstantInt::get(Type::getInt32Ty(Ctx), 0)},
      LDSPtr->getName() + ".async", DMA.getIterator());
  Tag->setMetadata(AsyncDMAMetadata, MDNode::get(Ctx, {}));
  DMA.setArgOperand(LDSPointerOperand, Tag);
}

// The plugin claims only the names it defines: an intrinsic LLVM 22 itself
// knows (gfx1250's global.load.async.to.lds.*, s.wait.asynccnt, ...) is
// compiled by the stock backend exactly as without the plugin.
bool isLeftOverAsyncCall(const CallBase &Call) {
  if (AsyncOp::get(Call))
    return true;
  const Function *Callee = Call.getCalledFunction();
  return Callee && Callee->getIntrinsicID() == Intrinsic::not_intrinsic &&
         isUnknownAsyncName(Callee->getName());
}

class AMDGPUTagAsyncDMA : public FunctionPass {
public:
  static char ID;
  AMDGPUTagAsyncDMA() : FunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU tag async DMA (AsyncPipe)";
  }
  /// It runs between stack-protector and instruction selection, which needs
  /// these analyses again: preserving them keeps the plugin from doubling
  /// their cost on every function. The CFG is untouched; the only new value is
  /// the getelementptr in front of its one user, the DMA in the same block,
  /// so it is never live across blocks, where selection asks UniformityInfo.
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AMDGPUAsyncDMAState>();
    AU.setPreservesCFG();
    AU.addPreserved<UniformityInfoWrapperPass>();
    AU.addPreserved<StackProtector>();
    AU.addPreserved<AAResultsWrapperPass>();
    AU.addPreserved<BasicAAWrapperPass>();
  }
  bool runOnFunction(Function &F) override {
    if (!getAnalysis<AMDGPUAsyncDMAState>().mayHaveAsyncOps())
      return false;
    SmallVector<CallInst *, 8> AsyncDMAs;
    SmallVector<CallBase *, 4> LeftOver;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (Call->getMetadata(AsyncDMAMetadata) && isa<CallInst>(Call))
        AsyncDMAs.push_back(cast<CallInst>(Call));
      else if (isLeftOverAsyncCall(*Call))
        LeftOver.push_back(Call);
    }
    for (CallInst *DMA : AsyncDMAs)
      tagAsyncDMA(*DMA);
    for (CallBase *Call : LeftOver) {
      reportAsyncError(*Call, "'" + Call->getCalledFunction()->getName() +
                                  "' cannot be compiled for AMDGPU by "
                                  "AsyncPipe (unknown async intrinsic)");
      Call->eraseFromParent();
    }
    return !AsyncDMAs.empty() || !LeftOver.empty();
  }
};
} // namespace

char AMDGPUTagAsyncDMA::ID = 0;

FunctionPass *llvm::createAMDGPUTagAsyncDMAPass() {
  return new AMDGPUTagAsyncDMA();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUTagAsyncDMA, "amdgpu-tag-async-dma",
                "AMDGPU tag async DMA (AsyncPipe)", false, false)
