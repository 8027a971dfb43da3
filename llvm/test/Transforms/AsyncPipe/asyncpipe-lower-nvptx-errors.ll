; Bad counts, flags and zero-fill sizes are errors at the call's location
; (opt stops at the first error, so each has its own input).
; RUN: split-file %s %t
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/negative.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=NEGATIVE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/native-negative.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=NATIVE-NEGATIVE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/wide.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=WIDE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/variable-flags.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=VARIABLE-FLAGS
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/unknown-flags.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=UNKNOWN-FLAGS
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/zfill-large.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=ZFILL-LARGE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower %t/zfill-negative.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=ZFILL-NEGATIVE
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower %t/no-zfill.ll \
; RUN:   -disable-output 2>&1 | FileCheck %s --check-prefix=NO-ZFILL

; NEGATIVE: error: k.cu:2:3: in function negative_count void (): async wait count -1 is negative
; NATIVE-NEGATIVE: error: k.cu:2:3: in function native_negative_count void (): async wait count -2 is negative
; WIDE: error: k.cu:2:3: in function out_of_range void (): 'asyncpipe.wait' is called with operands of the wrong number or type; declare it as <asyncpipe/asyncpipe.h> does: void (i32 n)
; VARIABLE-FLAGS: error: k.cu:2:3: in function variable_flags void (ptr addrspace(3), ptr addrspace(1), i32): async copy flags must be a compile-time constant
; UNKNOWN-FLAGS: error: k.cu:2:3: in function unknown_flags void (ptr addrspace(3), ptr addrspace(1)): unknown async copy flags 0x6 (defined: bit 0, bypass L1)
; ZFILL-LARGE: error: k.cu:2:3: in function zfill_large void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 17 is outside the copy's 0..16 bytes
; ZFILL-NEGATIVE: error: k.cu:2:3: in function zfill_negative void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size -1 is outside the copy's 0..4 bytes
; NO-ZFILL: error: k.cu:2:3: in function no_zfill void (ptr, ptr): zero-filling async copies are not supported on AMDGPU

;--- negative.ll
; A negative count is always a mistake.
define void @negative_count() !dbg !10 {
  call void @asyncpipe.wait(i32 -1), !dbg !11
  ret void
}
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "negative_count", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- native-negative.ll
; So is a negative native count: clang's __nvvm_cp_async_wait_group takes
; any int and ptxas accepts wait_group -1.
define void @native_negative_count() !dbg !10 {
  call void @llvm.nvvm.cp.async.wait.group(i32 -2), !dbg !11
  ret void
}
declare void @llvm.nvvm.cp.async.wait.group(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "native_negative_count", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- wide.ll
; A count declared wider than the portable i32 (which could exceed PTX's
; wait_group immediate, a 32-bit signed integer) is a malformed declaration
; (issue 36; malformed-declarations.ll has the others).
define void @out_of_range() !dbg !10 {
  call void @asyncpipe.wait(i64 4294967296), !dbg !11
  ret void
}
declare void @asyncpipe.wait(i64)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "out_of_range", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- variable-flags.ll
; The flags select the instruction, so they must be constant.
define void @variable_flags(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %f) !dbg !10 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %f), !dbg !11
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "variable_flags", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- unknown-flags.ll
; Undefined bits may mean something in a later version: not ignored.
define void @unknown_flags(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !10 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 6), !dbg !11
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "unknown_flags", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- zfill-large.ll
; PTX leaves a source size above the copy size undefined.
define void @zfill_large(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !10 {
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 17, i32 0), !dbg !11
  ret void
}
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "zfill_large", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- zfill-negative.ll
; A negative source size is no size at all.
define void @zfill_negative(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !10 {
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 -1, i32 0), !dbg !11
  ret void
}
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "zfill_negative", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)

;--- no-zfill.ll
; Targets without a zero-filling copy reject the zero-fill form.
define void @no_zfill(ptr %s, ptr %g) !dbg !10 {
  call void @asyncpipe.copy.zfill(ptr %s, ptr %g, i32 16, i32 8, i32 0), !dbg !11
  ret void
}
declare void @asyncpipe.copy.zfill(ptr, ptr, i32, i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "no_zfill", scope: !1, file: !1, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)
