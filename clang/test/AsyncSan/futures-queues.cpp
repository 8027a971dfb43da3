// Futures on two queues in one function: tiles of a are committed to queue 0
// and tiles of b to queue 1, each double-buffered with a pair of futures
// swapped every trip. A wait on a future waits on its own queue, counting
// only that queue's newer commits. On the host the queues are apart, so a
// wait that counted the other queue's commits, or waited on the wrong
// queue, would leave the tile it reads in flight: AsyncSan is silent under
// every policy and every sum is right. At -O0 the futures live in memory
// and each wait waits for every copy (a commit and a wait for 0 right
// before it): slower, still right.
// RUN: %clang -x c++ -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   %s -x none %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=11 %t 2>&1 | FileCheck %s
// RUN: %clang -x c++ -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   %s -x none %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 %t.O0 2>&1 | FileCheck %s
//
// The waits as lowered at -O2: in the loop one newer commit of its own
// queue each (tile b waits for 1 commit of queue 1, not the 3 of both
// queues since its commit), after it none.
// RUN: %clang -x c++ -O2 -I%asyncpipe_include -S -emit-llvm %s -o - \
// RUN:   -Rpass=asyncpipe-lower-futures 2>&1 | FileCheck %s --check-prefix=REMARK
// REQUIRES: x86-registered-target

// CHECK-NOT: AsyncSan
// CHECK: 0 wrong sums in 8 tiles
// CHECK-NOT: AsyncSan

// REMARK-DAG: futures-queues.cpp:[[A:[0-9]+]]:3: remark: wait on a future of queue 0 lowered to asyncpipe_wait_queue(0, 1)
// REMARK-DAG: futures-queues.cpp:[[B:[0-9]+]]:3: remark: wait on a future of queue 1 lowered to asyncpipe_wait_queue(1, 1)
// REMARK-DAG: futures-queues.cpp:[[A]]:3: remark: wait on a future of queue 0 lowered to asyncpipe_wait_queue(0, 0)
// REMARK-DAG: futures-queues.cpp:[[B]]:3: remark: wait on a future of queue 1 lowered to asyncpipe_wait_queue(1, 0)

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>
#include <stdio.h>

enum { Tiles = 8, Width = 16 };
static int a_src[Tiles][Width], b_src[Tiles][Width];
static int a_buf[2][Width], b_buf[2][Width];

enum { QueueB = 1 };

static void copy_tile(int *dst, const int *src) {
  for (unsigned i = 0; i < Width; ++i)
    asyncpipe_copy(&dst[i], &src[i], 4);
}

// Sums tile t of a and of b once the futures of their commits are
// complete; returns the number of wrong sums. always_inline: its waits are
// its caller's, counted in the caller's queues.
__attribute__((always_inline)) static inline unsigned
consume(unsigned t, asyncpipe_future_t a, asyncpipe_future_t b) {
  int sum_a = 0, sum_b = 0, want_a = 0, want_b = 0;
  asyncpipe_wait_future(a);
  for (unsigned i = 0; i < Width; ++i)
    sum_a += a_buf[t % 2][i];
  // Tile t of b is waited for after a's sum: its queue's wait counts only
  // queue 1's newer commit.
  asyncpipe_wait_future(b);
  for (unsigned i = 0; i < Width; ++i)
    sum_b += b_buf[t % 2][i];
  for (unsigned i = 0; i < Width; ++i) {
    want_a += a_src[t][i];
    want_b += b_src[t][i];
  }
  return (sum_a != want_a) + (sum_b != want_b);
}

// Sums tile t of a and of b for every t; returns the number of wrong sums.
__attribute__((noinline)) extern "C" unsigned run() {
  unsigned wrong = 0;
  copy_tile(a_buf[0], a_src[0]);
  asyncpipe_future_t a_cur = asyncpipe_commit_future();
  copy_tile(b_buf[0], b_src[0]);
  asyncpipe_future_t b_cur = asyncpipe::commit_future<QueueB>();
  for (unsigned t = 0; t + 1 < Tiles; ++t) {
    unsigned next = (t + 1) % 2;
    copy_tile(a_buf[next], a_src[t + 1]);
    asyncpipe_future_t a_next = asyncpipe_commit_future();
    copy_tile(b_buf[next], b_src[t + 1]);
    asyncpipe_future_t b_next = asyncpipe_commit_future_queue(QueueB);
    wrong += consume(t, a_cur, b_cur);
    asyncpipe_future_swap(&a_cur, &a_next);
    asyncpipe_future_swap(&b_cur, &b_next);
  }
  return wrong + consume(Tiles - 1, a_cur, b_cur);
}

int main() {
  for (unsigned t = 0; t < Tiles; ++t)
    for (unsigned i = 0; i < Width; ++i) {
      a_src[t][i] = int(t * 100 + i);
      b_src[t][i] = int(t * 1000 + 3 * i);
    }
  printf("%u wrong sums in %u tiles\n", run(), unsigned(Tiles));
  return 0;
}
