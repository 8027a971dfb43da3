; Hostile input: a portable copy whose shared-memory destination operand is
; declared in another address space (the operands swapped, or both global).
; It compiled without a word, writing shared memory at a global address
; (found by the hostile-input sweep of issue 20). Now it is an error at the
; call on AMDGPU and NVPTX, at every -O level.
; RUN: split-file %s %t
; RUN: not %opt -passes='default<O0>' %t/swapped.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SWAPPED
; RUN: not %opt -passes='default<O3>' %t/swapped.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SWAPPED
; RUN: sed 's/amdgcn-amd-amdhsa/nvptx64-nvidia-cuda/;s/amdgpu_kernel/ptx_kernel/' \
; RUN:   %t/swapped.ll > %t/swapped-nvptx.ll
; RUN: not %opt -passes='default<O3>' %t/swapped-nvptx.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SWAPPED
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/constant.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=CONSTANT
; REQUIRES: amdgpu-registered-target, nvptx-registered-target

; SWAPPED: error: h.c:7:3: in function k void (ptr addrspace(1), ptr addrspace(3)): the destination of an async copy must be shared memory, but it points to global memory (address space 1) by its type: copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
; SWAPPED-NOT: error
; CONSTANT: error: h.c:7:3: in function k void (ptr addrspace(4), ptr addrspace(1)): the destination of an async copy must be shared memory, but it points to constant memory (address space 4) by its type: copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
; CONSTANT-NOT: error

;--- swapped.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %s) !dbg !4 {
  call void @asyncpipe.copy(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 4, i32 0), !dbg !7
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "h.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
;--- constant.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(4) %c, ptr addrspace(1) %g) !dbg !4 {
  call void @asyncpipe.copy(ptr addrspace(4) %c, ptr addrspace(1) %g, i32 4, i32 0), !dbg !7
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(4), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "h.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
