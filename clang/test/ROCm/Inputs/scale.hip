// A whole HIP program, host and device, as a ROCm user writes it.
#include <asyncpipe/asyncpipe.h>
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void scale(const int *in, int *out, int n) {
  __shared__ int tile[2][64];
  int i = threadIdx.x;
  asyncpipe_copy(&tile[0][i], in + i, 4);
  asyncpipe_commit();
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 64 + i, 4);
    asyncpipe_commit();
    asyncpipe_wait(1);
    __syncthreads();
    out[t * 64 + i] = 3 * tile[t & 1][i];
    __syncthreads();
  }
  asyncpipe_wait(0);
}

int main() {
  int *in, *out;
  // No GPU here: the program links and starts; HIP reports no device.
  if (hipMalloc(&in, 5 * 64 * sizeof(int)) != hipSuccess ||
      hipMalloc(&out, 4 * 64 * sizeof(int)) != hipSuccess) {
    std::printf("scale: no HIP device\n");
    return 0;
  }
  hipLaunchKernelGGL(scale, dim3(1), dim3(64), 0, 0, in, out, 4);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
