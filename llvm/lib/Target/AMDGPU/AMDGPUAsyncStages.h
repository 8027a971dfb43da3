//===- AMDGPUAsyncStages.h - Upstream's draft asyncmark stages --*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The stage masks of upstream's *draft* asyncmark stages (llvm-project PR
/// #220442, open and still under discussion; llvm/docs/AsyncPipeAMDGPU.rst,
/// "Stage masks"): what each bit of the i32 mask operand of
/// llvm.amdgcn.asyncmark(i32 K) and llvm.amdgcn.wait.asyncmark(i16 N, i32 K)
/// means, and which stages have operations on a given generation.
///
/// The encoding is provisional: it follows the PR's current draft, where a
/// set bit leaves its stage out (a mark "omits" it, a wait "ignores" it), so
/// that the mask 0 covers every stage and is what the one-operand forms mean.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCSTAGES_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCSTAGES_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace llvm {
namespace asyncpipe {
namespace amdgpu {
class AsyncSubtarget;

/// The bit of each stage in a stage mask. The numbers are part of the IR.
enum AsyncStageBit : unsigned {
  /// Tensor DMA to and from LDS (gfx1250: TENSORcnt).
  TensorStage = 0,
  /// gfx1250's async global loads to LDS (ASYNCcnt).
  GlobalLoadAsyncToLDSStage = 1,
  /// gfx1250's multicast (cluster) loads to LDS (ASYNCcnt).
  GlobalLoadAsyncToLDSMulticastStage = 2,
  /// gfx1250's async global stores from LDS (ASYNCcnt).
  GlobalStoreAsyncFromLDSStage = 3,
  /// Buffer loads to LDS and the global loads to LDS before gfx1250, the
  /// LDS DMA of gfx9 and gfx10 (vmcnt).
  BufferGlobalLoadStage = 5,
};

/// The bits a mask may set: the defined stages and the reserved ones (4 and
/// 6 to 10). Leaving out a reserved stage is harmless, since no operation
/// belongs to it yet; any higher bit names nothing.
constexpr uint32_t StageMaskBits = (uint32_t(1) << 11) - 1;

/// The stages that have operations in the draft.
constexpr uint32_t DefinedStages =
    (1u << TensorStage) | (1u << GlobalLoadAsyncToLDSStage) |
    (1u << GlobalLoadAsyncToLDSMulticastStage) |
    (1u << GlobalStoreAsyncFromLDSStage) | (1u << BufferGlobalLoadStage);

/// The stages gfx1250 counts on ASYNCcnt, and the one it counts on
/// TENSORcnt: the two counters retire independently.
constexpr uint32_t AsyncCntStages = (1u << GlobalLoadAsyncToLDSStage) |
                                    (1u << GlobalLoadAsyncToLDSMulticastStage) |
                                    (1u << GlobalStoreAsyncFromLDSStage);
constexpr uint32_t TensorCntStages = 1u << TensorStage;

/// The defined stages a mask operand \p Mask leaves in (covers).
constexpr uint32_t getCoveredStages(uint32_t Mask) {
  return ~Mask & DefinedStages;
}

/// The stages whose operations the generation of \p ST has, each counted on
/// one hardware counter: BufferGlobalLoad on vmcnt (gfx9, gfx10), the three
/// gfx1250 copy stages on ASYNCcnt and Tensor on TENSORcnt (gfx1250). None
/// elsewhere.
uint32_t getStagesWithOperations(const AsyncSubtarget &ST);

/// The upstream names of the stages in \p Stages, joined by '|'
/// ("TENSOR|GLOBAL_LOAD_ASYNC_TO_LDS"), or "no stage".
std::string describeStages(uint32_t Stages);

} // namespace amdgpu
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCSTAGES_H
