; What the fused kernel keeps of the kernels' interface:
; - how each argument is passed (byval, zeroext, ...) and what is known of
;   its value (align, dereferenceable, noundef); what only held within one
;   kernel (noalias, readonly, captures) is dropped;
; - the OpenCL kernel_arg_* metadata of the parameters it kept, and the
;   reqd_work_group_size / work_group_size_hint the kernels agree on;
; - a struct passed by value with a constant becomes a private copy
;   initialized with its bytes.
; Kernels requiring different work-group sizes, or identical arguments
; passed differently, are refused. A "none" promotion hint is a request: an
; argument identical to it with a promotion hint is refused.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/keep.ll -o - | FileCheck %s
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/byval-constant.ll -o - \
; RUN:   | FileCheck %s --check-prefix=CONST
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/reqd.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REQD
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/passing.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PASSING
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/none.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NONE

;--- keep.ll
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [3 x i32] }

define spir_kernel void @first(ptr noalias noundef align 4 dereferenceable(64) %out, ptr noundef byval(%struct.S) align 8 %s, i8 zeroext %k) !kernel_arg_addr_space !10 !kernel_arg_access_qual !11 !kernel_arg_type !12 !kernel_arg_base_type !12 !kernel_arg_type_qual !13 !kernel_arg_name !14 !reqd_work_group_size !15 !work_group_size_hint !16 {
  %p = getelementptr i32, ptr %s, i64 1
  %v = load i32, ptr %p, align 4
  %w = zext i8 %k to i32
  %x = add i32 %v, %w
  store i32 %x, ptr %out, align 4
  ret void
}

define spir_kernel void @second(ptr noalias readonly captures(none) %in, ptr byval(%struct.S) align 8 %s) !kernel_arg_addr_space !20 !kernel_arg_access_qual !21 !kernel_arg_type !22 !kernel_arg_base_type !22 !kernel_arg_type_qual !21 !kernel_arg_name !23 !reqd_work_group_size !15 !work_group_size_hint !24 {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr %s, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 !asyncpipe.fusion.constants !5 void @fused()

!0 = !{!"first", !"second"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!4}
!4 = !{!{i32 0, i32 0}, !{i32 1, i32 0}}
!5 = !{!{i32 0, i32 2, i8 7}}
!10 = !{i32 1, i32 0, i32 0}
!11 = !{!"none", !"none", !"none"}
!12 = !{!"int*", !"struct S", !"uchar"}
!13 = !{!"", !"", !""}
!14 = !{!"out", !"s", !"k"}
!15 = !{i32 8, i32 1, i32 1}
!16 = !{i32 8, i32 1, i32 1}
!20 = !{i32 1, i32 0}
!21 = !{!"none", !"none"}
!22 = !{!"int*", !"struct S"}
!23 = !{!"in", !"s"}
!24 = !{i32 4, i32 1, i32 1}

; One pointer for out/in: noalias, readonly and captures(none) held within
; one kernel each and are dropped; each struct keeps byval, the constant k
; is gone. The hint sizes differ and are dropped.
; CHECK:       define spir_kernel void @fused(ptr noundef align 4 dereferenceable(64) %out, ptr noundef byval(%struct.S) align 8 %s, ptr byval(%struct.S) align 8 %s1) #{{[0-9]+}} !kernel_arg_addr_space ![[AS:[0-9]+]] !kernel_arg_access_qual ![[AQ:[0-9]+]] !kernel_arg_type ![[TY:[0-9]+]] !kernel_arg_base_type ![[TY]] !kernel_arg_type_qual ![[TQ:[0-9]+]] !kernel_arg_name ![[NAME:[0-9]+]] !reqd_work_group_size ![[WGS:[0-9]+]] {
; CHECK-NOT:   work_group_size_hint
; CHECK:       ![[AS]] = !{i32 1, i32 0, i32 0}
; CHECK-NEXT:  ![[AQ]] = !{!"none", !"none", !"none"}
; CHECK:       ![[WGS]] = !{i32 8, i32 1, i32 1}
; CHECK:       ![[TY]] = !{!"int*", !"struct S", !"struct S"}
; CHECK-NEXT:  ![[TQ]] = !{!"", !"", !"none"}
; CHECK-NEXT:  ![[NAME]] = !{!"out", !"s", !"s"}

;--- byval-constant.ll
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.R = type { i32, i32 }

define spir_kernel void @use(ptr %out, ptr byval(%struct.R) align 4 %r) {
  %p = getelementptr i8, ptr %r, i64 4
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"use", !"use"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
; { 1, 2 } and { 3, 4 } as the runtime passes them.
!3 = !{!{i32 0, i32 1, [8 x i8] c"\01\00\00\00\02\00\00\00"}, !{i32 1, i32 1, [8 x i8] c"\03\00\00\00\04\00\00\00"}}

; CONST-LABEL: define spir_kernel void @fused(ptr %out, ptr %out1)
; CONST-NEXT:  entry:
; CONST-NEXT:    %r2.const = alloca [8 x i8], align 4
; CONST-NEXT:    store [8 x i8] c"\03\00\00\00\04\00\00\00", ptr %r2.const, align 4
; CONST-NEXT:    %r.const = alloca [8 x i8], align 4
; CONST-NEXT:    store [8 x i8] c"\01\00\00\00\02\00\00\00", ptr %r.const, align 4
; Each kernel's byval copy is made from its constant.
; CONST:         call void @llvm.memcpy.p0.p0.i64(ptr align 8 %r3, ptr %r.const, i64 8, i1 false)
; CONST:         call void @llvm.memcpy.p0.p0.i64(ptr align 8 %r24, ptr %r2.const, i64 8, i1 false)

;--- reqd.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @a(ptr %out) !reqd_work_group_size !10 {
  ret void
}
define spir_kernel void @b(ptr %out) !reqd_work_group_size !11 {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"a", !"b"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!10 = !{i32 8, i32 1, i32 1}
!11 = !{i32 16, i32 1, i32 1}

; REQD: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [conflicting-reqd-work-group-size]: kernel 0 ('a') and kernel 1 ('b') require different work-group sizes (reqd_work_group_size); fuse only kernels that require the same one

;--- passing.ll
target triple = "spir64-unknown-unknown"

%struct.S = type { i32 }

define spir_kernel void @byval(ptr byval(%struct.S) %s) {
  ret void
}
define spir_kernel void @plain(ptr %s) {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 void @fused()

!0 = !{!"byval", !"plain"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{!{i32 0, i32 0}, !{i32 1, i32 0}}}

; PASSING: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [identical-argument-passing-mismatch]: argument 0 of kernel 1 ('plain') is declared identical to argument 0 of kernel 0 ('byval') but is passed differently (byval, byref, inreg, zeroext or signext differ); declare only arguments passed the same way identical

;--- none.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @copy(ptr %in, ptr %out) {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 !asyncpipe.fusion.promote !4 void @fused()

!0 = !{!"copy", !"copy"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{!{i32 0, i32 1}, !{i32 1, i32 0}}}
!4 = !{!{i32 1, i32 0, !"private", i64 64, i64 4}, !{i32 0, i32 1, !"none", i64 0, i64 0}}

; NONE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [conflicting-promotion-hints]: argument 1 of kernel 0 ('copy') is identical to argument 0 of kernel 1 ('copy') with a different promotion; give every identical argument the same hint
