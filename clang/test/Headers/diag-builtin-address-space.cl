// Operands in the wrong address space are rejected by the builtins' types.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/amdgcn_async.h>

void f(global int *g, local int *l, int *gen, __amdgpu_buffer_rsrc_t r) {
  __builtin_amdgcn_global_load_async_lds(l, l, 4, 0, 0); // expected-error {{passing '__local int *__private' to parameter of type '__global void *' changes address space of pointer}}
  __builtin_amdgcn_global_load_async_lds(g, g, 4, 0, 0); // expected-error {{passing '__global int *__private' to parameter of type '__local void *' changes address space of pointer}}
  __builtin_amdgcn_load_async_to_lds(gen, l, 4, 0, 0); // expected-error {{no matching function for call to '__builtin_amdgcn_load_async_to_lds'}}
  __builtin_amdgcn_raw_ptr_buffer_load_async_lds(r, g, 4, 0, 0, 0, 0); // expected-error {{passing '__global int *__private' to parameter of type '__local void *' changes address space of pointer}}
}
