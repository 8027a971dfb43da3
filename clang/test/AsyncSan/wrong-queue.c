// Queues on the host runtime are apart (llvm/docs/AsyncPipeModel.rst,
// "Queues"): a wait on queue 1 completes queue 1's copies and no others,
// even copies of queue 0 issued before them. A program that reads queue 0's
// tile after waiting on queue 1 is caught by AsyncSan under the lazy policy
// (on a GPU, where both queues share one counter, the same program happens
// to work); the program that waits on the right queue is silent under every
// policy and computes the right sum.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy not %t.O0 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DRIGHT_QUEUE \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=eager %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t.ok 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK

#include "asyncpipe_host.h"
#include <stdio.h>

#ifdef RIGHT_QUEUE
#define A_QUEUE 0
#else
#define A_QUEUE 1
#endif

static int a_src[4] = {1, 2, 3, 4}, e_src[4] = {10, 20, 30, 40};
static int a_tile[4], e_tile[4];

__attribute__((noinline)) int two_queues(void) {
  for (int i = 0; i < 4; ++i)
    asyncpipe_copy(&a_tile[i], &a_src[i], sizeof(int), 0);
  asyncpipe_commit_queue(0);
  for (int i = 0; i < 4; ++i)
    asyncpipe_copy(&e_tile[i], &e_src[i], sizeof(int), 0);
  asyncpipe_commit_queue(1);
  asyncpipe_wait_queue(A_QUEUE, 0); // a_tile is queue 0's
  int sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += a_tile[i];
  asyncpipe_wait_queue(1, 0);
  for (int i = 0; i < 4; ++i)
    sum += e_tile[i];
  return sum;
}

int main(void) {
  printf("sum = %d\n", two_queues());
  return 0;
}

// CHECK: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}wrong-queue.c:44:12 in 'two_queues' overlaps the destination of a pending async copy
// CHECK-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T0
// CHECK-NEXT: ==AsyncSan==   the copy of 4 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}wrong-queue.c:36:5 in 'two_queues' in thread T0; no wait has completed it yet
// CHECK-NOT: sum =

// OK-NOT: AsyncSan
// OK: sum = 110
// OK-NOT: AsyncSan
