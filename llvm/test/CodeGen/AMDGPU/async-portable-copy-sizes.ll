; The sizes the portable copy (asyncpipe.copy) moves per lane on AMDGPU, by
; generation. asyncpipe-lower accepts every size some generation copies
; (1, 2, 4, 8, 12, 16): the generation is a function's attribute, and codegen
; reports a size its generation cannot move at the call. gfx1250 has no LDS
; DMA; its async copies move 1, 4, 8 or 16 bytes (global_load_async_to_lds
; b8/b32/b64/b128), each proven by the checker. gfx942's LDS DMA moves 1, 2
; or 4, gfx950's also 12 and 16: the error names the generations that move
; the others.
; RUN: split-file %s %t
; RUN: %opt -passes=asyncpipe-lower %t/gfx1250.ll \
; RUN:   | %llc -mcpu=gfx1250 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:   | FileCheck %s --check-prefix=GFX1250
; RUN: %opt -passes=asyncpipe-lower %t/bad.ll | not %llc -mcpu=gfx1250 \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD1250 \
; RUN:   --implicit-check-not=error --implicit-check-not="Cannot select"
; RUN: %opt -passes=asyncpipe-lower %t/bad.ll | not %llc -mcpu=gfx942 \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD942 \
; RUN:   --implicit-check-not=error --implicit-check-not="Cannot select"

;--- gfx1250.ll
target triple = "amdgcn-amd-amdhsa"

; GFX1250-LABEL: sizes:
; GFX1250:         global_load_async_to_lds_b8
; GFX1250:         global_load_async_to_lds_b32
; GFX1250:         global_load_async_to_lds_b64
; GFX1250:         global_load_async_to_lds_b128
; GFX1250:         s_wait_asynccnt 0x0
define amdgpu_kernel void @sizes(ptr addrspace(3) %l, ptr addrspace(1) %g) {
  %l1 = getelementptr i8, ptr addrspace(3) %l, i32 1024
  %l2 = getelementptr i8, ptr addrspace(3) %l, i32 2048
  %l3 = getelementptr i8, ptr addrspace(3) %l, i32 4096
  call void @asyncpipe.copy(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 1, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %l1, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %l2, ptr addrspace(1) %g, i32 8, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %l3, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- bad.ll
target triple = "amdgcn-amd-amdhsa"

; BAD1250: error: bad.ll:4:3: in function bad {{.*}}: an async copy of 2 bytes per lane: gfx1250's async copies into LDS move 1, 4, 8 or 16 bytes per lane
; BAD942:  error: bad.ll:5:3: in function bad {{.*}}: 'llvm.amdgcn.global.load.async.lds' moves 8 bytes per lane; this target moves 1, 2 or 4 (16 needs gfx950 or gfx1250, 12 gfx950, 8 gfx1250)
define amdgpu_kernel void @bad(ptr addrspace(3) %l, ptr addrspace(1) %g) !dbg !3 {
  call void @asyncpipe.copy(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 2, i32 0), !dbg !6
  call void @asyncpipe.copy(ptr addrspace(3) %l, ptr addrspace(1) %g, i32 8, i32 0), !dbg !7
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "bad.ll", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "bad", scope: !1, file: !1, line: 3, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 4, column: 3, scope: !3)
!7 = !DILocation(line: 5, column: 3, scope: !3)
