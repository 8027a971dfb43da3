// The portable calls on gfx1250, which has no LDS DMA but its own async
// copies into LDS (global_load_async_to_lds, counted on ASYNCcnt): README's
// double-buffered loop keeps the next tile's copy in flight there too
// (s_wait_asynccnt 0x1), each wait proven by the independent checker.
// gfx1250's copies move 1, 4, 8 or 16 bytes per lane (b8/b32/b64/b128, not
// LDS DMA's 1, 2, 4): the header accepts those, and a size they cannot move
// is an error at the call, from the header.
// REQUIRES: amdgpu-registered-target, libclc
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang %libclc_amdgcn \
// RUN:   -I%asyncpipe_include -O2 -S %s -o - -mllvm -amdgpu-enable-check-async-waits \
// RUN:   | FileCheck %s
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S %s -o /dev/null -DBAD_SIZE 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIZE

#include <asyncpipe/asyncpipe.h>

// CHECK-LABEL: scale:
// CHECK:         global_load_async_to_lds_b32
// CHECK:       Loop Header
// CHECK:         global_load_async_to_lds_b32
// CHECK:         ; asyncmark
// CHECK-NOT:     s_wait_asynccnt
// CHECK:         s_wait_asynccnt 0x1
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(1)
// CHECK:         s_barrier_signal
// CHECK:         s_cbranch_scc1
// CHECK:         s_wait_asynccnt 0x0
// CHECK-NEXT:    ;;#ASMSTART
// CHECK-NEXT:    ; wait_asyncmark(0)
kernel void scale(global const int *in, global int *out, int n) {
  local int tile[2][256];
  size_t i = get_local_id(0);
  asyncpipe_copy(&tile[0][i], in + i, 4);
  asyncpipe_commit();
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[(t + 1) & 1][i], in + (t + 1) * 256 + i, 4);
    asyncpipe_commit();
    asyncpipe_wait(1);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[t * 256 + i] = 3 * tile[t & 1][i];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}

// CHECK-LABEL: wide:
// CHECK:         global_load_async_to_lds_b64
// CHECK:         global_load_async_to_lds_b128
// CHECK:         s_wait_asynccnt 0x0
kernel void wide(global const long *in, global long *out) {
  local long pairs[256];
  local int4 quads[256];
  size_t i = get_local_id(0);
  asyncpipe_copy(&pairs[i], in + i, 8);
  asyncpipe_copy(&quads[i], (global const int4 *)in + i, 16);
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[i] = pairs[i] + quads[i].x;
}

#ifdef BAD_SIZE
kernel void halves(global const short *in, global short *out) {
  local short tile[256];
  size_t i = get_local_id(0);
  // SIZE: asyncpipe-gfx1250-portable.cl:[[@LINE+1]]:3: error: 'asyncpipe_copy' cannot copy this size on this target: size must be 1, 4, 8 or 16
  asyncpipe_copy(&tile[i], in + i, 2);
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[i] = tile[i];
}
#endif
