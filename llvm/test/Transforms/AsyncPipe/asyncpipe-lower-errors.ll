; Portable calls a target cannot express are errors at their location.
; RUN: split-file %s %t
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/size.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=SIZE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/variable-size.ll -disable-output 2>&1 | FileCheck %s --check-prefix=VARIABLE
; RUN: not %opt -mtriple=wasm32-unknown-unknown -passes=asyncpipe-lower %t/size.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=TARGET

; SIZE: error: kernel.cu:3:5: in function bad_size void (ptr addrspace(3), ptr addrspace(1)): async copy of 2 bytes is not supported on NVPTX
; VARIABLE: error: kernel.cu:3:5: in function variable_size void (ptr addrspace(3), ptr addrspace(1), i32): async copy size must be a compile-time constant
; TARGET: error: kernel.cu:3:5: in function bad_size void (ptr addrspace(3), ptr addrspace(1)): 'asyncpipe.copy' is not supported on target 'wasm32-unknown-unknown'

;--- size.ll
define void @bad_size(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !4 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 2, i32 0), !dbg !7
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "bad_size", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- variable-size.ll
define void @variable_size(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %size) !dbg !4 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %size, i32 0), !dbg !7
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "variable_size", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
