// The register-stage GEMM in CUDA, with the builtin __syncthreads() (no CUDA headers needed).
#include "__clang_cuda_builtin_vars.h"
#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#define KERNEL extern "C" __attribute__((global))
#define GLOBAL
#define SHARED_ARRAY(T, N, D) __attribute__((shared)) T N D
#define LOCAL_ID(D) (D == 0 ? threadIdx.x : threadIdx.y)
#define GROUP_ID(D) (D == 0 ? blockIdx.x : blockIdx.y)
#define SYNC() __syncthreads()
#include "register_stage_kernel.inc"
