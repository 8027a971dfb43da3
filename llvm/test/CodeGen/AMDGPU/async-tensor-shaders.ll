; Graphics shaders are entry points, like kernels: nothing was issued before
; them, so nothing is in flight before their first mark. On gfx1250 a range of
; marks that holds only tensor DMA gets s_wait_tensorcnt alone, and one that
; holds only async copies s_wait_asynccnt alone, in every shader stage. A
; callable function (amdgpu_gfx, or the default calling convention) may start
; with its caller's copies and tensor DMA in flight (LLVM 22 waits for
; neither at calls or at entry), which its first mark covers: a wait naming it
; waits for both counters. On gfx942 a shader's wait that names a mark with
; no DMA before it needs no s_waitcnt at all. Every wait is proven by the
; independent checker, which follows the same rule on its own.
; RUN: rm -rf %t && split-file %s %t
; RUN: %llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/gfx1250.ll | FileCheck %s --check-prefix=GFX1250
; RUN: %llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1250 -O0 \
; RUN:   -amdgpu-enable-check-async-waits < %t/gfx1250.ll | FileCheck %s --check-prefix=GFX1250
; RUN: %llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1250 -O2 -global-isel \
; RUN:   -amdgpu-enable-check-async-waits < %t/gfx1250-tensor-only.ll \
; RUN:   | FileCheck %s --check-prefix=GISEL
; RUN: %llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/gfx942.ll | FileCheck %s --check-prefix=GFX942
; REQUIRES: amdgpu-registered-target

; GFX1250-LABEL: ps_tensor:
; GFX1250-NOT:   s_wait_asynccnt
; GFX1250:       s_wait_tensorcnt 0x1
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(1)
; GFX1250-LABEL: cs_copies:
; GFX1250-NOT:   s_wait_tensorcnt
; GFX1250:       s_wait_asynccnt 0x1
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(1)
; GFX1250-NOT:   s_wait_tensorcnt
; GFX1250-LABEL: vs_tensor_store:
; GFX1250-NOT:   s_wait_asynccnt
; GFX1250:       s_wait_tensorcnt 0x0
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(0)
; GFX1250-LABEL: gs_tensor:
; GFX1250-NOT:   s_wait_asynccnt
; GFX1250:       s_wait_tensorcnt 0x1
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(1)
; GFX1250-LABEL: hs_tensor:
; GFX1250-NOT:   s_wait_asynccnt
; GFX1250:       s_wait_tensorcnt 0x1
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(1)
; GFX1250-LABEL: gfx_function_tensor:
; GFX1250:       s_wait_asynccnt 0x0
; GFX1250-NEXT:  s_wait_tensorcnt 0x1
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(1)
; GFX1250-LABEL: function_copies:
; GFX1250:       s_wait_asynccnt 0x1
; GFX1250-NEXT:  s_wait_tensorcnt 0x0
; GFX1250-NEXT:  ;;#ASMSTART
; GFX1250-NEXT:  ; wait_asyncmark(1)

; GlobalISel selects gfx1250's tensor DMA in LLVM 22 (not its async copies,
; which are an error at the call there): the same waits.
; GISEL-LABEL: ps_tensor_gisel:
; GISEL-NOT:   s_wait_asynccnt
; GISEL:       tensor_load_to_lds
; GISEL:       tensor_load_to_lds
; GISEL:       s_wait_tensorcnt 0x1
; GISEL-NEXT:  ;;#ASMSTART
; GISEL-NEXT:  ; wait_asyncmark(1)
; GISEL-NOT:   s_wait_asynccnt
; GISEL:       s_wait_tensorcnt 0x0
; GISEL-NEXT:  ;;#ASMSTART
; GISEL-NEXT:  ; wait_asyncmark(0)
; GISEL-LABEL: function_tensor_gisel:
; GISEL:       s_wait_asynccnt 0x0
; GISEL-NEXT:  s_wait_tensorcnt 0x1
; GISEL-NEXT:  ;;#ASMSTART
; GISEL-NEXT:  ; wait_asyncmark(1)

; GFX942-LABEL: cs_dma:
; GFX942:       ; asyncmark
; GFX942:       global_load_lds_dword
; GFX942:       global_load_lds_dword
; GFX942-NOT:   s_waitcnt vmcnt
; GFX942:       ; wait_asyncmark(2)
; GFX942-NOT:   s_waitcnt vmcnt
; GFX942:       global_store_dword
; GFX942:       s_waitcnt vmcnt(2)
; GFX942-NEXT:  ;;#ASMSTART
; GFX942-NEXT:  ; wait_asyncmark(1)
; GFX942-LABEL: ps_dma:
; GFX942-NOT:   s_waitcnt vmcnt
; GFX942:       ; wait_asyncmark(2)
; GFX942-NOT:   s_waitcnt vmcnt
; GFX942:       global_store_dword
; GFX942:       s_waitcnt vmcnt(1)
; GFX942-NEXT:  ;;#ASMSTART
; GFX942-NEXT:  ; wait_asyncmark(0)

;--- gfx1250.ll
define amdgpu_ps void @ps_tensor(<4 x i32> inreg %d0, <8 x i32> inreg %d1, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_cs void @cs_copies(ptr addrspace(1) inreg %g, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; A tensor store out of LDS: the wait before LDS is written again.
define amdgpu_vs void @vs_tensor_store(<4 x i32> inreg %d0, <8 x i32> inreg %d1, ptr addrspace(3) inreg %lds) {
  call void @llvm.amdgcn.tensor.store.from.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  store i32 7, ptr addrspace(3) %lds
  ret void
}

define amdgpu_gs void @gs_tensor(<4 x i32> inreg %d0, <8 x i32> inreg %d1, <4 x i32> inreg %d2, <4 x i32> inreg %d3, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.tensor.load.to.lds(<4 x i32> %d0, <8 x i32> %d1, <4 x i32> %d2, <4 x i32> %d3, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds(<4 x i32> %d0, <8 x i32> %d1, <4 x i32> %d2, <4 x i32> %d3, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_hs void @hs_tensor(<4 x i32> inreg %d0, <8 x i32> inreg %d1, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_gfx void @gfx_function_tensor(<4 x i32> inreg %d0, <8 x i32> inreg %d1, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define void @function_copies(ptr addrspace(1) %g, ptr addrspace(3) %lds, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.tensor.load.to.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32)
declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.tensor.store.from.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- gfx1250-tensor-only.ll
define amdgpu_ps void @ps_tensor_gisel(<4 x i32> inreg %d0, <8 x i32> inreg %d1, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define void @function_tensor_gisel(<4 x i32> inreg %d0, <8 x i32> inreg %d1, ptr addrspace(3) %lds, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- gfx942.ll
; A mark with no DMA before it: wait(2) names it and needs no wait, since the
; shader started with nothing in flight; wait(1) names the second, after the
; first DMA, with the second DMA and the store newer (vmcnt(2)).
define amdgpu_cs void @cs_dma(ptr addrspace(1) inreg %g, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 4, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

define amdgpu_ps void @ps_dma(ptr addrspace(1) inreg %g, ptr addrspace(3) inreg %lds, ptr addrspace(1) inreg %out) {
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
