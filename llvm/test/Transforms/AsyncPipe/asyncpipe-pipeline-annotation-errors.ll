; An invalid pipeliner annotation is an error at the loop's line, naming the
; annotation and saying how to fix it, and the loop stays as written: a list
; of the wrong length, a stage, position or async stage out of range, a
; value that is not an integer, a key given twice with different values,
; annotations that contradict each other, an unknown asyncpipe.pipeline key.
; Each RUN line gives the loop of @f one loop ID from the list at the end
; (opt stops at the first error).
; RUN: sed 's/@LOOP@/!100/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-NONE
; RUN: sed 's/@LOOP@/!101/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-TWO
; RUN: sed 's/@LOOP@/!102/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-STRING
; RUN: sed 's/@LOOP@/!103/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-ZERO
; RUN: sed 's/@LOOP@/!104/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-BIG
; RUN: sed 's/@LOOP@/!105/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-NEGATIVE
; RUN: sed 's/@LOOP@/!106/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGES-TWICE
; RUN: sed 's/@LOOP@/!110/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-EMPTY
; RUN: sed 's/@LOOP@/!111/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-STRING
; RUN: sed 's/@LOOP@/!112/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-BIG
; RUN: sed 's/@LOOP@/!113/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-TWICE
; RUN: sed 's/@LOOP@/!114/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-LENGTH
; RUN: sed 's/@LOOP@/!115/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-COUNT
; RUN: sed 's/@LOOP@/!116/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=STAGE-COUNT-ZERO
; RUN: sed 's/@LOOP@/!120/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ORDER-ALONE
; RUN: sed 's/@LOOP@/!121/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ORDER-LENGTH
; RUN: sed 's/@LOOP@/!122/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ORDER-RANGE
; RUN: sed 's/@LOOP@/!123/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ORDER-REPEATED
; RUN: sed 's/@LOOP@/!124/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ORDER-STRING
; RUN: sed 's/@LOOP@/!130/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ASYNC-ALONE
; RUN: sed 's/@LOOP@/!131/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ASYNC-RANGE
; RUN: sed 's/@LOOP@/!132/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ASYNC-STRING
; RUN: sed 's/@LOOP@/!133/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=ASYNC-COPY
; RUN: sed 's/@LOOP@/!140/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=REGISTERS-NONE
; RUN: sed 's/@LOOP@/!141/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=REGISTERS-ZERO
; RUN: sed 's/@LOOP@/!142/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=REGISTERS-TWICE
; RUN: sed 's/@LOOP@/!143/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=REGISTERS-AND-STAGES
; RUN: sed 's/@LOOP@/!150/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: sed 's/@LOOP@/!151/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=MARKER-NAME
; RUN: sed 's/@LOOP@/!152/' %s | not %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output 2>&1 | FileCheck %s --check-prefix=FOLLOWUP
;
; The same key twice with the same values is one request, and a loop the
; pipeliner made (asyncpipe.pipeline.done) asks for nothing, whatever else it
; carries.
; RUN: sed 's/@LOOP@/!160/' %s | %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output -pass-remarks=asyncpipe-pipeline \
; RUN:   2>&1 | FileCheck %s --check-prefix=SAME --implicit-check-not=error:
; RUN: sed 's/@LOOP@/!161/' %s | %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -disable-output -pass-remarks=asyncpipe-pipeline \
; RUN:   2>&1 | FileCheck %s --check-prefix=SAME-LIST --implicit-check-not=error:
; RUN: sed 's/@LOOP@/!162/' %s | %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes=asyncpipe-pipeline -S -pass-remarks=asyncpipe-pipeline \
; RUN:   2>&1 | FileCheck %s --check-prefix=DONE --implicit-check-not=error:


; STAGES-NONE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': it takes one count, not 0 values; write !{!"asyncpipe.pipeline.stages", i32 N} with N from 1 to 16
; STAGES-TWO: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': it takes one count, not 2 values; write !{!"asyncpipe.pipeline.stages", i32 N} with N from 1 to 16
; STAGES-STRING: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': its 1st value is not an integer constant; write !{!"asyncpipe.pipeline.stages", i32 N} with N from 1 to 16
; STAGES-ZERO: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the count 0 is out of range; use 1 to 16
; STAGES-BIG: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the count 17 is out of range; use 1 to 16
; STAGES-NEGATIVE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the count -3 is out of range; use 1 to 16
; STAGES-TWICE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the loop has it twice, with different values: (2) and (3); keep one
; STAGE-EMPTY: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stage': it lists no stages; give one stage from 0 to 15 per statement
; STAGE-STRING: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stage': its 1st value is not an integer constant; give one stage from 0 to 15 per statement
; STAGE-BIG: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stage': statement 1 has stage 16, out of range; stages go from 0 to 15
; STAGE-TWICE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stage': the loop has it twice, with different values: (0, 1) and (0, 2); keep one
; STAGE-LENGTH: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stage': it gives stages for 3 statements but the loop body has 2 (a statement ends after each mark and a new one starts at each wait); give one stage per statement
; STAGE-COUNT: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': it asks for 3 stages but 'asyncpipe.pipeline.stage' uses stages 0 to 1; remove it or make it 2
; STAGE-COUNT-ZERO: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the count 0 is out of range; remove it: the stage list gives the stages
; ORDER-ALONE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.order': it describes the statements of an explicit schedule, and the loop has none; add 'asyncpipe.pipeline.stage' (one stage per statement) or remove 'asyncpipe.pipeline.order'
; ORDER-LENGTH: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.order': it lists 3 positions but 'asyncpipe.pipeline.stage' lists 2 statements; give each of the 2 statements of 'asyncpipe.pipeline.stage' its own position from 0 to 1
; ORDER-RANGE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.order': statement 1 has position 2, out of range; give each of the 2 statements of 'asyncpipe.pipeline.stage' its own position from 0 to 1
; ORDER-REPEATED: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.order': statements 0 and 1 both have position 0; give each of the 2 statements of 'asyncpipe.pipeline.stage' its own position from 0 to 1
; ORDER-STRING: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.order': its 2nd value is not an integer constant; give each of the 2 statements of 'asyncpipe.pipeline.stage' its own position from 0 to 1
; ASYNC-ALONE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.async_stages': it describes the statements of an explicit schedule, and the loop has none; add 'asyncpipe.pipeline.stage' (one stage per statement) or remove 'asyncpipe.pipeline.async_stages'
; ASYNC-RANGE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.async_stages': async stage 2 is out of range: the schedule's stages go from 0 to 1; list only stages of 'asyncpipe.pipeline.stage', from 0 to 1
; ASYNC-STRING: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.async_stages': its 1st value is not an integer constant; list only stages of 'asyncpipe.pipeline.stage', from 0 to 1
; ASYNC-COPY: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.async_stages': statement 0 issues async copies in stage 0, which it does not list; add 0 to it or give the statement a stage it lists
; REGISTERS-NONE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.registers': it takes one count, not 0 values; write !{!"asyncpipe.pipeline.registers", i32 N} with N from 1 to 16
; REGISTERS-ZERO: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.registers': the count 0 is out of range; use 2 (the loads one iteration ahead)
; REGISTERS-TWICE: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.registers': the loop has it twice, with different values: (2) and (3); keep one
; REGISTERS-AND-STAGES: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.registers': the loop also asks for async stages with 'asyncpipe.pipeline.stages': async stages are for a loop that issues copies, a register stage for a loop of plain loads; keep the one that fits
; UNKNOWN: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.stgaes': it is not an annotation of the pipeliner; the annotations are asyncpipe.pipeline.stages, .stage, .order, .async_stages and .registers (see AsyncPipePipeliner.rst)
; MARKER-NAME: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline': it is not an annotation of the pipeliner; the annotations are asyncpipe.pipeline.stages, .stage, .order, .async_stages and .registers (see AsyncPipePipeliner.rst)
; FOLLOWUP: error: kernel.cu:5:3: in function f void (ptr, ptr, i64): invalid pipeliner annotation 'asyncpipe.pipeline.followup_all': its 1st value is not a loop property; list the properties the new loop gets, e.g. !{!"llvm.loop.unroll.disable"}

; SAME: remark: kernel.cu:5:3: pipelined loop with 2 stages
; SAME-LIST: remark: kernel.cu:5:3: pipelined loop with 2 stages
; DONE-NOT: remark:
; DONE-LABEL: define void @f(
; DONE-NOT: asyncpipe.prologue

@buf = internal global [16 x i32] undef

define void @f(ptr noalias %a, ptr noalias %c, i64 %n) !dbg !4 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf
  store i32 %v, ptr %c
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop @LOOP@
exit:
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 5, column: 3, scope: !4)
!8 = !DILocation(line: 12, column: 3, scope: !4)

; The stage count: one integer from 1 to 16, once.
!100 = distinct !{!100, !7, !8, !{!"asyncpipe.pipeline.stages"}}
!101 = distinct !{!101, !7, !8, !{!"asyncpipe.pipeline.stages", i32 2, i32 3}}
!102 = distinct !{!102, !7, !8, !{!"asyncpipe.pipeline.stages", !"two"}}
!103 = distinct !{!103, !7, !8, !{!"asyncpipe.pipeline.stages", i32 0}}
!104 = distinct !{!104, !7, !8, !{!"asyncpipe.pipeline.stages", i32 17}}
!105 = distinct !{!105, !7, !8, !{!"asyncpipe.pipeline.stages", i32 -3}}
!106 = distinct !{!106, !7, !8, !{!"asyncpipe.pipeline.stages", i32 2}, !{!"asyncpipe.pipeline.stages", i32 3}}
; The stage list: one stage from 0 to 15 per statement (the loop has two),
; and a stage count, if any, that agrees.
!110 = distinct !{!110, !7, !8, !{!"asyncpipe.pipeline.stage"}}
!111 = distinct !{!111, !7, !8, !{!"asyncpipe.pipeline.stage", !"zero", i32 1}}
!112 = distinct !{!112, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 16}}
!113 = distinct !{!113, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.stage", i32 0, i32 2}}
!114 = distinct !{!114, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1, i32 1}}
!115 = distinct !{!115, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.stages", i32 3}}
!116 = distinct !{!116, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.stages", i32 0}}
; The order: a permutation of the stage list's statements.
!120 = distinct !{!120, !7, !8, !{!"asyncpipe.pipeline.stages", i32 2}, !{!"asyncpipe.pipeline.order", i32 1, i32 0}}
!121 = distinct !{!121, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.order", i32 0, i32 1, i32 2}}
!122 = distinct !{!122, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.order", i32 0, i32 2}}
!123 = distinct !{!123, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.order", i32 0, i32 0}}
!124 = distinct !{!124, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.order", i32 0, float 1.0}}
; The async stages: stages of the stage list, and every copy in one of them.
!130 = distinct !{!130, !7, !8, !{!"asyncpipe.pipeline.async_stages", i32 0}}
!131 = distinct !{!131, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.async_stages", i32 0, i32 2}}
!132 = distinct !{!132, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.async_stages", !"0"}}
!133 = distinct !{!133, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.async_stages", i32 1}}
; The register stage: one count from 1 to 16, once, and no async stages.
!140 = distinct !{!140, !7, !8, !{!"asyncpipe.pipeline.registers"}}
!141 = distinct !{!141, !7, !8, !{!"asyncpipe.pipeline.registers", i32 0}}
!142 = distinct !{!142, !7, !8, !{!"asyncpipe.pipeline.registers", i32 2}, !{!"asyncpipe.pipeline.registers", i32 3}}
!143 = distinct !{!143, !7, !8, !{!"asyncpipe.pipeline.registers", i32 2}, !{!"asyncpipe.pipeline.stages", i32 2}}
; Keys: a typo, the marker's name, a follow-up that is not a list of
; properties.
!150 = distinct !{!150, !7, !8, !{!"asyncpipe.pipeline.stgaes", i32 2}}
!151 = distinct !{!151, !7, !8, !{!"asyncpipe.pipeline", i32 2}}
!152 = distinct !{!152, !7, !8, !{!"asyncpipe.pipeline.stages", i32 2}, !{!"asyncpipe.pipeline.followup_all", i32 1}}
; Accepted: the same values twice; a loop already pipelined.
!160 = distinct !{!160, !7, !8, !{!"asyncpipe.pipeline.stages", i32 2}, !{!"asyncpipe.pipeline.stages", i32 2}}
!161 = distinct !{!161, !7, !8, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}, !{!"asyncpipe.pipeline.stage", i32 0, i32 1}}
!162 = distinct !{!162, !7, !8, !{!"asyncpipe.pipeline.done"}, !{!"asyncpipe.pipeline.stages", i32 99}}
