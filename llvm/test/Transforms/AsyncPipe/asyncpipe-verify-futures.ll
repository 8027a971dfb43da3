; -asyncpipe-verify-futures checks every wait on a future lowered to a count
; with an independent backward search for a path on which fewer marks than
; the count follow the future's mark. The correct lowering passes it
; silently; a deliberately wrong one (every count one too large, a testing
; only option) is reported at every wait, in opt and in llc. The AMDGPU
; checker (-amdgpu-enable-check-async-waits) cannot see this kind of mistake: it
; proves s_waitcnt sufficient for the counts it is given.
; RUN: %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -disable-output %s 2>&1 | count 0
; The shapes copy into one buffer again and again, so their reads do race
; with later copies (asyncpipe-race-check would say so): the warning is off.
; RUN: %opt -passes='default<O2>' -asyncpipe-verify-futures \
; RUN:   -asyncpipe-warn-async-race=false -disable-output %s 2>&1 | count 0
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -asyncpipe-verify-futures \
; RUN:   -asyncpipe-futures-miscount-for-testing=1 %s -o /dev/null 2>&1 | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: error: <unknown>:0:0: in function straight_line {{.*}}: wait on a future lowered to a wait for at most 3 outstanding marks, but a path reaches it with only 2 marks after the future's mark, which may still be outstanding
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} straight_line {{.*}} at most 2 outstanding marks, but a path reaches it with only 1 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} straight_line {{.*}} at most 1 outstanding marks, but a path reaches it with only 0 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} swap_loop {{.*}} at most 2 outstanding marks, but a path reaches it with only 1 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} swap_loop {{.*}} at most 1 outstanding marks, but a path reaches it with only 0 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate3 {{.*}} at most 3 outstanding marks, but a path reaches it with only 2 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate3 {{.*}} at most 2 outstanding marks, but a path reaches it with only 1 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate3 {{.*}} at most 1 outstanding marks, but a path reaches it with only 0 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate4 {{.*}} at most 4 outstanding marks, but a path reaches it with only 3 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate4 {{.*}} at most 3 outstanding marks, but a path reaches it with only 2 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate4 {{.*}} at most 2 outstanding marks, but a path reaches it with only 1 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} rotate4 {{.*}} at most 1 outstanding marks, but a path reaches it with only 0 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} ele_add {{.*}} at most 4 outstanding marks, but a path reaches it with only 3 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} ele_add {{.*}} at most 3 outstanding marks, but a path reaches it with only 2 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} ele_add {{.*}} at most 2 outstanding marks, but a path reaches it with only 1 marks
; CHECK-EMPTY:
; CHECK-NEXT: error: {{.*}} ele_add {{.*}} at most 1 outstanding marks, but a path reaches it with only 0 marks

target triple = "amdgcn-amd-amdhsa"

; Straight-line code: each wait on a future leaves the marks made after the
; future's mark outstanding.
define void @straight_line(ptr addrspace(3) %s, ptr addrspace(1) %g) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f1 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f2 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f3 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.wait.future(i32 %f1)
  %v1 = load volatile i32, ptr addrspace(3) %s
  call void @asyncpipe.wait.future(i32 %f2)
  %v2 = load volatile i32, ptr addrspace(3) %s
  call void @asyncpipe.wait.future(i32 %f3)
  %v3 = load volatile i32, ptr addrspace(3) %s
  ret void
}

; A double-buffered loop with swap: %cur is the future of the buffer read in
; this iteration, %next the one being filled; they swap every iteration.
define void @swap_loop(ptr addrspace(3) %a, ptr addrspace(3) %b, ptr addrspace(1) %g, i32 %n) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) %a, ptr addrspace(1) %g, i32 4, i32 0)
  %fa = call i32 @asyncpipe.mark.future()
  %none = call i32 @asyncpipe.future.any()
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %cur = phi i32 [ %fa, %entry ], [ %next, %loop ]
  %other = phi i32 [ %none, %entry ], [ %cur, %loop ]
  %read = phi ptr addrspace(3) [ %a, %entry ], [ %fill, %loop ]
  %fill = phi ptr addrspace(3) [ %b, %entry ], [ %read, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %fill, ptr addrspace(1) %g, i32 4, i32 0)
  %next = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.wait.future(i32 %cur)
  %v = load volatile i32, ptr addrspace(3) %read
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @asyncpipe.wait.future(i32 %next)
  %last = load volatile i32, ptr addrspace(3) %fill
  ret void
}

; rotate over 3 buffers: two copies in flight ahead of the one read.
define void @rotate3(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f0 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f1 = call i32 @asyncpipe.mark.future()
  br label %loop
loop:
  %i = phi i32 [ 2, %entry ], [ %i.next, %loop ]
  %r0 = phi i32 [ %f0, %entry ], [ %r1, %loop ]
  %r1 = phi i32 [ %f1, %entry ], [ %r2, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %r2 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.wait.future(i32 %r0)
  %v = load volatile i32, ptr addrspace(3) %s
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @asyncpipe.wait.future(i32 %r1)
  %d1 = load volatile i32, ptr addrspace(3) %s
  call void @asyncpipe.wait.future(i32 %r2)
  %d2 = load volatile i32, ptr addrspace(3) %s
  ret void
}

; rotate over 4 buffers: three copies in flight ahead of the one read.
define void @rotate4(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f0 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f1 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %f2 = call i32 @asyncpipe.mark.future()
  br label %loop
loop:
  %i = phi i32 [ 3, %entry ], [ %i.next, %loop ]
  %r0 = phi i32 [ %f0, %entry ], [ %r1, %loop ]
  %r1 = phi i32 [ %f1, %entry ], [ %r2, %loop ]
  %r2 = phi i32 [ %f2, %entry ], [ %r3, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  %r3 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.wait.future(i32 %r0)
  %v = load volatile i32, ptr addrspace(3) %s
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @asyncpipe.wait.future(i32 %r1)
  %d1 = load volatile i32, ptr addrspace(3) %s
  call void @asyncpipe.wait.future(i32 %r2)
  %d2 = load volatile i32, ptr addrspace(3) %s
  call void @asyncpipe.wait.future(i32 %r3)
  %d3 = load volatile i32, ptr addrspace(3) %s
  ret void
}

; Seed 002's ele_add: lhs and rhs double-buffered, one future each per
; bunch, dummy futures (dma.any) for the B buffers before the loop, swaps at
; the end of each iteration, and the epilogue selecting the last bunch's
; futures by the parity of the trip count.
define void @ele_add(ptr addrspace(3) %l, ptr addrspace(3) %r, ptr addrspace(1) %g, i32 %ny) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 4, i32 0)
  %lfA0 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %r, ptr addrspace(1) %g, i32 4, i32 0)
  %rfA0 = call i32 @asyncpipe.mark.future()
  %lfB0 = call i32 @asyncpipe.future.any()
  %rfB0 = call i32 @asyncpipe.future.any()
  %enter = icmp sgt i32 %ny, 1
  br i1 %enter, label %loop, label %epilogue
loop:
  %y = phi i32 [ 1, %entry ], [ %y.next, %loop ]
  %lfA = phi i32 [ %lfA0, %entry ], [ %lfB, %loop ]
  %rfA = phi i32 [ %rfA0, %entry ], [ %rfB, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 4, i32 0)
  %lfB = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %r, ptr addrspace(1) %g, i32 4, i32 0)
  %rfB = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.wait.future(i32 %lfA)
  call void @asyncpipe.wait.future(i32 %rfA)
  %lv = load volatile i32, ptr addrspace(3) %l
  %rv = load volatile i32, ptr addrspace(3) %r
  %y.next = add i32 %y, 1
  %more = icmp slt i32 %y.next, %ny
  br i1 %more, label %loop, label %epilogue
epilogue:
  ; After the swaps, A holds the last bunch's futures and B the one before.
  %lfA.x = phi i32 [ %lfA0, %entry ], [ %lfB, %loop ]
  %lfB.x = phi i32 [ %lfB0, %entry ], [ %lfA, %loop ]
  %rfA.x = phi i32 [ %rfA0, %entry ], [ %rfB, %loop ]
  %rfB.x = phi i32 [ %rfB0, %entry ], [ %rfA, %loop ]
  %parity = and i32 %ny, 1
  %odd = icmp ne i32 %parity, 0
  %lf = select i1 %odd, i32 %lfA.x, i32 %lfB.x
  %rf = select i1 %odd, i32 %rfA.x, i32 %rfB.x
  call void @asyncpipe.wait.future(i32 %lf)
  call void @asyncpipe.wait.future(i32 %rf)
  %le = load volatile i32, ptr addrspace(3) %l
  %re = load volatile i32, ptr addrspace(3) %r
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare i32 @asyncpipe.mark.future()
declare void @asyncpipe.wait.future(i32)
declare i32 @asyncpipe.future.any()
