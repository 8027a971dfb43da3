; asyncpipe-lower asks the one mark analysis about every wait of a function
; that uses queues before it rewrites any call. Asked while lowering, the
; analysis read marks and waits already erased (a crash in a block of more
; than 16 of them, found by the random programs of
; utils/asyncpipe_randir.py --with queues) and lost the blocks that
; splitting a merged copy cuts (the wait then fell back to its own count).
; RUN: %opt -passes=asyncpipe-lower -S %s -pass-remarks=asyncpipe \
; RUN:   -pass-remarks-analysis=asyncpipe -pass-remarks-missed=asyncpipe \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

target triple = "nvptx64-nvidia-cuda"

@lds = internal addrspace(3) global [512 x i32] poison

; Ten copies, each committed to queue 0 or 1 in turn and waited for with
; one group of its queue left: the first wait of each queue waits for
; nothing, every later one for the combined count 2.
; REMARK-COUNT-2: remark: <unknown>:0:0: wait for at most 1 outstanding marks of queue {{[01]}} removed: rule W1 (activation, queue {{[01]}})
; REMARK-COUNT-8: remark: <unknown>:0:0: wait of queue {{[01]}} leaving 1 of its marks: 2 marks of all queues follow its mark on every path; waiting for at most 2 outstanding marks
; CHECK-LABEL: define void @many(
; CHECK-COUNT-8: call void @llvm.nvvm.cp.async.wait.group(i32 2)
; CHECK-NOT:     @llvm.nvvm.cp.async.wait
; CHECK:         ret void
define void @many(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 0), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 32), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 48), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 64), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 80), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 96), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 112), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 128), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 144), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; The wait's block is cut when the merged copy before it is split by size:
; still the combined count, 1 (queue 1's mark follows queue 0's).
; REMARK: remark: <unknown>:0:0: wait of queue 0 leaving 0 of its marks: 1 marks of all queues follow its mark on every path; waiting for at most 1 outstanding marks
; CHECK-LABEL: define void @split(
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 1)
define void @split(ptr addrspace(1) %g, i1 %c) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  %size = select i1 %c, i32 8, i32 16
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 %size, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 0, i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
