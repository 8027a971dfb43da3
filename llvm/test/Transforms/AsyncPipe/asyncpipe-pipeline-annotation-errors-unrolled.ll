; An invalid pipeliner loop property is an error at every -O level, also on
; a loop the optimizer fully unrolls (a constant trip count of 4) before the
; pipeliner would see it: asyncpipe-pipeline-annotation checks the properties
; at the start of the pipeline. Issue 36: at -O2 the error used to be lost
; with the loop. The module uses no asyncpipe function (the property alone
; asks for the pipeliner).
;
; RUN: not %opt -passes=asyncpipe-pipeline-annotation -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; RUN: not %opt -passes='default<O0>' -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -passes='default<O1>' -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -passes='default<O2>' -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -passes='default<O3>' -disable-output %s 2>&1 | FileCheck %s
;
; Reported once: the request is dropped with the error, so the pipeliner
; does not report it again.
; CHECK: error: kernel.cu:5:3: in function f void (ptr): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the count 17 is out of range; use 1 to 16
; CHECK-NOT: error:

define void @f(ptr %p) !dbg !4 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %a, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 4
  br i1 %done, label %exit, label %loop, !llvm.loop !9

exit:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 5, column: 3, scope: !4)
!8 = !DILocation(line: 8, column: 3, scope: !4)
!9 = distinct !{!9, !7, !8, !{!"asyncpipe.pipeline.stages", i32 17}}
