; The plugin claims only the names it defines: IR without any of them is
; compiled exactly as stock llc-22 compiles it, byte for byte, at -O0 and -O2:
; ordinary LDS DMA (global, buffer with a ptr addrspace(8) or <4 x i32>
; resource, load.to.lds), buffer loads, the user's
; own s_waitcnt (intrinsic and inline asm), fences and barriers, and the
; stock bug of async-stock-tbaa-bug.ll (an LDS load with only !tbaa after a
; DMA), which the plugin fixes only in functions that have an async DMA.
; The global DMA functions are gfx9 only (cut out for gfx1030 by sed).
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -verify-machineinstrs < %s -o %t.stock.gfx90a.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %s -o %t.plugin.gfx90a.s
; RUN: diff %t.stock.gfx90a.s %t.plugin.gfx90a.s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs < %s -o %t.stock.gfx942.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %s -o %t.plugin.gfx942.s
; RUN: diff %t.stock.gfx942.s %t.plugin.gfx942.s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs < %s -o %t.stock.gfx942.O0.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs -amdgpu-enable-check-async-waits < %s -o %t.plugin.gfx942.O0.s
; RUN: diff %t.stock.gfx942.O0.s %t.plugin.gfx942.O0.s
; RUN: sed -e '/GFX9[-]ONLY/,/^}/d' %s > %t.gfx10.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs < %t.gfx10.ll -o %t.stock.gfx1030.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t.gfx10.ll -o %t.plugin.gfx1030.s
; RUN: diff %t.stock.gfx1030.s %t.plugin.gfx1030.s
;
; The outputs are not empty and hold what the diff is about.
; RUN: FileCheck %s --check-prefix=GFX942 < %t.plugin.gfx942.s
; RUN: FileCheck %s --check-prefix=GFX1030 < %t.plugin.gfx1030.s
; GFX942: global_load_lds_dword
; GFX942: buffer_load_dword {{.*}} lds
; GFX942: ; user wait
; GFX942: s_waitcnt vmcnt(3)
; GFX1030: buffer_load_dword {{.*}} lds
; GFX1030: ; user wait
; GFX1030: s_waitcnt vmcnt(3) lgkmcnt(15)
; GFX942-LABEL: v4i32_buffer_dma_and_loads:
; GFX942: buffer_load_dword off, s[{{[0-9]+}}:{{[0-9]+}}], 0 lds
; GFX942: buffer_load_ushort v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 idxen offset:4 sc0 lds
; GFX942: ; user wait
; GFX1030-LABEL: v4i32_buffer_dma_and_loads:
; GFX1030: buffer_load_dword off, s[{{[0-9]+}}:{{[0-9]+}}], 0 lds
; GFX1030: buffer_load_ushort v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 idxen offset:4 glc lds
; GFX1030: ; user wait

@lds = internal addrspace(3) global [1024 x i32] poison

; GFX9-ONLY
define amdgpu_kernel void @global_dma_then_tbaa_load(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %i) {
  %dst = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  %v = load i32, ptr addrspace(3) %dst, !tbaa !0
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; GFX9-ONLY
define amdgpu_kernel void @load_to_lds_and_scoped_accesses(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0), !alias.scope !4
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 512
  %v = load i32, ptr addrspace(3) %p, !noalias !4
  %w = load i32, ptr addrspace(3) @lds
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @buffer_dma_loop_with_user_waits(ptr addrspace(8) %rsrc, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %off = shl i32 %i, 8
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 %off, i32 0, i32 0, i32 0)
  %x = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rsrc, i32 %off, i32 64, i32 0)
  call void @llvm.amdgcn.struct.ptr.buffer.load.lds(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 %i, i32 0, i32 0, i32 0, i32 0)
  call void asm sideeffect "; user wait", ""()
  ; vmcnt(3); on gfx10, whose lgkmcnt field is wider, also lgkmcnt(15).
  call void @llvm.amdgcn.s.waitcnt(i32 3955)
  call void asm sideeffect "s_waitcnt vmcnt(1)", ""()
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  %v = load i32, ptr addrspace(3) %p
  %acc.next = add i32 %acc, %v
  %sum = add i32 %acc.next, %x
  store i32 %sum, ptr addrspace(1) %out
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; The <4 x i32> resource forms: LDS DMA, a buffer load, and the user's wait.
define amdgpu_kernel void @v4i32_buffer_dma_and_loads(<4 x i32> %rsrc, ptr addrspace(1) %out, i32 %i) {
  call void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32> %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  %x = call i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32> %rsrc, i32 16, i32 0, i32 0)
  call void @llvm.amdgcn.struct.buffer.load.lds(<4 x i32> %rsrc, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 2, i32 %i, i32 0, i32 0, i32 4, i32 1)
  call void asm sideeffect "; user wait", ""()
  call void @llvm.amdgcn.s.waitcnt(i32 3953)
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  %v = load i32, ptr addrspace(3) %p
  %s = add i32 %v, %x
  store i32 %s, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.load.lds(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.s.waitcnt(i32)
declare void @llvm.amdgcn.s.barrier()

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{!5}
!5 = distinct !{!5, !6}
!6 = distinct !{!6}
