// Futures from CUDA through clang -O2 -fpass-plugin: a double-buffered loop
// with asyncpipe_future_swap and a triple-buffered one with
// asyncpipe_future_rotate3 become exact cp.async.wait_group counts with no
// extra flag. At -O0 futures stay in memory: the waits fall back to safe
// counts with a remark. The same source compiles for the host, where the
// waits become counting calls into the AsyncPipe runtime.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S %s -o %t.O2.ptx \
// RUN:   -I %asyncpipe_include -Rpass=asyncpipe-lower-futures 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.O2.ptx
// RUN: %ptxas -arch=sm_80 %t.O2.ptx -o /dev/null
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O0 -S %s -o %t.O0.ptx \
// RUN:   -I %asyncpipe_include -Rpass=asyncpipe-lower-futures 2>&1 | FileCheck %s --check-prefix=O0-REMARK
// RUN: %ptxas -arch=sm_80 %t.O0.ptx -o /dev/null
// RUN: %clang -x c++ -target x86_64-unknown-linux-gnu -O2 -S -emit-llvm %s \
// RUN:   -o - -I %asyncpipe_include | FileCheck %s --check-prefix=HOST
// REQUIRES: nvptx-registered-target, ptxas

#include <asyncpipe/futures.h>

#ifdef __CUDA__
#define KERNEL extern "C" __attribute__((global))
#define DEVICE __attribute__((device))
#define SHARED __attribute__((shared))
#else
#define KERNEL extern "C"
#define DEVICE
#define SHARED
#endif

// The portable copy of AsyncPipe's API header (owned elsewhere).
extern "C" DEVICE void asyncpipe_copy(void *dst, const void *src, int size,
                                      int flags) __asm__("asyncpipe.copy");

SHARED float tiles[3][256];

#ifdef __CUDA__
static DEVICE int threadIdx_x() { return __nvvm_read_ptx_sreg_tid_x(); }
#else
static int threadIdx_x() { return 0; }
#endif

// CHECK-LABEL: .visible .entry swap_double_buffer(
// CHECK:         cp.async.commit_group;
// CHECK:         cp.async.commit_group;
// CHECK-NEXT:    cp.async.wait_group 1;
// CHECK:         cp.async.wait_all;
// CHECK-NOT:     cp.async.wait
// CHECK:         ret;
KERNEL void swap_double_buffer(const float *in, float *out, int n) {
  int t = threadIdx_x();
  asyncpipe_copy(&tiles[0][t], &in[t], 4, 0);
  asyncpipe_future_t current = asyncpipe_commit_future();
  asyncpipe_future_t next = asyncpipe_future_any();
  float *read = tiles[0], *fill = tiles[1];
  float sum = 0;
  for (int i = 1; i < n; ++i) {
    asyncpipe_copy(&fill[t], &in[i * 256 + t], 4, 0);
    next = asyncpipe_commit_future();
    // REMARK-DAG: asyncpipe-futures.cu:[[#@LINE+1]]:5: remark: wait on a future lowered to a wait for at most 1 outstanding marks
    asyncpipe_wait_future(current);
    sum += read[t];
    asyncpipe_future_swap(&current, &next);
    float *tmp = read; read = fill; fill = tmp;
  }
  // REMARK-DAG: asyncpipe-futures.cu:[[#@LINE+1]]:3: remark: wait on a future lowered to a wait for at most 0 outstanding marks
  asyncpipe_wait_future(current);
  out[t] = sum + read[t];
}

// CHECK-LABEL: .visible .entry rotate_triple_buffer(
// CHECK-COUNT-3: cp.async.commit_group;
// CHECK-NEXT:    cp.async.wait_group 2;
// CHECK:         cp.async.wait_group 1;
// CHECK:         cp.async.wait_all;
// CHECK-NOT:     cp.async.wait
// CHECK:         ret;
KERNEL void rotate_triple_buffer(const float *in, float *out, int n) {
  int t = threadIdx_x();
  asyncpipe_copy(&tiles[0][t], &in[t], 4, 0);
  asyncpipe_future_t f0 = asyncpipe_commit_future();
  asyncpipe_copy(&tiles[1][t], &in[256 + t], 4, 0);
  asyncpipe_future_t f1 = asyncpipe_commit_future();
  asyncpipe_future_t f2 = asyncpipe_future_any();
  float sum = 0;
  for (int i = 2; i < n; ++i) {
    asyncpipe_copy(&tiles[i % 3][t], &in[i * 256 + t], 4, 0);
    f2 = asyncpipe_commit_future();
    // REMARK-DAG: asyncpipe-futures.cu:[[#@LINE+1]]:5: remark: wait on a future lowered to a wait for at most 2 outstanding marks
    asyncpipe_wait_future(f0);
    sum += tiles[(i - 2) % 3][t];
    asyncpipe_future_rotate3(&f0, &f1, &f2);
  }
  // REMARK-DAG: asyncpipe-futures.cu:[[#@LINE+1]]:3: remark: wait on a future lowered to a wait for at most 1 outstanding marks
  asyncpipe_wait_future(f0);
  sum += tiles[(n - 2) % 3][t];
  // REMARK-DAG: asyncpipe-futures.cu:[[#@LINE+1]]:3: remark: wait on a future lowered to a wait for at most 0 outstanding marks
  asyncpipe_wait_future(f1);
  out[t] = sum + tiles[(n - 1) % 3][t];
}

// A wait on the same future in both branches of the last trip's test: the
// header declares asyncpipe_wait_future nomerge, so SimplifyCFG keeps the two
// calls and each is lowered to its own path's count, wait_group 1 right after
// the commit (merged, they became one wait on a count chosen at run time, a
// branch to wait_group 1 or wait_all after the join).
// CHECK-LABEL: .visible .entry last_trip_branches(
// CHECK:         cp.async.commit_group;
// CHECK:         cp.async.commit_group;
// CHECK-NEXT:    cp.async.wait_group 1;
// CHECK:         cp.async.wait_all;
// CHECK-NOT:     cp.async.wait
// CHECK:         ret;
KERNEL void last_trip_branches(const float *in, float *out, int n) {
  int t = threadIdx_x();
  asyncpipe_copy(&tiles[0][t], &in[t], 4, 0);
  asyncpipe_future_t current = asyncpipe_commit_future();
  float sum = 0;
  for (int i = 0; i < n; ++i) {
    asyncpipe_future_t next = asyncpipe_future_any();
    if (i + 1 < n) {
      asyncpipe_copy(&tiles[(i + 1) % 2][t], &in[(i + 1) * 256 + t], 4, 0);
      next = asyncpipe_commit_future();
      asyncpipe_wait_future(current);
    } else {
      asyncpipe_wait_future(current);
    }
    sum += tiles[i % 2][t];
    current = next;
  }
  out[t] = sum;
}

// O0-REMARK: remark: wait on a future lowered to a wait for at most 0 outstanding marks: the fewest marks issued after its mark on any path; it comes from memory (a load), so it may name a mark of another activation: counted from a mark added where it appears

// HOST-LABEL: define {{.*}}void @swap_double_buffer(
// HOST:         call void @__asyncpipe_rt_wait(i64 1)
// HOST:         call void @__asyncpipe_rt_wait(i64 0)
