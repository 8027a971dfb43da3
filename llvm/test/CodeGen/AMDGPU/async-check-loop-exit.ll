; The checker follows a lane out of a divergent loop by the bit of the break
; mask that deactivated it (AMDGPUCheckAsyncWaitsDataflow.cpp, "One lane's view of
; the execution mask"). Reduced from random seed 26858 (gfx942 and gfx90a at
; O3; Random/randir-seed26858.test), a false report.
;
; A lane copies and marks in %inner, copies again in %exit and waits in
; %done. %again sends it from %inner to %never, a path the program promises
; never to take, so it never starts %outer over, and %inner runs once (or
; forever, if %n is negative): every lane reaches the wait with one mark
; behind it, and the source's wait(1) (its record) asks for nothing. The structurizer leaves the loop through
; "exec &= ~break" with the break mask built from compares; the checker used
; to fork EXEC there without keeping the break bit, lost which lanes had
; left, and followed a lane that skipped %exit's copy on one trip and came
; back for a second one: "an async DMA followed by 2 or more marks may still
; be in flight".
; RUN: split-file %s %t
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/never.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/never.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/never.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -mattr=+wavefrontsize64 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits %t/never.ll \
; RUN:   -o /dev/null 2>&1 | count 0
;
; The same loops where the second trip is allowed: a lane can reach the wait
; with the first trip's copy followed by two marks, and the emitted code,
; made for wait_asyncmark(2), does not wait for it. Reported, on every
; generation.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/second-trip.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/second-trip.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/second-trip.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 \
; RUN:   -mattr=+wavefrontsize64 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/second-trip.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s
; With -amdgpu-check-async-waits-explain each report names the DMA and one
; path of a lane to the wait (a shortest one: the checker takes branches on
; data either way, so here the second trip is %skip's), or says that none
; was found within the search's bound:
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-explain \
; RUN:   %t/second-trip.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-explain \
; RUN:   -amdgpu-check-async-waits-explain-max-states=2 %t/second-trip.ll \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND
; REQUIRES: amdgpu-registered-target

; EXPLAIN: error: {{.*}}in function loop_exit {{.*}}: the source's wait for at most 1 outstanding marks is not satisfied
; EXPLAIN-NEXT: {{^$}}
; EXPLAIN-NEXT: note: {{.*}}: this async DMA (in bb.3.inner) may still be in flight at the wait, followed by 2 or more marks
; EXPLAIN-NEXT: note: {{.*}}: one path of a lane to the wait (the checker takes a branch on data either way): bb.0.entry -> bb.2.outer -> bb.4.irr.guard -> bb.3.inner -> bb.4.irr.guard -> bb.5.skip -> bb.3.inner -> bb.1.exit -> bb.6.done{{$}}

; BOUND: error: {{.*}}in function loop_exit
; BOUND: note: {{.*}}: no path of a lane to the wait found within 2 lane states (-amdgpu-check-async-waits-explain-max-states){{$}}

; CHECK: error: {{.*}}in function loop_exit {{.*}}: the source's wait for at most 1 outstanding marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
; CHECK-NOT: error

;--- never.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @loop_exit(i32 %n, i1 %again) {
entry:
  br label %outer

outer:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp ult i32 %tid, 1
  br i1 %first, label %inner, label %skip

inner:
  %count = phi i32 [ 0, %outer ], [ %n, %skip ]
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) null, ptr addrspace(3) null, i32 1, i32 0, i32 0)
  br i1 %again, label %never, label %marked

never:
  unreachable

marked:
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0)
  %more = icmp slt i32 %count, 0
  br i1 %more, label %skip, label %exit

skip:
  br label %inner

exit:
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) null, ptr addrspace(3) null, i32 1, i32 0, i32 0)
  br i1 %again, label %outer, label %done

done:
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- second-trip.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @loop_exit(i32 %n, i1 %again) {
entry:
  br label %outer

outer:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp ult i32 %tid, 1
  br i1 %first, label %inner, label %skip

inner:
  %count = phi i32 [ 0, %outer ], [ %n, %skip ]
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) null, ptr addrspace(3) null, i32 1, i32 0, i32 0)
  br label %marked

marked:
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0)
  %more = icmp slt i32 %count, 0
  br i1 %more, label %skip, label %exit

skip:
  br label %inner

exit:
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) null, ptr addrspace(3) null, i32 1, i32 0, i32 0)
  br i1 %again, label %outer, label %done

done:
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
