// The upstream async LDS builtins in HIP, without ROCm (-nogpuinc): generic
// pointers are converted to the global and LDS address spaces, as Clang does
// for the non-async builtins, and each call is the upstream intrinsic's.
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fno-discard-value-names \
// RUN:   -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -O0 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0
// The host pass type-checks the same calls.
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-host-only -I%asyncpipe_include -fsyntax-only %s
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/amdgcn_async.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

__shared__ int tile[256];

// CHECK-LABEL: @copies(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %g.coerce, ptr addrspace(3) noundef @tile, i32 noundef 4, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) noundef %g.coerce, ptr addrspace(3) noundef addrspacecast (ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 256) to ptr addrspace(3)), i32 noundef 2, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.load.async.to.lds.p7(ptr addrspace(7) noundef %b, ptr addrspace(3) noundef @tile, i32 noundef 1, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) noundef @tile, i32 noundef 4, i32 noundef %voffset, i32 noundef 0, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.struct.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) noundef @tile, i32 noundef 4, i32 noundef %vindex, i32 noundef %voffset, i32 noundef 0, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.asyncmark()
// CHECK-NEXT:    tail call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 1)
// CHECK-NEXT:    ret void
// O0-LABEL: @copies(
// O0: call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %{{.*}}, ptr addrspace(3) noundef %{{.*}}, i32 noundef 4, i32 noundef 0, i32 noundef 0)
// O0: call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) noundef %{{.*}}, ptr addrspace(3) noundef %{{.*}}, i32 noundef 2, i32 noundef 0, i32 noundef 0)
// O0: call void @llvm.amdgcn.load.async.to.lds.p7(ptr addrspace(7) noundef %{{.*}}, ptr addrspace(3) noundef %{{.*}}, i32 noundef 1, i32 noundef 4, i32 noundef 0)
// O0: call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %{{.*}}, ptr addrspace(3) noundef %{{.*}}, i32 noundef 4, i32 noundef %{{.*}}, i32 noundef 0, i32 noundef 0, i32 noundef 0)
// O0: call void @llvm.amdgcn.struct.ptr.buffer.load.lds.async(ptr addrspace(8) %{{.*}}, ptr addrspace(3) noundef %{{.*}}, i32 noundef 4, i32 noundef %{{.*}}, i32 noundef %{{.*}}, i32 noundef 0, i32 noundef 0, i32 noundef 0)
// O0: call void @llvm.amdgcn.asyncmark()
// O0: call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 1)
extern "C" __global__ void copies(int *g, __attribute__((address_space(7))) int *b,
                               __amdgpu_buffer_rsrc_t rsrc, int vindex,
                               int voffset) {
  __builtin_amdgcn_global_load_async_lds(g, tile, 4, 0, 0);
  __builtin_amdgcn_load_async_to_lds(g, tile + 64, 2, 0, 0);
  __builtin_amdgcn_load_async_to_lds(b, tile, 1, 4, 0);
  __builtin_amdgcn_raw_ptr_buffer_load_async_lds(rsrc, tile, 4, voffset, 0, 0,
                                                 0);
  __builtin_amdgcn_struct_ptr_buffer_load_async_lds(rsrc, tile, 4, vindex,
                                                    voffset, 0, 0, 0);
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_wait_asyncmark(1);
}
