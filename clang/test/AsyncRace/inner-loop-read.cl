// The race warning on a tile read in an inner loop, as a dot product or a
// GEMM reads it: each work-item copies its own element, then every one walks
// the whole tile. The inner loop neither marks nor waits, so its reads of
// every iteration come after the same wait; they are compared for the
// work-group's first work-item, whose copy is element 0, read in the inner
// loop's iteration 0.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=1 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>

kernel void dot(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_commit();
    asyncpipe_wait(WAIT);
    barrier(CLK_LOCAL_MEM_FENCE);
    int sum = 0;
    for (int k = 0; k < 256; ++k)
      sum += tile[t & 1][k] * k;
    out[t * 256 + i] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}
// CHECK: inner-loop-read.cl:[[#@LINE-6]]:14: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-12]] while it is still in flight: in iteration 1 of the loop at line [[#@LINE-13]] (counting from 0), with the copy issued in the previous iteration; the access in iteration 0 of the loop at line [[#@LINE-7]] (counting from 0); the wait at line [[#@LINE-10]] leaves the copy's group (the 2nd newest at the load) pending; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
// CHECK-NOT: warning:
