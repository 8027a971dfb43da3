// Copy flags are ASYNCPIPE_COPY_* bits; any other bit is an error.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

void f(local int *dst, global const int *src) {
  asyncpipe_copy_flags(dst, src, 4, ASYNCPIPE_COPY_BYPASS_L1);
  asyncpipe_copy_flags(dst, src, 4, 2); // expected-error {{argument 'flags' of 'asyncpipe_copy' has bits that are not ASYNCPIPE_COPY_* flags}}
}
