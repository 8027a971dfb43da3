// A zero-filling copy cannot read more bytes than it writes.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

void f(local int *dst, global const int *src, unsigned n) {
  asyncpipe_copy_zfill(dst, src, 4, n, 0);
  asyncpipe_copy_zfill(dst, src, 4, 4, 0);
  asyncpipe_copy_zfill(dst, src, 4, 8, 0); // expected-error {{argument 'src_size' of 'asyncpipe_copy_zfill' must not exceed 'size'}}
}
