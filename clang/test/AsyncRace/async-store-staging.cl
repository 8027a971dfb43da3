// Async stores (asyncpipe_store, shared to global) write back tiles from a
// double-buffered staging buffer: before a tile is computed into a half,
// the store that read that half two tiles earlier must be complete. Waiting
// for at most 1 group is right; for at most 2, the write into the staging
// buffer races with the store still reading it, warned at the write with
// the wait that fixes it, on gfx1250 and the host.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DWAIT=2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -fPIC -shared \
// RUN:   -I%asyncpipe_include %s -o %t.ok.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -DWAIT=2 -fPIC -shared \
// RUN:   -I%asyncpipe_include %s -o %t.so 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>

#ifndef WAIT
#define WAIT 1
#endif

kernel void write_back(global int *out, int n) {
  local int staging[2][256];
  size_t i = get_local_id(0);
  for (int t = 0; t < n; ++t) {
    asyncpipe_wait(WAIT);
    staging[t & 1][i] = 10 * t + (int)i;
    // CHECK: async-store-staging.cl:[[#@LINE-1]]:23: warning: this store overwrites the source of the async store at line [[#@LINE+1]], which may not have read it yet: in iteration 2 of the loop at line [[#@LINE-3]] (counting from 0), with the store issued 2 iterations earlier; the wait at line [[#@LINE-2]] leaves the store's group (the 2nd newest at the store) pending; wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the store
    asyncpipe_store(out + t * 256 + i, &staging[t & 1][i], 4);
    asyncpipe_commit();
  }
  asyncpipe_wait(0);
}
// CHECK-NOT: warning:
