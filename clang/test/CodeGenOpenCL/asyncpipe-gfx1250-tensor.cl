// Clang 22's gfx1250 tensor DMA builtins (__builtin_amdgcn_tensor_load_to_lds,
// _d2, tensor_store_from_lds) under the mark builtins of
// <asyncpipe/amdgcn_async.h>: the marks track them on TENSORcnt, beside the
// async copies on ASYNCcnt, and each wait becomes the weakest
// s_wait_tensorcnt and s_wait_asynccnt pair, proven by the independent
// checker: a double-buffered loop of tensor tiles waits for the previous
// tile with the next one in flight (s_wait_tensorcnt 0x1), and a group of a
// copy and a tensor load needs both counters.
// REQUIRES: amdgpu-registered-target
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits -I%asyncpipe_include -O2 -S %s -o - \
// RUN:   | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits -I%asyncpipe_include -O0 -S %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0

#include <asyncpipe/amdgcn_async.h>

typedef int v4i __attribute__((ext_vector_type(4)));
typedef int v8i __attribute__((ext_vector_type(8)));

// CHECK-LABEL: {{^}}tiles:
// CHECK:         tensor_load_to_lds
// CHECK:         ; asyncmark
// CHECK:       Loop Header
// CHECK:         tensor_load_to_lds
// CHECK:         ; asyncmark
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         s_wait_tensorcnt 0x1
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(1)
// CHECK-NOT:     s_wait_
// CHECK:         ds_load_b32
// CHECK:         s_cbranch_scc1
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         s_wait_tensorcnt 0x0
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(0)
// At -O0 Clang 22 keeps an OpenCL kernel's body in a function of its own
// (__clang_ocl_kern_imp_*) that the kernel, or another kernel, calls: it may
// start with a caller's copies and tensor DMA in flight, which its first
// mark covers, so the waits naming that mark also wait for ASYNCcnt and for
// all older tensor DMA.
// O0-LABEL: {{^}}__clang_ocl_kern_imp_tiles:
// O0:         s_wait_asynccnt 0x0
// O0-NEXT:    s_wait_tensorcnt 0x1
// O0-NEXT:    ;;#ASMSTART
// O0-NEXT:    ; wait_asyncmark(1)
// O0:         s_wait_asynccnt 0x0
// O0-NEXT:    s_wait_tensorcnt 0x0
// O0-NEXT:    ;;#ASMSTART
// O0-NEXT:    ; wait_asyncmark(0)
// O0-LABEL: {{^}}tiles:
// O0-NOT:     s_wait_tensorcnt
// O0:         s_endpgm
kernel void tiles(v4i d0, v8i d1, local int *tile, global int *out, int n) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  __builtin_amdgcn_tensor_load_to_lds_d2(d0, d1, 0);
  __builtin_amdgcn_asyncmark();
  for (int t = 0; t < n; ++t) {
    v4i next = d0;
    next.y += t + 1;
    __builtin_amdgcn_tensor_load_to_lds_d2(next, d1, 0);
    __builtin_amdgcn_asyncmark();
    __builtin_amdgcn_wait_asyncmark(1);
    out[t * 256 + i] = tile[(t & 1) * 256 + i];
  }
  __builtin_amdgcn_wait_asyncmark(0);
}

// CHECK-LABEL: {{^}}mixed:
// CHECK:         global_load_async_to_lds_b32
// CHECK:         tensor_load_to_lds
// CHECK:         ; asyncmark
// CHECK:         s_wait_asynccnt 0x0
// CHECK-NEXT:    s_wait_tensorcnt 0x0
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(0)
kernel void mixed(v4i d0, v8i d1, v4i d2, v4i d3, global int *in,
                  local int *tile, global int *out) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  __builtin_amdgcn_global_load_async_to_lds_b32(in + i, tile + i, 0, 0);
  __builtin_amdgcn_tensor_load_to_lds(d0, d1, d2, d3, 0);
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_wait_asyncmark(0);
  out[i] = tile[255 - i];
}
