// HIP, with __syncthreads() from asyncpipe/hip.h (or ROCm).
#include "asyncpipe/hip.h"
#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#define KERNEL extern "C" __global__
#define GLOBAL
#define SHARED_ARRAY(T, N, D) __shared__ T N D
#define LOCAL_ID(D) threadIdx.x
#define LOCAL_SIZE(D) blockDim.x
#define SYNC() __syncthreads()
#include "copy_loop_kernels.inc"
