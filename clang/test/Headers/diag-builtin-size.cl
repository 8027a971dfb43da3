// A size LDS DMA cannot copy is a compile error; gfx950 adds 12 and 16.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify=gfx950 \
// RUN:   -Xclang -verify-ignore-unexpected=note %s

#include <asyncpipe/amdgcn_async.h>

void f(global int *g, local int *l, __amdgpu_buffer_rsrc_t r) {
  __builtin_amdgcn_global_load_async_lds(g, l, 3, 0, 0); // expected-error {{'__builtin_amdgcn_global_load_async_lds' cannot copy this size: size must be 1, 2 or 4 (12 and 16 need gfx950)}} gfx950-error {{'__builtin_amdgcn_global_load_async_lds' cannot copy this size: size must be 1, 2, 4, 12 or 16}}
  __builtin_amdgcn_load_async_to_lds(g, l, 16, 0, 0); // expected-error {{'__builtin_amdgcn_load_async_to_lds' cannot copy this size: size must be 1, 2 or 4 (12 and 16 need gfx950)}}
  __builtin_amdgcn_raw_ptr_buffer_load_async_lds(r, l, 8, 0, 0, 0, 0); // expected-error {{'__builtin_amdgcn_raw_ptr_buffer_load_async_lds' cannot copy this size}} gfx950-error {{'__builtin_amdgcn_raw_ptr_buffer_load_async_lds' cannot copy this size}}
  __builtin_amdgcn_struct_ptr_buffer_load_async_lds(r, l, 12, 0, 0, 0, 0, 0); // expected-error {{'__builtin_amdgcn_struct_ptr_buffer_load_async_lds' cannot copy this size}}
}
