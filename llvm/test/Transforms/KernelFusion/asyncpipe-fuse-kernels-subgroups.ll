; Sub-group queries of AMDGPU (mbcnt, wave.id) and NVPTX (laneid, lanemask)
; in a kernel whose global size is remapped are left alone when the kernel
; has a local size: its work-groups are the fused kernel's, so its waves and
; warps are too. (Without a local size they are refused:
; llvm/test/tools/asyncpipe-fuse/refusals-*.test.)
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o - | FileCheck %s --check-prefix=AMDGPU
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx.ll -o - | FileCheck %s --check-prefix=NVPTX

; AMDGPU-LABEL: define amdgpu_kernel void @fused(
; AMDGPU:         %fusion.linear.id = add i64 %7, %8
; AMDGPU-NEXT:    %l.i = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; AMDGPU-NEXT:    %w.i = call i32 @llvm.amdgcn.wave.id()
; AMDGPU-NEXT:    %s.i = add i32 %l.i, %w.i
; AMDGPU-NEXT:    store i32 %s.i, ptr addrspace(1) %out, align 4
; AMDGPU-NEXT:    fence syncscope("workgroup") release
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    fence syncscope("workgroup") acquire
; AMDGPU-NEXT:    %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 32
; AMDGPU-NEXT:    br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT:  kernel.1:
; AMDGPU-NEXT:    %l.i2 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; AMDGPU-NEXT:    %w.i3 = call i32 @llvm.amdgcn.wave.id()
; AMDGPU-NEXT:    %s.i4 = add i32 %l.i2, %w.i3
; AMDGPU-NEXT:    store i32 %s.i4, ptr addrspace(1) %out1, align 4

; NVPTX-LABEL: define ptx_kernel void @fused(
; NVPTX:         %fusion.linear.id = add i64 %6, %5
; NVPTX-NEXT:    %l.i = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; NVPTX-NEXT:    %m.i = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
; NVPTX-NEXT:    %s.i = add i32 %l.i, %m.i
; NVPTX-NEXT:    store i32 %s.i, ptr addrspace(1) %out, align 4
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:    %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 32
; NVPTX-NEXT:    br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; NVPTX-EMPTY:
; NVPTX-NEXT:  kernel.1:
; NVPTX-NEXT:    %l.i2 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; NVPTX-NEXT:    %m.i3 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
; NVPTX-NEXT:    %s.i4 = add i32 %l.i2, %m.i3
; NVPTX-NEXT:    store i32 %s.i4, ptr addrspace(1) %out1, align 4

;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @lane(ptr addrspace(1) %out) {
  %l = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %w = call i32 @llvm.amdgcn.wave.id()
  %s = add i32 %l, %w
  store i32 %s, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.wave.id()

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"lane", !"lane"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @lane(ptr addrspace(1) %out) {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %m = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %s = add i32 %l, %m
  store i32 %s, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"lane", !"lane"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}
