// Kernels written for cuda::pipeline, compiled unchanged four ways by
// cuda_compat.sh: nvcc 13 and clang-22 with libcu++'s <cuda/pipeline>,
// clang-22 + AsyncPipe on the same source, and clang-22 + AsyncPipe with
// AsyncPipe's API (-include asyncpipe/cuda_compat.h, which takes
// <cuda/pipeline>'s place next to CUDA's other headers).
#include <cuda/pipeline>

// The Programming Guide's "Tracking asynchronous memory operations", each
// thread copying its own element, and the data used.
__global__ void guide_tracking(const float *in, float *out) {
  constexpr int block_size = 128;
  __shared__ __align__(sizeof(float)) float buffer[4 * block_size];
  unsigned t = threadIdx.x;
  cuda::pipeline<cuda::thread_scope_thread> pipeline = cuda::make_pipeline();
  pipeline.producer_acquire();
  cuda::memcpy_async(buffer + t, in + t, sizeof(float), pipeline);
  pipeline.producer_commit();
  pipeline.producer_acquire();
  cuda::memcpy_async(buffer + block_size + t, in + block_size + t,
                     sizeof(float), pipeline);
  cuda::memcpy_async(buffer + 2 * block_size + t, in + 2 * block_size + t,
                     sizeof(float), pipeline);
  pipeline.producer_commit();
  pipeline.producer_acquire();
  cuda::memcpy_async(buffer + 3 * block_size + t, in + 3 * block_size + t,
                     sizeof(float), pipeline);
  pipeline.producer_commit();
  float sum = 0;
  for (int stage = 0; stage < 3; ++stage) {
    pipeline.consumer_wait();
    sum += buffer[stage * block_size + t];
    pipeline.consumer_release();
  }
  out[t] = sum;
}

// A double-buffered float4 loop: the copy of tile i + 1 flies while tile i
// is used.
__global__ void double_buffer_float4(const float4 *in, float4 *out,
                                     int tiles) {
  constexpr int tile = 256;
  __shared__ float4 buffer[2][tile];
  unsigned t = threadIdx.x;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&buffer[0][t], &in[t], sizeof(float4), pipe);
  pipe.producer_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buffer[(i + 1) % 2][t], &in[(i + 1) * tile + t],
                         sizeof(float4), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    float4 v = buffer[i % 2][t];
    out[i * tile + t] = make_float4(2 * v.x, 2 * v.y, 2 * v.z, 2 * v.w);
    pipe.consumer_release();
  }
}

// A double-buffered GEMM tile loop (16 x 16 tiles, n a multiple of 16) that
// commits one group per iteration, empty on the last: consumer_wait's count
// is the same on every iteration.
__global__ void gemm_double_buffer(const float *A, const float *B, float *C,
                                   int n) {
  constexpr int T = 16;
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
    pipe.producer_acquire();
    if (t + 1 < tiles) {
      cuda::memcpy_async(&As[next][ty][tx], &A[row * n + (t + 1) * T + tx],
                         sizeof(float), pipe);
      cuda::memcpy_async(&Bs[next][ty][tx], &B[((t + 1) * T + ty) * n + col],
                         sizeof(float), pipe);
    }
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[t % 2][ty][k] * Bs[t % 2][k][tx];
    __syncthreads();
    pipe.consumer_release();
  }
  C[row * n + col] = acc;
}
