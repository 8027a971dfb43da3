// A tiled GEMM-like kernel, C = A * B for n x n row-major matrices (n a
// multiple of TILE), written in the synchronous form: each iteration of the
// tile loop copies one tile of A and one of B into shared memory
// asynchronously, waits for them, and multiplies them. The single line
// asyncpipe_pipeline(STAGES) makes the AsyncPipe pipeliner overlap the copies
// of the next STAGES - 1 tiles with the multiplication of the current one.
//
// One source for NVPTX (CUDA, cp.async) and AMDGPU (HIP, LDS DMA). Each
// work-item copies its own element: with TILE x TILE work-items, lane i of a
// wave writes &As[ty][tx] = lane 0's address + 4 * i, as LDS DMA requires.
//
//   clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc \
//     -nocudalib -O2 -fpass-plugin=AsyncPipe.so -I clang/include -S gemm.cu
//   clang -x hip --offload-arch=gfx942 --cuda-device-only -nogpulib -O2 \
//     -fpass-plugin=AsyncPipe.so -I clang/include -S -emit-llvm gemm.cu

#include "asyncpipe/pipeline_annotation.h"

#ifndef STAGES
#define STAGES 3
#endif
#define TILE 16

// Spelled as attributes so the kernel needs neither the CUDA nor the HIP
// headers.
#define DEVICE __attribute__((device))
#define KERNEL __attribute__((global))
#define SHARED __attribute__((shared))

// The portable async calls (llvm/docs/AsyncPipe.rst), lowered per target by
// asyncpipe-lower.
extern "C" {
DEVICE void asyncpipe_copy(void *dst, const void *src, unsigned size,
                               unsigned flags) __asm__("asyncpipe.copy");
DEVICE void asyncpipe_mark(void) __asm__("asyncpipe.mark");
DEVICE void asyncpipe_wait(unsigned n) __asm__("asyncpipe.wait");
}

#if defined(__NVPTX__)
#define THREAD_X __nvvm_read_ptx_sreg_tid_x()
#define THREAD_Y __nvvm_read_ptx_sreg_tid_y()
#define BLOCK_X __nvvm_read_ptx_sreg_ctaid_x()
#define BLOCK_Y __nvvm_read_ptx_sreg_ctaid_y()
#define BARRIER() __nvvm_barrier_sync(0)
#else
#define THREAD_X __builtin_amdgcn_workitem_id_x()
#define THREAD_Y __builtin_amdgcn_workitem_id_y()
#define BLOCK_X __builtin_amdgcn_workgroup_id_x()
#define BLOCK_Y __builtin_amdgcn_workgroup_id_y()
#define BARRIER() __builtin_amdgcn_s_barrier()
#endif

extern "C" KERNEL void gemm(const float *__restrict__ A,
                                const float *__restrict__ B,
                                float *__restrict__ C, int n) {
  SHARED float As[TILE][TILE];
  SHARED float Bs[TILE][TILE];
  int tx = THREAD_X, ty = THREAD_Y;
  int row = BLOCK_Y * TILE + ty, col = BLOCK_X * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    asyncpipe_pipeline(STAGES);
    asyncpipe_copy(&As[ty][tx], &A[row * n + t * TILE + tx], 4, 0);
    asyncpipe_copy(&Bs[ty][tx], &B[(t * TILE + ty) * n + col], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    BARRIER(); // every work-item's copies have landed
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    BARRIER(); // nobody still reads the tiles the next copies overwrite
  }
  C[row * n + col] = acc;
}
