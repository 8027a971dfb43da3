//===- AsyncTagRuntimeCounts.cpp - Remember run-time counts and sizes -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A wait count that is negative, or a zero-fill source size past the copy, is
// an error where the source writes it, and undefined only at run time where
// it is computed. Constant folding must not turn the second into the first:
// -O3 would then reject a program -O0 compiles. Call metadata survives cloning
// (unrolling, inlining), so a tag made before any optimization follows every
// clone of the call.
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

bool asyncpipe::hadRuntimeCount(const CallBase &Op) {
  return Op.getMetadata(RuntimeCountMetadata);
}

PreservedAnalyses AsyncTagRuntimeCountsPass::run(Function &F,
                                                 FunctionAnalysisManager &) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    Value *Count = Op.isWait()   ? Op.getWaitCountOperand()
                   : Op.isCopy() ? Op.getSourceSizeOperand()
                                 : nullptr;
    if (!Count || isa<ConstantInt>(Count) || hadRuntimeCount(*Op.getCall()))
      continue;
    I.setMetadata(RuntimeCountMetadata, MDNode::get(F.getContext(), {}));
    Changed = true;
  }
  // Metadata on calls is invisible to every analysis.
  return Changed ? PreservedAnalyses::allInSet<CFGAnalyses>()
                 : PreservedAnalyses::all();
}
