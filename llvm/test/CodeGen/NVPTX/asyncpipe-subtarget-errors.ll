; cp.async needs sm_80 and PTX ISA 7.0: older targets get an error at the
; first async operation of each function, naming the flags to use, never
; "Cannot select". Portable calls are lowered first, so they are covered too.
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM75 --implicit-check-not=error
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -mattr=+ptx63 %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTX63 --implicit-check-not=error
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=error
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -O0 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM75 --implicit-check-not=error
; sm_80 and newer compile the same file.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.sm80.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %s -o %t.sm90a.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.sm80.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null %}
; REQUIRES: nvptx-registered-target

; SM75: error: k.cu:4:3: in function native void (ptr addrspace(3), ptr addrspace(1)): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang)
; SM75: error: k.cu:9:3: in function portable void (ptr addrspace(3), ptr addrspace(1)): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang)
; PTX63: error: k.cu:4:3: in function native void (ptr addrspace(3), ptr addrspace(1)): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75 with PTX ISA 6.3: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang), and -mattr=+ptx70 (llc) or --cuda-feature=+ptx70 (clang)
; PTX63: error: k.cu:9:3: in function portable
; DEFAULT: error: k.cu:4:3: in function native void (ptr addrspace(3), ptr addrspace(1)): async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_30: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang)
; DEFAULT: error: k.cu:9:3: in function portable

define ptx_kernel void @native(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !4 {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g), !dbg !7
  call void @llvm.nvvm.cp.async.commit.group(), !dbg !8
  call void @llvm.nvvm.cp.async.wait.group(i32 1), !dbg !8
  call void @llvm.nvvm.cp.async.wait.all(), !dbg !8
  ret void
}

define ptx_kernel void @portable(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !9 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 1), !dbg !10
  call void @asyncpipe.mark(), !dbg !10
  call void @asyncpipe.wait(i32 0), !dbg !10
  ret void
}

; Functions without async operations compile for any target.
define ptx_kernel void @plain(ptr addrspace(1) %g) {
  store i32 0, ptr addrspace(1) %g
  ret void
}

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "native", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = !DILocation(line: 5, column: 3, scope: !4)
!9 = distinct !DISubprogram(name: "portable", scope: !1, file: !1, line: 8, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 9, column: 3, scope: !9)
