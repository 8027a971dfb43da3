// The compile-time errors of <asyncpipe/hip_cooperative_groups.h>, each
// with what to do.
// REQUIRES: amdgpu-registered-target, nvptx-registered-target
//
// CUDA has its own cooperative_groups; the drop-in for CUDA is cuda_compat.h.
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: asyncpipe/hip_cooperative_groups.h:{{[0-9]+}}:2: error: "asyncpipe/hip_cooperative_groups.h is for HIP and host C++; CUDA code uses <asyncpipe/cuda_compat.h> (cuda::memcpy_async with a pipeline)"
//
// A block size no block can have, at the user's line.
// RUN: not clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fsyntax-only -DBAD_SIZE %s \
// RUN:   2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: static assertion failed due to requirement {{.*}}: this_thread_block<N>: N is the number of work-items the kernel's blocks are launched with, 1 to 1024
// SIZE: diag-hip-cooperative-groups.hip:[[#@LINE+21]]:{{[0-9]+}}: note: in instantiation of function template specialization 'asyncpipe::hip_cg::this_thread_block<2048U>' requested here
//
// A HIP whose own header has cooperative_groups::memcpy_async (HIP 7,
// Inputs/hip7 stands in for it): an error that says how to use AsyncPipe's
// under its own namespace, which then compiles.
// RUN: %if rocm %{ not clang -x hip --offload-arch=gfx942 --rocm-path=/usr \
// RUN:   -nogpulib -D__AMDGCN_WAVEFRONT_SIZE=64 --cuda-device-only \
// RUN:   -I%S/Inputs/hip7 -I%asyncpipe_include -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HIP7 %}
// RUN: %if rocm %{ clang -x hip --offload-arch=gfx942 --rocm-path=/usr \
// RUN:   -nogpulib -D__AMDGCN_WAVEFRONT_SIZE=64 --cuda-device-only \
// RUN:   -I%S/Inputs/hip7 -I%asyncpipe_include -fsyntax-only \
// RUN:   -DASYNCPIPE_HIP_CG_KEEP_ROCM %s %}
// HIP7: asyncpipe/hip_cooperative_groups.h:{{[0-9]+}}:2: error: "this HIP's <hip/hip_cooperative_groups.h> has its own cooperative_groups::memcpy_async, wait and wait_prior: compile with -DASYNCPIPE_HIP_CG_KEEP_ROCM and write 'namespace cg = asyncpipe::hip_cg;' to call AsyncPipe's"

#include <asyncpipe/hip_cooperative_groups.h>
namespace cg = asyncpipe::hip_cg;

__global__ void copy_tile(const float *in) {
  __shared__ float tile[256];
#if defined(BAD_SIZE)
  auto block = cg::this_thread_block<2048>();
#else
  cg::thread_block block = cg::this_thread_block();
#endif
  cg::memcpy_async(block, tile, in, sizeof(tile));
  cg::wait(block);
}
