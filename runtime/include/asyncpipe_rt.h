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

/* Activation bounds of a function that owns a mark sequence: its marks are
 * not part of its caller's sequence (DESIGN.md section 1). */
void __asyncpipe_rt_enter(void);
void __asyncpipe_rt_exit(const struct __asyncpipe_rt_site *site);

/* Issues a copy of n bytes from src to dst; completes by policy. */
void __asyncpipe_rt_copy(void *dst, const void *src, uint64_t n,
                      const struct __asyncpipe_rt_site *site);
/* Issues a copy of n bytes to dst whose first src_n bytes (at most n) come
 * from src and the rest are zeros. */
void __asyncpipe_rt_copy_zfill(void *dst, const void *src, uint64_t n,
                               uint64_t src_n,
                               const struct __asyncpipe_rt_site *site);
/* Appends a mark to the current activation's sequence. */
void __asyncpipe_rt_mark(void);
/* Returns once at most n marks of the current activation are outstanding. */
void __asyncpipe_rt_wait(uint64_t n);

/* Native NVPTX forms (llvm.nvvm.cp.async.*) with hardware semantics: one
 * queue of commit groups per thread, not per activation, so a group committed
 * in one function can be waited for in another. Their copies are
 * __asyncpipe_rt_copy / _copy_zfill like the portable ones. */
/* cp.async.commit_group: closes the thread's current group of copies. */
void __asyncpipe_rt_hw_commit(void);
/* cp.async.wait_group n: returns once at most n of the thread's committed
 * groups are pending. */
void __asyncpipe_rt_hw_wait(uint64_t n);
/* cp.async.wait_all: commit, then wait until no group is pending. */
void __asyncpipe_rt_hw_wait_all(void);

/* The work-group barrier the pipeliner emits (asyncpipe-pipeline). The
 * runtime's own definition is weak and does nothing, which is right for one
 * work-item per work-group; a work-group runner that runs several work-items
 * as threads defines it to join them. */
void __asyncpipe_rt_barrier(void);

/* AsyncSan: checked variants and access checks emitted by
 * asyncpipe-sanitize. */
void __asyncpipe_rt_san_copy(void *dst, const void *src, uint64_t n,
                          const struct __asyncpipe_rt_site *site);
void __asyncpipe_rt_san_copy_zfill(void *dst, const void *src, uint64_t n,
                                   uint64_t src_n,
                                   const struct __asyncpipe_rt_site *site);
void __asyncpipe_rt_san_exit(const struct __asyncpipe_rt_site *site);
void __asyncpipe_rt_san_load(const void *p, uint64_t n,
                          const struct __asyncpipe_rt_site *site);
void __asyncpipe_rt_san_store(const void *p, uint64_t n,
                           const struct __asyncpipe_rt_site *site);

/* AsyncSan's inline fast path also reads `uint64_t __asyncpipe_rt_san_pending`
 * (atomically, relaxed): the number of copies in flight in all threads. */

/* Number of AsyncSan reports (errors and warnings) so far in this process. */
uint64_t __asyncpipe_rt_san_report_count(void);

#ifdef __cplusplus
}
#endif

#endif /* ASYNCPIPE_RT_H */
