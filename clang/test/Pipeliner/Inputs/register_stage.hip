// The register-stage GEMM in HIP, with __syncthreads() from asyncpipe/hip.h (or ROCm).
#include "asyncpipe/hip.h"
#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#define KERNEL extern "C" __global__
#define GLOBAL
#define SHARED_ARRAY(T, N, D) __shared__ T N D
#define LOCAL_ID(D) (D == 0 ? threadIdx.x : threadIdx.y)
#define GROUP_ID(D) (D == 0 ? blockIdx.x : blockIdx.y)
#define SYNC() __syncthreads()
#include "register_stage_kernel.inc"
