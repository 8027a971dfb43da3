; asyncpipe-elim asks the pipeliner's analysis (asyncpipe-pipeline-candidates)
; whether a loop of the function may still be pipelined, and then removes no
; mark: the pipeliner runs each group a mark closes ahead on its own. A loop
; that asks (stage-count metadata not yet done), or any copy when
; -asyncpipe-pipeline-stages applies to every loop, keeps the marks rule M1
; would remove; a loop whose request is done, or no request, does not.
; RUN: %opt -passes=asyncpipe-elim -S %s | FileCheck %s --check-prefixes=CHECK,ASKED
; RUN: %opt -passes=asyncpipe-elim -asyncpipe-pipeline-stages=2 -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,EVERY
; The analysis is registered by name, like LLVM's.
; RUN: %opt -passes='require<asyncpipe-pipeline-candidates>,asyncpipe-elim' \
; RUN:   -S %s | FileCheck %s --check-prefixes=CHECK,ASKED

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

; The loop asks to be pipelined: the marks stay, the extra one included.
define void @asked(ptr addrspace(3) %dst, ptr addrspace(1) %src, i64 %n) {
; CHECK-LABEL: define void @asked(
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; The request is done (the loop was pipelined): the first mark, completed by
; the wait(0) whatever happens to it, goes. With the option, every loop that
; copies may still be pipelined.
define void @done(ptr addrspace(3) %dst, ptr addrspace(1) %src, i64 %n) {
; CHECK-LABEL: define void @done(
; ASKED:         call void @asyncpipe.copy(
; ASKED-NEXT:    call void @asyncpipe.mark()
; ASKED-NEXT:    call void @asyncpipe.wait(i32 0)
; EVERY:         call void @asyncpipe.mark()
; EVERY-NEXT:    call void @asyncpipe.mark()
; EVERY-NEXT:    call void @asyncpipe.wait(i32 0)
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
!2 = distinct !{!2, !1, !3}
!3 = !{!"asyncpipe.pipeline.done"}
