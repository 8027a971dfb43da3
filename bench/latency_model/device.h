//===- device.h - What the benchmark kernels need of HIP and CUDA ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The attributes, portable async calls, thread index and barrier that
// bench/latency_model/kernels.cu and bench/pipeliner/hand_pipelined.cu use,
// for clang's HIP (gfx942) and CUDA (sm_80) device compilation without the
// SDKs' headers.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_BENCH_LATENCY_MODEL_DEVICE_H
#define ASYNCPIPE_BENCH_LATENCY_MODEL_DEVICE_H

#define DEVICE __attribute__((device))
#define KERNEL __attribute__((global))
#define SHARED __attribute__((shared))

extern "C" {
DEVICE void asyncpipe_copy(void *dst, const void *src, unsigned size,
                           unsigned flags) __asm__("asyncpipe.copy");
DEVICE void asyncpipe_mark(void) __asm__("asyncpipe.mark");
DEVICE void asyncpipe_wait(unsigned n) __asm__("asyncpipe.wait");
}

#if defined(__NVPTX__)
#define THREAD_X __nvvm_read_ptx_sreg_tid_x()
#define BARRIER() __nvvm_barrier_sync(0)
#else
#define THREAD_X __builtin_amdgcn_workitem_id_x()
#define BARRIER() __builtin_amdgcn_s_barrier()
#endif

#endif // ASYNCPIPE_BENCH_LATENCY_MODEL_DEVICE_H
