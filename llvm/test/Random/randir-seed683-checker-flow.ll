; Seed 683 of the large random run (bench/randir-scale.sh; seeds 616, 972
; and 1630 give the same message on gfx1250 at O3, not reduced yet),
; reduced with llvm-reduce and by hand: a FALSE report of the
; independent checker's source-wait check, not an unsafe wait. Every path
; to %early passes %body, whose wait.asyncmark(0) SimplifyCFG hoisted there
; from %early and %later (wait(0) and wait.future of the newest mark lower
; to the same call), and llc emits s_waitcnt vmcnt(0) there. But the
; unreachable %never makes the structurizer route the loop exits through
; flow booleans (loop.exit.guard), and the checker, which does not follow
; their values, sees an infeasible path head -> latch -> exit guard ->
; %early that skips %body, and reports "the source's wait for at most 0
; outstanding marks is not satisfied". The checker follows the
; structurizer's flow booleans now (AMDGPUCheckAsyncWaitsDataflow.cpp, "Flow
; booleans"), and this passes as written.
;
; Since asyncpipe-bind-waits makes the waits it binds nomerge
; (clang/test/CodeGenOpenCL/asyncpipe-last-trip-wait.cl), O3 no longer
; hoists the two waits: each of %early and %later keeps its own, and the
; checker passes. The hoisted shape of the seed is kept as O3 left it then
; (Inputs/randir-seed683-after-O3.ll), and the checker passes on it too.
;
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %s -o - \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:     -amdgpu-enable-check-async-waits -verify-machineinstrs -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOW --implicit-check-not=error
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits \
; RUN:   -verify-machineinstrs %S/Inputs/randir-seed683-after-O3.ll -o - 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=error
; The wave-level check, which does not follow flow booleans, still gives the
; false report there: the input is the shape that once failed.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-check-async-waits-wave-level -verify-machineinstrs \
; RUN:   %S/Inputs/randir-seed683-after-O3.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WAVE
; WAVE: error: <unknown>:0:0: in function kernel void (ptr addrspace(1), ptr addrspace(3), i32, i1, i1): the source's wait for at most 0 outstanding marks is not satisfied

; CHECK-LABEL: kernel:
; CHECK: ; %body
; CHECK: s_waitcnt vmcnt(0)
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: ; wait_asyncmark(0)
; CHECK: ; %early
; CHECK-NEXT: s_endpgm

; NOW-LABEL: kernel:
; NOW: ; %later
; NOW-NEXT: ; in Loop:
; NOW-NEXT: s_waitcnt vmcnt(0)
; NOW: ; %early
; NOW-NEXT: s_waitcnt vmcnt(0)
; NOW-NEXT: ;;#ASMSTART
; NOW-NEXT: ; wait_asyncmark(0)
; NOW: s_endpgm

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define void @helper() {
  ret void
}

define amdgpu_kernel void @kernel(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 %n, i1 %a, i1 %b) {
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
  call void @asyncpipe.wait(i32 0)
  ret void

later:
  call void @asyncpipe.wait.future(i32 %f)
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
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
