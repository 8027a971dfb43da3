; -asyncpipe-debug=<DEBUG_TYPE>[,...] prints the named passes' traces and
; -asyncpipe-stats their statistics, in LLVM's -stats format at exit, with
; the stock release tools (which have neither -debug-only nor statistics).
; LLVM's own -stats reports AsyncPipe's statistics too.
; RUN: rm -rf %t && split-file %s %t
;
; RUN: %opt -passes=asyncpipe-elim -disable-output %t/elim.ll \
; RUN:   -asyncpipe-debug=asyncpipe-elim -asyncpipe-stats 2>&1 | FileCheck %s --check-prefix=ELIM
; RUN: %opt -passes=asyncpipe-elim -disable-output %t/elim.ll \
; RUN:   -asyncpipe-debug=all 2>&1 | FileCheck %s --check-prefix=ELIM-TRACE
; RUN: %opt -passes=asyncpipe-elim -disable-output %t/elim.ll \
; RUN:   -stats 2>&1 | FileCheck %s --check-prefix=ELIM-STATS
; Traces of other passes are not printed, nor is anything by default.
; RUN: %opt -passes=asyncpipe-elim -disable-output %t/elim.ll \
; RUN:   -asyncpipe-debug=asyncpipe-pipeline 2>&1 | count 0
; RUN: %opt -passes=asyncpipe-elim -disable-output %t/elim.ll 2>&1 | count 0
; RUN: not %opt -passes=asyncpipe-elim -disable-output %t/elim.ll \
; RUN:   -asyncpipe-debug=asyncpipe-elim,bogus 2>&1 | FileCheck %s --check-prefix=UNKNOWN
;
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline \
; RUN:   -asyncpipe-pipeline-stages=2 -disable-output %t/pipeline.ll \
; RUN:   -asyncpipe-debug=asyncpipe-pipeline -asyncpipe-stats 2>&1 | FileCheck %s --check-prefix=PIPELINE
;
; A tool stopping at an error still reports the statistics so far.
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/fusion.ll \
; RUN:   -asyncpipe-debug=asyncpipe-fusion -asyncpipe-stats 2>&1 | FileCheck %s --check-prefix=FUSION

; ELIM:      ********** AsyncPipe mark/wait elimination: f **********
; ELIM-NEXT: AsyncElim: removing redundant wait  call void @asyncpipe.wait(i32 1)
; ELIM-NEXT: AsyncElim: removing unobserved mark  call void @asyncpipe.mark()
; ELIM-NEXT: ===-------------------------------------------------------------------------===
; ELIM-NEXT:                           ... Statistics Collected ...
; ELIM-NEXT: ===-------------------------------------------------------------------------===
; ELIM-EMPTY:
; ELIM-NEXT: 1 asyncpipe-elim - Number of marks removed
; ELIM-NEXT: 1 asyncpipe-elim - Number of waits removed
; ELIM-EMPTY:
; ELIM-NOT:  {{.}}

; ELIM-TRACE:     ********** AsyncPipe mark/wait elimination: f **********
; ELIM-TRACE-NOT: Statistics Collected

; ELIM-STATS-NOT: AsyncElim:
; ELIM-STATS:     ... Statistics Collected ...
; ELIM-STATS:     1 asyncpipe-elim - Number of marks removed
; ELIM-STATS-NEXT: 1 asyncpipe-elim - Number of waits removed

; UNKNOWN: for the --asyncpipe-debug option: unknown AsyncPipe debug type 'bogus'; known: all, asyncpipe, asyncpipe-lower, asyncpipe-elim, asyncpipe-bind-waits, asyncpipe-lower-futures, asyncpipe-pipeline, asyncpipe-sanitize, asyncpipe-fusion, amdgpu-lower-async-intrinsics, amdgpu-lower-async-waits

; PIPELINE:      AsyncPipeline: pipelined: loop at 'loop' pipelined with 2 stages, 1 groups per iteration
; PIPELINE-NEXT: AsyncPipeline: unknown_trip_count: loop at 'loop' not pipelined: its trip count cannot be computed
; PIPELINE:      1 asyncpipe-pipeline - Number of loops considered and not pipelined
; PIPELINE-NEXT: 1 asyncpipe-pipeline - Number of loops pipelined

; FUSION:      KernelFusion: fused first, second into fused
; FUSION-NEXT: KernelFusion: refusing refused: kernel fusion refused [nd-range-count-mismatch]: 2 kernels but 1 nd-ranges
; FUSION:      error: {{.*}}cannot fuse kernels into 'refused'
; FUSION:      1 asyncpipe-fusion - Number of fused kernels made
; FUSION-NEXT: 1 asyncpipe-fusion - Number of fusions refused

;--- elim.ll
define void @f(ptr %s, ptr %g) {
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- pipeline.ll
@tile = internal global [32 x i8] zeroinitializer, align 16

define i64 @pipelined(ptr noalias %src, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %off = shl i64 %i, 5
  %g = getelementptr i8, ptr %src, i64 %off
  call void @asyncpipe.copy(ptr @tile, ptr %g, i32 16, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load i64, ptr @tile
  %acc.next = add i64 %acc, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  ret i64 %r
}

define i64 @unknown_trip_count(ptr noalias %src) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl i64 %i, 5
  %g = getelementptr i8, ptr %src, i64 %off
  call void @asyncpipe.copy(ptr @tile, ptr %g, i32 16, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %x = load i64, ptr @tile
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %x, 0
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %i
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- fusion.ll
define spir_kernel void @first(ptr %buf) {
  store i32 1, ptr %buf
  ret void
}
define spir_kernel void @second(ptr %buf) {
  store i32 2, ptr %buf
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !3 void @refused()
!0 = !{!"first", !"second"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!2}
