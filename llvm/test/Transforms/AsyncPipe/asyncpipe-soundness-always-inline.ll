; Regression test (soundness): an always_inline helper stage() that copies,
; marks and waits, called twice by a kernel that then reads the first
; stage's buffer (the shape asyncpipe/pipeline.h and AsyncPipeClang.rst tell
; users to write). An always_inline function is part of its caller
; (llvm/docs/AsyncPipeModel.rst), so every -O level must give what -O0
; gives: two copies and commits, then a wait that completes the first stage
; before the load, and the final wait. Earlier versions ran asyncpipe-elim
; and asyncpipe-bind-waits before the always-inliner and deleted every wait
; and commit at -O1..-O3 (UNSOUND below shows it with the testing-only
; option that restores those rules).
; RUN: %opt -passes='default<O0>' -S %s | FileCheck %s --check-prefixes=CHECK,O0
; RUN: %opt -passes='default<O1>' -S %s | FileCheck %s --check-prefixes=CHECK,O123
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s --check-prefixes=CHECK,O123
; RUN: %opt -passes='default<O3>' -S %s | FileCheck %s --check-prefixes=CHECK,O123
; RUN: %opt -passes='default<O2>' -S %s \
; RUN:   -asyncpipe-unsound-legacy-model-for-testing | FileCheck %s --check-prefix=UNSOUND
; RUN: %opt -passes='default<O2>' %s -o - | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
; REQUIRES: nvptx-registered-target

target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [64 x i32] undef, align 16

define internal void @stage(ptr addrspace(3) %s, ptr addrspace(1) %g) #0 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_stages(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @buf,
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{.+}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    load i32, ptr addrspace(3) @buf
; CHECK:         call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    ret void
; UNSOUND-LABEL: define ptx_kernel void @two_stages(
; UNSOUND-NOT:     call void @llvm.nvvm.cp.async.wait
; UNSOUND:         ret void
; PTX-LABEL: .visible .entry two_stages(
; PTX:         cp.async.ca.shared.global [buf], [{{%rd[0-9]+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.ca.shared.global [buf+128], [{{%rd[0-9]+}}+128], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 1;
; PTX-NEXT:    ld.shared.b32
; PTX:         cp.async.wait_all;
define ptx_kernel void @two_stages(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %s1 = getelementptr i8, ptr addrspace(3) @buf, i32 128
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 128
  call void @stage(ptr addrspace(3) @buf, ptr addrspace(1) %g)
  call void @stage(ptr addrspace(3) %s1, ptr addrspace(1) %g1)
  %v = load i32, ptr addrspace(3) @buf
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The same helper called in a loop: each iteration's load still follows a
; wait that completes its first stage.
; CHECK-LABEL: define ptx_kernel void @stages_in_loop(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    load i32, ptr addrspace(3) @buf
; CHECK:         call void @llvm.nvvm.cp.async.wait.all()
; PTX-LABEL: .visible .entry stages_in_loop(
; PTX:         cp.async.commit_group;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 1;
; PTX-NEXT:    ld.shared.b32
define ptx_kernel void @stages_in_loop(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n) {
entry:
  %s1 = getelementptr i8, ptr addrspace(3) @buf, i32 128
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %off = mul i32 %i, 256
  %off64 = zext i32 %off to i64
  %ga = getelementptr i8, ptr addrspace(1) %g, i64 %off64
  %gb = getelementptr i8, ptr addrspace(1) %ga, i64 128
  call void @stage(ptr addrspace(3) @buf, ptr addrspace(1) %ga)
  call void @stage(ptr addrspace(3) %s1, ptr addrspace(1) %gb)
  %v = load i32, ptr addrspace(3) @buf
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o
  call void @asyncpipe.wait(i32 0)
  call void @llvm.nvvm.barrier0()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A helper that is not always_inline is its own activation in the model: its
; wait(1) counts only its own mark and waits for nothing, and the caller's
; read races with the copy (the program must wait in the caller). What
; matters here is that inlining it (-O1 and up) must not make its wait start
; counting the caller's marks. The caller's wait(0) completes the caller's
; own mark at every level: at -O0, after two calls that may commit any
; number of groups, with a wait_all; inlined, with wait_group 2, which leaves
; the helpers' two groups (their marks, commit_groups on NVPTX, are kept:
; rule M1 does not remove a mark a native wait elsewhere may count).
; CHECK-LABEL: define ptx_kernel void @own_activation(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT:     call void @llvm.nvvm.cp.async.wait.group
; CHECK:         load i32, ptr addrspace(3) @buf
; O0:            call void @llvm.nvvm.cp.async.wait.all()
; O123:          call void @llvm.nvvm.cp.async.wait.group(i32 2)
define internal void @stage_noinline(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}
define ptx_kernel void @own_activation(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %s1 = getelementptr i8, ptr addrspace(3) @buf, i32 128
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 128
  call void @asyncpipe.mark()
  call void @stage_noinline(ptr addrspace(3) @buf, ptr addrspace(1) %g)
  call void @stage_noinline(ptr addrspace(3) %s1, ptr addrspace(1) %g1)
  %v = load i32, ptr addrspace(3) @buf
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.nvvm.barrier0()

attributes #0 = { alwaysinline }
