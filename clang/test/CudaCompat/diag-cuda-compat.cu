// The compile-time errors of <asyncpipe/cuda_compat.h> and
// <asyncpipe/opencl_async.h>, at the user's line.
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s
// The same errors for gfx942 and the host.
// RUN: not clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: not clang -x c++ -I%asyncpipe_include -Wno-ignored-attributes \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: not clang -x c -fsyntax-only -I%asyncpipe_include -DOPENCL_HEADER %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOT-OPENCL
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#ifdef OPENCL_HEADER
// NOT-OPENCL: asyncpipe/opencl_async.h:{{[0-9]+}}:2: error: "asyncpipe/opencl_async.h is for OpenCL C"
#include <asyncpipe/opencl_async.h>
#else
#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

__attribute__((device)) void copy(float *dst, const float *src,
                                  cuda::pipeline<cuda::thread_scope_thread> &p) {
  // CHECK: asyncpipe/cuda_compat.h:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement {{.*}}: the alignment of aligned_size_t must be a power of two, such as 4, 8 or 16
  // CHECK: diag-cuda-compat.cu:[[#@LINE+1]]:32: note: in instantiation of template class 'asyncpipe::cuda_compat::aligned_size_t<12>' requested here
  cuda::memcpy_async(dst, src, cuda::aligned_size_t<12>(48), p);
}

// libcu++'s device and system scopes: no target can order a pipeline's
// stages over several thread blocks.
// CHECK: asyncpipe/cuda_compat.h:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement {{.*}}: AsyncPipe's cuda::pipeline cannot honour thread_scope_device or thread_scope_system on this target (its stages are ordered by thread-block barriers): use thread_scope_block with one shared state per thread block, or thread_scope_thread
// CHECK: diag-cuda-compat.cu:[[#@LINE+2]]:{{[0-9]+}}: note: in instantiation of template type alias 'pipeline_shared_state' requested here
__attribute__((device)) void device_scope() {
  __attribute__((shared)) cuda::pipeline_shared_state<cuda::thread_scope_device, 2> state;
  (void)state;
}
// CHECK: asyncpipe/cuda_compat.h:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement {{.*}}: AsyncPipe's cuda::pipeline cannot honour thread_scope_device or thread_scope_system on this target
// CHECK: diag-cuda-compat.cu:[[#@LINE+2]]:{{[0-9]+}}: note: in instantiation of template class 'asyncpipe::cuda_compat::pipeline<3>' requested here
__attribute__((device)) void system_scope(cuda::pipeline<cuda::thread_scope_system> &p) {
  p.consumer_wait();
}
#endif
