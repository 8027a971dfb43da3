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
///   across it, and it stays in the assembly where the user wrote it. In a
///   function that uses AsyncPipe queues, a mark of queue Q > 0 is
///   "; asyncmark queue(Q)" and a wait of queue Q (0 included) is
///   "; wait_asyncmark(N) queue(Q)": amdgpu-lower-async-waits computes the
///   combined count of such a wait on the machine CFG, the one the checker
///   reads. A plain mark is queue 0's; a plain wait counts every queue's
///   marks.
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

/// Emits the marker of a mark of queue \p Queue (0: the plain mark).
CallInst *createMarkMarker(IRBuilderBase &B, unsigned Queue = 0);
/// The one counter a wait of upstream's draft stage masks may be limited to
/// on gfx1250 (AMDGPUAsyncStages.h): ASYNCcnt, which counts the copies, or
/// TENSORcnt, which counts the tensor DMA.
enum class WaitOnlyOn { AsyncCnt, TensorCnt };

/// Emits the marker of a wait for at most \p N outstanding marks, of every
/// counter or only of \p Only ("; wait_asyncmark(N) asynccnt"), of every
/// queue or only of \p Queue ("; wait_asyncmark(N) queue(Q)").
CallInst *createWaitMarker(IRBuilderBase &B, unsigned N,
                           std::optional<WaitOnlyOn> Only = std::nullopt,
                           std::optional<unsigned> Queue = std::nullopt);
/// The counter the wait \p Call (llvm.amdgcn.wait.asyncmark) is limited to
/// by its !asyncpipe.wait.counters, if any.
std::optional<WaitOnlyOn> getWaitOnlyOn(const CallInst &Call);

/// The queue of \p MI if it is the marker of a mark (0 for a plain mark).
std::optional<unsigned> getMarkMarkerQueue(const MachineInstr &MI);
/// True if \p MI is the marker of a mark, of any queue.
inline bool isMarkMarker(const MachineInstr &MI) {
  return getMarkMarkerQueue(MI).has_value();
}
/// What the marker of a wait says.
struct WaitMarker {
  /// At most N outstanding marks.
  unsigned N = 0;
  /// The counter the wait is limited to, if any.
  std::optional<WaitOnlyOn> Only;
  /// The queue whose marks it counts, or none if it counts every queue's.
  std::optional<unsigned> Queue;
};
/// The wait \p MI is the marker of, if it is one.
std::optional<WaitMarker> getWaitMarker(const MachineInstr &MI);
/// True if \p MI is an LDS DMA that came from an async DMA.
bool isTaggedAsyncDMA(const MachineInstr &MI);

} // namespace amdgpu
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCMARKERS_H
