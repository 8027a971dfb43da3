// The drop-in's names next to CUDA 13's own headers, with no alias: in
// CUDA's namespace cuda, cuda::pipeline, make_pipeline (thread scope, block
// scope unified and partitioned by role), pipeline_shared_state,
// pipeline_consumer_wait_prior, the timed waits with cuda::std::chrono, and
// memcpy_async per thread and collectively over a real
// cooperative_groups::thread_block, with libcu++'s own cuda::aligned_size_t
// (a promise: no run-time alignment test) and cuda::thread_scope. libcu++'s
// own names stay usable: cuda::barrier with its memcpy_async, and
// cooperative_groups::memcpy_async / wait_prior (CUDA's inline cp.async,
// which the plugin counts with hardware semantics). Both include
// orders, device (ptxas) and host compilation.
// REQUIRES: cuda-sdk, nvptx-registered-target
//
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -DDROP_IN_FIRST -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -DDROP_IN_FIRST -O2 -S %s -o %t-first.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t-first.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t-first.ptx -o %t-first.cubin %}
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -O2 -S %s -o %t-later.ptx
// RUN: diff %t-first.ptx %t-later.ptx
// RUN: %clang -x cuda --cuda-host-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -DDROP_IN_FIRST -O2 -c %s -o %t-first.o
// RUN: %clang -x cuda --cuda-host-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -O2 -c %s -o %t-later.o

#ifdef DROP_IN_FIRST
#include <asyncpipe/cuda_compat.h>
#endif
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#ifndef DROP_IN_FIRST
#include <asyncpipe/cuda_compat.h>
#endif
#include <cuda/pipeline>

namespace cg = cooperative_groups;

struct __align__(16) vec4 { float x, y, z, w; };

// libcu++'s aligned_size_t<16> is the drop-in's promise: 16-byte copies
// only, no alignment test and no synchronous tail; pipeline_consumer_wait_prior
// and the timed wait are exact waits.
// IR-LABEL: @aligned_and_prior(
// IR-NOT:     {{ptrtoint|load i8|store i8|cp.async.ca.shared.global.[48]\(}}
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.16(
// IR-NOT:     {{ptrtoint|load i8|store i8|cp.async.ca.shared.global.[48]\(}}
// IR:         call void @llvm.nvvm.cp.async.wait.group(i32 1)
// IR-NOT:     {{ptrtoint|load i8|store i8|cp.async.ca.shared.global.[48]\(}}
// IR:         call void @llvm.nvvm.cp.async.wait.all()
// IR-LABEL: @block_scope(
// PTX-LABEL: .entry aligned_and_prior(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// PTX:         cp.async.commit_group;
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// PTX:         cp.async.commit_group;
// PTX-NOT:     cp.async.ca
// PTX:         cp.async.wait_group 1;
// PTX-NOT:     cp.async
// PTX:         cp.async.wait_all;
// PTX-NOT:     cp.async
// PTX:         ret;
extern "C" __global__ void aligned_and_prior(vec4 *out, const vec4 *in,
                                             unsigned n) {
  __shared__ vec4 tile[2][64];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  for (int s = 0; s < 2; ++s) {
    pipe.producer_acquire();
    cuda::memcpy_async(tile[s], in + s * n,
                       cuda::aligned_size_t<16>(n * sizeof(vec4)), pipe);
    pipe.producer_commit();
  }
  cuda::pipeline_consumer_wait_prior<1>(pipe);
  out[0] = tile[0][1];
  pipe.consumer_release();
  bool done = pipe.consumer_wait_for(cuda::std::chrono::milliseconds(1));
  out[1] = tile[1][1];
  out[2].x = done;
  pipe.consumer_release();
}

// A collective copy over CUDA's own thread_block through a unified
// block-scope pipeline, then one partitioned by role.
// PTX-LABEL: .entry block_scope(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_all;
// PTX:         barrier.sync 0;
extern "C" __global__ void block_scope(float *out, const float *in) {
  __shared__ __align__(16) float tile[1024];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> unified;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> roles;
  auto block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_block> pipe =
      cuda::make_pipeline(block, &unified);
  pipe.producer_acquire();
  cuda::memcpy_async(block, tile, in, sizeof(tile), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[block.thread_rank()] = tile[1023 - block.thread_rank()];
  pipe.consumer_release();

  cuda::pipeline_role role = block.thread_rank() < 32
                                 ? cuda::pipeline_role::producer
                                 : cuda::pipeline_role::consumer;
  auto partitioned = cuda::make_pipeline(block, &roles, role);
  if (role == cuda::pipeline_role::producer) {
    partitioned.producer_acquire();
    cuda::memcpy_async(tile + block.thread_rank(), in + block.thread_rank(),
                       sizeof(float), partitioned);
    partitioned.producer_commit();
  } else {
    partitioned.consumer_wait();
    out[block.thread_rank()] += tile[block.thread_rank() % 32];
    partitioned.consumer_release();
  }
}

// libcu++'s cuda::barrier and its memcpy_async are untouched (the barrier
// comes from the caller: clang does not construct __shared__ objects).
// PTX-LABEL: .func libcudacxx_barrier(
extern "C" __device__ __noinline__ void
libcudacxx_barrier(float *out, const float *in,
                   cuda::barrier<cuda::thread_scope_block> &bar) {
  __shared__ float tile[256];
  auto block = cg::this_thread_block();
  cuda::memcpy_async(block, tile, in, sizeof(tile), bar);
  bar.arrive_and_wait();
  out[block.thread_rank()] = tile[block.thread_rank()];
}

// CUDA's own cooperative_groups::memcpy_async and waits, untouched.
// PTX-LABEL: .entry cooperative_groups_copies(
// PTX:         cp.async.commit_group;
// PTX:         cp.async.commit_group;
// PTX:         cp.async.wait_group 1;
// PTX:         cp.async.wait_group 0;
extern "C" __global__ void cooperative_groups_copies(float *out,
                                                     const float *in) {
  __shared__ float a[256], b[256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, a, in, sizeof(a));
  cg::memcpy_async(block, b, in + 256, sizeof(b));
  cg::wait_prior<1>(block);
  out[block.thread_rank()] = a[block.thread_rank()];
  cg::wait(block);
  out[block.thread_rank()] += b[block.thread_rank()];
}
