; A call in the portable calls' namespace that is none of them (here a
; misspelled commit) is an error at the call on every target. Left alone it
; reached the linker (host), ptxas (NVPTX) or, on AMDGPU, only llc's check.
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O2>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes='default<O0>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o /dev/null %s 2>&1 \
; RUN:   | FileCheck %s

; CHECK: error: kernel.c:4:3: in function commit_misspelled void (ptr, ptr): 'asyncpipe.commit' is not an AsyncPipe call: the portable calls are asyncpipe.copy, .copy.zfill, .store, .mark, .wait, .mark.queue, .wait.queue, .mark.future, .mark.future.queue, .wait.future and .future.any; check the spelling
; CHECK-NOT: error:

define void @commit_misspelled(ptr %dst, ptr %src) {
  call void @asyncpipe.copy(ptr %dst, ptr %src, i32 4, i32 0)
  call void @asyncpipe.commit(), !dbg !9
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.commit()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!8 = distinct !DISubprogram(name: "commit_misspelled", scope: !1, file: !1, line: 2, unit: !0, spFlags: DISPFlagDefinition)
!9 = !DILocation(line: 4, column: 3, scope: !8)
