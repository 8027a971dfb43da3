// On gfx1250 the marks are accepted but the LDS DMA builtins are not (the GPU
// has none): each call is an error at the call naming the copies it has.
// RUN: not clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 \
// RUN:   -nogpulib -I%asyncpipe_include -fsyntax-only %s 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/amdgcn_async.h>

kernel void k(global int *g, __amdgpu_buffer_rsrc_t r) {
  local int tile[64];
  // CHECK: diag-builtin-gfx1250.cl:[[@LINE+1]]:3: error: '__builtin_amdgcn_global_load_async_lds' needs LDS DMA (gfx9, gfx10), which gfx1250 does not have: use __builtin_amdgcn_global_load_async_to_lds_b8/b32/b64/b128, which the same marks track
  __builtin_amdgcn_global_load_async_lds(g, tile, 4, 0, 0);
  // CHECK: diag-builtin-gfx1250.cl:[[@LINE+1]]:3: error: '__builtin_amdgcn_load_async_to_lds' needs LDS DMA (gfx9, gfx10), which gfx1250 does not have
  __builtin_amdgcn_load_async_to_lds(g, tile, 4, 0, 0);
  // CHECK: diag-builtin-gfx1250.cl:[[@LINE+1]]:3: error: '__builtin_amdgcn_raw_ptr_buffer_load_async_lds' needs LDS DMA (gfx9, gfx10), which gfx1250 does not have
  __builtin_amdgcn_raw_ptr_buffer_load_async_lds(r, tile, 4, 0, 0, 0, 0);
  // CHECK: diag-builtin-gfx1250.cl:[[@LINE+1]]:3: error: '__builtin_amdgcn_struct_ptr_buffer_load_async_lds' needs LDS DMA (gfx9, gfx10), which gfx1250 does not have
  __builtin_amdgcn_struct_ptr_buffer_load_async_lds(r, tile, 4, 0, 0, 0, 0, 0);
  // The marks themselves are fine.
  // CHECK-NOT: error:
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_wait_asyncmark(0);
}
