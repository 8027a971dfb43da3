// Two thread-scope asyncpipe::pipelines in one function, each on its own
// queue (make_pipeline<1>() next to make_pipeline()): TVM's one queue per
// async stage. Each double-buffers its own tiles, and each consumer_wait
// counts only its own pipeline's stages, so it waits on its own queue. On
// the host the queues are apart: AsyncSan is silent under every policy and
// every sum is right. (Both pipelines on one queue is correct too, only
// stronger: each wait also counts the other pipeline's newer stages. What
// the queues gain on a GPU is in clang/test/Headers/pipeline-queues.cu.)
// RUN: %clang -x c++ -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   %s -x none %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=11 %t 2>&1 | FileCheck %s
// RUN: %clang -x c++ -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   %s -x none %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 2>&1 | FileCheck %s
//
// The calls: pipeline A in the plain spelling, pipeline B on queue 1.
// RUN: clang -x c++ -target x86_64-linux-gnu -O2 -I%asyncpipe_include \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// REQUIRES: x86-registered-target

// CHECK-NOT: AsyncSan
// CHECK: 0 wrong sums in 8 tiles
// CHECK-NOT: AsyncSan

// IR-LABEL: define {{.*}} @run(
// IR-DAG:     call void @asyncpipe.mark()
// IR-DAG:     call void @asyncpipe.mark.queue(i32 noundef 1)
// IR-DAG:     call void @asyncpipe.wait.queue(i32 noundef 1, i32 noundef
// IR-DAG:     call void @asyncpipe.wait(i32 noundef

#include <asyncpipe/pipeline.h>
#include <stdio.h>

enum { Tiles = 8, Width = 16 };
static int a_src[Tiles][Width], b_src[Tiles][Width];
static int a_buf[2][Width], b_buf[2][Width];

enum { QueueB = 1 };

// Sums tile t of a and of b for every t; returns the number of wrong sums.
__attribute__((noinline)) extern "C" unsigned run() {
  auto a = asyncpipe::make_pipeline();
  auto b = asyncpipe::make_pipeline<QueueB>();
  unsigned wrong = 0;
  for (unsigned i = 0; i < Width; ++i)
    asyncpipe::memcpy_async(&a_buf[0][i], &a_src[0][i], 4, a);
  a.producer_commit();
  for (unsigned i = 0; i < Width; ++i)
    asyncpipe::memcpy_async(&b_buf[0][i], &b_src[0][i], 4, b);
  b.producer_commit();
  for (unsigned t = 0; t < Tiles; ++t) {
    unsigned next = (t + 1) % 2;
    if (t + 1 < Tiles) {
      for (unsigned i = 0; i < Width; ++i)
        asyncpipe::memcpy_async(&a_buf[next][i], &a_src[t + 1][i], 4, a);
      a.producer_commit();
      for (unsigned i = 0; i < Width; ++i)
        asyncpipe::memcpy_async(&b_buf[next][i], &b_src[t + 1][i], 4, b);
      b.producer_commit();
    }
    a.consumer_wait();
    int sum_a = 0;
    for (unsigned i = 0; i < Width; ++i)
      sum_a += a_buf[t % 2][i];
    a.consumer_release();
    b.consumer_wait();
    int sum_b = 0;
    for (unsigned i = 0; i < Width; ++i)
      sum_b += b_buf[t % 2][i];
    b.consumer_release();
    int want_a = 0, want_b = 0;
    for (unsigned i = 0; i < Width; ++i) {
      want_a += a_src[t][i];
      want_b += b_src[t][i];
    }
    wrong += (sum_a != want_a) + (sum_b != want_b);
  }
  return wrong;
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
