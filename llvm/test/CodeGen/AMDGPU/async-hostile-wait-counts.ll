; Hostile input: wait counts that are poison, undef or huge, in both AMDGPU
; spellings, at O0 and O3 (issue 20). A poison or undef count waits for
; every mark (the safe answer), a count beyond any outstanding mark waits
; for none, with no diagnostic: correct code, proven by the checker. (A
; portable count of 32768 or more became the native i16 0xffff, read as -1,
; and the valid program was rejected: "async wait count -1 is negative".) A
; negative count written in the source is an error
; (Transforms/AsyncPipe/asyncpipe-negative-runtime-count.ll).
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %s \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %s \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: portable_poison:
; CHECK:         global_load_lds_dword
; CHECK:         s_waitcnt vmcnt(0)
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(0)
; CHECK-LABEL: portable_undef:
; CHECK:         global_load_lds_dword
; CHECK:         s_waitcnt vmcnt(0)
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(0)
; CHECK-LABEL: native_poison:
; CHECK:         global_load_lds_dword
; CHECK:         s_waitcnt vmcnt(0)
; CHECK-NEXT:    ;;#ASMSTART
; CHECK-NEXT:    ; wait_asyncmark(0)
; CHECK-LABEL: portable_huge:
; CHECK:         global_load_lds_dword
; CHECK-NOT:     vmcnt
; CHECK:         s_endpgm
; CHECK-LABEL: native_huge:
; CHECK:         global_load_lds_dword
; CHECK-NOT:     vmcnt
; CHECK:         s_endpgm

target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [64 x i32] poison

define amdgpu_kernel void @portable_poison(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 poison)
  ret void
}

define amdgpu_kernel void @portable_undef(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 undef)
  ret void
}

define amdgpu_kernel void @native_poison(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 poison)
  ret void
}

define amdgpu_kernel void @portable_huge(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2147483647)
  ret void
}

define amdgpu_kernel void @native_huge(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 32767)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
