// The mark builtins of <asyncpipe/amdgcn_async.h> in HIP for gfx1250, without
// ROCm (-nogpuinc): Clang 22's async copies, tracked by marks, each wait the
// weakest s_wait_asynccnt (1 for the older of two copies, then 0); the host
// pass type-checks the same calls.
// RUN: %clang -x hip --offload-arch=gfx1250 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -I%asyncpipe_include -O2 -S %s -o - | FileCheck %s
// RUN: %clang -x hip --offload-arch=gfx1250 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -I%asyncpipe_include -O0 -S %s -o - | FileCheck %s --check-prefix=O0
// RUN: clang -x hip --offload-arch=gfx1250 -nogpulib -nogpuinc \
// RUN:   --cuda-host-only -I%asyncpipe_include -fsyntax-only %s
// REQUIRES: amdgpu-registered-target

// CHECK-LABEL: _Z10two_stagesPU3AS1iPi:
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

// O0-LABEL: _Z10two_stagesPU3AS1iPi:
// O0:         s_wait_asynccnt 0x1
// O0:         ; wait_asyncmark(1)
// O0:         s_wait_asynccnt 0x0
// O0:         ; wait_asyncmark(0)
// O0:         s_endpgm

#include <asyncpipe/amdgcn_async.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

typedef __attribute__((address_space(1))) int global_int;
typedef __attribute__((address_space(3))) int lds_int;

__shared__ int tile[128];

__global__ void two_stages(global_int *g, int *out) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  __builtin_amdgcn_global_load_async_to_lds_b32(g, (lds_int *)tile, 0, 0);
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_global_load_async_to_lds_b32(g + 64, (lds_int *)tile + 64,
                                                0, 0);
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_wait_asyncmark(1);
  out[t] = tile[t];
  __builtin_amdgcn_wait_asyncmark(0);
  out[t + 64] = tile[64 + t];
}
