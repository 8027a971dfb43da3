; A wait on a future without a future operand is an error with the wait's
; location. (A wait on a future passed in as an argument was one too; it is
; now counted from a mark added at the entry: asyncpipe-lower-futures.ll.)
; RUN: split-file %s %t
; RUN: not %opt -passes=asyncpipe-lower-futures -S %t/no-operand.ll -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NO-OPERAND
; A queue's commit returning a future takes its queue.
; RUN: not %opt -passes=asyncpipe-lower-futures -S %t/no-queue.ll -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NO-QUEUE

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
;--- no-queue.ll
; NO-QUEUE: error: file.c:4:7: in function no_queue void (): 'asyncpipe.mark.future.queue' is called with operands of the wrong number or type; declare it as <asyncpipe/futures.h> does: i32 (i32 queue)
define void @no_queue() !dbg !5 {
  %f = call i32 @asyncpipe.mark.future.queue(), !dbg !8
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}

declare i32 @asyncpipe.mark.future.queue()
declare void @asyncpipe.wait.future(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "file.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "no_queue", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 4, column: 7, scope: !5)
