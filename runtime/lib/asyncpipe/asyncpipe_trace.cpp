//===- asyncpipe_trace.cpp - Event trace of the host runtime --------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The trace format is line-oriented text, one event a line, in the order the
// events happened (a lock orders the threads' lines):
//
//   <event> <nanoseconds since the first event> <thread> <copy> <value>
//
// See asyncpipe_trace.h for the events. Copies are numbered per thread from
// 1 in issue order, so "I 10 0 3 16" and "C 95 0 3 0" are one copy's issue
// and completion.
//
//===----------------------------------------------------------------------===//

#include "asyncpipe_trace.h"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace asyncpipe_trace {

std::atomic<bool> Enabled{false};

namespace {

std::FILE *TraceFile = nullptr;
std::chrono::steady_clock::time_point Start;
std::atomic<unsigned> NextThread{0};

std::mutex &traceLock() {
  static auto *M = new std::mutex;
  return *M;
}

unsigned currentThread() {
  thread_local unsigned Id = NextThread++;
  return Id;
}

} // namespace

void initialize() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    const char *Path = std::getenv("ASYNCPIPE_TRACE");
    if (!Path || !*Path)
      return;
    TraceFile = std::fopen(Path, "w");
    if (!TraceFile) {
      std::fprintf(stderr,
                   "asyncpipe runtime: cannot write ASYNCPIPE_TRACE='%s'\n",
                   Path);
      std::exit(2);
    }
    Start = std::chrono::steady_clock::now();
    Enabled.store(true, std::memory_order_relaxed);
    // The end of the last compute span.
    std::atexit([] { note(Event::End); });
  });
}

void record(Event E, uint64_t Copy, uint64_t Value) {
  auto Now = std::chrono::steady_clock::now();
  uint64_t Ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(Now - Start).count();
  std::lock_guard<std::mutex> Guard(traceLock());
  std::fprintf(TraceFile, "%c %" PRIu64 " %u %" PRIu64 " %" PRIu64 "\n",
               static_cast<char>(E), Ns, currentThread(), Copy, Value);
  // Flushed per line: a program that crashes still leaves its trace.
  std::fflush(TraceFile);
}

} // namespace asyncpipe_trace
