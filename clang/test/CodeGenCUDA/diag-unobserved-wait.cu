// The helper of issue 36, item 5: reached through a function pointer, it
// calls asyncpipe_wait(0) and reads the tile its caller is copying into.
// Under the activation model the wait waits for nothing (its function made no
// mark) and is removed, and the read races with the caller's copy: a warning
// at the wait, at -O0 and -O2 alike, with line tables and without. The
// always_inline helper is part of its caller, whose mark its wait counts:
// no warning.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O0 -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 \
// RUN:   -gline-tables-only -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINES --implicit-check-not=warning:
// REQUIRES: nvptx-registered-target

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#include <asyncpipe/asyncpipe.h>

typedef int (*tile_reader)(const int *tile, int i);

// CHECK: diag-unobserved-wait.cu:[[@LINE+4]]:3: warning: this wait waits for nothing: no mark of its own function reaches it (AsyncPipe's activation model, upstream's asyncmark model: a wait counts only the marks made in its own function), yet this function then reads shared memory that copies started by its caller may still be writing; wait in the caller before the call, make this function always_inline (it is then part of its caller), or wait for every copy with the hardware spelling __nvvm_cp_async_wait_all() (cp.async.wait_all)
// LINES: diag-unobserved-wait.cu:[[@LINE+3]]:3: warning: this wait waits for nothing: {{.*}} reads shared memory (line [[@LINE+4]]) that copies
__device__ __attribute__((noinline)) int read_tile(const int *tile,
                                                   int i) {
  asyncpipe_wait(0);
  return tile[i];
}

__device__ __attribute__((always_inline)) inline int
read_tile_inline(const int *tile, int i) {
  asyncpipe_wait(0);
  return tile[i];
}

__device__ tile_reader pick(int c) { return read_tile; }

__global__ void scale(const int *in, int *out, int c) {
  __shared__ int tile[256];
  int i = __nvvm_read_ptx_sreg_tid_x();
  asyncpipe_copy(&tile[i], in + i, 4);
  asyncpipe_commit();
  out[i] = pick(c)(tile, i) + read_tile_inline(tile, i);
}
