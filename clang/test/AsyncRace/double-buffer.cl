// -Wasync-race's warning (asyncpipe-race-check) on README's double-buffered
// loop: exact as written, none; with the wait one group too weak, a warning
// at the read (with -g: the read's line, naming the copy's, the loop's and
// the wait's) or at the wait (without -g, where only the calls carry the
// user's location), with the wait that fixes it. The same on gfx942, gfx1250
// (ASYNCcnt), sm_80 and the host; -asyncpipe-warn-async-race=false silences
// it.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINES
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -DWAIT=2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOLINES
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINES
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINES
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -DWAIT=2 -fPIC -shared \
// RUN:   -I%asyncpipe_include %s -o %t.so 2>&1 | FileCheck %s --check-prefix=LINES
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -DWAIT=2 -mllvm -asyncpipe-warn-async-race=false \
// RUN:   -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>

#ifndef WAIT
#define WAIT 1
#endif

kernel void scale(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  asyncpipe_copy(&tile[0][i], in + i, 4);
  asyncpipe_commit();
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_commit();
    asyncpipe_wait(WAIT);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t * 256 + i] = 3 * tile[t & 1][i];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}

// LINES: double-buffer.cl:57:28: warning: this load of shared memory overlaps the destination of the async copy at line 53 while it is still in flight: in iteration 1 of the loop at line 52 (counting from 0), with the copy issued in the previous iteration; the wait at line 55 leaves the copy's group (the 2nd newest at the load) pending; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
// LINES-NOT: warning:
// NOLINES: double-buffer.cl:55:5: warning: this wait leaves an async copy in flight while a later load of shared memory overlaps its destination (compile with -g for the lines): in iteration 1 of the loop (counting from 0), with the copy issued in the previous iteration; the copy's group (the 2nd newest at the load) is still pending; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
// NOLINES-NOT: warning:
