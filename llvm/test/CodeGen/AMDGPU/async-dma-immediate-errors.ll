; An LDS DMA whose offset or aux operand is computed at run time (issue 36):
; LLVM's LDS DMA takes both as immediates, and the plugin used to pass the
; run-time value on, which ended in "LLVM ERROR: Broken function found". It
; is an error at the call now, naming the operand and how to fix it. (A
; merge of constants is no error: async-merged-immediates.ll.)
; REQUIRES: amdgpu-registered-target
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=LLVM

; CHECK: error: k.hip:4:3: in function runtime_offset void (ptr addrspace(1), i32): the offset (operand 4) of 'llvm.amdgcn.global.load.async.lds' must be a constant: write an integer constant there (0 where in doubt), not a value computed at run time
; CHECK: error: k.hip:9:3: in function runtime_aux void (ptr addrspace(1), i32): the aux (operand 5) of 'llvm.amdgcn.load.async.to.lds.p1' must be a constant: write an integer constant there (0 where in doubt), not a value computed at run time

target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [64 x i32] poison

define amdgpu_kernel void @runtime_offset(ptr addrspace(1) %g, i32 %offset) !dbg !4 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 %offset, i32 0), !dbg !7
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @runtime_aux(ptr addrspace(1) %g, i32 %aux) !dbg !8 {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 %aux), !dbg !9
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.hip", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "runtime_offset", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = distinct !DISubprogram(name: "runtime_aux", scope: !1, file: !1, line: 7, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!9 = !DILocation(line: 9, column: 3, scope: !8)
