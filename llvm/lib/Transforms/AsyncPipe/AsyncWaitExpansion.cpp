//===- AsyncWaitExpansion.cpp - Waits whose count is a run-time value -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncWaitExpansion.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/AsyncPipe/AsyncOps.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

/// How many constant waits the switch covers when the marks are unbounded.
static constexpr uint64_t UnboundedWaitCases = 8;

std::optional<uint64_t> asyncpipe::boundOutstandingMarks(Function &F) {
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

void asyncpipe::expandVariableWait(
    CallBase &Wait, Value *N, std::optional<uint64_t> Bound,
    function_ref<void(IRBuilderBase &, uint64_t)> EmitWait,
    OptimizationRemarkEmitter &ORE, const char *PassName) {
  uint64_t Cases = Bound.value_or(UnboundedWaitCases);
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(PassName, "VariableWaitCount", &Wait);
    R << "wait count is not a compile-time constant: selecting among "
      << ore::NV("Cases", Cases) << " constant waits";
    if (Bound)
      R << "; larger counts wait for nothing (at most "
        << ore::NV("MaxOutstanding", *Bound) << " marks outstanding)";
    else
      R << "; larger counts wait for all marks (marks in a loop)";
    return R;
  });
  Function &F = *Wait.getFunction();
  LLVMContext &Ctx = F.getContext();
  DebugLoc DL = Wait.getDebugLoc();
  BasicBlock *Head = Wait.getParent();
  BasicBlock *Tail = SplitBlock(Head, &Wait);
  Head->getTerminator()->eraseFromParent();
  auto AddWaitBlock = [&](const Twine &Name, uint64_t Count) {
    BasicBlock *BB = BasicBlock::Create(Ctx, Name, &F, Tail);
    IRBuilder<> B(BB);
    B.SetCurrentDebugLocation(DL);
    EmitWait(B, Count);
    B.CreateBr(Tail);
    return BB;
  };
  BasicBlock *Default =
      Bound ? Tail : AddWaitBlock("asyncpipe.wait.all", /*Count=*/0);
  IRBuilder<> HB(Head);
  SwitchInst *Switch = HB.CreateSwitch(N, Default, Cases);
  auto *CountTy = cast<IntegerType>(N->getType());
  for (uint64_t I = 0; I < Cases; ++I)
    Switch->addCase(ConstantInt::get(CountTy, I),
                    AddWaitBlock("asyncpipe.wait." + Twine(I), I));
  Wait.eraseFromParent();
}
