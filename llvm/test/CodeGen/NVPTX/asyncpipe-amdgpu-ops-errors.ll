; AMDGPU's async operations in a module compiled for NVPTX (IR written for
; the other target, issue 36): stock llc emits each as a call to an external
; function whose name ptxas cannot parse ("Parsing error near '.amdgcn'").
; With the plugin each call is an error at its line pointing to the portable
; calls, at every -O level and after opt.
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=error --implicit-check-not=warning
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O0 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=error --implicit-check-not=warning
; RUN: %opt -passes='default<O3>' %s \
; RUN:   | not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=error --implicit-check-not=warning
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o - | FileCheck %s --check-prefix=STOCK
; REQUIRES: nvptx-registered-target

; CHECK: error: k.cu:3:3: in function k void (ptr addrspace(1), ptr addrspace(3)): 'llvm.amdgcn.global.load.async.lds' is an AMDGPU async operation, which NVPTX does not have (ptxas would reject the call): use asyncpipe_copy(), asyncpipe_commit() and asyncpipe_wait() (<asyncpipe/asyncpipe.h>), which become cp.async here
; CHECK: error: k.cu:4:3: in function k void (ptr addrspace(1), ptr addrspace(3)): 'llvm.amdgcn.asyncmark' is an AMDGPU async operation, which NVPTX does not have
; CHECK: error: k.cu:5:3: in function k void (ptr addrspace(1), ptr addrspace(3)): 'llvm.amdgcn.wait.asyncmark' is an AMDGPU async operation, which NVPTX does not have

; STOCK: .extern .func llvm.amdgcn.global.load.async.lds

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %s) !dbg !4 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0, i32 0), !dbg !7
  call void @llvm.amdgcn.asyncmark(), !dbg !8
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !9
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 3, scope: !4)
!8 = !DILocation(line: 4, column: 3, scope: !4)
!9 = !DILocation(line: 5, column: 3, scope: !4)
