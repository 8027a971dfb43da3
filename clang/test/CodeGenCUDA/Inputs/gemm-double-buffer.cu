// A double-buffered GEMM tile loop, C = A * B for n x n row-major matrices
// (n a multiple of 16, 16 x 16 thread blocks): the copy of tile t + 1 flies
// while tile t is multiplied. Every iteration commits one group, empty on
// the last one (the usual way to keep the wait count static). Written with
// libcu++'s <cuda/pipeline> (consumer_wait, or pipeline_consumer_wait_prior<1>
// with -DWAIT_PRIOR) or, with -DPRIMITIVES, with <cuda_pipeline.h>.
#ifdef PRIMITIVES
#include <cuda_pipeline.h>
#else
#include <cuda/pipeline>
#endif

constexpr int T = 16;

__global__ void gemm_double_buffer(const float *A, const float *B, float *C,
                                   int n) {
  __shared__ float As[2][T][T], Bs[2][T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  int tiles = n / T;
#ifdef PRIMITIVES
  __pipeline_memcpy_async(&As[0][ty][tx], &A[row * n + tx], sizeof(float));
  __pipeline_memcpy_async(&Bs[0][ty][tx], &B[ty * n + col], sizeof(float));
  __pipeline_commit();
#else
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&As[0][ty][tx], &A[row * n + tx], sizeof(float), pipe);
  cuda::memcpy_async(&Bs[0][ty][tx], &B[ty * n + col], sizeof(float), pipe);
  pipe.producer_commit();
#endif
  float acc = 0;
  for (int t = 0; t < tiles; ++t) {
    int next = (t + 1) % 2;
#ifdef PRIMITIVES
    if (t + 1 < tiles) {
      __pipeline_memcpy_async(&As[next][ty][tx],
                              &A[row * n + (t + 1) * T + tx], sizeof(float));
      __pipeline_memcpy_async(&Bs[next][ty][tx],
                              &B[((t + 1) * T + ty) * n + col], sizeof(float));
    }
    __pipeline_commit();
    __pipeline_wait_prior(1);
#else
    pipe.producer_acquire();
    if (t + 1 < tiles) {
      cuda::memcpy_async(&As[next][ty][tx], &A[row * n + (t + 1) * T + tx],
                         sizeof(float), pipe);
      cuda::memcpy_async(&Bs[next][ty][tx], &B[((t + 1) * T + ty) * n + col],
                         sizeof(float), pipe);
    }
    pipe.producer_commit();
#ifdef WAIT_PRIOR
    cuda::pipeline_consumer_wait_prior<1>(pipe);
#else
    pipe.consumer_wait();
#endif
#endif
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[t % 2][ty][k] * Bs[t % 2][k][tx];
    __syncthreads();
#ifndef PRIMITIVES
    pipe.consumer_release();
#endif
  }
  C[row * n + col] = acc;
}

// The same loop skipping the last commit instead: the count of consumer_wait
// is 1, then 0 on the last iteration, so libcu++'s run-time switch stays.
__global__ void gemm_last_commit_skipped(const float *A, const float *B,
                                         float *C, int n) {
#ifndef PRIMITIVES
  __shared__ float As[2][T][T], Bs[2][T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  int tiles = n / T;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&As[0][ty][tx], &A[row * n + tx], sizeof(float), pipe);
  cuda::memcpy_async(&Bs[0][ty][tx], &B[ty * n + col], sizeof(float), pipe);
  pipe.producer_commit();
  float acc = 0;
  for (int t = 0; t < tiles; ++t) {
    int next = (t + 1) % 2;
    if (t + 1 < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&As[next][ty][tx], &A[row * n + (t + 1) * T + tx],
                         sizeof(float), pipe);
      cuda::memcpy_async(&Bs[next][ty][tx], &B[((t + 1) * T + ty) * n + col],
                         sizeof(float), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[t % 2][ty][k] * Bs[t % 2][k][tx];
    __syncthreads();
    pipe.consumer_release();
  }
  C[row * n + col] = acc;
#endif
}
