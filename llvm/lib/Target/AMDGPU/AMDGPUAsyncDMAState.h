//===- AMDGPUAsyncDMAState.h - DMA operands hidden from waitcnt -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// amdgpu-hide-async-dma rewrites memory operands for the stock
/// si-insert-waitcnts only; amdgpu-lower-async-waits puts the originals back
/// right after it. The originals wait here in between. It is an immutable pass
/// so that it lives exactly as long as one codegen pipeline: no process-wide
/// state, and independent compilations on other threads share nothing.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCDMASTATE_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCDMASTATE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Pass.h"
#include <optional>

namespace llvm {
class MachineInstr;
class MachineMemOperand;

class AMDGPUAsyncDMAState : public ImmutablePass {
public:
  static char ID;
  AMDGPUAsyncDMAState();

  /// The memory operands \p MI had before they were rewritten.
  DenseMap<const MachineInstr *, SmallVector<MachineMemOperand *, 2>>
      SavedMemOperands;

  /// Whether the module may hold async operations or recorded waits, as
  /// the first plugin pass of the codegen pipeline saw it: the
  /// lowering then erases the declarations moduleMayHaveAsyncOps looks for.
  /// Unset when the pipeline started later (-start-after, MIR input).
  std::optional<bool> ModuleMayHaveAsyncOps;

  /// False only if the module is known to hold nothing for the plugin's
  /// codegen passes, which then return before looking at any instruction.
  bool mayHaveAsyncOps() const { return ModuleMayHaveAsyncOps.value_or(true); }
};

} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCDMASTATE_H
