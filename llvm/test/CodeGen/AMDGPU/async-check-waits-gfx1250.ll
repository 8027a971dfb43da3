; The independent checker on gfx1250/gfx1251, whose async copies count on
; ASYNCcnt: it decodes s_wait_asynccnt itself, counts only the async copies
; (in order), and proves each wait_asyncmark. Silent on the lowering's
; waits; a deliberately weakened wait (one count too many) is caught.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %s | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1251 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAK
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x i32] poison

; CHECK-LABEL: two_groups:
; CHECK:         global_load_async_to_lds_b32
; CHECK:         global_load_async_to_lds_b32
; CHECK:         s_wait_asynccnt 0x1
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(1)
; WEAK: error: {{.*}}in function two_groups {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
define amdgpu_kernel void @two_groups(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 512
  %s1 = getelementptr i8, ptr addrspace(3) @lds, i32 512
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g1, ptr addrspace(3) %s1, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; A store from LDS is an async copy too: the wait for it before the LDS is
; overwritten must retire it.
; CHECK-LABEL: store_then_overwrite:
; CHECK:         global_store_async_from_lds_b32
; CHECK:         s_wait_asynccnt 0x0
; WEAK: error: {{.*}}in function store_then_overwrite {{.*}}: wait_asyncmark(0) is not satisfied
define amdgpu_kernel void @store_then_overwrite(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  store i32 7, ptr addrspace(3) @lds
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
