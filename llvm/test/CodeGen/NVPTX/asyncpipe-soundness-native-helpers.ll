; Regression test (soundness): native cp.async has hardware semantics
; (llvm/docs/AsyncPipeModel.rst): one commit-group counter per thread, which
; any function may commit to or wait on. A kernel issues a cp.async, then
; calls helpers commit() and wait0(), then reads the shared word. Stock LLVM
; keeps "cp.async; commit_group; wait_group 0" at every -O level, and so must
; AsyncPipe: earlier versions applied the per-activation rule to the native
; intrinsics and deleted the commit and the wait (in opt -O2 after
; inlining, and in llc alone inside the noinline wait0()). UNSOUND shows it
; with the testing-only option that restores those rules.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.llc.ptx
; RUN: FileCheck %s --check-prefixes=PTX,CALLS < %t.llc.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.llc.ptx -o /dev/null %}
; RUN: %opt -passes='default<O0>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O0 -o %t.o0.ptx
; RUN: FileCheck %s --check-prefixes=PTX,CALLS < %t.o0.ptx
; RUN: %opt -passes='default<O1>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o1.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED < %t.o1.ptx
; RUN: %opt -passes='default<O2>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o2.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED < %t.o2.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.o2.ptx -o /dev/null %}
; RUN: %opt -passes='default<O3>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o3.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED < %t.o3.ptx
; Stock opt and llc agree with every line above.
; RUN: opt -passes='default<O2>' %s | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.stock.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED < %t.stock.ptx
; RUN: %opt -passes='default<O2>' %s -asyncpipe-unsound-legacy-model-for-testing \
; RUN:   | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 \
; RUN:     -asyncpipe-unsound-legacy-model-for-testing -o %t.unsound.ptx
; RUN: FileCheck %s --check-prefix=UNSOUND < %t.unsound.ptx
; REQUIRES: nvptx-registered-target

target triple = "nvptx64-nvidia-cuda"

@smem = internal addrspace(3) global [32 x i32] undef, align 16

define internal void @commit() {
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}
define internal void @wait0() {
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ret void
}

; PTX-LABEL: .visible .entry inlinable_helpers(
; CALLS:         cp.async.ca.shared.global [smem], [{{%rd[0-9]+}}], 4;
; CALLS:         call.uni commit,
; CALLS:         call.uni wait0,
; CALLS:         ld.shared.b32
; INLINED:       cp.async.ca.shared.global [smem], [{{%rd[0-9]+}}], 4;
; INLINED:       cp.async.commit_group;
; INLINED-NEXT:  cp.async.wait_group 0;
; INLINED-NEXT:  ld.shared.b32
; UNSOUND-LABEL: .visible .entry inlinable_helpers(
; UNSOUND:       cp.async.ca.shared.global
; UNSOUND-NOT:   cp.async.commit_group
; UNSOUND-NOT:   cp.async.wait
; UNSOUND:       ld.shared.b32
define ptx_kernel void @inlinable_helpers(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @smem, ptr addrspace(1) %g)
  call void @commit()
  call void @wait0()
  %v = load i32, ptr addrspace(3) @smem
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; noinline helpers stay calls at every -O level: the commit and the
; wait_group 0 inside them must survive (llc alone used to delete the wait).
define internal void @commit_noinline() noinline {
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}
define internal void @wait0_noinline() noinline {
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ret void
}
; PTX-LABEL: .func commit_noinline()
; PTX:         cp.async.commit_group;
; PTX-LABEL: .func wait0_noinline()
; PTX:         cp.async.wait_group 0;
; PTX-NEXT:    ret;
; PTX-LABEL: .visible .entry noinline_helpers(
; PTX:         cp.async.ca.shared.global [smem+4], [{{%rd[0-9]+}}], 4;
; PTX:         call.uni commit_noinline,
; PTX:         call.uni wait0_noinline,
; PTX:         ld.shared.b32
define ptx_kernel void @noinline_helpers(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %s = getelementptr i8, ptr addrspace(3) @smem, i32 4
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @commit_noinline()
  call void @wait0_noinline()
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Helpers called in a loop: each iteration commits and waits for its copy.
; PTX-LABEL: .visible .entry helpers_in_loop(
; CALLS:         call.uni commit,
; CALLS:         call.uni wait0,
; INLINED:       cp.async.ca.shared.global
; INLINED:       cp.async.commit_group;
; INLINED-NEXT:  cp.async.wait_group 0;
; INLINED-NEXT:  ld.volatile.shared.b32
define ptx_kernel void @helpers_in_loop(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %gi = getelementptr i32, ptr addrspace(1) %g, i32 %i
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @smem, ptr addrspace(1) %gi)
  call void @commit()
  call void @wait0()
  %v = load volatile i32, ptr addrspace(3) @smem
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o
  call void @llvm.nvvm.barrier0()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.barrier0()
