// The race warning where the work-items read what another work-item copies:
// each copies its own element of the tile, every one reads element 0. The
// addresses are compared for the work-group's first work-item, whose own
// copy is element 0 (its id and lane are 0 there, on gfx942 and sm_80).
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=1 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/nvptx64--nvidiacl.bc \
// RUN:   -Wno-linker-warnings -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>

kernel void broadcast(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_commit();
    asyncpipe_wait(WAIT);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t * 256 + i] = tile[t & 1][i] * tile[t & 1][0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}
// CHECK-DAG: broadcast-read.cl:[[#@LINE-5]]:24: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-9]] while it is still in flight: in iteration 1 of the loop at line [[#@LINE-10]]
// CHECK-DAG: broadcast-read.cl:[[#@LINE-6]]:41: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-10]] while it is still in flight: in iteration 1 of the loop at line [[#@LINE-11]]
// CHECK-NOT: warning:
