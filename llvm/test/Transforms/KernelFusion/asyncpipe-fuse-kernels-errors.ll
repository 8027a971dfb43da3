; Refusals from the pass are error diagnostics on the stub, located at its
; debug location when it has one, naming the violated restriction; a
; malformed spec is refused as malformed-spec. (Every restriction is
; exercised through asyncpipe-fuse in llvm/test/tools/asyncpipe-fuse; these
; are the ones only metadata can express.)
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/located.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LOCATED
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/count.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=COUNT
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/constant-size.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=CONSTANT-SIZE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/no-ndranges.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NO-NDRANGES
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/kernel-not-string.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=KERNEL-NOT-STRING
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/short-ndrange.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SHORT-NDRANGE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/bad-params.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD-PARAMS
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/bad-promote.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD-PROMOTE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -disable-output %t/bad-constant.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD-CONSTANT

; LOCATED: error: fusion.cl:12:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [different-local-sizes]: kernel 0 ('k') has global (64) local (16) but kernel 1 ('k') has global (64) local (8)
; COUNT: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [nd-range-count-mismatch]: 2 kernels but 1 nd-ranges
; CONSTANT-SIZE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [constant-size-mismatch]: the constant for argument 1 of kernel 0 ('k') has 8 bytes, its type needs 4
; NO-NDRANGES: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.ndranges on 'fused' is missing or not a tuple
; KERNEL-NOT-STRING: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.kernels on 'fused' must list kernel names as strings
; SHORT-NDRANGE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.ndranges on 'fused' sizes and offsets must have 3 entries
; BAD-PARAMS: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.params on 'fused' must list groups of !{kernel, arg} pairs
; BAD-PROMOTE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.promote on 'fused' has unknown promotion 'shared'
; BAD-CONSTANT: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-spec]: !asyncpipe.fusion.constants on 'fused' entries must be !{kernel, arg, <integer, floating-point, vector, struct or array constant, or a string of bytes>}

;--- located.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !dbg !10 !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"k", !"k"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!llvm.module.flags = !{!7}
!llvm.dbg.cu = !{!8}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !9, emissionKind: LineTablesOnly)
!9 = !DIFile(filename: "fusion.cl", directory: "/src")
!10 = !DISubprogram(name: "fused", scope: !9, file: !9, line: 12, type: !11, scopeLine: 12, spFlags: 0)
!11 = !DISubroutineType(types: !{})

;--- count.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"k", !"k"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- constant-size.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()
!0 = !{!"k"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{i32 0, i32 1, i64 4}}

;--- no-ndranges.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 void @fused()
!0 = !{!"k"}

;--- kernel-not-string.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{ptr @k}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- short-ndrange.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"k"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- bad-params.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 void @fused()
!0 = !{!"k", !"k"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{!{i32 0, i32 0}, !{i32 1}}}

;--- bad-promote.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.promote !3 void @fused()
!0 = !{!"k"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{i32 0, i32 0, !"shared", i64 64, i64 4}}

;--- bad-constant.ll
define spir_kernel void @k(ptr %buf, i32 %n) {
  ret void
}
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.constants !3 void @fused()
!0 = !{!"k"}
!1 = !{!2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
; A node is neither a constant nor a string of bytes.
!3 = !{!{i32 0, i32 1, !{i32 7}}}
