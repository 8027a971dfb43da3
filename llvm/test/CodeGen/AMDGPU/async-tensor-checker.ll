; The independent checker proves TENSORcnt on its own, apart from ASYNCcnt:
; it counts gfx1250's tensor loads and stores as the only events of that
; counter, in order, and only s_wait_tensorcnt retires them. A lowering that
; takes the tensor DMA for a copy on ASYNCcnt
; (-amdgpu-async-merge-tensor-into-asynccnt-for-testing, wrong code on
; purpose) emits s_wait_asynccnt alone, which waits for no tensor DMA: the
; checker reports each wait that needed TENSORcnt, straight line, mixed
; groups, a diamond and a loop alike, at its source line, and says which
; tensor DMA may still be in flight and along which path. A tensor wait one
; count too weak is caught too. The correct lowering is silent. A source wait
; that an IR pass deleted is reported for TENSORcnt as for ASYNCcnt.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-merge-tensor-into-asynccnt-for-testing \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=MERGED
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 \
; RUN:   -amdgpu-async-merge-tensor-into-asynccnt-for-testing < %s \
; RUN:   | FileCheck %s --check-prefix=MERGED-ASM
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-merge-tensor-into-asynccnt-for-testing \
; RUN:   -amdgpu-check-async-waits-explain -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=EXPLAIN
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s 2>&1 | count 0
;
; Recorded source waits: delete the waits after recording, as a wrong IR pass
; would; the records still stand where the waits were.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=amdgpu-record-async-waits \
; RUN:   -amdgpu-enable-check-async-waits %s -S -o %t.recorded.ll
; RUN: sed -e '/call void @llvm.amdgcn.wait.asyncmark/d' %t.recorded.ll \
; RUN:   | not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 \
; RUN:     -amdgpu-enable-check-async-waits -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DELETED
; REQUIRES: amdgpu-registered-target

; The merged lowering's output: s_wait_asynccnt where s_wait_tensorcnt was
; needed, never s_wait_tensorcnt.
; MERGED-ASM-LABEL: straight_line:
; MERGED-ASM-NOT:   s_wait_tensorcnt
; MERGED-ASM:       s_wait_asynccnt 0x1
; MERGED-ASM-NEXT:  ;;#ASMSTART
; MERGED-ASM-NEXT:  ; wait_asyncmark(1)
; MERGED-ASM-NOT:   s_wait_tensorcnt
; MERGED-ASM-LABEL: .Lfunc_end0:

; MERGED: error: tensor.cl:5:3: in function straight_line void (<4 x i32>, <8 x i32>, ptr addrspace(3), ptr addrspace(1)): wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight
; MERGED: error: tensor.cl:13:3: in function mixed_groups void (<4 x i32>, <8 x i32>, ptr addrspace(1), ptr addrspace(3), ptr addrspace(1)): wait_asyncmark(1) is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
; MERGED: error: tensor.cl:13:3: in function mixed_groups void (<4 x i32>, <8 x i32>, ptr addrspace(1), ptr addrspace(3), ptr addrspace(1)): wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight
; MERGED: error: tensor.cl:24:3: in function diamond void (<4 x i32>, <8 x i32>, ptr addrspace(1), ptr addrspace(3), ptr addrspace(1), i1): wait_asyncmark(0) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 1 or more marks may still be in flight
; MERGED: error: tensor.cl:33:5: in function loop void (<4 x i32>, <8 x i32>, ptr addrspace(3), ptr addrspace(1), i32): wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight
; MERGED: error: tensor.cl:36:3: in function loop void (<4 x i32>, <8 x i32>, ptr addrspace(3), ptr addrspace(1), i32): wait_asyncmark(0) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 1 or more marks may still be in flight
; MERGED-NOT: error:

; EXPLAIN: error: tensor.cl:5:3: in function straight_line {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt
; EXPLAIN-EMPTY:
; EXPLAIN-NEXT: note: tensor.cl:2:3: this tensor DMA (in bb.0) may still be in flight at the wait, followed by 2 or more marks
; EXPLAIN-NEXT: note: tensor.cl:5:3: one path of a lane to the wait (the checker takes a branch on data either way): bb.0
; EXPLAIN: error: tensor.cl:33:5: in function loop {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt
; EXPLAIN-EMPTY:
; EXPLAIN-NEXT: note: <unknown>:0:0: this tensor DMA (in bb.0.entry) may still be in flight at the wait, followed by 2 or more marks
; EXPLAIN-NEXT: note: tensor.cl:33:5: one path of a lane to the wait (the checker takes a branch on data either way): bb.0.entry -> bb.1.loop
; EXPLAIN: error: tensor.cl:36:3: in function loop {{.*}}: wait_asyncmark(0) is not satisfied by the emitted s_wait_tensorcnt
; EXPLAIN-EMPTY:
; EXPLAIN-NEXT: note: tensor.cl:31:5: this tensor DMA (in bb.1.loop) may still be in flight at the wait, followed by 1 or more marks
; EXPLAIN-NEXT: note: tensor.cl:36:3: one path of a lane to the wait (the checker takes a branch on data either way): bb.0.entry -> bb.1.loop -> bb.2.exit

; A tensor wait one count weaker than needed (and the copies' wait too).
; WEAK: error: tensor.cl:5:3: in function straight_line {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight
; WEAK: error: tensor.cl:13:3: in function mixed_groups {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
; WEAK: error: tensor.cl:13:3: in function mixed_groups {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight
; WEAK: error: tensor.cl:33:5: in function loop {{.*}}: wait_asyncmark(1) is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight

; DELETED: error: tensor.cl:5:3: in function straight_line {{.*}}: the source's wait for at most 1 outstanding marks is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight; a pass deleted or weakened this wait before or during code generation
; DELETED: error: tensor.cl:13:3: in function mixed_groups {{.*}}: the source's wait for at most 1 outstanding marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight; a pass deleted or weakened this wait before or during code generation
; DELETED: error: tensor.cl:13:3: in function mixed_groups {{.*}}: the source's wait for at most 1 outstanding marks is not satisfied by the emitted s_wait_tensorcnt: a tensor DMA followed by 2 or more marks may still be in flight; a pass deleted or weakened this wait before or during code generation

define amdgpu_kernel void @straight_line(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(3) %lds, ptr addrspace(1) %out) !dbg !10 {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0), !dbg !11
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !12
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Both counters in both groups: merged, the one s_wait_asynccnt 2 is right
; for neither order of the copies and the tensor DMA.
define amdgpu_kernel void @mixed_groups(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(1) %g, ptr addrspace(3) %lds, ptr addrspace(1) %out) !dbg !20 {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0)
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !21
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; A tensor load on one side, a copy on the other: merged, wait(0) becomes
; s_wait_asynccnt 0 alone, which the tensor side's lanes do not wait for.
define amdgpu_kernel void @diamond(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(1) %g, ptr addrspace(3) %lds, ptr addrspace(1) %out, i1 %c) !dbg !30 {
entry:
  br i1 %c, label %tensor, label %copy
tensor:
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
copy:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !31
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Double buffering: the loop's wait(1) for the previous trip's tensor load.
define amdgpu_kernel void @loop(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(3) %lds, ptr addrspace(1) %out, i32 %n) !dbg !40 {
entry:
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %dd = insertelement <4 x i32> %d0, i32 %i, i32 1
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %dd, <8 x i32> %d1, i32 0), !dbg !41
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !42
  %v = load i32, ptr addrspace(3) %lds
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !43
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "tensor.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "straight_line", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 2, column: 3, scope: !10)
!12 = !DILocation(line: 5, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "mixed_groups", scope: !2, file: !2, line: 8, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 13, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "diamond", scope: !2, file: !2, line: 16, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocation(line: 24, column: 3, scope: !30)
!40 = distinct !DISubprogram(name: "loop", scope: !2, file: !2, line: 27, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!41 = !DILocation(line: 31, column: 5, scope: !40)
!42 = !DILocation(line: 33, column: 5, scope: !40)
!43 = !DILocation(line: 36, column: 3, scope: !40)
