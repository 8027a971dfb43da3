// The CUDA Programming Guide's "Tracking asynchronous memory operations"
// example with libcu++'s <cuda/pipeline>, as published.
#include <cuda/pipeline>
__global__ void example_kernel(const float *in)
{
  constexpr int block_size = 128;
  __shared__ __align__(sizeof(float)) float buffer[4 * block_size];
  cuda::pipeline<cuda::thread_scope_thread> pipeline = cuda::make_pipeline();
  pipeline.producer_acquire();
  cuda::memcpy_async(buffer, in, sizeof(float), pipeline);
  pipeline.producer_commit();
  pipeline.producer_acquire();
  cuda::memcpy_async(buffer + block_size, in + block_size, sizeof(float), pipeline);
  cuda::memcpy_async(buffer + 2 * block_size, in + 2 * block_size, sizeof(float), pipeline);
  pipeline.producer_commit();
  pipeline.producer_acquire();
  cuda::memcpy_async(buffer + 3 * block_size, in + 3 * block_size, sizeof(float), pipeline);
  pipeline.producer_commit();
  pipeline.consumer_wait();
  pipeline.consumer_release();
  pipeline.consumer_wait();
  pipeline.consumer_release();
  pipeline.consumer_wait();
  pipeline.consumer_release();
}
