; gfx1250's own async intrinsics (copies counted on ASYNCcnt, and
; s_wait_asynccnt) in IR compiled for another generation: stock LLVM 22
; stops in instruction selection ("Cannot select: intrinsic"). With the
; plugin loaded each call is an error at its source line, naming the
; generation and the form every generation lowers, and the compile ends
; cleanly (exit 1, no crash dump); on gfx1250 the same module compiles.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX942 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,GFX1030 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -global-isel -o /dev/null \
; RUN:   %s 2>&1 | FileCheck %s --check-prefixes=CHECK,GFX1200 \
; RUN:     --implicit-check-not=error --implicit-check-not="Cannot select"
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -o - %s | FileCheck %s --check-prefix=GFX1250
; The same through the opt pipeline at -O3, as clang's backend sees it.
; RUN: %opt -passes='default<O3>' %s -o %t.bc
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

; GFX1250-LABEL: copy_in:
; GFX1250: global_load_async_to_lds_b32
; GFX1250: cluster_load_async_to_lds_b128
; GFX1250: s_wait_asynccnt 0x0
; GFX1250-LABEL: copy_out:
; GFX1250: global_store_async_from_lds_b64

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
