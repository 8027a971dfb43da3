; asyncpipe-sanitize (AsyncSan) checks every access that may touch an async
; copy's buffers, switches copies and activation exits to the checking
; runtime entry points, and lowers portable calls first so copies carry their
; issue site.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-sanitize -S %s \
; RUN:   -pass-remarks=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
;
; In the default pipelines it runs only with -asyncpipe-sanitize.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O1>' -S %s \
; RUN:   -asyncpipe-sanitize | FileCheck %s --check-prefix=PIPELINE
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O1>' -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
;
; GPU modules have no host runtime and are left alone.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-sanitize -S %s \
; RUN:   | FileCheck %s --check-prefix=GPU

@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@private_g = internal global [4 x i32] zeroinitializer
@shared_g = internal global [4 x i32] zeroinitializer
@external_g = global [4 x i32] zeroinitializer

; Each site is a struct __asyncpipe_rt_site {file, function, line, column}.
; CHECK: @[[FILE:__asyncpipe_str]] = private unnamed_addr constant [9 x i8] c"kernel.c\00"
; CHECK: @[[FN:__asyncpipe_str.1]] = private unnamed_addr constant [9 x i8] c"consumer\00"
; CHECK: @[[COPYSITE:__asyncpipe_rt_site]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 3, i32 5 }
; CHECK: @[[RETSITE:__asyncpipe_rt_site.2]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 9, i32 1 }
; Without debug info a site names the function only.
; CHECK: @[[STACKFN:__asyncpipe_str.3]] = private unnamed_addr constant [6 x i8] c"stack\00"
; CHECK: @[[STACKSITE:__asyncpipe_rt_site.4]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr null, ptr @[[STACKFN]], i32 0, i32 0 }
; CHECK: @[[LOADSITE:__asyncpipe_rt_site[.0-9]+]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 6, i32 12 }
; CHECK: @[[STORESITE:__asyncpipe_rt_site[.0-9]+]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FN]], i32 7, i32 3 }

define i32 @consumer(ptr %shared, ptr %global, ptr %out) !dbg !4 {
; CHECK-LABEL: define i32 @consumer(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_enter(), !dbg [[COPYLOC:![0-9]+]]
; CHECK-NEXT:    notail call void @__asyncpipe_rt_san_copy(ptr %shared, ptr %global, i64 16, ptr @[[COPYSITE]]), !dbg [[COPYLOC]]
; CHECK-NEXT:    notail call void @__asyncpipe_rt_mark()
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; CHECK-NEXT:    [[P0:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A0:%.*]] = icmp ne i64 [[P0]], 0
; CHECK-NEXT:    br i1 [[A0]], label %[[C0:asyncsan.check[0-9]*]], label %[[T0:[0-9]+]]{{.*}}, !prof [[UNLIKELY:![0-9]+]]
; CHECK:       [[C0]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_load(ptr %shared, i64 4, ptr @[[LOADSITE]])
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    %v = load i32, ptr %shared, align 4
; CHECK-NEXT:    [[P1:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A1:%.*]] = icmp ne i64 [[P1]], 0
; CHECK-NEXT:    br i1 [[A1]], label %[[C1:asyncsan.check[0-9]*]], label %[[T1:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C1]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_store(ptr %out, i64 4, ptr @[[STORESITE]])
; CHECK-NEXT:    br label %[[T1]]
; CHECK:       [[T1]]:
; CHECK-NEXT:    store i32 %v, ptr %out, align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_san_exit(ptr @[[RETSITE]])
; CHECK-NEXT:    ret i32 %v
  call void @asyncpipe.copy(ptr %shared, ptr %global, i32 16, i32 0), !dbg !7
  call void @asyncpipe.mark(), !dbg !8
  call void @asyncpipe.wait(i32 0), !dbg !8
  %v = load i32, ptr %shared, align 4, !dbg !9
  store i32 %v, ptr %out, align 4, !dbg !10
  ret i32 %v, !dbg !11
}

; Stack objects whose address never escapes cannot be a copy's buffer; a
; stack buffer handed to a copy can.
define i32 @stack(ptr %global) {
; CHECK-LABEL: define i32 @stack(
; CHECK-NEXT:    %private = alloca i32, align 4
; CHECK-NEXT:    %buffer = alloca [4 x i32], align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_enter()
; CHECK-NEXT:    store i32 1, ptr %private, align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_san_copy(ptr %buffer, ptr %global, i64 16, ptr @[[STACKSITE]])
; CHECK-NEXT:    notail call void @__asyncpipe_rt_mark()
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; CHECK-NEXT:    %p = load i32, ptr %private, align 4
; CHECK-NEXT:    [[P0:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A0:%.*]] = icmp ne i64 [[P0]], 0
; CHECK-NEXT:    br i1 [[A0]], label %[[C0:asyncsan.check[0-9]*]], label %[[T0:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C0]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_load(ptr %buffer, i64 4, ptr @{{__asyncpipe_rt_site[.0-9]+}})
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    %b = load i32, ptr %buffer, align 4
  %private = alloca i32, align 4
  %buffer = alloca [4 x i32], align 4
  store i32 1, ptr %private, align 4
  call void @asyncpipe.copy(ptr %buffer, ptr %global, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %p = load i32, ptr %private, align 4
  %b = load i32, ptr %buffer, align 4
  %sum = add i32 %p, %b
  ret i32 %sum
}

; Constant globals are never written by a copy; loads from them need no check.
define i32 @constant_global(i64 %i, ptr %out) {
; CHECK-LABEL: define i32 @constant_global(
; CHECK-NEXT:    %slot = getelementptr [4 x i32], ptr @table, i64 0, i64 %i
; CHECK-NEXT:    %v = load i32, ptr %slot, align 4
; CHECK-NEXT:    [[P0:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A0:%.*]] = icmp ne i64 [[P0]], 0
; CHECK-NEXT:    br i1 [[A0]], label %[[C0:asyncsan.check[0-9]*]], label %[[T0:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C0]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_store(ptr %out, i64 4, ptr @{{__asyncpipe_rt_site[.0-9]+}})
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    store i32 %v, ptr %out, align 4
  %slot = getelementptr [4 x i32], ptr @table, i64 0, i64 %i
  %v = load i32, ptr %slot, align 4
  store i32 %v, ptr %out, align 4
  ret i32 %v
}

; Memory intrinsics read and write ranges; atomics are writes.
define void @ranges(ptr %dst, ptr %src, i32 %n, ptr %counter) {
; CHECK-LABEL: define void @ranges(
; CHECK-NEXT:    [[P0:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A0:%.*]] = icmp ne i64 [[P0]], 0
; CHECK-NEXT:    br i1 [[A0]], label %[[C0:asyncsan.check[0-9]*]], label %[[T0:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C0]]:
; CHECK-NEXT:    [[N0:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    call void @__asyncpipe_rt_san_load(ptr %src, i64 [[N0]], ptr @[[RSITE:__asyncpipe_rt_site[.0-9]+]])
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    [[P1:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A1:%.*]] = icmp ne i64 [[P1]], 0
; CHECK-NEXT:    br i1 [[A1]], label %[[C1:asyncsan.check[0-9]*]], label %[[T1:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C1]]:
; CHECK-NEXT:    [[N1:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    call void @__asyncpipe_rt_san_store(ptr %dst, i64 [[N1]], ptr @[[RSITE]])
; CHECK-NEXT:    br label %[[T1]]
; CHECK:       [[T1]]:
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i32(ptr %dst, ptr %src, i32 %n, i1 false)
; CHECK-NEXT:    [[P2:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A2:%.*]] = icmp ne i64 [[P2]], 0
; CHECK-NEXT:    br i1 [[A2]], label %[[C2:asyncsan.check[0-9]*]], label %[[T2:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C2]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_store(ptr %dst, i64 64, ptr @[[RSITE]])
; CHECK-NEXT:    br label %[[T2]]
; CHECK:       [[T2]]:
; CHECK-NEXT:    call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 64, i1 false)
; CHECK-NEXT:    [[P3:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A3:%.*]] = icmp ne i64 [[P3]], 0
; CHECK-NEXT:    br i1 [[A3]], label %[[C3:asyncsan.check[0-9]*]], label %[[T3:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C3]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_store(ptr %counter, i64 8, ptr @[[RSITE]])
; CHECK-NEXT:    br label %[[T3]]
; CHECK:       [[T3]]:
; CHECK-NEXT:    %old = atomicrmw add ptr %counter, i64 1 seq_cst, align 8
; CHECK-NEXT:    [[P4:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A4:%.*]] = icmp ne i64 [[P4]], 0
; CHECK-NEXT:    br i1 [[A4]], label %[[C4:asyncsan.check[0-9]*]], label %[[T4:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C4]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_store(ptr %counter, i64 8, ptr @[[RSITE]])
; CHECK-NEXT:    br label %[[T4]]
; CHECK:       [[T4]]:
; CHECK-NEXT:    %pair = cmpxchg ptr %counter, i64 %old, i64 0 seq_cst seq_cst, align 8
  call void @llvm.memcpy.p0.p0.i32(ptr %dst, ptr %src, i32 %n, i1 false)
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 64, i1 false)
  %old = atomicrmw add ptr %counter, i64 1 seq_cst, align 8
  %pair = cmpxchg ptr %counter, i64 %old, i64 0 seq_cst seq_cst, align 8
  ret void
}

; Code already in host-runtime form is switched to the checking entry points.
define void @host_form(ptr %dst, ptr %src) {
; CHECK-LABEL: define void @host_form(
; CHECK-NEXT:    call void @__asyncpipe_rt_enter()
; CHECK-NEXT:    call void @__asyncpipe_rt_san_copy(ptr %dst, ptr %src, i64 8, ptr null)
; CHECK-NEXT:    call void @__asyncpipe_rt_san_copy_zfill(ptr %dst, ptr %src, i64 8, i64 3, ptr null)
; CHECK-NEXT:    call void @__asyncpipe_rt_mark()
; CHECK-NEXT:    call void @__asyncpipe_rt_san_exit(ptr null)
; CHECK-NEXT:    ret void
  call void @__asyncpipe_rt_enter()
  call void @__asyncpipe_rt_copy(ptr %dst, ptr %src, i64 8, ptr null)
  call void @__asyncpipe_rt_copy_zfill(ptr %dst, ptr %src, i64 8, i64 3, ptr null)
  call void @__asyncpipe_rt_mark()
  call void @__asyncpipe_rt_exit(ptr null)
  ret void
}

define i32 @not_instrumented(ptr %p) disable_sanitizer_instrumentation {
; CHECK-LABEL: define i32 @not_instrumented(
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
; CHECK-NEXT:    ret i32 %v
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; Internal globals whose address never escapes the module are like private
; stack objects: no copy, here or in another module, can name them. An
; internal global handed to a copy, or any external global, is checked.
define i32 @internal_globals(ptr %global) {
; CHECK-LABEL: define i32 @internal_globals(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_enter()
; CHECK-NEXT:    store i32 1, ptr @private_g, align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_san_copy(ptr @shared_g, ptr %global, i64 16, ptr @{{__asyncpipe_rt_site[.0-9]+}})
; CHECK-NEXT:    notail call void @__asyncpipe_rt_mark()
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; CHECK-NEXT:    %p = load i32, ptr @private_g, align 4
; CHECK-NEXT:    [[P0:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A0:%.*]] = icmp ne i64 [[P0]], 0
; CHECK-NEXT:    br i1 [[A0]], label %[[C0:asyncsan.check[0-9]*]], label %[[T0:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C0]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_load(ptr @shared_g, i64 4, ptr @{{__asyncpipe_rt_site[.0-9]+}})
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    %s = load i32, ptr @shared_g, align 4
; CHECK-NEXT:    [[P1:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK-NEXT:    [[A1:%.*]] = icmp ne i64 [[P1]], 0
; CHECK-NEXT:    br i1 [[A1]], label %[[C1:asyncsan.check[0-9]*]], label %[[T1:[0-9]+]]{{.*}}, !prof [[UNLIKELY]]
; CHECK:       [[C1]]:
; CHECK-NEXT:    call void @__asyncpipe_rt_san_load(ptr @external_g, i64 4, ptr @{{__asyncpipe_rt_site[.0-9]+}})
; CHECK-NEXT:    br label %[[T1]]
; CHECK:       [[T1]]:
; CHECK-NEXT:    %e = load i32, ptr @external_g, align 4
  store i32 1, ptr @private_g, align 4
  call void @asyncpipe.copy(ptr @shared_g, ptr %global, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %p = load i32, ptr @private_g, align 4
  %s = load i32, ptr @shared_g, align 4
  %e = load i32, ptr @external_g, align 4
  %ps = add i32 %p, %s
  %sum = add i32 %ps, %e
  ret i32 %sum
}

; CHECK-NOT: @asyncpipe.

; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048575}

; REMARK: remark: kernel.c:0:0: AsyncSan checks 1 loads, 1 stores and 2 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 1 loads, 0 stores and 2 async runtime calls; 2 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 0 loads, 1 stores and 0 async runtime calls; 1 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 1 loads, 4 stores and 0 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 0 loads, 0 stores and 3 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 2 loads, 0 stores and 2 async runtime calls; 2 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NOT: remark

; PIPELINE-LABEL: define i32 @consumer(
; PIPELINE:         notail call void @__asyncpipe_rt_san_copy(ptr %shared, ptr %global, i64 16,
; PIPELINE:         call void @__asyncpipe_rt_san_load(ptr %shared, i64 4,
; PIPELINE:         notail call void @__asyncpipe_rt_san_exit(

; OFF-LABEL: define i32 @consumer(
; OFF:         notail call void @__asyncpipe_rt_copy(ptr %shared, ptr %global, i64 16,
; OFF-NOT:     __asyncpipe_san
; OFF:         notail call void @__asyncpipe_rt_exit(
; OFF-NOT:     __asyncpipe_san

; GPU-LABEL: define i32 @consumer(
; GPU-NEXT:    call void @asyncpipe.copy(ptr %shared, ptr %global, i32 16, i32 0)
; GPU-NOT:     __asyncpipe_san

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @__asyncpipe_rt_enter()
declare void @__asyncpipe_rt_copy(ptr, ptr, i64, ptr)
declare void @__asyncpipe_rt_copy_zfill(ptr, ptr, i64, i64, ptr)
declare void @__asyncpipe_rt_mark()
declare void @__asyncpipe_rt_exit(ptr)
declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "consumer", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)
!9 = !DILocation(line: 6, column: 12, scope: !4)
!10 = !DILocation(line: 7, column: 3, scope: !4)
!11 = !DILocation(line: 9, column: 1, scope: !4)
