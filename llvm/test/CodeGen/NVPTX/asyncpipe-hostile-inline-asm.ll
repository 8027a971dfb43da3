; Hostile inputs: cp.async written as inline PTX on its own (issue 20). The
; recognizer (NVPTXInlineAsmCpAsync.cpp) models one statement per asm; every
; other spelling that mentions cp.async (several statements, braces and
; .reg scopes, predicates, block comments) is opaque: the counter is unknown
; from there on, so no wait near it is removed (llvm/docs/AsyncPipeModel.rst,
; rule W2). Waits are removed only where W2 proves them redundant under
; hardware semantics (the KEPT lines: as written; at -O3 the two provably
; redundant waits are gone). Every output assembles; stock LLVM keeps
; every line too.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.llc.ptx
; RUN: FileCheck %s --check-prefixes=CHECK,KEPT < %t.llc.ptx
; RUN: %opt -passes='default<O0>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O0 -o %t.o0.ptx
; RUN: FileCheck %s --check-prefixes=CHECK,KEPT < %t.o0.ptx
; RUN: %opt -passes='default<O3>' %s | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o %t.o3.ptx
; RUN: FileCheck %s --check-prefixes=CHECK,O3 < %t.o3.ptx
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o - | FileCheck %s --check-prefixes=CHECK,KEPT
; RUN: opt -passes='default<O3>' %s | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o - \
; RUN:   | FileCheck %s --check-prefixes=CHECK,KEPT
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.llc.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.o0.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.o3.ptx -o /dev/null %}
; On sm_75 (no cp.async), recognized inline cp.async is an error at the call
; with the flags to use, and the function's cp.async goes: stock llc writes
; the PTX, which ptxas always rejects (issue 36).
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM75 --implicit-check-not=warning
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 %s -o - \
; RUN:   | FileCheck %s --check-prefix=SM75-STOCK
; REQUIRES: nvptx-registered-target

; SM75: error: <unknown>:0:0: in function two_statements void (ptr addrspace(1), i32): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang){{$}}
; SM75-STOCK-LABEL: .visible .entry two_statements(
; SM75-STOCK:         cp.async.ca.shared.global [{{%r[0-9]+}}], [{{%rd[0-9]+}}], 4; cp.async.commit_group;

; CHECK-LABEL: .visible .entry two_statements(
; CHECK:         cp.async.ca.shared.global [{{%r[0-9]+}}], [{{%rd[0-9]+}}], 4; cp.async.commit_group;
; CHECK-NEXT:    // end inline asm
; CHECK-NEXT:    // begin inline asm
; CHECK-NEXT:    cp.async.wait_group 0;
; CHECK-LABEL: .visible .entry braces(
; CHECK:         { cp.async.commit_group; }
; CHECK-NEXT:    // end inline asm
; CHECK-NEXT:    // begin inline asm
; CHECK-NEXT:    cp.async.wait_group 0;
; CHECK-LABEL: .visible .entry predicated(
; CHECK:         { .reg .pred p; setp.ne.u32 p, {{%r[0-9]+}}, 0; @p cp.async.commit_group; }
; CHECK-NEXT:    // end inline asm
; CHECK-NEXT:    // begin inline asm
; CHECK-NEXT:    cp.async.wait_group 0;
; CHECK-LABEL: .visible .entry block_comment(
; CHECK:         /* commit */ cp.async.commit_group;
; CHECK-NEXT:    // end inline asm
; CHECK-NEXT:    // begin inline asm
; CHECK-NEXT:    cp.async.wait_group 0;
; CHECK-LABEL: .visible .entry line_comment(
; CHECK:         cp.async.commit_group; // close the group
; CHECK-NEXT:    // end inline asm
; CHECK-NEXT:    // begin inline asm
; KEPT-NEXT:     cp.async.wait_group 1;
; KEPT-NEXT:     // end inline asm
; KEPT-NEXT:     // begin inline asm
; KEPT-NEXT:     cp.async.wait_group 0;
; O3-NEXT:       cp.async.wait_group 0;
; CHECK-LABEL: .visible .func count_operand()
; CHECK:         cp.async.wait_group 0;
; CHECK-NEXT:    // end inline asm
; KEPT-NEXT:     // begin inline asm
; KEPT-NEXT:     cp.async.wait_group 1;
; KEPT-NEXT:     // end inline asm
; KEPT-NEXT:     ret;
; O3-NEXT:       ret;
; CHECK-LABEL: .visible .entry wait_all_multiline(
; CHECK:         cp.async.wait_all;
; CHECK-LABEL: .visible .entry no_sideeffect(
; CHECK:         cp.async.commit_group;
; CHECK-NEXT:    // end inline asm
; CHECK-NEXT:    // begin inline asm
; CHECK-NEXT:    cp.async.wait_group 0;

target triple = "nvptx64-nvidia-cuda"

; Each kernel starts with no group pending, so a plain "wait_group 0" right
; after the odd spelling would be redundant if the odd spelling did not
; commit: it must stay, because every odd spelling below is opaque.
define ptx_kernel void @two_statements(ptr addrspace(1) %g, i32 %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4; cp.async.commit_group;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  ret void
}
define ptx_kernel void @braces(ptr addrspace(1) %g, i32 %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm sideeffect "{ cp.async.commit_group; }", ""()
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  ret void
}
define ptx_kernel void @predicated(ptr addrspace(1) %g, i32 %s, i32 %c) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm sideeffect "{ .reg .pred p; setp.ne.u32 p, $0, 0; @p cp.async.commit_group; }", "r"(i32 %c)
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  ret void
}
define ptx_kernel void @block_comment(ptr addrspace(1) %g, i32 %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm sideeffect "/* commit */ cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  ret void
}
; A line comment after the statement is read through: this commit is
; recognized, and counted.
define ptx_kernel void @line_comment(ptr addrspace(1) %g, i32 %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm sideeffect "cp.async.commit_group; // close the group", ""()
  call void asm sideeffect "cp.async.wait_group 1;", ""()
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  ret void
}
; The count as an "n" operand (the spelling of <cuda_pipeline.h>), after a
; wait_group 0 that leaves no group pending: redundant (W2).
define void @count_operand() {
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  ret void
}
; wait_all written with a line break and a tab.
define ptx_kernel void @wait_all_multiline(ptr addrspace(1) %g, i32 %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm sideeffect "\0A\09cp.async.wait_all;\0A", "~{memory}"()
  %v = call i32 asm sideeffect "ld.shared.u32 $0, [$1];", "=r,r,~{memory}"(i32 %s)
  ret void
}
; asm without sideeffect and without results: may be deleted by stock
; LLVM itself; the plugin does no worse.
define ptx_kernel void @no_sideeffect(ptr addrspace(1) %g, i32 %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr addrspace(1) %g)
  call void asm "cp.async.commit_group;", "~{memory}"()
  call void asm "cp.async.wait_group 0;", "~{memory}"()
  ret void
}
