; The plugin costs nothing on a module without async operations: every
; AsyncPipe pass in the default pipeline returns before asking for any
; analysis, so `opt -O3` with the plugin computes exactly the analyses stock
; opt computes, in the same order (in particular the annotation pass at
; PipelineStart builds no DominatorTree or LoopInfo).
;
; RUN: opt -passes='default<O3>' -debug-pass-manager -disable-output %s 2>&1 \
; RUN:   | grep -E '^(Running|Invalidating) analysis' > %t.stock
; RUN: %opt -passes='default<O3>' -debug-pass-manager -disable-output %s 2>&1 \
; RUN:   | grep -E '^(Running|Invalidating) analysis' > %t.plugin
; RUN: diff %t.stock %t.plugin
; RUN: %opt -passes='default<O3>' -debug-pass-manager -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UNUSED
; UNUSED:      Running pass: AsyncPipelineAnnotationPass on sum
; UNUSED-NEXT: Running pass: AsyncTagRuntimeCountsPass on sum
;
; One declaration with an async spelling anywhere in the module is enough for
; the passes to look at every function, as before.
; RUN: sed -e 's/^; DECL: //' %s \
; RUN:   | %opt -passes='default<O3>' -debug-pass-manager -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=USED
; So is native cp.async written as inline assembly, which has no declaration.
; RUN: sed -e 's/^; ASM: //' %s \
; RUN:   | %opt -passes='default<O3>' -debug-pass-manager -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=USED
; USED:      Running pass: AsyncPipelineAnnotationPass on sum
; USED-NEXT: Running analysis: LoopAnalysis on sum
;
; A pipelining request written as loop metadata needs no declaration: the
; pipeliner still reads it and says why the loop is not pipelined.
; RUN: sed -e 's/^; MD: //' -e 's/br i1 %c, label %loop, label %exit$/&, !llvm.loop !0/' %s \
; RUN:   | %opt -passes=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:     -disable-output 2>&1 | FileCheck %s --check-prefix=REQUEST
; REQUEST: remark: <unknown>:0:0: loop not pipelined: it has no async copy followed by a mark and a wait

; DECL: declare void @asyncpipe.mark()
; ASM: define void @commit() {
; ASM:   call void asm sideeffect "cp.async.commit_group;", ""()
; ASM:   ret void
; ASM: }
; MD: !0 = distinct !{!0, !1}
; MD: !1 = !{!"asyncpipe.pipeline.stages", i32 2}

define i32 @sum(ptr %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %p
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s.next
}
