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
static constexpr StringLiteral QueueMarkAsm = "; asyncmark queue($0)";
static constexpr StringLiteral WaitAsm = "; wait_asyncmark($0)";
static constexpr StringLiteral AsyncCntSuffix = " asynccnt";
static constexpr StringLiteral TensorCntSuffix = " tensorcnt";
static constexpr StringLiteral QueueSuffix = " queue($1)";

CallInst *asyncpipe::amdgpu::createMarkMarker(IRBuilderBase &B,
                                              unsigned Queue) {
  if (Queue == 0) {
    auto *Asm = InlineAsm::get(FunctionType::get(B.getVoidTy(), false), MarkAsm,
                               "", /*hasSideEffects=*/true);
    return B.CreateCall(Asm);
  }
  auto *Asm =
      InlineAsm::get(FunctionType::get(B.getVoidTy(), {B.getInt32Ty()}, false),
                     QueueMarkAsm, "i", /*hasSideEffects=*/true);
  return B.CreateCall(Asm, {B.getInt32(Queue)});
}

CallInst *asyncpipe::amdgpu::createWaitMarker(IRBuilderBase &B, unsigned N,
                                              std::optional<WaitOnlyOn> Only,
                                              std::optional<unsigned> Queue) {
  std::string Text = WaitAsm.str();
  if (Only)
    Text += *Only == WaitOnlyOn::AsyncCnt ? AsyncCntSuffix : TensorCntSuffix;
  SmallVector<Type *, 2> Params = {B.getInt32Ty()};
  SmallVector<Value *, 2> Args = {B.getInt32(N)};
  if (Queue) {
    Text += QueueSuffix;
    Params.push_back(B.getInt32Ty());
    Args.push_back(B.getInt32(*Queue));
  }
  auto *Asm =
      InlineAsm::get(FunctionType::get(B.getVoidTy(), Params, false), Text,
                     Queue ? "i,i" : "i", /*hasSideEffects=*/true);
  return B.CreateCall(Asm, Args);
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

/// The \p K-th "i" operand of the inline asm \p MI: each is a flag word
/// followed by the immediate itself.
static std::optional<unsigned> getImmOperand(const MachineInstr &MI,
                                             unsigned K) {
  unsigned ValueIdx = InlineAsm::MIOp_FirstOperand + 2 * K + 1;
  if (ValueIdx >= MI.getNumOperands() || !MI.getOperand(ValueIdx).isImm())
    return std::nullopt;
  return MI.getOperand(ValueIdx).getImm();
}

std::optional<unsigned>
asyncpipe::amdgpu::getMarkMarkerQueue(const MachineInstr &MI) {
  StringRef Text = getAsmString(MI);
  if (Text == MarkAsm)
    return 0;
  if (Text == QueueMarkAsm)
    return getImmOperand(MI, 0);
  return std::nullopt;
}

std::optional<WaitMarker>
asyncpipe::amdgpu::getWaitMarker(const MachineInstr &MI) {
  StringRef Text = getAsmString(MI);
  if (!Text.consume_front(WaitAsm))
    return std::nullopt;
  WaitMarker Wait;
  if (Text.consume_front(AsyncCntSuffix))
    Wait.Only = WaitOnlyOn::AsyncCnt;
  else if (Text.consume_front(TensorCntSuffix))
    Wait.Only = WaitOnlyOn::TensorCnt;
  bool HasQueue = Text.consume_front(QueueSuffix);
  if (!Text.empty())
    return std::nullopt;
  std::optional<unsigned> N = getImmOperand(MI, 0);
  if (!N)
    return std::nullopt;
  Wait.N = *N;
  if (HasQueue) {
    Wait.Queue = getImmOperand(MI, 1);
    if (!Wait.Queue)
      return std::nullopt;
  }
  return Wait;
}

bool asyncpipe::amdgpu::isTaggedAsyncDMA(const MachineInstr &MI) {
  for (const MachineMemOperand *MMO : MI.memoperands())
    if (auto *Tag = dyn_cast_or_null<Instruction>(MMO->getValue()))
      if (Tag->getMetadata(AsyncDMAMetadata))
        return true;
  return false;
}
