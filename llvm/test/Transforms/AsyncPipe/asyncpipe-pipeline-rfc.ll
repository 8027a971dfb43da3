; The examples of the TVM asynchronous software pipeline RFC
; (shared/seeds/000), written as synchronous-form loops with an explicit
; schedule in loop metadata. Each pipelined wait must allow exactly the
; in-flight count the RFC derives (producer_head - consumer_head summed over
; the groups committed in between), translated to one mark counter.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; CHECK: @b1 = internal global [2 x [16 x i32]] undef
; CHECK: @b2 = internal global [3 x [16 x i32]] undef
; CHECK: @c2 = internal global [2 x [16 x i32]] undef
; CHECK: @a3 = internal global [4 x [16 x i32]] undef
; CHECK: @b3 = internal global [4 x [16 x i32]] undef
; CHECK: @a4 = internal global [4 x [16 x i32]] undef
; CHECK: @c4 = internal global [4 x [16 x i32]] undef
; CHECK: @as5 = internal global [4 x [64 x float]] undef
; CHECK: @bs5 = internal global [4 x [64 x float]] undef

@b1 = internal global [16 x i32] undef
@b2 = internal global [16 x i32] undef
@c2 = internal global [16 x i32] undef
@a3 = internal global [16 x i32] undef
@b3 = internal global [16 x i32] undef
@a4 = internal global [16 x i32] undef
@c4 = internal global [16 x i32] undef
@as5 = internal global [64 x float] undef
@bs5 = internal global [64 x float] undef

; Two stages [0, 1], stage 0 async: B = alloc([2]), wait(1) in the body.
define void @two_stages(ptr noalias %a, ptr noalias %c, i64 %n, i64 %tid) {
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
  %out = getelementptr i32, ptr %c, i64 %i
  store i32 %v, ptr %out
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
; CHECK-LABEL: define void @two_stages(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[LAST:%.*]] = add i64 %n, -1
; CHECK-NEXT:    %dst.ahead{{[0-9]+}} = getelementptr i32, ptr @b1, i64 %tid
; CHECK-NEXT:    %src.ahead{{[0-9]+}} = getelementptr i32, ptr %a, i64 %tid
; CHECK-NEXT:    call void @asyncpipe.copy(ptr %dst.ahead{{[0-9]+}}, ptr %src.ahead{{[0-9]+}}, i32 4, i32 0)
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i64 [ 0, %entry ], [ %i.next, %asyncpipe.issued ]
; CHECK-NEXT:    %asyncpipe.iter = phi i64 [ 0, %entry ], [ %asyncpipe.iter.next, %asyncpipe.issued ]
; CHECK-NEXT:    %asyncpipe.mod2 = phi i32 [ 0, %entry ], [ %asyncpipe.mod2.next, %asyncpipe.issued ]
; CHECK-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod2, 64
; CHECK-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 1
; CHECK-NEXT:    [[SUM:%.*]] = add i32 %asyncpipe.mod2, 1
; CHECK-NEXT:    [[WRAP:%.*]] = sub i32 [[SUM]], 2
; CHECK-NEXT:    [[OVER:%.*]] = icmp uge i32 [[SUM]], 2
; CHECK-NEXT:    %asyncpipe.ahead = select i1 [[OVER]], i32 [[WRAP]], i32 [[SUM]]
; CHECK-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 64
; CHECK-NEXT:    %src.idx = add i64 %i, %tid
; CHECK-NEXT:    %src = getelementptr i32, ptr %a, i64 %src.idx
; CHECK-NEXT:    %dst = getelementptr i32, ptr @b1, i64 %tid
; CHECK-NEXT:    %asyncpipe.iter.exists = icmp ule i64 %asyncpipe.iter.ahead, [[LAST]]
; CHECK-NEXT:    br i1 %asyncpipe.iter.exists, label %asyncpipe.issue, label %asyncpipe.issued
; CHECK:       asyncpipe.issue:
; CHECK-NEXT:    %dst.ahead = getelementptr i32, ptr @b1, i64 %tid
; CHECK-NEXT:    %src.idx.ahead = add i64 %asyncpipe.iter.ahead, %tid
; CHECK-NEXT:    %src.ahead = getelementptr i32, ptr %a, i64 %src.idx.ahead
; CHECK-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr %dst.ahead, i32 %asyncpipe.offset1
; CHECK-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr2, ptr %src.ahead, i32 4, i32 0)
; CHECK-NEXT:    br label %asyncpipe.issued
; CHECK:       asyncpipe.issued:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %dst, i32 %asyncpipe.offset
; CHECK-NEXT:    %v = load i32, ptr %asyncpipe.version.ptr, align 4
; CHECK-NEXT:    %out = getelementptr i32, ptr %c, i64 %i
; CHECK-NEXT:    store i32 %v, ptr %out, align 4
; CHECK-NEXT:    %i.next = add nuw i64 %i, 1
; CHECK-NEXT:    %done = icmp eq i64 %i.next, %n
; CHECK-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; CHECK-NEXT:    [[NEXT:%.*]] = add i32 %asyncpipe.mod2, 1
; CHECK-NEXT:    [[END:%.*]] = icmp eq i32 [[NEXT]], 2
; CHECK-NEXT:    %asyncpipe.mod2.next = select i1 [[END]], i32 0, i32 [[NEXT]]
; CHECK-NEXT:    br i1 %done, label %exit, label %loop, !llvm.loop [[LOOP0:![0-9]+]]
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 1) allows 1 groups in flight (1 of its queue)

; Three stages [0, 1, 2], stages 0 and 1 async: the second statement both
; consumes stage 0 (wait_queue(0, 1)) and produces for stage 2
; (wait_queue(1, 1)). On one counter each wait sees the other queue's latest
; group too: 2 and 2. B gets 3 versions where the RFC has 2: the async copy
; that reads B in stage 1 is done with its version only at the wait of
; stage 2, and a refill must not overtake it.
define void @three_stages(ptr noalias %a, ptr noalias %d, i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src.idx = add i64 %i, %tid
  %src = getelementptr i32, ptr %a, i64 %src.idx
  %bdst = getelementptr i32, ptr @b2, i64 %tid
  call void @asyncpipe.copy(ptr %bdst, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %cdst = getelementptr i32, ptr @c2, i64 %tid
  call void @asyncpipe.copy(ptr %cdst, ptr %bdst, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr %cdst
  %out = getelementptr i32, ptr %d, i64 %i
  store i32 %v, ptr %out
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}
; CHECK-LABEL: define void @three_stages(
; CHECK:       loop:
; CHECK:         br i1 %asyncpipe.iter.exists, label %asyncpipe.issue, label %asyncpipe.issued
; CHECK:       asyncpipe.issued:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK:       asyncpipe.issued{{[0-9]+}}:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %cdst, i32 %asyncpipe.offset
; CHECK-NEXT:    %v = load i32, ptr %asyncpipe.version.ptr
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 1) allows 2 groups in flight (1 of its queue)
; REMARK: remark: <unknown>:0:0: wait in statement 2 (stage 2) allows 2 groups in flight (1 of its queue)

; Interleaved producers, stages [0, 0, 3], order [0, 2, 1]: the consumer
; sits between the two async groups and waits with 5 groups in flight.
define void @interleaved(ptr noalias %a, ptr noalias %b, ptr noalias %c,
                         i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src.idx = add i64 %i, %tid
  %asrc = getelementptr i32, ptr %a, i64 %src.idx
  %adst = getelementptr i32, ptr @a3, i64 %tid
  call void @asyncpipe.copy(ptr %adst, ptr %asrc, i32 4, i32 0)
  call void @asyncpipe.mark()
  %bsrc = getelementptr i32, ptr %b, i64 %src.idx
  %bdst = getelementptr i32, ptr @b3, i64 %tid
  call void @asyncpipe.copy(ptr %bdst, ptr %bsrc, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load i32, ptr %adst
  %y = load i32, ptr %bdst
  %sum = add i32 %x, %y
  %out = getelementptr i32, ptr %c, i64 %i
  store i32 %sum, ptr %out
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !5
exit:
  ret void
}
; CHECK-LABEL: define void @interleaved(
; CHECK:       loop:
; CHECK:         call void @asyncpipe.copy(ptr %asyncpipe.version.ptr{{[0-9]+}}, ptr %asrc.ahead, i32 4, i32 0)
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 5)
; CHECK:         %x = load i32
; CHECK:         %y = load i32
; CHECK:         store i32 %sum, ptr %out
; CHECK:         %i.next = add nuw i64 %i, 1
; CHECK:         call void @asyncpipe.copy(ptr %asyncpipe.version.ptr{{[0-9]+}}, ptr %bsrc.ahead, i32 4, i32 0)
; CHECK:         call void @asyncpipe.mark()
; CHECK-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; REMARK: remark: <unknown>:0:0: wait in statement 2 (stage 3) allows 5 groups in flight (5 of its queue)

; A consumer put in its producer's stage must wait for everything: the
; second statement consumes the first one's group in stage 0.
define void @consumer_in_producer_stage(ptr noalias %a, ptr noalias %d,
                                        i64 %n, i64 %tid) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src.idx = add i64 %i, %tid
  %src = getelementptr i32, ptr %a, i64 %src.idx
  %adst = getelementptr i32, ptr @a4, i64 %tid
  call void @asyncpipe.copy(ptr %adst, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %cdst = getelementptr i32, ptr @c4, i64 %tid
  call void @asyncpipe.copy(ptr %cdst, ptr %adst, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr %cdst
  %out = getelementptr i32, ptr %d, i64 %i
  store i32 %v, ptr %out
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !8
exit:
  ret void
}
; CHECK-LABEL: define void @consumer_in_producer_stage(
; CHECK:       loop:
; CHECK:       asyncpipe.issued:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK:       asyncpipe.issued{{[0-9]+}}:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 6)
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 0) allows 0 groups in flight (0 of its queue)
; REMARK: remark: <unknown>:0:0: wait in statement 2 (stage 3) allows 6 groups in flight (6 of its queue)

; The multi-stage GEMM: the copies of both tiles are one group, 4x
; multi-buffered (stages [0, 3]); the consumer of iteration i reads version
; i % 4 while the producer head is i + 3, so 3 groups stay in flight. (The
; RFC's wait(2) additionally comes from pipelining the nested shared-to-local
; loop, which is not supported: only innermost loops are pipelined.)
define void @gemm(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %n,
                  i64 %tid) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i64 %k, 64
  %gidx = add i64 %tile, %tid
  %asrc = getelementptr float, ptr %a, i64 %gidx
  %bsrc = getelementptr float, ptr %b, i64 %gidx
  %adst = getelementptr float, ptr @as5, i64 %tid
  %bdst = getelementptr float, ptr @bs5, i64 %tid
  call void @asyncpipe.copy(ptr %adst, ptr %asrc, i32 4, i32 0)
  call void @asyncpipe.copy(ptr %bdst, ptr %bsrc, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load float, ptr %adst
  %y = load float, ptr %bdst
  %prod = fmul float %x, %y
  %acc.next = fadd float %acc, %prod
  %k.next = add nuw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !11
exit:
  store float %acc.next, ptr %c
  ret void
}
; CHECK-LABEL: define void @gemm(
; CHECK:       asyncpipe.issued:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 3) allows 3 groups in flight (3 of its queue)

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stage", i32 0, i32 1}
!2 = distinct !{!2, !3, !4}
!3 = !{!"asyncpipe.pipeline.stage", i32 0, i32 1, i32 2}
!4 = !{!"asyncpipe.pipeline.async_stages", i32 0, i32 1}
!5 = distinct !{!5, !6, !7}
!6 = !{!"asyncpipe.pipeline.stage", i32 0, i32 0, i32 3}
!7 = !{!"asyncpipe.pipeline.order", i32 0, i32 2, i32 1}
!8 = distinct !{!8, !9}
!9 = !{!"asyncpipe.pipeline.stage", i32 0, i32 0, i32 3}
!11 = distinct !{!11, !12, !13}
!12 = !{!"asyncpipe.pipeline.stage", i32 0, i32 3}
!13 = !{!"asyncpipe.pipeline.async_stages", i32 0}

; A pipelined loop is marked so that it is never pipelined twice.
; CHECK: [[LOOP0]] = distinct !{[[LOOP0]], [[DONE:![0-9]+]]}
; CHECK: [[DONE]] = !{!"asyncpipe.pipeline.done"}
