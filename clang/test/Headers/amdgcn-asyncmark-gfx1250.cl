// gfx1250 and gfx1251 have no LDS DMA, but <asyncpipe/amdgcn_async.h> accepts
// the mark builtins there, as upstream Clang does (target feature
// "vmem-to-lds-load-insts|asynccnt"): they track Clang 22's own async copies
// (ASYNCcnt), and each wait becomes the weakest s_wait_asynccnt. Two copies
// in flight: wait(1) needs only the older (s_wait_asynccnt 1), wait(0) both.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits -I%asyncpipe_include -O2 -S %s -o - \
// RUN:   | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1251 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits -I%asyncpipe_include -O2 -S %s -o - \
// RUN:   | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits -I%asyncpipe_include -O0 -S %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0
// In the IR the mark builtins are the upstream intrinsics.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// REQUIRES: amdgpu-registered-target

// IR-LABEL: @two_stages(
// IR:         tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) align 4 %0, ptr addrspace(3) @two_stages.tile, i32 0, i32 0)
// IR-NEXT:    tail call void @llvm.amdgcn.asyncmark()
// IR-NEXT:    getelementptr
// IR-NEXT:    tail call void @llvm.amdgcn.global.load.async.to.lds.b32(
// IR-NEXT:    tail call void @llvm.amdgcn.asyncmark()
// IR-NEXT:    tail call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 1)
// IR:         tail call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 0)

// CHECK-LABEL: two_stages:
// CHECK:         global_load_async_to_lds_b32
// CHECK:         ; asyncmark
// CHECK:         global_load_async_to_lds_b32
// CHECK:         ; asyncmark
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         s_wait_asynccnt 0x1
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(1)
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         ds_load_b32
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         s_wait_asynccnt 0x0
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(0)
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         s_endpgm

// O0-LABEL: two_stages:
// O0:         s_wait_asynccnt 0x1
// O0:         ; wait_asyncmark(1)
// O0:         s_wait_asynccnt 0x0
// O0:         ; wait_asyncmark(0)
// O0:         s_endpgm

#include <asyncpipe/amdgcn_async.h>

kernel void two_stages(global int *g, global int *out) {
  local int tile[128];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  __builtin_amdgcn_global_load_async_to_lds_b32(g, tile, 0, 0);
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_global_load_async_to_lds_b32(g + 64, tile + 64, 0, 0);
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_wait_asyncmark(1);
  out[t] = tile[t];
  __builtin_amdgcn_wait_asyncmark(0);
  out[t + 64] = tile[64 + t];
}
