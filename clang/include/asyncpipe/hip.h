//===- asyncpipe/hip.h - HIP basics, with or without ROCm ------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Lets one HIP source compile with and without a ROCm installation.
//
// With ROCm, clang -x hip includes the HIP runtime wrapper, and this header
// includes <hip/hip_runtime.h>. Without ROCm, clang needs -nogpuinc (there is
// no HIP runtime to include) and -nogpulib (no device libraries), and compiles
// device code only (--cuda-device-only / --offload-device-only: launching a
// kernel needs the runtime); this header then defines the few names a kernel
// uses: __global__, __device__, __host__, __shared__, __constant__,
// __forceinline__, __launch_bounds__, size_t, threadIdx, blockIdx, blockDim,
// gridDim, __syncthreads().
//
//   clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
//         --cuda-device-only -I<prefix>/include -O2 -fpass-plugin=... k.hip
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_HIP_H
#define ASYNCPIPE_HIP_H

#if !defined(__HIP__)
#error "asyncpipe/hip.h is for HIP (clang -x hip)"
#endif

#if defined(__global__)
// The HIP runtime wrapper is active: ROCm is installed.
#include <hip/hip_runtime.h>
#else
#define ASYNCPIPE_HIP_WITHOUT_ROCM 1

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

typedef __SIZE_TYPE__ size_t;

namespace __asyncpipe_hip {
// threadIdx.x etc. read the hardware registers when used, as in HIP.
#define ASYNCPIPE_HIP_DIM3(TYPE, X, Y, Z)                                      \
  struct TYPE {                                                                \
    __declspec(property(get = get_x)) unsigned x;                              \
    __declspec(property(get = get_y)) unsigned y;                              \
    __declspec(property(get = get_z)) unsigned z;                              \
    static __device__ __forceinline__ unsigned get_x() { return X; }           \
    static __device__ __forceinline__ unsigned get_y() { return Y; }           \
    static __device__ __forceinline__ unsigned get_z() { return Z; }           \
  };
ASYNCPIPE_HIP_DIM3(thread_index, __builtin_amdgcn_workitem_id_x(),
                   __builtin_amdgcn_workitem_id_y(),
                   __builtin_amdgcn_workitem_id_z())
ASYNCPIPE_HIP_DIM3(block_index, __builtin_amdgcn_workgroup_id_x(),
                   __builtin_amdgcn_workgroup_id_y(),
                   __builtin_amdgcn_workgroup_id_z())
ASYNCPIPE_HIP_DIM3(block_dim, __builtin_amdgcn_workgroup_size_x(),
                   __builtin_amdgcn_workgroup_size_y(),
                   __builtin_amdgcn_workgroup_size_z())
ASYNCPIPE_HIP_DIM3(
    grid_dim,
    __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(),
    __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(),
    __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z())
#undef ASYNCPIPE_HIP_DIM3
} // namespace __asyncpipe_hip

extern const __device__
    __attribute__((weak)) __asyncpipe_hip::thread_index threadIdx;
extern const __device__
    __attribute__((weak)) __asyncpipe_hip::block_index blockIdx;
extern const __device__
    __attribute__((weak)) __asyncpipe_hip::block_dim blockDim;
extern const __device__ __attribute__((weak)) __asyncpipe_hip::grid_dim gridDim;

// A workgroup barrier that also orders shared (and global) memory.
static __device__ __forceinline__ void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
#endif

#endif // ASYNCPIPE_HIP_H
