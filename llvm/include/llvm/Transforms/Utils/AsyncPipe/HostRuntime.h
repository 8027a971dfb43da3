//===- HostRuntime.h - The ABI of the AsyncPipe host runtime ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the plugin: the names and the source-site record of
// runtime/include/asyncpipe_rt.h, shared by the host AsyncTarget (which emits
// the runtime calls) and asyncpipe-sanitize (which emits the checks). The
// names come from runtime/include/asyncpipe_rt.def, the list the runtime's
// header is declared from.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_UTILS_ASYNCPIPE_HOSTRUNTIME_H
#define LLVM_TRANSFORMS_UTILS_ASYNCPIPE_HOSTRUNTIME_H

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

// The symbol names, from the list asyncpipe_rt.h declares the runtime with.
#define ASYNCPIPE_RT_FUNCTION(CXX_NAME, SYMBOL, RETURN_TYPE, PARAMETERS)       \
  inline constexpr StringLiteral CXX_NAME = #SYMBOL;
#define ASYNCPIPE_RT_VARIABLE(CXX_NAME, SYMBOL, TYPE)                          \
  inline constexpr StringLiteral CXX_NAME = #SYMBOL;
#include "asyncpipe_rt.def"

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

#endif // LLVM_TRANSFORMS_UTILS_ASYNCPIPE_HOSTRUNTIME_H
