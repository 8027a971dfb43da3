; The one mark analysis (AsyncMarkAnalysis) on the shapes that stress a
; dataflow: a loop that adds marks (unbounded, so nothing is removed), a loop
; that only waits and marks (bounded), irreducible control flow, and the two
; semantic kinds (llvm/docs/AsyncPipeModel.rst). Each line gives [min, max]
; outstanding marks before the operation, per kind.
; RUN: %opt -passes='print<asyncpipe-marks>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: Outstanding marks in 'adds_marks':
; CHECK-NEXT: asyncpipe.mark: activation [0, unbounded], hardware [0, unbounded] uncommitted
; CHECK-NEXT: asyncpipe.wait: activation [1, unbounded], hardware [1, unbounded]
define void @adds_marks(i1 %c) {
entry:
  br label %loop
loop:
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 7)
  ret void
}

; CHECK-LABEL: Outstanding marks in 'waits_and_marks':
; CHECK-NEXT: asyncpipe.wait: activation [0, 1] uncommitted, hardware [0, unbounded] uncommitted
; CHECK-NEXT: asyncpipe.mark: activation [0, 0] uncommitted, hardware [0, unbounded] uncommitted
; CHECK-NEXT: asyncpipe.wait: activation [1, 1], hardware [1, unbounded] uncommitted, redundant: rule W1 (activation): at most 1 marks of this function can be outstanding here on any path
define void @waits_and_marks(ptr %s, ptr %g, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  br label %loop
loop:
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 1)
  ret void
}

; CHECK-LABEL: Outstanding marks in 'irreducible':
; CHECK-NEXT: asyncpipe.mark: activation [0, 3], hardware [0, unbounded] uncommitted
; CHECK-NEXT: asyncpipe.wait: activation [1, 4], hardware [1, unbounded] uncommitted{{$}}
; CHECK-NEXT: asyncpipe.mark: activation [0, 2], hardware [0, unbounded] uncommitted
; CHECK-NEXT: asyncpipe.wait: activation [1, 3], hardware [1, unbounded] uncommitted, redundant: rule W1 (activation): at most 3 marks of this function can be outstanding here on any path
define void @irreducible(i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  br i1 %d, label %b, label %exit
b:
  call void @asyncpipe.mark()
  br i1 %d, label %a, label %exit
exit:
  call void @asyncpipe.wait(i32 3)
  ret void
}

; A portable mark counts on the hardware counter, but does not commit the
; copies before it for a native wait_all: on the host runtime it is no
; commit_group, so the second wait_all still has a copy to wait for (it was
; removed by rule W2, and the program read the tile before its copy).
; CHECK-LABEL: Outstanding marks in 'portable_mark_native_wait_all':
; CHECK-NEXT: llvm.nvvm.cp.async.wait.all: activation [0, 0], hardware [0, 0], redundant: rule W2
; CHECK-NEXT: asyncpipe.mark: activation [0, 0] uncommitted, hardware [0, 0] uncommitted{{$}}
; CHECK-NEXT: llvm.nvvm.cp.async.wait.group: activation [1, 1], hardware [1, 1] uncommitted{{$}}
; CHECK-NEXT: llvm.nvvm.cp.async.wait.all: activation [1, 1], hardware [0, 0] uncommitted{{$}}
define ptx_kernel void @portable_mark_native_wait_all(ptr %s, ptr %g) {
  call void @llvm.nvvm.cp.async.wait.all()
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; Native waits in a kernel: the counter starts empty; a call makes it unknown.
; CHECK-LABEL: Outstanding marks in 'native_kernel':
; CHECK-NEXT: llvm.nvvm.cp.async.commit.group: activation [0, 0], hardware [0, 0]
; CHECK-NEXT: llvm.nvvm.cp.async.wait.group: activation [0, 0], hardware [1, 1], redundant: rule W2 (native counter): at most 1 cp.async groups can be pending here on every path (counted from the kernel's start or an earlier native wait, with no call or unrecognized cp.async assembly since)
; CHECK-NEXT: llvm.nvvm.cp.async.wait.group: activation [0, 0] uncommitted, hardware [0, unbounded] uncommitted
define ptx_kernel void @native_kernel() {
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  call void @external()
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @external()
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
