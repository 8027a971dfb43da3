; Regression test (soundness), the inline-PTX twin of
; asyncpipe-soundness-native-helpers.ll: cp.async written as inline PTX has
; hardware semantics (llvm/docs/AsyncPipeModel.rst) like the intrinsics. A
; kernel issues a cp.async, then calls helpers that commit and wait with
; inline PTX (internal, noinline, always_inline, in a loop), then reads the
; shared word. Every commit and wait stock LLVM leaves stays, with llc alone
; and after opt -O0..-O3; UNSOUND shows the testing-only option that restores
; the per-activation rule deleting them (the test catches that build).
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.llc.ptx
; RUN: FileCheck %s --check-prefixes=PTX,CALLS,W2-O0 < %t.llc.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.llc.ptx -o /dev/null %}
; RUN: %opt -passes='default<O0>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O0 -o %t.o0.ptx
; RUN: FileCheck %s --check-prefixes=PTX,CALLS-O0,W2-O0 < %t.o0.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.o0.ptx -o /dev/null %}
; RUN: %opt -passes='default<O1>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o1.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED,W2-O3 < %t.o1.ptx
; RUN: %opt -passes='default<O2>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o2.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED,W2-O3 < %t.o2.ptx
; RUN: %opt -passes='default<O3>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o3.ptx
; RUN: FileCheck %s --check-prefixes=PTX,INLINED,W2-O3 < %t.o3.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.o3.ptx -o /dev/null %}
; Stock opt and llc agree with every line above (stock removes no wait, so
; it has the -O0 form of w2_rule at every level).
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o - | FileCheck %s --check-prefixes=PTX,CALLS,W2-O0
; RUN: opt -passes='default<O2>' %s | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o - \
; RUN:   | FileCheck %s --check-prefixes=PTX,INLINED,W2-O0
; RUN: %opt -passes='default<O2>' %s -asyncpipe-unsound-legacy-model-for-testing \
; RUN:   | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 \
; RUN:     -asyncpipe-unsound-legacy-model-for-testing -o %t.unsound.ptx
; RUN: FileCheck %s --check-prefix=UNSOUND < %t.unsound.ptx
; The same broken build fails the checks the sound build passes.
; RUN: not FileCheck %s --check-prefixes=PTX,INLINED < %t.unsound.ptx
; REQUIRES: nvptx-registered-target

target triple = "nvptx64-nvidia-cuda"

@smem = internal addrspace(3) global [32 x i32] undef, align 16

define internal void @commit() {
  call void asm sideeffect "cp.async.commit_group;", ""()
  ret void
}
define internal void @wait0() {
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; PTX-LABEL: .visible .entry inlinable_helpers(
; PTX:           cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
; CALLS:         call.uni commit,
; CALLS:         call.uni wait0,
; CALLS-O0:      call.uni commit,
; CALLS-O0:      call.uni wait0,
; INLINED:       cp.async.commit_group;
; INLINED-NEXT:  // end inline asm
; INLINED-NEXT:  // begin inline asm
; INLINED-NEXT:  cp.async.wait_group 0;
; INLINED-NEXT:  // end inline asm
; INLINED-NEXT:  ld.shared.b32
; UNSOUND-LABEL: .visible .entry inlinable_helpers(
; UNSOUND:       cp.async.ca.shared.global
; UNSOUND-NOT:   cp.async.commit_group
; UNSOUND-NOT:   cp.async.wait
; UNSOUND:       ld.shared.b32
define ptx_kernel void @inlinable_helpers(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "l,l,~{memory}"(ptr addrspace(3) @smem, ptr addrspace(1) %g)
  call void @commit()
  call void @wait0()
  %v = load i32, ptr addrspace(3) @smem
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; noinline helpers stay calls at every -O level: the commit and the
; wait_group 0 inside them must survive.
define internal void @commit_noinline() noinline {
  call void asm sideeffect "cp.async.commit_group;", ""()
  ret void
}
define internal void @wait0_noinline() noinline {
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}
; PTX-LABEL: .func commit_noinline()
; PTX:         cp.async.commit_group;
; PTX-LABEL: .func wait0_noinline()
; PTX:         cp.async.wait_group 0;
; PTX-NEXT:    // end inline asm
; PTX-NEXT:    ret;
; PTX-LABEL: .visible .entry noinline_helpers(
; PTX:         cp.async.ca.shared.global
; PTX:         call.uni commit_noinline,
; PTX:         call.uni wait0_noinline,
; PTX:         ld.shared.b32
define ptx_kernel void @noinline_helpers(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %s = getelementptr i8, ptr addrspace(3) @smem, i32 4
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "l,l,~{memory}"(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @commit_noinline()
  call void @wait0_noinline()
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; always_inline helpers are part of their caller (inlined at every -O level
; with the plugin, by stock only from -O1; llc alone calls them).
define internal void @commit_always() alwaysinline {
  call void asm sideeffect "cp.async.commit_group;", ""()
  ret void
}
define internal void @wait0_always() alwaysinline {
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}
; PTX-LABEL: .visible .entry always_inline_helpers(
; PTX:         cp.async.ca.shared.global
; CALLS:       call.uni commit_always,
; CALLS:       call.uni wait0_always,
; CALLS-O0:    cp.async.commit_group;
; CALLS-O0:    cp.async.wait_group 0;
; INLINED:     cp.async.commit_group;
; INLINED:     cp.async.wait_group 0;
; PTX:         ld.shared.b32
define ptx_kernel void @always_inline_helpers(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %s = getelementptr i8, ptr addrspace(3) @smem, i32 8
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "l,l,~{memory}"(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @commit_always()
  call void @wait0_always()
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Helpers called in a loop: each iteration commits and waits for its copy.
; PTX-LABEL: .visible .entry helpers_in_loop(
; CALLS:         call.uni commit,
; CALLS:         call.uni wait0,
; CALLS-O0:      call.uni commit,
; CALLS-O0:      call.uni wait0,
; INLINED:       cp.async.ca.shared.global
; INLINED:       cp.async.commit_group;
; INLINED-NEXT:  // end inline asm
; INLINED-NEXT:  // begin inline asm
; INLINED-NEXT:  cp.async.wait_group 0;
; INLINED-NEXT:  // end inline asm
; INLINED-NEXT:  ld.volatile.shared.b32
; UNSOUND-LABEL: .visible .entry helpers_in_loop(
; UNSOUND-NOT:   cp.async.wait
; UNSOUND:       ret;
define ptx_kernel void @helpers_in_loop(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %gi = getelementptr i32, ptr addrspace(1) %g, i32 %i
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "l,l,~{memory}"(ptr addrspace(3) @smem, ptr addrspace(1) %gi)
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

declare void @llvm.nvvm.barrier0()

; Rule W2 on inline PTX alone, -O0 against -O3: the first wait_group 1 waits
; for nothing (one group at most is pending, counted from the kernel's
; start), and goes at -O3; the two waits the loads need stay at every level,
; with the counts written.
; PTX-LABEL: .visible .entry w2_rule(
; PTX:           cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
; PTX-NEXT:      // end inline asm
; PTX-NEXT:      // begin inline asm
; PTX-NEXT:      cp.async.commit_group;
; PTX-NEXT:      // end inline asm
; W2-O0-NEXT:    // begin inline asm
; W2-O0-NEXT:    cp.async.wait_group 1;
; W2-O0-NEXT:    // end inline asm
; PTX:           cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
; PTX-NEXT:      // end inline asm
; PTX-NEXT:      // begin inline asm
; PTX-NEXT:      cp.async.commit_group;
; PTX-NEXT:      // end inline asm
; PTX-NEXT:      // begin inline asm
; PTX-NEXT:      cp.async.wait_group 1;
; PTX-NEXT:      // end inline asm
; PTX-NEXT:      ld.shared.b32 {{%r[0-9]+}}, [smem];
; PTX-NEXT:      // begin inline asm
; PTX-NEXT:      cp.async.wait_group 0;
; PTX-NEXT:      // end inline asm
; PTX-NEXT:      ld.shared.b32 {{%r[0-9]+}}, [smem+16];
; W2-O3-NOT:     cp.async.wait
; W2-O3:         ret;
define ptx_kernel void @w2_rule(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %s1 = getelementptr i8, ptr addrspace(3) @smem, i32 16
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 16
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "l,l,~{memory}"(ptr addrspace(3) @smem, ptr addrspace(1) %g)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "l,l,~{memory}"(ptr addrspace(3) %s1, ptr addrspace(1) %g1)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  %a = load i32, ptr addrspace(3) @smem
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  %b = load i32, ptr addrspace(3) %s1
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(1) %out
  ret void
}
