; Pass instrumentation knows every new-PM pass of the plugin by the name opt
; parses, so -print-after, -print-changed's -filter-passes, -print-pipeline-passes
; and -debug-pass-manager all work with it.
;
; RUN: %opt -disable-output -print-pipeline-passes %s \
; RUN:   -passes='function(asyncpipe-summary,asyncpipe-elim,asyncpipe-bind-waits,asyncpipe-lower-futures,asyncpipe-pipeline-annotation,asyncpipe-pipeline<stages=2>),asyncpipe-lower,asyncpipe-sanitize,asyncpipe-fuse-kernels' \
; RUN:   | FileCheck %s --check-prefix=PIPELINE
; PIPELINE: function(asyncpipe-summary,asyncpipe-elim,asyncpipe-bind-waits,asyncpipe-lower-futures,asyncpipe-pipeline-annotation,asyncpipe-pipeline),asyncpipe-lower,asyncpipe-sanitize,asyncpipe-fuse-kernels,verify
;
; RUN: %opt -disable-output %s \
; RUN:   -passes='function(asyncpipe-summary,asyncpipe-elim,asyncpipe-bind-waits,asyncpipe-lower-futures,asyncpipe-pipeline-annotation,asyncpipe-pipeline),asyncpipe-lower,asyncpipe-sanitize,asyncpipe-fuse-kernels' \
; RUN:   -print-after=asyncpipe-summary,asyncpipe-elim,asyncpipe-bind-waits,asyncpipe-lower-futures,asyncpipe-pipeline-annotation,asyncpipe-pipeline,asyncpipe-lower,asyncpipe-sanitize,asyncpipe-fuse-kernels \
; RUN:   2>&1 | FileCheck %s --check-prefix=AFTER
; AFTER:      ; *** IR Dump After AsyncOpSummaryPass on f ***
; AFTER:      ; *** IR Dump After AsyncElimPass on f ***
; AFTER-NEXT: define void @f(ptr %s, ptr %g) {
; AFTER-NEXT:   call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
; AFTER-NEXT:   ret void
; AFTER:      ; *** IR Dump After AsyncBindWaitsPass on f ***
; AFTER:      ; *** IR Dump After AsyncLowerFuturesPass on f ***
; AFTER:      ; *** IR Dump After AsyncPipelineAnnotationPass on f ***
; AFTER:      ; *** IR Dump After AsyncPipelinePass on f ***
; AFTER:      ; *** IR Dump After AsyncLowerPass on [module] ***
; AFTER:      ; *** IR Dump After AsyncSanitizePass on [module] ***
; AFTER:      ; *** IR Dump After asyncpipe::KernelFusionPass on [module] ***
;
; Only the named pass's change is shown.
; RUN: %opt -disable-output %s -passes='function(asyncpipe-elim,asyncpipe-summary)' \
; RUN:   -print-changed -filter-passes=asyncpipe-elim 2>&1 | FileCheck %s --check-prefix=CHANGED
; CHANGED:      *** IR Dump At Start ***
; CHANGED:      *** IR Dump After AsyncElimPass on f ***
; CHANGED-NEXT: define void @f(ptr %s, ptr %g) {
; CHANGED-NEXT:   call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
; CHANGED-NEXT:   ret void
; CHANGED-NEXT: }
; CHANGED-NEXT: *** IR Dump After AsyncOpSummaryPass on f filtered out ***
;
; RUN: %opt -disable-output %s -passes='function(asyncpipe-elim)' \
; RUN:   -debug-pass-manager 2>&1 | FileCheck %s --check-prefix=PM
; PM: Running pass: AsyncElimPass on f (4 instructions)

define void @f(ptr %s, ptr %g) {
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
