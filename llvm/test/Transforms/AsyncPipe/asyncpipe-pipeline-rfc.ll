; The examples of the TVM asynchronous software pipeline RFC
; (shared/seeds/000), written as synchronous-form loops with an explicit
; schedule in loop metadata. Each pipelined wait must allow exactly the
; in-flight count the RFC derives (producer_head - consumer_head summed over
; the groups committed in between), translated to one mark counter.
;
; Both drains are checked: EPI (the default on this target) stops the loop D
; iterations early and drains with an epilogue whose waits decrease (trip
; counts below S run an unpipelined copy of the loop); CHECK
; (empty-groups) runs every iteration with guarded copies and one count per
; wait. The steady-state counts are the RFC's in both.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -asyncpipe-pipeline-drain=empty-groups \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %s \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline 2>%t.epi.remarks \
; RUN:   | FileCheck %s --check-prefix=EPI
; RUN: FileCheck %s --check-prefix=EPI-REMARK < %t.epi.remarks

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
; EPI-LABEL: define void @two_stages(
; EPI:       entry:
; EPI-NEXT:    [[T0:%.*]] = add i64 %n, -1
; EPI-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 1
; EPI-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; EPI-NEXT:    i64 0, label %asyncpipe.short1
; EPI-NEXT:    ]
; EPI:       asyncpipe.prologue:
; EPI-NEXT:    %dst.ahead3 = getelementptr i32, ptr @b1, i64 %tid
; EPI-NEXT:    %src.ahead4 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %dst.ahead3, ptr %src.ahead4, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop
; EPI:       loop:
; EPI-NEXT:    %i = phi i64 [ 0, %asyncpipe.prologue ], [ %i.next, %loop ]
; EPI-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; EPI-NEXT:    %asyncpipe.mod2 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod2.next, %loop ]
; EPI-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod2, 64
; EPI-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod2, 1
; EPI-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 2
; EPI-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 2
; EPI-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; EPI-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 64
; EPI-NEXT:    %src.idx = add i64 %i, %tid
; EPI-NEXT:    %src = getelementptr i32, ptr %a, i64 %src.idx
; EPI-NEXT:    %dst = getelementptr i32, ptr @b1, i64 %tid
; EPI-NEXT:    %dst.ahead = getelementptr i32, ptr @b1, i64 %tid
; EPI-NEXT:    %src.idx.ahead = add i64 %asyncpipe.iter.ahead, %tid
; EPI-NEXT:    %src.ahead = getelementptr i32, ptr %a, i64 %src.idx.ahead
; EPI-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr %dst.ahead, i32 %asyncpipe.offset1
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr2, ptr %src.ahead, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 1)
; EPI-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %dst, i32 %asyncpipe.offset
; EPI-NEXT:    %v = load i32, ptr %asyncpipe.version.ptr, align 4
; EPI-NEXT:    %out = getelementptr i32, ptr %c, i64 %i
; EPI-NEXT:    store i32 %v, ptr %out, align 4
; EPI-NEXT:    %i.next = add nuw i64 %i, 1
; EPI-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T4:%.*]] = add i32 %asyncpipe.mod2, 1
; EPI-NEXT:    [[T5:%.*]] = icmp eq i32 [[T4]], 2
; EPI-NEXT:    %asyncpipe.mod2.next = select i1 [[T5]], i32 0, i32 [[T4]]
; EPI-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; EPI-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPTWOSTAGES:![0-9]+]]
; EPI:       asyncpipe.epilogue:
; EPI-NEXT:    br label %loop.epi1
; EPI:       loop.epi1:
; EPI-NEXT:    %i.epi1 = phi i64 [ %i.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; EPI-NEXT:    %asyncpipe.mod2.epi1 = phi i32 [ %asyncpipe.mod2.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; EPI-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod2.epi1, 64
; EPI-NEXT:    %dst.epi1 = getelementptr i32, ptr @b1, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr %dst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %v.epi1 = load i32, ptr %asyncpipe.version.ptr.epi1, align 4
; EPI-NEXT:    %out.epi1 = getelementptr i32, ptr %c, i64 %i.epi1
; EPI-NEXT:    store i32 %v.epi1, ptr %out.epi1, align 4
; EPI-NEXT:    br label %exit
; EPI:       asyncpipe.short1:
; EPI-NEXT:    %dst.ahead5 = getelementptr i32, ptr @b1, i64 %tid
; EPI-NEXT:    %src.ahead6 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %dst.ahead5, ptr %src.ahead6, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi1
; EPI:       exit:
; EPI-NEXT:    ret void
; EPI:       }
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 1) allows 1 groups in flight (1 of its queue)
; REMARK: remark: <unknown>:0:0: drains with empty groups: the last iterations skip their copies and still commit their marks

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
; EPI-LABEL: define void @three_stages(
; EPI:       entry:
; EPI-NEXT:    [[T0:%.*]] = add i64 %n, -1
; EPI-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 2
; EPI-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; EPI-NEXT:    i64 0, label %asyncpipe.short1
; EPI-NEXT:    i64 1, label %asyncpipe.short2
; EPI-NEXT:    ]
; EPI:       asyncpipe.prologue:
; EPI-NEXT:    %bdst.ahead11 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %src.ahead12 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead11, ptr %src.ahead12, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead13 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %src.idx.ahead14 = add i64 1, %tid
; EPI-NEXT:    %src.ahead15 = getelementptr i32, ptr %a, i64 %src.idx.ahead14
; EPI-NEXT:    %asyncpipe.version.ptr16 = getelementptr i8, ptr %bdst.ahead13, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr16, ptr %src.ahead15, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %cdst.ahead17 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead18 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead17, ptr %bdst.ahead18, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop
; EPI:       loop:
; EPI-NEXT:    %i = phi i64 [ 0, %asyncpipe.prologue ], [ %i.next, %loop ]
; EPI-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; EPI-NEXT:    %asyncpipe.mod3 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod3.next, %loop ]
; EPI-NEXT:    %asyncpipe.mod2 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod2.next, %loop ]
; EPI-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod2, 64
; EPI-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 2
; EPI-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod3, 2
; EPI-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 3
; EPI-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 3
; EPI-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; EPI-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 64
; EPI-NEXT:    %asyncpipe.iter.ahead3 = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T4:%.*]] = add i32 %asyncpipe.mod3, 1
; EPI-NEXT:    [[T5:%.*]] = sub i32 [[T4]], 3
; EPI-NEXT:    [[T6:%.*]] = icmp uge i32 [[T4]], 3
; EPI-NEXT:    %asyncpipe.ahead5 = select i1 [[T6]], i32 [[T5]], i32 [[T4]]
; EPI-NEXT:    %asyncpipe.offset6 = mul i32 %asyncpipe.ahead5, 64
; EPI-NEXT:    [[T7:%.*]] = add i32 %asyncpipe.mod2, 1
; EPI-NEXT:    [[T8:%.*]] = sub i32 [[T7]], 2
; EPI-NEXT:    [[T9:%.*]] = icmp uge i32 [[T7]], 2
; EPI-NEXT:    %asyncpipe.ahead8 = select i1 [[T9]], i32 [[T8]], i32 [[T7]]
; EPI-NEXT:    %asyncpipe.offset9 = mul i32 %asyncpipe.ahead8, 64
; EPI-NEXT:    %src.idx = add i64 %i, %tid
; EPI-NEXT:    %src = getelementptr i32, ptr %a, i64 %src.idx
; EPI-NEXT:    %bdst = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %cdst = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %src.idx.ahead = add i64 %asyncpipe.iter.ahead, %tid
; EPI-NEXT:    %src.ahead = getelementptr i32, ptr %a, i64 %src.idx.ahead
; EPI-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr %bdst.ahead, i32 %asyncpipe.offset1
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr2, ptr %src.ahead, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %cdst.ahead = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead4 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr7 = getelementptr i8, ptr %bdst.ahead4, i32 %asyncpipe.offset6
; EPI-NEXT:    %asyncpipe.version.ptr10 = getelementptr i8, ptr %cdst.ahead, i32 %asyncpipe.offset9
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr10, ptr %asyncpipe.version.ptr7, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %cdst, i32 %asyncpipe.offset
; EPI-NEXT:    %v = load i32, ptr %asyncpipe.version.ptr, align 4
; EPI-NEXT:    %out = getelementptr i32, ptr %d, i64 %i
; EPI-NEXT:    store i32 %v, ptr %out, align 4
; EPI-NEXT:    %i.next = add nuw i64 %i, 1
; EPI-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T10:%.*]] = add i32 %asyncpipe.mod2, 1
; EPI-NEXT:    [[T11:%.*]] = icmp eq i32 [[T10]], 2
; EPI-NEXT:    %asyncpipe.mod2.next = select i1 [[T11]], i32 0, i32 [[T10]]
; EPI-NEXT:    [[T12:%.*]] = add i32 %asyncpipe.mod3, 1
; EPI-NEXT:    [[T13:%.*]] = icmp eq i32 [[T12]], 3
; EPI-NEXT:    %asyncpipe.mod3.next = select i1 [[T13]], i32 0, i32 [[T12]]
; EPI-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; EPI-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPTHREESTAGES:![0-9]+]]
; EPI:       asyncpipe.epilogue:
; EPI-NEXT:    br label %loop.epi1
; EPI:       loop.epi1:
; EPI-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod2.next, 64
; EPI-NEXT:    [[T14:%.*]] = add i32 %asyncpipe.mod3.next, 1
; EPI-NEXT:    [[T15:%.*]] = sub i32 [[T14]], 3
; EPI-NEXT:    [[T16:%.*]] = icmp uge i32 [[T14]], 3
; EPI-NEXT:    %asyncpipe.ahead5.epi1 = select i1 [[T16]], i32 [[T15]], i32 [[T14]]
; EPI-NEXT:    %asyncpipe.offset6.epi1 = mul i32 %asyncpipe.ahead5.epi1, 64
; EPI-NEXT:    [[T17:%.*]] = add i32 %asyncpipe.mod2.next, 1
; EPI-NEXT:    [[T18:%.*]] = sub i32 [[T17]], 2
; EPI-NEXT:    [[T19:%.*]] = icmp uge i32 [[T17]], 2
; EPI-NEXT:    %asyncpipe.ahead8.epi1 = select i1 [[T19]], i32 [[T18]], i32 [[T17]]
; EPI-NEXT:    %asyncpipe.offset9.epi1 = mul i32 %asyncpipe.ahead8.epi1, 64
; EPI-NEXT:    %cdst.epi1 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 1)
; EPI-NEXT:    %cdst.ahead.epi1 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead4.epi1 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr7.epi1 = getelementptr i8, ptr %bdst.ahead4.epi1, i32 %asyncpipe.offset6.epi1
; EPI-NEXT:    %asyncpipe.version.ptr10.epi1 = getelementptr i8, ptr %cdst.ahead.epi1, i32 %asyncpipe.offset9.epi1
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr10.epi1, ptr %asyncpipe.version.ptr7.epi1, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 1)
; EPI-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr %cdst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %v.epi1 = load i32, ptr %asyncpipe.version.ptr.epi1, align 4
; EPI-NEXT:    %out.epi1 = getelementptr i32, ptr %d, i64 %i.next
; EPI-NEXT:    store i32 %v.epi1, ptr %out.epi1, align 4
; EPI-NEXT:    %i.next.epi1 = add nuw i64 %i.next, 1
; EPI-NEXT:    [[T20:%.*]] = add i32 %asyncpipe.mod2.next, 1
; EPI-NEXT:    [[T21:%.*]] = icmp eq i32 [[T20]], 2
; EPI-NEXT:    %asyncpipe.mod2.next.epi1 = select i1 [[T21]], i32 0, i32 [[T20]]
; EPI-NEXT:    br label %loop.epi2
; EPI:       loop.epi2:
; EPI-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod2.next.epi1, 64
; EPI-NEXT:    %cdst.epi2 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr %cdst.epi2, i32 %asyncpipe.offset.epi2
; EPI-NEXT:    %v.epi2 = load i32, ptr %asyncpipe.version.ptr.epi2, align 4
; EPI-NEXT:    %out.epi2 = getelementptr i32, ptr %d, i64 %i.next.epi1
; EPI-NEXT:    store i32 %v.epi2, ptr %out.epi2, align 4
; EPI-NEXT:    br label %exit
; EPI:       asyncpipe.short1:
; EPI-NEXT:    %bdst.ahead19 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %src.ahead20 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead19, ptr %src.ahead20, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %cdst.ahead21 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead22 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead21, ptr %bdst.ahead22, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.short1.epi2
; EPI:       asyncpipe.short2:
; EPI-NEXT:    %bdst.ahead23 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %src.ahead24 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead23, ptr %src.ahead24, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead25 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %src.idx.ahead26 = add i64 1, %tid
; EPI-NEXT:    %src.ahead27 = getelementptr i32, ptr %a, i64 %src.idx.ahead26
; EPI-NEXT:    %asyncpipe.version.ptr28 = getelementptr i8, ptr %bdst.ahead25, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr28, ptr %src.ahead27, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %cdst.ahead29 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead30 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead29, ptr %bdst.ahead30, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.short2.epi1
; EPI:       loop.short1.epi2:
; EPI-NEXT:    %asyncpipe.offset.short1.epi2 = mul i32 0, 64
; EPI-NEXT:    %cdst.short1.epi2 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.short1.epi2 = getelementptr i8, ptr %cdst.short1.epi2, i32 %asyncpipe.offset.short1.epi2
; EPI-NEXT:    %v.short1.epi2 = load i32, ptr %asyncpipe.version.ptr.short1.epi2, align 4
; EPI-NEXT:    %out.short1.epi2 = getelementptr i32, ptr %d, i64 0
; EPI-NEXT:    store i32 %v.short1.epi2, ptr %out.short1.epi2, align 4
; EPI-NEXT:    br label %exit
; EPI:       loop.short2.epi1:
; EPI-NEXT:    %asyncpipe.offset.short2.epi1 = mul i32 0, 64
; EPI-NEXT:    [[T22:%.*]] = add i32 0, 1
; EPI-NEXT:    [[T23:%.*]] = sub i32 [[T22]], 3
; EPI-NEXT:    [[T24:%.*]] = icmp uge i32 [[T22]], 3
; EPI-NEXT:    %asyncpipe.ahead5.short2.epi1 = select i1 [[T24]], i32 [[T23]], i32 [[T22]]
; EPI-NEXT:    %asyncpipe.offset6.short2.epi1 = mul i32 %asyncpipe.ahead5.short2.epi1, 64
; EPI-NEXT:    [[T25:%.*]] = add i32 0, 1
; EPI-NEXT:    [[T26:%.*]] = sub i32 [[T25]], 2
; EPI-NEXT:    [[T27:%.*]] = icmp uge i32 [[T25]], 2
; EPI-NEXT:    %asyncpipe.ahead8.short2.epi1 = select i1 [[T27]], i32 [[T26]], i32 [[T25]]
; EPI-NEXT:    %asyncpipe.offset9.short2.epi1 = mul i32 %asyncpipe.ahead8.short2.epi1, 64
; EPI-NEXT:    %cdst.short2.epi1 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 1)
; EPI-NEXT:    %cdst.ahead.short2.epi1 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    %bdst.ahead4.short2.epi1 = getelementptr i32, ptr @b2, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr7.short2.epi1 = getelementptr i8, ptr %bdst.ahead4.short2.epi1, i32 %asyncpipe.offset6.short2.epi1
; EPI-NEXT:    %asyncpipe.version.ptr10.short2.epi1 = getelementptr i8, ptr %cdst.ahead.short2.epi1, i32 %asyncpipe.offset9.short2.epi1
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr10.short2.epi1, ptr %asyncpipe.version.ptr7.short2.epi1, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 1)
; EPI-NEXT:    %asyncpipe.version.ptr.short2.epi1 = getelementptr i8, ptr %cdst.short2.epi1, i32 %asyncpipe.offset.short2.epi1
; EPI-NEXT:    %v.short2.epi1 = load i32, ptr %asyncpipe.version.ptr.short2.epi1, align 4
; EPI-NEXT:    %out.short2.epi1 = getelementptr i32, ptr %d, i64 0
; EPI-NEXT:    store i32 %v.short2.epi1, ptr %out.short2.epi1, align 4
; EPI-NEXT:    %i.next.short2.epi1 = add nuw i64 0, 1
; EPI-NEXT:    [[T28:%.*]] = add i32 0, 1
; EPI-NEXT:    [[T29:%.*]] = icmp eq i32 [[T28]], 2
; EPI-NEXT:    %asyncpipe.mod2.next.short2.epi1 = select i1 [[T29]], i32 0, i32 [[T28]]
; EPI-NEXT:    br label %loop.short2.epi2
; EPI:       loop.short2.epi2:
; EPI-NEXT:    %asyncpipe.offset.short2.epi2 = mul i32 %asyncpipe.mod2.next.short2.epi1, 64
; EPI-NEXT:    %cdst.short2.epi2 = getelementptr i32, ptr @c2, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.short2.epi2 = getelementptr i8, ptr %cdst.short2.epi2, i32 %asyncpipe.offset.short2.epi2
; EPI-NEXT:    %v.short2.epi2 = load i32, ptr %asyncpipe.version.ptr.short2.epi2, align 4
; EPI-NEXT:    %out.short2.epi2 = getelementptr i32, ptr %d, i64 %i.next.short2.epi1
; EPI-NEXT:    store i32 %v.short2.epi2, ptr %out.short2.epi2, align 4
; EPI-NEXT:    br label %exit
; EPI:       exit:
; EPI-NEXT:    ret void
; EPI:       }
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 1) allows 2 groups in flight (1 of its queue)
; REMARK: remark: <unknown>:0:0: wait in statement 2 (stage 2) allows 2 groups in flight (1 of its queue)
; REMARK: remark: <unknown>:0:0: drains with empty groups: the last iterations skip their copies and still commit their marks

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
; EPI-LABEL: define void @interleaved(
; EPI:       entry:
; EPI-NEXT:    [[T0:%.*]] = add i64 %n, -1
; EPI-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 3
; EPI-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; EPI-NEXT:    i64 0, label %asyncpipe.short1
; EPI-NEXT:    i64 1, label %asyncpipe.short2
; EPI-NEXT:    i64 2, label %asyncpipe.short3
; EPI-NEXT:    ]
; EPI:       asyncpipe.prologue:
; EPI-NEXT:    %adst.ahead7 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %asrc.ahead8 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead7, ptr %asrc.ahead8, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead9 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %bsrc.ahead10 = getelementptr i32, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead9, ptr %bsrc.ahead10, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead11 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %src.idx.ahead12 = add i64 1, %tid
; EPI-NEXT:    %asrc.ahead13 = getelementptr i32, ptr %a, i64 %src.idx.ahead12
; EPI-NEXT:    %asyncpipe.version.ptr14 = getelementptr i8, ptr %adst.ahead11, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr14, ptr %asrc.ahead13, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead15 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %src.idx.ahead16 = add i64 1, %tid
; EPI-NEXT:    %bsrc.ahead17 = getelementptr i32, ptr %b, i64 %src.idx.ahead16
; EPI-NEXT:    %asyncpipe.version.ptr18 = getelementptr i8, ptr %bdst.ahead15, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr18, ptr %bsrc.ahead17, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead19 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %src.idx.ahead20 = add i64 2, %tid
; EPI-NEXT:    %asrc.ahead21 = getelementptr i32, ptr %a, i64 %src.idx.ahead20
; EPI-NEXT:    %asyncpipe.version.ptr22 = getelementptr i8, ptr %adst.ahead19, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr22, ptr %asrc.ahead21, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead23 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %src.idx.ahead24 = add i64 2, %tid
; EPI-NEXT:    %bsrc.ahead25 = getelementptr i32, ptr %b, i64 %src.idx.ahead24
; EPI-NEXT:    %asyncpipe.version.ptr26 = getelementptr i8, ptr %bdst.ahead23, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr26, ptr %bsrc.ahead25, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop
; EPI:       loop:
; EPI-NEXT:    %i = phi i64 [ 0, %asyncpipe.prologue ], [ %i.next, %loop ]
; EPI-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; EPI-NEXT:    %asyncpipe.mod4 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod4.next, %loop ]
; EPI-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod4, 64
; EPI-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 3
; EPI-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod4, 3
; EPI-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 4
; EPI-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 4
; EPI-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; EPI-NEXT:    %asyncpipe.offset2 = mul i32 %asyncpipe.ahead, 64
; EPI-NEXT:    %asyncpipe.iter.ahead4 = add i64 %asyncpipe.iter, 3
; EPI-NEXT:    %src.idx = add i64 %i, %tid
; EPI-NEXT:    %asrc = getelementptr i32, ptr %a, i64 %src.idx
; EPI-NEXT:    %adst = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %bsrc = getelementptr i32, ptr %b, i64 %src.idx
; EPI-NEXT:    %bdst = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %adst.ahead = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %src.idx.ahead = add i64 %asyncpipe.iter.ahead, %tid
; EPI-NEXT:    %asrc.ahead = getelementptr i32, ptr %a, i64 %src.idx.ahead
; EPI-NEXT:    %asyncpipe.version.ptr3 = getelementptr i8, ptr %adst.ahead, i32 %asyncpipe.offset2
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr3, ptr %asrc.ahead, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 5)
; EPI-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %adst, i32 %asyncpipe.offset
; EPI-NEXT:    %x = load i32, ptr %asyncpipe.version.ptr, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1 = getelementptr i8, ptr %bdst, i32 %asyncpipe.offset
; EPI-NEXT:    %y = load i32, ptr %asyncpipe.version.ptr1, align 4
; EPI-NEXT:    %sum = add i32 %x, %y
; EPI-NEXT:    %out = getelementptr i32, ptr %c, i64 %i
; EPI-NEXT:    store i32 %sum, ptr %out, align 4
; EPI-NEXT:    %i.next = add nuw i64 %i, 1
; EPI-NEXT:    %bdst.ahead = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %src.idx.ahead5 = add i64 %asyncpipe.iter.ahead4, %tid
; EPI-NEXT:    %bsrc.ahead = getelementptr i32, ptr %b, i64 %src.idx.ahead5
; EPI-NEXT:    %asyncpipe.version.ptr6 = getelementptr i8, ptr %bdst.ahead, i32 %asyncpipe.offset2
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr6, ptr %bsrc.ahead, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T4:%.*]] = add i32 %asyncpipe.mod4, 1
; EPI-NEXT:    [[T5:%.*]] = icmp eq i32 [[T4]], 4
; EPI-NEXT:    %asyncpipe.mod4.next = select i1 [[T5]], i32 0, i32 [[T4]]
; EPI-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; EPI-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPINTERLEAVED:![0-9]+]]
; EPI:       asyncpipe.epilogue:
; EPI-NEXT:    br label %loop.epi1
; EPI:       loop.epi1:
; EPI-NEXT:    %i.epi1 = phi i64 [ %i.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short3 ]
; EPI-NEXT:    %asyncpipe.mod4.epi1 = phi i32 [ %asyncpipe.mod4.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short3 ]
; EPI-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod4.epi1, 64
; EPI-NEXT:    %adst.epi1 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %bdst.epi1 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 4)
; EPI-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr %adst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %x.epi1 = load i32, ptr %asyncpipe.version.ptr.epi1, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1.epi1 = getelementptr i8, ptr %bdst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %y.epi1 = load i32, ptr %asyncpipe.version.ptr1.epi1, align 4
; EPI-NEXT:    %sum.epi1 = add i32 %x.epi1, %y.epi1
; EPI-NEXT:    %out.epi1 = getelementptr i32, ptr %c, i64 %i.epi1
; EPI-NEXT:    store i32 %sum.epi1, ptr %out.epi1, align 4
; EPI-NEXT:    %i.next.epi1 = add nuw i64 %i.epi1, 1
; EPI-NEXT:    [[T6:%.*]] = add i32 %asyncpipe.mod4.epi1, 1
; EPI-NEXT:    [[T7:%.*]] = icmp eq i32 [[T6]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.epi1 = select i1 [[T7]], i32 0, i32 [[T6]]
; EPI-NEXT:    br label %loop.epi2
; EPI:       loop.epi2:
; EPI-NEXT:    %i.epi2 = phi i64 [ %i.next.epi1, %loop.epi1 ], [ 0, %asyncpipe.short2 ]
; EPI-NEXT:    %asyncpipe.mod4.epi2 = phi i32 [ %asyncpipe.mod4.next.epi1, %loop.epi1 ], [ 0, %asyncpipe.short2 ]
; EPI-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod4.epi2, 64
; EPI-NEXT:    %adst.epi2 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %bdst.epi2 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr %adst.epi2, i32 %asyncpipe.offset.epi2
; EPI-NEXT:    %x.epi2 = load i32, ptr %asyncpipe.version.ptr.epi2, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1.epi2 = getelementptr i8, ptr %bdst.epi2, i32 %asyncpipe.offset.epi2
; EPI-NEXT:    %y.epi2 = load i32, ptr %asyncpipe.version.ptr1.epi2, align 4
; EPI-NEXT:    %sum.epi2 = add i32 %x.epi2, %y.epi2
; EPI-NEXT:    %out.epi2 = getelementptr i32, ptr %c, i64 %i.epi2
; EPI-NEXT:    store i32 %sum.epi2, ptr %out.epi2, align 4
; EPI-NEXT:    %i.next.epi2 = add nuw i64 %i.epi2, 1
; EPI-NEXT:    [[T8:%.*]] = add i32 %asyncpipe.mod4.epi2, 1
; EPI-NEXT:    [[T9:%.*]] = icmp eq i32 [[T8]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.epi2 = select i1 [[T9]], i32 0, i32 [[T8]]
; EPI-NEXT:    br label %loop.epi3
; EPI:       loop.epi3:
; EPI-NEXT:    %i.epi3 = phi i64 [ %i.next.epi2, %loop.epi2 ], [ 0, %asyncpipe.short1 ]
; EPI-NEXT:    %asyncpipe.mod4.epi3 = phi i32 [ %asyncpipe.mod4.next.epi2, %loop.epi2 ], [ 0, %asyncpipe.short1 ]
; EPI-NEXT:    %asyncpipe.offset.epi3 = mul i32 %asyncpipe.mod4.epi3, 64
; EPI-NEXT:    %adst.epi3 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %bdst.epi3 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.epi3 = getelementptr i8, ptr %adst.epi3, i32 %asyncpipe.offset.epi3
; EPI-NEXT:    %x.epi3 = load i32, ptr %asyncpipe.version.ptr.epi3, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1.epi3 = getelementptr i8, ptr %bdst.epi3, i32 %asyncpipe.offset.epi3
; EPI-NEXT:    %y.epi3 = load i32, ptr %asyncpipe.version.ptr1.epi3, align 4
; EPI-NEXT:    %sum.epi3 = add i32 %x.epi3, %y.epi3
; EPI-NEXT:    %out.epi3 = getelementptr i32, ptr %c, i64 %i.epi3
; EPI-NEXT:    store i32 %sum.epi3, ptr %out.epi3, align 4
; EPI-NEXT:    br label %exit
; EPI:       asyncpipe.short1:
; EPI-NEXT:    %adst.ahead27 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %asrc.ahead28 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead27, ptr %asrc.ahead28, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead29 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %bsrc.ahead30 = getelementptr i32, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead29, ptr %bsrc.ahead30, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi3
; EPI:       asyncpipe.short2:
; EPI-NEXT:    %adst.ahead31 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %asrc.ahead32 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead31, ptr %asrc.ahead32, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead33 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %bsrc.ahead34 = getelementptr i32, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead33, ptr %bsrc.ahead34, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead35 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %src.idx.ahead36 = add i64 1, %tid
; EPI-NEXT:    %asrc.ahead37 = getelementptr i32, ptr %a, i64 %src.idx.ahead36
; EPI-NEXT:    %asyncpipe.version.ptr38 = getelementptr i8, ptr %adst.ahead35, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr38, ptr %asrc.ahead37, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead39 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %src.idx.ahead40 = add i64 1, %tid
; EPI-NEXT:    %bsrc.ahead41 = getelementptr i32, ptr %b, i64 %src.idx.ahead40
; EPI-NEXT:    %asyncpipe.version.ptr42 = getelementptr i8, ptr %bdst.ahead39, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr42, ptr %bsrc.ahead41, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi2
; EPI:       asyncpipe.short3:
; EPI-NEXT:    %adst.ahead43 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %asrc.ahead44 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead43, ptr %asrc.ahead44, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead45 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %bsrc.ahead46 = getelementptr i32, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead45, ptr %bsrc.ahead46, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead47 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %src.idx.ahead48 = add i64 1, %tid
; EPI-NEXT:    %asrc.ahead49 = getelementptr i32, ptr %a, i64 %src.idx.ahead48
; EPI-NEXT:    %asyncpipe.version.ptr50 = getelementptr i8, ptr %adst.ahead47, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr50, ptr %asrc.ahead49, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead51 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %src.idx.ahead52 = add i64 1, %tid
; EPI-NEXT:    %bsrc.ahead53 = getelementptr i32, ptr %b, i64 %src.idx.ahead52
; EPI-NEXT:    %asyncpipe.version.ptr54 = getelementptr i8, ptr %bdst.ahead51, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr54, ptr %bsrc.ahead53, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead55 = getelementptr i32, ptr @a3, i64 %tid
; EPI-NEXT:    %src.idx.ahead56 = add i64 2, %tid
; EPI-NEXT:    %asrc.ahead57 = getelementptr i32, ptr %a, i64 %src.idx.ahead56
; EPI-NEXT:    %asyncpipe.version.ptr58 = getelementptr i8, ptr %adst.ahead55, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr58, ptr %asrc.ahead57, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %bdst.ahead59 = getelementptr i32, ptr @b3, i64 %tid
; EPI-NEXT:    %src.idx.ahead60 = add i64 2, %tid
; EPI-NEXT:    %bsrc.ahead61 = getelementptr i32, ptr %b, i64 %src.idx.ahead60
; EPI-NEXT:    %asyncpipe.version.ptr62 = getelementptr i8, ptr %bdst.ahead59, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr62, ptr %bsrc.ahead61, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi1
; EPI:       exit:
; EPI-NEXT:    ret void
; EPI:       }
; REMARK: remark: <unknown>:0:0: wait in statement 2 (stage 3) allows 5 groups in flight (5 of its queue)
; REMARK: remark: <unknown>:0:0: drains with empty groups: the last iterations skip their copies and still commit their marks

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
; EPI-LABEL: define void @consumer_in_producer_stage(
; EPI:       entry:
; EPI-NEXT:    [[T0:%.*]] = add i64 %n, -1
; EPI-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 3
; EPI-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; EPI-NEXT:    i64 0, label %asyncpipe.short1
; EPI-NEXT:    i64 1, label %asyncpipe.short2
; EPI-NEXT:    i64 2, label %asyncpipe.short3
; EPI-NEXT:    ]
; EPI:       asyncpipe.prologue:
; EPI-NEXT:    %adst.ahead7 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.ahead8 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead7, ptr %src.ahead8, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead9 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead10 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead9, ptr %adst.ahead10, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead11 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.idx.ahead12 = add i64 1, %tid
; EPI-NEXT:    %src.ahead13 = getelementptr i32, ptr %a, i64 %src.idx.ahead12
; EPI-NEXT:    %asyncpipe.version.ptr14 = getelementptr i8, ptr %adst.ahead11, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr14, ptr %src.ahead13, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead15 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead16 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr17 = getelementptr i8, ptr %adst.ahead16, i32 64
; EPI-NEXT:    %asyncpipe.version.ptr18 = getelementptr i8, ptr %cdst.ahead15, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr18, ptr %asyncpipe.version.ptr17, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead19 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.idx.ahead20 = add i64 2, %tid
; EPI-NEXT:    %src.ahead21 = getelementptr i32, ptr %a, i64 %src.idx.ahead20
; EPI-NEXT:    %asyncpipe.version.ptr22 = getelementptr i8, ptr %adst.ahead19, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr22, ptr %src.ahead21, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead23 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead24 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr25 = getelementptr i8, ptr %adst.ahead24, i32 128
; EPI-NEXT:    %asyncpipe.version.ptr26 = getelementptr i8, ptr %cdst.ahead23, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr26, ptr %asyncpipe.version.ptr25, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop
; EPI:       loop:
; EPI-NEXT:    %i = phi i64 [ 0, %asyncpipe.prologue ], [ %i.next, %loop ]
; EPI-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; EPI-NEXT:    %asyncpipe.mod4 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod4.next, %loop ]
; EPI-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod4, 64
; EPI-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 3
; EPI-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod4, 3
; EPI-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 4
; EPI-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 4
; EPI-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; EPI-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 64
; EPI-NEXT:    %asyncpipe.iter.ahead3 = add i64 %asyncpipe.iter, 3
; EPI-NEXT:    %src.idx = add i64 %i, %tid
; EPI-NEXT:    %src = getelementptr i32, ptr %a, i64 %src.idx
; EPI-NEXT:    %adst = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %cdst = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.idx.ahead = add i64 %asyncpipe.iter.ahead, %tid
; EPI-NEXT:    %src.ahead = getelementptr i32, ptr %a, i64 %src.idx.ahead
; EPI-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr %adst.ahead, i32 %asyncpipe.offset1
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr2, ptr %src.ahead, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead4 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr5 = getelementptr i8, ptr %adst.ahead4, i32 %asyncpipe.offset1
; EPI-NEXT:    %asyncpipe.version.ptr6 = getelementptr i8, ptr %cdst.ahead, i32 %asyncpipe.offset1
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr6, ptr %asyncpipe.version.ptr5, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 6)
; EPI-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %cdst, i32 %asyncpipe.offset
; EPI-NEXT:    %v = load i32, ptr %asyncpipe.version.ptr, align 4
; EPI-NEXT:    %out = getelementptr i32, ptr %d, i64 %i
; EPI-NEXT:    store i32 %v, ptr %out, align 4
; EPI-NEXT:    %i.next = add nuw i64 %i, 1
; EPI-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T4:%.*]] = add i32 %asyncpipe.mod4, 1
; EPI-NEXT:    [[T5:%.*]] = icmp eq i32 [[T4]], 4
; EPI-NEXT:    %asyncpipe.mod4.next = select i1 [[T5]], i32 0, i32 [[T4]]
; EPI-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; EPI-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPCONSUMERINPRODUCERSTAGE:![0-9]+]]
; EPI:       asyncpipe.epilogue:
; EPI-NEXT:    br label %loop.epi1
; EPI:       loop.epi1:
; EPI-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod4.next, 64
; EPI-NEXT:    %cdst.epi1 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 4)
; EPI-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr %cdst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %v.epi1 = load i32, ptr %asyncpipe.version.ptr.epi1, align 4
; EPI-NEXT:    %out.epi1 = getelementptr i32, ptr %d, i64 %i.next
; EPI-NEXT:    store i32 %v.epi1, ptr %out.epi1, align 4
; EPI-NEXT:    %i.next.epi1 = add nuw i64 %i.next, 1
; EPI-NEXT:    [[T6:%.*]] = add i32 %asyncpipe.mod4.next, 1
; EPI-NEXT:    [[T7:%.*]] = icmp eq i32 [[T6]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.epi1 = select i1 [[T7]], i32 0, i32 [[T6]]
; EPI-NEXT:    br label %loop.epi2
; EPI:       loop.epi2:
; EPI-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod4.next.epi1, 64
; EPI-NEXT:    %cdst.epi2 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr %cdst.epi2, i32 %asyncpipe.offset.epi2
; EPI-NEXT:    %v.epi2 = load i32, ptr %asyncpipe.version.ptr.epi2, align 4
; EPI-NEXT:    %out.epi2 = getelementptr i32, ptr %d, i64 %i.next.epi1
; EPI-NEXT:    store i32 %v.epi2, ptr %out.epi2, align 4
; EPI-NEXT:    %i.next.epi2 = add nuw i64 %i.next.epi1, 1
; EPI-NEXT:    [[T8:%.*]] = add i32 %asyncpipe.mod4.next.epi1, 1
; EPI-NEXT:    [[T9:%.*]] = icmp eq i32 [[T8]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.epi2 = select i1 [[T9]], i32 0, i32 [[T8]]
; EPI-NEXT:    br label %loop.epi3
; EPI:       loop.epi3:
; EPI-NEXT:    %asyncpipe.offset.epi3 = mul i32 %asyncpipe.mod4.next.epi2, 64
; EPI-NEXT:    %cdst.epi3 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.epi3 = getelementptr i8, ptr %cdst.epi3, i32 %asyncpipe.offset.epi3
; EPI-NEXT:    %v.epi3 = load i32, ptr %asyncpipe.version.ptr.epi3, align 4
; EPI-NEXT:    %out.epi3 = getelementptr i32, ptr %d, i64 %i.next.epi2
; EPI-NEXT:    store i32 %v.epi3, ptr %out.epi3, align 4
; EPI-NEXT:    br label %exit
; EPI:       asyncpipe.short1:
; EPI-NEXT:    %adst.ahead27 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.ahead28 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead27, ptr %src.ahead28, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead29 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead30 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead29, ptr %adst.ahead30, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.short1.epi3
; EPI:       asyncpipe.short2:
; EPI-NEXT:    %adst.ahead31 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.ahead32 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead31, ptr %src.ahead32, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead33 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead34 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead33, ptr %adst.ahead34, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead35 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.idx.ahead36 = add i64 1, %tid
; EPI-NEXT:    %src.ahead37 = getelementptr i32, ptr %a, i64 %src.idx.ahead36
; EPI-NEXT:    %asyncpipe.version.ptr38 = getelementptr i8, ptr %adst.ahead35, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr38, ptr %src.ahead37, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead39 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead40 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr41 = getelementptr i8, ptr %adst.ahead40, i32 64
; EPI-NEXT:    %asyncpipe.version.ptr42 = getelementptr i8, ptr %cdst.ahead39, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr42, ptr %asyncpipe.version.ptr41, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.short2.epi2
; EPI:       asyncpipe.short3:
; EPI-NEXT:    %adst.ahead43 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.ahead44 = getelementptr i32, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead43, ptr %src.ahead44, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead45 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead46 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %cdst.ahead45, ptr %adst.ahead46, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead47 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.idx.ahead48 = add i64 1, %tid
; EPI-NEXT:    %src.ahead49 = getelementptr i32, ptr %a, i64 %src.idx.ahead48
; EPI-NEXT:    %asyncpipe.version.ptr50 = getelementptr i8, ptr %adst.ahead47, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr50, ptr %src.ahead49, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead51 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead52 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr53 = getelementptr i8, ptr %adst.ahead52, i32 64
; EPI-NEXT:    %asyncpipe.version.ptr54 = getelementptr i8, ptr %cdst.ahead51, i32 64
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr54, ptr %asyncpipe.version.ptr53, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead55 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %src.idx.ahead56 = add i64 2, %tid
; EPI-NEXT:    %src.ahead57 = getelementptr i32, ptr %a, i64 %src.idx.ahead56
; EPI-NEXT:    %asyncpipe.version.ptr58 = getelementptr i8, ptr %adst.ahead55, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr58, ptr %src.ahead57, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %cdst.ahead59 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    %adst.ahead60 = getelementptr i32, ptr @a4, i64 %tid
; EPI-NEXT:    %asyncpipe.version.ptr61 = getelementptr i8, ptr %adst.ahead60, i32 128
; EPI-NEXT:    %asyncpipe.version.ptr62 = getelementptr i8, ptr %cdst.ahead59, i32 128
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr62, ptr %asyncpipe.version.ptr61, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.short3.epi1
; EPI:       loop.short1.epi3:
; EPI-NEXT:    %asyncpipe.offset.short1.epi3 = mul i32 0, 64
; EPI-NEXT:    %cdst.short1.epi3 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 4)
; EPI-NEXT:    %asyncpipe.version.ptr.short1.epi3 = getelementptr i8, ptr %cdst.short1.epi3, i32 %asyncpipe.offset.short1.epi3
; EPI-NEXT:    %v.short1.epi3 = load i32, ptr %asyncpipe.version.ptr.short1.epi3, align 4
; EPI-NEXT:    %out.short1.epi3 = getelementptr i32, ptr %d, i64 0
; EPI-NEXT:    store i32 %v.short1.epi3, ptr %out.short1.epi3, align 4
; EPI-NEXT:    br label %exit
; EPI:       loop.short2.epi2:
; EPI-NEXT:    %asyncpipe.offset.short2.epi2 = mul i32 0, 64
; EPI-NEXT:    %cdst.short2.epi2 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 4)
; EPI-NEXT:    %asyncpipe.version.ptr.short2.epi2 = getelementptr i8, ptr %cdst.short2.epi2, i32 %asyncpipe.offset.short2.epi2
; EPI-NEXT:    %v.short2.epi2 = load i32, ptr %asyncpipe.version.ptr.short2.epi2, align 4
; EPI-NEXT:    %out.short2.epi2 = getelementptr i32, ptr %d, i64 0
; EPI-NEXT:    store i32 %v.short2.epi2, ptr %out.short2.epi2, align 4
; EPI-NEXT:    %i.next.short2.epi2 = add nuw i64 0, 1
; EPI-NEXT:    [[T10:%.*]] = add i32 0, 1
; EPI-NEXT:    [[T11:%.*]] = icmp eq i32 [[T10]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.short2.epi2 = select i1 [[T11]], i32 0, i32 [[T10]]
; EPI-NEXT:    br label %loop.short2.epi3
; EPI:       loop.short2.epi3:
; EPI-NEXT:    %asyncpipe.offset.short2.epi3 = mul i32 %asyncpipe.mod4.next.short2.epi2, 64
; EPI-NEXT:    %cdst.short2.epi3 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %asyncpipe.version.ptr.short2.epi3 = getelementptr i8, ptr %cdst.short2.epi3, i32 %asyncpipe.offset.short2.epi3
; EPI-NEXT:    %v.short2.epi3 = load i32, ptr %asyncpipe.version.ptr.short2.epi3, align 4
; EPI-NEXT:    %out.short2.epi3 = getelementptr i32, ptr %d, i64 %i.next.short2.epi2
; EPI-NEXT:    store i32 %v.short2.epi3, ptr %out.short2.epi3, align 4
; EPI-NEXT:    br label %exit
; EPI:       loop.short3.epi1:
; EPI-NEXT:    %asyncpipe.offset.short3.epi1 = mul i32 0, 64
; EPI-NEXT:    %cdst.short3.epi1 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 4)
; EPI-NEXT:    %asyncpipe.version.ptr.short3.epi1 = getelementptr i8, ptr %cdst.short3.epi1, i32 %asyncpipe.offset.short3.epi1
; EPI-NEXT:    %v.short3.epi1 = load i32, ptr %asyncpipe.version.ptr.short3.epi1, align 4
; EPI-NEXT:    %out.short3.epi1 = getelementptr i32, ptr %d, i64 0
; EPI-NEXT:    store i32 %v.short3.epi1, ptr %out.short3.epi1, align 4
; EPI-NEXT:    %i.next.short3.epi1 = add nuw i64 0, 1
; EPI-NEXT:    [[T12:%.*]] = add i32 0, 1
; EPI-NEXT:    [[T13:%.*]] = icmp eq i32 [[T12]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.short3.epi1 = select i1 [[T13]], i32 0, i32 [[T12]]
; EPI-NEXT:    br label %loop.short3.epi2
; EPI:       loop.short3.epi2:
; EPI-NEXT:    %asyncpipe.offset.short3.epi2 = mul i32 %asyncpipe.mod4.next.short3.epi1, 64
; EPI-NEXT:    %cdst.short3.epi2 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %asyncpipe.version.ptr.short3.epi2 = getelementptr i8, ptr %cdst.short3.epi2, i32 %asyncpipe.offset.short3.epi2
; EPI-NEXT:    %v.short3.epi2 = load i32, ptr %asyncpipe.version.ptr.short3.epi2, align 4
; EPI-NEXT:    %out.short3.epi2 = getelementptr i32, ptr %d, i64 %i.next.short3.epi1
; EPI-NEXT:    store i32 %v.short3.epi2, ptr %out.short3.epi2, align 4
; EPI-NEXT:    %i.next.short3.epi2 = add nuw i64 %i.next.short3.epi1, 1
; EPI-NEXT:    [[T14:%.*]] = add i32 %asyncpipe.mod4.next.short3.epi1, 1
; EPI-NEXT:    [[T15:%.*]] = icmp eq i32 [[T14]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.short3.epi2 = select i1 [[T15]], i32 0, i32 [[T14]]
; EPI-NEXT:    br label %loop.short3.epi3
; EPI:       loop.short3.epi3:
; EPI-NEXT:    %asyncpipe.offset.short3.epi3 = mul i32 %asyncpipe.mod4.next.short3.epi2, 64
; EPI-NEXT:    %cdst.short3.epi3 = getelementptr i32, ptr @c4, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.short3.epi3 = getelementptr i8, ptr %cdst.short3.epi3, i32 %asyncpipe.offset.short3.epi3
; EPI-NEXT:    %v.short3.epi3 = load i32, ptr %asyncpipe.version.ptr.short3.epi3, align 4
; EPI-NEXT:    %out.short3.epi3 = getelementptr i32, ptr %d, i64 %i.next.short3.epi2
; EPI-NEXT:    store i32 %v.short3.epi3, ptr %out.short3.epi3, align 4
; EPI-NEXT:    br label %exit
; EPI:       exit:
; EPI-NEXT:    ret void
; EPI:       }
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 0) allows 0 groups in flight (0 of its queue)
; REMARK: remark: <unknown>:0:0: wait in statement 2 (stage 3) allows 6 groups in flight (6 of its queue)
; REMARK: remark: <unknown>:0:0: drains with empty groups: the last iterations skip their copies and still commit their marks

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
; EPI-LABEL: define void @gemm(
; EPI:       entry:
; EPI-NEXT:    [[T0:%.*]] = add i64 %n, -1
; EPI-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 3
; EPI-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; EPI-NEXT:    i64 0, label %asyncpipe.short1
; EPI-NEXT:    i64 1, label %asyncpipe.short2
; EPI-NEXT:    i64 2, label %asyncpipe.short3
; EPI-NEXT:    ]
; EPI:       asyncpipe.prologue:
; EPI-NEXT:    %adst.ahead5 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %asrc.ahead6 = getelementptr float, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead5, ptr %asrc.ahead6, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead7 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead8 = getelementptr float, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead7, ptr %bsrc.ahead8, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead9 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %gidx.ahead10 = add i64 64, %tid
; EPI-NEXT:    %asrc.ahead11 = getelementptr float, ptr %a, i64 %gidx.ahead10
; EPI-NEXT:    %asyncpipe.version.ptr12 = getelementptr i8, ptr %adst.ahead9, i32 256
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr12, ptr %asrc.ahead11, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead13 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead14 = getelementptr float, ptr %b, i64 %gidx.ahead10
; EPI-NEXT:    %asyncpipe.version.ptr15 = getelementptr i8, ptr %bdst.ahead13, i32 256
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr15, ptr %bsrc.ahead14, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead16 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %gidx.ahead17 = add i64 128, %tid
; EPI-NEXT:    %asrc.ahead18 = getelementptr float, ptr %a, i64 %gidx.ahead17
; EPI-NEXT:    %asyncpipe.version.ptr19 = getelementptr i8, ptr %adst.ahead16, i32 512
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr19, ptr %asrc.ahead18, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead20 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead21 = getelementptr float, ptr %b, i64 %gidx.ahead17
; EPI-NEXT:    %asyncpipe.version.ptr22 = getelementptr i8, ptr %bdst.ahead20, i32 512
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr22, ptr %bsrc.ahead21, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop
; EPI:       loop:
; EPI-NEXT:    %k = phi i64 [ 0, %asyncpipe.prologue ], [ %k.next, %loop ]
; EPI-NEXT:    %acc = phi float [ 0.000000e+00, %asyncpipe.prologue ], [ %acc.next, %loop ]
; EPI-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; EPI-NEXT:    %asyncpipe.mod4 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod4.next, %loop ]
; EPI-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod4, 256
; EPI-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 3
; EPI-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod4, 3
; EPI-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 4
; EPI-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 4
; EPI-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; EPI-NEXT:    %asyncpipe.offset2 = mul i32 %asyncpipe.ahead, 256
; EPI-NEXT:    %tile = mul i64 %k, 64
; EPI-NEXT:    %gidx = add i64 %tile, %tid
; EPI-NEXT:    %asrc = getelementptr float, ptr %a, i64 %gidx
; EPI-NEXT:    %bsrc = getelementptr float, ptr %b, i64 %gidx
; EPI-NEXT:    %adst = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %bdst = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %adst.ahead = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %tile.ahead = mul i64 %asyncpipe.iter.ahead, 64
; EPI-NEXT:    %gidx.ahead = add i64 %tile.ahead, %tid
; EPI-NEXT:    %asrc.ahead = getelementptr float, ptr %a, i64 %gidx.ahead
; EPI-NEXT:    %asyncpipe.version.ptr3 = getelementptr i8, ptr %adst.ahead, i32 %asyncpipe.offset2
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr3, ptr %asrc.ahead, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead = getelementptr float, ptr %b, i64 %gidx.ahead
; EPI-NEXT:    %asyncpipe.version.ptr4 = getelementptr i8, ptr %bdst.ahead, i32 %asyncpipe.offset2
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr4, ptr %bsrc.ahead, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    call void @asyncpipe.wait(i32 3)
; EPI-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr %adst, i32 %asyncpipe.offset
; EPI-NEXT:    %x = load float, ptr %asyncpipe.version.ptr, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1 = getelementptr i8, ptr %bdst, i32 %asyncpipe.offset
; EPI-NEXT:    %y = load float, ptr %asyncpipe.version.ptr1, align 4
; EPI-NEXT:    %prod = fmul float %x, %y
; EPI-NEXT:    %acc.next = fadd float %acc, %prod
; EPI-NEXT:    %k.next = add nuw i64 %k, 1
; EPI-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; EPI-NEXT:    [[T4:%.*]] = add i32 %asyncpipe.mod4, 1
; EPI-NEXT:    [[T5:%.*]] = icmp eq i32 [[T4]], 4
; EPI-NEXT:    %asyncpipe.mod4.next = select i1 [[T5]], i32 0, i32 [[T4]]
; EPI-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; EPI-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPGEMM:![0-9]+]]
; EPI:       asyncpipe.epilogue:
; EPI-NEXT:    br label %loop.epi1
; EPI:       loop.epi1:
; EPI-NEXT:    %acc.epi1 = phi float [ %acc.next, %asyncpipe.epilogue ], [ 0.000000e+00, %asyncpipe.short3 ]
; EPI-NEXT:    %asyncpipe.mod4.epi1 = phi i32 [ %asyncpipe.mod4.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short3 ]
; EPI-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod4.epi1, 256
; EPI-NEXT:    %adst.epi1 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %bdst.epi1 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 2)
; EPI-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr %adst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %x.epi1 = load float, ptr %asyncpipe.version.ptr.epi1, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1.epi1 = getelementptr i8, ptr %bdst.epi1, i32 %asyncpipe.offset.epi1
; EPI-NEXT:    %y.epi1 = load float, ptr %asyncpipe.version.ptr1.epi1, align 4
; EPI-NEXT:    %prod.epi1 = fmul float %x.epi1, %y.epi1
; EPI-NEXT:    %acc.next.epi1 = fadd float %acc.epi1, %prod.epi1
; EPI-NEXT:    [[T6:%.*]] = add i32 %asyncpipe.mod4.epi1, 1
; EPI-NEXT:    [[T7:%.*]] = icmp eq i32 [[T6]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.epi1 = select i1 [[T7]], i32 0, i32 [[T6]]
; EPI-NEXT:    br label %loop.epi2
; EPI:       loop.epi2:
; EPI-NEXT:    %acc.epi2 = phi float [ %acc.next.epi1, %loop.epi1 ], [ 0.000000e+00, %asyncpipe.short2 ]
; EPI-NEXT:    %asyncpipe.mod4.epi2 = phi i32 [ %asyncpipe.mod4.next.epi1, %loop.epi1 ], [ 0, %asyncpipe.short2 ]
; EPI-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod4.epi2, 256
; EPI-NEXT:    %adst.epi2 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %bdst.epi2 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 1)
; EPI-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr %adst.epi2, i32 %asyncpipe.offset.epi2
; EPI-NEXT:    %x.epi2 = load float, ptr %asyncpipe.version.ptr.epi2, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1.epi2 = getelementptr i8, ptr %bdst.epi2, i32 %asyncpipe.offset.epi2
; EPI-NEXT:    %y.epi2 = load float, ptr %asyncpipe.version.ptr1.epi2, align 4
; EPI-NEXT:    %prod.epi2 = fmul float %x.epi2, %y.epi2
; EPI-NEXT:    %acc.next.epi2 = fadd float %acc.epi2, %prod.epi2
; EPI-NEXT:    [[T8:%.*]] = add i32 %asyncpipe.mod4.epi2, 1
; EPI-NEXT:    [[T9:%.*]] = icmp eq i32 [[T8]], 4
; EPI-NEXT:    %asyncpipe.mod4.next.epi2 = select i1 [[T9]], i32 0, i32 [[T8]]
; EPI-NEXT:    br label %loop.epi3
; EPI:       loop.epi3:
; EPI-NEXT:    %acc.epi3 = phi float [ %acc.next.epi2, %loop.epi2 ], [ 0.000000e+00, %asyncpipe.short1 ]
; EPI-NEXT:    %asyncpipe.mod4.epi3 = phi i32 [ %asyncpipe.mod4.next.epi2, %loop.epi2 ], [ 0, %asyncpipe.short1 ]
; EPI-NEXT:    %asyncpipe.offset.epi3 = mul i32 %asyncpipe.mod4.epi3, 256
; EPI-NEXT:    %adst.epi3 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %bdst.epi3 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    call void @asyncpipe.wait(i32 0)
; EPI-NEXT:    %asyncpipe.version.ptr.epi3 = getelementptr i8, ptr %adst.epi3, i32 %asyncpipe.offset.epi3
; EPI-NEXT:    %x.epi3 = load float, ptr %asyncpipe.version.ptr.epi3, align 4
; EPI-NEXT:    %asyncpipe.version.ptr1.epi3 = getelementptr i8, ptr %bdst.epi3, i32 %asyncpipe.offset.epi3
; EPI-NEXT:    %y.epi3 = load float, ptr %asyncpipe.version.ptr1.epi3, align 4
; EPI-NEXT:    %prod.epi3 = fmul float %x.epi3, %y.epi3
; EPI-NEXT:    %acc.next.epi3 = fadd float %acc.epi3, %prod.epi3
; EPI-NEXT:    br label %exit
; EPI:       asyncpipe.short1:
; EPI-NEXT:    %adst.ahead23 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %asrc.ahead24 = getelementptr float, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead23, ptr %asrc.ahead24, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead25 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead26 = getelementptr float, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead25, ptr %bsrc.ahead26, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi3
; EPI:       asyncpipe.short2:
; EPI-NEXT:    %adst.ahead27 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %asrc.ahead28 = getelementptr float, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead27, ptr %asrc.ahead28, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead29 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead30 = getelementptr float, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead29, ptr %bsrc.ahead30, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead31 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %gidx.ahead32 = add i64 64, %tid
; EPI-NEXT:    %asrc.ahead33 = getelementptr float, ptr %a, i64 %gidx.ahead32
; EPI-NEXT:    %asyncpipe.version.ptr34 = getelementptr i8, ptr %adst.ahead31, i32 256
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr34, ptr %asrc.ahead33, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead35 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead36 = getelementptr float, ptr %b, i64 %gidx.ahead32
; EPI-NEXT:    %asyncpipe.version.ptr37 = getelementptr i8, ptr %bdst.ahead35, i32 256
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr37, ptr %bsrc.ahead36, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi2
; EPI:       asyncpipe.short3:
; EPI-NEXT:    %adst.ahead38 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %asrc.ahead39 = getelementptr float, ptr %a, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %adst.ahead38, ptr %asrc.ahead39, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead40 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead41 = getelementptr float, ptr %b, i64 %tid
; EPI-NEXT:    call void @asyncpipe.copy(ptr %bdst.ahead40, ptr %bsrc.ahead41, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead42 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %gidx.ahead43 = add i64 64, %tid
; EPI-NEXT:    %asrc.ahead44 = getelementptr float, ptr %a, i64 %gidx.ahead43
; EPI-NEXT:    %asyncpipe.version.ptr45 = getelementptr i8, ptr %adst.ahead42, i32 256
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr45, ptr %asrc.ahead44, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead46 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead47 = getelementptr float, ptr %b, i64 %gidx.ahead43
; EPI-NEXT:    %asyncpipe.version.ptr48 = getelementptr i8, ptr %bdst.ahead46, i32 256
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr48, ptr %bsrc.ahead47, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    %adst.ahead49 = getelementptr float, ptr @as5, i64 %tid
; EPI-NEXT:    %gidx.ahead50 = add i64 128, %tid
; EPI-NEXT:    %asrc.ahead51 = getelementptr float, ptr %a, i64 %gidx.ahead50
; EPI-NEXT:    %asyncpipe.version.ptr52 = getelementptr i8, ptr %adst.ahead49, i32 512
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr52, ptr %asrc.ahead51, i32 4, i32 0)
; EPI-NEXT:    %bdst.ahead53 = getelementptr float, ptr @bs5, i64 %tid
; EPI-NEXT:    %bsrc.ahead54 = getelementptr float, ptr %b, i64 %gidx.ahead50
; EPI-NEXT:    %asyncpipe.version.ptr55 = getelementptr i8, ptr %bdst.ahead53, i32 512
; EPI-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr55, ptr %bsrc.ahead54, i32 4, i32 0)
; EPI-NEXT:    call void @asyncpipe.mark()
; EPI-NEXT:    br label %loop.epi1
; EPI:       exit:
; EPI-NEXT:    store float %acc.next.epi3, ptr %c, align 4
; EPI-NEXT:    ret void
; EPI:       }
; REMARK: remark: <unknown>:0:0: wait in statement 1 (stage 3) allows 3 groups in flight (3 of its queue)
; REMARK: remark: <unknown>:0:0: drains with empty groups: the last iterations skip their copies and still commit their marks

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

; Each loop drains with an epilogue of D copies of its body.
; EPI-REMARK: remark: <unknown>:0:0: drains with an epilogue of 1 copies of the body, so that no path skips a copy the loop's waits count; a trip count n below 2 takes a partial prologue and the last n copies of the epilogue
; EPI-REMARK: remark: <unknown>:0:0: drains with an epilogue of 2 copies of the body, so that no path skips a copy the loop's waits count; a trip count n below 3 takes a partial prologue and the last n copies of the epilogue
; EPI-REMARK: remark: <unknown>:0:0: drains with an epilogue of 3 copies of the body, so that no path skips a copy the loop's waits count; a trip count n below 4 takes a partial prologue and the last n copies of the epilogue
; EPI-REMARK: remark: <unknown>:0:0: drains with an epilogue of 3 copies of the body, so that no path skips a copy the loop's waits count; a trip count n below 4 takes a partial prologue and the last n copies of the epilogue
; EPI-REMARK: remark: <unknown>:0:0: drains with an epilogue of 3 copies of the body, so that no path skips a copy the loop's waits count; a trip count n below 4 takes a partial prologue and the last n copies of the epilogue
