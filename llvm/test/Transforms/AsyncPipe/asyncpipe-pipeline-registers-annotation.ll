; The source annotation asyncpipe_pipeline_registers(S) (a call to
; asyncpipe.pipeline.registers) becomes the property
; asyncpipe.pipeline.registers of the innermost loop around it, with
; unrolling disabled; the call disappears, at every optimization level. A
; count that is not a constant is an error, a marker outside a loop a
; warning, at the user's line.
; RUN: split-file %s %t
; RUN: %opt -passes=asyncpipe-pipeline-annotation -S %t/marker.ll | FileCheck %s
; RUN: %opt -passes='default<O0>' -S %t/marker.ll | FileCheck %s --check-prefix=GONE
; RUN: %opt -passes='default<O2>' -S %t/marker.ll | FileCheck %s --check-prefix=GONE
; RUN: not %opt -passes=asyncpipe-pipeline-annotation -disable-output \
; RUN:   %t/bad.ll 2>&1 | FileCheck %s --check-prefix=BAD

; BAD: warning: kernel.cu:2:3: in function bad void (i32, i32): asyncpipe_pipeline_registers() is not inside a loop; ignored
; BAD: error: kernel.cu:4:5: in function bad void (i32, i32): asyncpipe_pipeline_registers() needs a compile-time stage count (2: the loads one iteration ahead)

;--- marker.ll
@s = internal global [16 x float] zeroinitializer
define float @annotated(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  call void @asyncpipe.pipeline.registers(i32 2)
  %p = getelementptr float, ptr @s, i32 %i
  %x = load float, ptr %p
  %acc.next = fadd float %acc, %x
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret float %acc.next
}
declare void @asyncpipe.pipeline.registers(i32)
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}

; CHECK-LABEL: define float @annotated(
; CHECK-NOT:     call void @asyncpipe.pipeline.registers
; CHECK:         br i1 %done, label %exit, label %loop, !llvm.loop [[LOOP:![0-9]+]]
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[MP:![0-9]+]], [[REGS:![0-9]+]], [[NOUNROLL:![0-9]+]]}
; CHECK: [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK: [[REGS]] = !{!"asyncpipe.pipeline.registers", i32 2}
; CHECK: [[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}

; GONE-NOT: call void @asyncpipe.pipeline.registers

;--- bad.ll
define void @bad(i32 %n, i32 %s) !dbg !4 {
entry:
  call void @asyncpipe.pipeline.registers(i32 2), !dbg !7
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline.registers(i32 %s), !dbg !8
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
declare void @asyncpipe.pipeline.registers(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "bad", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 2, column: 3, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)
