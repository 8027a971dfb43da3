; A wait of the last stage that follows another with no mark (and no call)
; in between, and allows no fewer groups, has nothing left to wait for: it is
; removed from the pipelined loop (both drains; the epilogue's copies keep
; theirs, with their own counts, and the short trip counts join them). A
; call in between keeps it: a callee might commit groups on a hardware
; counter.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='asyncpipe-pipeline,verify' -S %s \
; RUN:   -asyncpipe-pipeline-drain=empty-groups -pass-remarks-analysis=asyncpipe-pipeline \
; RUN:   2>%t.remarks | FileCheck %s --check-prefix=GROUPS
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='asyncpipe-pipeline,verify' -S %s \
; RUN:   | FileCheck %s --check-prefix=EPI

; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 2) allows 2 groups in flight (2 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 2 (stage 2) allows 2 groups in flight (2 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: drains with empty groups: the last iterations skip their copies and still commit their marks
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 2 is removed from the loop: the wait in statement 1 already allows no more groups and no mark comes between (rule W1, proved by the mark analysis on the pipelined loop)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 1 (stage 2) allows 2 groups in flight (2 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: wait in statement 2 (stage 2) allows 2 groups in flight (2 of its queue)
; REMARK-NEXT: remark: <unknown>:0:0: drains with empty groups

; GROUPS-LABEL: define i32 @twice(
; GROUPS: asyncpipe.issued:
; GROUPS-NEXT: call void @asyncpipe.mark()
; GROUPS-NEXT: call void @asyncpipe.wait(i32 2)
; GROUPS-NOT: call void @asyncpipe.wait
; GROUPS: %w = load i32, ptr %asyncpipe.version.ptr1, align 4
; GROUPS-NOT: call void @asyncpipe.wait
; GROUPS: exit:
; GROUPS-LABEL: define i32 @call_between(
; GROUPS: asyncpipe.issued:
; GROUPS-NEXT: call void @asyncpipe.mark()
; GROUPS-NEXT: call void @asyncpipe.wait(i32 2)
; GROUPS: call void @log(i32 %v)
; GROUPS-NEXT: call void @asyncpipe.wait(i32 2)

; EPI-LABEL: define i32 @twice(
; EPI: loop:
; EPI: call void @asyncpipe.wait(i32 2)
; EPI-NOT: call void @asyncpipe.wait
; EPI: loop.epi1:
; EPI: call void @asyncpipe.wait(i32 1)
; EPI: call void @asyncpipe.wait(i32 1)
; EPI: loop.epi2:
; EPI: call void @asyncpipe.wait(i32 0)
; EPI: call void @asyncpipe.wait(i32 0)

@buf.twice = internal global [16 x i32] zeroinitializer
@buf.call_between = internal global [16 x i32] zeroinitializer

define i32 @twice(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.twice, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.twice
  %acc.mid = add i32 %acc, %v
  call void @asyncpipe.wait(i32 0)
  %w = load i32, ptr getelementptr (i32, ptr @buf.twice, i64 1)
  %acc.next = mul i32 %acc.mid, %w
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret i32 %acc.next
}

define i32 @call_between(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.call_between, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.call_between
  call void @log(i32 %v) inaccessiblememonly
  call void @asyncpipe.wait(i32 0)
  %w = load i32, ptr getelementptr (i32, ptr @buf.call_between, i64 1)
  %acc.next = mul i32 %v, %w
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret i32 %acc.next
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @log(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}
