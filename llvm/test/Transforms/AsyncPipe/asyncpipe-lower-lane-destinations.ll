; AMDGPU LDS DMA writes lane i of a wave at lane 0's destination + i * size.
; A destination that provably moves by another amount per lane is an error
; (the copy is dropped); one that depends on the lane in a way that cannot be
; followed is a warning and is lowered; NVPTX copies every lane to its own
; destination and says nothing.
; RUN: split-file %s %t
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower \
; RUN:   -disable-output %t/stride.ll 2>&1 | FileCheck %s --check-prefix=STRIDE
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes=asyncpipe-lower \
; RUN:   -S %t/stride.ll -o - 2>&1 | FileCheck %s --check-prefix=NVPTX
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower -S \
; RUN:   %t/lanes.ll -o - 2>%t/lanes.err | FileCheck %s --check-prefix=LANES
; RUN: FileCheck %s --check-prefix=LANES-DIAG < %t/lanes.err

; STRIDE: error: kernel.hip:6:3: in function stride8 void (ptr addrspace(1)): on AMDGPU the copies of a wave land in consecutive shared-memory slots (lane i at lane 0's destination + i * 4 bytes), but this destination moves by 8 bytes from one lane to the next: make each lane's destination the next element, e.g. dst = tile + lane
; NVPTX-NOT: error
; NVPTX: call void @llvm.nvvm.cp.async.ca.shared.global.4(

; LANES-DIAG: warning: kernel.hip:6:3: in function modulo void (ptr addrspace(1)): on AMDGPU the copies of a wave land in consecutive shared-memory slots (lane i at lane 0's destination + i * 4 bytes), which cannot be proven here: the destination depends on the lane through 'urem'; make each lane's destination the next element, e.g. dst = tile + lane
; LANES-DIAG-NOT: warning
; LANES-DIAG-NOT: error
; REQUIRES: amdgpu-registered-target, nvptx-registered-target

;--- stride.ll
@tile = internal addrspace(3) global [512 x i32] poison

define amdgpu_kernel void @stride8(ptr addrspace(1) %src) !dbg !4 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %twice = shl i32 %id, 1
  %idx = zext i32 %twice to i64
  %d = getelementptr inbounds [512 x i32], ptr addrspace(3) @tile, i64 0, i64 %idx
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0), !dbg !7
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.hip", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "stride8", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 6, column: 3, scope: !4)

;--- lanes.ll
@tile = internal addrspace(3) global [2 x [256 x i32]] poison

; LANES-LABEL: define amdgpu_kernel void @modulo(
; LANES:         call void @llvm.amdgcn.global.load.async.lds(
define amdgpu_kernel void @modulo(ptr addrspace(1) %src) !dbg !4 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %m = urem i32 %id, 8
  %idx = zext i32 %m to i64
  %d = getelementptr inbounds [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 0, i64 %idx
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0), !dbg !7
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The loop's buffer index is uniform (a phi of the loop), the lane term is
; one element per lane: no diagnostic.
; LANES-LABEL: define amdgpu_kernel void @double_buffer(
; LANES:         call void @llvm.amdgcn.global.load.async.lds(
define amdgpu_kernel void @double_buffer(ptr addrspace(1) %src, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = zext i32 %id to i64
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %buf = and i32 %t, 1
  %b = zext i32 %buf to i64
  %d = getelementptr inbounds [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b, i64 %lane
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %t.next = add i32 %t, 1
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; One lane's copy (no lane term): no diagnostic.
; LANES-LABEL: define amdgpu_kernel void @uniform(
; LANES:         call void @llvm.amdgcn.global.load.async.lds(
define amdgpu_kernel void @uniform(ptr addrspace(1) %src) {
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.hip", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "modulo", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 6, column: 3, scope: !4)
