// The CUDA keywords and cooperative_groups::this_thread_block that the CUDA
// Programming Guide's examples use, for the compilations that have no CUDA
// headers (HIP without ROCm, host C++): the language's environment, not a
// change to the examples. Forced in with -include.
#ifndef CUDA_ENV_H
#define CUDA_ENV_H
#include <asyncpipe/pipeline.h>
#if defined(__CUDA__) || defined(__HIP__)
#ifndef __global__
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#endif
#else
#define __global__
#define __device__
// One work-item per block on the host: a block's shared memory is static.
#define __shared__ static
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
typedef decltype(sizeof(0)) size_t;
#ifndef __align__
#define __align__(N) __attribute__((aligned(N)))
#endif
namespace cooperative_groups {
using asyncpipe::this_thread_block;
using thread_block = asyncpipe::thread_block;
} // namespace cooperative_groups
#endif
