; On the host, asyncpipe-lower emits calls into the AsyncPipe runtime. Each
; copy carries its issue site; a function that marks or waits owns a mark
; sequence, so it is bracketed by __asyncpipe_rt_enter / __asyncpipe_rt_exit (at
; every return); a function that only copies is not.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s
; RUN: %opt -mtriple=aarch64-unknown-linux-gnu -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s

; CHECK: @[[FILE:__asyncpipe_str]] = private unnamed_addr constant [9 x i8] c"kernel.c\00"
; CHECK: @[[FN:__asyncpipe_str.1]] = private unnamed_addr constant [10 x i8] c"two_exits\00"
; CHECK: @[[COPYSITE:__asyncpipe_rt_site]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 3, i32 5 }
; CHECK: @[[EXIT1:__asyncpipe_rt_site.2]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 5, i32 7 }
; CHECK: @[[EXIT2:__asyncpipe_rt_site.3]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 7, i32 3 }

define i32 @two_exits(ptr %s, ptr %g, i1 %c) !dbg !4 {
; CHECK-LABEL: define i32 @two_exits(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %slot = alloca i32, align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_enter(), !dbg [[COPYLOC:![0-9]+]]
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy(ptr %s, ptr %g, i64 16, ptr @[[COPYSITE]]), !dbg [[COPYLOC]]
; CHECK-NEXT:    notail call void @__asyncpipe_rt_mark(), !dbg
; CHECK-NEXT:    br i1 %c, label %early, label %late
; CHECK:       early:
; CHECK-NEXT:    notail call void @__asyncpipe_rt_exit(ptr @[[EXIT1]]), !dbg [[EXIT1LOC:![0-9]+]]
; CHECK-NEXT:    ret i32 0, !dbg [[EXIT1LOC]]
; CHECK:       late:
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0), !dbg
; CHECK-NEXT:    notail call void @__asyncpipe_rt_exit(ptr @[[EXIT2]]), !dbg [[EXIT2LOC:![0-9]+]]
; CHECK-NEXT:    ret i32 1, !dbg [[EXIT2LOC]]
entry:
  %slot = alloca i32, align 4
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 16, i32 0), !dbg !7
  call void @asyncpipe.mark(), !dbg !8
  br i1 %c, label %early, label %late
early:
  ret i32 0, !dbg !9
late:
  call void @asyncpipe.wait(i32 0), !dbg !10
  ret i32 1, !dbg !11
}

; Copies alone join whatever sequence the caller marks: no activation.
define void @copy_only(ptr %s, ptr %g) {
; CHECK-LABEL: define void @copy_only(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy(ptr %s, ptr %g, i64 4, ptr @[[COPYONLY:__asyncpipe_rt_site.*]])
; CHECK-NEXT:    ret void
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  ret void
}

; Zero-filling copies pass the source size, constant or not; a source size
; equal to the copy's is a plain copy. Policy hints mean nothing on the host.
define void @zero_fill(ptr %s, ptr %g, i32 %n) {
; CHECK-LABEL: define void @zero_fill(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy_zfill(ptr %s, ptr %g, i64 16, i64 12, ptr @[[ZSITE:__asyncpipe_rt_site.*]])
; CHECK-NEXT:    [[N64:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy_zfill(ptr %s, ptr %g, i64 8, i64 [[N64]], ptr @[[ZSITE]])
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy(ptr %s, ptr %g, i64 4, ptr @[[ZSITE]])
; CHECK-NEXT:    ret void
  call void @asyncpipe.copy.zfill(ptr %s, ptr %g, i32 16, i32 12, i32 1)
  call void @asyncpipe.copy.zfill(ptr %s, ptr %g, i32 8, i32 %n, i32 0)
  call void @asyncpipe.copy.zfill(ptr %s, ptr %g, i32 4, i32 4, i32 0)
  ret void
}

; Nothing may separate a musttail call from its return: the exit goes first.
define void @tail(ptr %s, ptr %g) {
; CHECK-LABEL: define void @tail(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_enter()
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; CHECK-NEXT:    notail call void @__asyncpipe_rt_exit(ptr @{{__asyncpipe_rt_site.*}})
; CHECK-NEXT:    musttail call void @copy_only(ptr %s, ptr %g)
; CHECK-NEXT:    ret void
  call void @asyncpipe.wait(i32 0)
  musttail call void @copy_only(ptr %s, ptr %g)
  ret void
}

; CHECK: declare void @__asyncpipe_rt_copy(ptr, ptr, i64, ptr)
; CHECK: declare void @__asyncpipe_rt_mark()
; CHECK: declare void @__asyncpipe_rt_wait(i64)
; CHECK: declare void @__asyncpipe_rt_enter()
; CHECK: declare void @__asyncpipe_rt_exit(ptr)

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.copy.zfill(ptr, ptr, i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "two_exits", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)
!9 = !DILocation(line: 5, column: 7, scope: !4)
!10 = !DILocation(line: 6, column: 5, scope: !4)
!11 = !DILocation(line: 7, column: 3, scope: !4)
