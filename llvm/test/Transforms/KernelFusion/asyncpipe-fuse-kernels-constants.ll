; Scalar arguments with a constant in the spec become that constant in the
; fused kernel and leave its parameter list; integers of every width and
; half, float and double. Target-independent; checked on each target.
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-fuse-kernels -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,BUILTIN
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-fuse-kernels -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,AMDGPU
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-fuse-kernels -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,NVPTX

; CHECK-LABEL: define void @fused(ptr %x, ptr %y, ptr %out) #{{[0-9]+}} {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %loop.i
; CHECK-EMPTY:
; CHECK-NEXT:  loop.i:
; CHECK-NEXT:    %i.i = phi i32 [ 0, %entry ], [ %next.i, %loop.i ]
; CHECK-NEXT:    %px.i = getelementptr float, ptr %x, i32 %i.i
; CHECK-NEXT:    %py.i = getelementptr float, ptr %y, i32 %i.i
; CHECK-NEXT:    %vx.i = load float, ptr %px.i, align 4
; CHECK-NEXT:    %vy.i = load float, ptr %py.i, align 4
; CHECK-NEXT:    %m.i = fmul float %vx.i, 2.500000e+00
; CHECK-NEXT:    %s.i = fadd float %m.i, %vy.i
; CHECK-NEXT:    store float %s.i, ptr %py.i, align 4
; CHECK-NEXT:    %next.i = add i32 %i.i, 1
; CHECK-NEXT:    %done.i = icmp eq i32 %next.i, 16
; CHECK-NEXT:    br i1 %done.i, label %axpy.body.exit, label %loop.i
; CHECK-EMPTY:
; CHECK-NEXT:  axpy.body.exit:
; BUILTIN-NEXT:  call void @_Z7barrierj(i32 3)
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %hd.i = fpext half 0xH3C00 to double
; CHECK-NEXT:    %sum.i = fadd double %hd.i, 5.000000e-01
; CHECK-NEXT:    %si.i = fptosi double %sum.i to i64
; CHECK-NEXT:    %b.i = add i64 %si.i, -3
; CHECK-NEXT:    %s.i1 = sext i8 -1 to i64
; CHECK-NEXT:    %t.i = add i64 %b.i, %s.i1
; CHECK-NEXT:    store i64 %t.i, ptr %out, align 8
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }

define void @axpy(ptr %x, ptr %y, float %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %px = getelementptr float, ptr %x, i32 %i
  %py = getelementptr float, ptr %y, i32 %i
  %vx = load float, ptr %px
  %vy = load float, ptr %py
  %m = fmul float %vx, %a
  %s = fadd float %m, %vy
  store float %s, ptr %py
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @mix(ptr %out, i64 %bias, half %h, double %d, i8 %small) {
  %hd = fpext half %h to double
  %sum = fadd double %hd, %d
  %si = fptosi double %sum to i64
  %b = add i64 %si, %bias
  %s = sext i8 %small to i64
  %t = add i64 %b, %s
  store i64 %t, ptr %out, align 8
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"axpy", !"mix"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!4, !5, !6, !7, !8, !9}
!4 = !{i32 0, i32 2, float 2.500000e+00}
!5 = !{i32 0, i32 3, i32 16}
!6 = !{i32 1, i32 1, i64 -3}
!7 = !{i32 1, i32 2, half 0xH3C00}
!8 = !{i32 1, i32 3, double 5.000000e-01}
!9 = !{i32 1, i32 4, i8 -1}
