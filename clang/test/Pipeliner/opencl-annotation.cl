// The one-line annotation works in OpenCL C too, with the AMDGPU async
// builtins spelled by their upstream intrinsic names: the loop is pipelined
// with 4 stages, the LDS tile grows to 4 versions and the wait lets 3 groups
// fly. By default the last 3 iterations repeat the last tile's copy and the
// exit waits for them (REPEAT); with the epilogue drain, the epilogue waits
// for 2, 1 and 0, and fewer than 4 tiles take partial prologues.
// REQUIRES: amdgpu-registered-target
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -I %asyncpipe_include -S -emit-llvm %s -o - \
// RUN:   -mllvm -asyncpipe-pipeline-drain=epilogue \
// RUN:   -Rpass=asyncpipe-pipeline 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -I %asyncpipe_include -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=REPEAT

#include "asyncpipe/pipeline_annotation.h"

void async_copy_lds(global const int *src, local int *dst, int size,
                    int offset, int aux)
    __asm__("llvm.amdgcn.global.load.async.lds");
void async_mark(void) __asm__("llvm.amdgcn.asyncmark");
void async_wait(short n) __asm__("llvm.amdgcn.wait.asyncmark");

#define TILE 64

kernel void sum_tiles(global const int *restrict in, global int *restrict out,
                      int ntiles) {
  local int tile[TILE];
  uint lid = __builtin_amdgcn_workitem_id_x();
  int acc = 0;
  for (int t = 0; t < ntiles; ++t) {
    asyncpipe_pipeline(4);
    // LDS DMA writes lane i at the wave's base + 4 * i: pass the base.
    async_copy_lds(in + t * TILE + lid, tile, 4, 0, 0);
    async_mark();
    async_wait(0);
    __builtin_amdgcn_s_barrier();
    acc += tile[TILE - 1 - lid];
    __builtin_amdgcn_s_barrier();
  }
  out[lid] = acc;
}

// OpenCL 2.0 also emits the kernel's body as a callable function
// (__clang_ocl_kern_imp_sum_tiles) that shares the local buffer: the kernel
// gets a grown buffer of its own, then the callable copy grows the original.
// CHECK: @sum_tiles.tile.pipelined = internal addrspace(3) global [4 x [64 x i32]] undef
// CHECK: @sum_tiles.tile = internal addrspace(3) global [4 x [64 x i32]] undef
// REPEAT: @sum_tiles.tile = internal addrspace(3) global [4 x [64 x i32]] undef
// REPEAT-LABEL: define protected amdgpu_kernel void @sum_tiles(
// The prologue's three groups, the loop's group and its wait with three in
// flight, the exit's wait for the repeated copies.
// REPEAT-COUNT-3: call void @llvm.amdgcn.asyncmark()
// REPEAT: call void @llvm.amdgcn.global.load.async.lds(
// REPEAT-NEXT: call void @llvm.amdgcn.asyncmark()
// REPEAT-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}3)
// REPEAT: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}0)
// REPEAT-NOT: call void @llvm.amdgcn.{{(wait.)?}}asyncmark
// REPEAT-LABEL: define protected void @__clang_ocl_kern_imp_sum_tiles(
// REPEAT-COUNT-3: call void @llvm.amdgcn.asyncmark()
// REPEAT: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}0)
// REPEAT: call void @llvm.amdgcn.global.load.async.lds(
// REPEAT-NEXT: call void @llvm.amdgcn.asyncmark()
// REPEAT-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}3)
// REPEAT-NOT: call void @llvm.amdgcn.{{(wait.)?}}asyncmark
// CHECK-LABEL: define protected amdgpu_kernel void @sum_tiles(
// The prologue's three groups, the loop's wait with three in flight, the
// epilogue's decreasing waits.
// CHECK-COUNT-3: call void @llvm.amdgcn.asyncmark()
// CHECK: call void @llvm.amdgcn.asyncmark()
// CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}3)
// CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}2)
// CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}1)
// CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}0)
// One, two and three tiles (trip counts below the stage count): their
// groups, then into the epilogue at its last, second or first copy.
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// The callable copy's blocks are laid out in another order: the epilogue,
// the short trip counts, the prologue and the loop.
// CHECK-LABEL: define protected void @__clang_ocl_kern_imp_sum_tiles(
// CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}2)
// CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}1)
// CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}0)
// One, two and three tiles (trip counts below the stage count): their
// groups, then into the epilogue at its last, second or first copy.
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-NOT: asyncmark
// CHECK: call void @llvm.amdgcn.global.load.async.lds(
// CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
// CHECK-COUNT-3: call void @llvm.amdgcn.asyncmark()
// CHECK: call void @llvm.amdgcn.asyncmark()
// CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 {{(noundef signext )?}}3)
// REMARK-COUNT-2: opencl-annotation.cl:32:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'sum_tiles.tile' x4
