//===- AMDGPUAsyncMarkers.cpp - How async ops travel from IR to MIR -------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsyncMarkers.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

static constexpr StringLiteral MarkAsm = "; asyncmark";
static constexpr StringLiteral WaitAsm = "; wait_asyncmark($0)";
static constexpr StringLiteral WaitAsyncCntAsm =
    "; wait_asyncmark($0) asynccnt";
static constexpr StringLiteral WaitTensorCntAsm =
    "; wait_asyncmark($0) tensorcnt";

CallInst *asyncpipe::amdgpu::createMarkMarker(IRBuilderBase &B) {
  auto *Asm = InlineAsm::get(FunctionType::get(B.getVoidTy(), false), MarkAsm,
                             "", /*hasSideEffects=*/true);
  return B.CreateCall(Asm);
}

CallInst *asyncpipe::amdgpu::createWaitMarker(IRBuilderBase &B, unsigned N,
                                              std::optional<WaitOnlyOn> Only) {
  StringRef Text = !Only                           ? WaitAsm
                   : *Only == WaitOnlyOn::AsyncCnt ? WaitAsyncCntAsm
                                                   : WaitTensorCntAsm;
  auto *Asm = InlineAsm::get(
      FunctionType::get(B.getVoidTy(), {B.getInt32Ty()}, false), Text, "i",
      /*hasSideEffects=*/true);
  return B.CreateCall(Asm, {B.getInt32(N)});
}

std::optional<WaitOnlyOn>
asyncpipe::amdgpu::getWaitOnlyOn(const CallInst &Call) {
  const MDNode *Counters = Call.getMetadata(WaitCountersMD);
  if (!Counters || Counters->getNumOperands() != 1)
    return std::nullopt;
  const auto *Name = dyn_cast<MDString>(Counters->getOperand(0));
  if (!Name)
    return std::nullopt;
  if (Name->getString() == "asynccnt")
    return WaitOnlyOn::AsyncCnt;
  if (Name->getString() == "tensorcnt")
    return WaitOnlyOn::TensorCnt;
  return std::nullopt;
}

static StringRef getAsmString(const MachineInstr &MI) {
  if (!MI.isInlineAsm())
    return "";
  return MI.getOperand(InlineAsm::MIOp_AsmString).getSymbolName();
}

bool asyncpipe::amdgpu::isMarkMarker(const MachineInstr &MI) {
  return getAsmString(MI) == MarkAsm;
}

std::optional<WaitOnlyOn>
asyncpipe::amdgpu::getWaitMarkerOnlyOn(const MachineInstr &MI) {
  StringRef Text = getAsmString(MI);
  if (Text == WaitAsyncCntAsm)
    return WaitOnlyOn::AsyncCnt;
  if (Text == WaitTensorCntAsm)
    return WaitOnlyOn::TensorCnt;
  return std::nullopt;
}

std::optional<unsigned>
asyncpipe::amdgpu::getWaitMarkerCount(const MachineInstr &MI) {
  if (getAsmString(MI) != WaitAsm && !getWaitMarkerOnlyOn(MI))
    return std::nullopt;
  // The "i" operand is a flag word followed by the immediate itself.
  unsigned ValueIdx = InlineAsm::MIOp_FirstOperand + 1;
  if (ValueIdx >= MI.getNumOperands() || !MI.getOperand(ValueIdx).isImm())
    return std::nullopt;
  return MI.getOperand(ValueIdx).getImm();
}

bool asyncpipe::amdgpu::isTaggedAsyncDMA(const MachineInstr &MI) {
  for (const MachineMemOperand *MMO : MI.memoperands())
    if (auto *Tag = dyn_cast_or_null<Instruction>(MMO->getValue()))
      if (Tag->getMetadata(AsyncDMAMetadata))
        return true;
  return false;
}
