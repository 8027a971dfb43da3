; The checker sees a deleted or weakened wait on a queue other than 0 in an
; always_inline helper, as it does for queue 0 (async-check-recorded.ll).
; stage() = copy; commit to queue 1; wait for queue 1 with at most 1 group
; outstanding, called twice with a queue 0 group in between, then a read of
; the first stage's buffer after the kernel's own wait on queue 1. The
; helper's records say "queue 1 of the function this ends up in", so once
; inlined they count against the kernel's queue 1 marks and not its queue 0
; ones. Deleting every queue wait, as a wrong IR pass would, is reported at
; both source lines; deleting the helper's at the helper's line alone.
; The correct program is silent, and its records change no code.
; RUN: %opt -passes=amdgpu-record-async-waits,always-inline \
; RUN:   -amdgpu-enable-check-async-waits %s -S -o %t.recorded.ll
; RUN: FileCheck %s --check-prefix=RECORDED < %t.recorded.ll
; RUN: sed -e '/call void @asyncpipe.wait.queue/d' %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELETED
; RUN: sed -e '/call void @asyncpipe.wait.queue/d' %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -global-isel -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELETED
; RUN: sed -e '/call void @asyncpipe.wait.queue(i32 1, i32 1)/d' %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=HELPER
; RUN: %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:   %t.recorded.ll -o %t.checked.s 2>&1 | count 0
; RUN: %opt -passes=always-inline %s | %llc -mcpu=gfx942 -o %t.plain.s
; RUN: diff %t.plain.s %t.checked.s

; The kernel is activation 1; its queue 1 is activation -(1 * 8 + 1). The
; helper's queue 1 records say -1 until codegen resolves them.
; RECORDED-LABEL: define amdgpu_kernel void @kernel(
; RECORDED:         call void @asyncpipe.mark.queue(i32 1)
; RECORDED-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 -1)
; RECORDED-NEXT:    call void @asyncpipe.wait.queue(i32 1, i32 1)
; RECORDED-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 -1)
; RECORDED:         call void @asyncpipe.mark()
; RECORDED-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 1)
; RECORDED:         call void @asyncpipe.wait.queue(i32 1, i32 0)
; RECORDED-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 -9)

; DELETED: error: stage.cl:4:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 1 outstanding marks is not satisfied by the emitted s_waitcnt
; DELETED: error: stage.cl:13:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied by the emitted s_waitcnt
; DELETED-NOT: error:

; HELPER-NOT: error:
; HELPER: error: stage.cl:4:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 1 outstanding marks is not satisfied
; HELPER-NOT: error:

target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [512 x i32] poison

define internal void @stage(ptr addrspace(3) %s, ptr addrspace(1) %g) #0 !dbg !10 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0), !dbg !11
  call void @asyncpipe.mark.queue(i32 1), !dbg !12
  call void @asyncpipe.wait.queue(i32 1, i32 1), !dbg !13
  ret void
}

define amdgpu_kernel void @kernel(ptr addrspace(1) %g, ptr addrspace(1) %out) !dbg !20 {
  %s1 = getelementptr i8, ptr addrspace(3) @buf, i32 1024
  %s2 = getelementptr i8, ptr addrspace(3) @buf, i32 1536
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 1024
  %g2 = getelementptr i8, ptr addrspace(1) %g, i64 1536
  call void @stage(ptr addrspace(3) @buf, ptr addrspace(1) %g), !dbg !21
  call void @asyncpipe.copy(ptr addrspace(3) %s2, ptr addrspace(1) %g2, i32 4, i32 0), !dbg !22
  call void @asyncpipe.mark(), !dbg !22
  call void @stage(ptr addrspace(3) %s1, ptr addrspace(1) %g1), !dbg !23
  call void @asyncpipe.wait.queue(i32 1, i32 0), !dbg !24
  %v = load i32, ptr addrspace(3) @buf
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
attributes #0 = { alwaysinline }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "stage.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "stage", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition | DISPFlagLocalToUnit, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)
!12 = !DILocation(line: 3, column: 3, scope: !10)
!13 = !DILocation(line: 4, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "kernel", scope: !2, file: !2, line: 7, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 9, column: 3, scope: !20)
!22 = !DILocation(line: 10, column: 3, scope: !20)
!23 = !DILocation(line: 11, column: 3, scope: !20)
!24 = !DILocation(line: 13, column: 3, scope: !20)
