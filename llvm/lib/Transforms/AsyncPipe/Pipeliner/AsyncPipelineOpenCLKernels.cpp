//===- AsyncPipelineOpenCLKernels.cpp - Kernels get their own bodies ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// An OpenCL kernel's loop with a barrier and a store that may alias an
// early copy's source is pipelined under a run-time check that the whole
// work group must evaluate alike, which holds for a kernel's arguments but
// not for the arguments of an ordinary function. clang 22 on NVPTX keeps
// the body of kernel `k` in `__clang_ocl_kern_imp_k`, an externally visible
// function that the kernel calls with its own arguments and that any other
// kernel (of this or another module) may call with values of its own; so
// the pipeliner cannot treat its arguments as the group's. Inlining the body
// into the kernel gives the kernel a body of its own, with its own
// arguments, exactly as clang emits it for AMDGPU; the callable copy stays
// for the other callers. Inlining preserves the program's meaning whatever
// the arguments are, so the only conditions are about when it is worth it:
// the body asks to be pipelined, and neither function is optnone (at -O0,
// where clang marks every function optnone and the pipeliner does not run,
// nothing changes).
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncPipelineOpenCLKernels.h"
#include "AsyncPipelineRequests.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace llvm::asyncpipe;

/// The call of \p Kernel to its OpenCL callable body, if that is what the
/// kernel is: clang's stub, whose only call is to `__clang_ocl_kern_imp_<k>`.
static CallInst *findBodyCall(Function &Kernel) {
  CallInst *Found = nullptr;
  for (BasicBlock &BB : Kernel)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isa<IntrinsicInst>(Call))
        continue;
      Function *Callee = Call->getCalledFunction();
      if (Found || !isa<CallInst>(Call) || !Callee ||
          Callee->getName() !=
              ("__clang_ocl_kern_imp_" + Kernel.getName()).str())
        return nullptr;
      Found = cast<CallInst>(Call);
    }
  return Found;
}

static bool asksForPipelining(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (opensPipelineRequest(I))
        return true;
  return false;
}

PreservedAnalyses AsyncPipelineOpenCLKernelsPass::run(Module &M,
                                                      ModuleAnalysisManager &) {
  SmallVector<CallInst *, 4> Calls;
  for (Function &Kernel : M) {
    if (Kernel.isDeclaration() || !isKernelEntry(Kernel) || Kernel.hasOptNone())
      continue;
    CallInst *Call = findBodyCall(Kernel);
    if (!Call)
      continue;
    Function *Body = Call->getCalledFunction();
    if (Body->isDeclaration() || Body->hasOptNone() ||
        Body->getFunctionType() != Call->getFunctionType() ||
        !asksForPipelining(*Body))
      continue;
    Calls.push_back(Call);
  }
  bool Changed = false;
  for (CallInst *Call : Calls) {
    InlineFunctionInfo IFI;
    Changed |= InlineFunction(*Call, IFI).isSuccess();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
