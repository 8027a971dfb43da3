//===- AMDGPUAsyncSubtarget.h - AMDGPU facts async passes need --*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Everything the AsyncPipe AMDGPU passes know about a GPU generation, in one
/// place: which LDS DMA forms and sizes exist, how s_waitcnt encodes vmcnt,
/// which instructions the vmcnt counter tracks.
///
/// libLLVM.so exports none of the AMDGPU backend's instruction-info API
/// (SIInstrInfo, GCNSubtarget, AMDGPUBaseInfo), only AMDGPU::getIsaVersion and
/// the generic MCInstrDesc. Instruction classes therefore come from
/// MCInstrDesc::TSFlags bits whose positions are a fact of the LLVM 22.1 ABI;
/// they are pinned below and checked against known opcodes once per process
/// before any pass relies on them (checkTSFlagPins), so that another libLLVM
/// gives an error, never wrong waits; -amdgpu-async-verify-tsflags reports
/// the check (llvm/test/CodeGen/AMDGPU/async-tsflags.ll).
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCSUBTARGET_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCSUBTARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/TargetParser/TargetParser.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MachineFunction;
class MachineInstr;
class TargetInstrInfo;

namespace asyncpipe {
namespace amdgpu {

/// TSFlags bit positions of AMDGPU instructions in LLVM 22.1.
namespace TSFlags {
constexpr uint64_t MUBUF = UINT64_C(1) << 17;
constexpr uint64_t MTBUF = UINT64_C(1) << 18;
constexpr uint64_t MIMG = UINT64_C(1) << 20;
constexpr uint64_t VIMAGE = UINT64_C(1) << 21;
constexpr uint64_t VSAMPLE = UINT64_C(1) << 22;
constexpr uint64_t FLAT = UINT64_C(1) << 24;
constexpr uint64_t VM_CNT = UINT64_C(1) << 32;
constexpr uint64_t LGKM_CNT = UINT64_C(1) << 34;
constexpr uint64_t FlatGlobal = UINT64_C(1) << 51;
constexpr uint64_t FlatScratch = UINT64_C(1) << 56;
constexpr uint64_t IsAtomicNoRet = UINT64_C(1) << 57;
constexpr uint64_t IsAtomicRet = UINT64_C(1) << 58;
} // namespace TSFlags

/// How an instruction affects the vmcnt counter, as far as the async passes
/// must know. Anything not surely counted is NotCounted: under-counting only
/// makes a computed wait stronger, over-counting would make it wrong.
enum class VmcntEvent : uint8_t {
  NotCounted,
  InOrder,    ///< Counted; returns in order with other InOrder events.
  OutOfOrder, ///< Counted; may return out of order (image/sampler access).
  LDSDMA,     ///< A DMA from global/buffer memory into LDS (InOrder).
};

/// The AMDGPU generation facts for one subtarget.
class AsyncSubtarget {
public:
  explicit AsyncSubtarget(StringRef CPU);

  const AMDGPU::IsaVersion &getIsaVersion() const { return Isa; }

  /// True if the generation has llvm.amdgcn.global.load.lds (GFX9, GFX10:
  /// stock LLVM 22 selects global_load_* ... lds on both).
  bool hasGlobalLoadLDS() const { return Isa.Major == 9 || Isa.Major == 10; }
  /// True if the generation has buffer loads into LDS (GFX9, GFX10).
  bool hasBufferLoadLDS() const { return Isa.Major == 9 || Isa.Major == 10; }
  /// True if the generation has any LDS DMA, so that an async DMA can be in
  /// flight at all (GFX11 and GFX12 have none: their waits need no count).
  bool hasLDSDMA() const { return hasGlobalLoadLDS() || hasBufferLoadLDS(); }
  /// True if the generation tracks its async copies between global memory
  /// and LDS on ASYNCcnt (gfx1250, gfx1251), waited for by s_wait_asynccnt.
  bool hasAsyncCnt() const { return Isa.Major == 12 && Isa.Minor == 5; }
  /// The largest count an s_wait_asynccnt can wait for (a 6-bit counter).
  unsigned getMaxAsynccnt() const { return 63; }
  /// True if the generation has the tensor DMA (tensor_load_to_lds,
  /// tensor_store_from_lds), counted on its own TENSORcnt and waited for by
  /// s_wait_tensorcnt, independently of ASYNCcnt (gfx1250, gfx1251).
  bool hasTensorCnt() const { return hasAsyncCnt(); }
  /// The largest count an s_wait_tensorcnt is given. LLVM 22 does not model
  /// TENSORcnt's width (its SIInsertWaitcnts computes no limit for it and
  /// never waits for it; s_wait_tensorcnt encodes its 16-bit immediate as
  /// written), so tensor waits are clamped like ASYNCcnt's: a smaller count
  /// is a stronger wait, correct whatever the width.
  unsigned getMaxTensorcnt() const { return 63; }
  /// True if an LDS DMA may move \p Bytes per lane.
  bool isLegalDMASize(uint64_t Bytes) const;
  /// The sizes isLegalDMASize accepts, for diagnostics ("1, 2 or 4").
  std::string describeLegalDMASizes() const;

  /// The largest vmcnt an s_waitcnt can wait for.
  unsigned getMaxVmcnt() const { return 63; }

  /// s_waitcnt immediate that waits for vmcnt <= \p Vmcnt and nothing else.
  unsigned encodeVmcntOnly(unsigned Vmcnt) const;
  /// \p Imm with its vmcnt field replaced by \p Vmcnt.
  unsigned replaceVmcnt(unsigned Imm, unsigned Vmcnt) const;
  /// The vmcnt field of an s_waitcnt immediate.
  unsigned decodeVmcnt(unsigned Imm) const;

  /// Classifies \p MI for the vmcnt counter from its TSFlags.
  VmcntEvent classifyVmcnt(const MachineInstr &MI) const;

private:
  AMDGPU::IsaVersion Isa;
};

/// The opcode called \p Name, if the target has one (an exact lookup).
std::optional<unsigned> findOpcode(const TargetInstrInfo &TII, StringRef Name);

/// Opcodes the passes create or must recognize, looked up once per function
/// by exact name (a lookup of two known opcodes, not a classification).
struct WaitcntOpcodes {
  explicit WaitcntOpcodes(const TargetInstrInfo &TII);
  std::optional<unsigned> Waitcnt;          ///< S_WAITCNT
  std::optional<unsigned> WaitcntSoft;      ///< S_WAITCNT_soft
  std::optional<unsigned> WaitAsynccnt;     ///< S_WAIT_ASYNCCNT
  std::optional<unsigned> WaitAsynccntSoft; ///< S_WAIT_ASYNCCNT_soft
  std::optional<unsigned> WaitTensorcnt;    ///< S_WAIT_TENSORCNT
  bool isWaitcnt(const MachineInstr &MI) const;
  bool isWaitAsynccnt(const MachineInstr &MI) const;
  bool isWaitTensorcnt(const MachineInstr &MI) const;
  /// How \p MI counts on ASYNCcnt (gfx1250): the async copies between
  /// global memory and LDS (GLOBAL_LOAD_ASYNC_TO_LDS_*,
  /// CLUSTER_LOAD_ASYNC_TO_LDS_*, GLOBAL_STORE_ASYNC_FROM_LDS_*) as LDSDMA,
  /// which retire in order; any other instruction that changes ASYNCcnt
  /// (DS_ATOMIC_ASYNC_BARRIER_ARRIVE_B64) as OutOfOrder.
  VmcntEvent classifyAsynccnt(const MachineInstr &MI) const;
  /// How \p MI counts on TENSORcnt (gfx1250): the tensor DMA
  /// (TENSOR_LOAD_TO_LDS*, TENSOR_STORE_FROM_LDS*) as LDSDMA, which retires
  /// in order; the other instructions that change TENSORcnt (TENSOR_SAVE,
  /// TENSOR_STOP), whose order with the DMA is not known, as OutOfOrder.
  VmcntEvent classifyTensorcnt(const MachineInstr &MI) const;

private:
  /// Indexed by opcode: 1 for an async copy, 2 for another ASYNCcnt event.
  std::vector<uint8_t> AsynccntKind;
  /// Indexed by opcode: 1 for a tensor DMA, 2 for another TENSORcnt event.
  std::vector<uint8_t> TensorcntKind;
};

/// Checks the pinned TSFlags against opcodes of known class; returns a
/// description of every mismatch, or an empty string.
std::string verifyTSFlagPins(const TargetInstrInfo &TII, unsigned &Checked);

/// Checks the pins against this libLLVM once per process, for every pass that
/// relies on them. On a mismatch it reports an error in \p MF naming the LLVM
/// version the plugin was built for (so the compilation fails instead of
/// emitting wrong waits) and returns false: the pass must then do nothing.
bool checkTSFlagPins(const MachineFunction &MF);

} // namespace amdgpu
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCSUBTARGET_H
