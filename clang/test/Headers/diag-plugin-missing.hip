// HIP and CUDA without -fpass-plugin: a compile error at each call naming the
// flag, not "undefined hidden symbol: asyncpipe.copy" from the linker (HIP)
// or "Parsing error near '.mark'" from ptxas (CUDA).
// RUN: not clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -O2 -I%asyncpipe_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -O0 \
// RUN:   -I%asyncpipe_include -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// With the plugin the same source compiles.
// RUN: %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -O2 -I%asyncpipe_include -c %s -o /dev/null
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

__attribute__((global)) void copy_tile(const int *src, int *out, int i) {
  __attribute__((shared)) int tile[64];
  asyncpipe_copy(tile + i, src + i, 4);
  // CHECK: diag-plugin-missing.hip:[[@LINE-1]]:3: error: call to 'asyncpipe.copy' declared with 'error' attribute: asyncpipe_copy() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  asyncpipe_commit();
  // CHECK: diag-plugin-missing.hip:[[@LINE-1]]:3: error: call to 'asyncpipe.mark' declared with 'error' attribute: asyncpipe_commit() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  asyncpipe_wait(0);
  // CHECK: diag-plugin-missing.hip:[[@LINE-1]]:3: error: call to 'asyncpipe.wait' declared with 'error' attribute: asyncpipe_wait() is lowered by the AsyncPipe plugin, which did not run: compile with -fpass-plugin=<prefix>/lib/AsyncPipe.so
  out[i] = tile[i];
}
// CHECK: 3 errors generated
