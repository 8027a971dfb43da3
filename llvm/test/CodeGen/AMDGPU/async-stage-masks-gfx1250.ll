; Stage masks of upstream's draft (llvm-project PR #220442, provisional) on
; gfx1250, where four stages have operations: TENSOR (bit 0, TENSORcnt) and
; GLOBAL_LOAD_ASYNC_TO_LDS, GLOBAL_LOAD_ASYNC_TO_LDS_MCAST and
; GLOBAL_STORE_ASYNC_FROM_LDS (bits 1 to 3, ASYNCcnt). A set bit leaves its
; stage out. Stages the module's masks tell apart become AsyncPipe queues,
; and each wait waits for the combined count, computed on the machine CFG
; (each wait's marker names its queue and its count within the queue):
; never weaker than the draft requires, and exact on ASYNCcnt where a wait
; on one stage leaves another stage's newer marks in flight. A class of
; stages on one counter is waited for on that counter alone (the marker
; says which), so a wait on the copies leaves a tensor load in flight.
; Every wait is proven by the independent checker, the recorded per-stage
; source waits included after opt, each class on its own counter.
; RUN: split-file %s %t
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/copies.ll | FileCheck %s --check-prefix=COPIES
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O0 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/copies.ll | FileCheck %s --check-prefix=COPIES
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel -global-isel-abort=2 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/copies.ll 2>/dev/null \
; RUN:   | FileCheck %s --check-prefix=COPIES
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits < %t/copies.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=COPIES-O3
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/tensor.ll | FileCheck %s --check-prefix=TENSOR
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -global-isel -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/tensor.ll | FileCheck %s --check-prefix=TENSOR
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits < %t/tensor.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=TENSOR
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/interleaved.ll | FileCheck %s --check-prefix=INTERLEAVED
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits < %t/interleaved.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=INTERLEAVED
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=amdgpu-lower-async-stage-masks \
; RUN:   -S < %t/interleaved.ll | FileCheck %s --check-prefix=IR
; The checker proves each stage's wait against that stage's own marks: with
; the lowering's waits weakened on purpose, it reports each queue's wait.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits < %t/copies.ll \
; RUN:   | not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits \
; RUN:     -amdgpu-async-weaken-waits-for-testing -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAKENED
; REQUIRES: amdgpu-registered-target

; WEAKENED: in function load_then_store {{.*}}: the wait of queue 1 for at most 0 of its marks is not satisfied by the emitted s_waitcnt
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits < %t/interleaved.ll \
; RUN:   | not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -amdgpu-enable-check-async-waits \
; RUN:     -amdgpu-async-weaken-waits-for-testing -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAKENED-TENSOR
; The tensor stage's own sequence, checked on TENSORcnt alone.
; WEAKENED-TENSOR: the wait of queue 1 for at most 0 of its marks is not satisfied by the emitted s_wait_tensorcnt

; The loads' wait leaves the store, marked in its own stage after it, in
; flight; the store's wait drains it.
; COPIES-LABEL: load_then_store:
; COPIES:       global_load_async_to_lds_b32
; COPIES:       global_store_async_from_lds_b32
; COPIES-NOT:   s_wait_tensorcnt
; COPIES:       s_wait_asynccnt 0x1
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(0) asynccnt queue(1)
; COPIES:       s_wait_asynccnt 0x0
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(0) asynccnt queue(2)
; wait(1) on the loads' stage: its newer load and the store stay in flight.
; COPIES-LABEL: two_stages:
; COPIES:       s_wait_asynccnt 0x2
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(1) asynccnt queue(1)
; COPIES:       s_wait_asynccnt 0x0
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(0) asynccnt queue(1)
; COPIES-NOT:   s_wait_asynccnt
; COPIES:       ; wait_asyncmark(0) asynccnt queue(2)
; After the join the load of the else side is the newest of its stage: the
; wait drains everything (the fewest marks over both paths).
; COPIES-LABEL: diamond:
; COPIES:       s_wait_asynccnt 0x0
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(0) asynccnt queue(1)
; Each trip waits for the previous trip's load; its own load and store stay
; in flight.
; COPIES-LABEL: loop:
; COPIES:       s_wait_asynccnt 0x2
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(1) asynccnt queue(1)
; COPIES:       s_wait_asynccnt 0x0
; COPIES-NEXT:  ;;#ASMSTART
; COPIES-NEXT:  ; wait_asyncmark(0) asynccnt queue(1)
; COPIES-NOT:   s_wait_tensorcnt

; COPIES-O3-LABEL: load_then_store:
; COPIES-O3:       s_wait_asynccnt 0x1
; COPIES-O3-NEXT:  ;;#ASMSTART
; COPIES-O3-NEXT:  ; wait_asyncmark(0) asynccnt queue(1)
; COPIES-O3:       s_wait_asynccnt 0x0
; COPIES-O3-LABEL: two_stages:
; COPIES-O3:       s_wait_asynccnt 0x2
; COPIES-O3-NEXT:  ;;#ASMSTART
; COPIES-O3-NEXT:  ; wait_asyncmark(1) asynccnt queue(1)
; COPIES-O3-LABEL: diamond:
; COPIES-O3:       s_wait_asynccnt 0x0
; COPIES-O3-LABEL: loop:
; COPIES-O3:       s_wait_asynccnt 0x2
; COPIES-O3-NEXT:  ;;#ASMSTART
; COPIES-O3-NEXT:  ; wait_asyncmark(1) asynccnt queue(1)
; COPIES-O3-NOT:   s_wait_tensorcnt

; TENSOR alone: the second mark covers every stage, so the wait(1) on
; TENSOR leaves the second tensor load in flight.
; TENSOR-LABEL: tensor_two_marks:
; TENSOR-NOT:   s_wait_asynccnt
; TENSOR:       s_wait_tensorcnt 0x1
; TENSOR-NEXT:  ;;#ASMSTART
; TENSOR-NEXT:  ; wait_asyncmark(1) tensorcnt queue(1)
; TENSOR:       s_wait_tensorcnt 0x0
; TENSOR-NEXT:  ;;#ASMSTART
; TENSOR-NEXT:  ; wait_asyncmark(0) tensorcnt queue(1)
; TENSOR-NOT:   s_wait_asynccnt

; The counters apart: the wait on the copies' stage waits on ASYNCcnt alone
; and leaves the tensor load, marked before it, in flight until the wait on
; TENSOR.
; INTERLEAVED-LABEL: interleaved:
; INTERLEAVED:       tensor_load_to_lds
; INTERLEAVED:       global_load_async_to_lds_b32
; INTERLEAVED-NOT:   s_wait_tensorcnt
; INTERLEAVED:       s_wait_asynccnt 0x0
; INTERLEAVED-NEXT:  ;;#ASMSTART
; INTERLEAVED-NEXT:  ; wait_asyncmark(0) asynccnt queue(2)
; INTERLEAVED:       ds_load_b32
; INTERLEAVED-NOT:   s_wait_asynccnt
; INTERLEAVED:       s_wait_tensorcnt 0x0
; INTERLEAVED-NEXT:  ;;#ASMSTART
; INTERLEAVED-NEXT:  ; wait_asyncmark(0) tensorcnt queue(1)

; The two stages are two queues.
; IR-LABEL: define amdgpu_kernel void @interleaved(
; IR:         call void @llvm.amdgcn.tensor.load.to.lds.d2(
; IR-NEXT:    call void @asyncpipe.mark.queue(i32 1)
; IR-NEXT:    call void @llvm.amdgcn.global.load.async.to.lds.b32(
; IR-NEXT:    call void @asyncpipe.mark.queue(i32 2)
; IR-NEXT:    call void @asyncpipe.wait.queue(i32 2, i32 0)
; IR:         call void @asyncpipe.wait.queue(i32 1, i32 0)
; IR-NOT:     llvm.amdgcn.asyncmark
; IR-NOT:     llvm.amdgcn.wait.asyncmark

;--- copies.ll
; Masks: 0x7fd leaves in GLOBAL_LOAD_ASYNC_TO_LDS alone, 0x7f7
; GLOBAL_STORE_ASYNC_FROM_LDS alone.
@lds = internal addrspace(3) global [256 x i32] poison

; A wait on the loads' stage while the store's stage has a newer mark in
; flight: the store stays in flight (s_wait_asynccnt 1).
define amdgpu_kernel void @load_then_store(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %out, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2039)
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2045)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2039)
  ret void
}

; Two stages, two marks each, interleaved: wait(1) on the loads' stage
; leaves its newer mark and the store's in flight.
define amdgpu_kernel void @two_stages(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %out, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2039)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 512), i32 4, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2045)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 0)
  ret void
}

; A diamond: one side stores, the other loads; the wait on the loads' stage
; after the join must cover the load of either side.
define amdgpu_kernel void @diamond(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %out, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2039)
  br label %join
else:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 512), i32 4, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2045)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 0)
  ret void
}

; A loop: each trip loads, marks the loads' stage, stores, marks the store's
; stage, and waits for the previous trip's load.
define amdgpu_kernel void @loop(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n) {
entry:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %src = getelementptr i32, ptr addrspace(1) %g, i32 %i
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %src, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %i
  call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %dst, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2039)
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2045)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %dst
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

;--- tensor.ll
; Masks: 0x7fe leaves in TENSOR alone, 0 every stage: two tensor loads, the
; first marked in TENSOR alone, the second in every stage.
define amdgpu_kernel void @tensor_two_marks(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(3) %lds, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2046)
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 0)
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2046)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2046)
  ret void
}

declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)

;--- interleaved.ll
; Upstream's interleaved-stages example: a tensor load and a copy, each
; marked in its own stage alone (0x7fe: TENSOR, 0x7fd:
; GLOBAL_LOAD_ASYNC_TO_LDS), each waited for alone.
define amdgpu_kernel void @interleaved(<4 x i32> %d0, <8 x i32> %d1, ptr addrspace(1) %g, ptr addrspace(3) %lds, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32> %d0, <8 x i32> %d1, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2046)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2045)
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2045)
  %v = load i32, ptr addrspace(3) %lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2046)
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.tensor.load.to.lds.d2(<4 x i32>, <8 x i32>, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)
