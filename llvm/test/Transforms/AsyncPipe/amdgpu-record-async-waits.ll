; amdgpu-record-async-waits (with -amdgpu-verify-async-waits) leaves a record
; after every source mark and every wait with a constant count: an inline-asm
; comment naming the count and the activation. A function gets its own
; activation number; an always_inline function's records say 0, "the
; function this ends up in". A queue other than 0 is an activation of its
; own. Nothing is recorded without the option, for
; other targets, twice, in a function the pipeliner may rewrite, or for a
; wait whose count is not a constant.
; RUN: %opt -passes=amdgpu-record-async-waits -amdgpu-verify-async-waits %s -S \
; RUN:   | FileCheck %s
; RUN: %opt -passes=amdgpu-record-async-waits,amdgpu-record-async-waits \
; RUN:   -amdgpu-verify-async-waits %s -S | FileCheck %s
; RUN: %opt -passes=amdgpu-record-async-waits %s -S | FileCheck %s --check-prefix=OFF
; RUN: sed -e 's/amdgcn-amd-amdhsa/nvptx64-nvidia-cuda/' %s \
; RUN:   | %opt -passes=amdgpu-record-async-waits -amdgpu-verify-async-waits -S \
; RUN:   | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=amdgpu-record-async-waits -amdgpu-verify-async-waits \
; RUN:   -asyncpipe-pipeline-stages=2 %s -S | FileCheck %s --check-prefix=STAGES

target triple = "amdgcn-amd-amdhsa"

; OFF-NOT: asyncpipe.recorded
; OFF-NOT: asyncpipe-activation
; OFF-NOT: asyncpipe.waits.recorded

; CHECK-LABEL: define internal void @stage(
; CHECK-NEXT:    call void @asyncpipe.copy(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0)
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 0)
; CHECK-NEXT:    ret void
define internal void @stage(ptr addrspace(3) %s, ptr addrspace(1) %g) #0 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @kernel(
; CHECK-SAME:    #[[KERNEL:[0-9]+]]
; CHECK:         call void @llvm.amdgcn.asyncmark()
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 1)
; CHECK-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 1)
; CHECK-NEXT:    call void @asyncpipe.wait(i32 %n)
; CHECK-NEXT:    ret void
; STAGES-LABEL: define amdgpu_kernel void @kernel(
; STAGES:         call void asm sideeffect "; asyncpipe.recorded.mark
define amdgpu_kernel void @kernel(ptr addrspace(1) %g, i32 %n) {
  call void @stage(ptr addrspace(3) @buf, ptr addrspace(1) %g)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @asyncpipe.wait(i32 %n)
  ret void
}

; A function with a pipeline request keeps its waits unrecorded, and so does
; every function with a loop under -asyncpipe-pipeline-stages.
; CHECK-LABEL: define amdgpu_kernel void @requested(
; CHECK-NOT:     asyncpipe.recorded
; CHECK:         ret void
define amdgpu_kernel void @requested(ptr addrspace(1) %g) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline(i32 2)
  call void @asyncpipe.copy(ptr addrspace(3) @buf, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @loop_without_request(
; CHECK:         call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 2)
; STAGES-LABEL: define amdgpu_kernel void @loop_without_request(
; STAGES-NOT:     asyncpipe.recorded
; STAGES:         ret void
define amdgpu_kernel void @loop_without_request(ptr addrspace(1) %g) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) @buf, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Queue 1 of an always_inline function is queue 1 of the function it ends
; up in (-1); queue 2 of activation 3 is activation -(3 * 8 + 2).
; CHECK-LABEL: define internal void @queue_stage(
; CHECK:         call void @asyncpipe.mark.queue(i32 1)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 -1)
; CHECK-NEXT:    call void @asyncpipe.wait.queue(i32 1, i32 0)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 -1)
define internal void @queue_stage(ptr addrspace(3) %s, ptr addrspace(1) %g) #0 {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @queues(
; CHECK:         call void @asyncpipe.mark.queue(i32 2)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 -26)
; CHECK-NEXT:    call void @asyncpipe.mark.queue(i32 0)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3)
; CHECK-NEXT:    call void @asyncpipe.wait.queue(i32 2, i32 0)
; CHECK-NEXT:    call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 -26)
define amdgpu_kernel void @queues(ptr addrspace(1) %g) {
  call void @queue_stage(ptr addrspace(3) @buf, ptr addrspace(1) %g)
  call void @asyncpipe.copy(ptr addrspace(3) @buf, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 2)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 2, i32 0)
  ret void
}

; CHECK: attributes #[[KERNEL]] = { "asyncpipe-activation"="1" }
; CHECK: !asyncpipe.waits.recorded = !{}

@buf = internal addrspace(3) global [512 x i32] poison
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
declare void @asyncpipe.pipeline(i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
attributes #0 = { alwaysinline }
