; The checker follows the structurizer's flow booleans (AMDGPUCheckAsyncWaitsDataflow.cpp,
; "Flow booleans"): a scalar register set to 0 or -1 on a path decides the
; s_cbranch_vccz/vccnz that tests it, so paths no lane can take are not
; followed (Random/randir-seed616-inlined-mark.ll and
; Random/randir-seed683-checker-flow.ll). A flow boolean that depends on
; data, uniform (a kernel argument) or divergent (a compare per lane), is
; unknown and both ways are followed: the correct code passes, and a wait the
; lowering is made to emit one count too weak (a testing-only option) is
; still reported at its line, on wave64 and wave32; a wait weakened on the
; loop's feasible path is reported.
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %s -o %t.bc
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t.bc -o - 2>&1 | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t.bc -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t.bc -o /dev/null 2>&1 | count 0
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t.bc -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t.bc -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; The code without the plugin's opt pipeline, structurized the same way:
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK-EMITTED

; The wave-level check (the checker before it followed lanes and flow
; booleans) gave a false report on the loop while O3 hoisted %early's and
; %later's waits into %body; bound waits are nomerge now and each keeps its
; own, which the wave-level check passes too. The hoisted shape, and the
; wave-level check's false report on it, are in
; Random/randir-seed683-checker-flow.ll.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-wave-level \
; RUN:   %t.bc -o /dev/null 2>&1 | count 0

; The uniform branch is structurized through a flow boolean set to -1 in the
; entry and tested in the Flow block; which side runs depends on the kernel
; argument, so both are followed.
; ASM-LABEL: uniform_flag:
; ASM:         s_mov_b64 s[2:3], -1
; ASM-NEXT:    s_cbranch_scc1
; ASM:         s_andn2_b64 vcc, exec, s[2:3]
; ASM-NEXT:    s_cbranch_vccz
; ASM-LABEL: loop_exit_guard:
; ASM:         s_cselect_b64 s[0:1], -1, 0
; ASM:         ; %loop.exit.guard

; WEAK: error: flow.cl:9:3: in function uniform_flag void (ptr addrspace(1), i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: flow.cl:19:3: in function divergent_flag void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: <unknown>:0:0: in function loop_exit_guard void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: flow.cl:32:5: in function loop_exit_guard void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK: error: flow.cl:29:5: in function loop_exit_guard void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; WEAK-NOT: error:

; WEAK-EMITTED: error: flow.cl:9:3: in function uniform_flag void (ptr addrspace(1), i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt
; WEAK-EMITTED: error: flow.cl:19:3: in function divergent_flag void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt
; WEAK-EMITTED: error: <unknown>:0:0: in function loop_exit_guard void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt
; WEAK-EMITTED: error: flow.cl:32:5: in function loop_exit_guard void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt
; WEAK-EMITTED: error: flow.cl:29:5: in function loop_exit_guard void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt
; WEAK-EMITTED-NOT: error:


target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @uniform_flag(ptr addrspace(1) %g, i1 %a) !dbg !10 {
entry:
  br i1 %a, label %then, label %else
then:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
else:
  %v = load volatile i32, ptr addrspace(1) %g
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !11
  ret void
}

define amdgpu_kernel void @divergent_flag(ptr addrspace(1) %g) !dbg !20 {
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
  %v = load volatile i32, ptr addrspace(1) %g
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !21
  ret void
}

; Random/randir-seed683-checker-flow.ll's loop: its exits go through
; loop.exit.guard flow booleans, some set to constants (the infeasible path
; to %early that skips %body is not followed), others copies of
; "s_cselect -1, 0" on a kernel argument (unknown: both ways).
define void @helper() {
  ret void
}

define amdgpu_kernel void @loop_exit_guard(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 %n, i1 %a, i1 %b) !dbg !30 {
entry:
  call void @helper()
  call void @asyncpipe.copy(ptr addrspace(3) %lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @asyncpipe.wait(i32 %n)
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %j, %latch ]
  br label %latch

body:
  %f = call i32 @asyncpipe.mark.future()
  br i1 %a, label %early, label %later

early:
  call void @asyncpipe.wait(i32 0), !dbg !31
  ret void

later:
  call void @asyncpipe.wait.future(i32 %f), !dbg !32
  br i1 %b, label %latch, label %never

never:
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0, i32 0)
  unreachable

latch:
  %j = phi i32 [ %n, %head ], [ %k, %later ]
  %k = add nsw i32 %j, 1
  %c = icmp slt i32 %i, 0
  br i1 %c, label %body, label %head
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.wait(i32)
declare i32 @asyncpipe.mark.future()
declare void @asyncpipe.wait.future(i32)
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "flow.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "uniform_flag", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 9, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "divergent_flag", scope: !2, file: !2, line: 11, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 19, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "loop_exit_guard", scope: !2, file: !2, line: 21, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocation(line: 29, column: 5, scope: !30)
!32 = !DILocation(line: 32, column: 5, scope: !30)
