// The portable C API in CUDA (sm_80) and HIP (gfx942, without ROCm): generic
// pointers become shared (3) and global (1) pointers, and each call is one
// call of the portable IR form.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fno-discard-value-names -O2 -S -emit-llvm %s -o - -DSIZE=16 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,CUDA -DSIZE=16
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fno-discard-value-names \
// RUN:   -O2 -S -emit-llvm %s -o - -DSIZE=4 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HIP -DSIZE=4
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -O0 -S -emit-llvm %s -o - \
// RUN:   -DSIZE=4 | FileCheck %s --check-prefix=O0
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

__shared__ int tile[256];

// CHECK-LABEL: @copy_commit_wait(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    [[IDX:%.*]] = sext i32 %i to i64
// CUDA-NEXT:     [[DSTGEN:%.*]] = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 [[IDX]]
// CUDA-NEXT:     [[DST:%.*]] = addrspacecast ptr [[DSTGEN]] to ptr addrspace(3)
// CUDA-NEXT:     [[SRCGEN:%.*]] = getelementptr inbounds i32, ptr %src, i64 [[IDX]]
// CUDA-NEXT:     [[SRC:%.*]] = addrspacecast ptr [[SRCGEN]] to ptr addrspace(1)
// HIP-NEXT:      [[DST:%.*]] = getelementptr inbounds i32, ptr addrspace(3) @tile, i32 %i
// HIP-NEXT:      [[SRC:%.*]] = getelementptr inbounds i32, ptr addrspace(1) %src.coerce, i64 [[IDX]]
// CHECK-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef [[DST]], ptr addrspace(1) noundef [[SRC]], i32 noundef [[SIZE]], i32 noundef 0)
// CHECK-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef [[DST]], ptr addrspace(1) noundef [[SRC]], i32 noundef [[SIZE]], i32 noundef 1)
// CHECK-NEXT:    tail call void @asyncpipe.copy.zfill(ptr addrspace(3) noundef [[DST]], ptr addrspace(1) noundef [[SRC]], i32 noundef [[SIZE]], i32 noundef %valid, i32 noundef 0)
// CHECK-NEXT:    tail call void @asyncpipe.mark()
// CHECK-NEXT:    tail call void @asyncpipe.wait(i32 noundef 1)
// CHECK-NEXT:    tail call void @asyncpipe.wait(i32 noundef %n)
// CHECK-NEXT:    ret void
// O0-LABEL: @copy_commit_wait(
// O0: call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef 0)
// O0: call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef 1)
// O0: call void @asyncpipe.copy.zfill(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef %{{.*}}, i32 noundef 0)
// O0: call void @asyncpipe.mark()
// O0: call void @asyncpipe.wait(i32 noundef 1)
extern "C" __global__ void copy_commit_wait(const int *src, int i,
                                            unsigned valid, int n) {
  asyncpipe_copy(tile + i, src + i, SIZE);
  asyncpipe_copy_flags(tile + i, src + i, SIZE, ASYNCPIPE_COPY_BYPASS_L1);
  asyncpipe_copy_zfill(tile + i, src + i, SIZE, valid, 0);
  asyncpipe_commit();
  asyncpipe_wait(1);
  asyncpipe_wait(n);
}
