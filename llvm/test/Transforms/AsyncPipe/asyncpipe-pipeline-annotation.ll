; The source annotation asyncpipe_pipeline(S) (a call to asyncpipe.pipeline)
; becomes loop metadata of the innermost loop around it, with unrolling
; disabled until the pipeliner has run; the call disappears.
; RUN: split-file %s %t
; RUN: %opt -passes=asyncpipe-pipeline-annotation -S %t/marker.ll | FileCheck %s
; RUN: not %opt -passes=asyncpipe-pipeline-annotation -disable-output \
; RUN:   %t/variable.ll 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not %opt -passes=asyncpipe-pipeline-annotation -disable-output \
; RUN:   %t/zero.ll 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: not %opt -passes=asyncpipe-pipeline-annotation -disable-output \
; RUN:   %t/big.ll 2>&1 | FileCheck %s --check-prefix=BIG
; The default pipelines consume it at every level, so it never reaches codegen.
; RUN: %opt -passes='default<O0>' -S %t/marker.ll | FileCheck %s --check-prefix=O0
; RUN: %opt -passes='default<O2>' -S %t/marker.ll | FileCheck %s --check-prefix=O2

; BAD: warning: kernel.cu:2:3: in function bad void (i32, i32): asyncpipe_pipeline() is not inside a loop; ignored
; BAD: error: kernel.cu:4:5: in function bad void (i32, i32): asyncpipe_pipeline() needs a compile-time stage count from 1 to 16
; ZERO: error: kernel.cu:4:5: in function bad void (i32, i32): asyncpipe_pipeline() needs a compile-time stage count from 1 to 16
; BIG: error: kernel.cu:4:5: in function bad void (i32, i32): asyncpipe_pipeline() needs a compile-time stage count from 1 to 16

;--- marker.ll
define void @annotated(i32 %n) {
entry:
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  call void @asyncpipe.pipeline(i32 3)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %outer.latch, label %inner, !llvm.loop !0
outer.latch:
  %j.next = add i32 %j, 1
  %outer.done = icmp eq i32 %j.next, %n
  br i1 %outer.done, label %exit, label %outer
exit:
  ret void
}
declare void @asyncpipe.pipeline(i32)
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}

; CHECK-LABEL: define void @annotated(
; CHECK-SAME:    i32 %n) !asyncpipe.pipeline.requests [[REQUESTS:![0-9]+]] {
; CHECK:       inner:
; CHECK-NEXT:    %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
; CHECK-NEXT:    %i.next = add i32 %i, 1
; CHECK-NEXT:    %done = icmp eq i32 %i.next, %n
; CHECK-NEXT:    br i1 %done, label %outer.latch, label %inner, !llvm.loop [[LOOP:![0-9]+]]
; CHECK:       outer.latch:
; CHECK-NEXT:    %j.next = add i32 %j, 1
; CHECK-NEXT:    %outer.done = icmp eq i32 %j.next, %n
; CHECK-NEXT:    br i1 %outer.done, label %exit, label %outer{{$}}
; The function records its requests (request 0 here, without a location),
; and the loop names the one it carries: a request lost with the loop's
; metadata still gets a remark from asyncpipe-pipeline.
; CHECK: [[REQUESTS]] = !{[[REQUEST0:![0-9]+]]}
; CHECK: [[REQUEST0]] = !{i32 0}
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[MP:![0-9]+]], [[STAGES:![0-9]+]], [[NOUNROLL:![0-9]+]], [[ID:![0-9]+]]}
; CHECK: [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK: [[STAGES]] = !{!"asyncpipe.pipeline.stages", i32 3}
; CHECK: [[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK: [[ID]] = !{!"asyncpipe.pipeline.request", i32 0}

; O0-NOT: call void @asyncpipe.pipeline
; O0: !{!"asyncpipe.pipeline.stages", i32 3}
; O2-NOT: call void @asyncpipe.pipeline

;--- variable.ll
define void @bad(i32 %n, i32 %s) !dbg !4 {
entry:
  call void @asyncpipe.pipeline(i32 2), !dbg !7
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline(i32 %s), !dbg !8
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
declare void @asyncpipe.pipeline(i32)

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

;--- zero.ll
define void @bad(i32 %n, i32 %s) !dbg !4 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline(i32 0), !dbg !8
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
declare void @asyncpipe.pipeline(i32)

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

;--- big.ll
define void @bad(i32 %n, i32 %s) !dbg !4 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline(i32 17), !dbg !8
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
declare void @asyncpipe.pipeline(i32)

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
