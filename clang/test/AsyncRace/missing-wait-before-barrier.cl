// A wait left out before a barrier: the copy is committed, the work-group
// synchronizes, and the tile is read with the copy still in flight (the
// barrier orders the work-items, not the copies). Warned at the read, on
// gfx942, gfx1250, sm_80 and the host, straight-line and in a
// double-buffered loop (where the fix keeps the next tile's copy in
// flight); the originals, which wait before the barrier, get no warning.
// With no wait after it in the function, the single tile's commit is removed
// as unobserved (asyncpipe-elim) before the check runs on gfx942, gfx1250 and
// the host, so the fix there commits and waits; on sm_80 it stays.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DMISSING -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ONE
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DMISSING -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ONE
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -g -DMISSING -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NV
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -DMISSING -fPIC -shared \
// RUN:   -I%asyncpipe_include %s -o %t.so 2>&1 | FileCheck %s --check-prefixes=CHECK,ONE
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>

kernel void single_tile(global const int *in, global int *out) {
  local int tile[256];
  size_t i = get_local_id(0);
  asyncpipe_copy(&tile[i], in + i, 4);
  asyncpipe_commit();
#ifndef MISSING
  asyncpipe_wait(0);
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[i];
  // ONE: missing-wait-before-barrier.cl:[[#@LINE-1]]:12: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-7]] while it is still in flight: no wait completes the copy's group (the 0th newest at the load) before it; no mark closes the copy's group before the load: commit it, then wait for 0 before the load
  // NV: missing-wait-before-barrier.cl:[[#@LINE-2]]:12: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-8]] while it is still in flight: no wait completes the copy's group (the 1st newest at the load) before it; wait until at most 0 of the commit groups are pending (asyncpipe_wait(0)) before the load
}

kernel void double_buffer(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  asyncpipe_copy(&tile[0][i], in + i, 4);
  asyncpipe_commit();
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_commit();
#ifndef MISSING
    asyncpipe_wait(1);
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t * 256 + i] = 3 * tile[t & 1][i];
    // CHECK: missing-wait-before-barrier.cl:[[#@LINE-1]]:28: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-7]] while it is still in flight: in iteration 1 of the loop at line [[#@LINE-8]] (counting from 0), with the copy issued in the previous iteration; no wait completes the copy's group (the 2nd newest at the load) before it; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}
// CHECK-NOT: warning:
