; Bad operands of the <4 x i32> async buffer DMA forms
; (llvm.amdgcn.raw/struct.buffer.load.lds.async): each is an error at its
; source line with the expected type, sizes or targets, and no call to an
; async intrinsic is left; the pipeliner declines a loop of them with a
; remark instead of crashing on a source that is not a pointer.
; RUN: split-file %s %t
; A declaration has one type per name: the wrong types, the wrong sizes and
; the wrong operand counts are three modules.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/types.ll 2>&1 | FileCheck %s --check-prefix=TYPES
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/sizes.ll 2>&1 | FileCheck %s --check-prefix=SIZES
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -global-isel \
; RUN:   -o /dev/null %t/sizes.ll 2>&1 | FileCheck %s --check-prefix=SIZES
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/arity.ll 2>&1 | FileCheck %s --check-prefix=ARITY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/nodma.ll 2>&1 | FileCheck %s --check-prefix=GFX1100
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -amdgpu-enable-check-async-waits -o /dev/null \
; RUN:   %t/nodma.ll 2>&1 | FileCheck %s --check-prefix=GFX1250
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-pipeline -disable-output %t/loop.ll \
; RUN:   -pass-remarks-missed=asyncpipe-pipeline 2>&1 | FileCheck %s --check-prefix=LOOP

; TYPES: error: kernel.cl:12:3: in function wrong_resource_type void (<2 x i32>): 'llvm.amdgcn.raw.buffer.load.lds.async' must have the type void (<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
; TYPES: error: kernel.cl:22:3: in function pointer_resource void (ptr addrspace(8)): 'llvm.amdgcn.struct.buffer.load.lds.async' must have the type void (<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32)
; TYPES-NOT: error
; SIZES: error: kernel.cl:32:3: in function size_unknown void (<4 x i32>, i32): 'llvm.amdgcn.raw.buffer.load.lds.async' moves a non-constant size per lane; this target moves 1, 2 or 4 (16 needs gfx950 or gfx1250, 12 gfx950, 8 gfx1250)
; SIZES: error: kernel.cl:42:3: in function size_sixteen void (<4 x i32>): 'llvm.amdgcn.struct.buffer.load.lds.async' moves 16 bytes per lane; this target moves 1, 2 or 4 (16 needs gfx950 or gfx1250, 12 gfx950, 8 gfx1250)
; SIZES-NOT: error
; ARITY: error: kernel.cl:52:3: in function too_few_operands void (<4 x i32>): 'llvm.amdgcn.raw.buffer.load.lds.async' must have the type void (<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
; ARITY: error: kernel.cl:62:3: in function too_many_operands void (<4 x i32>): 'llvm.amdgcn.struct.buffer.load.lds.async' must have the type void (<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32)
; ARITY-NOT: error

; GFX1100: error: kernel.cl:12:3: in function raw_form void (<4 x i32>): async copy to LDS ('llvm.amdgcn.raw.buffer.load.lds.async') needs buffer loads into LDS, which gfx11 (gfx1100) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)
; GFX1100: error: kernel.cl:22:3: in function struct_form void (<4 x i32>): async copy to LDS ('llvm.amdgcn.struct.buffer.load.lds.async') needs buffer loads into LDS, which gfx11 (gfx1100) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)
; GFX1100-NOT: error
; GFX1250: error: kernel.cl:12:3: in function raw_form void (<4 x i32>): async copy to LDS ('llvm.amdgcn.raw.buffer.load.lds.async') needs buffer loads into LDS, which gfx12 (gfx1250) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)
; GFX1250: error: kernel.cl:22:3: in function struct_form void (<4 x i32>): async copy to LDS ('llvm.amdgcn.struct.buffer.load.lds.async') needs buffer loads into LDS, which gfx12 (gfx1250) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)
; GFX1250-NOT: error

; LOOP: remark: <unknown>:0:0: loop not pipelined: an async copy's source is not a pointer (a <4 x i32> buffer resource): use the ptr addrspace(8) buffer form in loops to pipeline

;--- types.ll
define amdgpu_kernel void @wrong_resource_type(<2 x i32> %r) !dbg !10 {
  call void @llvm.amdgcn.raw.buffer.load.lds.async(<2 x i32> %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0), !dbg !11
  ret void
}

; A ptr addrspace(8) resource belongs to the .ptr. spelling.
define amdgpu_kernel void @pointer_resource(ptr addrspace(8) %r) !dbg !12 {
  call void @llvm.amdgcn.struct.buffer.load.lds.async(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0, i32 0), !dbg !13
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.raw.buffer.load.lds.async(<2 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32, i32)

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

;--- sizes.ll
define amdgpu_kernel void @size_unknown(<4 x i32> %r, i32 %s) !dbg !14 {
  call void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32> %r, ptr addrspace(3) @lds, i32 %s, i32 0, i32 0, i32 0, i32 0), !dbg !15
  ret void
}

; 16 bytes per lane exist on gfx950 only.
define amdgpu_kernel void @size_sixteen(<4 x i32> %r) !dbg !16 {
  call void @llvm.amdgcn.struct.buffer.load.lds.async(<4 x i32> %r, ptr addrspace(3) @lds, i32 16, i32 0, i32 0, i32 0, i32 0, i32 0), !dbg !17
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32)

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

;--- arity.ll
define amdgpu_kernel void @too_few_operands(<4 x i32> %r) !dbg !18 {
  call void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32> %r, ptr addrspace(3) @lds, i32 4), !dbg !19
  ret void
}

define amdgpu_kernel void @too_many_operands(<4 x i32> %r) !dbg !20 {
  call void @llvm.amdgcn.struct.buffer.load.lds.async(<4 x i32> %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0), !dbg !21
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32)
declare void @llvm.amdgcn.struct.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32, i32)

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

;--- nodma.ll
define amdgpu_kernel void @raw_form(<4 x i32> %r) !dbg !10 {
  call void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32> %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0), !dbg !11
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @struct_form(<4 x i32> %r) !dbg !12 {
  call void @llvm.amdgcn.struct.buffer.load.lds.async(<4 x i32> %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0, i32 0), !dbg !13
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32, i32)
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
!12 = distinct !DISubprogram(name: "f1", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DILocation(line: 22, column: 3, scope: !12)

;--- loop.ll
@tile = internal addrspace(3) global [256 x float] undef, align 16

define amdgpu_kernel void @v4i32_loop(<4 x i32> %rsrc, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %mine = getelementptr float, ptr addrspace(3) @tile, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %voff = shl i32 %i, 10
  call void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32> %rsrc, ptr addrspace(3) @tile, i32 4, i32 %voff, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load float, ptr addrspace(3) %mine
  %acc.next = fadd float %acc, %v
  call void @llvm.amdgcn.s.barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.raw.buffer.load.lds.async(<4 x i32>, ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
