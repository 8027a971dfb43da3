//===- asyncpipe_portable.h - Portable async-copy calls for the benchmarks ===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The portable IR calls of llvm/docs/AsyncPipe.rst, declared for CUDA device
// code: the four declarations the benchmarks need. Users include the
// project's header instead (clang/include/asyncpipe/asyncpipe.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_BENCH_NVPTX_ASYNCPIPE_PORTABLE_H
#define ASYNCPIPE_BENCH_NVPTX_ASYNCPIPE_PORTABLE_H

enum { ASYNCPIPE_BYPASS_L1 = 1 };

extern "C" __device__ void asyncpipe_copy(void *dst, const void *src, int size,
                                          int flags) __asm__("asyncpipe.copy");
extern "C" __device__ void
asyncpipe_copy_zfill(void *dst, const void *src, int size, int src_size,
                     int flags) __asm__("asyncpipe.copy.zfill");
extern "C" __device__ void asyncpipe_mark(void) __asm__("asyncpipe.mark");
extern "C" __device__ void asyncpipe_wait(int n) __asm__("asyncpipe.wait");

#endif // ASYNCPIPE_BENCH_NVPTX_ASYNCPIPE_PORTABLE_H
