//===- asyncpipe_trace.h - Event trace of the host runtime ------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// With ASYNCPIPE_TRACE=<file>, the host runtime writes one line per copy
// issued, copy completed, mark and wait, with a steady-clock time stamp, so
// that a run can be drawn as a timeline (utils/asyncpipe_timeline.py): when
// each copy was in flight and when the program computed. Without the
// variable every hook is one relaxed load of a flag.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_RUNTIME_ASYNCPIPE_TRACE_H
#define ASYNCPIPE_RUNTIME_ASYNCPIPE_TRACE_H

#include <atomic>
#include <cstdint>

namespace asyncpipe_trace {

/// Set once, at the first runtime call, from ASYNCPIPE_TRACE.
extern std::atomic<bool> Enabled;

enum class Event : char {
  Issue = 'I',      // a copy was issued; Value = its bytes
  Complete = 'C',   // a copy's bytes moved
  Mark = 'M',       // a mark (or a native commit group) was appended
  WaitEnter = 'W',  // a wait began; Value = its count
  WaitReturn = 'R', // the wait returned: the program computes from here
  End = 'E',        // the program exited
};

/// Opens the trace file if ASYNCPIPE_TRACE names one. Idempotent.
void initialize();

/// Appends one line "<event> <ns> <thread> <copy> <value>". \p Copy is the
/// copy's issue number in its thread (0 for marks and waits).
void record(Event E, uint64_t Copy, uint64_t Value);

inline void note(Event E, uint64_t Copy = 0, uint64_t Value = 0) {
  if (Enabled.load(std::memory_order_relaxed))
    record(E, Copy, Value);
}

} // namespace asyncpipe_trace

#endif // ASYNCPIPE_RUNTIME_ASYNCPIPE_TRACE_H
