; Arguments declared identical become one parameter of the fused kernel, in
; the order of their first appearance; groups chain (kernel 2's factor is
; identical to kernel 0's). Target-independent; checked on each target's
; barrier form.
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-fuse-kernels -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,BUILTIN
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-fuse-kernels -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,AMDGPU
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-fuse-kernels -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,NVPTX

; CHECK-LABEL: define void @fused(ptr %in, ptr %out, float %factor, ptr %acc, ptr %out1) #{{[0-9]+}} {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v.i = load float, ptr %in, align 4
; CHECK-NEXT:    %m.i = fmul float %v.i, %factor
; CHECK-NEXT:    store float %m.i, ptr %out, align 4
; BUILTIN-NEXT:  call void @_Z7barrierj(i32 3)
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %a.i = load float, ptr %acc, align 4
; CHECK-NEXT:    %v.i2 = load float, ptr %out, align 4
; CHECK-NEXT:    %s.i = fadd float %a.i, %v.i2
; CHECK-NEXT:    store float %s.i, ptr %acc, align 4
; BUILTIN-NEXT:  call void @_Z7barrierj(i32 3)
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %v.i3 = load float, ptr %in, align 4
; CHECK-NEXT:    %m.i4 = fmul float %v.i3, %factor
; CHECK-NEXT:    store float %m.i4, ptr %out1, align 4
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }

define void @scale(ptr %in, ptr %out, float %factor) {
  %v = load float, ptr %in
  %m = fmul float %v, %factor
  store float %m, ptr %out
  ret void
}

define void @accumulate(ptr %acc, ptr %in) {
  %a = load float, ptr %acc
  %v = load float, ptr %in
  %s = fadd float %a, %v
  store float %s, ptr %acc
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 void @fused()

!0 = !{!"scale", !"accumulate", !"scale"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
; scale's output is accumulate's input; both scales read the same input
; with the same factor; the second scale writes elsewhere.
!3 = !{!4, !5, !6}
!4 = !{!{i32 0, i32 1}, !{i32 1, i32 1}}
!5 = !{!{i32 0, i32 0}, !{i32 2, i32 0}}
!6 = !{!{i32 2, i32 2}, !{i32 0, i32 2}}
