; asyncpipe_store on gfx1250: the portable store from LDS becomes
; global_store_async_from_lds_b32 with the lane's own addresses, which counts
; on ASYNCcnt like the async copies, so the marks' waits become
; s_wait_asynccnt and count it. The write-back loop reuses each LDS buffer
; every second trip: wait(1) at the top completes the store that read the
; buffer two trips ago before it is overwritten (s_wait_asynccnt 0x1), and
; wait(0) completes the last ones. The independent checker proves every
; wait, and reports them when the lowering makes them one too weak. LLVM 22
; models only the store's global destination, so the lowering puts an
; s_wait_dscnt 0x0 in front of each store: the LDS writes that fill its
; source stay before it and complete first. Stores with no LDS write between
; them share one.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %s | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=WEAK
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: write_back:
; CHECK:       Loop Header
; CHECK:         s_wait_asynccnt 0x1
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(1)
; CHECK:         ds_store_b32 [[SLOT:v[0-9]+]], v{{[0-9]+}}
; CHECK-NEXT:    s_wait_dscnt 0x0
; CHECK-NOT:     ds_store
; CHECK:         global_store_async_from_lds_b32 v{{[0-9]+}}, [[SLOT]], s[{{[0-9]+:[0-9]+}}] scale_offset
; CHECK:         ; asyncmark
; CHECK:         s_cbranch_scc1
; CHECK:         s_wait_asynccnt 0x0
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(0)

; CHECK-LABEL: sizes:
; CHECK:         s_wait_dscnt 0x0
; CHECK-NOT:     s_wait_dscnt
; CHECK:         global_store_async_from_lds_b8
; CHECK-NEXT:    global_store_async_from_lds_b32
; CHECK-NEXT:    global_store_async_from_lds_b64
; CHECK:         global_store_async_from_lds_b128
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; asyncmark
; CHECK:         s_wait_asynccnt 0x0
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(0)

; CHECK-LABEL: refill:
; CHECK:         s_wait_dscnt 0x0
; CHECK:         global_store_async_from_lds_b32
; CHECK:         ds_store_b32
; CHECK-NEXT:    s_wait_dscnt 0x0
; CHECK:         global_store_async_from_lds_b32

; WEAK: error: <unknown>:0:0: in function write_back void (ptr addrspace(1), i32): wait_asyncmark(1) is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
; WEAK: error: <unknown>:0:0: in function write_back void (ptr addrspace(1), i32): wait_asyncmark(0) is not satisfied
; WEAK: error: <unknown>:0:0: in function sizes void (ptr addrspace(1), ptr addrspace(3)): wait_asyncmark(0) is not satisfied

@tile = internal addrspace(3) global [2 x [256 x i32]] poison, align 4

define amdgpu_kernel void @write_back(ptr addrspace(1) %out, i32 %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %lane64 = zext i32 %lane to i64
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %exit

loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %buf = and i32 %t, 1
  %buf64 = zext i32 %buf to i64
  %slot = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %buf64, i64 %lane64
  call void @asyncpipe.wait(i32 1)
  store i32 %t, ptr addrspace(3) %slot, align 4
  %row = mul i32 %t, 256
  %idx = add i32 %row, %lane
  %idx64 = zext i32 %idx to i64
  %dst = getelementptr i32, ptr addrspace(1) %out, i64 %idx64
  call void @asyncpipe.store(ptr addrspace(1) %dst, ptr addrspace(3) %slot, i32 4)
  call void @asyncpipe.mark()
  %t.next = add i32 %t, 1
  %again = icmp slt i32 %t.next, %n
  br i1 %again, label %loop, label %exit

exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Each size gfx1250 stores: b8, b32, b64, b128.
define amdgpu_kernel void @sizes(ptr addrspace(1) %out, ptr addrspace(3) %s) {
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 1)
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 4)
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 8)
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 16)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; An LDS write (to another staging buffer) between two stores: the second
; store waits for it.
define amdgpu_kernel void @refill(ptr addrspace(1) %out, ptr addrspace(3) %s, ptr addrspace(3) %t, i32 %v) {
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 4)
  store i32 %v, ptr addrspace(3) %t, align 4
  %out.1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  call void @asyncpipe.store(ptr addrspace(1) %out.1, ptr addrspace(3) %t, i32 4)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
