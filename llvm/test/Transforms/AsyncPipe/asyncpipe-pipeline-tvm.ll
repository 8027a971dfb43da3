; The async schedules of TVM's software-pipeline tests
; (inject_software_pipeline: stage / order / async_stages) that
; asyncpipe-pipeline-rfc.ll does not already hold, written as
; synchronous-form loops with an explicit schedule. TVM's blocks are our
; statements, except that copies TVM commits together (one
; async_commit_queue) are one group here (copy, copy, mark), and that a
; consumer's wait opens its statement. The counts, on one counter:
;
;   schedule (TVM's blocks)                 TVM   here
;   one copy, stages [0, 3]                 3     3 (equal)
;   GEMM copies, stages [0, 0, 3]           3     3 (equal)
;   nested GEMM, [0, 0, 2, 3, 3],
;     order [0, 1, 3, 2, 4]                 2     3 (weaker, proved)
;   "bad annotation" [0, 0, 0, 3, 3]        0     3 (stronger overlap, proved)
;   nested GEMM with its inner pipeline
;     (k1 [0, 0, 1]: register stage)        2     3 (weaker, proved)
;
; The register loads of the nested GEMM (TVM's block 2, stage 2, ordered
; after the inner product of block 3) have no async copy: only async
; operations move between stages, so they run in the last stage, in their
; own iteration (no register double-buffering), and their wait leaves the
; 3 younger groups in flight instead of TVM's 2, which the mark analysis
; proves. The bad annotation puts them in the producers' stage, where TVM
; completes every group (wait(0)); here they run in the last stage too.
; With TVM's inner pipeline (k1, stages [0, 0, 1]) the slice loop asks for a
; register stage (asyncpipe.pipeline.registers 2): the loads of slice j + 1
; are issued before the product of slice j, inside the tile's iteration,
; so the counts stay 3; a run-time slice count runs that stage 0 to 3 times.
; tvm-schedules-run.test runs these loops on the host runtime.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -verify-loop-info -verify-dom-info \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -asyncpipe-pipeline-drain=empty-groups | FileCheck %s --check-prefix=GROUPS

@b1 = internal global [16 x i32] undef
@as2 = internal global [64 x float] undef
@bs2 = internal global [64 x float] undef
@as3 = internal global [64 x float] undef
@bs3 = internal global [64 x float] undef
@as4 = internal global [64 x float] undef
@bs4 = internal global [64 x float] undef
@as5 = internal global [64 x float] undef
@bs5 = internal global [64 x float] undef
@as6 = internal global [64 x float] undef
@bs6 = internal global [64 x float] undef

; TVM's simple compute with stages [0, 3], stage 0 async: B gets 4 versions,
; the loop waits with 3 in flight and the epilogue with 2, 1, 0.
define void @simple_three(ptr noalias %a, ptr noalias %c, i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src.idx = add i64 %i, %tid
  %src = getelementptr i32, ptr %a, i64 %src.idx
  %dst = getelementptr i32, ptr @b1, i64 %tid
  call void @asyncpipe.copy(ptr %dst, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr %dst
  %v2 = mul i32 %v, 2
  %out = getelementptr i32, ptr %c, i64 %i
  store i32 %v2, ptr %out
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
; CHECK: @b1 = internal global [4 x [16 x i32]] undef
; CHECK: @as3 = internal global [4 x [64 x float]] undef
; CHECK: @as4 = internal global [4 x [64 x float]] undef
; CHECK-LABEL: define void @simple_three(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; CHECK:       loop.epi1:
; CHECK:         call void @asyncpipe.wait(i32 2)
; CHECK:       loop.epi2:
; CHECK:         call void @asyncpipe.wait(i32 1)
; CHECK:       loop.epi3:
; CHECK:         call void @asyncpipe.wait(i32 0)
; GROUPS-LABEL: define void @simple_three(
; GROUPS:       loop:
; GROUPS:         call void @asyncpipe.mark()
; GROUPS-NEXT:    call void @asyncpipe.wait(i32 3)
; GROUPS-NOT:     call void @asyncpipe.wait
; GROUPS-LABEL: define void @gemm_simple(

; TVM's pipelined MMA GEMM: the A and B tile copies in one group (TVM
; commits its two stage-0 blocks together), the product in stage 3.
define void @gemm_simple(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i64 %k, 64
  %idx = add i64 %tile, %tid
  %ga = getelementptr float, ptr %a, i64 %idx
  %gb = getelementptr float, ptr %b, i64 %idx
  %sa = getelementptr float, ptr @as2, i64 %tid
  %sb = getelementptr float, ptr @bs2, i64 %tid
  call void @asyncpipe.copy(ptr %sa, ptr %ga, i32 4, i32 0)
  call void @asyncpipe.copy(ptr %sb, ptr %gb, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load float, ptr %sa
  %y = load float, ptr %sb
  %p = fmul float %x, %y
  %acc.next = fadd float %acc, %p
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  store float %acc.next, ptr %c
  ret void
}
; CHECK-LABEL: define void @gemm_simple(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)

; TVM's nested GEMM: statement 0 the tile copies, statement 1 the register
; loads of the first slice (TVM's block 2: stage 2, ordered after the inner
; loop), statement 2 the inner loop, which loads the next slices from shared
; memory and accumulates (TVM's blocks 3 and 4). The source's second wait(0)
; opens statement 2, as TVM's block boundary. Each copy brings 4 elements
; of a tile; the work-item reads all four.
define void @gemm_nested(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.inner, %latch ]
  %tile = mul i64 %k, 64
  %ga = getelementptr float, ptr %a, i64 %tile
  %gb = getelementptr float, ptr %b, i64 %tile
  call void @asyncpipe.copy(ptr @as3, ptr %ga, i32 16, i32 0)
  call void @asyncpipe.copy(ptr @bs3, ptr %gb, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x0 = load float, ptr @as3
  %y0 = load float, ptr @bs3
  %p0 = fmul float %x0, %y0
  %acc0 = fadd float %acc, %p0
  call void @asyncpipe.wait(i32 0)
  br label %inner
inner:
  %j = phi i64 [ 1, %loop ], [ %j.next, %inner ]
  %acc.j = phi float [ %acc0, %loop ], [ %acc.inner, %inner ]
  %pa = getelementptr float, ptr @as3, i64 %j
  %pb = getelementptr float, ptr @bs3, i64 %j
  %xj = load float, ptr %pa
  %yj = load float, ptr %pb
  %pj = fmul float %xj, %yj
  %acc.inner = fadd float %acc.j, %pj
  %j.next = add nuw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 4
  br i1 %j.done, label %latch, label %inner
latch:
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !5
exit:
  store float %acc.inner, ptr %c
  ret void
}
; CHECK-LABEL: define void @gemm_nested(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; CHECK-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr @as{{[34]}}, i32 %asyncpipe.offset
; CHECK-NEXT:    %x0 = load float, ptr %asyncpipe.version.ptr
; CHECK-NOT:     call void @asyncpipe.wait
; CHECK:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue

; The bad annotation: the register loads in the producers' stage.
define void @gemm_bad_annotation(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.inner, %latch ]
  %tile = mul i64 %k, 64
  %ga = getelementptr float, ptr %a, i64 %tile
  %gb = getelementptr float, ptr %b, i64 %tile
  call void @asyncpipe.copy(ptr @as4, ptr %ga, i32 16, i32 0)
  call void @asyncpipe.copy(ptr @bs4, ptr %gb, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x0 = load float, ptr @as4
  %y0 = load float, ptr @bs4
  %p0 = fmul float %x0, %y0
  %acc0 = fadd float %acc, %p0
  call void @asyncpipe.wait(i32 0)
  br label %inner
inner:
  %j = phi i64 [ 1, %loop ], [ %j.next, %inner ]
  %acc.j = phi float [ %acc0, %loop ], [ %acc.inner, %inner ]
  %pa = getelementptr float, ptr @as4, i64 %j
  %pb = getelementptr float, ptr @bs4, i64 %j
  %xj = load float, ptr %pa
  %yj = load float, ptr %pb
  %pj = fmul float %xj, %yj
  %acc.inner = fadd float %acc.j, %pj
  %j.next = add nuw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 4
  br i1 %j.done, label %latch, label %inner
latch:
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !8
exit:
  store float %acc.inner, ptr %c
  ret void
}
; CHECK-LABEL: define void @gemm_bad_annotation(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; CHECK-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr @as{{[34]}}, i32 %asyncpipe.offset
; CHECK-NEXT:    %x0 = load float, ptr %asyncpipe.version.ptr
; CHECK-NOT:     call void @asyncpipe.wait
; CHECK:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue

; TVM's nested GEMM with its inner pipeline: the loop over the slices of a
; tile (TVM's k1, stages [0, 0, 1]) asks for a register stage
; (asyncpipe.pipeline.registers 2), so the loads of slice j + 1 are issued
; before the product of slice j. All of them stay after the tile's wait in
; the same iteration of the pipelined loop, so its counts are unchanged (3,
; proved). TVM's 2 also needs slice 0 of the next tile loaded at the end of
; this iteration (its stage-2 block), which is not done here.
define void @gemm_nested_registers(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.inner, %latch ]
  %tile = mul i64 %k, 64
  %ga = getelementptr float, ptr %a, i64 %tile
  %gb = getelementptr float, ptr %b, i64 %tile
  call void @asyncpipe.copy(ptr @as5, ptr %ga, i32 16, i32 0)
  call void @asyncpipe.copy(ptr @bs5, ptr %gb, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x0 = load float, ptr @as5
  %y0 = load float, ptr @bs5
  %p0 = fmul float %x0, %y0
  %acc0 = fadd float %acc, %p0
  call void @asyncpipe.wait(i32 0)
  br label %inner
inner:
  %j = phi i64 [ 1, %loop ], [ %j.next, %inner ]
  %acc.j = phi float [ %acc0, %loop ], [ %acc.inner, %inner ]
  %pa = getelementptr float, ptr @as5, i64 %j
  %pb = getelementptr float, ptr @bs5, i64 %j
  %xj = load float, ptr %pa
  %yj = load float, ptr %pb
  %pj = fmul float %xj, %yj
  %acc.inner = fadd float %acc.j, %pj
  %j.next = add nuw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 4
  br i1 %j.done, label %latch, label %inner, !llvm.loop !12
latch:
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !14
exit:
  store float %acc.inner, ptr %c
  ret void
}
; CHECK-LABEL: define void @gemm_nested_registers(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; CHECK-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr @as{{[5]}}, i32 %asyncpipe.offset
; CHECK-NEXT:    %x0 = load float, ptr %asyncpipe.version.ptr
; CHECK-NOT:     call void @asyncpipe.wait
; CHECK:         %xj.first = load float
; CHECK:         %yj.first = load float
; CHECK-NEXT:    br i1 %j.done.first, label %inner.regs.last, label %inner.regs.ph
; CHECK:       inner:
; CHECK:         %xj.reg = phi float [ %xj.first, %inner.regs.ph ], [ %xj.ahead, %inner ]
; CHECK-NEXT:    %yj.reg = phi float [ %yj.first, %inner.regs.ph ], [ %yj.ahead, %inner ]
; CHECK:         %xj.ahead = load float
; CHECK:         %yj.ahead = load float
; CHECK-NEXT:    %pj = fmul float %xj.reg, %yj.reg
; CHECK-NOT:     call void @asyncpipe.wait
; CHECK:       inner.regs.last:
; CHECK-NOT:     load
; CHECK:         br label %latch
; CHECK:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue

; The same with a run-time slice count m (0 to 3 slices after slice 0: the
; inner loop is guarded), so that the register stage runs 0, 1, 2 and 3
; times.
define void @gemm_nested_registers_m(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n, i64 %m) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.out, %latch ]
  %tile = mul i64 %k, 64
  %ga = getelementptr float, ptr %a, i64 %tile
  %gb = getelementptr float, ptr %b, i64 %tile
  call void @asyncpipe.copy(ptr @as6, ptr %ga, i32 16, i32 0)
  call void @asyncpipe.copy(ptr @bs6, ptr %gb, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x0 = load float, ptr @as6
  %y0 = load float, ptr @bs6
  %p0 = fmul float %x0, %y0
  %acc0 = fadd float %acc, %p0
  %any = icmp ugt i64 %m, 1
  br i1 %any, label %inner, label %latch
inner:
  %j = phi i64 [ 1, %loop ], [ %j.next, %inner ]
  %acc.j = phi float [ %acc0, %loop ], [ %acc.inner, %inner ]
  %pa = getelementptr float, ptr @as6, i64 %j
  %pb = getelementptr float, ptr @bs6, i64 %j
  %xj = load float, ptr %pa
  %yj = load float, ptr %pb
  %pj = fmul float %xj, %yj
  %acc.inner = fadd float %acc.j, %pj
  %j.next = add nuw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %m
  br i1 %j.done, label %latch, label %inner, !llvm.loop !12
latch:
  %acc.out = phi float [ %acc0, %loop ], [ %acc.inner, %inner ]
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !15
exit:
  store float %acc.out, ptr %c
  ret void
}
; CHECK-LABEL: define void @gemm_nested_registers_m(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK-NOT:     call void @asyncpipe.wait
; CHECK:       inner.regs.ph:
; CHECK:       inner:
; CHECK:         %xj.reg = phi float [ %xj.first, %inner.regs.ph ], [ %xj.ahead, %inner ]
; CHECK:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue

; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: statement 1 runs in the last stage, not in stage 2: it has no async copy, and only async operations move between stages (its wait is counted for the last stage)
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 2 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 2 is removed from the loop: the wait in statement 1 already allows no more groups
; REMARK: remark: <unknown>:0:0: statement 1 runs in the last stage, not in stage 0: it has no async copy, and only async operations move between stages (its wait is counted for the last stage)
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 2 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 2 is removed from the loop: the wait in statement 1 already allows no more groups
; REMARK: remark: <unknown>:0:0: statement 1 runs in the last stage, not in stage 2: it has no async copy, and only async operations move between stages (its wait is counted for the last stage)
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 2 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK: remark: <unknown>:0:0: wait in statement 2 is removed from the loop: the wait in statement 1 already allows no more groups
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 2 newer groups stay in flight, 2 of them its own (of 3 stages)
; REMARK-NOT: not proved
; REMARK-NOT: fell back

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!0 = distinct !{!0, !1, !11}
!1 = !{!"asyncpipe.pipeline.stage", i32 0, i32 3}
!11 = !{!"asyncpipe.pipeline.async_stages", i32 0}
!2 = distinct !{!2, !3, !11}
!3 = !{!"asyncpipe.pipeline.stage", i32 0, i32 3}
!5 = distinct !{!5, !6, !7, !11}
!6 = !{!"asyncpipe.pipeline.stage", i32 0, i32 2, i32 3}
!7 = !{!"asyncpipe.pipeline.order", i32 0, i32 2, i32 1}
!8 = distinct !{!8, !9, !11}
!9 = !{!"asyncpipe.pipeline.stage", i32 0, i32 0, i32 3}
!12 = distinct !{!12, !13}
!13 = !{!"asyncpipe.pipeline.registers", i32 2}
!14 = distinct !{!14, !6, !7, !11}
!15 = distinct !{!15, !16}
!16 = !{!"asyncpipe.pipeline.stages", i32 3}
