// OpenCL C, with barrier(CLK_LOCAL_MEM_FENCE).
#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#define KERNEL kernel
#define GLOBAL global
#define SHARED_ARRAY(T, N, D) local T N D
#define LOCAL_ID(D) get_local_id(D)
#define LOCAL_SIZE(D) get_local_size(D)
#define SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#include "copy_loop_kernels.inc"
