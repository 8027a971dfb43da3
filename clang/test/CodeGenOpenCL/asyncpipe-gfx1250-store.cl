// asyncpipe_store from OpenCL C: on gfx1250 the write-back becomes
// global_store_async_from_lds_b32, counted on ASYNCcnt with the copies, and
// the double-buffered loop waits with s_wait_asynccnt 0x1 before it fills a
// staging buffer again (the store that read it two trips ago is complete),
// each wait proven by the independent checker. Where there is no async
// store from shared memory (gfx942's LDS DMA only loads into LDS) the call
// is an error at the user's line with the fix; on NVPTX, whose async stores
// are sm_90's bulk copies of a multiple of 16 bytes
// (CodeGenCUDA/asyncpipe-sm90-store.cu), the 4-byte store is the header's
// error.
// REQUIRES: amdgpu-registered-target, nvptx-registered-target
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S %s -o - -mllvm -amdgpu-enable-check-async-waits \
// RUN:   | FileCheck %s
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -O0 -S %s -o /dev/null -mllvm -amdgpu-enable-check-async-waits
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GFX942 --implicit-check-not=error:
// RUN: not %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 \
// RUN:   %nvptx_ptx -nogpulib -I%asyncpipe_include -O2 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80 --implicit-check-not=error:

#include <asyncpipe/asyncpipe.h>

#ifdef __AMDGCN__
#define LANE() __builtin_amdgcn_workitem_id_x()
#else
#define LANE() __nvvm_read_ptx_sreg_tid_x()
#endif

// CHECK-LABEL: write_back:
// CHECK:       Loop Header
// CHECK:         s_wait_asynccnt 0x1
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(1)
// CHECK:         global_store_async_from_lds_b32
// CHECK:         ; asyncmark
// CHECK:         s_wait_asynccnt 0x0
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(0)
kernel void write_back(global int *out, int n) {
  local int tile[2][256];
  int i = LANE();
  for (int t = 0; t < n; ++t) {
    asyncpipe_wait(1); // the store that read tile[t & 1] is complete
    tile[t & 1][i] = 3 * t + i;
    // GFX942: asyncpipe-gfx1250-store.cl:[[@LINE+2]]:5: error: an async store from LDS (asyncpipe_store, 'llvm.amdgcn.global.store.async.lds') needs gfx1250's async stores (global_store_async_from_lds), which gfx9 (gfx942) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250), or write the LDS data back with ordinary stores once a wait and a barrier have made it ready
    // SM80: asyncpipe-gfx1250-store.cl:[[@LINE+1]]:5: error: 'asyncpipe_store' cannot store this size on this target: size must be a multiple of 16
    asyncpipe_store(out + t * 256 + i, &tile[t & 1][i], 4);
    asyncpipe_commit();
  }
  asyncpipe_wait(0);
}
