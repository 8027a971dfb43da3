// The HIP keywords and built-in variables a kernel uses, for compiling HIP
// kernel code as host C++ (the language's environment, as CUDA code gets
// from clang/test/CudaCompat/Inputs/cuda-env.h): one work-item per block,
// so a block's shared memory is static and the driver sets blockIdx.
#ifndef HIP_HOST_ENV_H
#define HIP_HOST_ENV_H
#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __forceinline__ inline __attribute__((always_inline))
struct hip_host_dim3 {
  unsigned x, y, z;
};
static hip_host_dim3 threadIdx, blockIdx, blockDim = {1, 1, 1},
                                          gridDim = {1, 1, 1};
#endif
