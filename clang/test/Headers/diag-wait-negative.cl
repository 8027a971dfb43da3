// A constant negative wait count is an error; a run-time count is allowed.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

void f(int n) {
  asyncpipe_wait(n);
  asyncpipe_wait(-1); // expected-error {{argument 'n' of 'asyncpipe_wait' must not be negative}}
}
