/*===- asyncpipe/futures.h - Futures for AsyncPipe's async copies ---------===*\
|*                                                                            *|
|* Part of the AsyncPipe project.                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * A future names one mark (commit) of the calling function: waiting on it
 * waits until every async copy issued before that mark is complete, and lets
 * later marks stay in flight. Futures are plain values: keep them in
 * variables, swap, rotate or select between them (Croktile's multi-buffering
 * idioms). The compiler turns each wait on a future into the hardware's
 * counting wait (asyncpipe-lower-futures: the fewest marks issued after the
 * future's mark on any path; llvm/docs/AsyncPipeFutures.rst).
 *
 * Wait on a future in the function that made it (or in one inlined into
 * it) for the exact count. A future returned by a helper, passed in, or kept
 * in memory may name another call's mark: a wait on it waits for every copy
 * issued before the future reached this function (always correct, less
 * overlap). asyncpipe_future_any() is the dummy future (Croktile's dma.any):
 * waiting on it waits for nothing.
 *
 * Queues: asyncpipe_commit_future_queue(q) is asyncpipe_commit_queue(q)
 * returning the mark's future (C++: asyncpipe::commit_future<q>()). A future
 * belongs to its mark's queue, and waiting on it waits on that queue only:
 * the count is the fewest marks of that queue issued after the future's
 * mark, whatever the other queues commit (llvm/docs/AsyncPipeFutures.rst,
 * "Queues"). asyncpipe_commit_future() is queue 0's.
 *
 * The copy, mark and counting-wait calls themselves come from AsyncPipe's
 * portable API header; this header only adds futures.
 */

#ifndef ASYNCPIPE_FUTURES_H
#define ASYNCPIPE_FUTURES_H

#if defined(__CUDA__) || defined(__HIP__)
#define ASYNCPIPE_FUTURES_DEVICE __attribute__((device))
#else
#define ASYNCPIPE_FUTURES_DEVICE
#endif

#ifdef __cplusplus
#define ASYNCPIPE_FUTURES_EXTERN extern "C"
#else
#define ASYNCPIPE_FUTURES_EXTERN
#endif

/* An opaque token; only its origin matters, never its value. */
typedef int asyncpipe_future_t;

#ifndef ASYNCPIPE_MAX_QUEUES
/* Queue ids are 0 to ASYNCPIPE_MAX_QUEUES - 1 (as in asyncpipe.h). */
#define ASYNCPIPE_MAX_QUEUES 8
#endif

/* Marks (commits) the copies issued so far and returns the mark's future. */
ASYNCPIPE_FUTURES_EXTERN ASYNCPIPE_FUTURES_DEVICE asyncpipe_future_t
asyncpipe_commit_future(void) __asm__("asyncpipe.mark.future")
    __attribute__((nothrow));

/* Marks (commits) the copies issued since the last mark of any queue into a
 * group of queue q, an integer constant from 0 to ASYNCPIPE_MAX_QUEUES - 1,
 * and returns the mark's future. nomerge: commits to two queues in two
 * branches stay two calls, each naming its queue as a constant. */
ASYNCPIPE_FUTURES_EXTERN ASYNCPIPE_FUTURES_DEVICE asyncpipe_future_t
asyncpipe_commit_future_queue(int q)
    __attribute__((diagnose_if(!__builtin_constant_p(q),
                               "argument 'q' of 'asyncpipe_commit_future_queue' "
                               "must be an integer constant: queues are told "
                               "apart at compile time",
                               "error")))
    __attribute__((diagnose_if(__builtin_constant_p(q) &&
                                   (q < 0 || q >= ASYNCPIPE_MAX_QUEUES),
                               "argument 'q' of 'asyncpipe_commit_future_queue' "
                               "is out of range: queues are 0 to 7",
                               "error")))
    __asm__("asyncpipe.mark.future.queue") __attribute__((nomerge, nothrow));

/* Waits until the copies issued before the future's mark are complete.
 * nomerge: two waits on one future in two branches stay two waits, each
 * lowered to the count of its own path, rather than one wait after the
 * join on a count chosen at run time. */
ASYNCPIPE_FUTURES_EXTERN ASYNCPIPE_FUTURES_DEVICE void asyncpipe_wait_future(
    asyncpipe_future_t future) __asm__("asyncpipe.wait.future")
    __attribute__((nomerge, nothrow));

/* The dummy future: waiting on it waits for nothing. */
ASYNCPIPE_FUTURES_EXTERN ASYNCPIPE_FUTURES_DEVICE asyncpipe_future_t
asyncpipe_future_any(void) __asm__("asyncpipe.future.any")
    __attribute__((nothrow));

/* Exchanges two futures (double buffering). */
static inline ASYNCPIPE_FUTURES_DEVICE void
asyncpipe_future_swap(asyncpipe_future_t *a, asyncpipe_future_t *b) {
  asyncpipe_future_t t = *a;
  *a = *b;
  *b = t;
}

/* Rotates three futures left: a <- b <- c <- a (triple buffering). */
static inline ASYNCPIPE_FUTURES_DEVICE void
asyncpipe_future_rotate3(asyncpipe_future_t *a, asyncpipe_future_t *b,
                         asyncpipe_future_t *c) {
  asyncpipe_future_t t = *a;
  *a = *b;
  *b = *c;
  *c = t;
}

/* Rotates four futures left: a <- b <- c <- d <- a. */
static inline ASYNCPIPE_FUTURES_DEVICE void
asyncpipe_future_rotate4(asyncpipe_future_t *a, asyncpipe_future_t *b,
                         asyncpipe_future_t *c, asyncpipe_future_t *d) {
  asyncpipe_future_t t = *a;
  *a = *b;
  *b = *c;
  *c = *d;
  *d = t;
}

/* Croktile's select: one of two futures by a run-time condition. */
static inline ASYNCPIPE_FUTURES_DEVICE asyncpipe_future_t
asyncpipe_future_select(int condition, asyncpipe_future_t if_true,
                        asyncpipe_future_t if_false) {
  return condition ? if_true : if_false;
}

#ifdef __cplusplus
namespace asyncpipe {
/* asyncpipe_commit_future_queue(Queue), the queue checked where the
 * template is used. always_inline: the commit is the caller's, as written
 * there (a helper of its own would commit in its own activation). */
template <unsigned Queue>
__attribute__((always_inline)) inline ASYNCPIPE_FUTURES_DEVICE
    asyncpipe_future_t
    commit_future() {
  static_assert(Queue < ASYNCPIPE_MAX_QUEUES,
                "asyncpipe::commit_future's queue must be 0 to "
                "ASYNCPIPE_MAX_QUEUES - 1");
  /* Past the static_assert, queue 0: one error, not a second one from the
   * call's own check. */
  return asyncpipe_commit_future_queue(Queue < ASYNCPIPE_MAX_QUEUES ? Queue
                                                                    : 0);
}
} // namespace asyncpipe
#endif

#endif /* ASYNCPIPE_FUTURES_H */
