; Regression test (soundness): on NVPTX a portable mark is a
; cp.async.commit_group, which a native wait counts wherever it is: in a
; helper the kernel calls after marking, or in the kernel after a helper that
; marked returns. Rule M1 removed both marks ("no later wait of this function
; can observe it"), leaving the copies uncommitted, so the native
; wait_group 0 no longer covered them and the kernel read shared memory
; before its copy completed. Rule M1 now keeps every mark on a target whose
; marks are hardware commits, as it keeps native commits. UNSOUND shows the
; old removal with the testing-only option that restores the old rules.
; RUN: %opt -passes=asyncpipe-elim -pass-remarks-missed=asyncpipe-elim \
; RUN:   -pass-remarks=asyncpipe-elim -S %s -o - 2>&1 | FileCheck %s --check-prefix=IR
; RUN: %opt -passes=asyncpipe-elim -asyncpipe-unsound-legacy-model-for-testing \
; RUN:   -S %s -o - | FileCheck %s --check-prefix=UNSOUND
; RUN: %opt -passes='default<O2>' %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.o2.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.o2.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.o2.ptx -o /dev/null %}
; RUN: %opt -passes='default<O0>' %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -O0 -o %t.o0.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.o0.ptx
; REQUIRES: nvptx-registered-target

; IR-NOT: remark: {{.*}} mark removed
; IR-LABEL: define ptx_kernel void @mark_then_native_helper(
; IR:         call void @asyncpipe.copy(
; IR-NEXT:    call void @asyncpipe.mark()
; IR-NEXT:    call void @native_wait0()
; IR-LABEL: define void @marking_helper(
; IR:         call void @asyncpipe.copy(
; IR-NEXT:    call void @asyncpipe.mark()
; IR-NEXT:    ret void
; UNSOUND-LABEL: define ptx_kernel void @mark_then_native_helper(
; UNSOUND-NOT:   call void @asyncpipe.mark()
; UNSOUND:       call void @native_wait0()
; UNSOUND-LABEL: define void @marking_helper(
; UNSOUND-NOT:   call void @asyncpipe.mark()
; UNSOUND:       ret void

; PTX-LABEL: .entry mark_then_native_helper(
; PTX:         cp.async.ca.shared.global
; PTX-NEXT:    cp.async.commit_group;
; PTX:         call{{.*}} native_wait0,
; PTX:         ld.shared
; PTX-LABEL: .func marking_helper(
; PTX:         cp.async.ca.shared.global
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    ret;
; PTX-LABEL: .entry helper_then_native_wait(
; PTX:         call{{.*}} marking_helper,
; PTX:         cp.async.wait_group 0;
; PTX:         ld.shared

target triple = "nvptx64-nvidia-cuda"

; CUDA's native wait in a helper: it waits for the groups its callers
; committed.
define void @native_wait0() noinline {
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ret void
}

define ptx_kernel void @mark_then_native_helper(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @native_wait0()
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; The portable API in a helper; its caller waits natively after it returns.
define void @marking_helper(ptr addrspace(3) %s, ptr addrspace(1) %g) noinline {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  ret void
}

define ptx_kernel void @helper_then_native_wait(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @marking_helper(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @llvm.nvvm.cp.async.wait.group(i32)
