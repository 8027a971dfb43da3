// CUDA, with the builtin __syncthreads() (no CUDA headers needed).
#include "__clang_cuda_builtin_vars.h"
#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#define KERNEL extern "C" __attribute__((global))
#define GLOBAL
#define SHARED_ARRAY(T, N, D) __attribute__((shared)) T N D
#define LOCAL_ID(D) threadIdx.x
#define LOCAL_SIZE(D) blockDim.x
#define SYNC() __syncthreads()
#include "copy_loop_kernels.inc"
