; A copy whose shared destination provably is not shared memory is an error,
; and the copy is dropped (on AMDGPU M0 would get a global address, on NVPTX
; cp.async would fault): a cast from global memory, or a generic kernel
; argument. Global on some paths only is a warning and the copy is lowered.
; A shared origin, or one that cannot be known (a device function's
; argument), is lowered without a word.
; RUN: split-file %s %t
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower \
; RUN:   -disable-output %t/global-cast.ll 2>&1 | FileCheck %s --check-prefix=CAST
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes=asyncpipe-lower \
; RUN:   -disable-output %t/generic-argument.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ARGUMENT
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower -S \
; RUN:   %t/maybe.ll -o - 2>%t/maybe.err | FileCheck %s --check-prefix=MAYBE
; RUN: FileCheck %s --check-prefix=MAYBE-DIAG < %t/maybe.err
; REQUIRES: amdgpu-registered-target, nvptx-registered-target

; CAST: error: kernel.cu:3:5: in function from_global_cast void (ptr addrspace(1), ptr addrspace(1)): the destination of an async copy must be shared memory, but it points to global memory (address space 1): copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
; ARGUMENT: error: kernel.cu:3:5: in function from_generic_argument void (ptr addrspace(1), ptr): the destination of an async copy must be shared memory, but it points to global memory (argument 2 of the kernel: kernel arguments cannot point to shared memory): copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
; MAYBE-DIAG: warning: kernel.cu:3:5: in function maybe_global void (ptr addrspace(1), ptr addrspace(1), i1): the destination of an async copy may not be shared memory: on some paths it points to global memory (address space 1); copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
; MAYBE-DIAG-NOT: warning
; MAYBE-DIAG-NOT: error

;--- global-cast.ll
define amdgpu_kernel void @from_global_cast(ptr addrspace(1) %src, ptr addrspace(1) %g) !dbg !4 {
  %p = getelementptr inbounds i32, ptr addrspace(1) %g, i64 4
  %d = addrspacecast ptr addrspace(1) %p to ptr addrspace(3)
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0), !dbg !7
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{}
!4 = distinct !DISubprogram(name: "from_global_cast", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- generic-argument.ll
define ptx_kernel void @from_generic_argument(ptr addrspace(1) %src, ptr %g) !dbg !8 {
  %d = addrspacecast ptr %g to ptr addrspace(3)
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0), !dbg !9
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{}
!8 = distinct !DISubprogram(name: "from_generic_argument", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!9 = !DILocation(line: 3, column: 5, scope: !8)

;--- maybe.ll
@tile = internal addrspace(3) global [64 x i32] poison

; MAYBE-LABEL: define amdgpu_kernel void @maybe_global(
; MAYBE:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
define amdgpu_kernel void @maybe_global(ptr addrspace(1) %src, ptr addrspace(1) %g, i1 %staged) !dbg !10 {
  %gd = addrspacecast ptr addrspace(1) %g to ptr addrspace(3)
  %d = select i1 %staged, ptr addrspace(3) @tile, ptr addrspace(3) %gd
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0), !dbg !11
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; MAYBE-LABEL: define void @unknown(
; MAYBE:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
define void @unknown(ptr addrspace(1) %src, ptr %p) {
  %d = addrspacecast ptr %p to ptr addrspace(3)
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; MAYBE-LABEL: define amdgpu_kernel void @shared(
; MAYBE:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
define amdgpu_kernel void @shared(ptr addrspace(1) %src) {
  %flat = addrspacecast ptr addrspace(3) @tile to ptr
  %d = addrspacecast ptr %flat to ptr addrspace(3)
  call void @asyncpipe.copy(ptr addrspace(3) %d, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{}
!10 = distinct !DISubprogram(name: "maybe_global", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 3, column: 5, scope: !10)
