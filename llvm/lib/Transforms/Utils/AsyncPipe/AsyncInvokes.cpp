//===- AsyncInvokes.cpp - Invoked async operations become calls -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::asyncpipe;

bool asyncpipe::isInvokedAsyncOp(const Instruction &I) {
  const auto *Invoke = dyn_cast<InvokeInst>(&I);
  return Invoke && isAsyncCall(*Invoke);
}

bool asyncpipe::convertAsyncInvokesToCalls(Function &F) {
  // Only a terminator can be an invoke.
  SmallVector<InvokeInst *, 4> Invokes;
  for (BasicBlock &BB : F)
    if (isInvokedAsyncOp(*BB.getTerminator()))
      Invokes.push_back(cast<InvokeInst>(BB.getTerminator()));
  for (InvokeInst *Invoke : Invokes)
    changeToCall(Invoke);
  return !Invokes.empty();
}

bool asyncpipe::convertAsyncInvokesToCalls(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    Changed |= convertAsyncInvokesToCalls(F);
  return Changed;
}

bool asyncpipe::convertAsyncInvokesToCalls(Function &F,
                                           FunctionAnalysisManager &AM) {
  if (!convertAsyncInvokesToCalls(F))
    return false;
  AM.invalidate(F, PreservedAnalyses::none());
  return true;
}

bool asyncpipe::convertAsyncInvokesToCalls(Module &M,
                                           ModuleAnalysisManager &AM) {
  if (!convertAsyncInvokesToCalls(M))
    return false;
  AM.invalidate(M, PreservedAnalyses::none());
  return true;
}
