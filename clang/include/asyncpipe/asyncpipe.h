/*===- asyncpipe/asyncpipe.h - Portable async copy, commit and wait -------===*\
 *
 * Part of the AsyncPipe project.
 *
 * The portable C API of the AsyncPipe async model
 * (llvm/docs/AsyncPipeModel.rst), one source for OpenCL C, HIP and CUDA on
 * AMDGPU and NVPTX, and for host C/C++.
 * Compile with clang -fpass-plugin=AsyncPipe.so, which lowers each call to
 * the target: AMDGPU LDS DMA and asyncmark / wait.asyncmark, NVPTX cp.async,
 * commit_group and wait_group, or the AsyncPipe host runtime.
 *
 *   asyncpipe_copy(dst, src, size)
 *   asyncpipe_copy_flags(dst, src, size, flags)
 *       Starts an asynchronous copy of `size` bytes from `src` (global memory)
 *       to `dst` (workgroup-shared memory: OpenCL local, CUDA/HIP __shared__).
 *       PER WORK-ITEM: every work-item that executes the call copies its own
 *       `size` bytes, from its own `src` to its own `dst`; there is no
 *       collective copy. `size` must be an integer constant the target can
 *       copy in one operation: 1, 2 or 4 bytes on AMDGPU (also 12 and 16 on
 *       gfx950; 1, 4, 8 or 16 on gfx1250), 4, 8 or 16 on NVPTX, and `dst`
 *       and `src` must be aligned to `size`. On AMDGPU the hardware writes a
 *       wave's copies to consecutive LDS slots, so the work-items of one wave
 *       that copy together must use consecutive destinations: lane i's dst ==
 *       lane 0's dst + i * size (e.g. dst = tile + lane). `flags` is an
 *       integer constant, a set of ASYNCPIPE_COPY_* bits; they are hints that
 *       never change the result.
 *   asyncpipe_copy_zfill(dst, src, size, src_size, flags)
 *       As asyncpipe_copy_flags, but reads only the first `src_size` bytes
 *       (0 <= src_size <= size, may vary at run time) and writes zeros to the
 *       rest of the `size` destination bytes: the tail of a tile at the edge
 *       of an array.
 *   asyncpipe_store(dst, src, size)
 *       Starts an asynchronous store of `size` bytes from `src`
 *       (workgroup-shared memory) to `dst` (global memory): the write-back of
 *       a tile computed in shared memory. PER WORK-ITEM like asyncpipe_copy,
 *       each work-item from and to its own addresses (no rule on the lanes'
 *       addresses). It is an async operation like a copy: it belongs to the
 *       group (and queue) of the next commit and is counted by the same
 *       waits. Until a wait covers it, `src` must not be written (the store
 *       may read it late) and `dst` must not be read. `size` must be an
 *       integer constant: 1, 4, 8 or 16 on AMDGPU gfx1250, the one GPU with
 *       async stores from LDS (other AMDGPU generations and NVPTX report the
 *       call, with the fix), 1 to 16 on the host.
 *   asyncpipe_commit()
 *       Closes the current group of copies: appends a mark to this function
 *       activation's mark sequence. The mark completes once every copy this
 *       work-item issued before it (including in callees) has completed.
 *   asyncpipe_wait(n)
 *       Blocks until at most `n` marks of this function activation are still
 *       outstanding, i.e. until the copies of every group except the newest
 *       `n` ones have landed in shared memory and are visible to this
 *       work-item. `n` may be a run-time value; asyncpipe_wait(0) waits for
 *       everything. Marks made by callees do not count: commit and wait in
 *       the same function (or in functions inlined into it).
 *   asyncpipe_commit_queue(q)
 *   asyncpipe_wait_queue(q, n)
 *       The same for queue `q` (an integer constant, 0 to
 *       ASYNCPIPE_MAX_QUEUES - 1): TVM's async_commit_queue(q) and
 *       async_wait_queue(q, n). A queue is an ordered stream of groups with
 *       its own marks; a copy belongs to the queue of the next commit after
 *       it (of any queue), and asyncpipe_wait_queue(q, n) waits until at
 *       most `n` marks of queue `q` are outstanding, whatever the other
 *       queues have in flight. Queue 0 is asyncpipe_commit() /
 *       asyncpipe_wait(n). On NVPTX and AMDGPU every queue is on the one
 *       hardware counter and each wait becomes the exact combined count;
 *       on the host the queues are apart (llvm/docs/AsyncPipeModel.rst,
 *       "Queues").
 *
 * A copy's bytes may be read only after a wait that covers it; other
 * work-items see them only after that wait and a workgroup barrier. Writes to
 * `dst` issued before the copy are ordered before it.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_ASYNCPIPE_H
#define ASYNCPIPE_ASYNCPIPE_H

#include <asyncpipe/__config.h>

/* Copy flags: hints, never needed for correctness. */
#define ASYNCPIPE_COPY_DEFAULT 0u
/* Cache the source in L2 only (NVPTX cp.async.cg): for data read once. */
#define ASYNCPIPE_COPY_BYPASS_L1 1u
#define ASYNCPIPE_COPY_ALL_FLAGS ASYNCPIPE_COPY_BYPASS_L1

/* Queue ids are 0 to ASYNCPIPE_MAX_QUEUES - 1. */
#define ASYNCPIPE_MAX_QUEUES 8

/* The argument checks of the calls below. diagnose_if reports a bad
 * argument as an error at the user's call, with the attribute as its one
 * note; they are spelled out rather than built from __config.h's
 * ASYNCPIPE_REQUIRE macros so that the note is not followed by a macro
 * backtrace through this header. */
#define ASYNCPIPE_SIZE_MUST_BE "size must be " ASYNCPIPE_COPY_SIZES_TEXT
#define ASYNCPIPE_STORE_SIZE_MUST_BE "size must be " ASYNCPIPE_STORE_SIZES_TEXT

#ifdef __cplusplus
extern "C" {
#endif

/* The calls the plugin lowers; their IR form is the AsyncPipe portable IR
 * (llvm/docs/AsyncPipeClang.rst). Call them through the macros below. */
ASYNCPIPE_DEVICE void __asyncpipe_copy(ASYNCPIPE_SHARED_PTR(void) dst,
                                       const ASYNCPIPE_GLOBAL_PTR(void) src,
                                       unsigned size, unsigned flags)
    __attribute__((diagnose_if(!__builtin_constant_p(size),
                               "argument 'size' of 'asyncpipe_copy' must be "
                               "an integer constant", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(size) &&
                                   !ASYNCPIPE_LEGAL_COPY_SIZE(size),
                               "'asyncpipe_copy' cannot copy this size on "
                               "this target: " ASYNCPIPE_SIZE_MUST_BE,
                               "error")))
    __attribute__((diagnose_if(!__builtin_constant_p(flags),
                               "argument 'flags' of 'asyncpipe_copy' must be "
                               "an integer constant", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(flags) &&
                                   (flags & ~ASYNCPIPE_COPY_ALL_FLAGS) != 0,
                               "argument 'flags' of 'asyncpipe_copy' has bits "
                               "that are not ASYNCPIPE_COPY_* flags", "error")))
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_copy()") __asm__("asyncpipe.copy");
ASYNCPIPE_DEVICE void __asyncpipe_copy_zfill(
    ASYNCPIPE_SHARED_PTR(void) dst, const ASYNCPIPE_GLOBAL_PTR(void) src,
    unsigned size, unsigned src_size, unsigned flags)
    __attribute__((diagnose_if(!__builtin_constant_p(size),
                               "argument 'size' of 'asyncpipe_copy_zfill' must "
                               "be an integer constant", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(size) &&
                                   !ASYNCPIPE_LEGAL_COPY_SIZE(size),
                               "'asyncpipe_copy_zfill' cannot copy this size "
                               "on this target: " ASYNCPIPE_SIZE_MUST_BE,
                               "error")))
    __attribute__((diagnose_if(!__builtin_constant_p(flags),
                               "argument 'flags' of 'asyncpipe_copy_zfill' "
                               "must be an integer constant", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(flags) &&
                                   (flags & ~ASYNCPIPE_COPY_ALL_FLAGS) != 0,
                               "argument 'flags' of 'asyncpipe_copy_zfill' "
                               "has bits that are not ASYNCPIPE_COPY_* flags",
                               "error")))
    __attribute__((diagnose_if(__builtin_constant_p(src_size) &&
                                   __builtin_constant_p(size) &&
                                   src_size > size,
                               "argument 'src_size' of 'asyncpipe_copy_zfill' "
                               "must not exceed 'size'", "error")))
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_copy_zfill()")
        __asm__("asyncpipe.copy.zfill");
ASYNCPIPE_DEVICE void __asyncpipe_store(ASYNCPIPE_GLOBAL_PTR(void) dst,
                                        const ASYNCPIPE_SHARED_PTR(void) src,
                                        unsigned size)
    __attribute__((diagnose_if(!__builtin_constant_p(size),
                               "argument 'size' of 'asyncpipe_store' must be "
                               "an integer constant", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(size) &&
                                   !ASYNCPIPE_LEGAL_STORE_SIZE(size),
                               "'asyncpipe_store' cannot store this size on "
                               "this target: " ASYNCPIPE_STORE_SIZE_MUST_BE,
                               "error")))
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_store()") __asm__("asyncpipe.store");
ASYNCPIPE_DEVICE void asyncpipe_commit(void)
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_commit()") __asm__("asyncpipe.mark");
ASYNCPIPE_DEVICE void asyncpipe_wait(int n)
    __attribute__((diagnose_if(__builtin_constant_p(n) && n < 0,
                               "argument 'n' of 'asyncpipe_wait' must not be "
                               "negative", "error")))
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_wait()") __asm__("asyncpipe.wait");
ASYNCPIPE_DEVICE void asyncpipe_commit_queue(int q)
    __attribute__((diagnose_if(!__builtin_constant_p(q),
                               "argument 'q' of 'asyncpipe_commit_queue' must "
                               "be an integer constant: queues are told apart "
                               "at compile time", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(q) &&
                                   (q < 0 || q >= ASYNCPIPE_MAX_QUEUES),
                               "argument 'q' of 'asyncpipe_commit_queue' is "
                               "out of range: queues are 0 to 7", "error")))
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_commit_queue()")
        __asm__("asyncpipe.mark.queue");
ASYNCPIPE_DEVICE void asyncpipe_wait_queue(int q, int n)
    __attribute__((diagnose_if(!__builtin_constant_p(q),
                               "argument 'q' of 'asyncpipe_wait_queue' must "
                               "be an integer constant: queues are told apart "
                               "at compile time", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(q) &&
                                   (q < 0 || q >= ASYNCPIPE_MAX_QUEUES),
                               "argument 'q' of 'asyncpipe_wait_queue' is out "
                               "of range: queues are 0 to 7", "error")))
    __attribute__((diagnose_if(__builtin_constant_p(n) && n < 0,
                               "argument 'n' of 'asyncpipe_wait_queue' must "
                               "not be negative", "error")))
    ASYNCPIPE_LOWERED_BY_PLUGIN("asyncpipe_wait_queue()")
        __asm__("asyncpipe.wait.queue");

#ifdef __cplusplus
} /* extern "C" */
#endif

#if !defined(ASYNCPIPE_GENERIC_SOURCE_POINTERS)
/* The operand types already are the API's. */
#define __asyncpipe_shared(P) (P)
#define __asyncpipe_global(P) (P)
#define __asyncpipe_store_global(P) (P)
#define __asyncpipe_store_shared(P) (P)
#else
/* CUDA and HIP pointers are generic; the copy needs them in the shared and
 * global address spaces (see __config.h). */
#define __asyncpipe_shared(P) __asyncpipe_ptr::async_copy_destination(P)
#define __asyncpipe_global(P) __asyncpipe_ptr::async_copy_source(P)
#define __asyncpipe_store_global(P) __asyncpipe_ptr::async_store_destination(P)
#define __asyncpipe_store_shared(P) __asyncpipe_ptr::async_store_source(P)
#endif

/* Macros rather than inline functions so that `size` and `flags` reach the
 * IR as the constants the lowering needs even at -O0. */
#define asyncpipe_copy_flags(DST, SRC, SIZE, FLAGS)                            \
  __asyncpipe_copy(__asyncpipe_shared(DST), __asyncpipe_global(SRC), SIZE,     \
                   FLAGS)
/* Not through asyncpipe_copy_flags: one macro level less in the notes of an
 * error at the call. */
#define asyncpipe_copy(DST, SRC, SIZE)                                         \
  __asyncpipe_copy(__asyncpipe_shared(DST), __asyncpipe_global(SRC), SIZE,     \
                   ASYNCPIPE_COPY_DEFAULT)
#define asyncpipe_copy_zfill(DST, SRC, SIZE, SRC_SIZE, FLAGS)                  \
  __asyncpipe_copy_zfill(__asyncpipe_shared(DST), __asyncpipe_global(SRC),     \
                         SIZE, SRC_SIZE, FLAGS)
#define asyncpipe_store(DST, SRC, SIZE)                                        \
  __asyncpipe_store(__asyncpipe_store_global(DST), __asyncpipe_store_shared(SRC),\
                    SIZE)

#endif /* ASYNCPIPE_ASYNCPIPE_H */
