; The stage-mask forms of llvm.amdgcn.asyncmark(i32 K) and
; llvm.amdgcn.wait.asyncmark(i16 N, i32 K), upstream's draft (llvm-project
; PR #220442, provisional), are accepted (async-stage-masks.ll); each mask
; AsyncPipe cannot honour is a clean error at the call with a fix, never the
; IR verifier's abort ("Intrinsic called with incompatible signature"). One
; diagnostic per file (one declaration per module), each with llc (-O0, -O2,
; both selectors) and with opt -O3.
; RUN: split-file %s %t
; (opt stops at the first error of a module, llc reports them all.)
;
; A signature that is neither form: a wait with only a mask.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; A mark whose mask is an i64.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/mark_i64.ll 2>&1 | FileCheck %s --check-prefix=MARK-I64
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/mark_i64.ll 2>&1 | FileCheck %s --check-prefix=MARK-I64
;
; A mask known only at run time.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/runtime.ll 2>&1 | FileCheck %s --check-prefixes=RUNTIME,RUNTIME-LLC
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -o /dev/null %t/runtime.ll 2>&1 | FileCheck %s --check-prefixes=RUNTIME,RUNTIME-LLC
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %t/runtime.ll 2>&1 | FileCheck %s --check-prefixes=RUNTIME,RUNTIME-LLC
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/runtime.ll 2>&1 | FileCheck %s --check-prefix=RUNTIME
;
; Bits that name no stage: 11 (just past the reserved ones) and 16 (ALL in
; an earlier draft of the PR).
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/undefined_bits.ll 2>&1 | FileCheck %s --check-prefixes=UNDEFINED,UNDEFINED-LLC
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -o /dev/null %t/undefined_bits.ll 2>&1 | FileCheck %s --check-prefixes=UNDEFINED,UNDEFINED-LLC
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -o /dev/null %t/undefined_bits.ll 2>&1 | FileCheck %s --check-prefixes=UNDEFINED,UNDEFINED-LLC
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/undefined_bits.ll 2>&1 | FileCheck %s --check-prefix=UNDEFINED
;
; A mask leaving in only stages the target has no operation of: TENSOR on
; gfx9 and gfx10, BUFFER_GLOBAL_LOAD on gfx1250, anything on gfx11.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/no_engine.ll 2>&1 | FileCheck %s --check-prefixes=NO-ENGINE-GFX942,NO-ENGINE-GFX942-LLC
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %t/no_engine.ll 2>&1 | FileCheck %s --check-prefixes=NO-ENGINE-GFX942,NO-ENGINE-GFX942-LLC
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/no_engine.ll 2>&1 | FileCheck %s --check-prefix=NO-ENGINE-GFX942
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -o /dev/null %t/no_engine.ll 2>&1 | FileCheck %s --check-prefix=NO-ENGINE-GFX1030
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -o /dev/null %t/no_engine_gfx1250.ll 2>&1 | FileCheck %s --check-prefix=NO-ENGINE-GFX1250
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 -o /dev/null %t/no_engine_gfx1250.ll 2>&1 | FileCheck %s --check-prefix=NO-ENGINE-GFX1250
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -disable-output %t/no_engine_gfx1250.ll 2>&1 | FileCheck %s --check-prefix=NO-ENGINE-GFX1250
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -O2 -o /dev/null %t/no_engine_gfx11.ll 2>&1 | FileCheck %s --check-prefix=NO-ENGINE-GFX11
;
; Stage masks that tell stages apart take AsyncPipe queues; a module that
; numbers queues itself cannot use both.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -o /dev/null %t/queues.ll 2>&1 | FileCheck %s --check-prefix=QUEUES
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -disable-output %t/queues.ll 2>&1 | FileCheck %s --check-prefix=QUEUES
; REQUIRES: amdgpu-registered-target

; MASK-ONLY: error: kernel.cl:12:3: in function k void (ptr addrspace(8)): 'llvm.amdgcn.wait.asyncmark' is called with operands of the wrong number or type; expected (i16 N), or (i16 N, i32 mask) with a stage mask
; MASK-ONLY-NOT: error
; MARK-I64: error: kernel.cl:11:3: in function k void (ptr addrspace(8)): 'llvm.amdgcn.asyncmark' is called with operands of the wrong number or type; expected (), or (i32 mask) with a stage mask
; MARK-I64-NOT: error
; RUNTIME: error: kernel.cl:11:3: in function k void (ptr addrspace(8), i32): the stage mask of 'llvm.amdgcn.asyncmark' must be an integer constant: stages are told apart when the program is compiled; branch on the value and pass a constant mask in each branch, or pass 0 to cover every stage
; RUNTIME-LLC: error: kernel.cl:12:3: in function k void (ptr addrspace(8), i32): the stage mask of 'llvm.amdgcn.wait.asyncmark' must be an integer constant
; RUNTIME-NOT: error
; UNDEFINED: error: kernel.cl:11:3: in function k void (ptr addrspace(1)): the stage mask of 'llvm.amdgcn.asyncmark' sets bit 11 (mask 0x800), which names no stage: upstream's draft encoding (llvm-project PR #220442) has stage bits 0 to 10, a set bit leaving its stage out; clear bit 11{{$}}
; UNDEFINED-LLC: error: kernel.cl:12:3: in function k void (ptr addrspace(1)): the stage mask of 'llvm.amdgcn.wait.asyncmark' sets bit 16 (mask 0x10000), which names no stage: {{.*}}; clear bit 16 (the stage ALL of an earlier draft): the mask 0 covers every stage
; UNDEFINED-NOT: error
; NO-ENGINE-GFX942: error: kernel.cl:11:3: in function k void (ptr addrspace(8)): the stage mask of 'llvm.amdgcn.asyncmark' 0x7fe leaves in only TENSOR, and gfx942 has no operation of that stage: the mark would track nothing; leave in BUFFER_GLOBAL_LOAD, the stages of this target's async operations, or pass the mask 0 to cover every stage
; NO-ENGINE-GFX942-LLC: error: kernel.cl:12:3: in function k void (ptr addrspace(8)): the stage mask of 'llvm.amdgcn.wait.asyncmark' 0x7f9 leaves in only GLOBAL_LOAD_ASYNC_TO_LDS|GLOBAL_LOAD_ASYNC_TO_LDS_MCAST, and gfx942 has no operation of that stage: the wait would wait for nothing; leave in BUFFER_GLOBAL_LOAD
; NO-ENGINE-GFX942-NOT: error
; NO-ENGINE-GFX1030: error: kernel.cl:11:3: {{.*}} 0x7fe leaves in only TENSOR, and gfx1030 has no operation of that stage
; NO-ENGINE-GFX1250: error: kernel.cl:11:3: in function k void (ptr addrspace(1)): the stage mask of 'llvm.amdgcn.asyncmark' 0x7df leaves in only BUFFER_GLOBAL_LOAD, and gfx1250 has no operation of that stage: the mark would track nothing; leave in TENSOR|GLOBAL_LOAD_ASYNC_TO_LDS|GLOBAL_LOAD_ASYNC_TO_LDS_MCAST|GLOBAL_STORE_ASYNC_FROM_LDS, the stages of this target's async operations, or pass the mask 0 to cover every stage
; NO-ENGINE-GFX1250-NOT: error
; NO-ENGINE-GFX11: error: kernel.cl:11:3: in function k void (): the stage mask of 'llvm.amdgcn.asyncmark' 0x7df leaves in only BUFFER_GLOBAL_LOAD, and gfx1100 has no operation of that stage: the mark would track nothing; this target has no async operation of any stage; pass the mask 0, or use the form without a mask
; NO-ENGINE-GFX11-NOT: error
; QUEUES: error: kernel.cl:11:3: in function k void (ptr addrspace(1)): stage masks that tell stages apart cannot be used in a module that also marks or waits on AsyncPipe queues (asyncpipe_commit_queue, asyncpipe_wait_queue); use one of the two
; QUEUES-NOT: error

;--- mask_only.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(8) %rsrc) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i32 1), !dbg !12
  ret void
}

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- mark_i64.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(8) %rsrc) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i64 1), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !12
  ret void
}

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark(i64)
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- runtime.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(8) %rsrc, i32 %mask) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 %mask), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 %mask), !dbg !12
  ret void
}

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- undefined_bits.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.asyncmark(i32 2048), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 65536), !dbg !12
  ret void
}

declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- no_engine.ll
; 0x7fe leaves in TENSOR alone; 0x7f9 the two gfx1250 load stages.
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(8) %rsrc) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2046), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2041), !dbg !12
  ret void
}

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- no_engine_gfx1250.ll
; 0x7df leaves in BUFFER_GLOBAL_LOAD alone, the LDS DMA gfx1250 lacks.
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 0), !dbg !12
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- no_engine_gfx11.ll
; gfx11 has no async operation at all; the mask 0 (the wait) is still fine.
define amdgpu_kernel void @k() !dbg !10 {
  call void @llvm.amdgcn.asyncmark(i32 2015), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 0), !dbg !12
  ret void
}

declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)

;--- queues.ll
; 0x7fe and 0x7fd tell TENSOR and GLOBAL_LOAD_ASYNC_TO_LDS apart.
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2046), !dbg !12
  ret void
}

define void @portable(ptr addrspace(3) %l, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)
