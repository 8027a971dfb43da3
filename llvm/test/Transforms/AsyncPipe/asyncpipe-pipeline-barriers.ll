; Work-group barriers and fences in the loop, as each target spells them: a
; barrier or fence that stays in the work group (or orders only LDS) writes
; nothing an early copy reads, so the loop is pipelined across it; the
; barrier still separates the last read of a buffer version from its refill
; (the refill of iteration i + 2 is issued after the barrier that ends
; iteration i - 1). A fence of wider scope may let another group's writes
; reach a copy that now runs ahead of it: refused, with its own remark name.
; A store whose address wraps in 32 bits (no nsw) is not affine in the loop,
; so no run-time check bounds it: refused, naming the parameters (the IR has
; no names for them) and suggesting __restrict__.
; A write before the loop to what a copy reads reached the other work-items'
; copies through the loop's first barrier: a barrier before the prologue
; keeps it so (fenced on AMDGPU, where s_barrier alone orders no memory).
; RUN: split-file %s %t
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-pipeline -S %t/amdgpu.ll \
; RUN:   -pass-remarks=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:   -pass-remarks-output=%t/amdgpu.yaml 2>%t/amdgpu.remarks \
; RUN:   | FileCheck %s --check-prefix=AMDGPU
; RUN: FileCheck %s --check-prefix=AMDGPU-REMARK < %t/amdgpu.remarks
; RUN: FileCheck %s --check-prefix=AMDGPU-NAME < %t/amdgpu.yaml
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S %t/nvptx.ll \
; RUN:   -pass-remarks=asyncpipe-pipeline -pass-remarks-missed=asyncpipe-pipeline \
; RUN:   -pass-remarks-output=%t/nvptx.yaml 2>%t/nvptx.remarks \
; RUN:   | FileCheck %s --check-prefix=NVPTX
; RUN: FileCheck %s --check-prefix=NVPTX-REMARK < %t/nvptx.remarks
; RUN: FileCheck %s --check-prefix=NVPTX-NAME < %t/nvptx.yaml
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S %t/host.ll \
; RUN:   -pass-remarks=asyncpipe-pipeline 2>%t/host.remarks | FileCheck %s --check-prefix=HOST
; RUN: FileCheck %s --check-prefix=HOST-REMARK < %t/host.remarks
; A store that alias analysis cannot separate from a copy's source: the loop
; is versioned on a run-time check that the bytes the store writes over the
; loop lie wholly before or after those the copies read; the checked version
; is pipelined, the other (marked done) runs as written, and the value the
; loop leaves merges both.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='asyncpipe-pipeline,verify' -S \
; RUN:   -verify-loop-info -verify-dom-info \
; RUN:   %t/checked.ll -pass-remarks=asyncpipe-pipeline 2>%t/checked.remarks \
; RUN:   | FileCheck %s --check-prefix=CHECKED
; RUN: FileCheck %s --check-prefix=CHECKED-REMARK < %t/checked.remarks

; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.hip_syncthreads' x3{{$}}
; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.lds_only_fence' x3{{$}}
; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.wavefront_fence' x3{{$}}
; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.opencl_barrier' x3{{$}}
; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.opencl_work_group_barrier' x3{{$}}
; AMDGPU-REMARK: remark: <unknown>:0:0: loop not pipelined: the fence of scope 'agent' orders memory beyond the work group, so writes of other groups may become visible to a copy that now runs ahead of it; only work-group barriers and work-group or LDS-only fences can be pipelined across
; AMDGPU-REMARK: remark: <unknown>:0:0: loop not pipelined: the fence of scope 'system' orders memory beyond the work group, so writes of other groups may become visible to a copy that now runs ahead of it; only work-group barriers and work-group or LDS-only fences can be pipelined across
; AMDGPU-REMARK: remark: <unknown>:0:0: loop not pipelined: the call to 'work_group_barrier(unsigned int, memory_scope)' orders memory beyond the work group, so writes of other groups may become visible to a copy that now runs ahead of it; only work-group barriers and work-group or LDS-only fences can be pipelined across
; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds.written_before_loop' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
; AMDGPU-REMARK: remark: <unknown>:0:0: loop not pipelined: a store to parameter 2 of 'store_may_alias' may write the memory of parameter 1 of 'store_may_alias' that an early copy reads ahead of its iteration, and no run-time check can tell (the address 'out' is not affine in the loop); if they never overlap, declare parameter 1 of 'store_may_alias' __restrict__

; AMDGPU-NAME: Name: ReadAheadWideFence
; AMDGPU-NAME-NEXT: Function: agent_fence
; AMDGPU-NAME: Name: ReadAheadWideFence
; AMDGPU-NAME-NEXT: Function: lds_and_global_fence
; AMDGPU-NAME: Name: ReadAheadWideFence
; AMDGPU-NAME-NEXT: Function: opencl_device_barrier
; AMDGPU-NAME: Name: ReadAheadStore
; AMDGPU-NAME-NEXT: Function: store_may_alias

; The prologue issues two tiles ahead with no barrier; in the loop the refill
; comes first, after the previous iteration's closing barrier.
; AMDGPU-LABEL: define amdgpu_kernel void @hip_syncthreads(
; AMDGPU: asyncpipe.prologue:
; AMDGPU-NEXT: %g.ahead3 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; AMDGPU-NEXT: call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead3, ptr addrspace(3) @lds.hip_syncthreads, i32 4, i32 0, i32 0)
; AMDGPU-NEXT: call void @llvm.amdgcn.asyncmark()
; AMDGPU: loop:
; AMDGPU-NOT: barrier
; AMDGPU: call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead, ptr addrspace(3) %asyncpipe.version.ptr2, i32 4, i32 0, i32 0)
; AMDGPU-NEXT: call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT: call void @llvm.amdgcn.wait.asyncmark(i16 2)
; AMDGPU-NEXT: fence syncscope("workgroup") release
; AMDGPU-NEXT: call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT: fence syncscope("workgroup") acquire
; AMDGPU: %v = load float, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; AMDGPU: fence syncscope("workgroup") release
; AMDGPU-NEXT: call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT: fence syncscope("workgroup") acquire
; AMDGPU-NEXT: %i.next = add i32 %i, 1

; AMDGPU-LABEL: define amdgpu_kernel void @opencl_barrier(
; AMDGPU: call void @llvm.amdgcn.wait.asyncmark(i16 2)
; AMDGPU-NEXT: call void @_Z7barrierj(i32 1)

; AMDGPU-LABEL: define amdgpu_kernel void @agent_fence(
; AMDGPU-NOT: asyncpipe
; AMDGPU: call void @llvm.amdgcn.wait.asyncmark(i16 0)
; AMDGPU-NEXT: fence syncscope("agent") acquire

; AMDGPU-LABEL: define amdgpu_kernel void @written_before_loop(
; AMDGPU: store float 1.000000e+00, ptr addrspace(1) %mine, align 4
; AMDGPU: asyncpipe.prologue:
; AMDGPU-NEXT: fence syncscope("workgroup") release
; AMDGPU-NEXT: call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT: fence syncscope("workgroup") acquire
; AMDGPU-NEXT: %g.ahead3 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; AMDGPU-NEXT: call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead3,

; NVPTX-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'smem.cuda_syncthreads' x3{{$}}
; NVPTX-REMARK: remark: <unknown>:0:0: loop not pipelined: the call to 'llvm.nvvm.membar.gl' orders memory beyond the work group, so writes of other groups may become visible to a copy that now runs ahead of it; only work-group barriers and work-group or LDS-only fences can be pipelined across
; NVPTX-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'smem.cuda_written_before_loop' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
; NVPTX-NAME: Name: ReadAheadWideFence
; NVPTX-NAME-NEXT: Function: cuda_threadfence

; NVPTX-LABEL: define ptx_kernel void @cuda_syncthreads(
; NVPTX: call void @llvm.nvvm.cp.async.wait.group(i32 2)
; NVPTX-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX: fence syncscope("block") acq_rel
; NVPTX-NEXT: call void @llvm.nvvm.membar.cta()
; NVPTX-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-LABEL: define ptx_kernel void @cuda_written_before_loop(
; NVPTX: store i32 7, ptr addrspace(1) %w, align 4
; NVPTX-NEXT: %0 = add i32 %n, -1
; NVPTX-NEXT: %asyncpipe.last = zext i32 %0 to i64
; NVPTX-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT: %g.ahead3 = getelementptr i32, ptr addrspace(1) %src, i32 %tid
; NVPTX-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g.ahead3)

; HOST-REMARK: remark: <unknown>:0:0: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'buf' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
; HOST-LABEL: define void @host_barrier(
; HOST: asyncpipe.prologue:
; HOST-NEXT: call void @__asyncpipe_rt_barrier()
; HOST-NEXT: call void @asyncpipe.copy(ptr @buf, ptr %a, i32 64, i32 0)
; HOST-NEXT: call void @asyncpipe.mark()

; CHECKED-REMARK: remark: <unknown>:0:0: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'buf.checked' x2; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
; CHECKED-LABEL: define i32 @store_checked(
; CHECKED-NEXT: entry:
; CHECKED-NEXT: %0 = ptrtoint ptr %c to i64
; CHECKED-NEXT: %1 = add i64 %0, 0
; CHECKED-NEXT: %2 = ptrtoint ptr %c to i64
; CHECKED-NEXT: %3 = shl i64 %n, 2
; CHECKED-NEXT: %4 = add i64 %2, %3
; CHECKED-NEXT: %5 = ptrtoint ptr %a to i64
; CHECKED-NEXT: %6 = add i64 %5, 0
; CHECKED-NEXT: %7 = ptrtoint ptr %a to i64
; CHECKED-NEXT: %8 = add i64 %7, %3
; CHECKED-NEXT: %9 = icmp ule i64 %4, %6
; CHECKED-NEXT: %10 = icmp ule i64 %8, %1
; CHECKED-NEXT: %11 = or i1 %9, %10
; CHECKED-NEXT: %asyncpipe.nooverlap = and i1 true, %11
; CHECKED-NEXT: br i1 %asyncpipe.nooverlap, label %asyncpipe.nooverlap.ph, label %asyncpipe.nooverlap.ph.overlap
; CHECKED: loop.overlap:
; CHECKED: call void @asyncpipe.wait(i32 0)
; CHECKED: br i1 %done.overlap, label %exit, label %loop.overlap, !llvm.loop [[FALLBACK:![0-9]+]]
; CHECKED: asyncpipe.prologue:
; CHECKED: loop:
; CHECKED: call void @asyncpipe.wait(i32 1)
; CHECKED: br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[PIPELINED:![0-9]+]]
; CHECKED: loop.epi1:
; CHECKED-SAME: preds = %asyncpipe.epilogue, %asyncpipe.short1
; CHECKED-NEXT: %i.epi1 = phi i64 [ %i.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; CHECKED-NEXT: %acc.epi1 = phi i32 [ %acc.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; CHECKED-NEXT: %asyncpipe.mod2.epi1 = phi i32 [ %asyncpipe.mod2.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; CHECKED: call void @asyncpipe.wait(i32 0)
; CHECKED: asyncpipe.short1:
; CHECKED-NEXT: call void @asyncpipe.copy(ptr @buf.checked.pipelined, ptr %a, i32 4, i32 0)
; CHECKED-NEXT: call void @asyncpipe.mark()
; CHECKED-NEXT: br label %loop.epi1
; CHECKED: exit:
; CHECKED-NEXT: %acc.next.lcssa = phi i32 [ %acc.next.overlap, %loop.overlap ], [ %acc.next.epi1, %loop.epi1 ]
; The two versions get loop IDs of their own (makeFollowupLoopID): the
; loop's properties but the pipeliner's, its request marked done, and what
; asyncpipe.pipeline.followup_all and followup_fallback (the unpipelined
; version) or followup_pipelined add.
; CHECKED-LABEL: define i32 @store_checked_followup(
; CHECKED: br i1 %done.overlap, label %exit, label %loop.overlap, !llvm.loop [[FOLLOWFALLBACK:![0-9]+]]
; CHECKED: br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[FOLLOWPIPELINED:![0-9]+]]
; CHECKED: [[FALLBACK]] = distinct !{[[FALLBACK]], [[KEY:![0-9]+]]}
; CHECKED-NEXT: [[KEY]] = !{!"asyncpipe.pipeline.done"}
; CHECKED-NEXT: [[PIPELINED]] = distinct !{[[PIPELINED]], [[KEY]]}
; CHECKED-NEXT: [[FOLLOWFALLBACK]] = distinct !{[[FOLLOWFALLBACK]], [[MP:![0-9]+]], [[NOVEC:![0-9]+]], [[UNROLL:![0-9]+]], [[KEY]]}
; CHECKED-NEXT: [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECKED-NEXT: [[NOVEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECKED-NEXT: [[UNROLL]] = !{!"llvm.loop.unroll.count", i32 4}
; CHECKED-NEXT: [[FOLLOWPIPELINED]] = distinct !{[[FOLLOWPIPELINED]], [[MP]], [[NOVEC]], [[KEY]]}

;--- amdgpu.ll
@lds.hip_syncthreads = internal addrspace(3) global [256 x float] undef, align 16
@lds.lds_only_fence = internal addrspace(3) global [256 x float] undef, align 16
@lds.wavefront_fence = internal addrspace(3) global [256 x float] undef, align 16
@lds.opencl_barrier = internal addrspace(3) global [256 x float] undef, align 16
@lds.opencl_work_group_barrier = internal addrspace(3) global [256 x float] undef, align 16
@lds.agent_fence = internal addrspace(3) global [256 x float] undef, align 16
@lds.lds_and_global_fence = internal addrspace(3) global [256 x float] undef, align 16
@lds.opencl_device_barrier = internal addrspace(3) global [256 x float] undef, align 16
@lds.written_before_loop = internal addrspace(3) global [256 x float] undef, align 16
@lds.store_may_alias = internal addrspace(3) global [256 x float] undef, align 16

define amdgpu_kernel void @hip_syncthreads(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.hip_syncthreads, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.hip_syncthreads, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @lds_only_fence(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.lds_only_fence, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.lds_only_fence, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence release, !mmra !2
  call void @llvm.amdgcn.s.barrier()
  fence acquire, !mmra !2
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  fence release, !mmra !2
  call void @llvm.amdgcn.s.barrier()
  fence acquire, !mmra !2
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @wavefront_fence(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.wavefront_fence, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.wavefront_fence, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence syncscope("wavefront-one-as") acq_rel
  call void @llvm.amdgcn.s.barrier()
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  fence syncscope("wavefront-one-as") acq_rel
  call void @llvm.amdgcn.s.barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @opencl_barrier(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.opencl_barrier, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.opencl_barrier, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @_Z7barrierj(i32 1)
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  call void @_Z7barrierj(i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @opencl_work_group_barrier(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.opencl_work_group_barrier, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.opencl_work_group_barrier, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @_Z18work_group_barrierj12memory_scope(i32 3, i32 1)
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  call void @_Z18work_group_barrierj12memory_scope(i32 3, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @agent_fence(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.agent_fence, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.agent_fence, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence syncscope("agent") acquire
  call void @llvm.amdgcn.s.barrier()
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  fence syncscope("agent") acquire
  call void @llvm.amdgcn.s.barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @lds_and_global_fence(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.lds_and_global_fence, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.lds_and_global_fence, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  fence release, !mmra !3
  call void @llvm.amdgcn.s.barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @opencl_device_barrier(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.opencl_device_barrier, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.opencl_device_barrier, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @_Z18work_group_barrierj12memory_scope(i32 2, i32 2)
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  call void @_Z18work_group_barrierj12memory_scope(i32 2, i32 2)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @written_before_loop(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.written_before_loop, i32 %rev
  %mine = getelementptr float, ptr addrspace(1) %src, i32 %tid
  store float 1.0, ptr addrspace(1) %mine
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.written_before_loop, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @store_may_alias(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds.store_may_alias, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %0, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds.store_may_alias, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  %out = getelementptr float, ptr addrspace(1) %1, i32 %gidx
  store float %v, ptr addrspace(1) %out
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.s.barrier()
declare void @_Z7barrierj(i32) convergent
declare void @_Z18work_group_barrierj12memory_scope(i32, i32) convergent
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}
!2 = !{!"amdgpu-as", !"local"}
!3 = !{!{!"amdgpu-as", !"local"}, !{!"amdgpu-as", !"global"}}

;--- nvptx.ll
@smem.cuda_syncthreads = internal addrspace(3) global [128 x i32] undef, align 16
@smem.cuda_threadfence = internal addrspace(3) global [128 x i32] undef, align 16
@smem.cuda_written_before_loop = internal addrspace(3) global [128 x i32] undef, align 16

define ptx_kernel void @cuda_syncthreads(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr i32, ptr addrspace(3) @smem.cuda_syncthreads, i32 %tid
  %rev = sub i32 127, %tid
  %other = getelementptr i32, ptr addrspace(3) @smem.cuda_syncthreads, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 128
  %gidx = add i32 %tile, %tid
  %g = getelementptr i32, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %v = load i32, ptr addrspace(3) %other
  %acc.next = add i32 %acc, %v
  fence syncscope("block") acq_rel
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store i32 %acc.next, ptr addrspace(1) %dst
  ret void
}

define ptx_kernel void @cuda_threadfence(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr i32, ptr addrspace(3) @smem.cuda_threadfence, i32 %tid
  %rev = sub i32 127, %tid
  %other = getelementptr i32, ptr addrspace(3) @smem.cuda_threadfence, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 128
  %gidx = add i32 %tile, %tid
  %g = getelementptr i32, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %v = load i32, ptr addrspace(3) %other
  %acc.next = add i32 %acc, %v
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store i32 %acc.next, ptr addrspace(1) %dst
  ret void
}

define ptx_kernel void @cuda_written_before_loop(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr i32, ptr addrspace(3) @smem.cuda_written_before_loop, i32 %tid
  %rev = sub i32 127, %tid
  %other = getelementptr i32, ptr addrspace(3) @smem.cuda_written_before_loop, i32 %rev
  %w = getelementptr i32, ptr addrspace(1) %src, i32 %tid
  store i32 7, ptr addrspace(1) %w
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 128
  %gidx = add i32 %tile, %tid
  %g = getelementptr i32, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %v = load i32, ptr addrspace(3) %other
  %acc.next = add i32 %acc, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store i32 %acc.next, ptr addrspace(1) %dst
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.all()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}

;--- host.ll
@buf = internal global [16 x i32] zeroinitializer

define void @host_barrier(ptr noalias %a, ptr noalias %c, i64 %n) {
entry:
  store i32 5, ptr %a
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %off = mul i64 %i, 16
  %src = getelementptr i32, ptr %a, i64 %off
  call void @asyncpipe.copy(ptr @buf, ptr %src, i32 64, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @__asyncpipe_rt_barrier()
  %v = load i32, ptr @buf
  %acc.next = add i32 %acc, %v
  call void @__asyncpipe_rt_barrier()
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store i32 %acc.next, ptr %c
  ret void
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @__asyncpipe_rt_barrier()
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}

;--- checked.ll
@buf.checked = internal global [16 x i32] zeroinitializer

define i32 @store_checked(ptr %a, ptr %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.checked, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.checked
  %dst = getelementptr i32, ptr %c, i64 %i
  store i32 %v, ptr %dst
  %acc.next = add i32 %acc, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret i32 %acc.next
}

define i32 @store_checked_followup(ptr %a, ptr %c, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %src = getelementptr i32, ptr %a, i64 %i
  call void @asyncpipe.copy(ptr @buf.checked, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr @buf.checked
  %dst = getelementptr i32, ptr %c, i64 %i
  store i32 %v, ptr %dst
  %acc.next = add i32 %acc, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret i32 %acc.next
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}
!2 = distinct !{!2, !3, !1, !4, !5}
!3 = !{!"llvm.loop.mustprogress"}
!4 = !{!"asyncpipe.pipeline.followup_all", !6}
!5 = !{!"asyncpipe.pipeline.followup_fallback", !7}
!6 = !{!"llvm.loop.vectorize.enable", i1 false}
!7 = !{!"llvm.loop.unroll.count", i32 4}
