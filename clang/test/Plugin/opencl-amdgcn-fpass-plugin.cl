// clang -fpass-plugin= runs the plugin in the optimizer and in the AMDGPU
// backend for OpenCL C, at every optimization level.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -O0 -c %s -o /dev/null -Rpass-analysis=asyncpipe 2>&1 | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -O2 -c %s -o /dev/null -Rpass-analysis=asyncpipe 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target

void asyncmark(void) __asm__("llvm.amdgcn.asyncmark");
void wait_asyncmark(short) __asm__("llvm.amdgcn.wait.asyncmark");

// The mark keeps asyncpipe-elim from removing the wait at -O2.
// CHECK: remark: 'store_one' at optimizer end: 0 async copies, 1 marks, 1 waits
// CHECK: remark: 'store_one' at codegen: 0 async copies, 1 marks, 1 waits
void store_one(global int *p) {
  asyncmark();
  wait_asyncmark(0);
  *p = 1;
}

kernel void k(global int *p) { store_one(p); }
