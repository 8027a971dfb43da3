; Every loop that asks to be pipelined and is not gets a missed remark saying
; why, and is left exactly as it was; a wait whose count falls back to 0 says
; why too.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; Each kind of refusal has a remark name of its own.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -disable-output %s \
; RUN:   -pass-remarks-output=%t.yaml -pass-remarks-filter=asyncpipe-pipeline
; RUN: FileCheck %s --check-prefix=NAME < %t.yaml

@buf.not_innermost = internal global [16 x i32] undef
@buf.control_flow = internal global [16 x i32] undef
@buf.unknown_trip_count = internal global [16 x i32] undef
@buf.cross_iteration = internal global [16 x i32] undef
@buf.stored_buffer = internal global [16 x i32] undef
@buf.store_may_alias_source = internal global [16 x i32] undef
@buf.already_pipelined = internal global [16 x i32] undef
@buf.copy_without_mark = internal global [16 x i32] undef
@buf.data_dependent_source = internal global [16 x i32] undef
@buf.one_stage = internal global [16 x i32] undef
@buf.consumer_before_producer = internal global [16 x i32] undef
@buf.fallback_to_zero = internal global [16 x i32] undef
@buf.conditional_mark = internal global [16 x i32] undef
@buf.predicated_fallback = internal global [16 x i32] undef
@pred = internal global [16 x i32] undef
@shared = internal global [16 x i32] undef
@buf.never_read = internal global [16 x i32] undef
@ext = global [16 x i32] undef
@init = internal global [16 x i32] [i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1]
@other = internal global [16 x i32] undef
@other2 = internal global [16 x i32] undef
@second = internal global [16 x i32] undef

; NAME: Name: NestedAsyncOps
; NAME-NEXT: Function: not_innermost
; NAME: Name: NoEarlyGroup
; NAME-NEXT: Function: control_flow
; NAME: Name: TripCount
; NAME-NEXT: Function: unknown_trip_count
; NAME: Name: BufferNotGrowable
; NAME-NEXT: Function: external_buffer
; NAME: Name: BufferNotGrowable
; NAME-NEXT: Function: initialized_buffer
; NAME: Name: ReadBeforeFill
; NAME-NEXT: Function: cross_iteration
; NAME: Name: BufferStored
; NAME-NEXT: Function: stored_buffer
; NAME: Name: BufferReadOutsideLoop
; NAME-NEXT: Function: read_after_loop
; NAME: Name: ReadAheadStore
; NAME-NEXT: Function: store_may_alias_source
; NAME: Name: NotSynchronousForm
; NAME-NEXT: Function: already_pipelined
; NAME: Name: NoAsyncGroup
; NAME-NEXT: Function: no_async
; NAME: Name: CopyWithoutMark
; NAME-NEXT: Function: copy_without_mark
; NAME: Name: NoEarlyGroup
; NAME-NEXT: Function: data_dependent_source
; NAME: Name: SingleStage
; NAME-NEXT: Function: one_stage
; NAME: Name: ReadBeforeFillInSchedule
; NAME-NEXT: Function: consumer_before_producer
; NAME: Name: WaitFallback
; NAME-NEXT: Function: fallback_to_zero
; NAME: Name: ConditionalMarkOrWait
; NAME-NEXT: Function: conditional_mark
; NAME: Name: WaitFallback
; NAME-NEXT: Function: predicated_fallback
; NAME: Name: BufferSharedWithCaller
; NAME-NEXT: Function: shared_called
; NAME: Name: BufferNeverRead
; NAME-NEXT: Function: never_read

; Loops that are not pipelined keep their buffers; the one pipelined loop
; grows only the buffer of the group that runs ahead.
; CHECK: @buf.not_innermost = internal global [16 x i32] undef
; CHECK: @buf.fallback_to_zero = internal global [2 x [16 x i32]] undef
; CHECK: @other2 = internal global [16 x i32] undef

; The annotated loop's marks and waits are in its inner loop.
; REMARK: remark: <unknown>:0:0: loop not pipelined: the inner loop at 'inner' has a mark, so the groups of an iteration are not a constant (nested pipelining is not supported: mark once after the inner loop, or annotate the innermost loop)
define void @not_innermost(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.not_innermost, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.not_innermost
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %inner.done = icmp eq i64 %i.next, %n
  br i1 %inner.done, label %outer.latch, label %inner
outer.latch:
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  ret void
}

; A predicated copy cannot run ahead: how many groups were issued ahead
; would depend on the predicate.
; REMARK: remark: <unknown>:0:0: loop not pipelined: no group can run ahead of its consumers (statement 0: its copies are predicated (inside a branch), so the groups issued ahead cannot be counted)
define void @control_flow(ptr noalias %a, ptr noalias %c, i64 %n, i1 %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %src = getelementptr i32, ptr %a, i64 %i
  br i1 %p, label %copy, label %latch
copy:
  call void @asyncpipe.copy(ptr @buf.control_flow, ptr %src, i32 4, i32 0)
  br label %latch
latch:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.control_flow
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: its trip count cannot be computed
define void @unknown_trip_count(ptr noalias %a, ptr noalias %c) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.unknown_trip_count, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.unknown_trip_count
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i32 %v, 0
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'ext' cannot be grown: only internal globals that are uninitialized or zeroed can be multi-buffered
define void @external_buffer(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @ext, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @ext
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'init' cannot be grown: only internal globals that are uninitialized or zeroed can be multi-buffered
define void @initialized_buffer(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @init, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @init
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: 'prev' reads the buffer 'buf.cross_iteration' before the copy that fills it in the same iteration: a consumer aliases a producer across iterations
define void @cross_iteration(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = load i32, ptr @buf.cross_iteration
  store i32 %prev, ptr %c
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.cross_iteration, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.stored_buffer' is written by a store; only async copies may fill a pipelined buffer
define void @stored_buffer(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.stored_buffer, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.stored_buffer
  store i32 %v, ptr %c
  store i32 0, ptr getelementptr (i8, ptr @buf.stored_buffer, i64 4)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'other' is read outside the loop, so it cannot be grown
define i32 @read_after_loop(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @other, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  %v = load i32, ptr @other
  ret i32 %v
}

; The copies would read a[i + 1] before the store of iteration i to c, which
; may be the same memory; the store's stride is known only at run time, so
; no run-time check bounds what it writes (asyncpipe-pipeline-barriers.ll
; versions the loop with a constant stride).
; REMARK: remark: <unknown>:0:0: loop not pipelined: a store to 'c' may write the memory of 'a' that an early copy reads ahead of its iteration, and no run-time check can tell (the address 'dst' moves by a step unknown at compile time); if they never overlap, declare 'a' __restrict__
define void @store_may_alias_source(ptr %a, ptr %c, i64 %n, i64 %stride) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.store_may_alias_source, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.store_may_alias_source
  %at = mul i64 %i, %stride
  %dst = getelementptr i32, ptr %c, i64 %at
  store i32 %v, ptr %dst
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: it already waits for fewer than all groups (not the synchronous form: every wait must be wait(0))
define void @already_pipelined(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.already_pipelined, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr @buf.already_pipelined
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: it has no async copy followed by a mark and a wait
define void @no_async(ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store i64 %i, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the async copy 'call' instruction is not followed by a mark before the next wait
define void @copy_without_mark(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.copy_without_mark, ptr %src, i32 4, i32 0)
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.copy_without_mark
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; The copy's source address is loaded in the loop (an indirect gather), so the
; group cannot run ahead; with no other group, nothing overlaps.
; REMARK: remark: <unknown>:0:0: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy's operands depend on 'idx', which reads memory in the loop (the count of a predicated or data-dependent producer cannot be derived))
define void @data_dependent_source(ptr noalias %a, ptr noalias %ind,
                                   ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ip = getelementptr i64, ptr %ind, i64 %i
  %idx = load i64, ptr %ip
  %src = getelementptr i32, ptr %a, i64 %idx
  call void @asyncpipe.copy(ptr @buf.data_dependent_source, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.data_dependent_source
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the stage count is 1: nothing to overlap
define void @one_stage(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.one_stage, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.one_stage
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

; The second statement copies out of the first one's buffer but is ordered
; before it in the same stage.
; REMARK: remark: <unknown>:0:0: loop not pipelined: statement 1 reads the buffer 'buf.consumer_before_producer' before statement 0 fills it in the schedule
define void @consumer_before_producer(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.consumer_before_producer, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.copy(ptr @second, ptr @buf.consumer_before_producer, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @second
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !6
exit:
  ret void
}

; Two groups; the second one's source is data-dependent and stays in the
; consumer's stage, so the wait that covers it falls back to 0 while the
; first group still runs ahead.
; REMARK: remark: <unknown>:0:0: wait count fell back to 0 in statement 2 because its group stays in the consumer's stage: the copy's operands depend on 'idx', which reads memory in the loop (the count of a predicated or data-dependent producer cannot be derived)
define void @fallback_to_zero(ptr noalias %a, ptr noalias %b, ptr noalias %ind,
                              ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %asrc = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.fallback_to_zero, ptr %asrc, i32 4, i32 0)
  call void @asyncpipe.mark()
  %ip = getelementptr i64, ptr %ind, i64 %i
  %idx = load i64, ptr %ip
  %bsrc = getelementptr i32, ptr %b, i64 %idx
  call void @asyncpipe.copy(ptr @other2, ptr %bsrc, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load i32, ptr @buf.fallback_to_zero
  %y = load i32, ptr @other2
  %s = add i32 %x, %y
  store i32 %s, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
; CHECK-LABEL: define void @fallback_to_zero(
; CHECK:         call void @asyncpipe.copy(ptr @other2, ptr %bsrc, i32 4, i32 0)
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)

; REMARK: remark: <unknown>:0:0: loop not pipelined: the mark 'call' instruction is conditional, so the marks of an iteration are not a constant
define void @conditional_mark(ptr noalias %a, ptr noalias %c, i64 %n, i1 %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.conditional_mark, ptr %src, i32 4, i32 0)
  br i1 %p, label %mark, label %latch
mark:
  call void @asyncpipe.mark()
  br label %latch
latch:
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.conditional_mark
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A predicated group stays in the consumers' stage while the other group runs
; ahead; the wait covering the predicated one falls back to 0.
; REMARK: remark: <unknown>:0:0: wait count fell back to 0 in statement 2 because its group stays in the consumer's stage: its copies are predicated (inside a branch), so the groups issued ahead cannot be counted
define void @predicated_fallback(ptr noalias %a, ptr noalias %b, ptr noalias %c,
                                 i64 %n, i1 %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %asrc = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.predicated_fallback, ptr %asrc, i32 4, i32 0)
  call void @asyncpipe.mark()
  br i1 %p, label %copy, label %latch
copy:
  %bsrc = getelementptr i32, ptr %b, i64 %i
  call void @asyncpipe.copy(ptr @pred, ptr %bsrc, i32 4, i32 0)
  br label %latch
latch:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load i32, ptr @buf.predicated_fallback
  %y = load i32, ptr @pred
  %s = add i32 %x, %y
  store i32 %s, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
; CHECK-LABEL: define void @predicated_fallback(
; CHECK:       latch:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)

; The buffer is shared with @shared_user, and this function is called: its
; loop cannot get a grown copy of the buffer of its own.
; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'shared' is also used by other functions and 'shared_called' is called, so it cannot get a grown copy of its own
define void @shared_called(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @shared, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @shared
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define i32 @shared_user(ptr %a, ptr %c, i64 %n) {
  call void @shared_called(ptr %a, ptr %c, i64 %n)
  %v = load i32, ptr @shared
  ret i32 %v
}

; REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.never_read' is filled but never read in the loop
define void @never_read(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.never_read, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
!2 = distinct !{!2, !3}
!3 = !{!"asyncpipe.pipeline.stages", i32 1}
!6 = distinct !{!6, !7, !8}
!7 = !{!"asyncpipe.pipeline.stage", i32 0, i32 0, i32 1}
!8 = !{!"asyncpipe.pipeline.order", i32 1, i32 0, i32 2}
