; asyncpipe_store on a generation without async stores from LDS (gfx9 and
; gfx10, whose LDS DMA only loads into LDS; gfx11 and gfx12): an error at the
; user's line with the fix, never "Cannot select", and the compile ends
; cleanly. On gfx1250 a hand-written llvm.amdgcn.global.store.async.lds with a
; size the hardware cannot store or the wrong operand types is an error at the
; call too, and so is the store under a GlobalISel that may not fall back
; (LLVM 22's has no pattern for gfx1250's async stores).
; RUN: split-file %s %t
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null %t/portable.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=GFX942 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -o /dev/null %t/portable.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=GFX1030 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -o /dev/null %t/portable.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=GFX1200 --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -o /dev/null %t/portable.ll
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel \
; RUN:   -o /dev/null %t/portable.ll 2>&1 | FileCheck %s --check-prefix=GISEL \
; RUN:     --implicit-check-not=error --implicit-check-not="cannot select"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -o /dev/null %t/native.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NATIVE --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -o /dev/null %t/type.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TYPE --implicit-check-not=error \
; RUN:     --implicit-check-not="Cannot select" --implicit-check-not="Stack dump"

; GFX942: error: k.cl:4:3: in function k void (ptr addrspace(1), ptr addrspace(3)): an async store from LDS (asyncpipe_store, 'llvm.amdgcn.global.store.async.lds') needs gfx1250's async stores (global_store_async_from_lds), which gfx9 (gfx942) does not have: compile for gfx1250 (-mcpu=gfx1250, --offload-arch=gfx1250), or write the LDS data back with ordinary stores once a wait and a barrier have made it ready
; GFX1030: error: k.cl:4:3: {{.*}} which gfx10 (gfx1030) does not have: compile for gfx1250
; GFX1200: error: k.cl:4:3: {{.*}} which gfx12 (gfx1200) does not have: compile for gfx1250
; GISEL: error: k.cl:4:3: in function k void (ptr addrspace(1), ptr addrspace(3)): LLVM {{.*}}'s GlobalISel cannot select gfx1250's async copies ('llvm.amdgcn.global.store.async.from.lds.b32'): compile with SelectionDAG
; NATIVE: error: k.cl:4:3: in function bad void (ptr addrspace(1), ptr addrspace(3)): an async store of 2 bytes per lane: gfx1250's async stores from LDS move 1, 4, 8 or 16 bytes per lane
; TYPE: error: k.cl:4:3: in function swapped void (ptr addrspace(3), ptr addrspace(1)): 'llvm.amdgcn.global.store.async.lds' must have the type void (ptr addrspace(1), ptr addrspace(3), i32)

;--- portable.ll
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(3) %s) !dbg !4 {
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 4), !dbg !7
  call void @asyncpipe.mark(), !dbg !8
  call void @asyncpipe.wait(i32 0), !dbg !8
  ret void
}
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = !DILocation(line: 5, column: 3, scope: !4)

;--- native.ll
define amdgpu_kernel void @bad(ptr addrspace(1) %out, ptr addrspace(3) %s) !dbg !4 {
  call void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1) %out, ptr addrspace(3) %s, i32 2), !dbg !7
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
declare void @llvm.amdgcn.global.store.async.lds(ptr addrspace(1), ptr addrspace(3), i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "bad", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = !DILocation(line: 5, column: 3, scope: !4)
;--- type.ll
; The operands swapped in the declaration.
define amdgpu_kernel void @swapped(ptr addrspace(3) %s, ptr addrspace(1) %out) !dbg !4 {
  call void @llvm.amdgcn.global.store.async.lds(ptr addrspace(3) %s, ptr addrspace(1) %out, i32 4), !dbg !7
  ret void
}
declare void @llvm.amdgcn.global.store.async.lds(ptr addrspace(3), ptr addrspace(1), i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "swapped", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
