; Waits on futures that cannot name a mark of their own function are errors
; with the wait's location (the pass then leaves a wait for every mark).
; RUN: split-file %s %t
; RUN: not %opt -passes=asyncpipe-lower-futures -S %t/argument.ll -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ARGUMENT
; RUN: not %opt -passes=asyncpipe-lower-futures -S %t/no-operand.ll -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NO-OPERAND

;--- argument.ll
; ARGUMENT: error: file.c:3:7: in function from_argument void (i32): wait on a future passed in as an argument: a future names a mark of the function that made it; wait for it there, or let this function be inlined into it
define void @from_argument(i32 %f) !dbg !5 {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.future(i32 %f), !dbg !8
  ret void
}

declare void @asyncpipe.mark()
declare void @asyncpipe.wait.future(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "file.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "from_argument", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 3, column: 7, scope: !5)

;--- no-operand.ll
; NO-OPERAND: error: file.c:4:7: in function no_operand void (): 'asyncpipe.wait.future' is called with operands of the wrong number or type
define void @no_operand() !dbg !5 {
  call void @asyncpipe.wait.future(), !dbg !8
  ret void
}

declare void @asyncpipe.wait.future()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "file.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "no_operand", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 4, column: 7, scope: !5)
