; Declarations of the portable calls and the AMDGPU spellings that do not
; match the headers (issue 36): a variadic declaration takes any operands and
; an i64 count or size would be truncated where it is lowered, so each is an
; error at the call that names the expected declaration, never a call the
; lowering takes for the real one. A portable function whose address is
; stored in a global (a table of function pointers) would reach the linker
; as an undefined symbol: an error naming the global. (opt stops at the first
; error, hence one input each.)
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   -disable-output %t/variadic-copy.ll 2>&1 | FileCheck %s --check-prefix=VARIADIC-COPY
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   -disable-output %t/wide-count.ll 2>&1 | FileCheck %s --check-prefix=WIDE-COUNT
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   -disable-output %t/wide-size.ll 2>&1 | FileCheck %s --check-prefix=WIDE-SIZE
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/variadic-mark.ll 2>&1 | FileCheck %s --check-prefix=VARIADIC-MARK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null \
; RUN:   %t/native-wide.ll 2>&1 | FileCheck %s --check-prefix=NATIVE-WIDE
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes='default<O0>' \
; RUN:   -disable-output %t/table.ll 2>&1 | FileCheck %s --check-prefix=TABLE

; VARIADIC-COPY: error: k.cu:3:5: in function variadic_copy void (ptr addrspace(3), ptr addrspace(1)): 'asyncpipe.copy' is called with operands of the wrong number or type; declare it as <asyncpipe/asyncpipe.h> does: void (ptr dst, ptr src, i32 size, i32 flags)
; WIDE-COUNT: error: k.cu:3:5: in function wide_count void (): 'asyncpipe.wait' is called with operands of the wrong number or type; declare it as <asyncpipe/asyncpipe.h> does: void (i32 n)
; WIDE-SIZE: error: k.cu:3:5: in function wide_size void (ptr addrspace(3), ptr addrspace(1)): 'asyncpipe.copy' is called with operands of the wrong number or type; declare it as <asyncpipe/asyncpipe.h> does: void (ptr dst, ptr src, i32 size, i32 flags)
; VARIADIC-MARK: error: k.cu:3:5: in function variadic_mark void (): 'asyncpipe.mark' is called with operands of the wrong number or type; declare it as <asyncpipe/asyncpipe.h> does: void ()
; NATIVE-WIDE: error: k.cu:3:5: in function native_wide void (ptr addrspace(1)): 'llvm.amdgcn.global.load.async.lds' is called with operands of the wrong number or type
; TABLE: error: the address of 'asyncpipe_wait' is taken in the initializer of global 'waiters': AsyncPipe lowers only direct calls of it; call it directly

;--- variadic-copy.ll
define void @variadic_copy(ptr addrspace(3) %d, ptr addrspace(1) %s) !dbg !4 {
  call void (...) @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 4, i32 0), !dbg !7
  ret void
}
declare void @asyncpipe.copy(...)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "variadic_copy", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- wide-count.ll
define void @wide_count() !dbg !4 {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i64 1), !dbg !7
  ret void
}
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i64)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "wide_count", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- wide-size.ll
define void @wide_size(ptr addrspace(3) %d, ptr addrspace(1) %s) !dbg !4 {
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %s, i64 4, i32 0), !dbg !7
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i64, i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "wide_size", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- variadic-mark.ll
define void @variadic_mark() !dbg !4 {
  call void (...) @asyncpipe.mark(), !dbg !7
  ret void
}
declare void @asyncpipe.mark(...)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "variadic_mark", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- native-wide.ll
@lds = internal addrspace(3) global [64 x i32] poison
define amdgpu_kernel void @native_wide(ptr addrspace(1) %g) !dbg !4 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i64 4, i32 0, i32 0), !dbg !7
  ret void
}
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i64, i32, i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "native_wide", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- table.ll
; A table of waits, called through at run time.
@waiters = internal addrspace(1) global [1 x ptr] [ptr @asyncpipe.wait]
define ptx_kernel void @through_table(i32 %i) {
  %slot = getelementptr [1 x ptr], ptr addrspace(1) @waiters, i32 0, i32 %i
  %wait = load ptr, ptr addrspace(1) %slot
  call void %wait(i32 0)
  ret void
}
declare void @asyncpipe.wait(i32)
