// HIP: asyncpipe_store converts generic pointers, and the host pass of HIP
// type-checks it too; a pointer explicitly in the wrong address space is an
// error at the call.
// RUN: clang -x hip --offload-arch=gfx1250 -nogpulib -nogpuinc --cuda-device-only \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// RUN: clang -x hip --offload-arch=gfx1250 -nogpulib -nogpuinc --cuda-host-only \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

typedef __attribute__((address_space(1))) int global_int;
typedef __attribute__((address_space(3))) int shared_int;

__attribute__((device)) void f(int *p, global_int *g, shared_int *s) {
  asyncpipe_store(p, p, 4);
  asyncpipe_store(g, s, 16);
  asyncpipe_store(s, s, 4); // expected-error {{'async_store_destination<int>' is unavailable: the destination of an async store must be global memory, not shared memory (LDS)}}
  asyncpipe_store(g, g, 4); // expected-error {{'async_store_source<int>' is unavailable: the source of an async store must be shared memory (LDS), not global memory}}
}
