//===- AsyncTagRuntimeCounts.cpp - Remember run-time wait counts ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A wait count that is negative is an error where the source writes it, and
// the documented run-time behaviour where it is computed. Constant folding
// must not turn the second into the first: -O3 would then reject a program
// -O0 compiles. Call metadata survives cloning (unrolling, inlining), so a
// tag made before any optimization follows every copy of the wait.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncTagRuntimeCounts.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;
using namespace llvm::asyncpipe;

bool asyncpipe::hadRuntimeCount(const CallBase &Wait) {
  return Wait.getMetadata(RuntimeCountMetadata);
}

PreservedAnalyses AsyncTagRuntimeCountsPass::run(Function &F,
                                                 FunctionAnalysisManager &) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    AsyncOp Wait = AsyncOp::get(I);
    Value *Count = Wait.isWait() ? Wait.getWaitCountOperand() : nullptr;
    if (!Count || isa<ConstantInt>(Count) || hadRuntimeCount(*Wait.getCall()))
      continue;
    I.setMetadata(RuntimeCountMetadata, MDNode::get(F.getContext(), {}));
    Changed = true;
  }
  // Metadata on calls is invisible to every analysis.
  return Changed ? PreservedAnalyses::allInSet<CFGAnalyses>()
                 : PreservedAnalyses::all();
}
