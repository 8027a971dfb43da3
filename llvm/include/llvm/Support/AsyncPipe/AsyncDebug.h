//===- AsyncDebug.h - Debug traces and statistics of AsyncPipe --*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Debug traces and statistics that work with the stock tools of a release
/// LLVM. Debian's LLVM is built without assertions and without statistics:
/// `-debug-only=` is an unknown option there and STATISTIC counters are
/// no-ops, so LLVM_DEBUG and STATISTIC alone would be dead code. These macros
/// keep their meaning and add a path that always works:
///
///   ASYNCPIPE_DEBUG(dbgs() << "...\n");
///     prints when `-asyncpipe-debug=<DEBUG_TYPE>[,...]` (or `all`) names the
///     file's DEBUG_TYPE, and also under `-debug`/`-debug-only=` where the
///     LLVM build and the plugin build have them (no NDEBUG).
///
///   ASYNCPIPE_STATISTIC(NumThings, "Number of things done");
///     a counter reported in LLVM's -stats format at exit, with
///     `-asyncpipe-stats`, or with LLVM's own `-stats` (which a release
///     libLLVM accepts but cannot print: its statistics are compiled out).
///
/// The debug types -asyncpipe-debug accepts are listed in PassRegistry.def
/// (ASYNCPIPE_DEBUG_TYPE); the plugin entry and asyncpipe-fuse register them
/// (registerDebugTypes).
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_SUPPORT_ASYNCPIPE_ASYNCDEBUG_H
#define LLVM_SUPPORT_ASYNCPIPE_ASYNCDEBUG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <cstdint>

namespace llvm {
namespace asyncpipe {

/// True if the traces of \p DebugType are to be printed.
bool isDebugEnabled(const char *DebugType);

/// Adds \p Types to the debug types -asyncpipe-debug accepts. The binary's
/// entry (the plugin, asyncpipe-fuse) registers those of PassRegistry.def
/// when it starts, before the command line is parsed.
void registerDebugTypes(ArrayRef<StringLiteral> Types);

/// A counter reported at exit under -asyncpipe-stats (or LLVM's -stats), in
/// LLVM's -stats format. Like llvm::TrackingStatistic it must be a global,
/// joins the report on its first increment, and is safe to bump from
/// several threads; unlike LLVM's, it counts in every LLVM build.
class Statistic {
public:
  const char *const DebugType;
  const char *const Name;
  const char *const Desc;

  constexpr Statistic(const char *DebugType, const char *Name, const char *Desc)
      : DebugType(DebugType), Name(Name), Desc(Desc), Value(0),
        Registered(false) {}

  uint64_t getValue() const { return Value.load(std::memory_order_relaxed); }

  Statistic &operator++() {
    add(1);
    return *this;
  }
  Statistic &operator+=(uint64_t N) {
    add(N);
    return *this;
  }

private:
  void add(uint64_t N) {
    if (!N)
      return;
    Value.fetch_add(N, std::memory_order_relaxed);
    if (!Registered.load(std::memory_order_acquire))
      registerStatistic();
  }
  void registerStatistic();

  std::atomic<uint64_t> Value;
  std::atomic<bool> Registered;
};

} // namespace asyncpipe
} // namespace llvm

/// Runs the statements (typically `dbgs() << ...`) if the file's DEBUG_TYPE
/// is being traced.
#define ASYNCPIPE_DEBUG(...)                                                   \
  do {                                                                         \
    if (::llvm::asyncpipe::isDebugEnabled(DEBUG_TYPE)) {                       \
      __VA_ARGS__;                                                             \
    }                                                                          \
  } while (false)

/// Defines a statistic named after the variable, under the file's DEBUG_TYPE.
#define ASYNCPIPE_STATISTIC(VARNAME, DESC)                                     \
  static ::llvm::asyncpipe::Statistic VARNAME = {DEBUG_TYPE, #VARNAME, DESC}

#endif // LLVM_SUPPORT_ASYNCPIPE_ASYNCDEBUG_H
