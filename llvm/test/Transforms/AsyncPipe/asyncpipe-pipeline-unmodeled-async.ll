; A loop that asks to be pipelined but issues an asynchronous operation the
; model does not know: gfx1250's tensor DMA (llvm.amdgcn.tensor.load.to.lds,
; tensor.store.from.lds, counted on TENSORcnt) or LLVM 22's own gfx1250 async
; copies (global.load.async.to.lds.*, ASYNCcnt). The marks cover them, but the
; pipeliner would move the marks and copies it knows and leave these where
; they are, so that the waits no longer count them where they did: it refuses
; the loop, with the missed remark UnmodeledAsyncOp, and leaves it as
; written. The same loop without the tensor DMA is pipelined. The target
; names the operation (AsyncTarget::describeUnmodeledAsyncOp); the pass never
; looks at the triple.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=asyncpipe-pipeline -S %s \
; RUN:   -pass-remarks=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:   -pass-remarks-output=%t.yaml 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s --check-prefix=NAME < %t.yaml
; REQUIRES: amdgpu-registered-target

; REMARK: remark: <unknown>:0:0: loop not pipelined: it issues gfx1250's tensor DMA 'llvm.amdgcn.tensor.load.to.lds.d2', an asynchronous operation the pipeliner does not model: it cannot move it with its group of copies, nor count it in the waits
; REMARK: remark: <unknown>:0:0: loop not pipelined: it issues gfx1250's tensor DMA 'llvm.amdgcn.tensor.store.from.lds', an asynchronous operation the pipeliner does not model
; REMARK: remark: <unknown>:0:0: loop not pipelined: it issues gfx1250's own async copy 'llvm.amdgcn.global.load.async.to.lds.b32', an asynchronous operation the pipeliner does not model
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.no_tensor' x3
; NAME: Name: UnmodeledAsyncOp
; NAME-NEXT: Function: tensor_load_in_group
; NAME: Name: UnmodeledAsyncOp
; NAME-NEXT: Function: tensor_store_in_loop
; NAME: Name: UnmodeledAsyncOp
; NAME-NEXT: Function: native_copy_in_loop

; CHECK-LABEL: define amdgpu_kernel void @tensor_load_in_group(
; CHECK-NOT: asyncpipe.prologue
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK: call void @llvm.amdgcn.global.load.async.lds(
; CHECK-NEXT: call void @llvm.amdgcn.tensor.load.to.lds.d2(
; CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 0)
; CHECK-NOT: asyncpipe.epilogue
; CHECK-LABEL: define amdgpu_kernel void @tensor_store_in_loop(
; CHECK-NOT: asyncpipe.prologue
; CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 0)
; CHECK-LABEL: define amdgpu_kernel void @native_copy_in_loop(
; CHECK-NOT: asyncpipe.prologue
; CHECK: call void @llvm.amdgcn.wait.asyncmark(i16 0)
; CHECK-LABEL: define amdgpu_kernel void @no_tensor(
; CHECK: asyncpipe.prologue:

@lds.tensor_load_in_group = internal addrspace(3) global [256 x float] poison, align 16
@lds.tensor_store_in_loop = internal addrspace(3) global [256 x float] poison, align 16
@lds.native_copy_in_loop = internal addrspace(3) global [256 x float] poison, align 16
@lds.no_tensor = internal addrspace(3) global [256 x float] poison, align 16

; A portable copy and a tensor load in one group.
define amdgpu_kernel void @tensor_load_in_group(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, <4 x i32> %d0, <8 x i32> %d1, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.tensor_load_in_group, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %p = getelementptr float, ptr addrspace(3) @lds.tensor_load_in_group, i32 %tid
  %v = load float, ptr addrspace(3) %p
  %acc.next = fadd float %acc, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

; A tensor store out of another buffer after the consumer's read.
define amdgpu_kernel void @tensor_store_in_loop(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, <4 x i32> %d0, <8 x i32> %d1, <4 x i32> %d2, <4 x i32> %d3, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.tensor_store_in_loop, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %p = getelementptr float, ptr addrspace(3) @lds.tensor_store_in_loop, i32 %tid
  %v = load float, ptr addrspace(3) %p
  %acc.next = fadd float %acc, %v
  call void @llvm.amdgcn.tensor.store.from.lds(<4 x i32> %d0, <8 x i32> %d1, <4 x i32> %d2, <4 x i32> %d3, i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

; LLVM 22's own gfx1250 copy beside the portable one.
define amdgpu_kernel void @native_copy_in_loop(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.native_copy_in_loop, i32 4, i32 0, i32 0)
  %l1 = getelementptr i8, ptr addrspace(3) @lds.native_copy_in_loop, i32 512
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %l1, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %p = getelementptr float, ptr addrspace(3) @lds.native_copy_in_loop, i32 %tid
  %v = load float, ptr addrspace(3) %p
  %acc.next = fadd float %acc, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

; The first loop without its tensor load.
define amdgpu_kernel void @no_tensor(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.no_tensor, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %p = getelementptr float, ptr addrspace(3) @lds.no_tensor, i32 %tid
  %v = load float, ptr addrspace(3) %p
  %acc.next = fadd float %acc, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.tensor.store.from.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}
