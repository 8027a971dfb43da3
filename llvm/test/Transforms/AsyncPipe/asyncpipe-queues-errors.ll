; A queue must be a constant in 0..7 where it is lowered: a run-time queue
; and one past the last are errors at the call, with the fix. A wait on a
; queue that no mark of that queue reaches is a warning (most likely the
; copies were committed to another queue). The same holds for the queue of
; a commit that returns a future, reported with the name the user wrote.
; RUN: split-file %s %t
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/runtime.ll -disable-output 2>&1 | FileCheck %s --check-prefix=RUNTIME
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   %t/runtime.ll -disable-output 2>&1 | FileCheck %s --check-prefix=RUNTIME
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower \
; RUN:   %t/range.ll -disable-output 2>&1 | FileCheck %s --check-prefix=RANGE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/waits.ll -disable-output 2>&1 | FileCheck %s --check-prefix=WAITS
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/wait-range.ll -disable-output 2>&1 | FileCheck %s --check-prefix=WAIT-RANGE
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-unobserved-waits \
; RUN:   %t/unmarked.ll -disable-output 2>&1 | FileCheck %s --check-prefix=UNMARKED
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/futures.ll -disable-output 2>&1 | FileCheck %s --check-prefix=FUTURES
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   %t/future-range.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FUTURE-RANGE

; RUNTIME: error: kernel.c:3:5: in function runtime_queue void (i32): the queue of asyncpipe_commit_queue(q) must be a compile-time constant: queues are told apart when the program is compiled, so name the queue with an integer constant (e.g. branch on the value and mark or wait on queue 0 in one branch and queue 1 in the other)
; RANGE: error: kernel.c:3:5: in function out_of_range void (): queue 8 of asyncpipe_commit_queue(q) is out of range: queues are numbered 0 to 7
; WAITS: error: kernel.c:4:5: in function runtime_queue void (i32): the queue of asyncpipe_wait_queue(q, n) must be a compile-time constant
; WAIT-RANGE: error: kernel.c:4:5: in function out_of_range void (): queue -1 of asyncpipe_wait_queue(q, n) is out of range: queues are numbered 0 to 7
; UNMARKED: warning: kernel.c:4:5: in function unmarked void (): this wait on queue 1 waits for nothing: no mark of queue 1 of this function reaches it (a wait counts only the marks of its own queue); wait on the queue the copies were committed to, or commit them with asyncpipe_commit_queue(1)
; UNMARKED-NOT: warning
; FUTURES: error: kernel.c:3:5: in function futures void (i32): the queue of asyncpipe_commit_future_queue(q) must be a compile-time constant: queues are told apart when the program is compiled, so name the queue with an integer constant (e.g. branch on the value and commit to queue 0 in one branch and queue 1 in the other)
; FUTURE-RANGE: error: kernel.c:3:5: in function futures void (i32): queue 9 of asyncpipe_commit_future_queue(q) is out of range: queues are numbered 0 to 7
; FUTURE-RANGE-NOT: error

;--- runtime.ll
define void @runtime_queue(i32 %q) !dbg !4 {
  call void @asyncpipe.mark.queue(i32 %q), !dbg !7
  call void @asyncpipe.wait.queue(i32 %q, i32 0), !dbg !8
  ret void
}
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "runtime_queue", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- range.ll
define void @out_of_range() !dbg !4 {
  call void @asyncpipe.mark.queue(i32 8), !dbg !7
  call void @asyncpipe.wait.queue(i32 -1, i32 0), !dbg !8
  ret void
}
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "out_of_range", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- unmarked.ll
define void @unmarked() !dbg !4 {
  call void @asyncpipe.mark.queue(i32 0), !dbg !7
  call void @asyncpipe.wait.queue(i32 1, i32 0), !dbg !8
  call void @asyncpipe.mark.queue(i32 1), !dbg !7
  call void @asyncpipe.wait.queue(i32 1, i32 0), !dbg !9
  call void @asyncpipe.wait.queue(i32 0, i32 0), !dbg !9
  ret void
}
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "unmarked", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)
!9 = !DILocation(line: 6, column: 5, scope: !4)

;--- futures.ll
define void @futures(i32 %q) !dbg !4 {
  %f = call i32 @asyncpipe.mark.future.queue(i32 %q), !dbg !7
  call void @asyncpipe.mark.queue(i32 1), !dbg !8
  call void @asyncpipe.wait.future(i32 %f), !dbg !8
  ret void
}
declare i32 @asyncpipe.mark.future.queue(i32)
declare void @asyncpipe.wait.future(i32)
declare void @asyncpipe.mark.queue(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "futures", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- future-range.ll
; The out-of-range queue is reported once, at the commit: its future's wait
; counts it as a commit of queue 0.
define void @futures(i32 %q) !dbg !4 {
  %f = call i32 @asyncpipe.mark.future.queue(i32 9), !dbg !7
  call void @asyncpipe.mark.queue(i32 1), !dbg !8
  call void @asyncpipe.wait.future(i32 %f), !dbg !8
  ret void
}
declare i32 @asyncpipe.mark.future.queue(i32)
declare void @asyncpipe.wait.future(i32)
declare void @asyncpipe.mark.queue(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "futures", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- waits.ll
define void @runtime_queue(i32 %q) !dbg !4 {
  call void @asyncpipe.wait.queue(i32 %q, i32 0), !dbg !8
  ret void
}
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "runtime_queue", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- wait-range.ll
define void @out_of_range() !dbg !4 {
  call void @asyncpipe.wait.queue(i32 -1, i32 0), !dbg !8
  ret void
}
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "out_of_range", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)
