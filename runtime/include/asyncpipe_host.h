/*===- asyncpipe_host.h - Portable async calls for host programs --*- C -*-===*
 *
 * Part of the AsyncPipe project.
 *
 *===----------------------------------------------------------------------===*
 *
 * A tiny host-only header for tests, generated programs and host builds of
 * kernels: it declares the portable AsyncPipe calls (asyncpipe.copy, .mark,
 * .wait) that the plugin lowers to the host runtime. Compile with
 * `clang -fpass-plugin=AsyncPipe.so` and link libasyncpipe_rt.a.
 *
 * With -DASYNCPIPE_REFERENCE the same source builds without the plugin as the
 * synchronous reference of a differential test: every copy is a memcpy that
 * completes at once, marks and waits do nothing.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_HOST_H
#define ASYNCPIPE_HOST_H

#ifdef ASYNCPIPE_REFERENCE
#include <string.h>

static inline void asyncpipe_copy(void *dst, const void *src, unsigned size,
                                  unsigned flags) {
  (void)flags;
  memcpy(dst, src, size);
}
static inline void asyncpipe_store(void *dst, const void *src,
                                   unsigned size) {
  memcpy(dst, src, size);
}
static inline void asyncpipe_mark(void) {}
static inline void asyncpipe_wait(unsigned n) { (void)n; }
static inline void asyncpipe_commit_queue(int q) { (void)q; }
static inline void asyncpipe_wait_queue(int q, int n) {
  (void)q;
  (void)n;
}

#else

#ifdef __cplusplus
extern "C" {
#endif
/* None of them throws (the plugin lowers them to the host runtime, which
 * never does): C++ calls them, in a try block too, without an unwind edge. */
/* Per work-item: copy `size` bytes from src to dst asynchronously. */
__attribute__((nothrow)) void asyncpipe_copy(void *dst, const void *src,
                                             unsigned size, unsigned flags)
    __asm__("asyncpipe.copy");
/* Per work-item: store `size` bytes from src (the shared staging buffer) to
 * dst asynchronously, counted by the marks and waits like a copy. */
__attribute__((nothrow)) void asyncpipe_store(void *dst, const void *src,
                                              unsigned size)
    __asm__("asyncpipe.store");
/* Close the current group of copies: append a mark to this function's
 * sequence. */
__attribute__((nothrow)) void asyncpipe_mark(void) __asm__("asyncpipe.mark");
/* Block until at most n marks of this function's sequence are outstanding. */
__attribute__((nothrow)) void asyncpipe_wait(unsigned n)
    __asm__("asyncpipe.wait");
/* Queues (llvm/docs/AsyncPipeModel.rst, "Queues"): q is a constant, 0 to 7. */
__attribute__((nothrow)) void asyncpipe_commit_queue(int q)
    __asm__("asyncpipe.mark.queue");
__attribute__((nothrow)) void asyncpipe_wait_queue(int q, int n)
    __asm__("asyncpipe.wait.queue");
#ifdef __cplusplus
}
#endif

#endif /* ASYNCPIPE_REFERENCE */

#endif /* ASYNCPIPE_HOST_H */
