; The checker sees a wait that was deleted or weakened before codegen. Issue
; 12's program: an always_inline stage() = copy; mark; wait(1), called twice,
; then a read of the first stage's buffer and wait(0). Every source mark and
; wait is recorded first; then the waits (or the marks too) are deleted by
; hand, as a wrong IR pass would, and llc must report each recorded wait at
; its source line. The correct program is silent, and records that still
; stand next to their waits change nothing in the code generated.
; RUN: %opt -passes=amdgpu-record-async-waits,always-inline \
; RUN:   -amdgpu-enable-check-async-waits %s -S -o %t.recorded.ll
; RUN: sed -e '/call void @asyncpipe.wait/d' %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELETED
; RUN: sed -e '/call void @asyncpipe.wait/d' -e '/call void @asyncpipe.mark/d' \
; RUN:   %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELETED
; RUN: sed -e '/call void @asyncpipe.wait/d' %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -global-isel -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELETED
; RUN: sed -e '/call void @asyncpipe.wait/d' %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx900 -O0 -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELETED-O0
; RUN: sed -e 's/call void @asyncpipe.wait(i32 0)/call void @asyncpipe.wait(i32 1)/' \
; RUN:   %t.recorded.ll \
; RUN:   | not %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAKENED
; RUN: %llc -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:   %t.recorded.ll -o %t.checked.s 2>&1 | count 0
; RUN: %opt -passes=always-inline %s | %llc -mcpu=gfx942 -o %t.plain.s
; RUN: diff %t.plain.s %t.checked.s
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %s \
; RUN:   | %llc -mcpu=gfx942 -O0 -amdgpu-enable-check-async-waits -o /dev/null 2>&1 \
; RUN:   | count 0
; Records left without the checker are removed all the same.
; RUN: sed -e '/call void @asyncpipe.wait/d' %t.recorded.ll \
; RUN:   | %llc -mcpu=gfx942 | FileCheck %s --check-prefix=NO-CHECKER

; DELETED: error: stage.cl:4:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 1 outstanding marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight; a pass deleted or weakened this wait before or during code generation
; DELETED: error: stage.cl:12:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight; a pass deleted or weakened this wait before or during code generation
; DELETED-NOT: error:

; At -O0 the stock wait insertion waits for every LDS DMA before the LDS
; read, which satisfies the final wait(0); the wait(1) is still missing.
; DELETED-O0: error: stage.cl:4:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 1 outstanding marks is not satisfied
; DELETED-O0-NOT: error:

; WEAKENED-NOT: error:
; WEAKENED: error: stage.cl:12:3: in function kernel void (ptr addrspace(1), ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied
; WEAKENED-NOT: error:

; NO-CHECKER-NOT: asyncpipe.recorded
; NO-CHECKER: ds_read_b32

target triple = "amdgcn-amd-amdhsa"

@buf = internal addrspace(3) global [512 x i32] poison

define internal void @stage(ptr addrspace(3) %s, ptr addrspace(1) %g) #0 !dbg !10 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0), !dbg !11
  call void @asyncpipe.mark(), !dbg !12
  call void @asyncpipe.wait(i32 1), !dbg !13
  ret void
}

define amdgpu_kernel void @kernel(ptr addrspace(1) %g, ptr addrspace(1) %out) !dbg !20 {
  %s1 = getelementptr i8, ptr addrspace(3) @buf, i32 1024
  %g1 = getelementptr i8, ptr addrspace(1) %g, i64 1024
  call void @stage(ptr addrspace(3) @buf, ptr addrspace(1) %g), !dbg !21
  call void @stage(ptr addrspace(3) %s1, ptr addrspace(1) %g1), !dbg !22
  %v = load i32, ptr addrspace(3) @buf
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0), !dbg !23
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
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
!23 = !DILocation(line: 12, column: 3, scope: !20)
