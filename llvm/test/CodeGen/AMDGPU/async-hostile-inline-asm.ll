; Hostile input: AMDGPU inline asm that waits on the counters the async
; copies use (issue 20): s_waitcnt vmcnt(0), s_waitcnt lgkmcnt(0) only, a
; multi-line asm, asm without sideeffect, and s_wait_asynccnt on gfx1250.
; AsyncPipe never removes or weakens a wait written in asm, and never reads
; one to weaken its own: each wait_asyncmark keeps the counter wait it needs
; without the asm, at -O0 and -O3, and the independent checker proves every
; wait (-amdgpu-enable-check-async-waits), with -verify-machineinstrs.
; RUN: split-file %s %t
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/gfx942.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefixes=GFX942,O0
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/gfx942.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefixes=GFX942,O3
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/gfx1250.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefix=GFX1250
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/gfx1250.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefix=GFX1250
; REQUIRES: amdgpu-registered-target

; GFX942-NOT: error
; GFX942-LABEL: asm_vmcnt:
; GFX942:         global_load_lds_dword
; GFX942:         ;;#ASMSTART
; GFX942-NEXT:    ; asyncmark
; GFX942-NEXT:    ;;#ASMEND
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    s_waitcnt vmcnt(0)
; GFX942-NEXT:    ;;#ASMEND
; GFX942-NEXT:    s_waitcnt vmcnt(0)
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    ; wait_asyncmark(0)
; GFX942-NEXT:    ;;#ASMEND
; GFX942:         ds_read_b32
; GFX942-LABEL: asm_lgkmcnt:
; GFX942:         global_load_lds_dword
; GFX942:         ;;#ASMSTART
; GFX942-NEXT:    ; asyncmark
; GFX942-NEXT:    ;;#ASMEND
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    s_waitcnt lgkmcnt(0)
; GFX942-NEXT:    ;;#ASMEND
; GFX942-NEXT:    s_waitcnt vmcnt(0)
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    ; wait_asyncmark(0)
; GFX942-NEXT:    ;;#ASMEND
; GFX942:         ds_read_b32
; GFX942-LABEL: asm_between_marks:
; GFX942:         global_load_lds_dword
; GFX942:         ;;#ASMSTART
; GFX942-NEXT:    ; asyncmark
; GFX942-NEXT:    ;;#ASMEND
; GFX942:         s_nop 0
; GFX942-NEXT:    global_load_lds_dword
; GFX942:         ;;#ASMSTART
; GFX942-NEXT:    ; asyncmark
; GFX942-NEXT:    ;;#ASMEND
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    s_nop 0
; GFX942-NEXT:    s_waitcnt vmcnt(0)
; GFX942-NEXT:    ;;#ASMEND
; GFX942-NEXT:    s_waitcnt vmcnt(1)
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    ; wait_asyncmark(1)
; GFX942-NEXT:    ;;#ASMEND
; O0:             s_waitcnt vmcnt(0)
; GFX942:         ds_read_b32
; The asm without sideeffect may move (at -O3, above the copy): the
; asyncmark wait does not depend on where it is.
; GFX942-LABEL: asm_no_sideeffect:
; O3:             ;;#ASMSTART
; O3-NEXT:        s_waitcnt vmcnt(0)
; O3-NEXT:        ;;#ASMEND
; GFX942:         global_load_lds_dword
; GFX942:         ;;#ASMSTART
; GFX942-NEXT:    ; asyncmark
; GFX942-NEXT:    ;;#ASMEND
; O0-NEXT:    ;;#ASMSTART
; O0-NEXT:    s_waitcnt vmcnt(0)
; O0-NEXT:    ;;#ASMEND
; GFX942-NEXT:    s_waitcnt vmcnt(0)
; GFX942-NEXT:    ;;#ASMSTART
; GFX942-NEXT:    ; wait_asyncmark(0)
; GFX942-NEXT:    ;;#ASMEND
; GFX942:         ds_read_b32
; GFX942-NOT: error

; GFX1250-NOT: error
; GFX1250-LABEL: asm_asynccnt:
; GFX1250:         global_load_async_to_lds_b32
; GFX1250:         ;;#ASMSTART
; GFX1250-NEXT:    ; asyncmark
; GFX1250-NEXT:    ;;#ASMEND
; GFX1250-NEXT:    ;;#ASMSTART
; GFX1250-NEXT:    s_wait_asynccnt 0x0
; GFX1250-NEXT:    ;;#ASMEND
; GFX1250-NEXT:    s_wait_asynccnt 0x0
; GFX1250-NEXT:    ;;#ASMSTART
; GFX1250-NEXT:    ; wait_asyncmark(0)
; GFX1250-NEXT:    ;;#ASMEND
; GFX1250:         ds_load_b32
; GFX1250-NOT: error

;--- gfx942.ll
target triple = "amdgcn-amd-amdhsa"

; A wait written in asm between the mark and its wait: kept as written, and
; the wait_asyncmark(0) still gets its own vmcnt(0) (AsyncPipe does not read
; the asm to weaken a wait).
define amdgpu_kernel void @asm_vmcnt(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "s_waitcnt vmcnt(0)", ""()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; lgkmcnt only: does not wait for the DMA; the asyncmark wait stays.
define amdgpu_kernel void @asm_lgkmcnt(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "s_waitcnt lgkmcnt(0)", ""()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Two marks, an asm vmcnt(0) (which would make every mark complete), then
; wait_asyncmark(1): the wait is still lowered as for two marks pending.
define amdgpu_kernel void @asm_between_marks(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr addrspace(1) %out) {
  %s1 = getelementptr i8, ptr addrspace(3) %s, i32 256
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s1, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "s_nop 0\0A\09s_waitcnt vmcnt(0)", ""()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; asm without sideeffect that only waits: stock LLVM may drop it (it has no
; result); the asyncmark wait must not depend on it.
define amdgpu_kernel void @asm_no_sideeffect(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm "s_waitcnt vmcnt(0)", ""()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
;--- gfx1250.ll
target triple = "amdgcn-amd-amdhsa"

; s_wait_asynccnt written in asm: kept; the wait_asyncmark(0) still gets its
; own ASYNCcnt wait.
define amdgpu_kernel void @asm_asynccnt(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "s_wait_asynccnt 0x0", ""()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
}
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
