; Queues (llvm/docs/AsyncPipeModel.rst, "Queues"). On NVPTX every queue is on
; the one cp.async group counter: a queue's mark is a commit_group and a wait
; on queue q leaving n of its marks becomes wait_group K, K the fewest marks
; of any queue since q's (n+1)-th newest mark over all paths. On the host the
; queues stay apart (runtime calls per queue; queue 0 is the plain call).
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower -S %s \
; RUN:   -pass-remarks=asyncpipe -pass-remarks-missed=asyncpipe \
; RUN:   -pass-remarks-analysis=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=HOST
; Elimination removes a queue's wait only where that queue's marks prove it.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-elim -S %s \
; RUN:   -pass-remarks=asyncpipe 2>&1 | FileCheck %s --check-prefix=ELIM

; Queue 1's wait(0) follows one mark of queue 0 after queue 1's newest mark:
; wait_group 1. Queue 0's wait(0) then follows queue 1's mark: wait_group 1.
; CHECK-LABEL: define void @straight(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    ret void
; REMARK: remark: <unknown>:0:0: wait of queue 1 leaving 0 of its marks: 1 marks of all queues follow its mark on every path; waiting for at most 1 outstanding marks
; HOST-LABEL: define void @straight(
; HOST:          call void @__asyncpipe_rt_mark_queue(i32 1)
; HOST:          call void @__asyncpipe_rt_mark()
; HOST-NEXT:     call void @__asyncpipe_rt_wait_queue(i32 1, i64 0)
; HOST-NEXT:     call void @__asyncpipe_rt_mark_queue(i32 1)
; HOST-NEXT:     call void @__asyncpipe_rt_wait(i64 0)
define void @straight(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The marks of another queue between a queue's marks count: wait(1, 1) after
; q1, q0, q1 leaves the two newest (q0 and the last q1): wait_group 2, where
; the count of queue 1 alone would be 1.
; CHECK-LABEL: define void @interleaved(
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 2)
; REMARK: remark: <unknown>:0:0: wait of queue 1 leaving 1 of its marks: 2 marks of all queues follow its mark on every path; waiting for at most 2 outstanding marks
define void @interleaved() {
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  ret void
}

; Over paths: one path marks queue 0 twice after queue 1's mark, the other
; once: the fewest, 1.
; CHECK-LABEL: define void @paths(
; CHECK:       join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
define void @paths(i1 %c) {
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.mark.queue(i32 0)
  br i1 %c, label %more, label %join
more:
  call void @asyncpipe.mark.queue(i32 0)
  br label %join
join:
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

; In a loop the count holds for every iteration: the RFC's body, q0 then a
; wait on q0 leaving 1 (q1 of the last iteration and q0 since q0's 2nd
; newest: 2), q1 then a wait on q1 leaving 1 (2).
; CHECK-LABEL: define void @loop(
; CHECK:       body:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 2)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 2)
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
define void @loop(i32 %n) {
entry:
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.mark.queue(i32 1)
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  %next = add i32 %i, 1
  br label %header
exit:
  call void @asyncpipe.wait.queue(i32 0, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

; A wait on queue 1 that no mark of queue 1 reaches waits for nothing; one on
; queue 0 after queue 0's wait(0) too. The wait on queue 1 after queue 1's
; mark stays, though queue 0 was waited for.
; CHECK-LABEL: define void @redundant(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    ret void
; REMARK: remark: <unknown>:0:0: wait for at most 0 outstanding marks of queue 2 removed: rule W1 (activation, queue 2): no mark of queue 2 of this function reaches it
; REMARK: remark: <unknown>:0:0: wait for at most 0 outstanding marks of queue 0 removed: rule W1 (activation, queue 0): at most 0 marks of queue 0 of this function can be outstanding here on any path
; ELIM-LABEL: define void @redundant(
; ELIM-NEXT:    call void @asyncpipe.mark.queue(i32 0)
; ELIM-NEXT:    call void @asyncpipe.mark.queue(i32 1)
; ELIM-NEXT:    call void @asyncpipe.wait.queue(i32 0, i32 0)
; ELIM-NEXT:    call void @asyncpipe.wait.queue(i32 1, i32 0)
; ELIM-NEXT:    ret void
define void @redundant() {
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 2, i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 0)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

; Past the depth the analysis follows, the count is n, never more.
; CHECK-LABEL: define void @deep(
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 20)
; REMARK: remark: <unknown>:0:0: wait of queue 1 leaving 20 of its marks: counts past 15 are not followed; waiting for at most 20 outstanding marks of all queues
define void @deep(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.mark.queue(i32 0)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  call void @asyncpipe.wait.queue(i32 1, i32 20)
  ret void
}

; Queue 0 only, spelled with the queue: the plain lowering.
; CHECK-LABEL: define void @queue_zero(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    ret void
define void @queue_zero() {
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
