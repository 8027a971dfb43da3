; The fused kernel runs the kernels of the list in order, inlined (callees
; too), with a work-group barrier in the target's form between consecutive
; kernels and none after the last; one parameter per kernel argument when
; none are declared identical; the original kernels stay, the stub goes.
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -pass-remarks=asyncpipe-fusion -S \
; RUN:   %t/builtin.ll -o - 2>%t/remarks | FileCheck %s --check-prefix=BUILTIN
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t/remarks
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o %t/amdgpu.fused.ll
; RUN: FileCheck %s --check-prefix=AMDGPU --input-file=%t/amdgpu.fused.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/amdgpu.fused.ll -o - \
; RUN:   | FileCheck %s --check-prefix=GFX942
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx.ll -o %t/nvptx.fused.ll
; RUN: FileCheck %s --check-prefix=NVPTX --input-file=%t/nvptx.fused.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/nvptx.fused.ll -o - \
; RUN:   | FileCheck %s --check-prefix=PTX

; REMARK: remark: <unknown>:0:0: fused 3 kernels (first, second, first) on nd-range global (64): 3 parameters, 0 local and 0 private buffers, 0 kernels remapped

; BUILTIN: define spir_kernel void @first(ptr %buf)
; BUILTIN: define spir_kernel void @second(ptr %buf)
; BUILTIN: declare void @_Z7barrierj(i32) #[[BARRIER_DECL:[0-9]+]]
; BUILTIN:       define spir_kernel void @fused(ptr %buf, ptr %buf1, ptr %buf2) #[[FUSED:[0-9]+]] {
; BUILTIN-NEXT:  entry:
; BUILTIN-NEXT:    %id.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:    %p.i = getelementptr i32, ptr %buf, i64 %id.i
; BUILTIN-NEXT:    store i32 1, ptr %p.i, align 4
; BUILTIN-NEXT:    call void @_Z7barrierj(i32 3) #[[FUSED]]
; BUILTIN-NEXT:    %id.i.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:    %p.i.i = getelementptr i32, ptr %buf1, i64 %id.i.i
; BUILTIN-NEXT:    %v.i.i = load i32, ptr %p.i.i, align 4
; BUILTIN-NEXT:    %w.i.i = add i32 %v.i.i, 2
; BUILTIN-NEXT:    store i32 %w.i.i, ptr %p.i.i, align 4
; BUILTIN-NEXT:    call void @_Z7barrierj(i32 3) #[[FUSED]]
; BUILTIN-NEXT:    %id.i3 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:    %p.i4 = getelementptr i32, ptr %buf2, i64 %id.i3
; BUILTIN-NEXT:    store i32 1, ptr %p.i4, align 4
; BUILTIN-NEXT:    ret void
; BUILTIN-NEXT:  }
; BUILTIN-NOT:   @asyncpipe.fused.entry
; BUILTIN:       attributes #[[BARRIER_DECL]] = { convergent nounwind }
; BUILTIN:       attributes #[[FUSED]] = { convergent }

; AMDGPU-LABEL: define amdgpu_kernel void @fused(ptr addrspace(1) %buf, ptr addrspace(1) %buf1, ptr addrspace(1) %buf2) #{{[0-9]+}} {
; AMDGPU-NEXT:  entry:
; AMDGPU-NEXT:    %id.i = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:    %p.i = getelementptr i32, ptr addrspace(1) %buf, i32 %id.i
; AMDGPU-NEXT:    store i32 1, ptr addrspace(1) %p.i, align 4
; AMDGPU-NEXT:    fence syncscope("workgroup") release
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    fence syncscope("workgroup") acquire
; AMDGPU-NEXT:    %id.i.i = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:    %p.i.i = getelementptr i32, ptr addrspace(1) %buf1, i32 %id.i.i
; AMDGPU-NEXT:    %v.i.i = load i32, ptr addrspace(1) %p.i.i, align 4
; AMDGPU-NEXT:    %w.i.i = add i32 %v.i.i, 2
; AMDGPU-NEXT:    store i32 %w.i.i, ptr addrspace(1) %p.i.i, align 4
; AMDGPU-NEXT:    fence syncscope("workgroup") release
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    fence syncscope("workgroup") acquire
; AMDGPU-NEXT:    %id.i3 = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:    %p.i4 = getelementptr i32, ptr addrspace(1) %buf2, i32 %id.i3
; AMDGPU-NEXT:    store i32 1, ptr addrspace(1) %p.i4, align 4
; AMDGPU-NEXT:    ret void
; AMDGPU-NEXT:  }

; GFX942-LABEL: fused:
; GFX942:         global_store_dword v0, v1, s[0:1]
; GFX942-NEXT:    s_barrier
; GFX942-NEXT:    global_load_dword v2, v0, s[2:3]
; GFX942:         global_store_dword v0, v2, s[2:3]
; GFX942-NEXT:    s_barrier
; GFX942-NEXT:    global_store_dword v0, v1, s[6:7]
; GFX942-NEXT:    s_endpgm

; NVPTX-LABEL: define ptx_kernel void @fused(ptr addrspace(1) %buf, ptr addrspace(1) %buf1, ptr addrspace(1) %buf2) #{{[0-9]+}} {
; NVPTX-NEXT:  entry:
; NVPTX-NEXT:    %id.i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:    %p.i = getelementptr i32, ptr addrspace(1) %buf, i32 %id.i
; NVPTX-NEXT:    store i32 1, ptr addrspace(1) %p.i, align 4
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:    %id.i.i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:    %p.i.i = getelementptr i32, ptr addrspace(1) %buf1, i32 %id.i.i
; NVPTX-NEXT:    %v.i.i = load i32, ptr addrspace(1) %p.i.i, align 4
; NVPTX-NEXT:    %w.i.i = add i32 %v.i.i, 2
; NVPTX-NEXT:    store i32 %w.i.i, ptr addrspace(1) %p.i.i, align 4
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:    %id.i3 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:    %p.i4 = getelementptr i32, ptr addrspace(1) %buf2, i32 %id.i3
; NVPTX-NEXT:    store i32 1, ptr addrspace(1) %p.i4, align 4
; NVPTX-NEXT:    ret void
; NVPTX-NEXT:  }

; PTX-LABEL: .visible .entry fused(
; PTX:         st.global.b32 [%rd{{[0-9]+}}], 1;
; PTX-NEXT:    bar.sync 0;
; PTX:         st.global.b32
; PTX-NEXT:    bar.sync 0;
; PTX:         st.global.b32 [%rd{{[0-9]+}}], 1;
; PTX-NEXT:    ret;

;--- builtin.ll
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @first(ptr %buf) {
  %id = call i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i32, ptr %buf, i64 %id
  store i32 1, ptr %p
  ret void
}

define spir_kernel void @second(ptr %buf) {
  call void @helper(ptr %buf)
  ret void
}

define internal void @helper(ptr %buf) {
  %id = call i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i32, ptr %buf, i64 %id
  %v = load i32, ptr %p
  %w = add i32 %v, 2
  store i32 %w, ptr %p
  ret void
}

declare i64 @_Z13get_global_idj(i32)

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"first", !"second", !"first"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @first(ptr addrspace(1) %buf) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %buf, i32 %id
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @second(ptr addrspace(1) %buf) {
  call void @helper(ptr addrspace(1) %buf)
  ret void
}

define internal void @helper(ptr addrspace(1) %buf) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %buf, i32 %id
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 2
  store i32 %w, ptr addrspace(1) %p
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"first", !"second", !"first"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @first(ptr addrspace(1) %buf) {
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %buf, i32 %id
  store i32 1, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @second(ptr addrspace(1) %buf) {
  call void @helper(ptr addrspace(1) %buf)
  ret void
}

define internal void @helper(ptr addrspace(1) %buf) {
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %buf, i32 %id
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 2
  store i32 %w, ptr addrspace(1) %p
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"first", !"second", !"first"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
