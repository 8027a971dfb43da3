; Three consumers of one group, each behind its own wait(0), pipelined with
; four stages: each wait gets wait(3), and the second and third, with no
; mark between, add nothing to the first; the mark analysis proves them
; redundant on the pipelined loop and they are removed (one wait(3) per
; iteration instead of three). The first is proved exact. On the host and,
; with empty groups, the NVPTX drain.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='asyncpipe-pipeline,verify' -S %s \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='asyncpipe-pipeline,verify' -S %s \
; RUN:   -asyncpipe-pipeline-drain=empty-groups | FileCheck %s --check-prefix=GROUPS

; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 3) allows 3 groups in flight (3 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 2 (stage 3) allows 3 groups in flight (3 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 3 (stage 3) allows 3 groups in flight (3 of its queue)
; REMARK:      remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 2 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 3 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 2 is removed from the loop: the wait in statement 1 already allows no more groups and no mark comes between (rule W1, proved by the mark analysis on the pipelined loop)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 3 is removed from the loop: the wait in statement 2 already allows no more groups and no mark comes between (rule W1, proved by the mark analysis on the pipelined loop)
; REMARK-NOT: not proved

; CHECK-LABEL: define i32 @thrice(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.wait(i32 3)
; CHECK-NOT:     call void @asyncpipe.wait
; CHECK:         br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue
; GROUPS-LABEL: define i32 @thrice(
; GROUPS:       loop:
; GROUPS:         call void @asyncpipe.wait(i32 3)
; GROUPS-NOT:     call void @asyncpipe.wait
; GROUPS:       exit:

@buf = internal global [16 x i32] zeroinitializer

define i32 @thrice(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf, ptr %src, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %u = load i32, ptr @buf
  %acc.1 = add i32 %acc, %u
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr getelementptr (i32, ptr @buf, i64 1)
  %acc.2 = mul i32 %acc.1, %v
  call void @asyncpipe.wait(i32 0)
  %w = load i32, ptr getelementptr (i32, ptr @buf, i64 2)
  %acc.next = xor i32 %acc.2, %w
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret i32 %acc.next
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 4}
