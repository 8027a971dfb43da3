; A tile copied by an inner loop, with one mark after it: the copy loop and
; its guard (the copy region) run ahead as a whole. The prologue and the loop
; issue clones of the region for later iterations (their live-ins, here the
; tile's base, recomputed for that iteration, the copies moved to its buffer
; version), the original region is deleted, and every clone of the inner loop
; is a loop of LoopInfo (print<loops>, and -verify-loop-info compares with a
; fresh analysis). With the epilogue drain, the epilogue's copy, which issues
; nothing, has no clone of the copy loop left. The wait is proved by the mark
; analysis. Inner loops that cannot run ahead are refused by name.
; RUN: %opt -passes='asyncpipe-pipeline<drain=empty-groups>,print<loops>' \
; RUN:   -verify-loop-info -verify-dom-info -S %s \
; RUN:   -pass-remarks-analysis=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:   2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOOPS < %t.err
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %opt -passes='asyncpipe-pipeline<drain=epilogue>,print<loops>' \
; RUN:   -verify-loop-info -verify-dom-info -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=EPILOGUE
; RUN: %opt -passes=asyncpipe-pipeline -disable-output %s \
; RUN:   -pass-remarks-output=%t.yaml -pass-remarks-filter=asyncpipe-pipeline
; RUN: FileCheck %s --check-prefix=NAME < %t.yaml

target triple = "x86_64-unknown-linux-gnu"

@tile = internal global [64 x i32] undef
@tile.liveout = internal global [64 x i32] undef
@tile.cond = internal global [64 x i32] undef
@tile.exits = internal global [64 x i32] undef
@tile.callbr = internal global [64 x i32] undef

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

; CHECK: @tile = internal global [2 x [64 x i32]] undef
; CHECK: @tile.liveout = internal global [64 x i32] undef

; The prologue: the region for iteration 0 (base 0).
; CHECK-LABEL: define void @copy_loop(
; CHECK:       entry:
; CHECK:         br i1 %guard.ahead{{[0-9]+}}, label %copy.preheader.ahead{{[0-9]+}}, label %entry.split
; CHECK:       copy.ahead{{[0-9]+}}:
; CHECK-NEXT:    %k.ahead{{[0-9]+}} = phi i64
; CHECK-NEXT:    %off.ahead{{[0-9]+}} = add i64 0, %k.ahead
; CHECK:         call void @asyncpipe.copy(ptr %d.ahead{{[0-9]+}}, ptr %s.ahead{{[0-9]+}}, i32 4, i32 0)
; CHECK:       entry.split:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    br label %outer
; The loop: the region for iteration i + 1, if it exists, into the other
; version; the original region is gone.
; CHECK:       outer:
; CHECK-NOT:     call void @asyncpipe.copy
; CHECK:       asyncpipe.issue:
; CHECK-NEXT:    %base.ahead = mul i64 %asyncpipe.iter.ahead, 64
; CHECK-NEXT:    %guard.ahead = icmp sgt i64 %m, 0
; CHECK-NEXT:    br i1 %guard.ahead, label %copy.preheader.ahead, label %asyncpipe.issue.split
; CHECK:       copy.ahead:
; CHECK:         %off.ahead = add i64 %base.ahead, %k.ahead
; CHECK:         %asyncpipe.version.ptr2 = getelementptr i8, ptr %d.ahead, i32 %asyncpipe.offset1
; CHECK-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr2, ptr %s.ahead, i32 4, i32 0)
; CHECK:       asyncpipe.issued:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NOT:     call void @asyncpipe.copy
; CHECK:         ret void

; LOOPS-LABEL: Loop info for function 'copy_loop':
; LOOPS-NEXT: Loop at depth 1 containing: %outer<header>,%copied,%asyncpipe.issue,%copy.preheader.ahead,%copy.ahead,%copied.loopexit.ahead,%asyncpipe.issue.split,%asyncpipe.issued,%outer.latch<latch><exiting>
; LOOPS-NEXT:     Loop at depth 2 containing: %copy.ahead<header><latch><exiting>
; LOOPS-NEXT: Loop at depth 1 containing: %copy.ahead{{[0-9]+}}<header><latch><exiting>
; LOOPS-NEXT: {{^}}remark

; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 1 newer groups stay in flight, 1 of them its own (of 2 stages)

; The pipelined loop, the prologue's region and the short trip count's.
; EPILOGUE-LABEL: Loop info for function 'copy_loop':
; EPILOGUE-NEXT: Loop at depth 1 containing: %outer<header>,%copied,%copy.preheader.ahead,%copy.ahead,%copied.loopexit.ahead,%copied.split,%outer.latch<latch><exiting>
; EPILOGUE-NEXT:     Loop at depth 2 containing: %copy.ahead<header><latch><exiting>
; EPILOGUE-NEXT: Loop at depth 1 containing: %copy.ahead{{[0-9]+}}<header><latch><exiting>
; EPILOGUE-NEXT: Loop at depth 1 containing: %copy.ahead{{[0-9]+}}<header><latch><exiting>
; EPILOGUE-NEXT: Loop info for function 'live_out':

define void @copy_loop(ptr noalias %src, ptr noalias %out, i64 %n, i64 %m) {
entry:
  br label %outer
outer:
  %t = phi i64 [ 0, %entry ], [ %t.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %outer.latch ]
  %base = mul i64 %t, 64
  %guard = icmp sgt i64 %m, 0
  br i1 %guard, label %copy, label %copied
copy:
  %k = phi i64 [ 0, %outer ], [ %k.next, %copy ]
  %off = add i64 %base, %k
  %s = getelementptr i32, ptr %src, i64 %off
  %d = getelementptr [64 x i32], ptr @tile, i64 0, i64 %k
  call void @asyncpipe.copy(ptr %d, ptr %s, i32 4, i32 0)
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %copy, label %copied
copied:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @tile
  %acc.next = add i32 %acc, %v
  br label %outer.latch
outer.latch:
  %t.next = add i64 %t, 1
  %done = icmp eq i64 %t.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  store i32 %acc.next, ptr %out
  ret void
}


; The copy loop's last index is used after it.
; REMARK: remark: <unknown>:0:0: loop not pipelined: the inner loop at 'copy' issues async copies and 'k.next' computed there is used after it, so the loop cannot move to another iteration
; NAME: Name: CopyLoopLiveOut
; NAME-NEXT: Function: live_out
define void @live_out(ptr noalias %src, ptr noalias %out, i64 %n, i64 %m) {
entry:
  br label %outer
outer:
  %t = phi i64 [ 0, %entry ], [ %t.next, %copied ]
  %base = mul i64 %t, 64
  br label %copy
copy:
  %k = phi i64 [ 0, %outer ], [ %k.next, %copy ]
  %off = add i64 %base, %k
  %s = getelementptr i32, ptr %src, i64 %off
  %d = getelementptr [64 x i32], ptr @tile.liveout, i64 0, i64 %k
  call void @asyncpipe.copy(ptr %d, ptr %s, i32 4, i32 0)
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %copy, label %copied
copied:
  %last = phi i64 [ %k.next, %copy ]
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @tile.liveout
  %p = getelementptr i32, ptr %out, i64 %last
  store i32 %v, ptr %p
  %t.next = add i64 %t, 1
  %done = icmp eq i64 %t.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  ret void
}

; The guard also skips the mark.
; REMARK: remark: <unknown>:0:0: loop not pipelined: the mark 'call' instruction is conditional, so the marks of an iteration are not a constant
; NAME: Name: ConditionalMarkOrWait
; NAME-NEXT: Function: conditional_mark
define void @conditional_mark(ptr noalias %src, ptr noalias %out, i64 %n, i64 %m) {
entry:
  %guard = icmp sgt i64 %m, 0
  br label %outer
outer:
  %t = phi i64 [ 0, %entry ], [ %t.next, %latch ]
  %base = mul i64 %t, 64
  br i1 %guard, label %copy, label %latch
copy:
  %k = phi i64 [ 0, %outer ], [ %k.next, %copy ]
  %off = add i64 %base, %k
  %s = getelementptr i32, ptr %src, i64 %off
  %d = getelementptr [64 x i32], ptr @tile.cond, i64 0, i64 %k
  call void @asyncpipe.copy(ptr %d, ptr %s, i32 4, i32 0)
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %copy, label %copied
copied:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @tile.cond
  store i32 %v, ptr %out
  br label %latch
latch:
  %t.next = add i64 %t, 1
  %done = icmp eq i64 %t.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  ret void
}

; A copy loop with two exits that meet before the mark is one region too:
; its early exit is cloned with it.
; REMARK: remark: <unknown>:0:0: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 1 newer groups stay in flight, 1 of them its own (of 2 stages)
; CHECK-LABEL: define void @two_exits(
; CHECK:       early.ahead{{[0-9]+}}:
; CHECK:       asyncpipe.issue:
; CHECK:       early.ahead:
; CHECK-NOT:   early:
; CHECK:         ret void
define void @two_exits(ptr noalias %src, ptr noalias %out, i64 %n, i64 %m) {
entry:
  br label %outer
outer:
  %t = phi i64 [ 0, %entry ], [ %t.next, %copied ]
  %base = mul i64 %t, 64
  br label %copy
copy:
  %k = phi i64 [ 0, %outer ], [ %k.next, %next ]
  %off = add i64 %base, %k
  %s = getelementptr i32, ptr %src, i64 %off
  %d = getelementptr [64 x i32], ptr @tile.exits, i64 0, i64 %k
  call void @asyncpipe.copy(ptr %d, ptr %s, i32 4, i32 0)
  %k.next = add i64 %k, 1
  %stop = icmp eq i64 %k.next, 7
  br i1 %stop, label %early, label %next
next:
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %copy, label %copied
early:
  br label %copied
copied:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @tile.exits
  store i32 %v, ptr %out
  %t.next = add i64 %t, 1
  %done = icmp eq i64 %t.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  ret void
}


; A copy region whose entry block ends in asm goto (callbr): it is not entered
; from one place of the loop body that the pass can clone a branch of, so the
; loop is refused by name (the safeguard behind the loop-shape checks).
; REMARK: remark: <unknown>:0:0: loop not pipelined: the inner loop at 'copy' issues async copies but is not entered from one place and left to one place of the loop body
; NAME: Name: CopyLoopShape
; NAME-NEXT: Function: callbr_entry
define void @callbr_entry(ptr noalias %src, ptr noalias %out, i64 %n, i64 %m) {
entry:
  br label %outer
outer:
  %t = phi i64 [ 0, %entry ], [ %t.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %outer.latch ]
  %base = mul i64 %t, 64
    callbr void asm "", "!i"() to label %pre [label %copied]
pre:
  br label %copy
copy:
  %k = phi i64 [ 0, %pre ], [ %k.next, %copy ]
  %off = add i64 %base, %k
  %s = getelementptr i32, ptr %src, i64 %off
  %d = getelementptr [64 x i32], ptr @tile.callbr, i64 0, i64 %k
  call void @asyncpipe.copy(ptr %d, ptr %s, i32 4, i32 0)
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %copy, label %copied
copied:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @tile.callbr
  %acc.next = add i32 %acc, %v
  br label %outer.latch
outer.latch:
  %t.next = add i64 %t, 1
  %done = icmp eq i64 %t.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  store i32 %acc.next, ptr %out
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
