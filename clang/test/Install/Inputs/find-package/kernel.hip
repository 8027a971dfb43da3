#include <asyncpipe/hip.h>
#include <asyncpipe/pipeline.h>

__global__ void copy_tile(const int *in, int *out) {
  __shared__ int tile[256];
  auto pipe = asyncpipe::make_pipeline();
  asyncpipe::memcpy_async(&tile[threadIdx.x], in + threadIdx.x, sizeof(int),
                          pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = tile[threadIdx.x];
}
