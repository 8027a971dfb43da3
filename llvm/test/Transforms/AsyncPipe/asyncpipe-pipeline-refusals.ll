; More of the reasons a loop that asks is not pipelined, each with its remark
; name (asyncpipe-pipeline-remarks.ll has the others): two exits, a buffer
; two groups fill, a copy into memory the pass cannot grow, a buffer passed to
; a call or whose address is stored or folded into a constant expression, a
; read with no wait, an early statement whose copy depends on memory, an
; order that reorders the last stage, a call that may write what a copy
; reads, a buffer that would grow beyond 2 GiB. Each loop is left as it
; was. (An order that is no permutation is an error:
; asyncpipe-pipeline-annotation-errors.ll.)
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline -pass-remarks-output=%t.yaml \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s --check-prefix=NAME < %t.yaml

; CHECK-NOT: asyncpipe.prologue
; CHECK-NOT: x [16 x i32]]

; REMARK: remark: <unknown>:0:0: loop not pipelined: the loop has no preheader, more than one exit or an exit that is not its latch
; NAME: Name: LoopShape
; NAME-NEXT: Function: two_exits
; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.filled_twice' is filled by two groups
; NAME: Name: BufferFilledTwice
; NAME-NEXT: Function: filled_twice
; REMARK: remark: <unknown>:0:0: loop not pipelined: the destination of the async copy 'call' instruction is not a buffer that can be grown (a global or alloca)
; NAME: Name: CopyDestinationNotBuffer
; NAME-NEXT: Function: argument_destination
; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.passed_to_call' is used by 'call' instruction in the loop; the pipeliner cannot multi-buffer it
; NAME: Name: BufferOtherUse
; NAME-NEXT: Function: passed_to_call
; REMARK: remark: <unknown>:0:0: loop not pipelined: 'v' reads the buffer 'buf.read_before_wait' without a wait for the copy that fills it
; NAME: Name: ReadNotWaited
; NAME-NEXT: Function: read_before_wait
; REMARK: remark: <unknown>:0:0: loop not pipelined: statement 0 cannot run in stage 0: the copy's operands depend on 'k', which reads memory in the loop (the count of a predicated or data-dependent producer cannot be derived)
; NAME: Name: CannotRunEarly
; NAME-NEXT: Function: data_dependent_early
; REMARK: remark: <unknown>:0:0: loop not pipelined: the order annotation reorders statements of the last stage, which is not supported
; NAME: Name: LastStageReordered
; NAME-NEXT: Function: last_stage_reordered
; REMARK: remark: <unknown>:0:0: loop not pipelined: the call to 'opaque' may write the memory of 'a' that an early copy reads ahead of its iteration
; NAME: Name: ReadAheadWrite
; NAME-NEXT: Function: opaque_call
; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.constant_expression' is used in a constant expression the pipeliner cannot follow
; NAME: Name: BufferInConstantExpr
; NAME-NEXT: Function: constant_expression
; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.address_stored' is used by 'store' instruction in the loop; the pipeliner cannot multi-buffer it
; NAME: Name: BufferOtherUse
; NAME-NEXT: Function: address_stored
; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.too_large' would grow beyond 2 GiB
; NAME: Name: BufferTooLarge
; NAME-NEXT: Function: too_large

@buf.two_exits = internal global [16 x i32] zeroinitializer
@buf.filled_twice = internal global [16 x i32] zeroinitializer
@buf.argument_destination = internal global [16 x i32] zeroinitializer
@buf.passed_to_call = internal global [16 x i32] zeroinitializer
@buf.read_before_wait = internal global [16 x i32] zeroinitializer
@buf.data_dependent_early = internal global [16 x i32] zeroinitializer
@buf.last_stage_reordered = internal global [16 x i32] zeroinitializer
@buf.opaque_call = internal global [16 x i32] zeroinitializer
@buf.constant_expression = internal global [16 x i32] zeroinitializer
@buf.address_stored = internal global [16 x i32] zeroinitializer
@buf.too_large = internal global [1610612736 x i8] zeroinitializer
@buf.last_stage_reordered.b = internal global [16 x i32] zeroinitializer

define void @two_exits(ptr noalias %a, ptr noalias %c, i64 %n, i1 %stop) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.two_exits, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.two_exits
  store i32 %v, ptr %c
  br i1 %stop, label %exit, label %latch
latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @filled_twice(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.filled_twice, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr @buf.filled_twice, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.filled_twice
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @argument_destination(ptr noalias %a, ptr noalias %c, ptr noalias %tile, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr %tile, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr %tile
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @passed_to_call(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.passed_to_call, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @consume(ptr @buf.passed_to_call) readonly
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @read_before_wait(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.read_before_wait, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  %v = load i32, ptr @buf.read_before_wait
  store i32 %v, ptr %c
  call void @asyncpipe.wait(i32 0)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @data_dependent_early(ptr noalias %a, ptr noalias %idx, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ip = getelementptr i64, ptr %idx, i64 %i
  %k = load i64, ptr %ip
  %src = getelementptr i32, ptr %a, i64 %k
  call void @asyncpipe.copy(ptr @buf.data_dependent_early, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.data_dependent_early
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

define void @last_stage_reordered(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  %srcb = getelementptr i32, ptr %b, i64 %i
  call void @asyncpipe.copy(ptr @buf.last_stage_reordered, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr @buf.last_stage_reordered.b, ptr %srcb, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.last_stage_reordered
  %w = load i32, ptr @buf.last_stage_reordered.b
  %s = add i32 %v, %w
  store i32 %s, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !6
exit:
  ret void
}

define void @opaque_call(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.opaque_call, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.opaque_call
  call void @opaque(i32 %v)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @constant_expression(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.constant_expression, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.constant_expression
  store i32 %v, ptr %c
  store i64 sub (i64 ptrtoint (ptr @buf.constant_expression to i64), i64 8), ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @address_stored(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.address_stored, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.address_stored
  store i32 %v, ptr %c
  store ptr @buf.address_stored, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define void @too_large(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.too_large, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.too_large
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @consume(ptr)
declare void @opaque(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
!2 = distinct !{!2, !3}
!3 = !{!"asyncpipe.pipeline.stage", i32 0, i32 1}
!6 = distinct !{!6, !7, !8}
!7 = !{!"asyncpipe.pipeline.stage", i32 0, i32 1, i32 1}
!8 = !{!"asyncpipe.pipeline.order", i32 0, i32 2, i32 1}
