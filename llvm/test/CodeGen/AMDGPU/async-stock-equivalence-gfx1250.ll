; gfx1250 IR that stock llc-22 compiles, with LLVM 22's own async intrinsics
; (global/cluster loads to LDS, stores from LDS, s.wait.asynccnt, tensor
; loads and s.wait.tensorcnt) and the user's inline-asm s_wait_asynccnt, but
; none of the names AsyncPipe defines, compiles exactly as without the plugin
; (the plugin used to reject every llvm.amdgcn.*async* name it did not know).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs < %s -o %t.stock.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %s -o %t.plugin.s
; RUN: diff %t.stock.s %t.plugin.s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 -verify-machineinstrs < %s -o %t.stock.O0.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 -verify-machineinstrs -amdgpu-enable-check-async-waits < %s -o %t.plugin.O0.s
; RUN: diff %t.stock.O0.s %t.plugin.O0.s
; RUN: FileCheck %s < %t.plugin.s
; CHECK-LABEL: async_copies_and_user_waits:
; CHECK: global_load_async_to_lds_b32
; CHECK: cluster_load_async_to_lds_b64
; CHECK: s_wait_asynccnt 0x1
; CHECK: global_load_async_to_lds_b128
; CHECK: ; user wait
; CHECK: s_wait_asynccnt 0x0
; CHECK: global_store_async_from_lds_b128
; CHECK: s_wait_asynccnt 0x0
; CHECK-LABEL: async_loop:
; CHECK: global_load_async_to_lds_b8
; CHECK: global_load_async_to_lds_b64
; CHECK: s_wait_asynccnt 0x2

define amdgpu_kernel void @async_copies_and_user_waits(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 0, i32 0)
  call void @llvm.amdgcn.cluster.load.async.to.lds.b64(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 16, i32 0, i32 3)
  call void @llvm.amdgcn.s.wait.asynccnt(i16 1)
  %l2 = getelementptr i8, ptr addrspace(3) %l, i32 256
  call void @llvm.amdgcn.global.load.async.to.lds.b128(ptr addrspace(1) %g, ptr addrspace(3) %l2, i32 64, i32 0)
  call void asm sideeffect "; user wait\0As_wait_asynccnt 0x0", ""()
  %v = load i32, ptr addrspace(3) %l
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.global.store.async.from.lds.b128(ptr addrspace(1) %out, ptr addrspace(3) %l, i32 32, i32 0)
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0)
  ret void
}

; Without a user wait, stock LLVM 22 emits none before the LDS load; the
; plugin does not add one either (it claims nothing here).
define amdgpu_kernel void @async_loop(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %src = getelementptr i32, ptr addrspace(1) %g, i32 %i
  call void @llvm.amdgcn.global.load.async.to.lds.b8(ptr addrspace(1) %src, ptr addrspace(3) %l, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b64(ptr addrspace(1) %src, ptr addrspace(3) %l, i32 8, i32 0)
  %v = load i32, ptr addrspace(3) %l
  call void @llvm.amdgcn.s.wait.asynccnt(i16 2)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  call void @llvm.amdgcn.s.wait.tensorcnt(i16 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b8(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.load.async.to.lds.b64(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.load.async.to.lds.b128(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.cluster.load.async.to.lds.b64(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.global.store.async.from.lds.b128(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.s.wait.asynccnt(i16)
declare void @llvm.amdgcn.s.wait.tensorcnt(i16)
