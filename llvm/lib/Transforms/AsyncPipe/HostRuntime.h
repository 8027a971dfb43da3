//===- HostRuntime.h - The ABI of the AsyncPipe host runtime ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the plugin: the names and the source-site record of
// runtime/include/asyncpipe_rt.h, shared by the host AsyncTarget (which emits
// the runtime calls) and asyncpipe-sanitize (which emits the checks). Keep the
// two in sync.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_HOSTRUNTIME_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_HOSTRUNTIME_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugLoc.h"

namespace llvm {
class Constant;
class Function;
class Module;
class StructType;

namespace asyncpipe {
namespace hostrt {

inline constexpr StringLiteral EnterName = "__asyncpipe_rt_enter";
inline constexpr StringLiteral ExitName = "__asyncpipe_rt_exit";
inline constexpr StringLiteral CopyName = "__asyncpipe_rt_copy";
inline constexpr StringLiteral CopyZeroFillName = "__asyncpipe_rt_copy_zfill";
inline constexpr StringLiteral MarkName = "__asyncpipe_rt_mark";
inline constexpr StringLiteral WaitName = "__asyncpipe_rt_wait";
inline constexpr StringLiteral BarrierName = "__asyncpipe_rt_barrier";
/// Native NVPTX commit groups, one queue per thread (hardware semantics).
inline constexpr StringLiteral HardwareCommitName = "__asyncpipe_rt_hw_commit";
inline constexpr StringLiteral HardwareWaitName = "__asyncpipe_rt_hw_wait";
inline constexpr StringLiteral HardwareWaitAllName =
    "__asyncpipe_rt_hw_wait_all";
inline constexpr StringLiteral SanCopyName = "__asyncpipe_rt_san_copy";
inline constexpr StringLiteral SanCopyZeroFillName =
    "__asyncpipe_rt_san_copy_zfill";
inline constexpr StringLiteral SanExitName = "__asyncpipe_rt_san_exit";
inline constexpr StringLiteral SanLoadName = "__asyncpipe_rt_san_load";
inline constexpr StringLiteral SanStoreName = "__asyncpipe_rt_san_store";
/// uint64_t, read atomically: copies in flight in all threads.
inline constexpr StringLiteral SanPendingName = "__asyncpipe_rt_san_pending";

/// Builds `struct __asyncpipe_rt_site` constants ({file, function, line,
/// column}), one per distinct location and function, so that runtime reports
/// name source locations without reading debug info at run time.
class SiteTable {
public:
  /// Reuses the strings of sites already in \p M.
  explicit SiteTable(Module &M);

  /// The site of \p DL, or of \p F alone (no file, line 0) without one.
  Constant *get(const DebugLoc &DL, const Function &F);

private:
  Constant *getString(StringRef S);

  Module &M;
  StructType *SiteTy = nullptr;
  DenseMap<std::pair<const void *, const Function *>, Constant *> Sites;
  StringMap<Constant *> Strings;
};

} // namespace hostrt
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_HOSTRUNTIME_H
