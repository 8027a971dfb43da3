; A call that names an async operation with operands that do not fit it is an
; error at its location, never an external call left for codegen.
; RUN: split-file %s %t
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/portable-wait.ll -disable-output 2>&1 | FileCheck %s --check-prefix=WAIT
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/portable-copy.ll -disable-output 2>&1 | FileCheck %s --check-prefix=COPY
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/portable-mark.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MARK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/native-wait.ll \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NATIVE

; WAIT: error: k.cu:3:5: in function no_count void (): 'asyncpipe.wait' is called with operands of the wrong number or type
; COPY: error: k.cu:3:5: in function int_for_pointer void (i64): 'asyncpipe.copy' is called with operands of the wrong number or type
; MARK: error: k.cu:3:5: in function mark_with_operand void (): 'asyncpipe.mark' is called with operands of the wrong number or type
; NATIVE: error: k.cu:3:5: in function no_count void (): 'llvm.amdgcn.wait.asyncmark' is called with operands of the wrong number or type

;--- portable-wait.ll
define void @no_count() !dbg !4 {
  call void @asyncpipe.wait(), !dbg !7
  ret void
}
declare void @asyncpipe.wait()
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "no_count", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- portable-copy.ll
define void @int_for_pointer(i64 %src) !dbg !4 {
  call void @asyncpipe.copy(ptr addrspace(3) null, i64 %src, i32 4, i32 0), !dbg !7
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), i64, i32, i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "int_for_pointer", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- portable-mark.ll
define void @mark_with_operand() !dbg !4 {
  call void @asyncpipe.mark(i32 1), !dbg !7
  ret void
}
declare void @asyncpipe.mark(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "mark_with_operand", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- native-wait.ll
define amdgpu_kernel void @no_count() !dbg !4 {
  call void @llvm.amdgcn.wait.asyncmark(), !dbg !7
  ret void
}
declare void @llvm.amdgcn.wait.asyncmark()
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "no_count", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
