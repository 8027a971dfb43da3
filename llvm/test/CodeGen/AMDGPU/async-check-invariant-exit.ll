; The checker splits a lane on SCC where an s_cselect materializes a compare
; of data (AMDGPUCheckAsyncWaitsDataflow.cpp, "Flow booleans"), so a uniform
; boolean computed once before a loop decides every trip the same way.
; Reduced from random seed 79608 (gfx1250 at O3; Random/randir-seed79608.test),
; a false report.
;
; The source waits for all of the kernel's marks in %early, an exit the loop
; takes on a kernel argument: on the first trip or never. A helper inlined
; after the kernel's mark marks once more. IndVarSimplify proves that the
; mark reaching %early is the kernel's first one (the loop never runs a trip
; before it exits there), so asyncpipe-lower-futures counts one mark after
; it, the helper's, and emits wait.asyncmark(1): correct on every execution.
; The machine code keeps the edge from %copy back to %body and on to %early,
; which no execution takes; the checker used to follow it and report "an
; async DMA followed by 1 or more marks may still be in flight" against the
; source's wait(0). It now keeps SCC apart and passes, on every generation.
; RUN: split-file %s %t
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/source.ll \
; RUN:   -S -o %t/o3.ll
; RUN: FileCheck %s --check-prefix=IR < %t/o3.ll
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/o3.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/o3.ll -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/o3.ll -o /dev/null 2>&1 | count 0
;
; A wait made one count too weak is still caught.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/o3.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/o3.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
;
; The same code where the exit depends on the trip: a lane can take it after
; a copy and its mark, and wait.asyncmark(1) leaves them in flight. Reported,
; on every generation.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/varying.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=VARYING
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/varying.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=VARYING
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/varying.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=VARYING
; REQUIRES: amdgpu-registered-target

; IR-LABEL: early:
; IR-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; IR-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 2)

; WEAK: error: {{.*}}kernel{{.*}}: the source's wait for at most 0 outstanding marks is not satisfied by the emitted s_waitcnt

; VARYING: error: {{.*}}kernel{{.*}}: the source's wait for at most 0 outstanding marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight
; VARYING-NOT: error

;--- source.ll
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [512 x i32] poison, align 4

define internal void @helper(ptr addrspace(1) %g) {
entry:
  %d = getelementptr i32, ptr addrspace(3) @lds, i32 64
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %d, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @kernel(ptr addrspace(1) %g, i32 %n, i1 %stop) {
entry:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @helper(ptr addrspace(1) %g)
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done

body:
  br i1 %stop, label %early, label %copy

early:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void

copy:
  %src = getelementptr i32, ptr addrspace(1) %g, i32 %i
  %dst = getelementptr i32, ptr addrspace(3) @lds, i32 128
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %dst, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %latch

latch:
  %i.next = add i32 %i, 1
  br label %head

done:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

;--- varying.ll
; What O3 makes of source.ll, with %body's branch on the trip instead of %stop.
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [512 x i32] poison, align 4

define amdgpu_kernel void @kernel(ptr addrspace(1) %g, i32 %n, i1 %stop) "asyncpipe-activation"="2" {
entry:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  %d = getelementptr inbounds nuw i8, ptr addrspace(3) @lds, i32 256
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %d, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 1)
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 1)
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %body, label %done

body:
  %i = phi i32 [ %i.next, %copy ], [ 0, %entry ]
  %third = icmp eq i32 %i, 3
  br i1 %third, label %early, label %copy

early:
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 2)
  ret void

copy:
  %src = getelementptr i32, ptr addrspace(1) %g, i32 %i
  %dst = getelementptr inbounds nuw i8, ptr addrspace(3) @lds, i32 512
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %dst, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 2)
  %i.next = add nuw nsw i32 %i, 1
  %last = icmp eq i32 %i.next, %n
  br i1 %last, label %done, label %body

done:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 2)
  ret void
}

declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

!asyncpipe.waits.recorded = !{}
