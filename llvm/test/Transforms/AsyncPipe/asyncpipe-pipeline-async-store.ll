; A loop that asks to be pipelined but writes a tile back with an async store
; (asyncpipe.store, or its AMDGPU form): the planner would have to place the
; store after the compute that fills its shared source, which it does not do
; yet, so it refuses the loop with the missed remark AsyncStore and leaves it
; as written.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=asyncpipe-pipeline -S %s \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline -pass-remarks-output=%t.yaml \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s --check-prefix=NAME < %t.yaml
; REQUIRES: amdgpu-registered-target

; REMARK: remark: <unknown>:0:0: loop not pipelined: it issues an async store (asyncpipe_store), which the pipeliner does not schedule yet: pipeline the copies of a loop without one
; NAME: Name: AsyncStore
; NAME-NEXT: Function: write_back

; CHECK-LABEL: define amdgpu_kernel void @write_back(
; CHECK-NOT: asyncpipe.prologue
; CHECK: loop:
; CHECK: call void @llvm.amdgcn.global.load.async.lds(
; CHECK-NEXT: call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 0)
; CHECK: call void @llvm.amdgcn.global.store.async.lds(
; CHECK-NOT: asyncpipe.epilogue

@lds.in = internal addrspace(3) global [256 x float] poison, align 16
@lds.out = internal addrspace(3) global [256 x float] poison, align 16

define amdgpu_kernel void @write_back(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.in, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %p = getelementptr float, ptr addrspace(3) @lds.in, i32 %tid
  %v = load float, ptr addrspace(3) %p
  %w = fmul float %v, 2.0
  %q = getelementptr float, ptr addrspace(3) @lds.out, i32 %tid
  store float %w, ptr addrspace(3) %q
  %d = getelementptr float, ptr addrspace(1) %dst, i32 %gidx
  call void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1) %d, ptr addrspace(3) %q, i32 4)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1), ptr addrspace(3), i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}
