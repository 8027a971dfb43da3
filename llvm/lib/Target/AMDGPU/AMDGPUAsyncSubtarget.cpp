//===- AMDGPUAsyncSubtarget.cpp - AMDGPU facts the async passes need ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsyncSubtarget.h"
#include "llvm/ADT/Twine.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

AsyncSubtarget::AsyncSubtarget(StringRef CPU)
    : Isa(AMDGPU::getIsaVersion(CPU)) {}

// GFX950 added the 96- and 128-bit forms.
bool AsyncSubtarget::isLegalDMASize(uint64_t Bytes) const {
  if (Bytes == 1 || Bytes == 2 || Bytes == 4)
    return true;
  bool IsGFX950 = Isa.Major == 9 && Isa.Minor == 5;
  return IsGFX950 && (Bytes == 12 || Bytes == 16);
}

std::string AsyncSubtarget::describeLegalDMASizes() const {
  // The fix: the generations that move the other sizes (gfx1250's async
  // copies, which the portable copy becomes there, move 1, 4, 8 or 16).
  return isLegalDMASize(16) ? "1, 2, 4, 12 or 16 (8 needs gfx1250)"
                            : "1, 2 or 4 (16 needs gfx950 or gfx1250, 12 "
                              "gfx950, 8 gfx1250)";
}

// vmcnt is 6 bits on every generation with LDS DMA. Up to GFX10 its low four
// bits are [3:0] and its high two [15:14]; GFX11 moved it to [15:10]. The
// other fields are set to "no wait": expcnt 7, lgkmcnt all ones.
unsigned AsyncSubtarget::encodeVmcntOnly(unsigned Vmcnt) const {
  unsigned NoOtherWait = Isa.Major >= 11   ? 0x03F7
                         : Isa.Major == 10 ? 0x3F70
                                           : 0x0F70;
  return replaceVmcnt(NoOtherWait, Vmcnt);
}

unsigned AsyncSubtarget::replaceVmcnt(unsigned Imm, unsigned Vmcnt) const {
  Vmcnt = std::min(Vmcnt, getMaxVmcnt());
  if (Isa.Major >= 11)
    return (Imm & ~(0x3Fu << 10)) | (Vmcnt << 10);
  return (Imm & ~(0xFu | (0x3u << 14))) | (Vmcnt & 0xF) | ((Vmcnt >> 4) << 14);
}

unsigned AsyncSubtarget::decodeVmcnt(unsigned Imm) const {
  if (Isa.Major >= 11)
    return (Imm >> 10) & 0x3F;
  return (Imm & 0xF) | (((Imm >> 14) & 0x3) << 4);
}

VmcntEvent AsyncSubtarget::classifyVmcnt(const MachineInstr &MI) const {
  uint64_t Flags = MI.getDesc().TSFlags;
  if (!(Flags & TSFlags::VM_CNT) || MI.isInlineAsm() ||
      (!MI.mayLoad() && !MI.mayStore()))
    return VmcntEvent::NotCounted;
  // A flat access may go to LDS instead, and then vmcnt does not count it.
  if ((Flags & TSFlags::FLAT) &&
      !(Flags & (TSFlags::FlatGlobal | TSFlags::FlatScratch)))
    return VmcntEvent::NotCounted;
  bool IsAtomic = Flags & (TSFlags::IsAtomicNoRet | TSFlags::IsAtomicRet);
  if (MI.mayLoad() && MI.mayStore() && !IsAtomic && (Flags & TSFlags::LGKM_CNT))
    return VmcntEvent::LDSDMA;
  // GFX10 moved stores and returnless atomics to their own counter, vscnt.
  if (Isa.Major >= 10 &&
      ((Flags & TSFlags::IsAtomicNoRet) || (MI.mayStore() && !MI.mayLoad())))
    return VmcntEvent::NotCounted;
  if (Flags & (TSFlags::MIMG | TSFlags::VIMAGE | TSFlags::VSAMPLE))
    return VmcntEvent::OutOfOrder;
  return VmcntEvent::InOrder;
}

std::optional<unsigned>
asyncpipe::amdgpu::findOpcode(const TargetInstrInfo &TII, StringRef Name) {
  for (unsigned Op = 0, E = TII.getNumOpcodes(); Op != E; ++Op)
    if (TII.getName(Op) == Name)
      return Op;
  return std::nullopt;
}

WaitcntOpcodes::WaitcntOpcodes(const TargetInstrInfo &TII)
    : Waitcnt(findOpcode(TII, "S_WAITCNT")),
      WaitcntSoft(findOpcode(TII, "S_WAITCNT_soft")),
      WaitAsynccnt(findOpcode(TII, "S_WAIT_ASYNCCNT")),
      WaitAsynccntSoft(findOpcode(TII, "S_WAIT_ASYNCCNT_soft")),
      WaitTensorcnt(findOpcode(TII, "S_WAIT_TENSORCNT")) {
  // Every encoding variant (_SADDR, _D2, _gfx1250, ...) of the named
  // families.
  AsynccntKind.assign(TII.getNumOpcodes(), 0);
  TensorcntKind.assign(TII.getNumOpcodes(), 0);
  for (unsigned Op = 0, E = TII.getNumOpcodes(); Op != E; ++Op) {
    StringRef Name = TII.getName(Op);
    if (Name.starts_with("GLOBAL_LOAD_ASYNC_TO_LDS_") ||
        Name.starts_with("CLUSTER_LOAD_ASYNC_TO_LDS_") ||
        Name.starts_with("GLOBAL_STORE_ASYNC_FROM_LDS_"))
      AsynccntKind[Op] = 1;
    else if (Name.starts_with("DS_ATOMIC_ASYNC_BARRIER_ARRIVE"))
      AsynccntKind[Op] = 2;
    else if (Name.starts_with("TENSOR_LOAD_TO_LDS") ||
             Name.starts_with("TENSOR_STORE_FROM_LDS"))
      TensorcntKind[Op] = 1;
    else if (Name.starts_with("TENSOR_SAVE") || Name.starts_with("TENSOR_STOP"))
      TensorcntKind[Op] = 2;
  }
}

bool WaitcntOpcodes::isWaitcnt(const MachineInstr &MI) const {
  return MI.getOpcode() == Waitcnt || MI.getOpcode() == WaitcntSoft;
}

bool WaitcntOpcodes::isWaitAsynccnt(const MachineInstr &MI) const {
  return MI.getOpcode() == WaitAsynccnt || MI.getOpcode() == WaitAsynccntSoft;
}

bool WaitcntOpcodes::isWaitTensorcnt(const MachineInstr &MI) const {
  return WaitTensorcnt && MI.getOpcode() == *WaitTensorcnt;
}

static VmcntEvent classifyByKind(const std::vector<uint8_t> &Kinds,
                                 const MachineInstr &MI) {
  unsigned Op = MI.getOpcode();
  if (Op >= Kinds.size() || !Kinds[Op])
    return VmcntEvent::NotCounted;
  return Kinds[Op] == 1 ? VmcntEvent::LDSDMA : VmcntEvent::OutOfOrder;
}

VmcntEvent WaitcntOpcodes::classifyAsynccnt(const MachineInstr &MI) const {
  return classifyByKind(AsynccntKind, MI);
}

VmcntEvent WaitcntOpcodes::classifyTensorcnt(const MachineInstr &MI) const {
  return classifyByKind(TensorcntKind, MI);
}

std::string asyncpipe::amdgpu::verifyTSFlagPins(const TargetInstrInfo &TII,
                                                unsigned &Checked) {
  using namespace TSFlags;
  struct Expectation {
    StringRef Opcode;
    uint64_t Set, Clear;
  };
  const Expectation Expectations[] = {
      {"BUFFER_LOAD_DWORD_OFFSET", MUBUF | VM_CNT, FLAT | LGKM_CNT},
      {"TBUFFER_LOAD_FORMAT_X_OFFSET", MTBUF | VM_CNT, MUBUF | FLAT},
      {"GLOBAL_LOAD_DWORD", FLAT | FlatGlobal | VM_CNT, LGKM_CNT | FlatScratch},
      {"SCRATCH_LOAD_DWORD", FLAT | FlatScratch | VM_CNT, FlatGlobal},
      {"FLAT_LOAD_DWORD", FLAT | VM_CNT | LGKM_CNT, FlatGlobal | FlatScratch},
      {"DS_READ_B32", LGKM_CNT, VM_CNT | FLAT | MUBUF},
      {"IMAGE_LOAD_V1_V1", MIMG | VM_CNT, FLAT | MUBUF},
      {"IMAGE_ATOMIC_ADD_FLT_NORTN_V1_V1_gfx12", VIMAGE | VM_CNT, MIMG},
      {"IMAGE_GATHER4H_V2_V1_gfx12", VSAMPLE | VM_CNT, MIMG},
      {"GLOBAL_LOAD_LDS_DWORD", FLAT | FlatGlobal | VM_CNT | LGKM_CNT,
       IsAtomicRet | IsAtomicNoRet},
      {"BUFFER_LOAD_DWORD_LDS_OFFSET", MUBUF | VM_CNT | LGKM_CNT,
       IsAtomicRet | IsAtomicNoRet},
      {"GLOBAL_ATOMIC_ADD", FlatGlobal | IsAtomicNoRet, IsAtomicRet},
      {"GLOBAL_ATOMIC_ADD_RTN", FlatGlobal | IsAtomicRet, IsAtomicNoRet},
  };
  std::string Mismatches;
  Checked = 0;
  for (const Expectation &E : Expectations) {
    std::optional<unsigned> Op = findOpcode(TII, E.Opcode);
    if (!Op) {
      Mismatches += ("missing opcode " + E.Opcode + "; ").str();
      continue;
    }
    uint64_t Flags = TII.get(*Op).TSFlags;
    if ((Flags & E.Set) != E.Set || (Flags & E.Clear))
      Mismatches +=
          (E.Opcode + " has TSFlags 0x" + Twine::utohexstr(Flags) + "; ").str();
    ++Checked;
  }
  return Mismatches;
}

static cl::opt<bool> TSFlagsMismatchForTesting(
    "amdgpu-async-tsflags-mismatch-for-testing", cl::init(false), cl::Hidden,
    cl::desc("Treat AsyncPipe's TSFlags pins as not matching this LLVM, to "
             "test the error"));

bool asyncpipe::amdgpu::checkTSFlagPins(const MachineFunction &MF) {
  // Every AMDGPU subtarget shares one opcode table, so one check per process
  // answers for all; a function-local static makes it thread-safe.
  static const std::string Mismatches = [&] {
    unsigned Checked = 0;
    std::string Found =
        verifyTSFlagPins(*MF.getSubtarget().getInstrInfo(), Checked);
    if (TSFlagsMismatchForTesting)
      Found += "(forced by -amdgpu-async-tsflags-mismatch-for-testing)";
    return Found;
  }();
  if (Mismatches.empty())
    return true;
  // An error, not report_fatal_error: clang would print it as a crash.
  MF.getFunction().getContext().diagnose(DiagnosticInfoGeneric(
      "AsyncPipe was built for LLVM " LLVM_VERSION_STRING
      ", and the AMDGPU instruction flags (TSFlags) of the LLVM it is loaded "
      "into differ from those it relies on: " +
          Twine(Mismatches) +
          "; rebuild AsyncPipe against this LLVM (its AMDGPU waits would be "
          "wrong)",
      DS_Error));
  return false;
}
