; Where asyncpipe-elim leaves marks and waits alone.
; RUN: %opt -passes=asyncpipe-elim -S %s -o - | FileCheck %s

; An always_inline function with marks but no wait (or waits but no mark) is
; a fragment of its callers, as pipeline.h's members are: kept for the
; function it will be inlined into.
; CHECK-LABEL: define void @commit_fragment(
; CHECK-NEXT:    call void @asyncpipe.mark()
define void @commit_fragment() alwaysinline {
  call void @asyncpipe.mark()
  ret void
}

; CHECK-LABEL: define void @wait_fragment(
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
define void @wait_fragment() alwaysinline {
  call void @asyncpipe.wait(i32 1)
  ret void
}

; The same bodies in ordinary functions mean nothing on their own: a mark no
; wait of the function observes, a wait no mark reaches.
; CHECK-LABEL: define void @unobserved_mark(
; CHECK-NEXT:    ret void
define void @unobserved_mark() {
  call void @asyncpipe.mark()
  ret void
}

; CHECK-LABEL: define void @unreached_wait(
; CHECK-NEXT:    ret void
define void @unreached_wait() {
  call void @asyncpipe.wait(i32 1)
  ret void
}

; A loop still to be pipelined keeps both marks: the pipeliner runs the first
; group ahead on its own, which merging it into the second would prevent.
; CHECK-LABEL: define void @loop_to_pipeline(
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
define void @loop_to_pipeline(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; Without the request, the first mark is merged into the second: the wait(0)
; completes both before anything could tell them apart.
; CHECK-LABEL: define void @loop_not_pipelined(
; CHECK:         call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
define void @loop_not_pipelined(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
