// <asyncpipe/hip.h> without ROCm (-nogpuinc): the kernel basics map to
// AMDGPU builtins. Outside HIP it is an error.
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fno-discard-value-names \
// RUN:   -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-host-only -I%asyncpipe_include -fsyntax-only %s
// RUN: not clang -x c++ -I%asyncpipe_include -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOT-HIP
// REQUIRES: amdgpu-registered-target

// NOT-HIP: error: "asyncpipe/hip.h is for HIP (clang -x hip)"
#include <asyncpipe/hip.h>

// CHECK-LABEL: define protected amdgpu_kernel void @basics(
// CHECK-DAG:     call {{.*}}i32 @llvm.amdgcn.workitem.id.x()
// CHECK-DAG:     call {{.*}}i32 @llvm.amdgcn.workitem.id.y()
// CHECK-DAG:     call {{.*}}i32 @llvm.amdgcn.workgroup.id.x()
// CHECK-DAG:     call {{.*}}ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
// CHECK:         fence syncscope("workgroup") release
// CHECK-NEXT:    call void @llvm.amdgcn.s.barrier()
// CHECK-NEXT:    fence syncscope("workgroup") acquire
// CHECK-NEXT:    ret void
extern "C" __global__ void __launch_bounds__(256) basics(size_t *out) {
  out[0] = threadIdx.x;
  out[1] = threadIdx.y;
  out[2] = blockIdx.x;
  out[3] = blockDim.x;
  out[4] = gridDim.x;
  __syncthreads();
}
