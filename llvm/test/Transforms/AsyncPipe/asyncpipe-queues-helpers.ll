; Rule W1 on a queue (llvm/docs/AsyncPipeModel.rst, "Queues") with the
; helpers users write around it: a wait on queue 1 after a helper that
; commits to queue 1.
; - noinline helper: its marks are its own activation's, so the caller's
;   wait waits for nothing: removed (remark "rule W1 (activation, queue 1)"),
;   with the warnings at the wait's line that say why and how to fix it;
; - always_inline helper: part of its caller, the wait is kept
;   (cp.async.wait_all);
; - internal helper with no attribute: a function that commits to a queue is
;   made noinline (asyncpipe-bind-waits: inlined, its first commit would
;   take the caller's uncommitted copies into its own queue), so -O2
;   gives what -O0 gives: the helper stays a call and the wait is removed, as
;   for noinline, never inlined after its caller's wait was judged.
; The same at -O0, -O2 and -O3: the same synchronization at every level.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes='default<O0>' -S %s \
; RUN:   -pass-remarks=asyncpipe 2>%t.O0.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.O0.remarks
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes='default<O2>' -S %s \
; RUN:   -pass-remarks=asyncpipe 2>%t.O2.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.O2.remarks
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes='default<O3>' -S %s \
; RUN:   -pass-remarks=asyncpipe 2>%t.O3.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.O3.remarks

; REMARK-DAG: warning: queues.cu:12:3: in function via_noinline {{.*}}: this wait on queue 1 waits for nothing: no mark of queue 1 of this function reaches it
; REMARK-DAG: remark: queues.cu:12:3: wait for at most 0 outstanding marks of queue 1 removed: rule W1 (activation, queue 1): no mark of queue 1 of this function reaches it
; REMARK-DAG: warning: queues.cu:22:3: in function via_internal {{.*}}: this wait on queue 1 waits for nothing
; REMARK-DAG: remark: queues.cu:22:3: wait for at most 0 outstanding marks of queue 1 removed: rule W1 (activation, queue 1)
; REMARK-NOT: queues.cu:17:3:

; CHECK-LABEL: define {{.*}}void @commit_noinline(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-LABEL: define {{.*}}void @commit_internal(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()

; CHECK-LABEL: define void @via_noinline(
; CHECK-NEXT:    call {{.*}}void @commit_noinline(
; CHECK-NOT:     @llvm.nvvm.cp.async.wait
; CHECK:         ret void
; CHECK-LABEL: define void @via_inline(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-LABEL: define void @via_internal(
; CHECK-NEXT:    call {{.*}}void @commit_internal(
; CHECK-NOT:     @llvm.nvvm.cp.async.wait
; CHECK:         ret void

target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [512 x i32] poison

define internal void @commit_noinline(ptr addrspace(3) %s, ptr addrspace(1) %g) #1 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  ret void
}

define internal void @commit_inline(ptr addrspace(3) %s, ptr addrspace(1) %g) #0 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  ret void
}

define internal void @commit_internal(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  ret void
}

define void @via_noinline(ptr addrspace(1) %g, ptr addrspace(1) %out) !dbg !10 {
  call void @commit_noinline(ptr addrspace(3) @buf, ptr addrspace(1) %g), !dbg !11
  call void @asyncpipe.wait.queue(i32 1, i32 0), !dbg !12
  %v = load i32, ptr addrspace(3) @buf, !dbg !13
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define void @via_inline(ptr addrspace(1) %g, ptr addrspace(1) %out) !dbg !20 {
  call void @commit_inline(ptr addrspace(3) @buf, ptr addrspace(1) %g), !dbg !21
  call void @asyncpipe.wait.queue(i32 1, i32 0), !dbg !22
  %v = load i32, ptr addrspace(3) @buf, !dbg !23
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define void @via_internal(ptr addrspace(1) %g, ptr addrspace(1) %out) !dbg !30 {
  call void @commit_internal(ptr addrspace(3) @buf, ptr addrspace(1) %g), !dbg !31
  call void @asyncpipe.wait.queue(i32 1, i32 0), !dbg !32
  %v = load i32, ptr addrspace(3) @buf, !dbg !33
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

attributes #0 = { alwaysinline }
attributes #1 = { noinline }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "queues.cu", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "via_noinline", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 11, column: 3, scope: !10)
!12 = !DILocation(line: 12, column: 3, scope: !10)
!13 = !DILocation(line: 13, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "via_inline", scope: !2, file: !2, line: 15, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 16, column: 3, scope: !20)
!22 = !DILocation(line: 17, column: 3, scope: !20)
!23 = !DILocation(line: 18, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "via_internal", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocation(line: 21, column: 3, scope: !30)
!32 = !DILocation(line: 22, column: 3, scope: !30)
!33 = !DILocation(line: 23, column: 3, scope: !30)
