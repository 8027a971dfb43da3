; gfx1250's own async intrinsics (copies counted on ASYNCcnt, and
; s_wait_asynccnt) in IR compiled for another generation: stock LLVM 22
; stops in instruction selection ("Cannot select: intrinsic"). With the
; plugin loaded each call is an error at its source line, naming the
; generation and the form every generation lowers, and the compile ends
; cleanly (exit 1, no crash dump); on gfx1250 the same module compiles.
; RUN: split-file %s %t
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null %t/intrinsics.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX942 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -o /dev/null %t/intrinsics.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX1030 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -global-isel -o /dev/null \
; RUN:   %t/intrinsics.ll 2>&1 | FileCheck %s --check-prefixes=CHECK,GFX1200 \
; RUN:     --implicit-check-not=error --implicit-check-not="Cannot select"
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -o - %t/intrinsics.ll | FileCheck %s --check-prefix=GFX1250
; LLVM's own LDS DMA intrinsics (not async: a wait for them is vmcnt(0)) on
; gfx6 to gfx8, gfx11 and gfx12, which have no LDS DMA: the same, at the call.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx803 -o /dev/null \
; RUN:   %t/ldsdma.ll 2>&1 | FileCheck %s --check-prefixes=LDSDMA,LDSDMA-GFX803 \
; RUN:     --implicit-check-not=error --implicit-check-not="Cannot select"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -o /dev/null \
; RUN:   %t/ldsdma.ll 2>&1 | FileCheck %s --check-prefixes=LDSDMA,LDSDMA-GFX1100 \
; RUN:     --implicit-check-not=error --implicit-check-not="Cannot select"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -o /dev/null \
; RUN:   %t/ldsdma.ll 2>&1 | FileCheck %s --check-prefixes=LDSDMA,LDSDMA-GFX1250 \
; RUN:     --implicit-check-not=error --implicit-check-not="Cannot select"
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -o /dev/null %t/ldsdma.ll
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -o /dev/null %t/ldsdma.ll
;
; On gfx1250 itself LLVM 22's GlobalISel has no pattern for the copies, the
; written ones and those the portable copy becomes: an error at the call
; where it may not fall back to SelectionDAG, compiled where it may.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel \
; RUN:   -o /dev/null %t/intrinsics.ll 2>&1 | FileCheck %s --check-prefix=GISEL \
; RUN:     --implicit-check-not=error --implicit-check-not="cannot select"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel \
; RUN:   -o /dev/null %t/portable.ll 2>&1 | FileCheck %s \
; RUN:     --check-prefix=GISEL-PORTABLE --implicit-check-not=error
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel \
; RUN:   -global-isel-abort=2 -o - %t/intrinsics.ll 2>&1 | FileCheck %s --check-prefix=FALLBACK
; The same through the opt pipeline at -O3, as clang's backend sees it.
; RUN: %opt -passes='default<O3>' %t/intrinsics.ll -o %t.bc
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null %t.bc \
; RUN:   2>&1 | FileCheck %s --check-prefixes=CHECK,GFX942 \
; RUN:     --implicit-check-not=error --implicit-check-not="Cannot select"
; REQUIRES: amdgpu-registered-target

; GFX942: error: tile.cl:12:3: in function copy_in void (ptr addrspace(1)): 'llvm.amdgcn.global.load.async.to.lds.b32' is gfx1250's async copy into LDS, counted on ASYNCcnt, which gfx9 (gfx942) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250), or copy with llvm.amdgcn.global.load.async.lds (asyncpipe_copy), which every generation with async copies into LDS lowers
; GFX1030: error: tile.cl:12:3: {{.*}}which gfx10 (gfx1030) does not have
; GFX1200: error: tile.cl:12:3: {{.*}}which gfx12 (gfx1200) does not have
; CHECK: error: tile.cl:13:3: in function copy_in void (ptr addrspace(1)): 'llvm.amdgcn.cluster.load.async.to.lds.b128' is gfx1250's async copy into LDS, counted on ASYNCcnt
; CHECK: error: tile.cl:14:3: in function copy_in void (ptr addrspace(1)): 'llvm.amdgcn.s.wait.asynccnt' waits on gfx1250's ASYNCcnt, which gfx{{[0-9]+}} (gfx{{[0-9]+}}) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250), or wait with llvm.amdgcn.wait.asyncmark (asyncpipe_wait), which every generation lowers to its own counter
; CHECK: error: tile.cl:22:3: in function copy_out void (ptr addrspace(1)): 'llvm.amdgcn.global.store.async.from.lds.b64' is gfx1250's async copy from LDS to global memory, counted on ASYNCcnt, which gfx{{[0-9]+}} (gfx{{[0-9]+}}) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250); no other generation copies out of LDS asynchronously (store from registers there)

; GISEL: error: tile.cl:12:3: in function copy_in void (ptr addrspace(1)): LLVM 22.{{[0-9.]+}}'s GlobalISel cannot select gfx1250's async copies ('llvm.amdgcn.global.load.async.to.lds.b32'): compile with SelectionDAG, the default (without -global-isel), or let GlobalISel fall back to it (-global-isel-abort=2)
; GISEL: error: tile.cl:13:3: {{.*}}GlobalISel cannot select gfx1250's async copies ('llvm.amdgcn.cluster.load.async.to.lds.b128')
; GISEL: error: tile.cl:22:3: {{.*}}GlobalISel cannot select gfx1250's async copies ('llvm.amdgcn.global.store.async.from.lds.b64')
; GISEL-PORTABLE: error: tile.cl:32:3: in function portable void (ptr addrspace(1)): LLVM 22.{{[0-9.]+}}'s GlobalISel cannot select gfx1250's async copies ('llvm.amdgcn.global.load.async.to.lds.b32')
; FALLBACK: warning: Instruction selection used fallback path for copy_in
; FALLBACK: warning: Instruction selection used fallback path for copy_out
; FALLBACK: global_load_async_to_lds_b32
; FALLBACK: global_store_async_from_lds_b64

; LDSDMA-GFX803: error: dma.cl:41:3: {{.*}}which gfx8 (gfx803) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942){{$}}
; LDSDMA-GFX1100: error: dma.cl:41:3: in function lds_dma void (ptr addrspace(1), ptr addrspace(8), <4 x i32>): LDS DMA ('llvm.amdgcn.global.load.lds') needs global loads into LDS, which gfx11 (gfx1100) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942){{$}}
; LDSDMA-GFX1250: error: dma.cl:41:3: in function lds_dma void (ptr addrspace(1), ptr addrspace(8), <4 x i32>): LDS DMA ('llvm.amdgcn.global.load.lds') needs global loads into LDS, which gfx12 (gfx1250) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942), or copy from global memory with asyncpipe_copy, which gfx1250 makes an async copy
; LDSDMA: error: dma.cl:42:3: {{.*}}LDS DMA ('llvm.amdgcn.load.to.lds.p1') needs global loads into LDS
; LDSDMA: error: dma.cl:44:3: {{.*}}LDS DMA ('llvm.amdgcn.raw.ptr.buffer.load.lds') needs buffer loads into LDS
; LDSDMA: error: dma.cl:45:3: {{.*}}LDS DMA ('llvm.amdgcn.struct.ptr.buffer.load.lds') needs buffer loads into LDS
; LDSDMA: error: dma.cl:46:3: {{.*}}LDS DMA ('llvm.amdgcn.raw.buffer.load.lds') needs buffer loads into LDS
; LDSDMA: error: dma.cl:47:3: {{.*}}LDS DMA ('llvm.amdgcn.struct.buffer.load.lds') needs buffer loads into LDS
; LDSDMA: error: <unknown>:0:0: in function lds_dma_fat void (ptr addrspace(7)): LDS DMA ('llvm.amdgcn.load.to.lds.p7') needs buffer loads into LDS

; GFX1250-LABEL: copy_in:
; GFX1250: global_load_async_to_lds_b32
; GFX1250: cluster_load_async_to_lds_b128
; GFX1250: s_wait_asynccnt 0x0
; GFX1250-LABEL: copy_out:
; GFX1250: global_store_async_from_lds_b64

;--- intrinsics.ll
@lds = internal addrspace(3) global [256 x i32] poison, align 16

define amdgpu_kernel void @copy_in(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0), !dbg !11
  call void @llvm.amdgcn.cluster.load.async.to.lds.b128(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0, i32 0), !dbg !12
  call void @llvm.amdgcn.s.wait.asynccnt(i16 0), !dbg !13
  ret void
}

define amdgpu_kernel void @copy_out(ptr addrspace(1) %g) !dbg !20 {
  call void @llvm.amdgcn.global.store.async.from.lds.b64(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0), !dbg !21
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.cluster.load.async.to.lds.b128(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.global.store.async.from.lds.b64(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.s.wait.asynccnt(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "tile.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "copy_in", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 12, column: 3, scope: !10)
!12 = !DILocation(line: 13, column: 3, scope: !10)
!13 = !DILocation(line: 14, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "copy_out", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 22, column: 3, scope: !20)

;--- portable.ll
@tile = internal addrspace(3) global [256 x i32] poison, align 16

define amdgpu_kernel void @portable(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @tile, i32 4, i32 0, i32 0), !dbg !11
  call void @llvm.amdgcn.asyncmark(), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !11
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "tile.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "portable", scope: !2, file: !2, line: 30, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 32, column: 3, scope: !10)

;--- ldsdma.ll
@lds = internal addrspace(3) global [64 x i32] poison

define amdgpu_kernel void @lds_dma(ptr addrspace(1) %g, ptr addrspace(8) %r, <4 x i32> %v) !dbg !10 {
  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0), !dbg !11
  call void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0), !dbg !12
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0), !dbg !14
  call void @llvm.amdgcn.struct.ptr.buffer.load.lds(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0, i32 0), !dbg !15
  call void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32> %v, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0), !dbg !16
  call void @llvm.amdgcn.struct.buffer.load.lds(<4 x i32> %v, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0, i32 0), !dbg !17
  ret void
}

; Without debug info: LLVM 22's llc breaks the debug info of a function that
; uses a buffer fat pointer ("DICompileUnit not listed in llvm.dbg.cu").
define amdgpu_kernel void @lds_dma_fat(ptr addrspace(7) %f) {
  call void @llvm.amdgcn.load.to.lds.p7(ptr addrspace(7) %f, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  ret void
}

declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.to.lds.p7(ptr addrspace(7), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.load.lds(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.load.lds(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "dma.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "lds_dma", scope: !2, file: !2, line: 40, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 41, column: 3, scope: !10)
!12 = !DILocation(line: 42, column: 3, scope: !10)
!14 = !DILocation(line: 44, column: 3, scope: !10)
!15 = !DILocation(line: 45, column: 3, scope: !10)
!16 = !DILocation(line: 46, column: 3, scope: !10)
!17 = !DILocation(line: 47, column: 3, scope: !10)
