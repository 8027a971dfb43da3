// A non-constant size, offset, aux or wait count of an async LDS builtin is a
// compile error, as for the real builtins.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/amdgcn_async.h>

void f(global int *g, local int *l, __amdgpu_buffer_rsrc_t r, unsigned n) {
  __builtin_amdgcn_global_load_async_lds(g, l, n, 0, 0); // expected-error {{argument 'size' of '__builtin_amdgcn_global_load_async_lds' must be an integer constant}}
  __builtin_amdgcn_global_load_async_lds(g, l, 4, n, 0); // expected-error {{argument 'offset' of '__builtin_amdgcn_global_load_async_lds' must be an integer constant}}
  __builtin_amdgcn_global_load_async_lds(g, l, 4, 0, n); // expected-error {{argument 'aux' of '__builtin_amdgcn_global_load_async_lds' must be an integer constant}}
  __builtin_amdgcn_load_async_to_lds(g, l, n, 0, 0); // expected-error {{argument 'size' of '__builtin_amdgcn_load_async_to_lds' must be an integer constant}}
  __builtin_amdgcn_raw_ptr_buffer_load_async_lds(r, l, 4, n, n, n, 0); // expected-error {{argument 'offset' of '__builtin_amdgcn_raw_ptr_buffer_load_async_lds' must be an integer constant}}
  __builtin_amdgcn_struct_ptr_buffer_load_async_lds(r, l, n, n, n, n, 0, 0); // expected-error {{argument 'size' of '__builtin_amdgcn_struct_ptr_buffer_load_async_lds' must be an integer constant}}
  __builtin_amdgcn_wait_asyncmark(n); // expected-error {{argument 'n' of '__builtin_amdgcn_wait_asyncmark' must be an integer constant}}
}
