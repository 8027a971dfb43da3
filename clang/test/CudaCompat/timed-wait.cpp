// cuda::pipeline's timed waits, consumer_wait_for and consumer_wait_until,
// through <asyncpipe/cuda_compat.h> (pipelines made with `auto`, as the
// Programming Guide does): they wait for the oldest stage and return true.
// Compiled for sm_80 (ptxas accepts the PTX, which is the same as with
// consumer_wait() in place of each timed wait: -DUNTIMED), gfx942 (the independent checker proves every wait)
// and run on the host with AsyncSan under the eager, lazy and random
// policies: AsyncSan is silent and every element is right.
// REQUIRES: amdgpu-registered-target, nvptx-registered-target, x86-registered-target
//
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h -O2 -S %s -o %t.ptx
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h -O2 -S %s -o %t.untimed.ptx -DUNTIMED
// RUN: diff %t.ptx %t.untimed.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -include %S/Inputs/cuda-env.h \
// RUN:   -O2 -S %s -o /dev/null -mllvm -amdgpu-enable-check-async-waits
// RUN: %clang -x c++ -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h %s -x none %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 %t 2>&1 | FileCheck %s --check-prefix=HOST

#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

constexpr int Tile = 64;

#ifdef UNTIMED
#define TIMED(pipe, call) (pipe.consumer_wait(), true)
#else
#define TIMED(pipe, call) pipe.call
#endif

// Thread scope: a double-buffered loop whose consumer waits with a timeout.
// The producer is conditional, so the count is a run-time value (selected
// among wait_group 0..7 and wait_all, see AsyncPipeCUDACompat.rst).
// PTX-LABEL: .visible .entry thread_scope_timed(
// PTX:         cp.async.commit_group;
// PTX:         cp.async.wait_all;
extern "C" __global__ void thread_scope_timed(const float *in, float *out,
                                              int tiles, int *timeouts) {
  __shared__ float buf[2][Tile];
  unsigned t = asyncpipe::this_thread_block().thread_rank();
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[0][t], &in[t], sizeof(float), pipe);
  pipe.producer_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[(i + 1) % 2][t], &in[(i + 1) * Tile + t],
                         sizeof(float), pipe);
      pipe.producer_commit();
    }
    bool ready;
    if (i % 2)
      ready = TIMED(pipe,
                    consumer_wait_for(cuda::std::chrono::microseconds(5)));
    else
      ready = TIMED(pipe, consumer_wait_until(
                              cuda::std::chrono::steady_clock::time_point{}));
    if (!ready)
      ++*timeouts;
    out[i * Tile + t] = 2 * buf[i % 2][t];
    pipe.consumer_release();
  }
}

// Block scope, unified: the timed wait is consumer_wait's wait and barrier.
// PTX-LABEL: .visible .entry block_scope_timed(
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_all;
// PTX-NEXT:    barrier.sync 0;
extern "C" __global__ void block_scope_timed(const float *in, float *out,
                                             int *timeouts) {
  __shared__ float buf[Tile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  auto block = asyncpipe::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  unsigned t = block.thread_rank();
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[t], &in[t], sizeof(float), pipe);
  pipe.producer_commit();
  if (!TIMED(pipe, consumer_wait_for(cuda::std::chrono::nanoseconds(100))))
    ++*timeouts;
  out[t] = 3 * buf[t];
  pipe.consumer_release();
}

#if !defined(__CUDA__) && !defined(__HIP__)
#include <stdio.h>
// HOST-NOT: AsyncSan
// HOST: 0 wrong, 0 timeouts
// HOST-NOT: AsyncSan
int main() {
  enum { Tiles = 5 };
  static float in[Tiles * Tile], out[Tiles * Tile];
  for (int i = 0; i < Tiles * Tile; ++i)
    in[i] = i * 0.5f;
  int timeouts = 0, wrong = 0;
  // One work-item per block on the host (Inputs/cuda-env.h): element 0 of
  // each tile.
  thread_scope_timed(in, out, Tiles, &timeouts);
  for (int i = 0; i < Tiles; ++i)
    wrong += out[i * Tile] != 2 * in[i * Tile];
  block_scope_timed(in, out, &timeouts);
  wrong += out[0] != 3 * in[0];
  printf("%d wrong, %d timeouts\n", wrong, timeouts);
  return wrong || timeouts;
}
#endif
