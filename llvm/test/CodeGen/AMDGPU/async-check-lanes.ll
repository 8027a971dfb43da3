; The independent checker follows one lane (AMDGPUCheckAsyncWaitsDataflow.cpp, "One
; lane's view of the execution mask"): AMDGPU runs both sides of a divergent
; branch one after the other, and a copy or mark on one side is no lane's
; business on the other side.
;
; Found by the random-program batch (seed 282 of batch seed 1, AMDGPU -O3):
; SimplifyCFG hoists the wait(0) that starts both sides of a divergent
; branch (one side's comes from an always_inline helper, so the records
; after the two calls differ and stay on the sides). The wave-level check
; followed the structurizer's flow edge from the side issuing a copy into
; the other side's record and reported it; the code is correct.
; RUN: split-file %s %t
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits -S %t/hoisted.ll \
; RUN:   | FileCheck %s --check-prefix=HOIST
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/hoisted.ll -o %t/hoisted.bc
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/hoisted.bc -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/hoisted.bc -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/hoisted.bc -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -mattr=+wavefrontsize64 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits %t/hoisted.bc -o /dev/null 2>&1 | count 0
; The wave-level check (the old checker) gives the false report:
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-wave-level \
; RUN:   %t/hoisted.bc -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVE
; A bound on the per-lane analysis falls back to the wave-level check, with
; a remark: stricter, never blind.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-max-sweeps=1 \
; RUN:   -pass-remarks-analysis=asyncpipe %t/hoisted.bc -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BOUND
; Weakened waits in the same program are still caught, on every side:
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/hoisted.bc -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK-HOIST
;
; The safety net still sees every too-weak wait on a divergent path: the
; lowering is made to emit each wait one count too weak (a testing-only
; option) and each is reported at its line, on wave64 and wave32; the
; correct lowering passes.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/divergent.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/divergent.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/divergent.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/divergent.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/divergent.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/divergent.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/divergent.ll -o /dev/null 2>&1 | count 0
; The source's waits, recorded before -O3 and checked on its code:
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/divergent.ll \
; RUN:   | not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; The exactness report (bench/randir-scale.sh): for each wait the lowering
; left, the count emitted and the weakest count the checker proves
; sufficient for the lanes that run it.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-check-async-waits-report-exactness -pass-remarks-analysis=asyncpipe \
; RUN:   %t/divergent.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
; REQUIRES: amdgpu-registered-target

; EXACT: remark: lanes.cl:5:5: wait_asyncmark(0): emitted count(0), weakest sufficient count(0): exact
; EXACT: remark: lanes.cl:14:5: wait_asyncmark(0): emitted count(0), weakest sufficient count(0): exact
; EXACT: remark: lanes.cl:27:5: wait_asyncmark(0): emitted count(0), weakest sufficient count(0): exact
; EXACT: remark: lanes.cl:29:3: wait_asyncmark(0): emitted count(0), weakest sufficient count(0): exact
; EXACT: remark: lanes.cl:35:5: wait_asyncmark(1): emitted count(1), weakest sufficient count(1): exact
; EXACT-NOT: weakest sufficient

; The wait(0) is hoisted above the divergent branch; the records stay.
; HOIST-LABEL: define amdgpu_kernel void @hoisted(
; HOIST:         call void @llvm.amdgcn.wait.asyncmark(i16 0)
; HOIST-NEXT:    br i1 %c, label %then, label %else
; HOIST:       then:
; HOIST-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 1)
; HOIST:       else:
; HOIST-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 0)

; WAVE: error: hoisted.cl:10:5: in function hoisted void (ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight; a pass deleted or weakened this wait before or during code generation
; WAVE-NOT: error

; BOUND: remark: hoisted.cl:0:0: the async wait checker's per-lane analysis of the lowering's waits reached its bound of 1 sweeps; they are checked wave-level
; BOUND: remark: hoisted.cl:0:0: the async wait checker's per-lane analysis of the source's waits reached its bound of 1 sweeps; they are checked wave-level
; BOUND: error: hoisted.cl:10:5: in function hoisted void (ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied

; WEAK-HOIST: error: hoisted.cl:0:0: in function hoisted void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK-HOIST: error: hoisted.cl:18:3: in function hoisted void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK-HOIST: error: hoisted.cl:2:3: in function hoisted void (ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied
; WEAK-HOIST: error: hoisted.cl:10:5: in function hoisted void (ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied
; WEAK-HOIST: error: hoisted.cl:18:3: in function hoisted void (ptr addrspace(1)): the source's wait for at most 0 outstanding marks is not satisfied
; WEAK-HOIST-NOT: error

; WEAK: error: lanes.cl:5:5: in function then_side void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: lanes.cl:14:5: in function before_branch void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: lanes.cl:27:5: in function after_join void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: lanes.cl:29:3: in function after_join void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: lanes.cl:35:5: in function divergent_loop void (ptr addrspace(1)): wait_asyncmark(1) is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
; WEAK-NOT: error

;--- hoisted.ll
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x i32] poison

define internal void @wait_all() alwaysinline !dbg !5 {
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !6
  ret void
}

define amdgpu_kernel void @hoisted(ptr addrspace(1) %g) !dbg !10 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %c = icmp ult i32 %tid, 17
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !11
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
else:
  call void @wait_all(), !dbg !12
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 512), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !13
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "hoisted.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!5 = distinct !DISubprogram(name: "wait_all", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DILocation(line: 2, column: 3, scope: !5)
!10 = distinct !DISubprogram(name: "hoisted", scope: !2, file: !2, line: 5, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 10, column: 5, scope: !10)
!12 = !DILocation(line: 14, column: 5, scope: !10)
!13 = !DILocation(line: 18, column: 3, scope: !10)
;--- divergent.ll
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x i32] poison

; The wait on the then-side covers that side's own copy.
define amdgpu_kernel void @then_side(ptr addrspace(1) %g) !dbg !10 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %c = icmp ult i32 %tid, 17
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !11
  br label %join
else:
  %v = load volatile i32, ptr addrspace(1) %g
  br label %join
join:
  ret void
}

; A copy every lane issues, waited for on one side only.
define amdgpu_kernel void @before_branch(ptr addrspace(1) %g) !dbg !20 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %c = icmp ult i32 %tid, 17
  br i1 %c, label %then, label %join
then:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !21
  br label %join
join:
  ret void
}

; A copy on one side, the wait after the join; the other side has a copy
; and a wait of its own.
define amdgpu_kernel void @after_join(ptr addrspace(1) %g) !dbg !30 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %c = icmp ult i32 %tid, 17
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
else:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !32
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !31
  ret void
}

; A loop whose trip count differs per lane.
define amdgpu_kernel void @divergent_loop(ptr addrspace(1) %g) !dbg !40 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %p, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !41
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %tid
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "lanes.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "then_side", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 5, column: 5, scope: !10)
!20 = distinct !DISubprogram(name: "before_branch", scope: !2, file: !2, line: 10, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 14, column: 5, scope: !20)
!30 = distinct !DISubprogram(name: "after_join", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocation(line: 29, column: 3, scope: !30)
!32 = !DILocation(line: 27, column: 5, scope: !30)
!40 = distinct !DISubprogram(name: "divergent_loop", scope: !2, file: !2, line: 30, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!41 = !DILocation(line: 35, column: 5, scope: !40)
