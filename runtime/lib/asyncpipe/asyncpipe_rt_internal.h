//===- asyncpipe_rt_internal.h - Shared by the runtime's files --*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// What the runtime's source files share: the configuration read from the
// environment (config.cpp), a pending copy, and the AsyncSan reports
// (asyncsan_report.cpp). The model itself is in asyncpipe_rt.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_RUNTIME_ASYNCPIPE_RT_INTERNAL_H
#define ASYNCPIPE_RUNTIME_ASYNCPIPE_RT_INTERNAL_H

#include "asyncpipe_rt.h"

#include <atomic>
#include <cstdint>
#include <mutex>

namespace asyncpipe_rt {

using Site = __asyncpipe_rt_site;

enum class Policy { Eager, Lazy, Random };

/// Queues an activation may mark and wait on: 0 to MaxQueues - 1
/// (AsyncPipe's MaxAsyncQueues).
constexpr unsigned MaxQueues = 8;

struct Config {
  Policy CompletionPolicy = Policy::Eager;
  uint64_t Seed = 1;
  bool ContinueAfterError = false;
};

/// ASYNCPIPE_POLICY, ASYNCPIPE_SEED and ASYNCPIPE_SAN_CONTINUE, read once;
/// an invalid value ends the process with a message.
const Config &getConfig();

struct PendingCopy {
  uint64_t Seq; // Issue order within the issuing thread.
  char *Dst;
  const char *Src;
  uint64_t Size;    // Bytes written to Dst.
  uint64_t SrcSize; // Bytes read from Src (<= Size); the rest is zero-filled.
  const Site *IssueSite;
  unsigned Thread; // The issuing thread's Id.
  /// An async store (shared to global memory), named so in reports; it
  /// completes like any copy.
  bool IsStore;
};

/// What an access is: the program's loads and stores, and the reads and
/// writes of an async copy or store checked at its issue.
enum class AccessKind {
  Load,
  Store,
  CopyRead,
  CopyWrite,
  AsyncStoreRead,
  AsyncStoreWrite
};

inline bool isWrite(AccessKind K) {
  return K == AccessKind::Store || K == AccessKind::CopyWrite ||
         K == AccessKind::AsyncStoreWrite;
}

/// Reports and warnings printed so far.
extern std::atomic<uint64_t> ReportCount;

/// Reports that \p Access of [P, +Size) at \p AccessSite in thread
/// \p AccessingThread overlaps the \p Overlapped range of the pending \p C.
/// Called with the state lock held in \p Lock; unless ASYNCPIPE_SAN_CONTINUE
/// is set, releases it and ends the process.
void reportRace(std::unique_lock<std::mutex> &Lock, const char *Kind,
                const char *Overlapped, AccessKind Access, const void *P,
                uint64_t Size, const Site *AccessSite, unsigned AccessingThread,
                const PendingCopy &C, unsigned IssuingThread);

/// Warns that \p Count copies, the first issued at \p FirstIssue, are still
/// pending at the activation's exit at \p ExitSite.
void reportPendingAtExit(uint64_t Count, const Site *ExitSite,
                         const Site *FirstIssue);

} // namespace asyncpipe_rt

#endif // ASYNCPIPE_RUNTIME_ASYNCPIPE_RT_INTERNAL_H
