; llvm.amdgcn.global.load.async.lds on gfx1250, which has no LDS DMA and
; gets one of its own async copies instead: the DMA's offset moves the global
; and the LDS address alike, as on the LDS DMA, and aux (cache-policy) bits,
; which gfx1250's copies encode differently, are an error at the call. Both
; used to be dropped silently, a copy from and to the wrong addresses.
; REQUIRES: amdgpu-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 %t/offset.ll \
; RUN:   -stop-after=amdgpu-lower-async-intrinsics -o - | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 %t/offset.ll \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits -o /dev/null
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 %t/aux.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=AUX --implicit-check-not=error:

; CHECK-LABEL: define amdgpu_kernel void @with_offset(
; CHECK:         [[LANE:%.*]] = mul i32 %{{.*}}, 4
; CHECK-NEXT:    [[DST:%.*]] = add i32 [[LANE]], 256
; CHECK-NEXT:    %lane.dst = getelementptr i8, ptr addrspace(3) @lds, i32 [[DST]]
; CHECK-NEXT:    %src = getelementptr i8, ptr addrspace(1) %g, i64 256
; CHECK-NEXT:    call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %src, ptr addrspace(3) %lane.dst, i32 0, i32 0)
;; Reading the LDS DMA's immediate operands declares no LDS DMA intrinsic
;; the module does not call.
; CHECK-NOT:     declare {{.*}} @llvm.amdgcn.global.load.lds

; AUX: error: k.hip:4:3: in function with_aux void (ptr addrspace(1)): the aux (operand 5) of 'llvm.amdgcn.global.load.async.lds' is 1: gfx1250's async copies encode their cache policy differently; pass 0 (the default policy) there

;--- offset.ll
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [256 x i32] poison
define amdgpu_kernel void @with_offset(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 256, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- aux.ll
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [256 x i32] poison
define amdgpu_kernel void @with_aux(ptr addrspace(1) %g) !dbg !4 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 1), !dbg !7
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.hip", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "with_aux", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
