// HIP kernels are C++ functions: remarks name them as written, not mangled.
// RUN: %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -O2 -I%asyncpipe_include -c %s -o /dev/null \
// RUN:   -Rpass-analysis='^asyncpipe$' 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/hip.h>

__global__ void scale_tile(const int *src, int *out) {
  // CHECK: remarks-demangled.hip:[[@LINE-1]]:1: remark: 'scale_tile(int const*, int*)' at optimizer end: 1 async copies, 1 marks, 1 waits
  // CHECK: remarks-demangled.hip:[[@LINE-2]]:1: remark: 'scale_tile(int const*, int*)' at codegen: 1 async copies, 1 marks, 1 waits
  __shared__ int tile[256];
  asyncpipe_copy(&tile[threadIdx.x], src + threadIdx.x, 4);
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[threadIdx.x] = 3 * tile[threadIdx.x];
}
