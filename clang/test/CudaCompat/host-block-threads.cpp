// Block-scope cuda::pipeline code through <asyncpipe/cuda_compat.h> on the
// host with several work-items per block, each a thread: the test is the
// work-group runner the host runtime leaves to its user (asyncpipe_rt.def:
// it defines __asyncpipe_rt_barrier to join the block's threads, and passes
// a group whose thread_rank() is the thread's). Two kernels run 4 threads
// per block under the eager, lazy and random policies with AsyncSan:
//  * unified: every thread copies its part of each tile with the collective
//    memcpy_async and reads the parts other threads copied;
//  * partitioned by producer count (the Programming Guide's producer-
//    consumer pattern): 2 producers copy, 2 consumers read, 2 stages.
// AsyncSan is silent and every element is right.
// REQUIRES: x86-registered-target
//
// RUN: %clang -x c++ -std=c++17 -O1 -g -mllvm -asyncpipe-sanitize \
// RUN:   -I%asyncpipe_include -include %S/Inputs/cuda-env.h %s -x none \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=21 %t 2>&1 | FileCheck %s

// CHECK-NOT: AsyncSan
// CHECK: unified: 0 wrong
// CHECK-NOT: AsyncSan
// CHECK: partitioned: 0 wrong
// CHECK-NOT: AsyncSan

#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

#include <condition_variable>
#include <mutex>
#include <stdio.h>
#include <thread>
#include <vector>

// The work-group runner: Threads threads per block, a reusable barrier.
constexpr unsigned Threads = 4;
static thread_local unsigned this_rank;
static std::mutex barrier_lock;
static std::condition_variable barrier_cv;
static unsigned barrier_arrived, barrier_generation;

extern "C" void __asyncpipe_rt_barrier(void) {
  std::unique_lock<std::mutex> lock(barrier_lock);
  unsigned generation = barrier_generation;
  if (++barrier_arrived == Threads) {
    barrier_arrived = 0;
    ++barrier_generation;
    barrier_cv.notify_all();
    return;
  }
  barrier_cv.wait(lock, [&] { return barrier_generation != generation; });
}

struct block_group {
  unsigned thread_rank() const { return this_rank; }
  unsigned size() const { return Threads; }
  void sync() const { __asyncpipe_rt_barrier(); }
};

template <class Kernel> void run_block(Kernel kernel) {
  std::vector<std::thread> threads;
  for (unsigned r = 0; r < Threads; ++r)
    threads.emplace_back([=] {
      this_rank = r;
      kernel();
    });
  for (std::thread &t : threads)
    t.join();
}

constexpr unsigned Tile = 64, Tiles = 6;
static float in[Tiles * Tile], out[Tiles * Tile];

// Unified: tile i + 1 flies while tile i is read, each thread reading the
// elements its neighbour copied.
__attribute__((noinline)) void unified() {
  __shared__ float buf[2][Tile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  block_group block;
  auto pipe = cuda::make_pipeline(block, &state);
  pipe.producer_acquire();
  cuda::memcpy_async(block, buf[0], in, sizeof(float) * Tile, pipe);
  pipe.producer_commit();
  unsigned t = block.thread_rank();
  for (unsigned i = 0; i < Tiles; ++i) {
    if (i + 1 < Tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[(i + 1) % 2], in + (i + 1) * Tile,
                         sizeof(float) * Tile, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    for (unsigned e = (t + 1) % Threads; e < Tile; e += Threads)
      out[i * Tile + e] = 2 * buf[i % 2][e];
    pipe.consumer_release();
  }
}

// Partitioned by producer count: threads 0 and 1 produce, 2 and 3 consume.
__attribute__((noinline)) void partitioned() {
  __shared__ float buf[2][Tile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  block_group block;
  constexpr unsigned Producers = Threads / 2;
  auto pipe = cuda::make_pipeline(block, &state, Producers);
  unsigned t = block.thread_rank();
  if (t < Producers) {
    for (unsigned i = 0; i < Tiles; ++i) {
      pipe.producer_acquire();
      for (unsigned e = t; e < Tile; e += Producers)
        cuda::memcpy_async(&buf[i % 2][e], &in[i * Tile + e], sizeof(float),
                           pipe);
      pipe.producer_commit();
    }
  } else {
    for (unsigned i = 0; i < Tiles; ++i) {
      pipe.consumer_wait();
      for (unsigned e = t - Producers; e < Tile; e += Threads - Producers)
        out[i * Tile + e] = 3 * buf[i % 2][e];
      pipe.consumer_release();
    }
  }
}

static unsigned check(float factor) {
  unsigned wrong = 0;
  for (unsigned i = 0; i < Tiles * Tile; ++i) {
    wrong += out[i] != factor * in[i];
    out[i] = 0;
  }
  return wrong;
}

int main() {
  for (unsigned i = 0; i < Tiles * Tile; ++i)
    in[i] = i * 0.25f + 1;
  run_block(unified);
  printf("unified: %u wrong\n", check(2));
  run_block(partitioned);
  printf("partitioned: %u wrong\n", check(3));
  return 0;
}
