// Compiled without -fpass-plugin, the portable calls reach code generation
// unlowered. That is a compile error at each call naming the flag, at every
// -O level, instead of an object file with undefined calls.
// RUN: not clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O0 -I%asyncpipe_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 \
// RUN:   -O1 -I%asyncpipe_include -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O1
// With the plugin the same source compiles.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O0 -I%asyncpipe_include -c %s -o /dev/null
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

kernel void copy_tile(global const int *src, global int *out) {
  local int tile[64];
  size_t i = get_local_id(0);
  asyncpipe_copy(tile + i, src + i, 4);
  // CHECK: diag-plugin-missing.cl:[[@LINE-1]]:3: error: call to 'asyncpipe.copy' declared with 'error' attribute: asyncpipe_copy() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  // O1: diag-plugin-missing.cl:[[@LINE-2]]:3: error: call to 'asyncpipe.copy' declared with 'error' attribute: asyncpipe_copy() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  asyncpipe_commit();
  // CHECK: diag-plugin-missing.cl:[[@LINE-1]]:3: error: call to 'asyncpipe.mark' declared with 'error' attribute: asyncpipe_commit() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  // O1: diag-plugin-missing.cl:[[@LINE-2]]:3: error: call to 'asyncpipe.mark' declared with 'error' attribute
  asyncpipe_wait(0);
  // CHECK: diag-plugin-missing.cl:[[@LINE-1]]:3: error: call to 'asyncpipe.wait' declared with 'error' attribute: asyncpipe_wait() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  // O1: diag-plugin-missing.cl:[[@LINE-2]]:3: error: call to 'asyncpipe.wait' declared with 'error' attribute
  out[i] = tile[i];
}
// CHECK: 3 errors generated.
