; The stage-mask forms of llvm.amdgcn.wait.asyncmark proposed upstream
; (llvm-project PR #220442, whose semantics are still under discussion) are
; not supported: each is a clean error at the call, never the IR verifier's
; abort ("Intrinsic called with incompatible signature"). The same for a mark
; with an operand. With llc (-O0 and -O2, both selectors, gfx9 and gfx10) and
; with opt -O3. One declaration per module, hence one file per form.
; RUN: split-file %s %t
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/count_and_mask.ll 2>&1 | FileCheck %s --check-prefix=COUNT-AND-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -o /dev/null %t/count_and_mask.ll 2>&1 | FileCheck %s --check-prefix=COUNT-AND-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %t/count_and_mask.ll 2>&1 | FileCheck %s --check-prefix=COUNT-AND-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -o /dev/null %t/count_and_mask.ll 2>&1 | FileCheck %s --check-prefix=COUNT-AND-MASK
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/count_and_mask.ll 2>&1 | FileCheck %s --check-prefix=COUNT-AND-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -o /dev/null %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/mask_only.ll 2>&1 | FileCheck %s --check-prefix=MASK-ONLY
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -o /dev/null %t/mark_with_mask.ll 2>&1 | FileCheck %s --check-prefix=MARK-WITH-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -o /dev/null %t/mark_with_mask.ll 2>&1 | FileCheck %s --check-prefix=MARK-WITH-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -o /dev/null %t/mark_with_mask.ll 2>&1 | FileCheck %s --check-prefix=MARK-WITH-MASK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -o /dev/null %t/mark_with_mask.ll 2>&1 | FileCheck %s --check-prefix=MARK-WITH-MASK
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -disable-output %t/mark_with_mask.ll 2>&1 | FileCheck %s --check-prefix=MARK-WITH-MASK
; On gfx1250 the marks track its ASYNCcnt copies; the mask forms are refused
; there alike.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -o /dev/null %t/gfx1250.ll 2>&1 | FileCheck %s --check-prefix=GFX1250
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 -o /dev/null %t/gfx1250.ll 2>&1 | FileCheck %s --check-prefix=GFX1250

; COUNT-AND-MASK: error: kernel.cl:12:3: in function k void (ptr addrspace(8)): 'llvm.amdgcn.wait.asyncmark' is called with operands of the wrong number or type; expected (i16 N): stage masks, proposed upstream, are not supported
; COUNT-AND-MASK-NOT: error
; MASK-ONLY: error: kernel.cl:12:3: in function k void (ptr addrspace(8)): 'llvm.amdgcn.wait.asyncmark' is called with operands of the wrong number or type; expected (i16 N): stage masks, proposed upstream, are not supported
; MASK-ONLY-NOT: error
; MARK-WITH-MASK: error: kernel.cl:11:3: in function k void (ptr addrspace(8)): 'llvm.amdgcn.asyncmark' is called with operands of the wrong number or type
; MARK-WITH-MASK-NOT: error
; GFX1250: error: kernel.cl:12:3: in function k void (ptr addrspace(1)): 'llvm.amdgcn.wait.asyncmark' is called with operands of the wrong number or type; expected (i16 N): stage masks, proposed upstream, are not supported
; GFX1250-NOT: error

;--- count_and_mask.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(8) %rsrc) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 1), !dbg !12
  ret void
}

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
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

;--- mark_with_mask.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(8) %rsrc) !dbg !10 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 1), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !12
  ret void
}

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
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

;--- gfx1250.ll
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 1), !dbg !12
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
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
