; asyncpipe-elim removes marks no wait can observe and waits that wait for
; nothing, in every spelling, along every path (llvm/docs/AsyncPipeElimination.rst).
; RUN: %opt -passes=asyncpipe-elim -S %s -pass-remarks=asyncpipe-elim \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; Rule 1 (positive): no mark reaches the wait.
; REMARK: remark: <unknown>:0:0: wait for at most 0 outstanding marks removed: rule W1 (activation): no mark of this function reaches it
define void @wait_without_mark(ptr %s, ptr %g) {
; CHECK-LABEL: define void @wait_without_mark(
; CHECK-NEXT:    ret void
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Rule 1 (positive): one mark outstanding at most, the wait allows one.
; Rule 3 (positive): the mark is then observed by no wait: removed.
; REMARK: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: rule W1 (activation): at most 1 marks of this function can be outstanding here on any path
; REMARK-NEXT: remark: <unknown>:0:0: mark removed: rule M1 (activation): no later wait of this function can observe it (every path returns, or reaches a wait that completes it anyway, first)
define void @wait_allows_all(ptr %s, ptr %g) {
; CHECK-LABEL: define void @wait_allows_all(
; CHECK-NEXT:    call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
; CHECK-NEXT:    ret void
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Negative: two marks, wait(1) waits for the first; both marks observed.
define void @wait_needed(ptr %s, ptr %g) {
; CHECK-LABEL: define void @wait_needed(
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    ret void
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Rule 2 (positive): an earlier, stronger wait with no mark in between.
; The first mark is completed by the wait(1) whether it exists or not (two
; marks follow it): rule 3 removes it.
; REMARK-NEXT: remark: <unknown>:0:0: wait for at most 2 outstanding marks removed: rule W1 (activation): at most 1 marks of this function can be outstanding here on any path
; REMARK-NEXT: remark: <unknown>:0:0: mark removed
define void @earlier_stronger_wait(ptr %s, ptr %g) {
; CHECK-LABEL: define void @earlier_stronger_wait(
; CHECK-NEXT:    call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; CHECK-NEXT:    store i32 0, ptr %s
; CHECK-NEXT:    ret void
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  store i32 0, ptr %s
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  ret void
}

; Negative: a mark between the waits; the later wait(1) is needed (it waits
; for the third mark), the earlier one too.
define void @mark_between_waits() {
; CHECK-LABEL: define void @mark_between_waits(
; CHECK-NEXT:    call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; CHECK-NEXT:    call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; CHECK-NEXT:    ret void
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

; Rule 2 across a join: the stronger wait is on both paths.
; REMARK-NEXT: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: rule W1 (activation): at most 1 marks of this function can be outstanding here on any path
define void @stronger_wait_on_every_path(i1 %c) {
; CHECK-LABEL: define void @stronger_wait_on_every_path(
; CHECK:       then:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    br label %join
; CHECK:       else:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    ret void
entry:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %else
then:
  call void @asyncpipe.wait(i32 0)
  br label %join
else:
  call void @asyncpipe.wait(i32 1)
  br label %join
join:
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Negative: the stronger wait is on one path only.
define void @stronger_wait_on_one_path(i1 %c) {
; CHECK-LABEL: define void @stronger_wait_on_one_path(
; CHECK:       then:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    ret void
entry:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.wait(i32 0)
  br label %join
join:
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Loops: in a double-buffered loop the wait(1) is needed on every iteration
; and the marks are observed; the drain's wait(0) is needed; a second wait(1)
; in the body right after the first is redundant, as is a wait(0) after the
; drain.
; REMARK-NEXT: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: rule W1 (activation): at most 1 marks of this function can be outstanding here on any path
; REMARK-NEXT: remark: <unknown>:0:0: wait for at most 0 outstanding marks removed: rule W1 (activation): an earlier wait completes every mark before it on every path
define void @double_buffer(ptr %s, ptr %g, i32 %n) {
; CHECK-LABEL: define void @double_buffer(
; CHECK:       entry:
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    load i32, ptr %s
; CHECK-NEXT:    %i.next = add
; CHECK-NEXT:    %more = icmp
; CHECK-NEXT:    br i1 %more
; CHECK:       exit:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    ret void
entry:
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr %s
  call void @asyncpipe.wait(i32 1)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Negative: a mark in a loop with no wait in the loop makes the count
; unbounded; the wait(3) after the loop stays, and so does the mark.
define void @unbounded_marks(i1 %c) {
; CHECK-LABEL: define void @unbounded_marks(
; CHECK:       loop:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK:       exit:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 3)
entry:
  br label %loop
loop:
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 3)
  ret void
}

; Rule M1: the first mark is completed by the wait(0) whatever happens to it
; (the second mark follows it); the second mark is observed by the wait(0).
; The third mark is followed only by a return.
; REMARK-NEXT: remark: <unknown>:0:0: mark removed
; REMARK-NEXT: remark: <unknown>:0:0: mark removed
define void @marks_completed_anyway() {
; CHECK-LABEL: define void @marks_completed_anyway(
; CHECK-NEXT:    call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
; CHECK-NEXT:    ret void
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.asyncmark()
  ret void
}

; The same with NVPTX's native commits: they have hardware semantics (one
; counter per thread, which the caller may wait on after the return), so no
; commit is ever removed by rule M1.
define void @native_commits_kept() {
; CHECK-LABEL: define void @native_commits_kept(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}

; A native wait with no commit before it in its function waits for groups
; its callers committed: kept (rule W1 would call it redundant). So is one
; after a call, which may commit.
define void @native_wait_in_helper() {
; CHECK-LABEL: define void @native_wait_in_helper(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    call void @external()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @external()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; Negative rule 3: the mark reaches a wait(1) with one mark after it on one
; path and none on the other; it is observed on the second.
define void @mark_observed_on_one_path(i1 %c) {
; CHECK-LABEL: define void @mark_observed_on_one_path(
; CHECK:       entry:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK:       then:
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK:       join:
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
entry:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.mark()
  br label %join
join:
  call void @asyncpipe.wait(i32 1)
  ret void
}

; NVPTX's cp.async.wait_all also waits for copies no commit covers: it stays
; after a wait_group 0 if a copy (or a call, which may copy) came between.
define void @wait_all_uncommitted(ptr addrspace(3) %s, ptr addrspace(1) %g) {
; CHECK-LABEL: define void @wait_all_uncommitted(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    call void @external()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.wait.all()
  call void @external()
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; ... and goes when nothing can be uncommitted.
; REMARK-NEXT: remark: <unknown>:0:0: wait for at most 0 outstanding marks removed: rule W2 (native counter): at most 0 cp.async groups can be pending here on every path (counted from the kernel's start or an earlier native wait, with no call or unrecognized cp.async assembly since)
define void @wait_all_redundant(ptr addrspace(3) %s, ptr addrspace(1) %g) {
; CHECK-LABEL: define void @wait_all_redundant(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; Calls: the callee's marks are its own. The caller's wait(1) still needs
; its two marks; the callee's mark has no wait in the callee: removed there.
; REMARK-NEXT: remark: <unknown>:0:0: mark removed
define void @callee_marks(ptr %s, ptr %g) {
; CHECK-LABEL: define void @callee_marks(
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    ret void
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  ret void
}
define void @caller(ptr %s, ptr %g) {
; CHECK-LABEL: define void @caller(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @callee_marks(
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    ret void
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @callee_marks(ptr %s, ptr %g)
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Negative: a run-time count observes every mark and is never removed.
define void @runtime_count(i32 %n) {
; CHECK-LABEL: define void @runtime_count(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 %n)
; CHECK-NEXT:    ret void
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 %n)
  ret void
}

; Futures: a mark whose future is waited on stays; one whose future is
; unused goes.
; REMARK-NEXT: remark: <unknown>:0:0: mark removed
define void @future_marks() {
; CHECK-LABEL: define void @future_marks(
; CHECK-NEXT:    %f = call i32 @asyncpipe.mark.future()
; CHECK-NEXT:    call void @asyncpipe.wait.future(i32 %f)
; CHECK-NEXT:    ret void
  %f = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.wait.future(i32 %f)
  %unused = call i32 @asyncpipe.mark.future()
  ret void
}

declare void @external()
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare i32 @asyncpipe.mark.future()
declare void @asyncpipe.wait.future(i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()

; Negative: a run-time count that is a select (the drain of a pipelined loop)
; and a negative constant count are never removed, and observe every mark.
define void @runtime_select_count(i1 %more) {
; CHECK-LABEL: define void @runtime_select_count(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    %keep = select i1 %more, i32 1, i32 0
; CHECK-NEXT:    call void @asyncpipe.wait(i32 %keep)
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 -1)
; CHECK-NEXT:    ret void
  call void @asyncpipe.mark()
  %keep = select i1 %more, i32 1, i32 0
  call void @asyncpipe.wait(i32 %keep)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 -1)
  ret void
}

; Rule 3 around a loop: the mark at the end of the body reaches, through the
; back edge, the next iteration's wait(0) with one mark after it (completed
; anyway) or the return: removed. Its copy is then covered by the next
; iteration's first mark, which that wait(0) completes.
; REMARK-NEXT: remark: <unknown>:0:0: mark removed
; REMARK-NOT: remark
define void @mark_before_backedge(ptr %s, ptr %g, i1 %c) {
; CHECK-LABEL: define void @mark_before_backedge(
; CHECK:       loop:
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
entry:
  br label %loop
loop:
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Inline PTX and the intrinsics share the thread's one counter.
; REMARK-NEXT: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 2" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups
; REMARK-NEXT: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: rule W2 (native counter): at most 1 cp.async groups
define void @mixed_with_intrinsics(ptr %src, i32 %smem) {
; CHECK-LABEL: define void @mixed_with_intrinsics(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 2)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  ret void
}
