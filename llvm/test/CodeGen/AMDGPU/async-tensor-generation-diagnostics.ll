; gfx1250's tensor DMA (llvm.amdgcn.tensor.load.to.lds(.d2),
; tensor.store.from.lds(.d2)) and its wait (s.wait.tensorcnt), with marks,
; in IR compiled for a generation without TENSORcnt: stock LLVM 22 stops in
; instruction selection with either selector ("Cannot select: intrinsic",
; with a crash dump). With the plugin each call is an error at its source
; line that names the generation, says to compile for gfx1250 and points to
; the portable copy or wait where there is one; the compile ends cleanly
; (exit 1, no crash dump). On gfx1250 and gfx1251 the same module compiles,
; with SelectionDAG and with GlobalISel (LLVM 22 selects the tensor DMA
; there), each wait proven by the checker.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX942 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX942 --implicit-check-not=error \
; RUN:     --implicit-check-not="cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX1030 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -global-isel -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX1200 --implicit-check-not=error \
; RUN:     --implicit-check-not="cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -O0 -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX1100 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o - %s | FileCheck %s --check-prefix=GFX1250
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o - %s | FileCheck %s --check-prefix=GFX1250
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1251 -amdgpu-enable-check-async-waits \
; RUN:   -o /dev/null %s
; REQUIRES: amdgpu-registered-target

; GFX942: error: tile.cl:3:3: in function tiles void (<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>): 'llvm.amdgcn.tensor.load.to.lds' is gfx1250's tensor DMA into LDS, counted on TENSORcnt, which gfx9 (gfx942) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250), or copy into LDS with llvm.amdgcn.global.load.async.lds (asyncpipe_copy), which every generation with async copies into LDS lowers
; GFX1030: error: tile.cl:3:3: {{.*}}which gfx10 (gfx1030) does not have
; GFX1100: error: tile.cl:3:3: {{.*}}which gfx11 (gfx1100) does not have
; GFX1200: error: tile.cl:3:3: {{.*}}which gfx12 (gfx1200) does not have
; CHECK: error: tile.cl:4:3: in function tiles {{.*}}: 'llvm.amdgcn.tensor.load.to.lds.d2' is gfx1250's tensor DMA into LDS, counted on TENSORcnt
; CHECK: error: tile.cl:6:3: in function tiles {{.*}}: 'llvm.amdgcn.tensor.store.from.lds' is gfx1250's tensor DMA out of LDS, counted on TENSORcnt, which gfx{{[0-9]+}} (gfx{{[0-9a-f]+}}) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250); no other generation copies out of LDS asynchronously (store from registers there)
; CHECK: error: tile.cl:7:3: in function tiles {{.*}}: 'llvm.amdgcn.tensor.store.from.lds.d2' is gfx1250's tensor DMA out of LDS
; CHECK: error: tile.cl:9:3: in function tiles {{.*}}: 'llvm.amdgcn.s.wait.tensorcnt' waits on gfx1250's TENSORcnt, which gfx{{[0-9]+}} (gfx{{[0-9a-f]+}}) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250), or wait with llvm.amdgcn.wait.asyncmark (asyncpipe_wait), which every generation lowers to its own counter

; wait(1) needs s_wait_tensorcnt 2 (the two stores are newer than the
; loads); the user's s_wait_tensorcnt 0 right after it carries it instead,
; moved in front of the wait, as with s_wait_asynccnt.
; GFX1250-LABEL: tiles:
; GFX1250:       tensor_load_to_lds s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]
; GFX1250:       tensor_load_to_lds s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]{{$}}
; GFX1250:       ; asyncmark
; GFX1250:       tensor_store_from_lds s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]
; GFX1250:       tensor_store_from_lds s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]{{$}}
; GFX1250:       ; asyncmark
; GFX1250-NOT:   s_wait_
; GFX1250:       s_wait_tensorcnt 0x0
; GFX1250-NOT:   s_wait_
; GFX1250:       ; wait_asyncmark(1)
; GFX1250-NOT:   s_wait_
; GFX1250:       s_endpgm

define amdgpu_kernel void @tiles(<4 x i32> inreg %d0, <8 x i32> inreg %d1, <4 x i32> inreg %d2, <4 x i32> inreg %d3) !dbg !10 {
  call void @llvm.amdgcn.tensor.load.to.lds(<4 x i32> %d0, <8 x i32> %d1, <4 x i32> %d2, <4 x i32> %d3, i32 0), !dbg !13
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0), !dbg !14
  call void @llvm.amdgcn.asyncmark(), !dbg !15
  call void @llvm.amdgcn.tensor.store.from.lds(<4 x i32> %d0, <8 x i32> %d1, <4 x i32> %d2, <4 x i32> %d3, i32 0), !dbg !16
  call void @llvm.amdgcn.tensor.store.from.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0), !dbg !17
  call void @llvm.amdgcn.asyncmark(), !dbg !18
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !18
  call void @llvm.amdgcn.s.wait.tensorcnt(i16 0), !dbg !19
  ret void
}

declare void @llvm.amdgcn.tensor.load.to.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32)
declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.tensor.store.from.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32)
declare void @llvm.amdgcn.tensor.store.from.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.s.wait.tensorcnt(i16)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "tile.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "tiles", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DILocation(line: 3, column: 3, scope: !10)
!14 = !DILocation(line: 4, column: 3, scope: !10)
!15 = !DILocation(line: 5, column: 3, scope: !10)
!16 = !DILocation(line: 6, column: 3, scope: !10)
!17 = !DILocation(line: 7, column: 3, scope: !10)
!18 = !DILocation(line: 8, column: 3, scope: !10)
!19 = !DILocation(line: 9, column: 3, scope: !10)
