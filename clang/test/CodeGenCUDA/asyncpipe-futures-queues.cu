// Futures on two queues from CUDA through clang -O2 -fpass-plugin: tiles of
// a on queue 0 and of b on queue 1, each double-buffered with swapped
// futures. Each wait on a future counts its own queue's newer commit (1 in
// the loop); on sm_80's one cp.async group counter that is the combined
// count, wait_group 3 for a's tile and 2 for b's; after the loop 1 and all.
// At -O0 the futures stay in memory and each wait waits for every copy
// (remark), still assembled by ptxas.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S %s -o %t.O2.ptx \
// RUN:   -I %asyncpipe_include -Rpass=asyncpipe-lower-futures 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.O2.ptx
// RUN: %ptxas -arch=sm_80 %t.O2.ptx -o /dev/null
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O0 -S %s -o %t.O0.ptx \
// RUN:   -I %asyncpipe_include -Rpass=asyncpipe-lower-futures 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0-REMARK
// RUN: %ptxas -arch=sm_80 %t.O0.ptx -o /dev/null
// REQUIRES: nvptx-registered-target, ptxas

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>

#define KERNEL extern "C" __attribute__((global))
#define SHARED __attribute__((shared))

SHARED float a_tiles[2][256], b_tiles[2][256];

// CHECK-LABEL: .visible .entry two_queues(
// CHECK:         cp.async.commit_group;
// CHECK:         cp.async.commit_group;
// CHECK:         cp.async.wait_group 3;
// CHECK:         cp.async.wait_group 2;
// CHECK:         cp.async.wait_group 1;
// CHECK:         cp.async.wait_all;
// CHECK-NOT:     cp.async.wait
// CHECK:         ret;
KERNEL void two_queues(const float *a, const float *b, float *out, int n) {
  int t = __nvvm_read_ptx_sreg_tid_x();
  asyncpipe_copy(&a_tiles[0][t], &a[t], 4);
  asyncpipe_future_t a_cur = asyncpipe_commit_future();
  asyncpipe_copy(&b_tiles[0][t], &b[t], 4);
  asyncpipe_future_t b_cur = asyncpipe_commit_future_queue(1);
  float sum = 0;
  int i = 1;
  for (; i < n; ++i) {
    asyncpipe_copy(&a_tiles[i % 2][t], &a[i * 256 + t], 4);
    asyncpipe_future_t a_next = asyncpipe_commit_future();
    asyncpipe_copy(&b_tiles[i % 2][t], &b[i * 256 + t], 4);
    asyncpipe_future_t b_next = asyncpipe::commit_future<1>();
    // REMARK-DAG: asyncpipe-futures-queues.cu:[[#@LINE+2]]:5: remark: wait on a future of queue 0 lowered to asyncpipe_wait_queue(0, 1)
    // O0-REMARK-DAG: asyncpipe-futures-queues.cu:[[#@LINE+1]]:5: remark: wait on a future lowered to a commit and a wait for 0 on each of the function's 2 queues
    asyncpipe_wait_future(a_cur);
    sum += a_tiles[(i - 1) % 2][t];
    // REMARK-DAG: asyncpipe-futures-queues.cu:[[#@LINE+1]]:5: remark: wait on a future of queue 1 lowered to asyncpipe_wait_queue(1, 1)
    asyncpipe_wait_future(b_cur);
    sum += b_tiles[(i - 1) % 2][t];
    asyncpipe_future_swap(&a_cur, &a_next);
    asyncpipe_future_swap(&b_cur, &b_next);
  }
  // REMARK-DAG: asyncpipe-futures-queues.cu:[[#@LINE+1]]:3: remark: wait on a future of queue 0 lowered to asyncpipe_wait_queue(0, 0)
  asyncpipe_wait_future(a_cur);
  // REMARK-DAG: asyncpipe-futures-queues.cu:[[#@LINE+1]]:3: remark: wait on a future of queue 1 lowered to asyncpipe_wait_queue(1, 0)
  asyncpipe_wait_future(b_cur);
  out[t] = sum + a_tiles[(i - 1) % 2][t] + b_tiles[(i - 1) % 2][t];
}
