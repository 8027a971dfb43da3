; The checker's own s_waitcnt decoding, per generation: an async DMA, its
; mark, then 20 ordinary loads, so that wait_asyncmark(0) needs vmcnt(20),
; whose bits 5:4 live apart from bits 3:0 up to GFX10 ([15:14] and [3:0]).
; The correct wait passes; a wait one count too weak (a testing-only option
; of the lowering) is caught on every generation with LDS DMA.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %s | FileCheck %s --check-prefix=GFX900
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %s | FileCheck %s --check-prefix=GFX1030
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %s | FileCheck %s --check-prefix=GFX942
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -O2 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1010 -O2 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAK

; GFX900:  s_waitcnt vmcnt(20)
; GFX900-NEXT: ;;#ASMSTART
; GFX900-NEXT: ; wait_asyncmark(0)
; GFX1030: s_waitcnt vmcnt(20)
; GFX1030-NEXT: ;;#ASMSTART
; GFX1030-NEXT: ; wait_asyncmark(0)
; GFX942:  s_waitcnt vmcnt(20)
; GFX942-NEXT: ;;#ASMSTART
; GFX942-NEXT: ; wait_asyncmark(0)

; WEAK: error: <unknown>:0:0: in function twenty_loads void (ptr addrspace(8), ptr addrspace(1), ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK-NOT: error:

define amdgpu_kernel void @twenty_loads(ptr addrspace(8) %rsrc, ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %p0 = getelementptr i32, ptr addrspace(1) %g, i64 16
  %v0 = load i32, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %g, i64 32
  %v1 = load i32, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %g, i64 48
  %v2 = load i32, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %g, i64 64
  %v3 = load i32, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %g, i64 80
  %v4 = load i32, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %g, i64 96
  %v5 = load i32, ptr addrspace(1) %p5
  %p6 = getelementptr i32, ptr addrspace(1) %g, i64 112
  %v6 = load i32, ptr addrspace(1) %p6
  %p7 = getelementptr i32, ptr addrspace(1) %g, i64 128
  %v7 = load i32, ptr addrspace(1) %p7
  %p8 = getelementptr i32, ptr addrspace(1) %g, i64 144
  %v8 = load i32, ptr addrspace(1) %p8
  %p9 = getelementptr i32, ptr addrspace(1) %g, i64 160
  %v9 = load i32, ptr addrspace(1) %p9
  %p10 = getelementptr i32, ptr addrspace(1) %g, i64 176
  %v10 = load i32, ptr addrspace(1) %p10
  %p11 = getelementptr i32, ptr addrspace(1) %g, i64 192
  %v11 = load i32, ptr addrspace(1) %p11
  %p12 = getelementptr i32, ptr addrspace(1) %g, i64 208
  %v12 = load i32, ptr addrspace(1) %p12
  %p13 = getelementptr i32, ptr addrspace(1) %g, i64 224
  %v13 = load i32, ptr addrspace(1) %p13
  %p14 = getelementptr i32, ptr addrspace(1) %g, i64 240
  %v14 = load i32, ptr addrspace(1) %p14
  %p15 = getelementptr i32, ptr addrspace(1) %g, i64 256
  %v15 = load i32, ptr addrspace(1) %p15
  %p16 = getelementptr i32, ptr addrspace(1) %g, i64 272
  %v16 = load i32, ptr addrspace(1) %p16
  %p17 = getelementptr i32, ptr addrspace(1) %g, i64 288
  %v17 = load i32, ptr addrspace(1) %p17
  %p18 = getelementptr i32, ptr addrspace(1) %g, i64 304
  %v18 = load i32, ptr addrspace(1) %p18
  %p19 = getelementptr i32, ptr addrspace(1) %g, i64 320
  %v19 = load i32, ptr addrspace(1) %p19
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %l = load i32, ptr addrspace(3) @lds
  store i32 %l, ptr addrspace(1) %out
  %o0 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %v0, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %v1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 3
  store i32 %v2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i64 4
  store i32 %v3, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %out, i64 5
  store i32 %v4, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %out, i64 6
  store i32 %v5, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %out, i64 7
  store i32 %v6, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %out, i64 8
  store i32 %v7, ptr addrspace(1) %o7
  %o8 = getelementptr i32, ptr addrspace(1) %out, i64 9
  store i32 %v8, ptr addrspace(1) %o8
  %o9 = getelementptr i32, ptr addrspace(1) %out, i64 10
  store i32 %v9, ptr addrspace(1) %o9
  %o10 = getelementptr i32, ptr addrspace(1) %out, i64 11
  store i32 %v10, ptr addrspace(1) %o10
  %o11 = getelementptr i32, ptr addrspace(1) %out, i64 12
  store i32 %v11, ptr addrspace(1) %o11
  %o12 = getelementptr i32, ptr addrspace(1) %out, i64 13
  store i32 %v12, ptr addrspace(1) %o12
  %o13 = getelementptr i32, ptr addrspace(1) %out, i64 14
  store i32 %v13, ptr addrspace(1) %o13
  %o14 = getelementptr i32, ptr addrspace(1) %out, i64 15
  store i32 %v14, ptr addrspace(1) %o14
  %o15 = getelementptr i32, ptr addrspace(1) %out, i64 16
  store i32 %v15, ptr addrspace(1) %o15
  %o16 = getelementptr i32, ptr addrspace(1) %out, i64 17
  store i32 %v16, ptr addrspace(1) %o16
  %o17 = getelementptr i32, ptr addrspace(1) %out, i64 18
  store i32 %v17, ptr addrspace(1) %o17
  %o18 = getelementptr i32, ptr addrspace(1) %out, i64 19
  store i32 %v18, ptr addrspace(1) %o18
  %o19 = getelementptr i32, ptr addrspace(1) %out, i64 20
  store i32 %v19, ptr addrspace(1) %o19
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
