; AsyncSan and async stores: the store's source is its shared staging buffer
; (the second operand), so loads from an internal global that only stores
; read are not checked while stores to it are (the write-back hazard of
; overwriting the staging buffer), and the store's global destination is
; checked like a copy's destination (reading it while the store is in
; flight). The store calls the checked runtime entry.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-sanitize -S %s \
; RUN:   | FileCheck %s

@staging = internal global [4 x i32] zeroinitializer
@result = internal global [4 x i32] zeroinitializer

define i32 @write_back() {
; CHECK-LABEL: define i32 @write_back(
; CHECK:         call void @__asyncpipe_rt_san_async_store(ptr @result, ptr @staging, i64 16,
; CHECK-NOT:     call void @__asyncpipe_rt_san_load(ptr @staging
; CHECK:         %v = load i32, ptr @staging, align 4
; CHECK:         call void @__asyncpipe_rt_san_store(ptr @staging, i64 4,
; CHECK:         store i32 1, ptr @staging, align 4
; CHECK:         call void @__asyncpipe_rt_san_load(ptr @result, i64 4,
; CHECK:         %r = load i32, ptr @result, align 4
  call void @asyncpipe.store(ptr @result, ptr @staging, i32 16)
  call void @asyncpipe.mark()
  %v = load i32, ptr @staging, align 4
  store i32 1, ptr @staging, align 4
  %r = load i32, ptr @result, align 4
  call void @asyncpipe.wait(i32 0)
  %sum = add i32 %v, %r
  ret i32 %sum
}

declare void @asyncpipe.store(ptr, ptr, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
