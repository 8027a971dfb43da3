; asyncpipe-bind-waits turns each counting wait into a wait on the future of
; the mark it waits for, so that inlining cannot change what it waits for
; (llvm/docs/AsyncPipeElimination.rst, "Inlining").
; RUN: %opt -passes=asyncpipe-bind-waits -S %s -pass-remarks-analysis=asyncpipe \
; RUN:   -pass-remarks-missed=asyncpipe 2>%t.remarks | FileCheck %s --check-prefix=BIND
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; Seed 003's example: bound before inlining, recounted after it, bar's wait
; still waits for mark B (2 marks, C and foo's A, are issued after B).
; RUN: %opt -passes='function(asyncpipe-bind-waits),cgscc(inline),function(asyncpipe-lower-futures)' \
; RUN:   -S %s | FileCheck %s --check-prefix=RECOUNT
; The stock inliner alone: bar's wait(1) now waits for C.
; RUN: opt -passes='cgscc(inline)' -S %s | FileCheck %s --check-prefix=STOCK
; The default pipeline does all of it with no extra flag; asyncpipe-elim also
; removes foo's mark A in foo itself, which no wait of foo observes.
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s --check-prefix=O2

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] poison

define internal void @foo() {
  call void @llvm.amdgcn.asyncmark()                  ; A
  ret void
}

define void @bar() {
  call void @llvm.amdgcn.asyncmark()                  ; B
  call void @llvm.amdgcn.asyncmark()                  ; C
  call void @foo()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}
; foo has no wait: nothing to bind.
; BIND-LABEL: define internal void @foo(
; BIND-NEXT:    call void @llvm.amdgcn.asyncmark()
; BIND-NEXT:    ret void
; BIND-LABEL: define void @bar(
; BIND-NEXT:    %mark = call i32 @asyncpipe.mark.future(), !asyncpipe.spelling [[MARK:![0-9]+]]
; BIND-NEXT:    %mark1 = call i32 @asyncpipe.mark.future(), !asyncpipe.spelling [[MARK]]
; BIND-NEXT:    call void @foo()
; BIND-NEXT:    call void @asyncpipe.wait.future(i32 %mark) #[[NOMERGE:[0-9]+]], !asyncpipe.spelling [[WAIT1:![0-9]+]]
; BIND-NEXT:    ret void
; REMARK: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(1) tied to the group it waits for, so that inlining a call that commits cannot change what it waits for

; RECOUNT-LABEL: define void @bar(
; RECOUNT-NEXT:    call void @llvm.amdgcn.asyncmark()
; RECOUNT-NEXT:    call void @llvm.amdgcn.asyncmark()
; RECOUNT-NEXT:    call void @llvm.amdgcn.asyncmark()
; RECOUNT-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 2)
; RECOUNT-NEXT:    ret void
; STOCK-LABEL: define void @bar(
; STOCK-NEXT:    call void @llvm.amdgcn.asyncmark()
; STOCK-NEXT:    call void @llvm.amdgcn.asyncmark()
; STOCK-NEXT:    call void @llvm.amdgcn.asyncmark()
; STOCK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; STOCK-NEXT:    ret void
; O2-LABEL: define void @bar(
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    tail call void @llvm.amdgcn.wait.asyncmark(i16 1)
; O2-NEXT:    ret void

; A callee whose mark its own wait observes on one path: the mark stays, and
; the caller's wait, recounted, waits for B with 2 marks after it.
define internal void @foo_waits_sometimes(ptr addrspace(1) %g, i1 %c) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br i1 %c, label %wait, label %done
wait:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %done
done:
  ret void
}

define void @bar_calls_waiting_callee(ptr addrspace(1) %g, i1 %c) {
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  call void @foo_waits_sometimes(ptr addrspace(1) %g, i1 %c)
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}
; BIND-LABEL: define internal void @foo_waits_sometimes(
; BIND-NEXT:    call void @llvm.amdgcn.global.load.async.lds(
; BIND-NEXT:    %mark = call i32 @asyncpipe.mark.future(), !asyncpipe.spelling [[MARK]]
; BIND:       wait:
; BIND-NEXT:    call void @asyncpipe.wait.future(i32 %mark) #[[NOMERGE]], !asyncpipe.spelling [[WAIT0:![0-9]+]]
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(0) tied to the group it waits for
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(1) tied to the group it waits for
; O2-LABEL: define void @bar_calls_waiting_callee(
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    tail call void @llvm.amdgcn.global.load.async.lds(
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    br i1 %c
; O2:         call void @llvm.amdgcn.wait.asyncmark(i16 0)
; O2:         tail call void @llvm.amdgcn.wait.asyncmark(i16 2)
; O2-NEXT:    ret void

; Loops: the mark before the loop and the previous iteration's reach the
; wait(1) through a PHI; after the loop, wait(0) names the last mark.
define void @loop_binding(i32 %n) {
entry:
  call void @llvm.amdgcn.asyncmark()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
; BIND-LABEL: define void @loop_binding(
; BIND:       entry:
; BIND-NEXT:    %mark = call i32 @asyncpipe.mark.future()
; BIND:       loop:
; BIND-NEXT:    %recent.mark.0 = phi i32 [ %mark, %entry ], [ %mark1, %loop ]
; BIND-NEXT:    %i = phi i32
; BIND-NEXT:    %mark1 = call i32 @asyncpipe.mark.future()
; BIND-NEXT:    call void @asyncpipe.wait.future(i32 %recent.mark.0) #[[NOMERGE]]
; BIND:       exit:
; BIND-NEXT:    call void @asyncpipe.wait.future(i32 %mark1) #[[NOMERGE]]
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(1) tied to the group it waits for
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(0) tied to the group it waits for

; Fewer marks than the count on a path: the dummy future there.
define void @fewer_marks_than_count(i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %join
join:
  call void @asyncpipe.wait(i32 1)
  call void @external()
  ret void
}
; BIND-LABEL: define void @fewer_marks_than_count(
; BIND:       entry:
; BIND-NEXT:    %no.mark = call i32 @asyncpipe.future.any()
; BIND:       join:
; BIND-NEXT:    %recent.mark.1 = phi i32 [ %mark, %then ], [ %no.mark, %entry ]
; BIND-NEXT:    call void @asyncpipe.wait.future(i32 %recent.mark.1) #[[NOMERGE]], !asyncpipe.spelling [[PORTABLE:![0-9]+]]
; REMARK-NEXT: remark: <unknown>:0:0: asyncpipe_wait(1) tied to the group it waits for

; A callee's own wait, inlined, is translated too: foo_calls_baz's wait(0)
; waits for its mark A; once baz is inlined into it, baz's mark Z follows A,
; so the wait becomes wait(1) (the stock inliner leaves wait(0), which also
; waits for Z). bar_nested's wait(1) waits for B: C, A and Z follow it,
; wait(3), which the wait(1) before it then makes redundant (asyncpipe-elim,
; at -O2), and with it B's and C's marks.
define internal void @baz(i1 %c) {
  call void @llvm.amdgcn.asyncmark()                 ; Z
  br i1 %c, label %wait, label %done
wait:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %done
done:
  ret void
}

define internal void @foo_calls_baz(i1 %c) {
  call void @llvm.amdgcn.asyncmark()                 ; A
  call void @baz(i1 %c)
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define void @bar_nested(i1 %c) {
  call void @llvm.amdgcn.asyncmark()                 ; B
  call void @llvm.amdgcn.asyncmark()                 ; C
  call void @foo_calls_baz(i1 %c)
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(0) tied to the group it waits for
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(0) tied to the group it waits for
; REMARK-NEXT: remark: <unknown>:0:0: __builtin_amdgcn_wait_asyncmark(1) tied to the group it waits for
; RECOUNT-LABEL: define void @bar_nested(
; RECOUNT-COUNT-4: call void @llvm.amdgcn.asyncmark()
; RECOUNT:         call void @llvm.amdgcn.wait.asyncmark(i16 0)
; RECOUNT:       foo_calls_baz.exit:
; RECOUNT-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; RECOUNT-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 3)
; RECOUNT-NEXT:    ret void
; STOCK-LABEL: define void @bar_nested(
; STOCK:       foo_calls_baz.exit:
; STOCK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
; STOCK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; STOCK-NEXT:    ret void
; O2-LABEL: define void @bar_nested(
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    tail call void @llvm.amdgcn.asyncmark()
; O2-NEXT:    br i1 %c
; O2:         call void @llvm.amdgcn.wait.asyncmark(i16 0)
; O2:       foo_calls_baz.exit:
; O2-NEXT:    tail call void @llvm.amdgcn.wait.asyncmark(i16 1)
; O2-NEXT:    ret void

; Negative: run-time counts stay counting waits, with a remark; kernels that
; call nothing cannot meet inlined marks and are left alone.
define void @runtime_count(i32 %n) {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 %n)
  ret void
}
; BIND-LABEL: define void @runtime_count(
; BIND-NEXT:    call void @asyncpipe.mark()
; BIND-NEXT:    call void @asyncpipe.wait(i32 %n)
; REMARK-NEXT: remark: <unknown>:0:0: wait not bound to a mark: its count is not a constant from 0 to 16; if a call is inlined before it, it may wait for the callee's marks too

define amdgpu_kernel void @leaf_kernel() {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}
; BIND-LABEL: define amdgpu_kernel void @leaf_kernel(
; BIND-NEXT:    call void @asyncpipe.mark()
; BIND-NEXT:    call void @asyncpipe.wait(i32 0)
; REMARK-NOT: remark

; Bound waits are nomerge: two waits for one future in two branches (a
; double-buffered loop's wait(1) after the next tile's mark and its
; last trip's wait(0)) must not be sunk into one, whose count
; lower-futures could only take as the fewest marks of the two paths
; (clang/test/CodeGenOpenCL/asyncpipe-last-trip-wait.cl).
; BIND: attributes #[[NOMERGE]] = { nomerge }
; BIND: [[MARK]] = !{!"llvm.amdgcn.asyncmark"}
; The count the user wrote rides along, for lower-futures' remark.
; BIND: [[WAIT1]] = !{!"llvm.amdgcn.wait.asyncmark", i16 1}
; BIND: [[WAIT0]] = !{!"llvm.amdgcn.wait.asyncmark", i16 0}
; BIND: [[PORTABLE]] = !{!"asyncpipe.wait", i32 1}

declare void @external()
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
