; cp.async written as inline PTX, compiled for a GPU or PTX version without
; it (issue 36): stock llc writes the statements as they are and ptxas
; rejects them. With the plugin the first such statement of each function
; is an error at its line naming the flags to use (it used to be a warning,
; and ptxas still failed later), and nothing is written.
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM75 --implicit-check-not=error --implicit-check-not=warning
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -O0 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM75 --implicit-check-not=error --implicit-check-not=warning
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -mattr=+ptx63 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PTX63 --implicit-check-not=error --implicit-check-not=warning
; RUN: %opt -passes='default<O3>' %s \
; RUN:   | not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM75 --implicit-check-not=error --implicit-check-not=warning
; What the plugin spares the user: stock output that ptxas rejects.
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 %s -o %t.stock-sm75.ptx
; RUN: %if ptxas %{ not %ptxas -arch=sm_75 %t.stock-sm75.ptx -o /dev/null %}
; For sm_80 the same file compiles and assembles.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.sm80.ptx
; RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sm80.ptx -o /dev/null %}
; REQUIRES: nvptx-registered-target

; SM75-DAG: error: k.cu:4:3: in function copy_tile void (ptr addrspace(1)): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang){{$}}
; SM75-DAG: error: k.cu:11:3: in function wait_helper void (): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75: use
; PTX63-DAG: error: k.cu:4:3: in function copy_tile void (ptr addrspace(1)): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75 with PTX ISA 6.3: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang), and -mattr=+ptx70 (llc) or --cuda-feature=+ptx70 (clang){{$}}
; PTX63-DAG: error: k.cu:11:3: in function wait_helper void (): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75 with PTX ISA 6.3: use

; SM80-LABEL: .visible .entry copy_tile(
; SM80:         cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16;
; SM80:         cp.async.commit_group;
; SM80-LABEL: .visible .func wait_helper()
; SM80:         cp.async.wait_group 0;

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x i32] undef, align 16

define ptx_kernel void @copy_tile(ptr addrspace(1) %src) !dbg !4 {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 16;", "l,l,~{memory}"(ptr addrspace(3) @tile, ptr addrspace(1) %src), !dbg !7
  call void asm sideeffect "cp.async.commit_group;", "~{memory}"(), !dbg !8
  call void @wait_helper(), !dbg !11
  ret void
}

define void @wait_helper() !dbg !9 {
  call void asm sideeffect "cp.async.wait_group 0;", "~{memory}"(), !dbg !10
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "copy_tile", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = !DILocation(line: 5, column: 3, scope: !4)
!9 = distinct !DISubprogram(name: "wait_helper", scope: !1, file: !1, line: 10, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 11, column: 3, scope: !9)
!11 = !DILocation(line: 6, column: 3, scope: !4)
