// The portable C API of <asyncpipe/asyncpipe.h> in OpenCL C, for AMDGPU and
// NVPTX. Each call is one call of the portable IR form, with the operands as
// written (local and global pointers, constant size and flags).
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fno-discard-value-names -O2 -S -emit-llvm %s \
// RUN:   -o - | FileCheck %s --check-prefixes=CHECK,AMDGPU
// RUN: clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 %nvptx_ptx -nogpulib \
// RUN:   -I%asyncpipe_include -fno-discard-value-names -O2 -S -emit-llvm %s \
// RUN:   -o - -DNVPTX | FileCheck %s --check-prefixes=CHECK,NVPTX
// At -O0 the constants stay constants.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O0 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

#ifdef NVPTX
#define SIZE 16
#else
#define SIZE 4
#endif

// CHECK-LABEL: @copy_commit_wait(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef %dst, ptr addrspace(1) noundef %src, i32 noundef [[SIZE:4|16]], i32 noundef 0)
// CHECK-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef %dst, ptr addrspace(1) noundef %src, i32 noundef [[SIZE]], i32 noundef 1)
// CHECK-NEXT:    tail call void @asyncpipe.copy.zfill(ptr addrspace(3) noundef %dst, ptr addrspace(1) noundef %src, i32 noundef [[SIZE]], i32 noundef %valid, i32 noundef 0)
// CHECK-NEXT:    tail call void @asyncpipe.mark()
// CHECK-NEXT:    tail call void @asyncpipe.wait(i32 noundef 1)
// CHECK-NEXT:    tail call void @asyncpipe.wait(i32 noundef %n)
// CHECK-NEXT:    tail call void @asyncpipe.wait(i32 noundef 0)
// CHECK-NEXT:    ret void
// O0-LABEL: @copy_commit_wait(
// O0: call void @asyncpipe.copy(ptr addrspace(3) noundef %{{[0-9]+}}, ptr addrspace(1) noundef %{{[0-9]+}}, i32 noundef 4, i32 noundef 0)
// O0: call void @asyncpipe.copy(ptr addrspace(3) noundef %{{[0-9]+}}, ptr addrspace(1) noundef %{{[0-9]+}}, i32 noundef 4, i32 noundef 1)
// O0: call void @asyncpipe.copy.zfill(ptr addrspace(3) noundef %{{[0-9]+}}, ptr addrspace(1) noundef %{{[0-9]+}}, i32 noundef 4, i32 noundef %{{[0-9]+}}, i32 noundef 0)
// O0: call void @asyncpipe.mark()
// O0: call void @asyncpipe.wait(i32 noundef 1)
void copy_commit_wait(local int *dst, global const int *src, uint valid,
                      int n) {
  asyncpipe_copy(dst, src, SIZE);
  asyncpipe_copy_flags(dst, src, SIZE, ASYNCPIPE_COPY_BYPASS_L1);
  asyncpipe_copy_zfill(dst, src, SIZE, valid, ASYNCPIPE_COPY_DEFAULT);
  asyncpipe_commit();
  asyncpipe_wait(1);
  asyncpipe_wait(n);
  asyncpipe_wait(0);
}

// AMDGPU: declare hidden void @asyncpipe.copy(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i32 noundef, i32 noundef)
// NVPTX: declare dso_local void @asyncpipe.copy(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i32 noundef, i32 noundef)
