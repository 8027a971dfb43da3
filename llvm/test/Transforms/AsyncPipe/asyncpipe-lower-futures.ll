; asyncpipe-lower-futures lowers each wait on a future to a counting wait:
; the fewest marks issued after the future's mark on any path reaching the
; wait, through PHIs (swap, rotate) and selects (llvm/docs/AsyncPipeFutures.rst).
; RUN: %opt -passes=asyncpipe-lower-futures -S %s -pass-remarks=asyncpipe \
; RUN:   -pass-remarks-missed=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; asyncpipe-lower lowers futures first, so they never reach a target.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=NVPTX

; Straight-line code: each wait on a future leaves the marks made after the
; future's mark outstanding.
; CHECK-LABEL: define void @straight_line(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK-NEXT:    load volatile
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    load volatile
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    load volatile
; CHECK-NEXT:    ret void
; REMARK: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 2 outstanding marks: the fewest marks issued after its mark on any path
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks
; NVPTX-LABEL: define void @straight_line(
; NVPTX-COUNT-3: call void @llvm.nvvm.cp.async.commit.group()
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 2)
; NVPTX-NEXT:    load volatile
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; NVPTX-NEXT:    load volatile
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
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
; CHECK-LABEL: define void @swap_loop(
; CHECK:       entry:
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    %read = phi ptr addrspace(3)
; CHECK-NEXT:    %fill = phi ptr addrspace(3)
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK:       exit:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks
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
; CHECK-LABEL: define void @rotate3(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK:       exit:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    load volatile
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 2 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks
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
; CHECK-LABEL: define void @rotate4(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; CHECK:       exit:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK-NEXT:    load volatile
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    load volatile
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 3 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 2 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks
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
; In the loop, lhs's future of the previous bunch has rhs's and this bunch's
; two marks after it; in the epilogue, either arm of the select may be the
; last bunch, which the minimum over arms waits for exactly.
; CHECK-LABEL: define void @ele_add(
; CHECK:       loop:
; CHECK-NEXT:    %y = phi i32
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
; CHECK-NEXT:    call void @asyncpipe.wait(i32 2)
; CHECK:       epilogue:
; CHECK-NEXT:    %parity = and i32 %ny, 1
; CHECK-NEXT:    %odd = icmp ne i32 %parity, 0
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 3 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 2 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks
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

; The dummy future on every path: the wait waits for nothing and goes.
; A select between a future and the dummy waits for the future.
define void @dummy_futures(i1 %c) {
; CHECK-LABEL: define void @dummy_futures(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    ret void
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future removed: it is the dummy future (asyncpipe.future.any) on every path, which waits for nothing (rule W1: no mark of this function)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
  %any = call i32 @asyncpipe.future.any()
  call void @asyncpipe.wait.future(i32 %any)
  %f = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.mark()
  %either = select i1 %c, i32 %f, i32 %any
  call void @asyncpipe.wait.future(i32 %either)
  ret void
}

; Paths with different numbers of marks: the fewest decides.
define void @fewest_marks_on_any_path(i1 %c) {
; CHECK-LABEL: define void @fewest_marks_on_any_path(
; CHECK:       join:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks
entry:
  %f = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.mark()
  br label %join
join:
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}

; A future kept in memory may have been stored by another activation (an
; earlier call, a callee), whose marks no wait here counts. Its mark came
; before the load, so a mark added right after the load (the anchor) covers
; it, and the wait counts from there.
define void @future_in_memory(ptr %slot) {
; CHECK-LABEL: define void @future_in_memory(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    store i32 0, ptr %slot
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    %loaded = load i32, ptr %slot
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks: the fewest marks issued after its mark on any path; it comes from memory (a load), so it may name a mark of another activation: counted from a mark added where it appears
  %f = call i32 @asyncpipe.mark.future()
  store i32 %f, ptr %slot
  call void @asyncpipe.mark()
  %loaded = load i32, ptr %slot
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.future(i32 %loaded)
  ret void
}

; A future returned by a call names the callee's mark, of another
; activation: the anchor goes right after the call.
define void @future_from_call() {
; CHECK-LABEL: define void @future_from_call(
; CHECK-NEXT:    %f = call i32 @make_future()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks: the fewest marks issued after its mark on any path; it comes from a call or computation, so it may name a mark of another activation: counted from a mark added where it appears
  %f = call i32 @make_future()
  call void @asyncpipe.copy(ptr addrspace(3) null, ptr addrspace(1) null, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}

; A future passed in as an argument names a caller's mark: the anchor goes at
; the entry, before anything this function issues, and the same anchor
; serves every use. A select of it with a future of this function, and a
; freeze of it, are followed to it; a constant future gets its anchor where
; it is used.
define void @future_from_argument(i32 %arg, i1 %c) {
; CHECK-LABEL: define void @future_from_argument(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    %frozen = freeze i32 %arg
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    ret void
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 1 outstanding marks: the fewest marks issued after its mark on any path; it comes from an argument, so it may name a mark of another activation: counted from a mark added where it appears
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks: the fewest marks issued after its mark on any path; it comes from a call or computation, so it may name a mark of another activation: counted from a mark added where it appears
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks: the fewest marks issued after its mark on any path; it comes from a constant, so it may name a mark of another activation: counted from a mark added where it appears
entry:
  call void @asyncpipe.copy(ptr addrspace(3) null, ptr addrspace(1) null, i32 4, i32 0)
  %own = call i32 @asyncpipe.mark.future()
  %either = select i1 %c, i32 %arg, i32 %own
  %frozen = freeze i32 %arg
  call void @asyncpipe.wait.future(i32 %either)
  call void @asyncpipe.wait.future(i32 %frozen)
  call void @asyncpipe.wait.future(i32 7)
  ret void
}

; A future that is an invoke's result gets its anchor where it is used: on
; the invoke's normal edge, before the PHI's incoming block ends.
define void @future_from_invoke(i1 %c) personality ptr @personality {
; CHECK-LABEL: define void @future_from_invoke(
; CHECK:       made:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks: the fewest marks issued after its mark on any path; it comes from a call or computation, so it may name a mark of another activation: counted from a mark added where it appears
entry:
  %own = call i32 @asyncpipe.mark.future()
  br i1 %c, label %call, label %join
call:
  %f = invoke i32 @make_future() to label %made unwind label %lp
made:
  br label %join
join:
  %p = phi i32 [ %own, %entry ], [ %f, %made ]
  call void @asyncpipe.wait.future(i32 %p)
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
; An invoke's result that a PHI takes straight from the invoke's block exists
; only on the edge: no anchor can stand after it there, so the wait gets one
; right before it (a wait for 0 after a mark, which covers every copy issued
; before the wait). Put before the invoke, the anchor would precede the
; callee's mark.
define void @future_from_invoke_edge(i1 %c) personality ptr @personality {
; CHECK-LABEL: define void @future_from_invoke_edge(
; CHECK:       call:
; CHECK-NEXT:    %f = invoke i32 @make_future()
; CHECK:       join:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks: the fewest marks issued after its mark on any path; it comes from a call or computation, so it may name a mark of another activation: counted from a mark added where it appears
entry:
  %own = call i32 @asyncpipe.mark.future()
  br i1 %c, label %call, label %join
call:
  %f = invoke i32 @make_future() to label %join unwind label %lp
join:
  %p = phi i32 [ %own, %entry ], [ %f, %call ]
  call void @asyncpipe.wait.future(i32 %p)
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; A constant a PHI takes from a block that ends in a catchswitch: nothing may
; stand before the catchswitch, so the wait gets the anchor, and it keeps
; the cleanup funclet's bundle (WinEHPrepare drops a call in a funclet
; without one).
define void @future_after_catchswitch(i32 %x) personality ptr @personality {
; CHECK-LABEL: define void @future_after_catchswitch(
; CHECK:       cleanup:
; CHECK-NEXT:    %p = phi i32
; CHECK-NEXT:    %cp = cleanuppad within none []
; CHECK-NEXT:    call void @asyncpipe.mark() [ "funclet"(token %cp) ]
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0) [ "funclet"(token %cp) ]
; REMARK-NEXT: remark: <unknown>:0:0: wait on a future lowered to a wait for at most 0 outstanding marks: the fewest marks issued after its mark on any path; it comes from an argument and a constant, so it may name a mark of another activation: counted from a mark added where it appears
entry:
  invoke void @may_throw() to label %cont unwind label %dispatch
cont:
  invoke void @may_throw() to label %exit unwind label %cleanup
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %c = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %c to label %exit
cleanup:
  %p = phi i32 [ 7, %dispatch ], [ %x, %cont ]
  %cp = cleanuppad within none []
  call void @asyncpipe.wait.future(i32 %p) [ "funclet"(token %cp) ]
  cleanupret from %cp unwind to caller
exit:
  ret void
}

; A future that leaves the function is a constant once its mark is a plain
; mark, not poison: packed with other data (a returned struct in one i64),
; poison would spread to the data.
define i64 @future_packed(i32 %i) {
; CHECK-LABEL: define i64 @future_packed(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    %lo = zext i32 0 to i64
; CHECK:         ret i64 %packed
  %f = call i32 @asyncpipe.mark.future()
  %lo = zext i32 %f to i64
  %wide = zext i32 %i to i64
  %hi = shl i64 %wide, 32
  %packed = or i64 %hi, %lo
  ret i64 %packed
}
; REMARK-NOT: remark

declare void @may_throw()
declare i32 @make_future()
declare i32 @personality(...)
declare void @asyncpipe.mark()
