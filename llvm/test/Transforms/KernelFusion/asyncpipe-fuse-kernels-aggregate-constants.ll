; Constants for aggregates, of any nesting of structs, arrays and vectors,
; given as a typed constant or as the string of bytes the runtime would pass
; (the fusion design's form):
; - a struct passed byval becomes a private copy holding the typed constant,
;   or the bytes themselves when they do not round-trip through the type
;   (here: a non-zero padding byte, which a kernel copying the struct could
;   see);
; - a struct or vector passed as a value is replaced by the typed constant;
; - a struct passed byref (AMDGPU's kernel arguments) points at a constant
;   global in the same address space.
; Bytes that do not fit the type are refused as for scalars, and so are
; types with no constant form built from bytes.
; llvm/test/tools/asyncpipe-fuse/exec-aggregate-constants.test runs three
; shapes on the host.
; REQUIRES: amdgpu-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/spir.ll -o - | FileCheck %s --check-prefix=SPIR
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o - | FileCheck %s --check-prefix=AMDGPU
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/size.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SIZE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/undef.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UNDEF
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/bits.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BITS
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/scalable.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SCALABLE

;--- spir.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.Inner = type { i16, i64 }
%struct.Nested = type { i8, %struct.Inner, [2 x double] }
%struct.Pair = type { i32, [2 x float] }

; Reads inner.l.
define spir_kernel void @nested(ptr addrspace(1) %out, ptr byval(%struct.Nested) align 8 %n) {
  %pl = getelementptr i8, ptr %n, i64 16
  %l = load i64, ptr %pl, align 8
  store i64 %l, ptr addrspace(1) %out, align 8
  ret void
}

define spir_kernel void @pair(ptr addrspace(1) %out, %struct.Pair %p, <4 x i16> %v) {
  %b = extractvalue %struct.Pair %p, 1, 1
  %e = extractelement <4 x i16> %v, i32 2
  %ef = sitofp i16 %e to float
  %s = fadd float %b, %ef
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"nested", !"nested", !"pair"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!4, !5, !6, !7}
; Typed.
!4 = !{i32 0, i32 1, %struct.Nested { i8 3, %struct.Inner { i16 7, i64 5 }, [2 x double] [double 5.000000e-01, double 2.250000e+00] }}
; Bytes, with 0xff in the padding after the i8.
!5 = !{i32 1, i32 1, !"\03\FF\00\00\00\00\00\00\07\00\00\00\00\00\00\00\05\00\00\00\00\00\00\00\00\00\00\00\00\00\E0?\00\00\00\00\00\00\02@"}
!6 = !{i32 2, i32 1, %struct.Pair { i32 9, [2 x float] [float 1.000000e+00, float 4.500000e+00] }}
; <4 x i16> <1, 2, 3, 4> as bytes.
!7 = !{i32 2, i32 2, !"\01\00\02\00\03\00\04\00"}

; SPIR-LABEL: define spir_kernel void @fused(
; SPIR-SAME:    ptr addrspace(1) %out, ptr addrspace(1) %out1, ptr addrspace(1) %out3)
; SPIR-NEXT:  entry:
; SPIR-NEXT:    %n2.const = alloca [40 x i8], align 8
; SPIR-NEXT:    store [40 x i8] c"\03\FF\00\00\00\00\00\00\07\00\00\00\00\00\00\00\05\00\00\00\00\00\00\00\00\00\00\00\00\00\E0?\00\00\00\00\00\00\02@", ptr %n2.const, align 8
; SPIR-NEXT:    %n.const = alloca %struct.Nested, align 8
; SPIR-NEXT:    store %struct.Nested { i8 3, %struct.Inner { i16 7, i64 5 }, [2 x double] [double 5.000000e-01, double 2.250000e+00] }, ptr %n.const, align 8
; SPIR:         call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{.*}}, ptr %n.const, i64 40, i1 false)
; SPIR:         call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{.*}}, ptr %n2.const, i64 40, i1 false)
; SPIR:         %b.i = extractvalue %struct.Pair { i32 9, [2 x float] [float 1.000000e+00, float 4.500000e+00] }, 1, 1
; SPIR-NEXT:    %e.i = extractelement <4 x i16> <i16 1, i16 2, i16 3, i16 4>, i32 2
; SPIR:         ret void

;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"

%struct.S = type { i32, [3 x float] }

define amdgpu_kernel void @use(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.S) align 4 %s) {
  %p = getelementptr i8, ptr addrspace(4) %s, i64 8
  %v = load float, ptr addrspace(4) %p, align 4
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"use"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{i32 0, i32 1, %struct.S { i32 2, [3 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00] }}}

; AMDGPU: @fused.const.1 = internal unnamed_addr addrspace(4) constant %struct.S { i32 2, [3 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00] }, align 4
; AMDGPU-LABEL: define amdgpu_kernel void @fused(
; AMDGPU-SAME:    ptr addrspace(1) %out)
; AMDGPU-NEXT:  entry:
; AMDGPU-NEXT:    %p.i = getelementptr i8, ptr addrspace(4) @fused.const.1, i64 8
; AMDGPU-NEXT:    %v.i = load float, ptr addrspace(4) %p.i, align 4

;--- size.ll
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, [2 x float] }

define spir_kernel void @pair(ptr addrspace(1) %out, ptr byval(%struct.Pair) %p) {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"pair"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{i32 0, i32 1, !"\01\00\00\00"}}

; SIZE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [constant-size-mismatch]: the constant for argument 1 of kernel 0 ('pair') has 4 bytes, its type needs 12

;--- undef.ll
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, [2 x float] }

define spir_kernel void @pair(ptr addrspace(1) %out, %struct.Pair %p) {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"pair"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{i32 0, i32 1, %struct.Pair { i32 1, [2 x float] undef }}}

; UNDEF: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.constants on 'fused' entries must be !{kernel, arg, <integer, floating-point, vector, struct or array constant, or a string of bytes>}

;--- bits.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @mask(ptr addrspace(1) %out, <4 x i1> %m) {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"mask"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{i32 0, i32 1, !"\05"}}

; BITS: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [constant-for-non-scalar-argument]: argument 1 of kernel 0 ('mask') has type <4 x i1>, which has no constant form built from bytes (a vector of i1, a scalable or target type); pass no constant for it

;--- scalable.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()

!0 = !{!"k"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
; A scalable vector has no fixed bytes to pass.
!3 = !{!{i32 0, i32 1, <vscale x 1 x i32> zeroinitializer}}

; SCALABLE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.constants on 'fused' entries must be !{kernel, arg, <integer, floating-point, vector, struct or array constant, or a string of bytes>}
