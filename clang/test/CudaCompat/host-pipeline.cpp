// cuda::pipeline code through <asyncpipe/cuda_compat.h> on the host, with
// the AsyncPipe runtime and AsyncSan, under every completion policy: a
// double-buffered loop over batches with memcpy_async of sizes and offsets
// that need every piece of the split (16/8/4-byte async copies, synchronous
// head and tail bytes, pointers aligned differently), aligned_size_t, the
// typed and the group overloads, consumer_wait and
// pipeline_consumer_wait_prior, and quit(). AsyncSan is silent and every
// byte is right. With the wait one stage too weak, AsyncSan reports the read
// of a stage still in flight.
// RUN: %clang -x c++ -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   %s -x none %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=11 %t 2>&1 | FileCheck %s
// RUN: %clang -x c++ -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   %s -x none %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 2>&1 | FileCheck %s
// RUN: %clang -x c++ -O1 -g -mllvm -asyncpipe-sanitize -DWEAK \
// RUN:   -I%asyncpipe_include %s -x none %asyncpipe_rt_lib -o %t.weak
// RUN: env ASYNCPIPE_POLICY=lazy not %t.weak 2>&1 | FileCheck %s --check-prefix=WEAK
// REQUIRES: x86-registered-target

// CHECK-NOT: AsyncSan
// CHECK: 0 bytes wrong in 11 runs
// CHECK-NOT: AsyncSan
// WEAK: ==AsyncSan== ERROR: read-after-async-write: load of 1 bytes at {{.*}}host-pipeline.cpp:[[#@LINE+43]]:16 in 'run' overlaps the destination of a pending async copy

#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

#include <stdio.h>

enum { Batches = 6, Max = 200 };
static unsigned char source[Batches * Max + 64];
alignas(16) static unsigned char shared_buf[2][Max + 32];

// Copies the batches through a 2-stage thread-scope pipeline; returns the
// number of wrong bytes. `how` picks the overload.
__attribute__((noinline)) unsigned run(unsigned dst_off, unsigned src_off,
                                       unsigned size, int how) {
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  auto block = asyncpipe::this_thread_block();
  auto issue = [&](unsigned b) __attribute__((always_inline)) {
    pipe.producer_acquire();
    unsigned char *dst = shared_buf[b % 2] + dst_off;
    const unsigned char *src = source + b * size + src_off;
    if (how == 0)
      cuda::memcpy_async((void *)dst, (const void *)src, size, pipe);
    else if (how == 1)
      cuda::memcpy_async(dst, src, cuda::aligned_size_t<16>(size), pipe);
    else
      cuda::memcpy_async(block, dst, src, size, pipe);
    pipe.producer_commit();
  };
  unsigned wrong = 0;
  issue(0);
  for (unsigned b = 0; b < Batches; ++b) {
    if (b + 1 < Batches) {
      issue(b + 1);
#ifdef WEAK
      cuda::pipeline_consumer_wait_prior<2>(pipe);
#else
      cuda::pipeline_consumer_wait_prior<1>(pipe);
#endif
    } else {
      pipe.consumer_wait();
    }
    for (unsigned i = 0; i < size; ++i)
      wrong += shared_buf[b % 2][dst_off + i] != source[b * size + src_off + i];
    pipe.consumer_release();
  }
  pipe.quit();
  return wrong;
}

int main() {
  for (unsigned i = 0; i < sizeof(source); ++i)
    source[i] = (unsigned char)(i * 7 + 1);
  unsigned wrong = 0, runs = 0;
  // dst offset, src offset, size, overload.
  static const unsigned cases[][4] = {
      {0, 0, 4, 0},    {0, 0, 20, 0},  {0, 0, 200, 0}, {4, 4, 44, 0},
      {8, 8, 24, 0},   {3, 3, 61, 0},  {1, 2, 37, 0},  {0, 0, 160, 1},
      {16, 0, 48, 1},  {0, 0, 77, 2},  {5, 1, 33, 2},
  };
  for (auto &c : cases) {
    wrong += run(c[0], c[1], c[2], (int)c[3]);
    ++runs;
  }
  printf("%u bytes wrong in %u runs\n", wrong, runs);
  return wrong != 0;
}
