; SimplifyCFG forwards a switch's condition into the calls it sinks below the
; cases: `case 4: copy(.., 4)` and `case 8: copy(.., 8)` meet as
; `copy(.., %k)`, and the same for a queue id. The operand is then the
; switch's value itself, not a merge of constants, but on every path into
; the call it is one of the cases that lead there: asyncpipe-lower reads
; those (through blocks and loops between the switch and the call) and
; splits the call by them. Found by utils/asyncpipe_randir.py --with queues
; (seed 24, host, O3), where it was rejected with "the queue of
; asyncpipe_commit_queue(q) must be a compile-time constant".
; RUN: split-file %s %t
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S \
; RUN:   %t/cases.ll | FileCheck %t/cases.ll
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/default.ll 2>&1 | FileCheck %t/default.ll
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/after-def.ll 2>&1 | FileCheck %t/after-def.ll

;--- cases.ll
@lds = internal global [64 x i32] poison, align 4

; CHECK-LABEL: define void @size(
; CHECK:         switch i32 %k, label %join.imm8 [
; CHECK-NEXT:      i32 4, label %join.imm4
; CHECK-NEXT:    ]
; CHECK:       join.imm4:
; CHECK-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 4,
; CHECK:       join.imm8:
; CHECK-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 8,
; CHECK-NOT:     @asyncpipe.copy(
define void @size(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 12
  switch i32 %k, label %exit [
    i32 4, label %four
    i32 8, label %eight
  ]
four:
  br label %join
eight:
  br label %join
join:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %k, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  br label %exit
exit:
  ret void
}

; A loop between one case and the call.
; CHECK-LABEL: define void @queue(
; CHECK:         switch i32 %k, label %join.imm2 [
; CHECK-NEXT:      i32 1, label %join.imm1
; CHECK-NEXT:    ]
; CHECK:       join.imm1:
; CHECK-NEXT:    call void @__asyncpipe_rt_mark_queue(i32 1)
; CHECK:       join.imm2:
; CHECK-NEXT:    call void @__asyncpipe_rt_mark_queue(i32 2)
; CHECK-NOT:     @asyncpipe.mark.queue(
define void @queue(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 3
  switch i32 %k, label %exit [
    i32 1, label %loop
    i32 2, label %join
  ]
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %again = icmp ult i32 %i.next, %n
  br i1 %again, label %loop, label %join
join:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 %k)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  call void @asyncpipe.wait.queue(i32 2, i32 0)
  br label %exit
exit:
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

;--- default.ll
; The switch's default also leads to the call: there %k may be anything.
; CHECK: error: {{.*}}in function default_edge{{.*}}: async copy size must be a compile-time constant
@lds = internal global [64 x i32] poison, align 4
define void @default_edge(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 12
  switch i32 %k, label %join [
    i32 4, label %four
    i32 8, label %join
  ]
four:
  br label %join
join:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %k, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- after-def.ll
; A path from the value's definition to the call that takes no case edge
; (around the loop, where %k is computed) leaves it unconstrained.
; CHECK: error: {{.*}}in function defined_in_loop{{.*}}: async copy size must be a compile-time constant
@lds = internal global [64 x i32] poison, align 4
define void @defined_in_loop(ptr %g, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %k = and i32 %i, 12
  switch i32 %k, label %join [
    i32 4, label %four
  ]
four:
  br label %join
join:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %k, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i32 %i, 4
  %again = icmp ult i32 %i.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
