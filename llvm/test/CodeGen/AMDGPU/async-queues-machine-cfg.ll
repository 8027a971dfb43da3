; A wait of an AsyncPipe queue other than 0 reaches AMDGPU codegen as it is
; written ("; wait_asyncmark(N) queue(Q)"), and amdgpu-lower-async-waits
; computes its combined count on the machine CFG: the weakest count that
; completes every copy before queue Q's (N+1)-th newest mark, over the paths
; of the code the checker reads.
;
; @queue_wait_in_loop was found by utils/asyncpipe_randir.py --with
; queues,tensor (gfx1250, seed 50, O0) and reduced by llvm-reduce. Queue 1's
; wait in the loop leaves 1 of its marks: the copy of the previous trip must
; be done. On the IR's CFG two marks of all queues follow that trip's queue 1
; mark on every path (the asyncmark of %next, then this trip's), so the
; count used to be computed on the IR as asyncmark(2). The structurizer
; makes a Flow block that loops back to %head, and the path head -> Flow ->
; head, which no lane takes, skips %next: there asyncmark(2) leaves the
; previous copy in flight, and the checker rejected the wait. Counted on the
; machine CFG the wait is s_wait_asynccnt 1, exact on every path.
;
; RUN: split-file %s %t
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/loop.ll \
; RUN:   | %llc -mcpu=gfx1250 -O0 -amdgpu-enable-check-async-waits \
; RUN:       -pass-remarks-analysis=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='default<O2>' -amdgpu-enable-check-async-waits %t/loop.ll \
; RUN:   | %llc -mcpu=gfx1250 -O2 -amdgpu-enable-check-async-waits -o /dev/null
; The checker counts each queue's marks for its waits: a lowering one count
; too weak is reported at the queue's wait.
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/loop.ll \
; RUN:   | not %llc -mcpu=gfx1250 -O0 -amdgpu-enable-check-async-waits \
; RUN:       -amdgpu-async-weaken-waits-for-testing -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAKENED
; Two queues on gfx1250 (ASYNCcnt) and on gfx942 (vmcnt), with both
; instruction selectors: the queue markers pass through either.
; RUN: %llc -mcpu=gfx1250 -amdgpu-enable-check-async-waits \
; RUN:     -pass-remarks-analysis=asyncpipe < %t/queues.ll 2>%t.queues.remarks \
; RUN:   | FileCheck %s --check-prefix=QUEUES
; RUN: FileCheck %s --check-prefix=QUEUES-REMARK < %t.queues.remarks
; RUN: %llc -mcpu=gfx942 -amdgpu-enable-check-async-waits < %t/queues.ll \
; RUN:   | FileCheck %s --check-prefix=GFX942
; RUN: %llc -mcpu=gfx942 -global-isel -amdgpu-enable-check-async-waits \
; RUN:     < %t/queues.ll | FileCheck %s --check-prefix=GFX942
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: queue_wait_in_loop:
; CHECK:       global_load_async_to_lds_b32
; CHECK:       ; asyncmark queue(1)
; CHECK:       s_wait_asynccnt 0x1
; CHECK-NEXT:  ;;#ASMSTART
; CHECK-NEXT:  ; wait_asyncmark(1) queue(1)
; CHECK:       s_wait_asynccnt 0x0
; CHECK-NEXT:  ;;#ASMSTART
; CHECK-NEXT:  ; wait_asyncmark(0)

; REMARK: remark: <unknown>:0:0: wait of queue 1 for at most 1 of its marks needs asynccnt(1)
; REMARK: remark: <unknown>:0:0: wait_asyncmark(0) needs asynccnt(0)

; WEAKENED: error: {{.*}} in function queue_wait_in_loop {{.*}}: the wait of queue 1 for at most 1 of its marks is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more of its marks may still be in flight

;--- loop.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @queue_wait_in_loop(ptr addrspace(1) %g, ptr addrspace(3) %l, i1 %stop) {
entry:
  br label %head

head:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 0, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  br i1 %stop, label %exit, label %next

next:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.asyncmark()
  br label %head

exit:
  ret void
}

declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32 immarg, i32 immarg)

; Two queues on one counter: A0 (queue 0), B0 (queue 1), A1, B1. Queue 0's
; wait leaving 1 of its marks completes A0, which three copies follow; queue
; 1's then completes B0, which two follow.
; QUEUES-LABEL: two_queues:
; QUEUES:       ; asyncmark
; QUEUES:       ; asyncmark queue(1)
; QUEUES:       ; asyncmark
; QUEUES:       ; asyncmark queue(1)
; QUEUES:       s_wait_asynccnt 0x3
; QUEUES-NEXT:  ;;#ASMSTART
; QUEUES-NEXT:  ; wait_asyncmark(1) queue(0)
; QUEUES:       s_wait_asynccnt 0x2
; QUEUES-NEXT:  ;;#ASMSTART
; QUEUES-NEXT:  ; wait_asyncmark(1) queue(1)
; QUEUES-REMARK: remark: <unknown>:0:0: wait of queue 0 for at most 1 of its marks needs asynccnt(3): the copies it waits for are done while at most that many newer memory operations (later copies, loads, stores) are still in flight
; QUEUES-REMARK: remark: <unknown>:0:0: wait of queue 1 for at most 1 of its marks needs asynccnt(2)
; GFX942-LABEL: two_queues:
; GFX942:       s_waitcnt vmcnt(3)
; GFX942-NEXT:  ;;#ASMSTART
; GFX942-NEXT:  ; wait_asyncmark(1) queue(0)
; GFX942:       s_waitcnt vmcnt(2)
; GFX942-NEXT:  ;;#ASMSTART
; GFX942-NEXT:  ; wait_asyncmark(1) queue(1)
;--- queues.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @two_queues(ptr addrspace(1) %g, ptr addrspace(3) %a, ptr addrspace(3) %b, ptr addrspace(1) %out) {
  call void @asyncpipe.copy(ptr addrspace(3) %a, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) %b, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) %a, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) %b, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait(i32 1)
  %x = load i32, ptr addrspace(3) %a
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  %y = load i32, ptr addrspace(3) %b
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %out
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
