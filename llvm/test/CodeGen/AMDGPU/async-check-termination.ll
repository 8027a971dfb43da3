; The checker's per-lane dataflow (AMDGPUCheckAsyncWaitsDataflow.cpp, "Termination")
; on its worst shapes, with every branch divergent so that lanes fork and
; mask bits are tracked: a loop that adds marks, a DMA no mark covers before
; a loop that only waits and marks, nested loops, and irreducible control
; flow. It terminates, proves the correct lowering (no report) on wave64 and
; wave32, and still reports the weakened one; at its sweep bound it falls back
; to the wave-level check with a remark.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -o /dev/null < %s 2>&1 | count 0
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %s \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o /dev/null 2>&1 | count 0
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-max-sweeps=2 \
; RUN:   -pass-remarks-analysis=asyncpipe -o /dev/null < %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BOUND
; REQUIRES: amdgpu-registered-target

; WEAK-DAG: error: {{.*}}in function mark_adding_loop {{.*}}is not satisfied
; WEAK-DAG: error: {{.*}}in function uncovered_dma_wait_mark_loop {{.*}}is not satisfied
; WEAK-DAG: error: {{.*}}in function nested_loops {{.*}}is not satisfied
; WEAK-DAG: error: {{.*}}in function irreducible {{.*}}is not satisfied
; BOUND: remark: <unknown>:0:0: the async wait checker's per-lane analysis of the lowering's waits reached its bound of 2 sweeps; they are checked wave-level

@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @mark_adding_loop(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %odd = icmp ult i32 %tid, %i
  br i1 %odd, label %more, label %latch
more:
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %go = icmp ult i32 %i.next, %tid
  br i1 %go, label %loop, label %exit
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @uncovered_dma_wait_mark_loop(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.asyncmark()
  %i.next = add i32 %i, 1
  %go = icmp ult i32 %i.next, %tid
  br i1 %go, label %loop, label %exit
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @nested_loops(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  %j.next = add i32 %j, 1
  %in = icmp ult i32 %j.next, %tid
  br i1 %in, label %inner, label %outer.latch
outer.latch:
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %i.next = add i32 %i, 1
  %out = icmp ult i32 %i.next, %j.next
  br i1 %out, label %outer, label %exit
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @irreducible(ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib.next, %b ]
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %ia.next = add i32 %ia, 1
  %ca = icmp ult i32 %ia.next, %tid
  br i1 %ca, label %b, label %exit
b:
  %ib = phi i32 [ 0, %entry ], [ %ia.next, %a ]
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.asyncmark()
  %ib.next = add i32 %ib, 2
  %cb = icmp ult i32 %ib.next, %tid
  br i1 %cb, label %a, label %exit
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
