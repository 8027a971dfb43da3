; A loop of plain shared-to-register loads with a register stage
; (asyncpipe.pipeline.registers 2, TVM's stages [0, 0, 1] on its inner loop
; k1): the loads of iteration j + 1 are issued at the top of iteration j,
; their values carried by phis, and the last iteration runs in a copy of the
; body after the loop. Trip count 1 goes from the preheader straight to that
; copy; 0 never reaches the preheader (the loop's guard). The refusals each
; have a remark name (-pass-remarks-output): a count other than 2, a body
; that is not one block, a store or a call that may write memory, a
; convergent call (the last iteration runs in a copy of the body), async
; operations, an exit test that depends on memory, and no load to move
; (invalid metadata is an error: asyncpipe-pipeline-annotation-errors.ll).
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -verify-loop-info -verify-dom-info \
; RUN:   -pass-remarks=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:   -pass-remarks-output=%t.yaml 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s --check-prefix=NAME < %t.yaml

@sa = internal global [64 x float] undef
@sb = internal global [64 x float] undef

; Run-time trip count m, guarded: the loads of slice j + 1 before the
; product of slice j.
define float @dot(i64 %m) {
entry:
  %any = icmp sgt i64 %m, 0
  br i1 %any, label %ph, label %out
ph:
  br label %body
body:
  %j = phi i64 [ 0, %ph ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %ph ], [ %acc.next, %body ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %pb = getelementptr float, ptr @sb, i64 %j
  %x = load float, ptr %pa
  %y = load float, ptr %pb
  %p = fmul float %x, %y
  %acc.next = fadd float %acc, %p
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !0
done:
  %r = phi float [ %acc.next, %body ]
  br label %out
out:
  %res = phi float [ 0.0, %entry ], [ %r, %done ]
  ret float %res
}
; CHECK-LABEL: define float @dot(
; CHECK:       ph:
; CHECK-NEXT:    %pa.first = getelementptr float, ptr @sa, i64 0
; CHECK-NEXT:    %pb.first = getelementptr float, ptr @sb, i64 0
; CHECK-NEXT:    %j.next.first = add nuw nsw i64 0, 1
; CHECK-NEXT:    %more.first = icmp slt i64 %j.next.first, %m
; CHECK-NEXT:    %x.first = load float, ptr %pa.first, align 4
; CHECK-NEXT:    %y.first = load float, ptr %pb.first, align 4
; CHECK-NEXT:    br i1 %more.first, label %body.regs.ph, label %body.regs.last
; CHECK:       body.regs.ph:
; CHECK-NEXT:    br label %body
; CHECK:       body:
; CHECK-NEXT:    %j = phi i64 [ 0, %body.regs.ph ], [ %j.next.ahead, %body ]
; CHECK-NEXT:    %acc = phi float [ 0.000000e+00, %body.regs.ph ], [ %acc.next, %body ]
; CHECK-NEXT:    %x.reg = phi float [ %x.first, %body.regs.ph ], [ %x.ahead, %body ]
; CHECK-NEXT:    %y.reg = phi float [ %y.first, %body.regs.ph ], [ %y.ahead, %body ]
; CHECK-NEXT:    %j.next.ahead = add nuw nsw i64 %j, 1
; CHECK-NEXT:    %pa.ahead = getelementptr float, ptr @sa, i64 %j.next.ahead
; CHECK-NEXT:    %pb.ahead = getelementptr float, ptr @sb, i64 %j.next.ahead
; CHECK-NEXT:    %j.next.ahead1 = add nuw nsw i64 %j.next.ahead, 1
; CHECK-NEXT:    %more.ahead = icmp slt i64 %j.next.ahead1, %m
; CHECK-NEXT:    %x.ahead = load float, ptr %pa.ahead, align 4
; CHECK-NEXT:    %y.ahead = load float, ptr %pb.ahead, align 4
; CHECK-NEXT:    %p = fmul float %x.reg, %y.reg
; CHECK-NEXT:    %acc.next = fadd float %acc, %p
; CHECK-NEXT:    br i1 %more.ahead, label %body, label %body.regs.exit
; CHECK-NOT:   !llvm.loop
; CHECK:       body.regs.exit:
; CHECK-NEXT:    br label %body.regs.last
; CHECK:       body.regs.last:
; CHECK-NEXT:    %[[ACC:acc[0-9]+]] = phi float [ 0.000000e+00, %ph ], [ %acc.next, %body.regs.exit ]
; CHECK-NEXT:    %[[X:x.reg[0-9]+]] = phi float [ %x.first, %ph ], [ %x.ahead, %body.regs.exit ]
; CHECK-NEXT:    %[[Y:y.reg[0-9]+]] = phi float [ %y.first, %ph ], [ %y.ahead, %body.regs.exit ]
; CHECK-NEXT:    %p.last = fmul float %[[X]], %[[Y]]
; CHECK-NEXT:    %acc.next.last = fadd float %[[ACC]], %p.last
; CHECK-NEXT:    br label %done
; CHECK:       done:
; CHECK-NEXT:    %r = phi float [ %acc.next.last, %body.regs.last ]

; A pointer walked by a phi, the exit taken on true, and a loaded value used
; after the loop without an exit-block phi: the use takes the last copy's.
define float @walk(ptr %p0, i64 %m) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %p = phi ptr [ %p0, %entry ], [ %p.next, %body ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %body ]
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %p.next = getelementptr float, ptr %p, i64 2
  %i.next = add nuw i64 %i, 1
  %stop = icmp eq i64 %i.next, %m
  br i1 %stop, label %done, label %body, !llvm.loop !0
done:
  %last = fmul float %v, %s.next
  ret float %last
}
; CHECK-LABEL: define float @walk(
; CHECK:       entry:
; CHECK-NEXT:    %i.next.first = add nuw i64 0, 1
; CHECK-NEXT:    %stop.first = icmp eq i64 %i.next.first, %m
; CHECK-NEXT:    %v.first = load float, ptr %p0, align 4
; CHECK-NEXT:    br i1 %stop.first, label %body.regs.last, label %body.regs.ph
; CHECK:       body:
; CHECK-NEXT:    %i = phi i64 [ 0, %body.regs.ph ], [ %i.next.ahead, %body ]
; CHECK-NEXT:    %p = phi ptr [ %p0, %body.regs.ph ], [ %p.next.ahead, %body ]
; CHECK-NEXT:    %s = phi float [ 0.000000e+00, %body.regs.ph ], [ %s.next, %body ]
; CHECK-NEXT:    %v.reg = phi float [ %v.first, %body.regs.ph ], [ %v.ahead, %body ]
; CHECK-NEXT:    %p.next.ahead = getelementptr float, ptr %p, i64 2
; CHECK-NEXT:    %i.next.ahead = add nuw i64 %i, 1
; CHECK-NEXT:    %i.next.ahead1 = add nuw i64 %i.next.ahead, 1
; CHECK-NEXT:    %stop.ahead = icmp eq i64 %i.next.ahead1, %m
; CHECK-NEXT:    %v.ahead = load float, ptr %p.next.ahead, align 4
; CHECK-NEXT:    %s.next = fadd float %s, %v.reg
; CHECK-NEXT:    br i1 %stop.ahead, label %body.regs.exit, label %body
; CHECK:       body.regs.last:
; CHECK-NEXT:    %[[S:s[0-9]+]] = phi float [ 0.000000e+00, %entry ], [ %s.next, %body.regs.exit ]
; CHECK-NEXT:    %[[V:v.reg[0-9]+]] = phi float [ %v.first, %entry ], [ %v.ahead, %body.regs.exit ]
; CHECK-NEXT:    %s.next.last = fadd float %[[S]], %[[V]]
; CHECK-NEXT:    br label %done
; CHECK:       done:
; CHECK-NEXT:    %last = fmul float %[[V]], %s.next.last

; Refused, each left as written with a named remark.
define float @three_stages(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %body ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %x = load float, ptr %pa
  %acc.next = fadd float %acc, %x
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !2
done:
  ret float %acc.next
}

define float @two_blocks(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %x = load float, ptr %pa
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %add, label %latch
add:
  %sum = fadd float %acc, %x
  br label %latch
latch:
  %acc.next = phi float [ %acc, %body ], [ %sum, %add ]
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !4
done:
  ret float %acc.next
}

define void @stores(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %x = load float, ptr %pa
  %pb = getelementptr float, ptr @sb, i64 %j
  store float %x, ptr %pb
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !5
done:
  ret void
}

define float @calls(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %body ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %x = load float, ptr %pa
  call void @_Z4syncv()
  %acc.next = fadd float %acc, %x
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !6
done:
  ret float %acc.next
}

define float @convergent(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %body ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %x = load float, ptr %pa
  %xs = call float @shuffle(float %x) convergent
  %acc.next = fadd float %acc, %xs
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !12
done:
  ret float %acc.next
}

define void @async_ops(ptr %g, i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %src = getelementptr float, ptr %g, i64 %j
  call void @asyncpipe.copy(ptr @sa, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !7
done:
  ret void
}

define float @exit_on_load(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %body ]
  %pa = getelementptr float, ptr @sa, i64 %j
  %x = load float, ptr %pa
  %acc.next = fadd float %acc, %x
  %j.next = add nuw i64 %j, 1
  %more = fcmp ogt float %x, 0.0
  br i1 %more, label %body, label %done, !llvm.loop !8
done:
  ret float %acc.next
}

define i64 @no_loads(i64 %m) {
entry:
  br label %body
body:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %j.next = add nuw i64 %j, 1
  %more = icmp ult i64 %j.next, %m
  br i1 %more, label %body, label %done, !llvm.loop !9
done:
  ret i64 %j.next
}

; CHECK-LABEL: define float @three_stages(
; CHECK-NOT:   regs
; CHECK-LABEL: define float @convergent(
; CHECK-NOT:   regs
; CHECK-LABEL: define void @async_ops(
; CHECK-NOT:   regs

; REMARK: remark: <unknown>:0:0: register stage: 2 loads of the next iteration issued before this iteration's computation (a double buffer in registers)
; REMARK: remark: <unknown>:0:0: register stage: 1 loads of the next iteration issued before this iteration's computation (a double buffer in registers)
; REMARK: remark: <unknown>:0:0: register stage not applied: it asks for 3 register stages; only 2 are supported (the loads one iteration ahead, TVM's stages [0, 0, 1])
; REMARK: remark: <unknown>:0:0: register stage not applied: the loop is not a single block that tests its exit at the end (write it without branches or inner loops in its body)
; REMARK: remark: <unknown>:0:0: register stage not applied: a 'store' instruction may write memory that a load of the next iteration, issued before it, reads
; REMARK: remark: <unknown>:0:0: register stage not applied: a call to 'sync()' may write memory that a load of the next iteration, issued before it, reads
; REMARK: remark: <unknown>:0:0: register stage not applied: a call to 'shuffle' must be reached by the work-items together, and the last iteration runs in a copy of the body
; REMARK: remark: <unknown>:0:0: register stage not applied: the loop issues async operations; a register stage is for a loop of plain loads (ask for async stages with asyncpipe_pipeline(S))
; REMARK: remark: <unknown>:0:0: register stage not applied: the loop's exit test depends on memory, so whether the next iteration exists is not known before its loads
; REMARK: remark: <unknown>:0:0: register stage not applied: no load of the loop has an address that is known one iteration ahead

; NAME: Name: RegistersPipelined
; NAME: Name: RegistersPipelined
; NAME: Name: RegisterStages
; NAME: Name: RegisterLoopShape
; NAME: Name: RegisterLoopWrites
; NAME: Name: RegisterLoopWrites
; NAME: Name: RegisterLoopConvergent
; NAME: Name: RegisterLoopAsyncOps
; NAME: Name: RegisterLoopExitTest
; NAME: Name: RegisterLoopNoLoads

declare void @_Z4syncv()
declare float @shuffle(float) memory(none) convergent
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.registers", i32 2}
!2 = distinct !{!2, !3}
!3 = !{!"asyncpipe.pipeline.registers", i32 3}
!4 = distinct !{!4, !1}
!5 = distinct !{!5, !1}
!6 = distinct !{!6, !1}
!7 = distinct !{!7, !1}
!8 = distinct !{!8, !1}
!9 = distinct !{!9, !1}
!12 = distinct !{!12, !1}
