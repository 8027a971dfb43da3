; asyncpipe.store, the async write-back from shared to global memory, is an
; async operation like a copy: asyncpipe-lower gives it the target's native
; form (on AMDGPU AsyncPipe's llvm.amdgcn.global.store.async.lds, which
; codegen makes gfx1250's global_store_async_from_lds; on the host the
; runtime's __asyncpipe_rt_store with its issue site), and the marks after it
; count it: on a shared counter a queue's wait counts the marks of the other
; queues as for copies, and the summary counts it with the copies.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=AMDGPU
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=HOST
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-summary \
; RUN:   -pass-remarks-analysis=asyncpipe -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SUMMARY

; SUMMARY: remark: <unknown>:0:0: 'write_back' at opt: 1 async copies, 1 marks, 1 waits
; SUMMARY: remark: <unknown>:0:0: 'two_queues' at opt: 2 async copies, 2 marks, 1 waits

; AMDGPU-LABEL: define void @write_back(
; AMDGPU-NEXT:    [[G:%.*]] = addrspacecast ptr %g to ptr addrspace(1)
; AMDGPU-NEXT:    [[S:%.*]] = addrspacecast ptr %s to ptr addrspace(3)
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1) [[G]], ptr addrspace(3) [[S]], i32 16)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
; AMDGPU-NEXT:    ret void
; HOST-LABEL: define void @write_back(
; HOST-NEXT:    notail call void @__asyncpipe_rt_enter()
; HOST-NEXT:    notail call void @__asyncpipe_rt_store(ptr %g, ptr %s, i64 16, ptr @__asyncpipe_rt_site)
; HOST-NEXT:    notail call void @__asyncpipe_rt_mark()
; HOST-NEXT:    notail call void @__asyncpipe_rt_wait(i64 0)
; HOST-NEXT:    notail call void @__asyncpipe_rt_exit(
define void @write_back(ptr %g, ptr %s) {
  call void @asyncpipe.store(ptr %g, ptr %s, i32 16)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The stage that stores: the copies of queue 0 load the next tile while the
; stores of queue 1 write the last one back. On AMDGPU both queues are on one
; counter, so the wait for queue 1's older store leaves the one newer mark
; of queue 0 outstanding; on the host each queue waits for its own.
; AMDGPU-LABEL: define void @two_queues(
; AMDGPU:         call void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1) {{%.*}}, ptr addrspace(3) {{%.*}}, i32 4)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; AMDGPU-NEXT:    ret void
; HOST-LABEL: define void @two_queues(
; HOST:         notail call void @__asyncpipe_rt_store(ptr %out, ptr %s, i64 4,
; HOST-NEXT:    notail call void @__asyncpipe_rt_mark_queue(i32 1)
; HOST-NEXT:    notail call void @__asyncpipe_rt_copy(ptr %s, ptr %in, i64 4,
; HOST-NEXT:    notail call void @__asyncpipe_rt_mark()
; HOST-NEXT:    notail call void @__asyncpipe_rt_wait_queue(i32 1, i64 0)
define void @two_queues(ptr %in, ptr %out, ptr %s) {
  call void @asyncpipe.store(ptr %out, ptr %s, i32 4)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.copy(ptr %s, ptr %in, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

declare void @asyncpipe.store(ptr, ptr, i32)
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
