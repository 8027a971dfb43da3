#include <asyncpipe/asyncpipe.h>

__global__ void copy_tile(const int *in, int *out) {
  __shared__ int tile[256];
  asyncpipe_copy(&tile[threadIdx.x], in + threadIdx.x, sizeof(int));
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[threadIdx.x] = tile[threadIdx.x];
}
