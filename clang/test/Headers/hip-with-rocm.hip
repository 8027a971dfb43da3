// With ROCm, clang's HIP runtime wrapper defines __global__ before the source
// is read, and <asyncpipe/hip.h> includes <hip/hip_runtime.h> instead of
// defining the kernel basics itself. ROCm is not installed here, so the
// wrapper's definition and the runtime header are stand-ins.
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -I%S/Inputs/fake-rocm/include \
// RUN:   '-D__global__=__attribute__((global))' -fsyntax-only -Xclang -verify %s
// REQUIRES: amdgpu-registered-target
// expected-no-diagnostics

#include <asyncpipe/hip.h>

#ifndef FAKE_HIP_RUNTIME_INCLUDED
#error "asyncpipe/hip.h did not include <hip/hip_runtime.h>"
#endif
#ifdef ASYNCPIPE_HIP_WITHOUT_ROCM
#error "asyncpipe/hip.h defined its own HIP basics next to the runtime's"
#endif

__global__ void k(int *out) { out[0] = threadIdx.x; }
