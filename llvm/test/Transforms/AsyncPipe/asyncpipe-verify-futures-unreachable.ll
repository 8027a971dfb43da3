; -asyncpipe-verify-futures searches backwards from each lowered wait for a
; path on which too few marks follow the future's mark. A block no path
; reaches (no predecessors, not the entry) starts no path: it used to be
; taken for an entry, and the correct wait(2) below was reported.
; RUN: %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures -S %s \
; RUN:   2>&1 | FileCheck %s
; RUN: %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -disable-output %s 2>&1 | count 0

; CHECK-LABEL: define void @unreachable_predecessor(
; CHECK:       join:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
define void @unreachable_predecessor() {
entry:
  %f = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %join
dead:
  br label %join
join:
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}

declare void @asyncpipe.mark()
declare i32 @asyncpipe.mark.future()
declare void @asyncpipe.wait.future(i32)
