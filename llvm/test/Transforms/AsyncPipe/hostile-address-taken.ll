; A portable call whose address is taken (called through a pointer, passed
; as an argument) cannot be lowered where it is called: left alone it would
; reach the linker as an undefined symbol. asyncpipe-lower reports the use at
; its instruction (opt stops at the first error, hence two inputs).
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/pointer.ll 2>&1 | FileCheck %s --check-prefix=POINTER
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/argument.ll 2>&1 | FileCheck %s --check-prefix=ARGUMENT

; POINTER: error: kernel.c:7:3: in function through_pointer void (ptr, ptr): the address of 'asyncpipe_wait' is taken: AsyncPipe lowers only direct calls of it; call it directly
; ARGUMENT: error: <unknown>:0:0: in function passed_as_argument void (): the address of 'asyncpipe_commit' is taken: AsyncPipe lowers only direct calls of it; call it directly

;--- pointer.ll
@waiter = global ptr null

define void @through_pointer(ptr %dst, ptr %src) {
  call void @asyncpipe.copy(ptr %dst, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  store ptr @asyncpipe.wait, ptr @waiter, !dbg !9
  %w = load ptr, ptr @waiter
  call void %w(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!8 = distinct !DISubprogram(name: "through_pointer", scope: !1, file: !1, line: 5, unit: !0, spFlags: DISPFlagDefinition)
!9 = !DILocation(line: 7, column: 3, scope: !8)

;--- argument.ll
define void @passed_as_argument() {
  call void @use(ptr @asyncpipe.mark)
  ret void
}

declare void @use(ptr)
declare void @asyncpipe.mark()
