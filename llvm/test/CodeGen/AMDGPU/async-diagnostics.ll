; Every diagnostic of the AMDGPU async lowering, each at its source location;
; llc reports them all and exits with an error, and emits no call to an
; async intrinsic.
; RUN: split-file %s %t
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/gfx942.ll 2>&1 | FileCheck %s --check-prefix=GFX942
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -global-isel \
; RUN:   -o /dev/null %t/gfx942.ll 2>&1 | FileCheck %s --check-prefix=GFX942
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/gfx1030.ll 2>&1 | FileCheck %s --check-prefix=GFX1030
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/gfx1100.ll 2>&1 | FileCheck %s --check-prefix=GFX1100
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/gfx1100.ll 2>&1 | FileCheck %s --check-prefix=GFX1200

; GFX942: error: kernel.cl:12:3: in function size_twelve void (ptr addrspace(1)): 'llvm.amdgcn.global.load.async.lds' moves 12 bytes per lane; this target moves 1, 2 or 4 (16 needs gfx950 or gfx1250, 12 gfx950, 8 gfx1250)
; GFX942: error: kernel.cl:22:3: in function size_unknown void (ptr addrspace(1), i32): 'llvm.amdgcn.global.load.async.lds' moves a non-constant size per lane; this target moves 1, 2 or 4 (16 needs gfx950 or gfx1250, 12 gfx950, 8 gfx1250)
; GFX942: error: kernel.cl:32:3: in function wrong_signature void (ptr addrspace(1)): 'llvm.amdgcn.load.async.to.lds.p1' must have the type void (ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
; GFX942: error: kernel.cl:42:3: in function unknown_flavour void (ptr): 'llvm.amdgcn.load.async.to.lds.p0' is not an AMDGPU async DMA AsyncPipe knows (expected .p1 or .p7)
; GFX942: error: kernel.cl:52:3: in function unknown_intrinsic void (ptr addrspace(1)): 'llvm.amdgcn.tensor.load.async.lds' cannot be compiled for AMDGPU by AsyncPipe (unknown async intrinsic)
; GFX942: error: kernel.cl:62:3: in function nvptx_intrinsic void (ptr addrspace(1)): 'llvm.nvvm.cp.async.commit.group' cannot be compiled for AMDGPU by AsyncPipe (unknown async intrinsic)

; GFX1030: error: kernel.cl:12:3: in function global_dma_size_sixteen void (ptr addrspace(1)): 'llvm.amdgcn.global.load.async.lds' moves 16 bytes per lane; this target moves 1, 2 or 4 (16 needs gfx950 or gfx1250, 12 gfx950, 8 gfx1250)
; GFX1030-NOT: error

; GFX1100: error: kernel.cl:12:3: in function buffer_dma void (ptr addrspace(8)): async copy to LDS ('llvm.amdgcn.raw.ptr.buffer.load.lds.async') needs buffer loads into LDS, which gfx11 (gfx1100) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)
; GFX1100-NOT: error
; GFX1200: error: kernel.cl:12:3: in function buffer_dma void (ptr addrspace(8)): async copy to LDS ('llvm.amdgcn.raw.ptr.buffer.load.lds.async') needs buffer loads into LDS, which gfx12 (gfx1200) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)

;--- gfx942.ll
define amdgpu_kernel void @size_twelve(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 12, i32 0, i32 0), !dbg !11
  ret void
}

define amdgpu_kernel void @size_unknown(ptr addrspace(1) %g, i32 %s) !dbg !12 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 %s, i32 0, i32 0), !dbg !13
  ret void
}

define amdgpu_kernel void @wrong_signature(ptr addrspace(1) %g) !dbg !14 {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4), !dbg !15
  ret void
}

define amdgpu_kernel void @unknown_flavour(ptr %g) !dbg !16 {
  call void @llvm.amdgcn.load.async.to.lds.p0(ptr %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0), !dbg !17
  ret void
}

define amdgpu_kernel void @unknown_intrinsic(ptr addrspace(1) %g) !dbg !18 {
  call void @llvm.amdgcn.tensor.load.async.lds(ptr addrspace(1) %g), !dbg !19
  ret void
}

define amdgpu_kernel void @nvptx_intrinsic(ptr addrspace(1) %g) !dbg !20 {
  call void @llvm.nvvm.cp.async.commit.group(), !dbg !21
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32)
declare void @llvm.amdgcn.load.async.to.lds.p0(ptr, ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.tensor.load.async.lds(ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "f0", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 12, column: 3, scope: !10)
!12 = distinct !DISubprogram(name: "f1", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DILocation(line: 22, column: 3, scope: !12)
!14 = distinct !DISubprogram(name: "f2", scope: !2, file: !2, line: 30, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!15 = !DILocation(line: 32, column: 3, scope: !14)
!16 = distinct !DISubprogram(name: "f3", scope: !2, file: !2, line: 40, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!17 = !DILocation(line: 42, column: 3, scope: !16)
!18 = distinct !DISubprogram(name: "f4", scope: !2, file: !2, line: 50, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!19 = !DILocation(line: 52, column: 3, scope: !18)
!20 = distinct !DISubprogram(name: "f5", scope: !2, file: !2, line: 60, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 62, column: 3, scope: !20)

;--- gfx1030.ll
; gfx10 has the global DMA, but only gfx950 moves 16 bytes per lane.
define amdgpu_kernel void @global_dma_size_sixteen(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 16, i32 0, i32 0), !dbg !11
  ret void
}

; The buffer form exists on gfx10.
define amdgpu_kernel void @buffer_dma(ptr addrspace(8) %r) !dbg !12 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0), !dbg !13
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "f0", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 12, column: 3, scope: !10)
!12 = distinct !DISubprogram(name: "f1", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DILocation(line: 22, column: 3, scope: !12)

;--- gfx1100.ll
define amdgpu_kernel void @buffer_dma(ptr addrspace(8) %r) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0), !dbg !11
  ret void
}

; Marks and waits alone are fine: with no LDS DMA there is nothing to wait for.
define amdgpu_kernel void @marks_only() {
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "f0", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 12, column: 3, scope: !10)
