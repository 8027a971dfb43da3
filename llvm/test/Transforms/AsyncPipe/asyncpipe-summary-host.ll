; The async-op model recognizes the host runtime's calls (what asyncpipe-lower
; emits on the host, and AsyncSan's checking copy) as copies, marks and waits,
; so passes that run after the host lowering still see the async program.
; Activation bounds and access checks are runtime calls, not async ops.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-summary \
; RUN:   -pass-remarks-analysis=asyncpipe -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes='asyncpipe-lower,function(asyncpipe-summary),asyncpipe-sanitize,function(asyncpipe-summary)' \
; RUN:   -pass-remarks-analysis=asyncpipe -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LOWERED

; CHECK: remark: <unknown>:0:0: 'host_form' at opt: 4 async copies, 1 marks, 2 waits
; CHECK-NEXT: remark: <unknown>:0:0: 'portable_form' at opt: 1 async copies, 1 marks, 1 waits
; LOWERED: remark: <unknown>:0:0: 'host_form' at opt: 4 async copies, 1 marks, 2 waits
; LOWERED-NEXT: remark: <unknown>:0:0: 'portable_form' at opt: 1 async copies, 1 marks, 1 waits
; LOWERED-NEXT: remark: <unknown>:0:0: 'host_form' at opt: 4 async copies, 1 marks, 2 waits
; LOWERED-NEXT: remark: <unknown>:0:0: 'portable_form' at opt: 1 async copies, 1 marks, 1 waits

define void @host_form(ptr %dst, ptr %src, i64 %n) {
  call void @__asyncpipe_rt_enter()
  call void @__asyncpipe_rt_copy(ptr %dst, ptr %src, i64 16, ptr null)
  call void @__asyncpipe_rt_san_copy(ptr %dst, ptr %src, i64 4, ptr null)
  call void @__asyncpipe_rt_copy_zfill(ptr %dst, ptr %src, i64 4, i64 2, ptr null)
  call void @__asyncpipe_rt_san_copy_zfill(ptr %dst, ptr %src, i64 4, i64 2, ptr null)
  call void @__asyncpipe_rt_san_load(ptr %dst, i64 4, ptr null)
  call void @__asyncpipe_rt_mark()
  call void @__asyncpipe_rt_wait(i64 %n)
  call void @__asyncpipe_rt_wait(i64 0)
  call void @__asyncpipe_rt_exit(ptr null)
  ret void
}

define void @portable_form(ptr %dst, ptr %src) {
  call void @asyncpipe.copy(ptr %dst, ptr %src, i32 8, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @__asyncpipe_rt_enter()
declare void @__asyncpipe_rt_copy(ptr, ptr, i64, ptr)
declare void @__asyncpipe_rt_san_copy(ptr, ptr, i64, ptr)
declare void @__asyncpipe_rt_copy_zfill(ptr, ptr, i64, i64, ptr)
declare void @__asyncpipe_rt_san_copy_zfill(ptr, ptr, i64, i64, ptr)
declare void @__asyncpipe_rt_san_load(ptr, i64, ptr)
declare void @__asyncpipe_rt_mark()
declare void @__asyncpipe_rt_wait(i64)
declare void @__asyncpipe_rt_exit(ptr)
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
