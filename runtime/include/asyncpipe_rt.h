/*===- asyncpipe_rt.h - AsyncPipe host runtime interface ----------*- C -*-===*
 *
 * Part of the AsyncPipe project.
 *
 *===----------------------------------------------------------------------===*
 *
 * The entry points the host lowering (asyncpipe-lower) and the AsyncSan
 * instrumentation (asyncpipe-sanitize) emit calls to. Programs do not call
 * them directly: they use the portable calls (asyncpipe.copy / .mark / .wait,
 * see asyncpipe_host.h), which the plugin rewrites into these.
 *
 * Run-time configuration (environment variables, read once per process):
 *   ASYNCPIPE_POLICY=eager|lazy|random  when pending copies complete
 *                                       (default eager)
 *   ASYNCPIPE_SEED=<unsigned>           seed of the random policy (default 1)
 *   ASYNCPIPE_SAN_CONTINUE=1            AsyncSan: keep running after an error
 *                                       report instead of exiting with 1
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_RT_H
#define ASYNCPIPE_RT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A source location baked into the program by the compiler: where a copy was
 * issued, where an access or a function exit happened. The plugin emits these
 * as private constants; any field may be null/0 without debug info. */
struct __asyncpipe_rt_site {
  const char *file;
  const char *function;
  uint32_t line;
  uint32_t column;
};

/* No entry point throws: a failure inside the runtime (memory exhausted)
 * ends the program. So C++ calls them, in a try block too, without an unwind
 * edge, and the plugin may turn an invoke of one into a call. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define ASYNCPIPE_RT_NOEXCEPT noexcept
#elif defined(__cplusplus)
#define ASYNCPIPE_RT_NOEXCEPT throw()
#else
#define ASYNCPIPE_RT_NOEXCEPT
#endif

/* The entry points, listed once in asyncpipe_rt.def (the plugin reads the
 * same list). */
#define ASYNCPIPE_RT_FUNCTION(CXX_NAME, SYMBOL, RETURN_TYPE, PARAMETERS)       \
  RETURN_TYPE SYMBOL PARAMETERS ASYNCPIPE_RT_NOEXCEPT;
#include "asyncpipe_rt.def"

#ifdef __cplusplus
}
#endif

#endif /* ASYNCPIPE_RT_H */
