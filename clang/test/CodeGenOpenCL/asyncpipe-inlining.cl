// Seed 003's inlining example in OpenCL C through clang -O2 -fpass-plugin
// for gfx942, with no other flag: foo is inlined into bar, foo's mark A (which
// no wait of foo observes) is removed before the inliner, and bar's
// wait_asyncmark(1) still waits for mark B: s_waitcnt vmcnt(2), leaving C's
// and foo's DMAs in flight. In bar_waiting_callee the callee's mark stays (its
// own wait observes it) and bar's wait is recounted to wait_asyncmark(2).
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -S %s -o - -mllvm -amdgpu-enable-check-async-waits | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -O2 -S %s -o /dev/null -Rpass=asyncpipe 2>&1 | FileCheck %s --check-prefix=REMARK
// REQUIRES: amdgpu-registered-target

void global_load_async_lds(global void *src, local void *dst, int size,
                           int offset, int aux)
    __asm__("llvm.amdgcn.global.load.async.lds");
void asyncmark(void) __asm__("llvm.amdgcn.asyncmark");
void wait_asyncmark(short n) __asm__("llvm.amdgcn.wait.asyncmark");

// REMARK-DAG: asyncpipe-inlining.cl:[[#@LINE+3]]:3: remark: mark removed: rule M1 (activation): no later wait of this function can observe it
static void foo(global int *g, local int *l) {
  global_load_async_lds(g + 2, l, 4, 0, 0);
  asyncmark(); // A
}

// CHECK-LABEL: bar:
// CHECK-COUNT-2: ; asyncmark
// CHECK:         global_load_lds_dword
// CHECK-NEXT:    s_waitcnt vmcnt(2)
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(1)
kernel void bar(global int *g, global int *out, local int *l) {
  global_load_async_lds(g, l, 4, 0, 0);
  asyncmark(); // B
  global_load_async_lds(g + 1, l + 1, 4, 0, 0);
  asyncmark(); // C
  foo(g, l + 2);
  wait_asyncmark(1);
  *out = l[0];
}

static void foo_waits(global int *g, local int *l, int c) {
  global_load_async_lds(g + 2, l, 4, 0, 0);
  asyncmark();
  if (c)
    wait_asyncmark(0);
}

// CHECK-LABEL: bar_waiting_callee:
// CHECK:         ; wait_asyncmark(0)
// CHECK:         s_waitcnt vmcnt(2)
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(2)
// REMARK-DAG: asyncpipe-inlining.cl:[[#@LINE+8]]:3: remark: __builtin_amdgcn_wait_asyncmark(1) waits for at most 2 outstanding asyncmarks: calls inlined after the group it waits for commit 1 more
kernel void bar_waiting_callee(global int *g, global int *out, local int *l,
                               int c) {
  global_load_async_lds(g, l, 4, 0, 0);
  asyncmark();
  global_load_async_lds(g + 1, l + 1, 4, 0, 0);
  asyncmark();
  foo_waits(g, l + 2, c);
  wait_asyncmark(1);
  *out = l[0];
}
