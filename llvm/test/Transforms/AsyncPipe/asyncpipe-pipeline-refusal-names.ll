; The refusals that had no test, each with its remark name (-pass-remarks-output)
; and its text: a trip count wider than 64 bits, an async copy that reads a
; pipelined buffer with no wait for it, a wait scheduled before the group it
; waits for, a buffer shared with another function that a call may reach, a
; request an earlier pass lost with its loop, cp.async written as inline PTX
; with a 32-bit shared address, and a barrier needed on a target without an
; async target (so without a barrier to add). Each of those loops is left as
; it was. Also the missed remark of a subsumed wait that the mark analysis
; does not prove redundant (the loop is pipelined, the wait stays).
; RUN: split-file %s %t
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %t/host.ll \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline -pass-remarks-output=%t/host.yaml \
; RUN:   2>%t/host.remarks | FileCheck %s --check-prefix=HOST
; RUN: FileCheck %s --check-prefix=HOST-REMARK < %t/host.remarks
; RUN: FileCheck %s --check-prefix=HOST-NAME < %t/host.yaml
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S %t/nvptx.ll \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline -pass-remarks-output=%t/nvptx.yaml \
; RUN:   2>%t/nvptx.remarks | FileCheck %s --check-prefix=NVPTX
; RUN: FileCheck %s --check-prefix=NVPTX-REMARK < %t/nvptx.remarks
; RUN: FileCheck %s --check-prefix=NVPTX-NAME < %t/nvptx.yaml
; RUN: %opt -mtriple=spir64-unknown-unknown -passes=asyncpipe-pipeline -S %t/spir.ll \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline -pass-remarks-output=%t/spir.yaml \
; RUN:   2>%t/spir.remarks | FileCheck %s --check-prefix=UNCHANGED
; RUN: FileCheck %s --check-prefix=SPIR-REMARK < %t/spir.remarks
; RUN: FileCheck %s --check-prefix=SPIR-NAME < %t/spir.yaml

; HOST-NOT: asyncpipe.prologue
; HOST-NOT: x [16 x i32]]
; NVPTX-LABEL: define ptx_kernel void @inline_ptx(
; NVPTX-NOT: asyncpipe.prologue
; NVPTX-LABEL: define ptx_kernel void @subsumed_kept(
; NVPTX: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX: call void @llvm.nvvm.cp.async.wait.group(i32 2)
; NVPTX-NEXT: %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) @smem.kept, i32 %asyncpipe.offset
; NVPTX-NEXT: %v = load i32, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; NVPTX-NEXT: call void @_Z7barrierj(i32 1)
; NVPTX-NEXT: call void @llvm.nvvm.cp.async.wait.group(i32 2)
; UNCHANGED-NOT: asyncpipe.prologue
; UNCHANGED-NOT: x [16 x i32]]

; HOST-REMARK: remark: <unknown>:0:0: loop not pipelined: its trip count does not fit in 64 bits
; HOST-NAME: Name: TripCountTooWide
; HOST-NAME-NEXT: Function: wide_trip_count
; HOST-REMARK: remark: <unknown>:0:0: loop not pipelined: the async copy 'call' instruction reads the buffer 'buf.copy_read_not_waited' but nothing in the loop waits for that copy
; HOST-NAME: Name: CopyReadNotWaited
; HOST-NAME-NEXT: Function: copy_read_not_waited
; HOST-REMARK: remark: <unknown>:0:0: loop not pipelined: statement 1 is scheduled before the group (statement 0) it waits for
; HOST-NAME: Name: WaitBeforeGroup
; HOST-NAME-NEXT: Function: wait_before_group
; HOST-REMARK: remark: <unknown>:0:0: loop not pipelined: the buffer 'buf.shared_with_callee' is also used by other functions, which the call to 'opaque' may reach
; HOST-NAME: Name: BufferSharedWithCallee
; HOST-NAME-NEXT: Function: shared_with_callee
; HOST-REMARK: remark: <unknown>:0:0: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
; HOST-NAME: Name: RequestLost
; HOST-NAME-NEXT: Function: request_lost
; NVPTX-REMARK: remark: <unknown>:0:0: loop not pipelined: an async copy's shared-memory destination is not a pointer (cp.async written as inline PTX): use the AsyncPipe copy API in loops to pipeline
; NVPTX-NAME: Name: CopyDestinationNotPointer
; NVPTX-NAME-NEXT: Function: inline_ptx
; NVPTX-REMARK: remark: <unknown>:0:0: wait in statement 2 kept: the wait in statement 1 allows no more groups, but the mark analysis does not prove this one redundant on every path (for example, after a call the count of a hardware counter is unknown)
; NVPTX-NAME: Name: SubsumedWaitKept
; NVPTX-NAME-NEXT: Function: subsumed_kept
; SPIR-REMARK: remark: <unknown>:0:0: loop not pipelined: a barrier is needed and the target has none
; SPIR-NAME: Name: NoBarrier
; SPIR-NAME-NEXT: Function: no_barrier

;--- host.ll
@buf.wide_trip_count = internal global [16 x i32] zeroinitializer
@buf.copy_read_not_waited = internal global [16 x i32] zeroinitializer
@out.copy_read_not_waited = internal global [16 x i32] zeroinitializer
@buf.wait_before_group = internal global [16 x i32] zeroinitializer
@buf2.wait_before_group = internal global [16 x i32] zeroinitializer
@buf.shared_with_callee = internal global [16 x i32] zeroinitializer

; An i128 induction variable: the backedge-taken count is 128 bits wide.
define void @wide_trip_count(ptr noalias %a, ptr noalias %c, i128 %n) {
entry:
  br label %loop
loop:
  %i = phi i128 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i128 %i
  call void @asyncpipe.copy(ptr @buf.wide_trip_count, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.wide_trip_count
  store i32 %v, ptr %c
  %i.next = add i128 %i, 1
  %done = icmp eq i128 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; The second group copies out of the first one's buffer into memory nothing
; in the loop reads, so no wait in the loop covers that copy and its read of
; the buffer could still be in flight when the buffer is refilled.
define void @copy_read_not_waited(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.copy_read_not_waited, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.copy(ptr @out.copy_read_not_waited, ptr @buf.copy_read_not_waited, i32 4, i32 0)
  call void @asyncpipe.mark()
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; Statements: 0 copies into buf and marks, 1 waits and copies into buf2 and
; marks, 2 waits and reads both. The schedule puts the wait of statement 1
; in stage 0, before the group of statement 0 (stage 1) it waits for.
define i32 @wait_before_group(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.wait_before_group, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %src2 = getelementptr i32, ptr %b, i64 %i
  call void @asyncpipe.copy(ptr @buf2.wait_before_group, ptr %src2, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.wait_before_group
  %w = load i32, ptr @buf2.wait_before_group
  %sum = add i32 %v, %w
  %acc.next = add i32 %acc, %sum
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret i32 %acc.next
}

; The buffer is also used by another function, which the call in the loop
; may reach: a grown copy of its own would hide what it holds from it.
define void @shared_with_callee(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.shared_with_callee, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.shared_with_callee
  store i32 %v, ptr %c
  call void @opaque()
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

define i32 @reads_shared() {
  %v = load i32, ptr @buf.shared_with_callee
  ret i32 %v
}

; The function records request 0 (the annotation does, at PipelineStart),
; but no loop carries it any more.
define void @request_lost(ptr %c) !asyncpipe.pipeline.requests !3 {
entry:
  store i32 0, ptr %c
  ret void
}

declare void @opaque()
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!0 = distinct !{!0, !2}
!1 = distinct !{!1, !4}
!2 = !{!"asyncpipe.pipeline.stages", i32 2}
!3 = !{!5}
!4 = !{!"asyncpipe.pipeline.stage", i32 1, i32 0, i32 1}
!5 = !{i32 0}

;--- nvptx.ll
; cp.async written as inline PTX takes a 32-bit shared address: the pass
; cannot move it to another version of the buffer.
@smem = internal addrspace(3) global [16 x i32] undef, align 4

define ptx_kernel void @inline_ptx(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %smem = ptrtoint ptr addrspace(3) @smem to i32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr addrspace(1) %a, i32 %i
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %smem, ptr addrspace(1) %src)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  %v = load i32, ptr addrspace(3) @smem
  store i32 %v, ptr addrspace(1) %c
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; The second wait allows no more groups than the first and only a barrier
; lies between them, so the schedule proposes to remove it; but the wait
; counts groups on the hardware counter (native cp.async) and the barrier is
; a call (OpenCL's barrier() before libclc is linked), after which the mark
; analysis no longer knows the count: the wait stays.
@smem.kept = internal addrspace(3) global [16 x i32] undef, align 4

define ptx_kernel void @subsumed_kept(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %c, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr addrspace(1) %a, i32 %i
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @smem.kept, ptr addrspace(1) %src)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  %v = load i32, ptr addrspace(3) @smem.kept
  call void @_Z7barrierj(i32 1)
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  %w = load i32, ptr addrspace(3) getelementptr (i32, ptr addrspace(3) @smem.kept, i32 1)
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %c
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

declare void @_Z7barrierj(i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32 immarg)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
!2 = distinct !{!2, !3}
!3 = !{!"asyncpipe.pipeline.stages", i32 3}

;--- spir.ll
; SPIR-V has no async target: the loop's OpenCL barrier is known, but the
; refill of a version right after its last read would need a barrier the
; pass cannot add (the copy's group is read after the loop's only barrier).
@buf.no_barrier = internal global [16 x i32] zeroinitializer

define spir_kernel void @no_barrier(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.no_barrier, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @_Z7barrierj(i32 1)
  %v = load i32, ptr @buf.no_barrier
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

declare void @_Z7barrierj(i32)
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
