//===- AsyncConstantSwitch.cpp - Run-time operands as constants ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Some operands of a native copy or wait must be immediates (a wait count on
// AMDGPU and NVPTX, a zero-fill source size where a register costs more). A
// value known only at run time becomes a switch over the constants it can
// take, or a branch when it is a select between two constants.
//
//===----------------------------------------------------------------------===//

#include "AsyncLowerImpl.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncImmediateOperands.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::lowering;

namespace {
/// \p V as a select between two constants, or null.
SelectInst *asSelectOfConstants(Value *V) {
  auto *Select = dyn_cast<SelectInst>(V);
  if (Select && isa<ConstantInt>(Select->getTrueValue()) &&
      isa<ConstantInt>(Select->getFalseValue()))
    return Select;
  return nullptr;
}
} // namespace

PossibleValues lowering::getPossibleValues(Value *V, uint64_t Limit,
                                           const Instruction *Context) {
  PossibleValues Result;
  auto Add = [&](uint64_t Value) {
    if (Value >= Limit)
      Result.AlsoAtLeastLimit = true;
    else if (!is_contained(Result.Below, Value))
      Result.Below.push_back(Value);
  };
  // A select or phi of constants (the common `last ? 0 : 1`, or calls with
  // constant operands the optimizer merged) takes exactly those values.
  if (std::optional<SmallVector<uint64_t, 4>> Merged = getMergedConstants(V)) {
    for (uint64_t Value : *Merged)
      Add(Value);
    return Result;
  }
  // An empty range (of an undefined value, say) has no values to switch on.
  ConstantRange Known = computeConstantRangeIncludingKnownBits(
      V, /*ForSigned=*/false, SimplifyQuery(Context->getDataLayout(), Context));
  uint64_t First = Known.getUnsignedMin().getLimitedValue();
  uint64_t Last = Known.getUnsignedMax().getLimitedValue();
  for (uint64_t I = First; I <= Last && I < Limit; ++I)
    Result.Below.push_back(I);
  Result.AlsoAtLeastLimit = Last >= Limit || Result.Below.empty();
  return Result;
}

namespace {
/// \p V, frozen unless it is known to be well defined: the call it came from
/// accepted undef or poison, a branch on them is undefined behaviour.
Value *freezeForBranch(IRBuilderBase &B, Value *V) {
  if (isGuaranteedNotToBeUndefOrPoison(V))
    return V;
  return B.CreateFreeze(V, V->getName() + ".frozen");
}

/// Replaces \p Switch on \p Select, a select between two constants, by a
/// branch on the select's condition; codegen alone would materialize the
/// select and compare it.
void branchOnSelectCondition(SwitchInst &Switch, SelectInst &Select) {
  auto *TrueValue = cast<ConstantInt>(Select.getTrueValue());
  auto *FalseValue = cast<ConstantInt>(Select.getFalseValue());
  BasicBlock *IfTrue = Switch.findCaseValue(TrueValue)->getCaseSuccessor();
  BasicBlock *IfFalse = Switch.findCaseValue(FalseValue)->getCaseSuccessor();
  IRBuilder<> B(&Switch);
  B.CreateCondBr(freezeForBranch(B, Select.getCondition()), IfTrue, IfFalse);
  SmallPtrSet<BasicBlock *, 4> Kept = {IfTrue, IfFalse};
  for (BasicBlock *Succ : successors(Switch.getParent()))
    if (!Kept.contains(Succ))
      Succ->removePredecessor(Switch.getParent());
  Value *OldCondition = Switch.getCondition();
  Switch.eraseFromParent();
  if (OldCondition != &Select && OldCondition->use_empty())
    cast<Instruction>(OldCondition)->eraseFromParent();
}
} // namespace

/// Replaces \p Call by a switch on \p V whose case for each of \p Values
/// holds what \p EmitCase emits for it: the way to give an operand that must
/// be (or is best) an immediate a run-time value. Other values do nothing, go
/// to the last case, or run what \p EmitDefault emits.
void lowering::emitSwitchOnConstants(
    CallBase *Call, Value *V, ArrayRef<uint64_t> Values, StringRef Name,
    function_ref<void(IRBuilderBase &, uint64_t)> EmitCase,
    SwitchDefault Default, function_ref<void(IRBuilderBase &)> EmitDefault) {
  Function &F = *Call->getFunction();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Head = Call->getParent();
  BasicBlock *Tail = SplitBlock(Head, Call);
  Head->getTerminator()->eraseFromParent();
  BasicBlock *DefaultBlock = Tail;
  if (Default == SwitchDefault::Emit) {
    DefaultBlock = BasicBlock::Create(Ctx, Name + ".default", &F, Tail);
    IRBuilder<> DB(DefaultBlock);
    EmitDefault(DB);
    DB.CreateBr(Tail);
  }
  IRBuilder<> HB(Head);
  SwitchInst *Switch =
      HB.CreateSwitch(freezeForBranch(HB, V), DefaultBlock, Values.size());
  auto *Ty = cast<IntegerType>(V->getType());
  for (uint64_t Value : Values) {
    BasicBlock *Case =
        BasicBlock::Create(Ctx, Name + "." + Twine(Value), &F, Tail);
    IRBuilder<> CB(Case);
    EmitCase(CB, Value);
    CB.CreateBr(Tail);
    if (Default == SwitchDefault::LastCase && Value == Values.back())
      Switch->setDefaultDest(Case);
    else
      Switch->addCase(ConstantInt::get(Ty, Value), Case);
  }
  if (SelectInst *Select = asSelectOfConstants(V))
    branchOnSelectCondition(*Switch, *Select);
  Call->eraseFromParent();
}
