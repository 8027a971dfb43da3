// The CUDA Programming Guide's "Tracking asynchronous memory operations"
// example with the <cuda_pipeline.h> primitives.
#include <cuda_pipeline.h>
__global__ void example_kernel(const float *in)
{
  constexpr int block_size = 128;
  __shared__ __align__(sizeof(float)) float buffer[4 * block_size];
  __pipeline_memcpy_async(buffer + threadIdx.x, in + threadIdx.x, sizeof(float));
  __pipeline_commit();
  __pipeline_memcpy_async(buffer + block_size + threadIdx.x, in + block_size + threadIdx.x, sizeof(float));
  __pipeline_memcpy_async(buffer + 2 * block_size + threadIdx.x, in + 2 * block_size+ threadIdx.x, sizeof(float));
  __pipeline_commit();
  __pipeline_memcpy_async(buffer + 3 * block_size+ threadIdx.x, in + 3 * block_size+ threadIdx.x, sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(2);
  __pipeline_wait_prior(1);
  __pipeline_wait_prior(0);
}
