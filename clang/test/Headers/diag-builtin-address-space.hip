// In HIP, generic pointers are accepted (as by Clang's non-async builtins);
// a pointer qualified with the wrong address space is an error.
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fsyntax-only \
// RUN:   -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/amdgcn_async.h>

typedef __attribute__((address_space(1))) int global_int;
typedef __attribute__((address_space(3))) int lds_int;
typedef __attribute__((address_space(7))) int buffer_int;

__attribute__((device)) void f(int *generic, global_int *g, lds_int *l,
                               buffer_int *b) {
  __builtin_amdgcn_load_async_to_lds(b, l, 4, 0, 0);
  __builtin_amdgcn_global_load_async_lds(b, l, 4, 0, 0); // expected-error {{'async_copy_source<int>' is unavailable: the source of this async copy must be global memory, not a buffer fat pointer (__builtin_amdgcn_load_async_to_lds takes one)}}
  __builtin_amdgcn_load_async_to_lds(g, b, 4, 0, 0); // expected-error {{'async_copy_destination<int>' is unavailable: the destination of an async copy must be shared memory (LDS), not a buffer}}
  __builtin_amdgcn_global_load_async_lds(generic, generic, 4, 0, 0);
  __builtin_amdgcn_global_load_async_lds(g, l, 4, 0, 0);
  __builtin_amdgcn_global_load_async_lds(l, l, 4, 0, 0); // expected-error {{'async_copy_source<int>' is unavailable: the source of an async copy must be global memory, not shared memory (LDS)}}
  __builtin_amdgcn_load_async_to_lds(g, g, 4, 0, 0); // expected-error {{'async_copy_destination<int>' is unavailable: the destination of an async copy must be shared memory (LDS), not global memory}}
  __builtin_amdgcn_global_load_async_lds(generic, l, 8, 0, 0); // expected-error {{'__builtin_amdgcn_global_load_async_lds' cannot copy this size: size must be 1, 2 or 4 (12 and 16 need gfx950)}}
}
