; Regression test (soundness), AMDGPU form: an always_inline stage() helper
; (async LDS DMA, asyncmark, wait.asyncmark(1)) called twice, then a read of
; the first stage's LDS. The helper is part of its caller
; (llvm/docs/AsyncPipeModel.rst), so at every -O level the read follows an
; s_waitcnt that retires the first DMA: vmcnt(1) (the second DMA may stay in
; flight). Earlier versions removed every mark and wait at -O1..-O3 and the
; ds_read followed the DMAs with no wait (UNSOUND).
; RUN: %opt -passes='default<O0>' %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits | FileCheck %s
; RUN: %opt -passes='default<O2>' %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits | FileCheck %s
; RUN: %opt -passes='default<O3>' %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits | FileCheck %s
; RUN: %opt -passes='default<O2>' -asyncpipe-unsound-legacy-model-for-testing %s \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 | FileCheck %s --check-prefix=UNSOUND
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [128 x i32] poison, align 16

define internal void @stage(ptr addrspace(1) %g, ptr addrspace(3) %s) #0 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

; CHECK-LABEL: two_stages:
; CHECK:         global_load_lds_dword
; CHECK:         global_load_lds_dword
; CHECK-NOT:     ds_read
; CHECK:         s_waitcnt vmcnt(1)
; CHECK-NOT:     global_load
; CHECK:         ds_read_b32
; UNSOUND-LABEL: two_stages:
; UNSOUND:         global_load_lds_dword
; UNSOUND:         global_load_lds_dword
; UNSOUND-NOT:     s_waitcnt vmcnt
; UNSOUND:         ds_read_b32
define amdgpu_kernel void @two_stages(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 256
  %s1 = getelementptr i8, ptr addrspace(3) @lds, i32 256
  call void @stage(ptr addrspace(1) %g, ptr addrspace(3) @lds)
  call void @stage(ptr addrspace(1) %g1, ptr addrspace(3) %s1)
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %id
  %v = load i32, ptr addrspace(3) %p
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %o
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { alwaysinline }
