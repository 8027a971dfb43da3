; What asyncpipe-lower reports at an asyncpipe_store call: a target without
; async stores (NVPTX, whose cp.async only fills shared memory), a size that is not
; a constant or that the target cannot store, a source that is not shared
; memory and a destination that is, and a declaration of other types. Each is
; an error at the user's line with the fix, and the call goes.
; RUN: split-file %s %t
; RUN: not %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower \
; RUN:   %t/nvptx.ll -disable-output 2>&1 | FileCheck %s --check-prefix=NVPTX
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/sizes.ll -disable-output 2>&1 | FileCheck %s --check-prefix=SIZES
; RUN: sed 's/i32 %n), !dbg !7/i32 2), !dbg !8/' %t/sizes.ll > %t/size-2.ll
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/size-2.ll -disable-output 2>&1 | FileCheck %s --check-prefix=SIZE-2
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/swapped.ll -disable-output 2>&1 | FileCheck %s --check-prefix=SWAPPED
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/into-lds.ll -disable-output 2>&1 | FileCheck %s --check-prefix=INTO-LDS
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower \
; RUN:   %t/global-cast.ll -disable-output 2>&1 | FileCheck %s --check-prefix=CAST
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower -S \
; RUN:   %t/maybe.ll -o - 2>%t/maybe.err | FileCheck %s --check-prefix=MAYBE
; RUN: FileCheck %s --check-prefix=MAYBE-DIAG < %t/maybe.err
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   %t/host.ll -disable-output 2>&1 | FileCheck %s --check-prefix=HOST
; RUN: sed 's/i32 32)/i64 4)/;s/ptr, i32)/ptr, i64)/' %t/host.ll > %t/malformed.ll
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   %t/malformed.ll -disable-output 2>&1 | FileCheck %s --check-prefix=MALFORMED

; NVPTX: error: kernel.cu:3:5: in function nvptx void (ptr addrspace(1), ptr addrspace(3)): asyncpipe_store is not supported on NVPTX: cp.async only copies into shared memory, and sm_90's bulk stores (cp.async.bulk) are not supported by AsyncPipe yet: write the shared data back with ordinary stores once a wait and a __syncthreads() have made it ready
; NVPTX-NOT: error

; SIZES: error: kernel.cl:3:5: in function sizes void (ptr addrspace(1), ptr addrspace(3), i32): async store size must be a compile-time constant: pass an integer constant (or a value each path sets to one), not a value computed at run time
; SIZE-2: error: kernel.cl:4:5: in function sizes void (ptr addrspace(1), ptr addrspace(3), i32): async store of 2 bytes is not supported on AMDGPU: it stores 1, 4, 8 or 16 bytes per work-item
; SIZES-NOT: error
; SIZE-2-NOT: error
; SWAPPED: error: kernel.cl:3:5: in function swapped void (ptr addrspace(1)): the source of an async store must be shared memory, but it points to global memory (address space 1) by its type: store from a __shared__ (CUDA, HIP) or local (OpenCL) array
; SWAPPED-NOT: error
; INTO-LDS: error: kernel.cl:3:5: in function into_lds void (ptr addrspace(3)): the destination of an async store must be global memory, but it points to shared memory (address space 3) by its type: store to a global (OpenCL) or device memory (CUDA, HIP) pointer
; INTO-LDS-NOT: error
; The source's origin, behind the header's cast to the shared address space:
; global memory is an error, global memory on some paths a warning.
; CAST: error: kernel.cl:3:5: in function from_global void (ptr addrspace(1), ptr addrspace(1)): the source of an async store must be shared memory, but it points to global memory (address space 1): store from a __shared__ (CUDA, HIP) or local (OpenCL) array
; CAST-NOT: error
; MAYBE-DIAG: warning: kernel.cl:3:5: in function maybe_global void (ptr addrspace(1), ptr addrspace(1), i1): the source of an async store may not be shared memory: on some paths it points to global memory (address space 1); store from a __shared__ (CUDA, HIP) or local (OpenCL) array
; MAYBE: call void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1) %dst, ptr addrspace(3) %s, i32 4)

; HOST: error: kernel.c:3:5: in function host void (ptr, ptr): async store of 32 bytes is not supported on host: it stores 1 to 16 bytes per work-item
; HOST-NOT: error
; MALFORMED: error: kernel.c:3:5: in function host void (ptr, ptr): 'asyncpipe.store' is called with operands of the wrong number or type; declare it as <asyncpipe/asyncpipe.h> does: void (ptr dst, ptr src, i32 size)
; MALFORMED-NOT: error

;--- nvptx.ll
define void @nvptx(ptr addrspace(1) %g, ptr addrspace(3) %s) !dbg !4 {
  call void @asyncpipe.store(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 16), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "nvptx", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- sizes.ll
define void @sizes(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 %n) !dbg !4 {
  call void @asyncpipe.store(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 %n), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "sizes", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- swapped.ll
; The source declared global, as a declaration with swapped operands has it.
define void @swapped(ptr addrspace(1) %g) !dbg !4 {
  call void @asyncpipe.store(ptr addrspace(1) %g, ptr addrspace(1) %g, i32 4), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(1), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "swapped", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- into-lds.ll
define void @into_lds(ptr addrspace(3) %s) !dbg !4 {
  call void @asyncpipe.store(ptr addrspace(3) %s, ptr addrspace(3) %s, i32 4), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr addrspace(3), ptr addrspace(3), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "into_lds", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = !DILocation(line: 4, column: 5, scope: !4)

;--- global-cast.ll
define amdgpu_kernel void @from_global(ptr addrspace(1) %dst, ptr addrspace(1) %g) !dbg !4 {
  %s = addrspacecast ptr addrspace(1) %g to ptr addrspace(3)
  call void @asyncpipe.store(ptr addrspace(1) %dst, ptr addrspace(3) %s, i32 4), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "from_global", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- maybe.ll
@tile = internal addrspace(3) global [64 x i32] poison

define amdgpu_kernel void @maybe_global(ptr addrspace(1) %dst, ptr addrspace(1) %g, i1 %staged) !dbg !4 {
  %gs = addrspacecast ptr addrspace(1) %g to ptr addrspace(3)
  %s = select i1 %staged, ptr addrspace(3) @tile, ptr addrspace(3) %gs
  call void @asyncpipe.store(ptr addrspace(1) %dst, ptr addrspace(3) %s, i32 4), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "maybe_global", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)

;--- host.ll
define void @host(ptr %g, ptr %s) !dbg !4 {
  call void @asyncpipe.store(ptr %g, ptr %s, i32 32), !dbg !7
  ret void
}
declare void @asyncpipe.store(ptr, ptr, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "host", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
