; Found by the random-program batch (utils/asyncpipe_randir.py): a wait or
; mark that asyncpipe-elim proves redundant on the IR's paths takes the
; checker's record of it along when it goes. AMDGPU runs both sides of a
; divergent branch one after the other, so the machine CFG has flow edges
; the IR does not; the checker, following them, would check a left-over
; record for lanes that are not active there and report a wait that no lane
; needs (earlier: "the source's wait for at most 0 outstanding marks is not
; satisfied" at -O1 and up, on gfx90a, gfx942 and gfx1030).
; RUN: split-file %s %t
; RUN: %opt -passes='default<O1>' -amdgpu-enable-check-async-waits %t/jump-threaded-wait.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o /dev/null
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/jump-threaded-wait.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o /dev/null
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/unobserved-mark.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o /dev/null
; The removals themselves:
; RUN: %opt -passes='default<O1>' -amdgpu-enable-check-async-waits -S %t/jump-threaded-wait.ll \
; RUN:   | FileCheck %s --check-prefix=WAIT
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits -S %t/unobserved-mark.ll \
; RUN:   | FileCheck %s --check-prefix=MARK
; REQUIRES: amdgpu-registered-target

; Jump threading gives the c-true path its own copy of j2, where no mark is
; outstanding: rule W1 removes that copy's wait, and its record with it.
; WAIT-LABEL: j2.critedge:
; WAIT-NOT:     asyncpipe.recorded.wait
; WAIT:         call void @llvm.amdgcn.load.async.to.lds.p1(
; WAIT-NEXT:    br label %j2
;--- jump-threaded-wait.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(i1 %c) {
entry:
  br i1 %c, label %j1, label %m1
m1:
  call void @llvm.amdgcn.asyncmark()
  br label %j1
j1:
  call void @asyncpipe.wait(i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) null, ptr addrspace(3) null, i32 1, i32 0, i32 0)
  br i1 %c, label %j2, label %m2
m2:
  call void @llvm.amdgcn.asyncmark()
  br label %j2
j2:
  call void @asyncpipe.wait(i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) null, ptr addrspace(3) null, i32 1, i32 0, i32 0)
  br i1 %c, label %j3, label %m3
m3:
  call void @llvm.amdgcn.asyncmark()
  br label %j3
j3:
  call void @asyncpipe.wait(i32 0)
  ret void
}
declare void @asyncpipe.wait(i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

; The mark after the copy in %else is observed by no wait (rule M1): it goes
; with its record, so the flow edge into %then does not show the wait(0)
; there a copy followed by a mark.
; MARK-LABEL: define amdgpu_kernel void @kernel0(
; MARK-NOT:     asyncpipe.recorded.mark activation {{.*}}{{$}}
; MARK:         ret void
;--- unobserved-mark.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @kernel0(i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %exit
else:
  call void @asyncpipe.copy(ptr addrspace(3) null, ptr addrspace(1) null, i32 1, i32 0)
  call void @asyncpipe.mark()
  br label %exit
exit:
  ret void
}
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
