// The AMDGPU checker is a safety net for the soundness bug of always_inline
// helpers: a stage() helper copies, marks and waits; the kernel calls it
// twice and reads the first stage. With AsyncPipe's rules the build is
// correct at -O0 and -O2 and the checker is silent. With the testing-only
// option that restores the old rules (elimination before the
// always-inliner), -O2 deletes the waits, and the checker, which recorded
// the source's waits at the start of the pipeline, reports each one at the
// user's line.
// REQUIRES: amdgpu-registered-target
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O0 -S %s -o /dev/null -mllvm -amdgpu-enable-check-async-waits
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -S %s -o - -mllvm -amdgpu-enable-check-async-waits | FileCheck %s
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 \
// RUN:   -nogpulib -O2 -gline-tables-only -S %s -o /dev/null \
// RUN:   -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -mllvm -asyncpipe-unsound-legacy-model-for-testing 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BROKEN

void async_copy_lds(global const int *src, local int *dst, int size,
                    int offset, int aux)
    __asm__("llvm.amdgcn.global.load.async.lds");
void async_mark(void) __asm__("llvm.amdgcn.asyncmark");
void async_wait(short n) __asm__("llvm.amdgcn.wait.asyncmark");

static inline __attribute__((always_inline)) void
stage(global const int *src, local int *dst) {
  async_copy_lds(src, dst, 4, 0, 0);
  async_mark();
  async_wait(1); // BROKEN: [[#@LINE]]:3: error: the source's wait for at most 1 outstanding marks is not satisfied
}

kernel void two_stages(global const int *in, global int *out) {
  local int a[64], b[64];
  uint lid = __builtin_amdgcn_workitem_id_x();
  stage(in, a);
  stage(in + 64, b);
  out[lid] = a[lid];
  async_wait(0); // BROKEN: [[#@LINE]]:3: error: the source's wait for at most 0 outstanding marks is not satisfied
}

// CHECK-LABEL: {{^}}two_stages:
// CHECK: global_load_lds_dword
// CHECK: global_load_lds_dword
// CHECK: s_waitcnt vmcnt(1)
// CHECK: ds_read_b32
