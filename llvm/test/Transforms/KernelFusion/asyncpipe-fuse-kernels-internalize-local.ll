; Local internalization: a buffer passed from producer to consumer becomes a
; work-group-shared array of original_size / num_work_groups elements (64 /
; 4 = 16 here) in the target's local address space, its argument leaves the
; fused kernel, and every access ptr + offset becomes ptr + offset % 16
; elements: through casts to generic pointers, and for a 2-byte access at a
; byte offset (same byte within the remapped element). A third kernel with a
; different nd-range that does not use the buffer is fine (size rule).
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/builtin.ll | FileCheck %s --check-prefix=BUILTIN
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o %t/amdgpu.fused.ll
; RUN: FileCheck %s --check-prefix=AMDGPU --input-file=%t/amdgpu.fused.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/amdgpu.fused.ll -o /dev/null
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx.ll -o %t/nvptx.fused.ll
; RUN: FileCheck %s --check-prefix=NVPTX --input-file=%t/nvptx.fused.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/nvptx.fused.ll -o /dev/null

; BUILTIN: @fused.local.1 = internal global [64 x i8] undef, align 16
; BUILTIN-LABEL: define spir_kernel void @fused(ptr %in, ptr %out, ptr %out1) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   %fusion.linear.id = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %kernel.0.in.range = icmp ult i64 %fusion.linear.id, 64
; BUILTIN-NEXT:   br i1 %kernel.0.in.range, label %kernel.0, label %kernel.0.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.0:
; BUILTIN-NEXT:   %gid.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %src.i = getelementptr i32, ptr %in, i64 %gid.i
; BUILTIN-NEXT:   %v.i = load i32, ptr %src.i, align 4
; BUILTIN-NEXT:   %w.i = add i32 %v.i, 1
; BUILTIN-NEXT:   %promoted.index10 = urem i64 %gid.i, 16
; BUILTIN-NEXT:   %promoted.addr11 = getelementptr inbounds i32, ptr @fused.local.1, i64 %promoted.index10
; BUILTIN-NEXT:   store i32 %w.i, ptr %promoted.addr11, align 4
; BUILTIN-NEXT:   br label %kernel.0.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.0.done:
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 64
; BUILTIN-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1:
; BUILTIN-NEXT:   %gid.i2 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %pair.i = xor i64 %gid.i2, 1
; BUILTIN-NEXT:   %promoted.index = urem i64 %pair.i, 16
; BUILTIN-NEXT:   %promoted.addr = getelementptr inbounds i32, ptr @fused.local.1, i64 %promoted.index
; BUILTIN-NEXT:   %v.i4 = load i32, ptr %promoted.addr, align 4
; BUILTIN-NEXT:   %bytes.i = mul i64 %gid.i2, 4
; BUILTIN-NEXT:   %hi.off.i = add i64 %bytes.i, 2
; BUILTIN-NEXT:   [[TMP0:%.*]] = udiv i64 %hi.off.i, 4
; BUILTIN-NEXT:   %promoted.index8 = urem i64 [[TMP0]], 16
; BUILTIN-NEXT:   [[TMP1:%.*]] = urem i64 %hi.off.i, 4
; BUILTIN-NEXT:   [[TMP2:%.*]] = mul i64 %promoted.index8, 4
; BUILTIN-NEXT:   [[TMP3:%.*]] = add i64 [[TMP2]], [[TMP1]]
; BUILTIN-NEXT:   %promoted.addr9 = getelementptr inbounds i8, ptr @fused.local.1, i64 [[TMP3]]
; BUILTIN-NEXT:   %hi.i = load i16, ptr %promoted.addr9, align 2
; BUILTIN-NEXT:   %hi32.i = zext i16 %hi.i to i32
; BUILTIN-NEXT:   %sum.i = add i32 %v.i4, %hi32.i
; BUILTIN-NEXT:   %dst.i5 = getelementptr i32, ptr %out, i64 %gid.i2
; BUILTIN-NEXT:   store i32 %sum.i, ptr %dst.i5, align 4
; BUILTIN-NEXT:   br label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1.done:
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %gid.i6 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %dst.i7 = getelementptr i32, ptr %out1, i64 %gid.i6
; BUILTIN-NEXT:   store i32 7, ptr %dst.i7, align 4
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; AMDGPU: @fused.local.1 = internal addrspace(3) global [64 x i8] undef, align 16
; AMDGPU-LABEL: define amdgpu_kernel void @fused(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out1) #{{[0-9]+}} {
; AMDGPU-NEXT: entry:
; AMDGPU-NEXT:   [[TMP0:%.*]] = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   [[TMP1:%.*]] = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   [[TMP2:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   [[TMP3:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[TMP2]], i64 4
; AMDGPU-NEXT:   [[TMP4:%.*]] = load i16, ptr addrspace(4) [[TMP3]], align 2
; AMDGPU-NEXT:   [[TMP5:%.*]] = zext i32 [[TMP0]] to i64
; AMDGPU-NEXT:   [[TMP6:%.*]] = zext i16 [[TMP4]] to i64
; AMDGPU-NEXT:   [[TMP7:%.*]] = mul i64 [[TMP5]], [[TMP6]]
; AMDGPU-NEXT:   [[TMP8:%.*]] = zext i32 [[TMP1]] to i64
; AMDGPU-NEXT:   %fusion.linear.id = add i64 [[TMP7]], [[TMP8]]
; AMDGPU-NEXT:   %kernel.0.in.range = icmp ult i64 %fusion.linear.id, 64
; AMDGPU-NEXT:   br i1 %kernel.0.in.range, label %kernel.0, label %kernel.0.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.0:
; AMDGPU-NEXT:   %group.i = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   %packet.i = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %size.addr.i = getelementptr i8, ptr addrspace(4) %packet.i, i64 4
; AMDGPU-NEXT:   %local.i = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   %base.i = mul i32 %group.i, 16
; AMDGPU-NEXT:   %gid.i = add i32 %base.i, %local.i
; AMDGPU-NEXT:   %src.i = getelementptr i32, ptr addrspace(1) %in, i32 %gid.i
; AMDGPU-NEXT:   %v.i = load i32, ptr addrspace(1) %src.i, align 4
; AMDGPU-NEXT:   %w.i = add i32 %v.i, 1
; AMDGPU-NEXT:   [[TMP9:%.*]] = sext i32 %gid.i to i64
; AMDGPU-NEXT:   %promoted.index20 = urem i64 [[TMP9]], 16
; AMDGPU-NEXT:   %promoted.addr21 = getelementptr inbounds i32, ptr addrspace(3) @fused.local.1, i64 %promoted.index20
; AMDGPU-NEXT:   store i32 %w.i, ptr addrspace(3) %promoted.addr21, align 4
; AMDGPU-NEXT:   br label %kernel.0.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.0.done:
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; AMDGPU-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 64
; AMDGPU-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.1:
; AMDGPU-NEXT:   %group.i2 = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   %packet.i3 = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %size.addr.i4 = getelementptr i8, ptr addrspace(4) %packet.i3, i64 4
; AMDGPU-NEXT:   %local.i5 = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   %base.i6 = mul i32 %group.i2, 16
; AMDGPU-NEXT:   %gid.i7 = add i32 %base.i6, %local.i5
; AMDGPU-NEXT:   %pair.i = xor i32 %gid.i7, 1
; AMDGPU-NEXT:   [[TMP10:%.*]] = sext i32 %pair.i to i64
; AMDGPU-NEXT:   %promoted.index18 = urem i64 [[TMP10]], 16
; AMDGPU-NEXT:   %promoted.addr19 = getelementptr inbounds i32, ptr addrspace(3) @fused.local.1, i64 %promoted.index18
; AMDGPU-NEXT:   %v.i9 = load i32, ptr addrspace(3) %promoted.addr19, align 4
; AMDGPU-NEXT:   %bytes.i = mul i32 %gid.i7, 4
; AMDGPU-NEXT:   %hi.off.i = add i32 %bytes.i, 2
; AMDGPU-NEXT:   [[TMP11:%.*]] = sext i32 %hi.off.i to i64
; AMDGPU-NEXT:   [[TMP12:%.*]] = udiv i64 [[TMP11]], 4
; AMDGPU-NEXT:   %promoted.index = urem i64 [[TMP12]], 16
; AMDGPU-NEXT:   [[TMP13:%.*]] = urem i64 [[TMP11]], 4
; AMDGPU-NEXT:   [[TMP14:%.*]] = mul i64 %promoted.index, 4
; AMDGPU-NEXT:   [[TMP15:%.*]] = add i64 [[TMP14]], [[TMP13]]
; AMDGPU-NEXT:   %promoted.addr = getelementptr inbounds i8, ptr addrspace(3) @fused.local.1, i64 [[TMP15]]
; AMDGPU-NEXT:   %hi.i = load i16, ptr addrspace(3) %promoted.addr, align 2
; AMDGPU-NEXT:   %hi32.i = zext i16 %hi.i to i32
; AMDGPU-NEXT:   %sum.i = add i32 %v.i9, %hi32.i
; AMDGPU-NEXT:   %dst.i10 = getelementptr i32, ptr addrspace(1) %out, i32 %gid.i7
; AMDGPU-NEXT:   store i32 %sum.i, ptr addrspace(1) %dst.i10, align 4
; AMDGPU-NEXT:   br label %kernel.1.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.1.done:
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; AMDGPU-NEXT:   %group.i11 = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   %packet.i12 = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %size.addr.i13 = getelementptr i8, ptr addrspace(4) %packet.i12, i64 4
; AMDGPU-NEXT:   %size16.i = load i16, ptr addrspace(4) %size.addr.i13, align 2
; AMDGPU-NEXT:   %size.i = zext i16 %size16.i to i32
; AMDGPU-NEXT:   %local.i14 = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   %base.i15 = mul i32 %group.i11, %size.i
; AMDGPU-NEXT:   %gid.i16 = add i32 %base.i15, %local.i14
; AMDGPU-NEXT:   %dst.i17 = getelementptr i32, ptr addrspace(1) %out1, i32 %gid.i16
; AMDGPU-NEXT:   store i32 7, ptr addrspace(1) %dst.i17, align 4
; AMDGPU-NEXT:   ret void
; AMDGPU-NEXT: }

; NVPTX: @fused.local.1 = internal addrspace(3) global [64 x i8] undef, align 16
; NVPTX-LABEL: define ptx_kernel void @fused(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out1) #{{[0-9]+}} {
; NVPTX-NEXT: entry:
; NVPTX-NEXT:   [[TMP0:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   [[TMP1:%.*]] = zext i32 [[TMP0]] to i64
; NVPTX-NEXT:   [[TMP2:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   [[TMP3:%.*]] = zext i32 [[TMP2]] to i64
; NVPTX-NEXT:   [[TMP4:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   [[TMP5:%.*]] = zext i32 [[TMP4]] to i64
; NVPTX-NEXT:   [[TMP6:%.*]] = mul i64 [[TMP1]], [[TMP3]]
; NVPTX-NEXT:   %fusion.linear.id = add i64 [[TMP6]], [[TMP5]]
; NVPTX-NEXT:   %kernel.0.in.range = icmp ult i64 %fusion.linear.id, 64
; NVPTX-NEXT:   br i1 %kernel.0.in.range, label %kernel.0, label %kernel.0.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.0:
; NVPTX-NEXT:   %group.i = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   %local.i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   %base.i = mul i32 %group.i, 16
; NVPTX-NEXT:   %gid.i = add i32 %base.i, %local.i
; NVPTX-NEXT:   %src.i = getelementptr i32, ptr addrspace(1) %in, i32 %gid.i
; NVPTX-NEXT:   %v.i = load i32, ptr addrspace(1) %src.i, align 4
; NVPTX-NEXT:   %w.i = add i32 %v.i, 1
; NVPTX-NEXT:   [[TMP7:%.*]] = sext i32 %gid.i to i64
; NVPTX-NEXT:   %promoted.index16 = urem i64 [[TMP7]], 16
; NVPTX-NEXT:   %promoted.addr17 = getelementptr inbounds i32, ptr addrspace(3) @fused.local.1, i64 %promoted.index16
; NVPTX-NEXT:   store i32 %w.i, ptr addrspace(3) %promoted.addr17, align 4
; NVPTX-NEXT:   br label %kernel.0.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.0.done:
; NVPTX-NEXT:   call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 64
; NVPTX-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.1:
; NVPTX-NEXT:   %group.i2 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   %local.i3 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   %base.i4 = mul i32 %group.i2, 16
; NVPTX-NEXT:   %gid.i5 = add i32 %base.i4, %local.i3
; NVPTX-NEXT:   %pair.i = xor i32 %gid.i5, 1
; NVPTX-NEXT:   [[TMP8:%.*]] = sext i32 %pair.i to i64
; NVPTX-NEXT:   %promoted.index14 = urem i64 [[TMP8]], 16
; NVPTX-NEXT:   %promoted.addr15 = getelementptr inbounds i32, ptr addrspace(3) @fused.local.1, i64 %promoted.index14
; NVPTX-NEXT:   %v.i7 = load i32, ptr addrspace(3) %promoted.addr15, align 4
; NVPTX-NEXT:   %bytes.i = mul i32 %gid.i5, 4
; NVPTX-NEXT:   %hi.off.i = add i32 %bytes.i, 2
; NVPTX-NEXT:   [[TMP9:%.*]] = sext i32 %hi.off.i to i64
; NVPTX-NEXT:   [[TMP10:%.*]] = udiv i64 [[TMP9]], 4
; NVPTX-NEXT:   %promoted.index = urem i64 [[TMP10]], 16
; NVPTX-NEXT:   [[TMP11:%.*]] = urem i64 [[TMP9]], 4
; NVPTX-NEXT:   [[TMP12:%.*]] = mul i64 %promoted.index, 4
; NVPTX-NEXT:   [[TMP13:%.*]] = add i64 [[TMP12]], [[TMP11]]
; NVPTX-NEXT:   %promoted.addr = getelementptr inbounds i8, ptr addrspace(3) @fused.local.1, i64 [[TMP13]]
; NVPTX-NEXT:   %hi.i = load i16, ptr addrspace(3) %promoted.addr, align 2
; NVPTX-NEXT:   %hi32.i = zext i16 %hi.i to i32
; NVPTX-NEXT:   %sum.i = add i32 %v.i7, %hi32.i
; NVPTX-NEXT:   %dst.i8 = getelementptr i32, ptr addrspace(1) %out, i32 %gid.i5
; NVPTX-NEXT:   store i32 %sum.i, ptr addrspace(1) %dst.i8, align 4
; NVPTX-NEXT:   br label %kernel.1.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.1.done:
; NVPTX-NEXT:   call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:   %group.i9 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   %size.i = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   %local.i10 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   %base.i11 = mul i32 %group.i9, %size.i
; NVPTX-NEXT:   %gid.i12 = add i32 %base.i11, %local.i10
; NVPTX-NEXT:   %dst.i13 = getelementptr i32, ptr addrspace(1) %out1, i32 %gid.i12
; NVPTX-NEXT:   store i32 7, ptr addrspace(1) %dst.i13, align 4
; NVPTX-NEXT:   ret void
; NVPTX-NEXT: }

;--- builtin.ll
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @producer(ptr %in, ptr %tmp) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %src = getelementptr i32, ptr %in, i64 %gid
  %v = load i32, ptr %src
  %w = add i32 %v, 1
  %dst = getelementptr i32, ptr %tmp, i64 %gid
  store i32 %w, ptr %dst
  ret void
}

; Reads a neighbour through a generic pointer, and half an element
; through a byte offset.
define spir_kernel void @consumer(ptr %tmp, ptr %out) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %flat = bitcast ptr %tmp to ptr
  %pair = xor i64 %gid, 1
  %src = getelementptr i32, ptr %flat, i64 %pair
  %v = load i32, ptr %src
  %bytes = mul i64 %gid, 4
  %hi.off = add i64 %bytes, 2
  %hi.addr = getelementptr i8, ptr %tmp, i64 %hi.off
  %hi = load i16, ptr %hi.addr
  %hi32 = zext i16 %hi to i32
  %sum = add i32 %v, %hi32
  %dst = getelementptr i32, ptr %out, i64 %gid
  store i32 %sum, ptr %dst
  ret void
}

; Launched on twice the work-items without a local size; does not use
; the promoted buffer.
define spir_kernel void @wide(ptr %out) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %dst = getelementptr i32, ptr %out, i64 %gid
  store i32 7, ptr %dst
  ret void
}

declare i64 @_Z13get_global_idj(i32)

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 !asyncpipe.fusion.promote !6 void @fused()

!0 = !{!"producer", !"consumer", !"wide"}
!1 = !{!2, !2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 128, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!4 = !{!5}
!5 = !{!{i32 0, i32 1}, !{i32 1, i32 0}}
; 64 elements over 4 work-groups of 16: 16 elements of local memory.
!6 = !{!{i32 0, i32 1, !"local", i64 64, i64 4}}

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
  %w = add i32 %v, 1
  %dst = getelementptr i32, ptr addrspace(1) %tmp, i32 %gid
  store i32 %w, ptr addrspace(1) %dst
  ret void
}

; Reads a neighbour through a generic pointer, and half an element
; through a byte offset.
define amdgpu_kernel void @consumer(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
  %group = call i32 @llvm.amdgcn.workgroup.id.x()
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %size.addr = getelementptr i8, ptr addrspace(4) %packet, i64 4
  %size16 = load i16, ptr addrspace(4) %size.addr
  %size = zext i16 %size16 to i32
  %local = call i32 @llvm.amdgcn.workitem.id.x()
  %base = mul i32 %group, %size
  %gid = add i32 %base, %local
  %flat = addrspacecast ptr addrspace(1) %tmp to ptr
  %pair = xor i32 %gid, 1
  %src = getelementptr i32, ptr %flat, i32 %pair
  %v = load i32, ptr %src
  %bytes = mul i32 %gid, 4
  %hi.off = add i32 %bytes, 2
  %hi.addr = getelementptr i8, ptr addrspace(1) %tmp, i32 %hi.off
  %hi = load i16, ptr addrspace(1) %hi.addr
  %hi32 = zext i16 %hi to i32
  %sum = add i32 %v, %hi32
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %sum, ptr addrspace(1) %dst
  ret void
}

; Launched on twice the work-items without a local size; does not use
; the promoted buffer.
define amdgpu_kernel void @wide(ptr addrspace(1) %out) {
  %group = call i32 @llvm.amdgcn.workgroup.id.x()
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %size.addr = getelementptr i8, ptr addrspace(4) %packet, i64 4
  %size16 = load i16, ptr addrspace(4) %size.addr
  %size = zext i16 %size16 to i32
  %local = call i32 @llvm.amdgcn.workitem.id.x()
  %base = mul i32 %group, %size
  %gid = add i32 %base, %local
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 7, ptr addrspace(1) %dst
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 !asyncpipe.fusion.promote !6 void @fused()

!0 = !{!"producer", !"consumer", !"wide"}
!1 = !{!2, !2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 128, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!4 = !{!5}
!5 = !{!{i32 0, i32 1}, !{i32 1, i32 0}}
; 64 elements over 4 work-groups of 16: 16 elements of local memory.
!6 = !{!{i32 0, i32 1, !"local", i64 64, i64 4}}

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
  %w = add i32 %v, 1
  %dst = getelementptr i32, ptr addrspace(1) %tmp, i32 %gid
  store i32 %w, ptr addrspace(1) %dst
  ret void
}

; Reads a neighbour through a generic pointer, and half an element
; through a byte offset.
define ptx_kernel void @consumer(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
  %group = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %size = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %local = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %group, %size
  %gid = add i32 %base, %local
  %flat = addrspacecast ptr addrspace(1) %tmp to ptr
  %pair = xor i32 %gid, 1
  %src = getelementptr i32, ptr %flat, i32 %pair
  %v = load i32, ptr %src
  %bytes = mul i32 %gid, 4
  %hi.off = add i32 %bytes, 2
  %hi.addr = getelementptr i8, ptr addrspace(1) %tmp, i32 %hi.off
  %hi = load i16, ptr addrspace(1) %hi.addr
  %hi32 = zext i16 %hi to i32
  %sum = add i32 %v, %hi32
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %sum, ptr addrspace(1) %dst
  ret void
}

; Launched on twice the work-items without a local size; does not use
; the promoted buffer.
define ptx_kernel void @wide(ptr addrspace(1) %out) {
  %group = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %size = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %local = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %group, %size
  %gid = add i32 %base, %local
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 7, ptr addrspace(1) %dst
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 !asyncpipe.fusion.promote !6 void @fused()

!0 = !{!"producer", !"consumer", !"wide"}
!1 = !{!2, !2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 128, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!4 = !{!5}
!5 = !{!{i32 0, i32 1}, !{i32 1, i32 0}}
; 64 elements over 4 work-groups of 16: 16 elements of local memory.
!6 = !{!{i32 0, i32 1, !"local", i64 64, i64 4}}

