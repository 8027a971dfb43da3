; Private internalization: a buffer only ever read back by the work-item that
; wrote it becomes a private array of original_size / global_size elements
; (128 / 64 = 2 here) in the target's alloca address space; accesses, the
; atomic included, become ptr + offset % 2. The consumer runs on an 8 x 8 grid
; instead of 64 work-items: its global ids are remapped, and the private size
; is the same for both nd-ranges, so the size rule allows it.
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/builtin.ll | FileCheck %s --check-prefix=BUILTIN
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o %t/amdgpu.fused.ll
; RUN: FileCheck %s --check-prefix=AMDGPU --input-file=%t/amdgpu.fused.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/amdgpu.fused.ll -o /dev/null
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx.ll -o %t/nvptx.fused.ll
; RUN: FileCheck %s --check-prefix=NVPTX --input-file=%t/nvptx.fused.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/nvptx.fused.ll -o /dev/null

; BUILTIN-LABEL: define spir_kernel void @fused(ptr %in, ptr %out) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   %private.1 = alloca [8 x i8], align 16
; BUILTIN-NEXT:   %gid.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %src.i = getelementptr i32, ptr %in, i64 %gid.i
; BUILTIN-NEXT:   %v.i = load i32, ptr %src.i, align 4
; BUILTIN-NEXT:   %even.i = shl i64 %gid.i, 1
; BUILTIN-NEXT:   %promoted.index10 = urem i64 %even.i, 2
; BUILTIN-NEXT:   %promoted.addr11 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index10
; BUILTIN-NEXT:   store i32 %v.i, ptr %promoted.addr11, align 4
; BUILTIN-NEXT:   [[TMP0:%.*]] = add i64 %even.i, 1
; BUILTIN-NEXT:   %promoted.index8 = urem i64 [[TMP0]], 2
; BUILTIN-NEXT:   %promoted.addr9 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index8
; BUILTIN-NEXT:   store i32 0, ptr %promoted.addr9, align 4
; BUILTIN-NEXT:   [[TMP1:%.*]] = add i64 %even.i, 1
; BUILTIN-NEXT:   %promoted.index6 = urem i64 [[TMP1]], 2
; BUILTIN-NEXT:   %promoted.addr7 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index6
; BUILTIN-NEXT:   %old.i = atomicrmw add ptr %promoted.addr7, i32 %v.i monotonic, align 4
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %fusion.linear.id.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 8
; BUILTIN-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 8
; BUILTIN-NEXT:   %row.i = mul i64 %fusion.global.id.1.i, 8
; BUILTIN-NEXT:   %lin.i = add i64 %row.i, %fusion.global.id.0.i
; BUILTIN-NEXT:   %even.i1 = shl i64 %lin.i, 1
; BUILTIN-NEXT:   %promoted.index4 = urem i64 %even.i1, 2
; BUILTIN-NEXT:   %promoted.addr5 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index4
; BUILTIN-NEXT:   %a.i = load i32, ptr %promoted.addr5, align 4
; BUILTIN-NEXT:   [[TMP2:%.*]] = add i64 %even.i1, 1
; BUILTIN-NEXT:   %promoted.index = urem i64 [[TMP2]], 2
; BUILTIN-NEXT:   %promoted.addr = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index
; BUILTIN-NEXT:   %b.i = load i32, ptr %promoted.addr, align 4
; BUILTIN-NEXT:   %sum.i = add i32 %a.i, %b.i
; BUILTIN-NEXT:   %dst.i = getelementptr i32, ptr %out, i64 %lin.i
; BUILTIN-NEXT:   store i32 %sum.i, ptr %dst.i, align 4
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; AMDGPU-LABEL: define amdgpu_kernel void @fused(ptr addrspace(1) %in, ptr addrspace(1) %out) #{{[0-9]+}} {
; AMDGPU-NEXT: entry:
; AMDGPU-NEXT:   %private.1 = alloca [8 x i8], align 16, addrspace(5)
; AMDGPU-NEXT:   %group.i = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   %packet.i = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %size.addr.i = getelementptr i8, ptr addrspace(4) %packet.i, i64 4
; AMDGPU-NEXT:   %size16.i = load i16, ptr addrspace(4) %size.addr.i, align 2
; AMDGPU-NEXT:   %size.i = zext i16 %size16.i to i32
; AMDGPU-NEXT:   %local.i = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   %base.i = mul i32 %group.i, %size.i
; AMDGPU-NEXT:   %gid.i = add i32 %base.i, %local.i
; AMDGPU-NEXT:   %src.i = getelementptr i32, ptr addrspace(1) %in, i32 %gid.i
; AMDGPU-NEXT:   %v.i = load i32, ptr addrspace(1) %src.i, align 4
; AMDGPU-NEXT:   %even.i = shl i32 %gid.i, 1
; AMDGPU-NEXT:   [[TMP0:%.*]] = sext i32 %even.i to i64
; AMDGPU-NEXT:   %promoted.index11 = urem i64 [[TMP0]], 2
; AMDGPU-NEXT:   %promoted.addr12 = getelementptr inbounds i32, ptr addrspace(5) %private.1, i64 %promoted.index11
; AMDGPU-NEXT:   store i32 %v.i, ptr addrspace(5) %promoted.addr12, align 4
; AMDGPU-NEXT:   [[TMP1:%.*]] = sext i32 %even.i to i64
; AMDGPU-NEXT:   [[TMP2:%.*]] = add i64 [[TMP1]], 1
; AMDGPU-NEXT:   %promoted.index9 = urem i64 [[TMP2]], 2
; AMDGPU-NEXT:   %promoted.addr10 = getelementptr inbounds i32, ptr addrspace(5) %private.1, i64 %promoted.index9
; AMDGPU-NEXT:   store i32 0, ptr addrspace(5) %promoted.addr10, align 4
; AMDGPU-NEXT:   [[TMP3:%.*]] = sext i32 %even.i to i64
; AMDGPU-NEXT:   [[TMP4:%.*]] = add i64 [[TMP3]], 1
; AMDGPU-NEXT:   %promoted.index7 = urem i64 [[TMP4]], 2
; AMDGPU-NEXT:   %promoted.addr8 = getelementptr inbounds i32, ptr addrspace(5) %private.1, i64 %promoted.index7
; AMDGPU-NEXT:   %old.i = atomicrmw add ptr addrspace(5) %promoted.addr8, i32 %v.i monotonic, align 4
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; AMDGPU-NEXT:   [[TMP5:%.*]] = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   [[TMP6:%.*]] = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   [[TMP7:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   [[TMP8:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[TMP7]], i64 4
; AMDGPU-NEXT:   [[TMP9:%.*]] = load i16, ptr addrspace(4) [[TMP8]], align 2
; AMDGPU-NEXT:   [[TMP10:%.*]] = zext i32 [[TMP5]] to i64
; AMDGPU-NEXT:   [[TMP11:%.*]] = zext i16 [[TMP9]] to i64
; AMDGPU-NEXT:   [[TMP12:%.*]] = mul i64 [[TMP10]], [[TMP11]]
; AMDGPU-NEXT:   [[TMP13:%.*]] = zext i32 [[TMP6]] to i64
; AMDGPU-NEXT:   %fusion.linear.id.i = add i64 [[TMP12]], [[TMP13]]
; AMDGPU-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 8
; AMDGPU-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 8
; AMDGPU-NEXT:   %packet.i1 = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %lsx.addr.i = getelementptr i8, ptr addrspace(4) %packet.i1, i64 4
; AMDGPU-NEXT:   [[TMP14:%.*]] = trunc i64 %fusion.global.id.0.i to i32
; AMDGPU-NEXT:   %lsy.addr.i = getelementptr i8, ptr addrspace(4) %packet.i1, i64 6
; AMDGPU-NEXT:   [[TMP15:%.*]] = trunc i64 %fusion.global.id.1.i to i32
; AMDGPU-NEXT:   %width.addr.i = getelementptr i8, ptr addrspace(4) %packet.i1, i64 12
; AMDGPU-NEXT:   %row.i = mul i32 [[TMP15]], 8
; AMDGPU-NEXT:   %lin.i = add i32 %row.i, [[TMP14]]
; AMDGPU-NEXT:   %even.i2 = shl i32 %lin.i, 1
; AMDGPU-NEXT:   [[TMP16:%.*]] = sext i32 %even.i2 to i64
; AMDGPU-NEXT:   %promoted.index5 = urem i64 [[TMP16]], 2
; AMDGPU-NEXT:   %promoted.addr6 = getelementptr inbounds i32, ptr addrspace(5) %private.1, i64 %promoted.index5
; AMDGPU-NEXT:   %a.i = load i32, ptr addrspace(5) %promoted.addr6, align 4
; AMDGPU-NEXT:   [[TMP17:%.*]] = sext i32 %even.i2 to i64
; AMDGPU-NEXT:   [[TMP18:%.*]] = add i64 [[TMP17]], 1
; AMDGPU-NEXT:   %promoted.index = urem i64 [[TMP18]], 2
; AMDGPU-NEXT:   %promoted.addr = getelementptr inbounds i32, ptr addrspace(5) %private.1, i64 %promoted.index
; AMDGPU-NEXT:   %b.i = load i32, ptr addrspace(5) %promoted.addr, align 4
; AMDGPU-NEXT:   %sum.i = add i32 %a.i, %b.i
; AMDGPU-NEXT:   %dst.i = getelementptr i32, ptr addrspace(1) %out, i32 %lin.i
; AMDGPU-NEXT:   store i32 %sum.i, ptr addrspace(1) %dst.i, align 4
; AMDGPU-NEXT:   ret void
; AMDGPU-NEXT: }

; NVPTX-LABEL: define ptx_kernel void @fused(ptr addrspace(1) %in, ptr addrspace(1) %out) #{{[0-9]+}} {
; NVPTX-NEXT: entry:
; NVPTX-NEXT:   %private.1 = alloca [8 x i8], align 16
; NVPTX-NEXT:   %group.i = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   %size.i = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   %local.i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   %base.i = mul i32 %group.i, %size.i
; NVPTX-NEXT:   %gid.i = add i32 %base.i, %local.i
; NVPTX-NEXT:   %src.i = getelementptr i32, ptr addrspace(1) %in, i32 %gid.i
; NVPTX-NEXT:   %v.i = load i32, ptr addrspace(1) %src.i, align 4
; NVPTX-NEXT:   %even.i = shl i32 %gid.i, 1
; NVPTX-NEXT:   [[TMP0:%.*]] = sext i32 %even.i to i64
; NVPTX-NEXT:   %promoted.index10 = urem i64 [[TMP0]], 2
; NVPTX-NEXT:   %promoted.addr11 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index10
; NVPTX-NEXT:   store i32 %v.i, ptr %promoted.addr11, align 4
; NVPTX-NEXT:   [[TMP1:%.*]] = sext i32 %even.i to i64
; NVPTX-NEXT:   [[TMP2:%.*]] = add i64 [[TMP1]], 1
; NVPTX-NEXT:   %promoted.index8 = urem i64 [[TMP2]], 2
; NVPTX-NEXT:   %promoted.addr9 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index8
; NVPTX-NEXT:   store i32 0, ptr %promoted.addr9, align 4
; NVPTX-NEXT:   [[TMP3:%.*]] = sext i32 %even.i to i64
; NVPTX-NEXT:   [[TMP4:%.*]] = add i64 [[TMP3]], 1
; NVPTX-NEXT:   %promoted.index6 = urem i64 [[TMP4]], 2
; NVPTX-NEXT:   %promoted.addr7 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index6
; NVPTX-NEXT:   %old.i = atomicrmw add ptr %promoted.addr7, i32 %v.i monotonic, align 4
; NVPTX-NEXT:   call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:   [[TMP5:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   [[TMP6:%.*]] = zext i32 [[TMP5]] to i64
; NVPTX-NEXT:   [[TMP7:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   [[TMP8:%.*]] = zext i32 [[TMP7]] to i64
; NVPTX-NEXT:   [[TMP9:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   [[TMP10:%.*]] = zext i32 [[TMP9]] to i64
; NVPTX-NEXT:   [[TMP11:%.*]] = mul i64 [[TMP6]], [[TMP8]]
; NVPTX-NEXT:   %fusion.linear.id.i = add i64 [[TMP11]], [[TMP10]]
; NVPTX-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 8
; NVPTX-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 8
; NVPTX-NEXT:   [[TMP12:%.*]] = trunc i64 %fusion.global.id.0.i to i32
; NVPTX-NEXT:   [[TMP13:%.*]] = trunc i64 %fusion.global.id.1.i to i32
; NVPTX-NEXT:   %row.i = mul i32 [[TMP13]], 8
; NVPTX-NEXT:   %lin.i = add i32 %row.i, [[TMP12]]
; NVPTX-NEXT:   %even.i1 = shl i32 %lin.i, 1
; NVPTX-NEXT:   [[TMP14:%.*]] = sext i32 %even.i1 to i64
; NVPTX-NEXT:   %promoted.index4 = urem i64 [[TMP14]], 2
; NVPTX-NEXT:   %promoted.addr5 = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index4
; NVPTX-NEXT:   %a.i = load i32, ptr %promoted.addr5, align 4
; NVPTX-NEXT:   [[TMP15:%.*]] = sext i32 %even.i1 to i64
; NVPTX-NEXT:   [[TMP16:%.*]] = add i64 [[TMP15]], 1
; NVPTX-NEXT:   %promoted.index = urem i64 [[TMP16]], 2
; NVPTX-NEXT:   %promoted.addr = getelementptr inbounds i32, ptr %private.1, i64 %promoted.index
; NVPTX-NEXT:   %b.i = load i32, ptr %promoted.addr, align 4
; NVPTX-NEXT:   %sum.i = add i32 %a.i, %b.i
; NVPTX-NEXT:   %dst.i = getelementptr i32, ptr addrspace(1) %out, i32 %lin.i
; NVPTX-NEXT:   store i32 %sum.i, ptr addrspace(1) %dst.i, align 4
; NVPTX-NEXT:   ret void
; NVPTX-NEXT: }

;--- builtin.ll
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @producer(ptr %in, ptr %tmp) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %src = getelementptr i32, ptr %in, i64 %gid
  %v = load i32, ptr %src
  %even = shl i64 %gid, 1
  %lo = getelementptr i32, ptr %tmp, i64 %even
  store i32 %v, ptr %lo
  %hi = getelementptr i32, ptr %lo, i64 1
  store i32 0, ptr %hi
  %old = atomicrmw add ptr %hi, i32 %v monotonic
  ret void
}

; Launched on an 8 x 8 grid: its global ids are remapped.
define spir_kernel void @consumer(ptr %tmp, ptr %out) {
  %x = call i64 @_Z13get_global_idj(i32 0)
  %y = call i64 @_Z13get_global_idj(i32 1)
  %width = call i64 @_Z15get_global_sizej(i32 0)
  %row = mul i64 %y, %width
  %lin = add i64 %row, %x
  %even = shl i64 %lin, 1
  %lo = getelementptr i32, ptr %tmp, i64 %even
  %a = load i32, ptr %lo
  %hi = getelementptr i32, ptr %lo, i64 1
  %b = load i32, ptr %hi
  %sum = add i32 %a, %b
  %dst = getelementptr i32, ptr %out, i64 %lin
  store i32 %sum, ptr %dst
  ret void
}

declare i64 @_Z13get_global_idj(i32)
declare i64 @_Z15get_global_sizej(i32)

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 !asyncpipe.fusion.promote !6 void @fused()

!0 = !{!"producer", !"consumer"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 2, !{i64 8, i64 8, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!4 = !{!5}
!5 = !{!{i32 0, i32 1}, !{i32 1, i32 0}}
; 128 elements over 64 work-items in both nd-ranges: 2 private elements.
!6 = !{!{i32 1, i32 0, !"private", i64 128, i64 4}}

;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @producer(ptr addrspace(1) %in, ptr addrspace(1) %tmp) {
  %group = call i32 @llvm.amdgcn.workgroup.id.x()
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %size.addr = getelementptr i8, ptr addrspace(4) %packet, i64 4
  %size16 = load i16, ptr addrspace(4) %size.addr
  %size = zext i16 %size16 to i32
  %local = call i32 @llvm.amdgcn.workitem.id.x()
  %base = mul i32 %group, %size
  %gid = add i32 %base, %local
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %v = load i32, ptr addrspace(1) %src
  %even = shl i32 %gid, 1
  %lo = getelementptr i32, ptr addrspace(1) %tmp, i32 %even
  store i32 %v, ptr addrspace(1) %lo
  %hi = getelementptr i32, ptr addrspace(1) %lo, i32 1
  store i32 0, ptr addrspace(1) %hi
  %old = atomicrmw add ptr addrspace(1) %hi, i32 %v monotonic
  ret void
}

; Launched on an 8 x 8 grid: its global ids are remapped.
define amdgpu_kernel void @consumer(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %gx = call i32 @llvm.amdgcn.workgroup.id.x()
  %lsx.addr = getelementptr i8, ptr addrspace(4) %packet, i64 4
  %lsx16 = load i16, ptr addrspace(4) %lsx.addr
  %lsx = zext i16 %lsx16 to i32
  %lx = call i32 @llvm.amdgcn.workitem.id.x()
  %bx = mul i32 %gx, %lsx
  %x = add i32 %bx, %lx
  %gy = call i32 @llvm.amdgcn.workgroup.id.y()
  %lsy.addr = getelementptr i8, ptr addrspace(4) %packet, i64 6
  %lsy16 = load i16, ptr addrspace(4) %lsy.addr
  %lsy = zext i16 %lsy16 to i32
  %ly = call i32 @llvm.amdgcn.workitem.id.y()
  %by = mul i32 %gy, %lsy
  %y = add i32 %by, %ly
  %width.addr = getelementptr i8, ptr addrspace(4) %packet, i64 12
  %width = load i32, ptr addrspace(4) %width.addr
  %row = mul i32 %y, %width
  %lin = add i32 %row, %x
  %even = shl i32 %lin, 1
  %lo = getelementptr i32, ptr addrspace(1) %tmp, i32 %even
  %a = load i32, ptr addrspace(1) %lo
  %hi = getelementptr i32, ptr addrspace(1) %lo, i32 1
  %b = load i32, ptr addrspace(1) %hi
  %sum = add i32 %a, %b
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %lin
  store i32 %sum, ptr addrspace(1) %dst
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 !asyncpipe.fusion.promote !6 void @fused()

!0 = !{!"producer", !"consumer"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 2, !{i64 8, i64 8, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!4 = !{!5}
!5 = !{!{i32 0, i32 1}, !{i32 1, i32 0}}
; 128 elements over 64 work-items in both nd-ranges: 2 private elements.
!6 = !{!{i32 1, i32 0, !"private", i64 128, i64 4}}

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @producer(ptr addrspace(1) %in, ptr addrspace(1) %tmp) {
  %group = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %size = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %local = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %group, %size
  %gid = add i32 %base, %local
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %v = load i32, ptr addrspace(1) %src
  %even = shl i32 %gid, 1
  %lo = getelementptr i32, ptr addrspace(1) %tmp, i32 %even
  store i32 %v, ptr addrspace(1) %lo
  %hi = getelementptr i32, ptr addrspace(1) %lo, i32 1
  store i32 0, ptr addrspace(1) %hi
  %old = atomicrmw add ptr addrspace(1) %hi, i32 %v monotonic
  ret void
}

; Launched on an 8 x 8 grid: its global ids are remapped.
define ptx_kernel void @consumer(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %lsx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %lx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = mul i32 %gx, %lsx
  %x = add i32 %bx, %lx
  %gy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %lsy = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %ly = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %by = mul i32 %gy, %lsy
  %y = add i32 %by, %ly
  %ngx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %width = mul i32 %ngx, %lsx
  %row = mul i32 %y, %width
  %lin = add i32 %row, %x
  %even = shl i32 %lin, 1
  %lo = getelementptr i32, ptr addrspace(1) %tmp, i32 %even
  %a = load i32, ptr addrspace(1) %lo
  %hi = getelementptr i32, ptr addrspace(1) %lo, i32 1
  %b = load i32, ptr addrspace(1) %hi
  %sum = add i32 %a, %b
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %lin
  store i32 %sum, ptr addrspace(1) %dst
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 !asyncpipe.fusion.promote !6 void @fused()

!0 = !{!"producer", !"consumer"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 2, !{i64 8, i64 8, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!4 = !{!5}
!5 = !{!{i32 0, i32 1}, !{i32 1, i32 0}}
; 128 elements over 64 work-items in both nd-ranges: 2 private elements.
!6 = !{!{i32 1, i32 0, !"private", i64 128, i64 4}}

