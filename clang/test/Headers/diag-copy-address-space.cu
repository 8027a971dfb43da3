// CUDA and HIP: generic pointers are converted; a pointer explicitly in the
// wrong address space is an error.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

typedef __attribute__((address_space(1))) int global_int;
typedef __attribute__((address_space(3))) int shared_int;

__attribute__((device)) void f(int *p, global_int *g, shared_int *s) {
  asyncpipe_copy(p, p, 4);
  asyncpipe_copy(s, g, 4);
  asyncpipe_copy(g, g, 4); // expected-error {{'async_copy_destination<int>' is unavailable: the destination of an async copy must be shared memory (LDS), not global memory}}
  asyncpipe_copy(s, s, 4); // expected-error {{'async_copy_source<int>' is unavailable: the source of an async copy must be global memory, not shared memory (LDS)}}
}
