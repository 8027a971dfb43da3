; AsyncSan checks only the accesses that may race with a copy. Skipped:
; loads from stack objects and internal globals whose address escapes only as
; the source of copies (a copy only reads its source), and accesses through a
; phi or select whose every possible object is skipped. Stores to a copy's
; source stay checked (they may overwrite it while the copy is pending), and
; so does anything a copy may write or that escapes elsewhere.
; clang/test/AsyncSan/skipped-accesses.c runs such a program and shows that
; a race through an access that stays checked is still reported.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-sanitize -S %s \
; RUN:   -pass-remarks=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

@src_only = internal global [4 x i32] zeroinitializer
@both = internal global [4 x i32] zeroinitializer
@private = internal global i32 0

; An internal global that copies only read: its loads are not checked, its
; stores are.
define i32 @global_source(ptr %dst) {
; CHECK-LABEL: define i32 @global_source(
; CHECK:         call void @__asyncpipe_rt_san_copy(ptr %dst, ptr @src_only,
; CHECK-NOT:     call void @__asyncpipe_rt_san_load
; CHECK:         %v = load i32, ptr @src_only, align 4
; CHECK-NEXT:    [[P:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK:         call void @__asyncpipe_rt_san_store(ptr @src_only, i64 4,
; CHECK:         store i32 1, ptr @src_only, align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; CHECK-NEXT:    notail call void @__asyncpipe_rt_san_exit(
; CHECK-NEXT:    ret i32 %v
  call void @asyncpipe.copy(ptr %dst, ptr @src_only, i32 16, i32 0)
  call void @asyncpipe.mark()
  %v = load i32, ptr @src_only, align 4
  store i32 1, ptr @src_only, align 4
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

; A stack buffer that copies only read, the same.
define i32 @stack_source(ptr %dst) {
; CHECK-LABEL: define i32 @stack_source(
; CHECK:         store i32 7, ptr %buf, align 4
; CHECK:         call void @__asyncpipe_rt_san_copy(ptr %dst, ptr %buf,
; CHECK-NOT:     call void @__asyncpipe_rt_san_load
; CHECK:         %v = load i32, ptr %buf, align 4
; CHECK-NEXT:    [[P:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK:         call void @__asyncpipe_rt_san_store(ptr %buf, i64 4,
; CHECK:         store i32 2, ptr %buf, align 4
; CHECK-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; CHECK-NEXT:    notail call void @__asyncpipe_rt_san_exit(
; CHECK-NEXT:    ret i32 %v
  %buf = alloca [4 x i32], align 4
  store i32 7, ptr %buf, align 4
  call void @asyncpipe.copy(ptr %dst, ptr %buf, i32 16, i32 0)
  call void @asyncpipe.mark()
  %v = load i32, ptr %buf, align 4
  store i32 2, ptr %buf, align 4
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

; (The store before the copy above is checked too: it is a store to an
; object copies read.) Here the buffer is also a copy's destination, and, in
; the next function, it is passed to an unknown function: every access is
; checked.
define i32 @global_both(ptr %src) {
; CHECK-LABEL: define i32 @global_both(
; CHECK:         call void @__asyncpipe_rt_san_copy(ptr @both, ptr %src,
; CHECK:         call void @__asyncpipe_rt_san_copy(ptr %src, ptr @both,
; CHECK:         call void @__asyncpipe_rt_san_load(ptr @both, i64 4,
; CHECK:         %v = load i32, ptr @both, align 4
  call void @asyncpipe.copy(ptr @both, ptr %src, i32 16, i32 0)
  call void @asyncpipe.copy(ptr %src, ptr @both, i32 16, i32 0)
  call void @asyncpipe.mark()
  %v = load i32, ptr @both, align 4
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

define i32 @stack_escapes(ptr %dst) {
; CHECK-LABEL: define i32 @stack_escapes(
; CHECK:         call void @__asyncpipe_rt_san_copy(ptr %dst, ptr %buf,
; CHECK:         call void @__asyncpipe_rt_san_load(ptr %buf, i64 4,
; CHECK:         %v = load i32, ptr %buf, align 4
  %buf = alloca [4 x i32], align 4
  call void @asyncpipe.copy(ptr %dst, ptr %buf, i32 16, i32 0)
  call void @unknown(ptr %buf)
  call void @asyncpipe.mark()
  %v = load i32, ptr %buf, align 4
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

; A copy onto its own source writes it.
define i32 @stack_self_copy(ptr %dst) {
; CHECK-LABEL: define i32 @stack_self_copy(
; CHECK:         call void @__asyncpipe_rt_san_copy(ptr %buf, ptr %buf,
; CHECK:         call void @__asyncpipe_rt_san_load(ptr %buf, i64 4,
; CHECK:         %v = load i32, ptr %buf, align 4
  %buf = alloca [4 x i32], align 4
  call void @asyncpipe.copy(ptr %buf, ptr %buf, i32 16, i32 0)
  call void @asyncpipe.mark()
  %v = load i32, ptr %buf, align 4
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

; Through a select or a phi: skipped only if every object may be skipped.
define i32 @select_private(i1 %c, ptr %dst) {
; CHECK-LABEL: define i32 @select_private(
; CHECK:         %p = select i1 %c, ptr %a, ptr @private
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
; CHECK-NEXT:    store i32 %v, ptr %p, align 4
; CHECK-NEXT:    %q = select i1 %c, ptr %a, ptr %dst
; CHECK-NEXT:    [[P:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK:         call void @__asyncpipe_rt_san_load(ptr %q, i64 4,
; CHECK:         %w = load i32, ptr %q, align 4
  %a = alloca i32, align 4
  store i32 0, ptr %a, align 4
  call void @asyncpipe.copy(ptr %dst, ptr @src_only, i32 16, i32 0)
  call void @asyncpipe.mark()
  %p = select i1 %c, ptr %a, ptr @private
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %p, align 4
  %q = select i1 %c, ptr %a, ptr %dst
  %w = load i32, ptr %q, align 4
  call void @asyncpipe.wait(i32 0)
  %r = add i32 %v, %w
  ret i32 %r
}

define i32 @phi_source(i1 %c, ptr %dst) {
; CHECK-LABEL: define i32 @phi_source(
; CHECK:       join:
; CHECK-NEXT:    %p = phi ptr [ %buf, %entry ], [ @src_only, %other ]
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
; CHECK-NEXT:    [[P:%.*]] = load atomic i64, ptr @__asyncpipe_rt_san_pending monotonic, align 8
; CHECK:         call void @__asyncpipe_rt_san_store(ptr %p, i64 4,
; CHECK:         store i32 0, ptr %p, align 4
entry:
  %buf = alloca [4 x i32], align 4
  call void @asyncpipe.copy(ptr %dst, ptr %buf, i32 16, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %join, label %other
other:
  br label %join
join:
  %p = phi ptr [ %buf, %entry ], [ @src_only, %other ]
  %v = load i32, ptr %p, align 4
  store i32 0, ptr %p, align 4
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

declare void @unknown(ptr)
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

; REMARK: remark: <unknown>:0:0: AsyncSan checks 0 loads, 1 stores and 2 async runtime calls; 1 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 0 loads, 2 stores and 2 async runtime calls; 1 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 1 loads, 0 stores and 3 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 1 loads, 0 stores and 2 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 1 loads, 0 stores and 2 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 1 loads, 0 stores and 2 async runtime calls; 3 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
; REMARK-NEXT: remark: <unknown>:0:0: AsyncSan checks 0 loads, 1 stores and 2 async runtime calls; 1 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals)
