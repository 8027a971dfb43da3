//===- AMDGPUAsyncMarkers.h - Async ops from IR to MIR ----------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The AMDGPU backend of LLVM 22 knows neither asyncmark nor async DMA, so the
/// AsyncPipe passes carry them through instruction selection in forms that
/// survive it unchanged, with SelectionDAG and GlobalISel alike:
///
/// * A mark or a wait becomes a side-effecting inline-asm comment,
///   "; asyncmark" or "; wait_asyncmark(N)". Memory operations are not moved
///   across it, and it stays in the assembly where the user wrote it.
/// * An async DMA becomes the non-async intrinsic, whose LDS pointer operand is
///   a zero-offset getelementptr carrying !asyncpipe.async. The DMA's LDS
///   memory operand points at that instruction, which is how machine passes
///   tell async DMAs from ordinary ones.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCMARKERS_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCMARKERS_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace llvm {
class CallInst;
class IRBuilderBase;
class MachineInstr;

namespace asyncpipe {
namespace amdgpu {

/// Metadata kind on an async DMA call and on its tagging getelementptr.
inline constexpr StringLiteral AsyncDMAMetadata = "asyncpipe.async";

/// Emits the marker of a mark.
CallInst *createMarkMarker(IRBuilderBase &B);
/// The one counter a wait of upstream's draft stage masks may be limited to
/// on gfx1250 (AMDGPUAsyncStages.h): ASYNCcnt, which counts the copies, or
/// TENSORcnt, which counts the tensor DMA.
enum class WaitOnlyOn { AsyncCnt, TensorCnt };

/// Emits the marker of a wait for at most \p N outstanding marks, of every
/// counter or only of \p Only ("; wait_asyncmark(N) asynccnt").
CallInst *createWaitMarker(IRBuilderBase &B, unsigned N,
                           std::optional<WaitOnlyOn> Only = std::nullopt);
/// The counter the wait \p Call (llvm.amdgcn.wait.asyncmark) is limited to
/// by its !asyncpipe.wait.counters, if any.
std::optional<WaitOnlyOn> getWaitOnlyOn(const CallInst &Call);

/// True if \p MI is the marker of a mark.
bool isMarkMarker(const MachineInstr &MI);
/// N if \p MI is the marker of a wait.
std::optional<unsigned> getWaitMarkerCount(const MachineInstr &MI);
/// The counter the wait marker \p MI is limited to, if any.
std::optional<WaitOnlyOn> getWaitMarkerOnlyOn(const MachineInstr &MI);
/// True if \p MI is an LDS DMA that came from an async DMA.
bool isTaggedAsyncDMA(const MachineInstr &MI);

} // namespace amdgpu
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCMARKERS_H
