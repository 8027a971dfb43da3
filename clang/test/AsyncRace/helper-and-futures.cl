// The race warning sees through what users write around the calls: a wait
// in an always_inline helper (part of the kernel once inlined) and waits on
// futures (lowered to counts first). Each kernel is right with RIGHT defined,
// and one group too weak without it: a warning at the read, with the fix, on
// gfx942, gfx1250, sm_80 and the host alike.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DRIGHT -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DRIGHT -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/nvptx64--nvidiacl.bc \
// RUN:   -Wno-linker-warnings -I%asyncpipe_include -O2 -g -DRIGHT -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/nvptx64--nvidiacl.bc \
// RUN:   -Wno-linker-warnings -I%asyncpipe_include -O2 -g -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -fPIC -shared -I%asyncpipe_include %s \
// RUN:   -DRIGHT -o %t.right.so 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -fPIC -shared -I%asyncpipe_include %s \
// RUN:   -o %t.so 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target, nvptx-registered-target, x86-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>

#ifdef RIGHT
#define AHEAD 1
#else
#define AHEAD 2
#endif

__attribute__((always_inline)) static void wait_for_tile(void) {
  asyncpipe_wait(AHEAD);
}

// CHECK: helper-and-futures.cl:[[#@LINE+9]]:28: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE+5]] while it is still in flight: {{.*}}; the wait at line [[#@LINE-3]] leaves the copy's group (the 2nd newest at the load) pending; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
kernel void helper(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_commit();
    wait_for_tile();
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t * 256 + i] = 3 * tile[t & 1][i];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}

// Right: wait on the future of the tile about to be read, made one
// iteration earlier. Wrong: on the one made two iterations earlier.
// CHECK: helper-and-futures.cl:[[#@LINE+17]]:28: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE+7]] while it is still in flight: {{.*}} the copy's group (the 2nd newest at the load) pending; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
kernel void futures(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  asyncpipe_future_t two_ago = asyncpipe_future_any();
  asyncpipe_future_t one_ago = asyncpipe_future_any();
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_future_t made = asyncpipe_commit_future();
#ifdef RIGHT
    asyncpipe_wait_future(one_ago);
#else
    asyncpipe_wait_future(two_ago);
#endif
    two_ago = one_ago;
    one_ago = made;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t * 256 + i] = 3 * tile[t & 1][i];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}
// CHECK-NOT: warning:
