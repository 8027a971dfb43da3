//===- kernels.cu - Async-copy kernels, AsyncPipe or cuda_pipeline.h ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The same kernels twice: with AsyncPipe's portable calls (default) and, with
// -DUSE_CUDA_PIPELINE, with CUDA's cuda_pipeline.h primitives. compare.sh
// compiles both with clang-22 for sm_80 and compares ptxas -v resources.
// cuda_pipeline.h issues every 16-byte copy as cp.async.cg, so the AsyncPipe
// variant asks for the same (the L1-bypass hint) to compare like with like.
//
//===----------------------------------------------------------------------===//

#include <cuda_runtime.h>

#ifdef USE_CUDA_PIPELINE
#include <cuda_pipeline.h>
#define COPY16(dst, src) __pipeline_memcpy_async(dst, src, 16)
#define COPY16_ZFILL(dst, src, n)                                              \
  __pipeline_memcpy_async(dst, src, 16, 16 - (n))
#define COPY4(dst, src) __pipeline_memcpy_async(dst, src, 4)
#define MARK() __pipeline_commit()
#define WAIT(n) __pipeline_wait_prior(n)
#else
#include "asyncpipe_portable.h"
#define COPY16(dst, src) asyncpipe_copy(dst, src, 16, ASYNCPIPE_BYPASS_L1)
#define COPY16_ZFILL(dst, src, n)                                              \
  asyncpipe_copy_zfill(dst, src, 16, n, ASYNCPIPE_BYPASS_L1)
#define COPY4(dst, src) asyncpipe_copy(dst, src, 4, 0)
#define MARK() asyncpipe_mark()
#define WAIT(n) asyncpipe_wait(n)
#endif

constexpr int Threads = 256;

// One tile: every thread copies 16 bytes, then reads a neighbour's.
extern "C" __global__ void copy_tile(float4 *out, const float4 *in) {
  __shared__ float4 tile[Threads];
  unsigned t = threadIdx.x;
  COPY16(&tile[t], &in[blockIdx.x * Threads + t]);
  MARK();
  WAIT(0);
  __syncthreads();
  out[blockIdx.x * Threads + t] = tile[(t + 1) % Threads];
}

// Sums Tiles tiles of 4-byte elements per thread, two tiles in flight.
extern "C" __global__ void double_buffer(float *out, const float *in,
                                         int tiles) {
  __shared__ float buf[2][Threads];
  unsigned t = threadIdx.x;
  const float *base = in + blockIdx.x * tiles * Threads;
  float acc = 0;
  COPY4(&buf[0][t], &base[t]);
  MARK();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      COPY4(&buf[(i + 1) & 1][t], &base[(i + 1) * Threads + t]);
    MARK();
    WAIT(1);
    __syncthreads();
    acc += buf[i & 1][(t + 7) % Threads];
    __syncthreads();
  }
  out[blockIdx.x * Threads + t] = acc;
}

// The same, without empty groups: the last iteration marks nothing and
// waits for everything, a run-time wait count.
extern "C" __global__ void double_buffer_drain(float *out, const float *in,
                                               int tiles) {
  __shared__ float buf[2][Threads];
  unsigned t = threadIdx.x;
  const float *base = in + blockIdx.x * tiles * Threads;
  float acc = 0;
  COPY4(&buf[0][t], &base[t]);
  MARK();
  for (int i = 0; i < tiles; ++i) {
    bool more = i + 1 < tiles;
    if (more) {
      COPY4(&buf[(i + 1) & 1][t], &base[(i + 1) * Threads + t]);
      MARK();
    }
    WAIT(more ? 1 : 0);
    __syncthreads();
    acc += buf[i & 1][(t + 7) % Threads];
    __syncthreads();
  }
  out[blockIdx.x * Threads + t] = acc;
}

// Four stages of 16-byte copies, three tiles in flight.
extern "C" __global__ void four_stage(float4 *out, const float4 *in,
                                      int tiles) {
  constexpr int Stages = 4;
  __shared__ float4 buf[Stages][Threads];
  unsigned t = threadIdx.x;
  const float4 *base = in + blockIdx.x * tiles * Threads;
  float4 acc = {0, 0, 0, 0};
  for (int s = 0; s < Stages - 1; ++s) {
    if (s < tiles)
      COPY16(&buf[s][t], &base[s * Threads + t]);
    MARK();
  }
  for (int i = 0; i < tiles; ++i) {
    int next = i + Stages - 1;
    if (next < tiles)
      COPY16(&buf[next % Stages][t], &base[next * Threads + t]);
    MARK();
    WAIT(Stages - 1);
    __syncthreads();
    float4 v = buf[i % Stages][(t + 1) % Threads];
    acc.x += v.x;
    acc.y += v.y;
    acc.z += v.z;
    acc.w += v.w;
    __syncthreads();
  }
  out[blockIdx.x * Threads + t] = acc;
}

// The ragged end of an array: bytes past the end are zero-filled.
extern "C" __global__ void zfill_tail(float4 *out, const float4 *in,
                                      int bytes) {
  __shared__ float4 tile[Threads];
  unsigned t = threadIdx.x;
  int offset = (blockIdx.x * Threads + t) * 16;
  int valid = bytes - offset;
  valid = valid < 0 ? 0 : valid > 16 ? 16 : valid;
  COPY16_ZFILL(&tile[t], &in[blockIdx.x * Threads + t], valid);
  MARK();
  WAIT(0);
  __syncthreads();
  out[blockIdx.x * Threads + t] = tile[Threads - 1 - t];
}
