; Interleaved producers: copy A, mark, wait, use A, copy B, mark, wait, use B
; in one iteration, in each IR spelling (AMDGPU async intrinsics for gfx942,
; NVPTX cp.async for sm_80, the portable calls on the host), with the
; automatic three-stage schedule. "use A" and "copy B" are two statements
; (statements: 0 copy A; 1 wait, use A; 2 copy B; 3 wait, use B), so both
; groups go to stage 0 and run two iterations ahead of their own consumer:
; each wait leaves 4 groups in flight, 2 of them its producer's own, and the
; mark analysis proves both. Before, B stayed in the consumers' stage and its
; wait fell to 0, which drained A's prefetches too.
; RUN: split-file %s %t
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-pipeline -S %t/amdgpu.ll \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t/amdgpu.remarks \
; RUN:   | FileCheck %s --check-prefix=AMDGPU
; RUN: FileCheck %s --check-prefix=REMARK < %t/amdgpu.remarks
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S %t/nvptx.ll \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t/nvptx.remarks \
; RUN:   | FileCheck %s --check-prefix=NVPTX
; RUN: FileCheck %s --check-prefix=REMARK < %t/nvptx.remarks
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %t/host.ll \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t/host.remarks \
; RUN:   | FileCheck %s --check-prefix=HOST
; RUN: FileCheck %s --check-prefix=REMARK < %t/host.remarks

; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 2) allows 4 groups in flight (4 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 3 (stage 2) allows 4 groups in flight (4 of its queue)
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 4 newer groups stay in flight, 2 of them its own (of 3 stages)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 3 proved by the mark analysis: the group of statement 2 is complete and 4 newer groups stay in flight, 2 of them its own (of 3 stages)

; The steady-state loop: A for i + 2, wait(4) for A of i, use, B for i + 2,
; wait(4) for B of i, use.
; AMDGPU-LABEL: define amdgpu_kernel void @interleaved(
; AMDGPU:       loop:
; AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %ga.ahead, ptr addrspace(3) %asyncpipe.version.ptr{{[0-9]*}}, i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 4)
; AMDGPU-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %mya, i32 %asyncpipe.offset
; AMDGPU-NEXT:    %a = load float, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %gb.ahead, ptr addrspace(3) %asyncpipe.version.ptr{{[0-9]*}}, i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 4)
; AMDGPU-NEXT:    %asyncpipe.version.ptr{{[0-9]+}} = getelementptr i8, ptr addrspace(3) %myb, i32 %asyncpipe.offset
; AMDGPU-NEXT:    %b = load float, ptr addrspace(3) %asyncpipe.version.ptr{{[0-9]+}}, align 4
; AMDGPU:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue
; The epilogue: 3, 2 (first copy: A and B of the last iteration no longer
; issued), then 1, 0.
; AMDGPU:       loop.epi1:
; AMDGPU:         call void @llvm.amdgcn.wait.asyncmark(i16 3)
; AMDGPU:         call void @llvm.amdgcn.wait.asyncmark(i16 2)
; AMDGPU:       loop.epi2:
; AMDGPU:         call void @llvm.amdgcn.wait.asyncmark(i16 1)
; AMDGPU:         call void @llvm.amdgcn.wait.asyncmark(i16 0)

; NVPTX-LABEL: define ptx_kernel void @interleaved(
; NVPTX:       loop:
; NVPTX:         call void @llvm.nvvm.cp.async.commit.group()
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 4)
; NVPTX-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %mya, i32 %asyncpipe.offset
; NVPTX-NEXT:    %a = load i32, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; NVPTX:         call void @llvm.nvvm.cp.async.commit.group()
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 4)
; NVPTX-NEXT:    %asyncpipe.version.ptr{{[0-9]+}} = getelementptr i8, ptr addrspace(3) %myb, i32 %asyncpipe.offset
; NVPTX-NEXT:    %b = load i32, ptr addrspace(3) %asyncpipe.version.ptr{{[0-9]+}}, align 4
; NVPTX-NOT:     call void @llvm.nvvm.cp.async.wait

; HOST-LABEL: define void @interleaved(
; HOST:       loop:
; HOST:         call void @asyncpipe.mark()
; HOST-NEXT:    call void @asyncpipe.wait(i32 4)
; HOST-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %mya, i32 %asyncpipe.offset
; HOST-NEXT:    %a = load i32, ptr %asyncpipe.version.ptr, align 4
; HOST:         call void @asyncpipe.mark()
; HOST-NEXT:    call void @asyncpipe.wait(i32 4)
; HOST-NEXT:    %asyncpipe.version.ptr{{[0-9]+}} = getelementptr i8, ptr %myb, i32 %asyncpipe.offset
; HOST-NEXT:    %b = load i32, ptr %asyncpipe.version.ptr{{[0-9]+}}, align 4
; HOST:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue

;--- amdgpu.ll
@as = internal addrspace(3) global [256 x float] undef, align 16
@bs = internal addrspace(3) global [256 x float] undef, align 16

define amdgpu_kernel void @interleaved(ptr addrspace(1) noalias %a.src, ptr addrspace(1) noalias %b.src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %mya = getelementptr float, ptr addrspace(3) @as, i32 %tid
  %myb = getelementptr float, ptr addrspace(3) @bs, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %ga = getelementptr float, ptr addrspace(1) %a.src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %ga, ptr addrspace(3) @as, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %a = load float, ptr addrspace(3) %mya
  %acc.a = fadd float %acc, %a
  %gb = getelementptr float, ptr addrspace(1) %b.src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %gb, ptr addrspace(3) @bs, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %b = load float, ptr addrspace(3) %myb
  %acc.next = fmul float %acc.a, %b
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}

;--- nvptx.ll
@as = internal addrspace(3) global [128 x i32] undef, align 16
@bs = internal addrspace(3) global [128 x i32] undef, align 16

define ptx_kernel void @interleaved(ptr addrspace(1) noalias %a.src, ptr addrspace(1) noalias %b.src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mya = getelementptr i32, ptr addrspace(3) @as, i32 %tid
  %myb = getelementptr i32, ptr addrspace(3) @bs, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %tile = shl i32 %i, 7
  %gidx = add i32 %tile, %tid
  %ga = getelementptr i32, ptr addrspace(1) %a.src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mya, ptr addrspace(1) %ga)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  %a = load i32, ptr addrspace(3) %mya
  %acc.a = add i32 %acc, %a
  %gb = getelementptr i32, ptr addrspace(1) %b.src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %myb, ptr addrspace(1) %gb)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  %b = load i32, ptr addrspace(3) %myb
  %acc.next = xor i32 %acc.a, %b
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store i32 %acc.next, ptr addrspace(1) %dst
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.all()
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}

;--- host.ll
@as = internal global [16 x i32] undef, align 16
@bs = internal global [16 x i32] undef, align 16

define void @interleaved(ptr noalias %a.src, ptr noalias %b.src, ptr noalias %dst, i64 %n, i64 %tid) {
entry:
  %mya = getelementptr i32, ptr @as, i64 %tid
  %myb = getelementptr i32, ptr @bs, i64 %tid
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %gidx = add i64 %i, %tid
  %ga = getelementptr i32, ptr %a.src, i64 %gidx
  call void @asyncpipe.copy(ptr %mya, ptr %ga, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %a = load i32, ptr %mya
  %acc.a = add i32 %acc, %a
  %gb = getelementptr i32, ptr %b.src, i64 %gidx
  call void @asyncpipe.copy(ptr %myb, ptr %gb, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %b = load i32, ptr %myb
  %acc.next = mul i32 %acc.a, %b
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store i32 %acc.next, ptr %dst
  ret void
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}
