; Native cp.async has hardware semantics (llvm/docs/AsyncPipeModel.rst): one
; commit-group counter per thread, which a callee's commits and waits act on
; like the caller's own. So inlining changes nothing about what a native
; wait_group counts, and AsyncPipe must leave exactly the commits and waits
; the call form has (CALL) and stock inlining keeps (STOCK): foo's commit
; stays (bar's wait_group 1 leaves that group, not B or C, pending) and no
; wait is recounted. Earlier versions applied the activation model here,
; deleted foo's commit and recounted the second wait to wait_group 2: the
; wait then left C pending while the kernel read it.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.call.ptx
; RUN: FileCheck %s --check-prefix=CALL < %t.call.ptx
; RUN: %ptxas -arch=sm_80 %t.call.ptx -o /dev/null
; RUN: %opt -passes='default<O2>' -asyncpipe-verify-futures %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.inlined.ptx
; RUN: FileCheck %s --check-prefix=INLINED < %t.inlined.ptx
; RUN: %ptxas -arch=sm_80 %t.inlined.ptx -o /dev/null
; RUN: opt -passes='cgscc(inline)' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.stock.ptx
; RUN: FileCheck %s --check-prefix=STOCK < %t.stock.ptx
; RUN: %ptxas -arch=sm_80 %t.stock.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

target triple = "nvptx64-nvidia-cuda"

@smem = internal addrspace(3) global [256 x i32] undef, align 16

define internal void @foo(ptr addrspace(1) %g) {
  %dst = getelementptr i8, ptr addrspace(3) @smem, i32 512
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %dst, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()                       ; A
  ret void
}

define ptx_kernel void @bar(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @smem, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()                       ; B
  %c.dst = getelementptr i8, ptr addrspace(3) @smem, i32 256
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %c.dst, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()                       ; C
  call void @foo(ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  %v = load i32, ptr addrspace(3) @smem
  store i32 %v, ptr addrspace(1) %out
  ret void
}
; CALL-LABEL: .visible .entry bar(
; CALL:         cp.async.commit_group;
; CALL:         cp.async.commit_group;
; CALL:         call.uni foo,
; CALL:         cp.async.wait_group 1;
; CALL-NEXT:    ld.shared.b32
; INLINED-LABEL: .visible .entry bar(
; INLINED:         cp.async.commit_group;
; INLINED:         cp.async.commit_group;
; INLINED-NEXT:    cp.async.ca.shared.global [smem+512], [{{%rd[0-9]+}}], 4;
; INLINED-NEXT:    cp.async.commit_group;
; INLINED-NEXT:    cp.async.wait_group 1;
; INLINED-NEXT:    ld.shared.b32
; STOCK-LABEL: .visible .entry bar(
; STOCK-COUNT-3: cp.async.commit_group;
; STOCK-NEXT:    cp.async.wait_group 1;

define internal void @foo_waits_sometimes(ptr addrspace(1) %g, i1 %c) {
  %dst = getelementptr i8, ptr addrspace(3) @smem, i32 512
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %dst, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  br i1 %c, label %wait, label %done
wait:
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  br label %done
done:
  ret void
}

define ptx_kernel void @bar_calls_waiting_callee(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @smem, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  %c.dst = getelementptr i8, ptr addrspace(3) @smem, i32 256
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %c.dst, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @foo_waits_sometimes(ptr addrspace(1) %g, i1 %c)
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  %v = load i32, ptr addrspace(3) @smem
  store i32 %v, ptr addrspace(1) %out
  ret void
}
; CALL-LABEL: .visible .entry bar_calls_waiting_callee(
; CALL:         call.uni foo_waits_sometimes,
; CALL:         cp.async.wait_group 1;
; CALL-NEXT:    ld.shared.b32
; INLINED-LABEL: .visible .entry bar_calls_waiting_callee(
; INLINED:         cp.async.commit_group;
; INLINED:         cp.async.commit_group;
; INLINED:         cp.async.commit_group;
; INLINED:         cp.async.wait_group 0;
; INLINED-NEXT:  $L__BB1_2:
; INLINED-NEXT:    cp.async.wait_group 1;
; INLINED-NEXT:    ld.shared.b32
; STOCK-LABEL: .visible .entry bar_calls_waiting_callee(
; STOCK:         cp.async.wait_group 0;
; STOCK-NEXT:  $L__BB1_2:
; STOCK-NEXT:    cp.async.wait_group 1;
; STOCK-NEXT:    ld.shared.b32

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
