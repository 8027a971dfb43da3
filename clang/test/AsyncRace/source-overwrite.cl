// The race warning on a store into a copy's source before the copy is
// waited for (the copy may not have read it yet): a kernel that copies a
// tile in and then clears the input in place. Waiting first is right. The
// same on gfx942, gfx1250, sm_80 and the host.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -DRIGHT -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/amdgcn-amd-amdhsa.bc \
// RUN:   -I%asyncpipe_include -O2 -g -S %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -x cl -cl-std=CL2.0 -O2 -g -fPIC -shared -I%asyncpipe_include %s \
// RUN:   -o %t.so 2>&1 | FileCheck %s
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
// REQUIRES: amdgpu-registered-target, nvptx-registered-target, x86-registered-target

// QUIET-NOT: {{.}}

#include <asyncpipe/asyncpipe.h>

kernel void consume(global int *in, global int *out) {
  local int tile[256];
  size_t i = get_local_id(0);
  asyncpipe_copy(&tile[i], in + i, 4);
  asyncpipe_commit();
#ifdef RIGHT
  asyncpipe_wait(0);
  in[i] = 0;
#else
  in[i] = 0;
  asyncpipe_wait(0);
#endif
  out[i] = tile[i];
}
// CHECK: source-overwrite.cl:[[#@LINE-5]]:9: warning: this store overwrites the source of the async copy at line [[#@LINE-11]], which may not have read it yet: no wait completes the copy's group (the 1st newest at the store) before it; wait until at most 0 of the commit groups are pending (asyncpipe_wait(0)) before the store
// CHECK-NOT: warning:
