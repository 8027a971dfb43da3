// OpenCL C: the copy's destination is local and its source global memory.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

void f(local int *l, global const int *g) {
  asyncpipe_copy(g, g, 4); // expected-error {{passing 'const __global int *__private' to parameter of type '__local void *' changes address space of pointer}}
  asyncpipe_copy(l, l, 4); // expected-error {{passing '__local int *__private' to parameter of type 'const __global void *' changes address space of pointer}}
}
