//===- asyncsan_report.cpp - What AsyncSan prints -------------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "asyncpipe_rt_internal.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>

using namespace asyncpipe_rt;

std::atomic<uint64_t> asyncpipe_rt::ReportCount{0};

namespace {

void printSite(const Site *S) {
  if (!S) {
    std::fprintf(stderr, "<unknown location>");
    return;
  }
  std::fprintf(stderr, "%s:%" PRIu32 ":%" PRIu32 " in '%s'",
               S->file ? S->file : "<unknown file>", S->line, S->column,
               S->function ? S->function : "<unknown function>");
}

const char *describeAccess(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::CopyRead:
    return "async copy read";
  case AccessKind::CopyWrite:
    return "async copy write";
  case AccessKind::AsyncStoreRead:
    return "async store read";
  case AccessKind::AsyncStoreWrite:
    return "async store write";
  }
  return "access";
}

} // namespace

void asyncpipe_rt::reportRace(std::unique_lock<std::mutex> &Lock,
                              const char *Kind, const char *Overlapped,
                              AccessKind Access, const void *P, uint64_t Size,
                              const Site *AccessSite, unsigned AccessingThread,
                              const PendingCopy &C, unsigned IssuingThread) {
  ++ReportCount;
  std::fflush(stdout);
  std::fprintf(stderr, "==AsyncSan== ERROR: %s: %s of %" PRIu64 " bytes at ",
               Kind, describeAccess(Access), Size);
  printSite(AccessSite);
  const char *What = C.IsStore ? "store" : "copy";
  std::fprintf(stderr, " overlaps the %s of a pending async %s\n", Overlapped,
               What);
  std::fprintf(stderr,
               "==AsyncSan==   accessed [%p, +%" PRIu64 ") in thread T%u\n", P,
               Size, AccessingThread);
  std::fprintf(stderr,
               "==AsyncSan==   the %s of %" PRIu64
               " bytes (%p -> %p) was issued at ",
               What, C.Size, static_cast<const void *>(C.Src),
               static_cast<void *>(C.Dst));
  printSite(C.IssueSite);
  std::fprintf(stderr, " in thread T%u; no wait has completed it yet\n",
               IssuingThread);
  if (getConfig().ContinueAfterError)
    return;
  std::fprintf(stderr, "==AsyncSan== aborting (set ASYNCPIPE_SAN_CONTINUE=1 "
                       "to continue after errors)\n");
  Lock.unlock();
  std::fflush(stderr);
  std::_Exit(1);
}

void asyncpipe_rt::reportPendingAtExit(uint64_t Count, const Site *ExitSite,
                                       const Site *FirstIssue) {
  ++ReportCount;
  std::fflush(stdout);
  std::fprintf(stderr,
               "==AsyncSan== WARNING: pending-at-exit: %" PRIu64
               " async copies issued in this activation are still pending at "
               "its exit at ",
               Count);
  printSite(ExitSite);
  std::fprintf(stderr, " with no covering wait\n==AsyncSan==   the first was "
                       "issued at ");
  printSite(FirstIssue);
  std::fprintf(stderr, "\n");
}
