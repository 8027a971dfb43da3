; asyncpipe-elim on cp.async written as inline PTX (CUDA's <cuda_pipeline.h>,
; libcu++'s <cuda/pipeline>, hand-written): recognized statements are counted
; by the one mark analysis exactly as llvm.nvvm.cp.async.*, with hardware
; semantics (llvm/docs/AsyncPipeModel.rst, rule W2): a wait goes only when at
; most its count of groups can be pending on every path, counted from a
; kernel's start or an earlier native wait. Commits are never removed. A
; function holding cp.async assembly that is not recognized is left alone.
; (Inline PTX next to the intrinsics: asyncpipe-elim.ll.)
; RUN: %opt -passes=asyncpipe-elim -S %s -pass-remarks=asyncpipe-elim \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK --implicit-check-not=remark: < %t.remarks
; With recognition off every cp.async statement is opaque: nothing changes.
; RUN: %opt -asyncpipe-nvptx-inline-asm=false -passes=asyncpipe-elim -S %s \
; RUN:   -pass-remarks=asyncpipe-elim 2>&1 | FileCheck %s --check-prefix=OFF
; The result is valid PTX.
; RUN: %opt -passes=asyncpipe-elim %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.ptx
; RUN: %if ptxas %{ %ptxas -c -arch=sm_80 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

declare void @external()

; A kernel starts with no group pending: its first wait waits for nothing.
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 0" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups can be pending here on every path (counted from the kernel's start or an earlier native wait, with no call or unrecognized cp.async assembly since)
define ptx_kernel void @kernel_start(ptr addrspace(1) %src, i32 %smem) {
; CHECK-LABEL: define ptx_kernel void @kernel_start(
; CHECK-NEXT:    call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $3;"
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 %smem, ptr addrspace(1) %src, i64 4, i64 4)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; wait_group 1 right after wait_group 0 (libcu++'s "n" operand of type i8),
; and wait_group 3 (written as a literal) where at most 1 group can be
; pending; wait_group 1 after two commits stays.
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 1" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 3" removed: it waits for nothing: rule W2 (native counter): at most 1 cp.async groups
define void @weaker_after_stronger(ptr %src, i32 %smem) {
; CHECK-LABEL: define void @weaker_after_stronger(
; CHECK-NEXT:    call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;"
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 1)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 16)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 1)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 1)
  call void asm sideeffect "cp.async.wait_group 3;", ""()
  ret void
}

; wait_all after wait_group 0 with no copy between, and wait_group 0 after
; wait_all.
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_all" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 0" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups
define void @wait_all_forms(ptr %src, i32 %smem) {
; CHECK-LABEL: define void @wait_all_forms(
; CHECK-NEXT:    call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;"
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;"
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_all;", "~{memory}"()
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 8)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_all;", "~{memory}"()
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 8)
  call void asm sideeffect "cp.async.wait_all;", "~{memory}"()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; Over every path, loops included: the wait after the loop is redundant
; whether the loop runs or not.
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 1" removed: it waits for nothing: rule W2 (native counter): at most 1 cp.async groups
define void @loop(ptr %src, i32 %smem, i32 %n) {
; CHECK-LABEL: define void @loop(
; CHECK:       entry:
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK:       body:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    call void asm sideeffect "cp.async.ca.shared.global
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
; CHECK:       exit:
; CHECK-NEXT:    ret void
entry:
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  %skip = icmp eq i32 %n, 0
  br i1 %skip, label %exit, label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 4)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  ret void
}

; Rule M1 never removes a native commit, even one no wait of the function
; observes (a caller may wait for its group); a portable mark is observed by
; an inline wait (the hardware counter counts every mark), and counted by it.
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 0" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups
define ptx_kernel void @commits_and_marks(ptr addrspace(1) %src, i32 %smem) {
; CHECK-LABEL: define ptx_kernel void @commits_and_marks(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.ca.shared.global
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    ret void
  call void @asyncpipe.mark()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr addrspace(1) %src, i32 4)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.commit_group;", ""()
  ret void
}
declare void @asyncpipe.mark()

; Nothing is redundant in the functions below.

; A function that is not a kernel starts with any number of its callers'
; groups pending.
define void @not_a_kernel() {
; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 3)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 3)
  ret void
}

; A commit, a call (which may commit) or a copy (for wait_all) between.
define void @something_between(ptr %src, i32 %smem) {
; CHECK-LABEL: define void @something_between(
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void @external()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.ca.shared.global
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_all;", ""()
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void @external()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 4)
  call void asm sideeffect "cp.async.wait_all;", ""()
  ret void
}

; A weaker wait first.
define void @stronger_after_weaker() {
; CHECK-LABEL: define void @stronger_after_weaker(
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; Only one path is covered by the earlier wait.
define void @one_path(i1 %c) {
; CHECK-LABEL: define void @one_path(
; CHECK:       then:
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK:       join:
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
entry:
  br i1 %c, label %then, label %join
then:
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  br label %join
join:
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; Unrecognized cp.async assembly (an unknown form, two statements in one
; asm; a malformed statement in asyncpipe-inline-asm-elim-malformed.ll)
; makes the whole function opaque: even the redundant waits around it stay.
define ptx_kernel void @unknown_form(i64 %bar) {
; CHECK-LABEL: define ptx_kernel void @unknown_form(
; CHECK-NEXT:    call void asm sideeffect "cp.async.mbarrier.arrive.shared.b64 [$0];", "l"(i64 %bar)
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.mbarrier.arrive.shared.b64 [$0];", "l"(i64 %bar)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

define ptx_kernel void @two_statements() {
; CHECK-LABEL: define ptx_kernel void @two_statements(
; CHECK-NEXT:    call void asm sideeffect "cp.async.commit_group; cp.async.wait_group 0;", ""()
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.commit_group; cp.async.wait_group 0;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; Unrelated inline asm between two waits changes nothing.
; REMARK: remark: <unknown>:0:0: inline PTX "cp.async.wait_group 0" removed: it waits for nothing: rule W2 (native counter): at most 0 cp.async groups
define void @unrelated_asm_between(i32 %x) {
; CHECK-LABEL: define void @unrelated_asm_between(
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "membar.cta;", "~{memory}"()
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "membar.cta;", "~{memory}"()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; OFF-NOT: remark
; OFF-LABEL: define ptx_kernel void @kernel_start(
; OFF-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; OFF-LABEL: define void @weaker_after_stronger(
; OFF:         call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 0)
; OFF-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i8 1)
