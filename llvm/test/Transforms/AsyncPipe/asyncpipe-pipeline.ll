; asyncpipe-pipeline on synchronous-form loops in each IR spelling: the
; AMDGPU async intrinsics, NVPTX cp.async and the portable calls on the host.
; Each shared buffer grows to one version per stage, the copies of the next
; S-1 iterations are issued ahead (the prologue issues the first ones), and
; the wait allows exactly S-1 groups in flight. Two drains: with an epilogue
; (the default on AMDGPU and the host; trip counts >= S take an unguarded
; prologue and a loop whose copies are unconditional, the last S-1 iterations
; are unrolled with decreasing waits, and a trip count n < S, chosen by a
; switch in the preheader, takes a partial prologue and joins the epilogue
; for its last n copies) or with empty groups (the default on
; NVPTX; every iteration runs in the loop, copies guarded by "that iteration
; exists", every mark unconditional, one count per wait).
; RUN: split-file %s %t
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-pipeline -S %t/amdgpu.ll \
; RUN:   -verify-loop-info -verify-dom-info \
; RUN:   -pass-remarks=asyncpipe-pipeline 2>%t/amdgpu.remarks | FileCheck %s --check-prefix=AMDGPU
; RUN: FileCheck %s --check-prefix=AMDGPU-REMARK < %t/amdgpu.remarks
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-pipeline -S %t/amdgpu.ll \
; RUN:   -asyncpipe-pipeline-drain=empty-groups | FileCheck %s --check-prefix=AMDGPU-GROUPS
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S %t/nvptx.ll \
; RUN:   -pass-remarks=asyncpipe-pipeline 2>%t/nvptx.remarks | FileCheck %s --check-prefix=NVPTX
; RUN: FileCheck %s --check-prefix=NVPTX-REMARK < %t/nvptx.remarks
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S %t/nvptx.ll \
; RUN:   -asyncpipe-pipeline-drain=target | FileCheck %s --check-prefix=NVPTX
; The option applies a stage count to every eligible loop, annotated or not.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline \
; RUN:   -asyncpipe-pipeline-stages=2 -S %t/portable.ll | FileCheck %s --check-prefix=HOST
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='asyncpipe-pipeline<stages=4>' \
; RUN:   -verify-loop-info -verify-dom-info -S %t/portable.ll | FileCheck %s --check-prefix=PARAM
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu \
; RUN:   -passes='asyncpipe-pipeline<stages=4;drain=empty-groups>' \
; RUN:   -S %t/portable.ll | FileCheck %s --check-prefix=PARAM-GROUPS
; The pass parameter wins over the option.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -asyncpipe-pipeline-drain=empty-groups \
; RUN:   -passes='asyncpipe-pipeline<stages=4;drain=epilogue>' \
; RUN:   -S %t/portable.ll | FileCheck %s --check-prefix=PARAM
; RUN: not %opt -passes='asyncpipe-pipeline<stages=x>' -disable-output %t/portable.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD-PARAM
; RUN: not %opt -passes='asyncpipe-pipeline<drain=never>' -disable-output %t/portable.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD-DRAIN
; Testing only: -asyncpipe-pipeline-miscount-for-testing=K adds K to every
; count the pipeliner sets (a deliberately wrong pipelining, which the
; differential harness must catch: clang/test/Pipeliner/differential-sync-loops.test).
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline \
; RUN:   -asyncpipe-pipeline-stages=2 -asyncpipe-pipeline-miscount-for-testing=1 \
; RUN:   -asyncpipe-pipeline-drain=empty-groups \
; RUN:   -S %t/portable.ll | FileCheck %s --check-prefix=MISCOUNT
; A pointer induction variable is evaluated for the iteration ahead.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-pipeline -S \
; RUN:   %t/pointer-iv.ll | FileCheck %s --check-prefix=PTRIV
; Inner loops without async operations are consumer code like any other.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S \
; RUN:   -verify-loop-info -verify-dom-info %t/nested.ll | FileCheck %s --check-prefix=NESTED
; The epilogue and the short trip counts' paths repeat the inner loop, each
; copy a loop of its own in LoopInfo (-verify-loop-info compares it with a
; fresh analysis), and the value the loop leaves goes through every copy.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-pipeline -S \
; RUN:   -verify-loop-info -verify-dom-info \
; RUN:   -asyncpipe-pipeline-drain=epilogue %t/nested.ll | FileCheck %s --check-prefix=NESTED-EPI
; The default pipelines run it (at VectorizerStart, before asyncpipe-lower).
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O2>' \
; RUN:   -asyncpipe-pipeline-stages=3 -disable-output %t/portable.ll \
; RUN:   -pass-remarks=asyncpipe-pipeline 2>&1 | FileCheck %s --check-prefix=O2
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O1>' \
; RUN:   -asyncpipe-pipeline-stages=3 -disable-output %t/portable.ll \
; RUN:   -pass-remarks=asyncpipe-pipeline 2>&1 | FileCheck %s --check-prefix=O2

; On AMDGPU, three stages; the trailing barrier already keeps refills away from
; versions still being read, so no barrier is added.
; AMDGPU: @lds = internal addrspace(3) global [3 x [256 x float]] undef, align 16
; AMDGPU-LABEL: define amdgpu_kernel void @amdgpu_form(
; AMDGPU:       entry:
; AMDGPU-NEXT:    %tid = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:    %rev = sub i32 255, %tid
; AMDGPU-NEXT:    %other = getelementptr float, ptr addrspace(3) @lds, i32 %rev
; AMDGPU-NEXT:    [[T0:%.*]] = add i32 %n, -1
; AMDGPU-NEXT:    %asyncpipe.last = zext i32 [[T0]] to i64
; AMDGPU-NEXT:    %asyncpipe.steady.last = sub i64 %asyncpipe.last, 2
; AMDGPU-NEXT:    switch i64 %asyncpipe.last, label %asyncpipe.prologue [
; AMDGPU-NEXT:    i64 0, label %asyncpipe.short1
; AMDGPU-NEXT:    i64 1, label %asyncpipe.short2
; AMDGPU-NEXT:    ]
; AMDGPU:       asyncpipe.prologue:
; AMDGPU-NEXT:    %g.ahead3 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead3, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    %gidx.ahead4 = add i32 256, %tid
; AMDGPU-NEXT:    %g.ahead5 = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead4
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead5, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    br label %loop
; AMDGPU:       loop:
; AMDGPU-NEXT:    %i = phi i32 [ 0, %asyncpipe.prologue ], [ %i.next, %loop ]
; AMDGPU-NEXT:    %acc = phi float [ 0.000000e+00, %asyncpipe.prologue ], [ %acc.next, %loop ]
; AMDGPU-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; AMDGPU-NEXT:    %asyncpipe.mod3 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod3.next, %loop ]
; AMDGPU-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod3, 1024
; AMDGPU-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 2
; AMDGPU-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod3, 2
; AMDGPU-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 3
; AMDGPU-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 3
; AMDGPU-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; AMDGPU-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 1024
; AMDGPU-NEXT:    %tile = mul i32 %i, 256
; AMDGPU-NEXT:    %gidx = add i32 %tile, %tid
; AMDGPU-NEXT:    %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
; AMDGPU-NEXT:    [[T4:%.*]] = trunc i64 %asyncpipe.iter.ahead to i32
; AMDGPU-NEXT:    %tile.ahead = mul i32 [[T4]], 256
; AMDGPU-NEXT:    %gidx.ahead = add i32 %tile.ahead, %tid
; AMDGPU-NEXT:    %g.ahead = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead
; AMDGPU-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr addrspace(3) @lds, i32 %asyncpipe.offset1
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead, ptr addrspace(3) %asyncpipe.version.ptr2, i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 2)
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %other, i32 %asyncpipe.offset
; AMDGPU-NEXT:    %v = load float, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; AMDGPU-NEXT:    %acc.next = fadd float %acc, %v
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    %i.next = add i32 %i, 1
; AMDGPU-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; AMDGPU-NEXT:    [[T5:%.*]] = add i32 %asyncpipe.mod3, 1
; AMDGPU-NEXT:    [[T6:%.*]] = icmp eq i32 [[T5]], 3
; AMDGPU-NEXT:    %asyncpipe.mod3.next = select i1 [[T6]], i32 0, i32 [[T5]]
; AMDGPU-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; AMDGPU-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPAMDGPUFORM:![0-9]+]]
; AMDGPU:       asyncpipe.epilogue:
; AMDGPU-NEXT:    br label %loop.epi1
; AMDGPU:       loop.epi1:
; AMDGPU-NEXT:    %acc.epi1 = phi float [ %acc.next, %asyncpipe.epilogue ], [ 0.000000e+00, %asyncpipe.short2 ]
; AMDGPU-NEXT:    %asyncpipe.mod3.epi1 = phi i32 [ %asyncpipe.mod3.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short2 ]
; AMDGPU-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod3.epi1, 1024
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr addrspace(3) %other, i32 %asyncpipe.offset.epi1
; AMDGPU-NEXT:    %v.epi1 = load float, ptr addrspace(3) %asyncpipe.version.ptr.epi1, align 4
; AMDGPU-NEXT:    %acc.next.epi1 = fadd float %acc.epi1, %v.epi1
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    [[T7:%.*]] = add i32 %asyncpipe.mod3.epi1, 1
; AMDGPU-NEXT:    [[T8:%.*]] = icmp eq i32 [[T7]], 3
; AMDGPU-NEXT:    %asyncpipe.mod3.next.epi1 = select i1 [[T8]], i32 0, i32 [[T7]]
; AMDGPU-NEXT:    br label %loop.epi2
; AMDGPU:       loop.epi2:
; AMDGPU-NEXT:    %acc.epi2 = phi float [ %acc.next.epi1, %loop.epi1 ], [ 0.000000e+00, %asyncpipe.short1 ]
; AMDGPU-NEXT:    %asyncpipe.mod3.epi2 = phi i32 [ %asyncpipe.mod3.next.epi1, %loop.epi1 ], [ 0, %asyncpipe.short1 ]
; AMDGPU-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod3.epi2, 1024
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr addrspace(3) %other, i32 %asyncpipe.offset.epi2
; AMDGPU-NEXT:    %v.epi2 = load float, ptr addrspace(3) %asyncpipe.version.ptr.epi2, align 4
; AMDGPU-NEXT:    %acc.next.epi2 = fadd float %acc.epi2, %v.epi2
; AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:    br label %exit
; AMDGPU:       asyncpipe.short1:
; AMDGPU-NEXT:    %g.ahead6 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead6, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    br label %loop.epi2
; AMDGPU:       asyncpipe.short2:
; AMDGPU-NEXT:    %g.ahead7 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead7, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    %gidx.ahead8 = add i32 256, %tid
; AMDGPU-NEXT:    %g.ahead9 = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead8
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead9, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    br label %loop.epi1
; AMDGPU:       exit:
; AMDGPU-NEXT:    store float %acc.next.epi2, ptr addrspace(1) %dst, align 4
; AMDGPU-NEXT:    ret void
; AMDGPU:       }

; Trip counts 1 and 2 take no loop: each has a partial prologue (the groups
; of its iterations) and joins the epilogue at its last copies, so their
; first copies still overlap. The only loop left is the pipelined one, marked
; as done.
; AMDGPU: [[LOOPAMDGPUFORM]] = distinct !{[[LOOPAMDGPUFORM]], [[DONE:![0-9]+]]}
; AMDGPU: [[DONE]] = !{!"asyncpipe.pipeline.done"}
; AMDGPU-NOT: distinct

; With empty groups, every iteration runs in the loop.
; AMDGPU-GROUPS: @lds = internal addrspace(3) global [3 x [256 x float]] undef, align 16
; AMDGPU-GROUPS-LABEL: define amdgpu_kernel void @amdgpu_form(
; AMDGPU-GROUPS:       entry:
; AMDGPU-GROUPS-NEXT:    %tid = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-GROUPS-NEXT:    %rev = sub i32 255, %tid
; AMDGPU-GROUPS-NEXT:    %other = getelementptr float, ptr addrspace(3) @lds, i32 %rev
; AMDGPU-GROUPS-NEXT:    [[TMP0:%.*]] = add i32 %n, -1
; AMDGPU-GROUPS-NEXT:    %asyncpipe.last = zext i32 [[TMP0]] to i64
; AMDGPU-GROUPS-NEXT:    %g.ahead3 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead3, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-GROUPS-NEXT:    %asyncpipe.iter.exists4 = icmp ule i64 1, %asyncpipe.last
; AMDGPU-GROUPS-NEXT:    br i1 %asyncpipe.iter.exists4, label %asyncpipe.issue5, label %asyncpipe.issued6
; AMDGPU-GROUPS:       asyncpipe.issue5:
; AMDGPU-GROUPS-NEXT:    %gidx.ahead7 = add i32 256, %tid
; AMDGPU-GROUPS-NEXT:    %g.ahead8 = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead7
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
; AMDGPU-GROUPS-NEXT:    br label %asyncpipe.issued6
; AMDGPU-GROUPS:       asyncpipe.issued6:
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-GROUPS-NEXT:    br label %loop
; AMDGPU-GROUPS:       loop:
; AMDGPU-GROUPS-NEXT:    %i = phi i32 [ 0, %asyncpipe.issued6 ], [ %i.next, %asyncpipe.issued ]
; AMDGPU-GROUPS-NEXT:    %acc = phi float [ 0.000000e+00, %asyncpipe.issued6 ], [ %acc.next, %asyncpipe.issued ]
; AMDGPU-GROUPS-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.issued6 ], [ %asyncpipe.iter.next, %asyncpipe.issued ]
; AMDGPU-GROUPS-NEXT:    %asyncpipe.mod3 = phi i32 [ 0, %asyncpipe.issued6 ], [ %asyncpipe.mod3.next, %asyncpipe.issued ]
; AMDGPU-GROUPS-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod3, 1024
; AMDGPU-GROUPS-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 2
; AMDGPU-GROUPS-NEXT:    [[TMP1:%.*]] = add i32 %asyncpipe.mod3, 2
; AMDGPU-GROUPS-NEXT:    [[TMP2:%.*]] = sub i32 [[TMP1]], 3
; AMDGPU-GROUPS-NEXT:    [[TMP3:%.*]] = icmp uge i32 [[TMP1]], 3
; AMDGPU-GROUPS-NEXT:    %asyncpipe.ahead = select i1 [[TMP3]], i32 [[TMP2]], i32 [[TMP1]]
; AMDGPU-GROUPS-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 1024
; AMDGPU-GROUPS-NEXT:    %tile = mul i32 %i, 256
; AMDGPU-GROUPS-NEXT:    %gidx = add i32 %tile, %tid
; AMDGPU-GROUPS-NEXT:    %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
; AMDGPU-GROUPS-NEXT:    %asyncpipe.iter.exists = icmp ule i64 %asyncpipe.iter.ahead, %asyncpipe.last
; AMDGPU-GROUPS-NEXT:    br i1 %asyncpipe.iter.exists, label %asyncpipe.issue, label %asyncpipe.issued
; AMDGPU-GROUPS:       asyncpipe.issue:
; AMDGPU-GROUPS-NEXT:    [[TMP4:%.*]] = trunc i64 %asyncpipe.iter.ahead to i32
; AMDGPU-GROUPS-NEXT:    %tile.ahead = mul i32 [[TMP4]], 256
; AMDGPU-GROUPS-NEXT:    %gidx.ahead = add i32 %tile.ahead, %tid
; AMDGPU-GROUPS-NEXT:    %g.ahead = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead
; AMDGPU-GROUPS-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr addrspace(3) @lds, i32 %asyncpipe.offset1
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g.ahead, ptr addrspace(3) %asyncpipe.version.ptr2, i32 4, i32 0, i32 0)
; AMDGPU-GROUPS-NEXT:    br label %asyncpipe.issued
; AMDGPU-GROUPS:       asyncpipe.issued:
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 2)
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-GROUPS-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %other, i32 %asyncpipe.offset
; AMDGPU-GROUPS-NEXT:    %v = load float, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; AMDGPU-GROUPS-NEXT:    %acc.next = fadd float %acc, %v
; AMDGPU-GROUPS-NEXT:    call void @llvm.amdgcn.s.barrier()
; AMDGPU-GROUPS-NEXT:    %i.next = add i32 %i, 1
; AMDGPU-GROUPS-NEXT:    %done = icmp eq i32 %i.next, %n
; AMDGPU-GROUPS-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; AMDGPU-GROUPS-NEXT:    [[TMP5:%.*]] = add i32 %asyncpipe.mod3, 1
; AMDGPU-GROUPS-NEXT:    [[TMP6:%.*]] = icmp eq i32 [[TMP5]], 3
; AMDGPU-GROUPS-NEXT:    %asyncpipe.mod3.next = select i1 [[TMP6]], i32 0, i32 [[TMP5]]
; AMDGPU-GROUPS-NEXT:    br i1 %done, label %exit, label %loop, !llvm.loop [[LOOPAMDGPU:![0-9]+]]
; AMDGPU-GROUPS:       exit:
; AMDGPU-GROUPS-NEXT:    store float %acc.next, ptr addrspace(1) %dst, align 4
; AMDGPU-GROUPS-NEXT:    ret void
; AMDGPU-GROUPS:       }

; AMDGPU-GROUPS: [[LOOPAMDGPU]] = distinct !{[[LOOPAMDGPU]], [[DONE:![0-9]+]]}
; AMDGPU-GROUPS: [[DONE]] = !{!"asyncpipe.pipeline.done"}
; AMDGPU-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'lds' x3{{$}}

; On NVPTX, a guarded loop (trip count n > 0), the wait-all spelling (rewritten
; to wait.group(1)), and a barrier only before the reads: a barrier is added
; at the top of the body so that no thread refills the version another thread
; read in the previous iteration.
; NVPTX: @smem = internal addrspace(3) global [2 x [128 x i32]] undef, align 16
; NVPTX-LABEL: define ptx_kernel void @nvptx_form(
; NVPTX:       entry:
; NVPTX-NEXT:    %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:    %mine = getelementptr i32, ptr addrspace(3) @smem, i32 %tid
; NVPTX-NEXT:    %rev = sub i32 127, %tid
; NVPTX-NEXT:    %other = getelementptr i32, ptr addrspace(3) @smem, i32 %rev
; NVPTX-NEXT:    %has.work = icmp sgt i32 %n, 0
; NVPTX-NEXT:    br i1 %has.work, label %loop.preheader, label %exit
; NVPTX:       loop.preheader:
; NVPTX-NEXT:    [[TMP0:%.*]] = add i32 %n, -1
; NVPTX-NEXT:    %asyncpipe.last = zext i32 [[TMP0]] to i64
; NVPTX-NEXT:    %g.ahead3 = getelementptr i32, ptr addrspace(1) %src, i32 %tid
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g.ahead3)
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NVPTX-NEXT:    br label %loop
; NVPTX:       loop:
; NVPTX-NEXT:    %i = phi i32 [ %i.next, %asyncpipe.issued ], [ 0, %loop.preheader ]
; NVPTX-NEXT:    %asyncpipe.iter = phi i64 [ 0, %loop.preheader ], [ %asyncpipe.iter.next, %asyncpipe.issued ]
; NVPTX-NEXT:    %asyncpipe.mod2 = phi i32 [ 0, %loop.preheader ], [ %asyncpipe.mod2.next, %asyncpipe.issued ]
; NVPTX-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod2, 512
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 1
; NVPTX-NEXT:    [[TMP1:%.*]] = add i32 %asyncpipe.mod2, 1
; NVPTX-NEXT:    [[TMP2:%.*]] = sub i32 [[TMP1]], 2
; NVPTX-NEXT:    [[TMP3:%.*]] = icmp uge i32 [[TMP1]], 2
; NVPTX-NEXT:    %asyncpipe.ahead = select i1 [[TMP3]], i32 [[TMP2]], i32 [[TMP1]]
; NVPTX-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 512
; NVPTX-NEXT:    %tile = shl i32 %i, 7
; NVPTX-NEXT:    %gidx = add i32 %tile, %tid
; NVPTX-NEXT:    %g = getelementptr i32, ptr addrspace(1) %src, i32 %gidx
; NVPTX-NEXT:    %asyncpipe.iter.exists = icmp ule i64 %asyncpipe.iter.ahead, %asyncpipe.last
; NVPTX-NEXT:    br i1 %asyncpipe.iter.exists, label %asyncpipe.issue, label %asyncpipe.issued
; NVPTX:       asyncpipe.issue:
; NVPTX-NEXT:    [[TMP4:%.*]] = trunc i64 %asyncpipe.iter.ahead to i32
; NVPTX-NEXT:    %tile.ahead = shl i32 [[TMP4]], 7
; NVPTX-NEXT:    %gidx.ahead = add i32 %tile.ahead, %tid
; NVPTX-NEXT:    %g.ahead = getelementptr i32, ptr addrspace(1) %src, i32 %gidx.ahead
; NVPTX-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr addrspace(3) %mine, i32 %asyncpipe.offset1
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %asyncpipe.version.ptr2, ptr addrspace(1) %g.ahead)
; NVPTX-NEXT:    br label %asyncpipe.issued
; NVPTX:       asyncpipe.issued:
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %other, i32 %asyncpipe.offset
; NVPTX-NEXT:    %v = load i32, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; NVPTX-NEXT:    %out = getelementptr i32, ptr addrspace(1) %dst, i32 %gidx
; NVPTX-NEXT:    store i32 %v, ptr addrspace(1) %out, align 4
; NVPTX-NEXT:    %i.next = add i32 %i, 1
; NVPTX-NEXT:    %done = icmp eq i32 %i.next, %n
; NVPTX-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; NVPTX-NEXT:    [[TMP5:%.*]] = add i32 %asyncpipe.mod2, 1
; NVPTX-NEXT:    [[TMP6:%.*]] = icmp eq i32 [[TMP5]], 2
; NVPTX-NEXT:    %asyncpipe.mod2.next = select i1 [[TMP6]], i32 0, i32 [[TMP5]]
; NVPTX-NEXT:    br i1 %done, label %exit.loopexit, label %loop, !llvm.loop [[LOOPNVPTX:![0-9]+]]
; NVPTX:       exit.loopexit:
; NVPTX-NEXT:    br label %exit
; NVPTX:       exit:
; NVPTX-NEXT:    ret void
; NVPTX:       }

; NVPTX-REMARK: remark: <unknown>:0:0: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'smem' x2; added a barrier so that no work-item refills a buffer another still reads

; On the host, the portable calls, a zero-trip guard, two copies in one group, and
; a constant-expression address into the buffer.
; MISCOUNT-LABEL: define i64 @by_option(
; MISCOUNT:       asyncpipe.issued:
; MISCOUNT-NEXT:    call void @asyncpipe.mark()
; MISCOUNT-NEXT:    call void @asyncpipe.wait(i32 2)

; HOST: @tile = internal global [2 x [32 x i8]] zeroinitializer, align 16
; HOST-LABEL: define i64 @by_option(
; HOST:       entry:
; HOST-NEXT:    %empty = icmp eq i64 %n, 0
; HOST-NEXT:    br i1 %empty, label %exit, label %loop.preheader
; HOST:       loop.preheader:
; HOST-NEXT:    [[T0:%.*]] = add i64 %n, -1
; HOST-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 1
; HOST-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; HOST-NEXT:    i64 0, label %asyncpipe.short1
; HOST-NEXT:    ]
; HOST:       asyncpipe.prologue:
; HOST-NEXT:    call void @asyncpipe.copy(ptr @tile, ptr %src, i32 16, i32 1)
; HOST-NEXT:    %g.hi.ahead5 = getelementptr i8, ptr %src, i64 16
; HOST-NEXT:    call void @asyncpipe.copy(ptr getelementptr (i8, ptr @tile, i64 16), ptr %g.hi.ahead5, i32 16, i32 1)
; HOST-NEXT:    call void @asyncpipe.mark()
; HOST-NEXT:    br label %loop
; HOST:       loop:
; HOST-NEXT:    %i = phi i64 [ %i.next, %loop ], [ 0, %asyncpipe.prologue ]
; HOST-NEXT:    %acc = phi i64 [ %acc.next, %loop ], [ 0, %asyncpipe.prologue ]
; HOST-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; HOST-NEXT:    %asyncpipe.mod2 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod2.next, %loop ]
; HOST-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod2, 32
; HOST-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 1
; HOST-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod2, 1
; HOST-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 2
; HOST-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 2
; HOST-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; HOST-NEXT:    %asyncpipe.offset2 = mul i32 %asyncpipe.ahead, 32
; HOST-NEXT:    %off = shl i64 %i, 5
; HOST-NEXT:    %g = getelementptr i8, ptr %src, i64 %off
; HOST-NEXT:    %g.hi = getelementptr i8, ptr %g, i64 16
; HOST-NEXT:    %off.ahead = shl i64 %asyncpipe.iter.ahead, 5
; HOST-NEXT:    %g.ahead = getelementptr i8, ptr %src, i64 %off.ahead
; HOST-NEXT:    %asyncpipe.version.ptr3 = getelementptr i8, ptr @tile, i32 %asyncpipe.offset2
; HOST-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr3, ptr %g.ahead, i32 16, i32 1)
; HOST-NEXT:    %g.hi.ahead = getelementptr i8, ptr %g.ahead, i64 16
; HOST-NEXT:    %asyncpipe.version.ptr4 = getelementptr i8, ptr getelementptr (i8, ptr @tile, i64 16), i32 %asyncpipe.offset2
; HOST-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr4, ptr %g.hi.ahead, i32 16, i32 1)
; HOST-NEXT:    call void @asyncpipe.mark()
; HOST-NEXT:    call void @asyncpipe.wait(i32 1)
; HOST-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr @tile, i32 %asyncpipe.offset
; HOST-NEXT:    %lo = load i64, ptr %asyncpipe.version.ptr, align 8
; HOST-NEXT:    %asyncpipe.version.ptr1 = getelementptr i8, ptr getelementptr (i8, ptr @tile, i64 24), i32 %asyncpipe.offset
; HOST-NEXT:    %hi = load i64, ptr %asyncpipe.version.ptr1, align 8
; HOST-NEXT:    %x = xor i64 %lo, %hi
; HOST-NEXT:    %acc.next = add i64 %acc, %x
; HOST-NEXT:    %i.next = add nuw i64 %i, 1
; HOST-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; HOST-NEXT:    [[T4:%.*]] = add i32 %asyncpipe.mod2, 1
; HOST-NEXT:    [[T5:%.*]] = icmp eq i32 [[T4]], 2
; HOST-NEXT:    %asyncpipe.mod2.next = select i1 [[T5]], i32 0, i32 [[T4]]
; HOST-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; HOST-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPBYOPTION:![0-9]+]]
; HOST:       asyncpipe.epilogue:
; HOST-NEXT:    br label %loop.epi1
; HOST:       loop.epi1:
; HOST-NEXT:    %acc.epi1 = phi i64 [ %acc.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; HOST-NEXT:    %asyncpipe.mod2.epi1 = phi i32 [ %asyncpipe.mod2.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short1 ]
; HOST-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod2.epi1, 32
; HOST-NEXT:    call void @asyncpipe.wait(i32 0)
; HOST-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr @tile, i32 %asyncpipe.offset.epi1
; HOST-NEXT:    %lo.epi1 = load i64, ptr %asyncpipe.version.ptr.epi1, align 8
; HOST-NEXT:    %asyncpipe.version.ptr1.epi1 = getelementptr i8, ptr getelementptr (i8, ptr @tile, i64 24), i32 %asyncpipe.offset.epi1
; HOST-NEXT:    %hi.epi1 = load i64, ptr %asyncpipe.version.ptr1.epi1, align 8
; HOST-NEXT:    %x.epi1 = xor i64 %lo.epi1, %hi.epi1
; HOST-NEXT:    %acc.next.epi1 = add i64 %acc.epi1, %x.epi1
; HOST-NEXT:    br label %exit.loopexit
; HOST:       asyncpipe.short1:
; HOST-NEXT:    call void @asyncpipe.copy(ptr @tile, ptr %src, i32 16, i32 1)
; HOST-NEXT:    %g.hi.ahead6 = getelementptr i8, ptr %src, i64 16
; HOST-NEXT:    call void @asyncpipe.copy(ptr getelementptr (i8, ptr @tile, i64 16), ptr %g.hi.ahead6, i32 16, i32 1)
; HOST-NEXT:    call void @asyncpipe.mark()
; HOST-NEXT:    br label %loop.epi1
; HOST:       exit.loopexit:
; HOST-NEXT:    br label %exit
; HOST:       exit:
; HOST-NEXT:    %r = phi i64 [ 0, %entry ], [ %acc.next.epi1, %exit.loopexit ]
; HOST-NEXT:    ret i64 %r
; HOST:       }


; PARAM: @tile = internal global [4 x [32 x i8]] zeroinitializer, align 16
; PARAM: call void @asyncpipe.wait(i32 3)
; Trip count n = 1, 2, 3 runs the groups of iterations 0 .. n-1, then joins
; the epilogue at its n-th last copy (whose header phis merge the values on
; entry to the loop), which waits for each group in turn with the same counts.
; PARAM: loop.epi1:
; PARAM-SAME: preds = %asyncpipe.epilogue, %asyncpipe.short3
; PARAM: call void @asyncpipe.wait(i32 2)
; PARAM: loop.epi2:
; PARAM-SAME: preds = %loop.epi1, %asyncpipe.short2
; PARAM: call void @asyncpipe.wait(i32 1)
; PARAM: loop.epi3:
; PARAM-SAME: preds = %loop.epi2, %asyncpipe.short1
; PARAM: call void @asyncpipe.wait(i32 0)
; PARAM: asyncpipe.short1:
; PARAM-COUNT-2: call void @asyncpipe.copy(
; PARAM-NEXT: call void @asyncpipe.mark()
; PARAM-NEXT: br label %loop.epi3
; PARAM: asyncpipe.short2:
; PARAM-COUNT-2: call void @asyncpipe.copy(
; PARAM-NEXT: call void @asyncpipe.mark()
; PARAM-COUNT-2: call void @asyncpipe.copy(
; PARAM-NEXT: call void @asyncpipe.mark()
; PARAM-NEXT: br label %loop.epi2
; PARAM: asyncpipe.short3:
; PARAM-COUNT-2: call void @asyncpipe.copy(
; PARAM-NEXT: call void @asyncpipe.mark()
; PARAM-COUNT-2: call void @asyncpipe.copy(
; PARAM-NEXT: call void @asyncpipe.mark()
; PARAM-COUNT-2: call void @asyncpipe.copy(
; PARAM-NEXT: call void @asyncpipe.mark()
; PARAM-NEXT: br label %loop.epi1
; PARAM: exit.loopexit:
; PARAM-GROUPS: @tile = internal global [4 x [32 x i8]] zeroinitializer, align 16
; PARAM-GROUPS: loop:
; PARAM-GROUPS: asyncpipe.issue:
; PARAM-GROUPS: asyncpipe.issued:
; PARAM-GROUPS-NEXT: call void @asyncpipe.mark()
; PARAM-GROUPS-NEXT: call void @asyncpipe.wait(i32 3)
; PARAM-GROUPS-NOT: @asyncpipe.wait
; PARAM-GROUPS: exit.loopexit:
; BAD-PARAM: invalid asyncpipe-pipeline parameter 'stages=x' (expected stages=N with N from 1 to 16, or drain=epilogue|empty-groups)
; BAD-DRAIN: invalid asyncpipe-pipeline parameter 'drain=never' (expected stages=N with N from 1 to 16, or drain=epilogue|empty-groups)
; O2: remark: <unknown>:0:0: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile' x3

; PTRIV: @buf = internal global [3 x [4 x i32]] undef
; PTRIV-LABEL: define i32 @ptr_iv(
; PTRIV:       entry:
; PTRIV-NEXT:    [[T0:%.*]] = add i64 %n, -1
; PTRIV-NEXT:    %asyncpipe.steady.last = sub i64 [[T0]], 2
; PTRIV-NEXT:    switch i64 [[T0]], label %asyncpipe.prologue [
; PTRIV-NEXT:    i64 0, label %asyncpipe.short1
; PTRIV-NEXT:    i64 1, label %asyncpipe.short2
; PTRIV-NEXT:    ]
; PTRIV:       asyncpipe.prologue:
; PTRIV-NEXT:    call void @asyncpipe.copy(ptr @buf, ptr %a, i32 16, i32 0)
; PTRIV-NEXT:    call void @asyncpipe.mark()
; PTRIV-NEXT:    %p.at3 = getelementptr i8, ptr %a, i64 24
; PTRIV-NEXT:    call void @asyncpipe.copy(ptr getelementptr (i8, ptr @buf, i32 16), ptr %p.at3, i32 16, i32 0)
; PTRIV-NEXT:    call void @asyncpipe.mark()
; PTRIV-NEXT:    br label %loop
; PTRIV:       loop:
; PTRIV-NEXT:    %p = phi ptr [ %a, %asyncpipe.prologue ], [ %p.next, %loop ]
; PTRIV-NEXT:    %i = phi i64 [ 0, %asyncpipe.prologue ], [ %i.next, %loop ]
; PTRIV-NEXT:    %acc = phi i32 [ 0, %asyncpipe.prologue ], [ %acc.next, %loop ]
; PTRIV-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %loop ]
; PTRIV-NEXT:    %asyncpipe.mod3 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod3.next, %loop ]
; PTRIV-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod3, 16
; PTRIV-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 2
; PTRIV-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod3, 2
; PTRIV-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 3
; PTRIV-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 3
; PTRIV-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; PTRIV-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 16
; PTRIV-NEXT:    [[T4:%.*]] = mul i64 %asyncpipe.iter.ahead, 24
; PTRIV-NEXT:    %p.at = getelementptr i8, ptr %a, i64 [[T4]]
; PTRIV-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr @buf, i32 %asyncpipe.offset1
; PTRIV-NEXT:    call void @asyncpipe.copy(ptr %asyncpipe.version.ptr2, ptr %p.at, i32 16, i32 0)
; PTRIV-NEXT:    call void @asyncpipe.mark()
; PTRIV-NEXT:    call void @asyncpipe.wait(i32 2)
; PTRIV-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr getelementptr (i8, ptr @buf, i64 8), i32 %asyncpipe.offset
; PTRIV-NEXT:    %v = load i32, ptr %asyncpipe.version.ptr, align 4
; PTRIV-NEXT:    %acc.next = add i32 %acc, %v
; PTRIV-NEXT:    %p.next = getelementptr i8, ptr %p, i64 24
; PTRIV-NEXT:    %i.next = add i64 %i, 1
; PTRIV-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; PTRIV-NEXT:    [[T5:%.*]] = add i32 %asyncpipe.mod3, 1
; PTRIV-NEXT:    [[T6:%.*]] = icmp eq i32 [[T5]], 3
; PTRIV-NEXT:    %asyncpipe.mod3.next = select i1 [[T6]], i32 0, i32 [[T5]]
; PTRIV-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; PTRIV-NEXT:    br i1 %asyncpipe.steady.more, label %loop, label %asyncpipe.epilogue, !llvm.loop [[LOOPPTRIV:![0-9]+]]
; PTRIV:       asyncpipe.epilogue:
; PTRIV-NEXT:    br label %loop.epi1
; PTRIV:       loop.epi1:
; PTRIV-NEXT:    %acc.epi1 = phi i32 [ %acc.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short2 ]
; PTRIV-NEXT:    %asyncpipe.mod3.epi1 = phi i32 [ %asyncpipe.mod3.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short2 ]
; PTRIV-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod3.epi1, 16
; PTRIV-NEXT:    call void @asyncpipe.wait(i32 1)
; PTRIV-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr getelementptr (i8, ptr @buf, i64 8), i32 %asyncpipe.offset.epi1
; PTRIV-NEXT:    %v.epi1 = load i32, ptr %asyncpipe.version.ptr.epi1, align 4
; PTRIV-NEXT:    %acc.next.epi1 = add i32 %acc.epi1, %v.epi1
; PTRIV-NEXT:    [[T7:%.*]] = add i32 %asyncpipe.mod3.epi1, 1
; PTRIV-NEXT:    [[T8:%.*]] = icmp eq i32 [[T7]], 3
; PTRIV-NEXT:    %asyncpipe.mod3.next.epi1 = select i1 [[T8]], i32 0, i32 [[T7]]
; PTRIV-NEXT:    br label %loop.epi2
; PTRIV:       loop.epi2:
; PTRIV-NEXT:    %acc.epi2 = phi i32 [ %acc.next.epi1, %loop.epi1 ], [ 0, %asyncpipe.short1 ]
; PTRIV-NEXT:    %asyncpipe.mod3.epi2 = phi i32 [ %asyncpipe.mod3.next.epi1, %loop.epi1 ], [ 0, %asyncpipe.short1 ]
; PTRIV-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod3.epi2, 16
; PTRIV-NEXT:    call void @asyncpipe.wait(i32 0)
; PTRIV-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr getelementptr (i8, ptr @buf, i64 8), i32 %asyncpipe.offset.epi2
; PTRIV-NEXT:    %v.epi2 = load i32, ptr %asyncpipe.version.ptr.epi2, align 4
; PTRIV-NEXT:    %acc.next.epi2 = add i32 %acc.epi2, %v.epi2
; PTRIV-NEXT:    br label %exit
; PTRIV:       asyncpipe.short1:
; PTRIV-NEXT:    call void @asyncpipe.copy(ptr @buf, ptr %a, i32 16, i32 0)
; PTRIV-NEXT:    call void @asyncpipe.mark()
; PTRIV-NEXT:    br label %loop.epi2
; PTRIV:       asyncpipe.short2:
; PTRIV-NEXT:    call void @asyncpipe.copy(ptr @buf, ptr %a, i32 16, i32 0)
; PTRIV-NEXT:    call void @asyncpipe.mark()
; PTRIV-NEXT:    %p.at4 = getelementptr i8, ptr %a, i64 24
; PTRIV-NEXT:    call void @asyncpipe.copy(ptr getelementptr (i8, ptr @buf, i32 16), ptr %p.at4, i32 16, i32 0)
; PTRIV-NEXT:    call void @asyncpipe.mark()
; PTRIV-NEXT:    br label %loop.epi1
; PTRIV:       exit:
; PTRIV-NEXT:    ret i32 %acc.next.epi2
; PTRIV:       }


; NESTED: @tile = internal addrspace(3) global [3 x [64 x float]] undef, align 16
; NESTED-LABEL: define ptx_kernel void @nested(
; NESTED:       entry:
; NESTED-NEXT:    %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NESTED-NEXT:    %mine = getelementptr float, ptr addrspace(3) @tile, i32 %tid
; NESTED-NEXT:    [[TMP0:%.*]] = add i32 %tiles, -1
; NESTED-NEXT:    %asyncpipe.last = zext i32 [[TMP0]] to i64
; NESTED-NEXT:    %g.ahead3 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g.ahead3)
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-NEXT:    %asyncpipe.iter.exists4 = icmp ule i64 1, %asyncpipe.last
; NESTED-NEXT:    br i1 %asyncpipe.iter.exists4, label %asyncpipe.issue5, label %asyncpipe.issued6
; NESTED:       asyncpipe.issue5:
; NESTED-NEXT:    %gidx.ahead7 = add i32 64, %tid
; NESTED-NEXT:    %g.ahead8 = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead7
; NESTED-NEXT:    %asyncpipe.version.ptr9 = getelementptr i8, ptr addrspace(3) %mine, i32 256
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %asyncpipe.version.ptr9, ptr addrspace(1) %g.ahead8)
; NESTED-NEXT:    br label %asyncpipe.issued6
; NESTED:       asyncpipe.issued6:
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-NEXT:    br label %outer
; NESTED:       outer:
; NESTED-NEXT:    %t = phi i32 [ 0, %asyncpipe.issued6 ], [ %t.next, %outer.latch ]
; NESTED-NEXT:    %acc = phi float [ 0.000000e+00, %asyncpipe.issued6 ], [ %acc.k, %outer.latch ]
; NESTED-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.issued6 ], [ %asyncpipe.iter.next, %outer.latch ]
; NESTED-NEXT:    %asyncpipe.mod3 = phi i32 [ 0, %asyncpipe.issued6 ], [ %asyncpipe.mod3.next, %outer.latch ]
; NESTED-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod3, 256
; NESTED-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 2
; NESTED-NEXT:    [[TMP1:%.*]] = add i32 %asyncpipe.mod3, 2
; NESTED-NEXT:    [[TMP2:%.*]] = sub i32 [[TMP1]], 3
; NESTED-NEXT:    [[TMP3:%.*]] = icmp uge i32 [[TMP1]], 3
; NESTED-NEXT:    %asyncpipe.ahead = select i1 [[TMP3]], i32 [[TMP2]], i32 [[TMP1]]
; NESTED-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 256
; NESTED-NEXT:    %base = shl i32 %t, 6
; NESTED-NEXT:    %gidx = add i32 %base, %tid
; NESTED-NEXT:    %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
; NESTED-NEXT:    %asyncpipe.iter.exists = icmp ule i64 %asyncpipe.iter.ahead, %asyncpipe.last
; NESTED-NEXT:    br i1 %asyncpipe.iter.exists, label %asyncpipe.issue, label %asyncpipe.issued
; NESTED:       asyncpipe.issue:
; NESTED-NEXT:    [[TMP4:%.*]] = trunc i64 %asyncpipe.iter.ahead to i32
; NESTED-NEXT:    %base.ahead = shl i32 [[TMP4]], 6
; NESTED-NEXT:    %gidx.ahead = add i32 %base.ahead, %tid
; NESTED-NEXT:    %g.ahead = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead
; NESTED-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr addrspace(3) %mine, i32 %asyncpipe.offset1
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %asyncpipe.version.ptr2, ptr addrspace(1) %g.ahead)
; NESTED-NEXT:    br label %asyncpipe.issued
; NESTED:       asyncpipe.issued:
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 2)
; NESTED-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-NEXT:    br label %k.loop
; NESTED:       k.loop:
; NESTED-NEXT:    %k = phi i32 [ 0, %asyncpipe.issued ], [ %k.next, %k.loop ]
; NESTED-NEXT:    %acc.in = phi float [ %acc, %asyncpipe.issued ], [ %acc.k, %k.loop ]
; NESTED-NEXT:    %p = getelementptr float, ptr addrspace(3) @tile, i32 %k
; NESTED-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %p, i32 %asyncpipe.offset
; NESTED-NEXT:    %x = load float, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; NESTED-NEXT:    %acc.k = fadd float %acc.in, %x
; NESTED-NEXT:    %k.next = add i32 %k, 1
; NESTED-NEXT:    %k.done = icmp eq i32 %k.next, 64
; NESTED-NEXT:    br i1 %k.done, label %outer.latch, label %k.loop
; NESTED:       outer.latch:
; NESTED-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-NEXT:    %t.next = add i32 %t, 1
; NESTED-NEXT:    %done = icmp eq i32 %t.next, %tiles
; NESTED-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; NESTED-NEXT:    [[TMP5:%.*]] = add i32 %asyncpipe.mod3, 1
; NESTED-NEXT:    [[TMP6:%.*]] = icmp eq i32 [[TMP5]], 3
; NESTED-NEXT:    %asyncpipe.mod3.next = select i1 [[TMP6]], i32 0, i32 [[TMP5]]
; NESTED-NEXT:    br i1 %done, label %exit, label %outer, !llvm.loop [[LOOPNESTED:![0-9]+]]
; NESTED:       exit:
; NESTED-NEXT:    %out = getelementptr float, ptr addrspace(1) %dst, i32 %tid
; NESTED-NEXT:    store float %acc.k, ptr addrspace(1) %out, align 4
; NESTED-NEXT:    ret void
; NESTED:       }


; NESTED-EPI-LABEL: define ptx_kernel void @nested(
; NESTED-EPI:       entry:
; NESTED-EPI-NEXT:    %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NESTED-EPI-NEXT:    %mine = getelementptr float, ptr addrspace(3) @tile, i32 %tid
; NESTED-EPI-NEXT:    [[T0:%.*]] = add i32 %tiles, -1
; NESTED-EPI-NEXT:    %asyncpipe.last = zext i32 [[T0]] to i64
; NESTED-EPI-NEXT:    %asyncpipe.steady.last = sub i64 %asyncpipe.last, 2
; NESTED-EPI-NEXT:    switch i64 %asyncpipe.last, label %asyncpipe.prologue [
; NESTED-EPI-NEXT:    i64 0, label %asyncpipe.short1
; NESTED-EPI-NEXT:    i64 1, label %asyncpipe.short2
; NESTED-EPI-NEXT:    ]
; NESTED-EPI:       asyncpipe.prologue:
; NESTED-EPI-NEXT:    %g.ahead3 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g.ahead3)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-EPI-NEXT:    %gidx.ahead4 = add i32 64, %tid
; NESTED-EPI-NEXT:    %g.ahead5 = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead4
; NESTED-EPI-NEXT:    %asyncpipe.version.ptr6 = getelementptr i8, ptr addrspace(3) %mine, i32 256
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %asyncpipe.version.ptr6, ptr addrspace(1) %g.ahead5)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-EPI-NEXT:    br label %outer
; NESTED-EPI:       outer:
; NESTED-EPI-NEXT:    %t = phi i32 [ 0, %asyncpipe.prologue ], [ %t.next, %outer.latch ]
; NESTED-EPI-NEXT:    %acc = phi float [ 0.000000e+00, %asyncpipe.prologue ], [ %acc.k, %outer.latch ]
; NESTED-EPI-NEXT:    %asyncpipe.iter = phi i64 [ 0, %asyncpipe.prologue ], [ %asyncpipe.iter.next, %outer.latch ]
; NESTED-EPI-NEXT:    %asyncpipe.mod3 = phi i32 [ 0, %asyncpipe.prologue ], [ %asyncpipe.mod3.next, %outer.latch ]
; NESTED-EPI-NEXT:    %asyncpipe.offset = mul i32 %asyncpipe.mod3, 256
; NESTED-EPI-NEXT:    %asyncpipe.iter.ahead = add i64 %asyncpipe.iter, 2
; NESTED-EPI-NEXT:    [[T1:%.*]] = add i32 %asyncpipe.mod3, 2
; NESTED-EPI-NEXT:    [[T2:%.*]] = sub i32 [[T1]], 3
; NESTED-EPI-NEXT:    [[T3:%.*]] = icmp uge i32 [[T1]], 3
; NESTED-EPI-NEXT:    %asyncpipe.ahead = select i1 [[T3]], i32 [[T2]], i32 [[T1]]
; NESTED-EPI-NEXT:    %asyncpipe.offset1 = mul i32 %asyncpipe.ahead, 256
; NESTED-EPI-NEXT:    %base = shl i32 %t, 6
; NESTED-EPI-NEXT:    %gidx = add i32 %base, %tid
; NESTED-EPI-NEXT:    %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
; NESTED-EPI-NEXT:    [[T4:%.*]] = trunc i64 %asyncpipe.iter.ahead to i32
; NESTED-EPI-NEXT:    %base.ahead = shl i32 [[T4]], 6
; NESTED-EPI-NEXT:    %gidx.ahead = add i32 %base.ahead, %tid
; NESTED-EPI-NEXT:    %g.ahead = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead
; NESTED-EPI-NEXT:    %asyncpipe.version.ptr2 = getelementptr i8, ptr addrspace(3) %mine, i32 %asyncpipe.offset1
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %asyncpipe.version.ptr2, ptr addrspace(1) %g.ahead)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 2)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-EPI-NEXT:    br label %k.loop
; NESTED-EPI:       k.loop:
; NESTED-EPI-NEXT:    %k = phi i32 [ 0, %outer ], [ %k.next, %k.loop ]
; NESTED-EPI-NEXT:    %acc.in = phi float [ %acc, %outer ], [ %acc.k, %k.loop ]
; NESTED-EPI-NEXT:    %p = getelementptr float, ptr addrspace(3) @tile, i32 %k
; NESTED-EPI-NEXT:    %asyncpipe.version.ptr = getelementptr i8, ptr addrspace(3) %p, i32 %asyncpipe.offset
; NESTED-EPI-NEXT:    %x = load float, ptr addrspace(3) %asyncpipe.version.ptr, align 4
; NESTED-EPI-NEXT:    %acc.k = fadd float %acc.in, %x
; NESTED-EPI-NEXT:    %k.next = add i32 %k, 1
; NESTED-EPI-NEXT:    %k.done = icmp eq i32 %k.next, 64
; NESTED-EPI-NEXT:    br i1 %k.done, label %outer.latch, label %k.loop
; NESTED-EPI:       outer.latch:
; NESTED-EPI-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-EPI-NEXT:    %t.next = add i32 %t, 1
; NESTED-EPI-NEXT:    %asyncpipe.iter.next = add i64 %asyncpipe.iter, 1
; NESTED-EPI-NEXT:    [[T5:%.*]] = add i32 %asyncpipe.mod3, 1
; NESTED-EPI-NEXT:    [[T6:%.*]] = icmp eq i32 [[T5]], 3
; NESTED-EPI-NEXT:    %asyncpipe.mod3.next = select i1 [[T6]], i32 0, i32 [[T5]]
; NESTED-EPI-NEXT:    %asyncpipe.steady.more = icmp ule i64 %asyncpipe.iter.next, %asyncpipe.steady.last
; NESTED-EPI-NEXT:    br i1 %asyncpipe.steady.more, label %outer, label %asyncpipe.epilogue, !llvm.loop [[LOOPNESTED:![0-9]+]]
; NESTED-EPI:       asyncpipe.epilogue:
; NESTED-EPI-NEXT:    br label %outer.epi1
; NESTED-EPI:       outer.epi1:
; NESTED-EPI-NEXT:    %acc.epi1 = phi float [ %acc.k, %asyncpipe.epilogue ], [ 0.000000e+00, %asyncpipe.short2 ]
; NESTED-EPI-NEXT:    %asyncpipe.mod3.epi1 = phi i32 [ %asyncpipe.mod3.next, %asyncpipe.epilogue ], [ 0, %asyncpipe.short2 ]
; NESTED-EPI-NEXT:    %asyncpipe.offset.epi1 = mul i32 %asyncpipe.mod3.epi1, 256
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-EPI-NEXT:    br label %k.loop.epi1
; NESTED-EPI:       k.loop.epi1:
; NESTED-EPI-NEXT:    %k.epi1 = phi i32 [ 0, %outer.epi1 ], [ %k.next.epi1, %k.loop.epi1 ]
; NESTED-EPI-NEXT:    %acc.in.epi1 = phi float [ %acc.epi1, %outer.epi1 ], [ %acc.k.epi1, %k.loop.epi1 ]
; NESTED-EPI-NEXT:    %p.epi1 = getelementptr float, ptr addrspace(3) @tile, i32 %k.epi1
; NESTED-EPI-NEXT:    %asyncpipe.version.ptr.epi1 = getelementptr i8, ptr addrspace(3) %p.epi1, i32 %asyncpipe.offset.epi1
; NESTED-EPI-NEXT:    %x.epi1 = load float, ptr addrspace(3) %asyncpipe.version.ptr.epi1, align 4
; NESTED-EPI-NEXT:    %acc.k.epi1 = fadd float %acc.in.epi1, %x.epi1
; NESTED-EPI-NEXT:    %k.next.epi1 = add i32 %k.epi1, 1
; NESTED-EPI-NEXT:    %k.done.epi1 = icmp eq i32 %k.next.epi1, 64
; NESTED-EPI-NEXT:    br i1 %k.done.epi1, label %outer.latch.epi1, label %k.loop.epi1
; NESTED-EPI:       outer.latch.epi1:
; NESTED-EPI-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-EPI-NEXT:    [[T7:%.*]] = add i32 %asyncpipe.mod3.epi1, 1
; NESTED-EPI-NEXT:    [[T8:%.*]] = icmp eq i32 [[T7]], 3
; NESTED-EPI-NEXT:    %asyncpipe.mod3.next.epi1 = select i1 [[T8]], i32 0, i32 [[T7]]
; NESTED-EPI-NEXT:    br label %outer.epi2
; NESTED-EPI:       outer.epi2:
; NESTED-EPI-NEXT:    %acc.epi2 = phi float [ %acc.k.epi1, %outer.latch.epi1 ], [ 0.000000e+00, %asyncpipe.short1 ]
; NESTED-EPI-NEXT:    %asyncpipe.mod3.epi2 = phi i32 [ %asyncpipe.mod3.next.epi1, %outer.latch.epi1 ], [ 0, %asyncpipe.short1 ]
; NESTED-EPI-NEXT:    %asyncpipe.offset.epi2 = mul i32 %asyncpipe.mod3.epi2, 256
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-EPI-NEXT:    br label %k.loop.epi2
; NESTED-EPI:       k.loop.epi2:
; NESTED-EPI-NEXT:    %k.epi2 = phi i32 [ 0, %outer.epi2 ], [ %k.next.epi2, %k.loop.epi2 ]
; NESTED-EPI-NEXT:    %acc.in.epi2 = phi float [ %acc.epi2, %outer.epi2 ], [ %acc.k.epi2, %k.loop.epi2 ]
; NESTED-EPI-NEXT:    %p.epi2 = getelementptr float, ptr addrspace(3) @tile, i32 %k.epi2
; NESTED-EPI-NEXT:    %asyncpipe.version.ptr.epi2 = getelementptr i8, ptr addrspace(3) %p.epi2, i32 %asyncpipe.offset.epi2
; NESTED-EPI-NEXT:    %x.epi2 = load float, ptr addrspace(3) %asyncpipe.version.ptr.epi2, align 4
; NESTED-EPI-NEXT:    %acc.k.epi2 = fadd float %acc.in.epi2, %x.epi2
; NESTED-EPI-NEXT:    %k.next.epi2 = add i32 %k.epi2, 1
; NESTED-EPI-NEXT:    %k.done.epi2 = icmp eq i32 %k.next.epi2, 64
; NESTED-EPI-NEXT:    br i1 %k.done.epi2, label %outer.latch.epi2, label %k.loop.epi2
; NESTED-EPI:       outer.latch.epi2:
; NESTED-EPI-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NESTED-EPI-NEXT:    br label %exit
; NESTED-EPI:       asyncpipe.short1:
; NESTED-EPI-NEXT:    %g.ahead7 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g.ahead7)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-EPI-NEXT:    br label %outer.epi2
; NESTED-EPI:       asyncpipe.short2:
; NESTED-EPI-NEXT:    %g.ahead8 = getelementptr float, ptr addrspace(1) %src, i32 %tid
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g.ahead8)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-EPI-NEXT:    %gidx.ahead9 = add i32 64, %tid
; NESTED-EPI-NEXT:    %g.ahead10 = getelementptr float, ptr addrspace(1) %src, i32 %gidx.ahead9
; NESTED-EPI-NEXT:    %asyncpipe.version.ptr11 = getelementptr i8, ptr addrspace(3) %mine, i32 256
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %asyncpipe.version.ptr11, ptr addrspace(1) %g.ahead10)
; NESTED-EPI-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NESTED-EPI-NEXT:    br label %outer.epi1
; NESTED-EPI:       exit:
; NESTED-EPI-NEXT:    %out = getelementptr float, ptr addrspace(1) %dst, i32 %tid
; NESTED-EPI-NEXT:    store float %acc.k.epi2, ptr addrspace(1) %out, align 4
; NESTED-EPI-NEXT:    ret void
; NESTED-EPI:       }


;--- amdgpu.ll
@lds = internal addrspace(3) global [256 x float] undef, align 16

define amdgpu_kernel void @amdgpu_form(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %rev = sub i32 255, %tid
  %other = getelementptr float, ptr addrspace(3) @lds, i32 %rev
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tile = mul i32 %i, 256
  %gidx = add i32 %tile, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.s.barrier()
  %v = load float, ptr addrspace(3) %other
  %acc.next = fadd float %acc, %v
  call void @llvm.amdgcn.s.barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  store float %acc.next, ptr addrspace(1) %dst
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.s.barrier()
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}

;--- nvptx.ll
@smem = internal addrspace(3) global [128 x i32] undef, align 16

define ptx_kernel void @nvptx_form(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr i32, ptr addrspace(3) @smem, i32 %tid
  %rev = sub i32 127, %tid
  %other = getelementptr i32, ptr addrspace(3) @smem, i32 %rev
  %has.work = icmp sgt i32 %n, 0
  br i1 %has.work, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %tile = shl i32 %i, 7
  %gidx = add i32 %tile, %tid
  %g = getelementptr i32, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %v = load i32, ptr addrspace(3) %other
  %out = getelementptr i32, ptr addrspace(1) %dst, i32 %gidx
  store i32 %v, ptr addrspace(1) %out
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.all()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 2}

;--- portable.ll
@tile = internal global [32 x i8] zeroinitializer, align 16

define i64 @by_option(ptr noalias %src, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %off = shl i64 %i, 5
  %g = getelementptr i8, ptr %src, i64 %off
  call void @asyncpipe.copy(ptr @tile, ptr %g, i32 16, i32 1)
  %g.hi = getelementptr i8, ptr %g, i64 16
  call void @asyncpipe.copy(ptr getelementptr (i8, ptr @tile, i64 16), ptr %g.hi, i32 16, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %lo = load i64, ptr @tile
  %hi = load i64, ptr getelementptr (i8, ptr @tile, i64 24)
  %x = xor i64 %lo, %hi
  %acc.next = add i64 %acc, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  ret i64 %r
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- pointer-iv.ll
@buf = internal global [4 x i32] undef
define i32 @ptr_iv(ptr noalias %a, i64 %n) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  call void @asyncpipe.copy(ptr @buf, ptr %p, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr getelementptr (i8, ptr @buf, i64 8)
  %acc.next = add i32 %acc, %v
  %p.next = getelementptr i8, ptr %p, i64 24
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret i32 %acc.next
}
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}

;--- nested.ll
@tile = internal addrspace(3) global [64 x float] undef, align 16

; The consumers are an inner loop over the tile (a GEMM's k loop that was not
; unrolled): the buffer reads inside it move to the version of the iteration.
define ptx_kernel void @nested(ptr addrspace(1) noalias %src, ptr addrspace(1) noalias %dst, i32 %tiles) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr float, ptr addrspace(3) @tile, i32 %tid
  br label %outer
outer:
  %t = phi i32 [ 0, %entry ], [ %t.next, %outer.latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.k, %outer.latch ]
  %base = shl i32 %t, 6
  %gidx = add i32 %base, %tid
  %g = getelementptr float, ptr addrspace(1) %src, i32 %gidx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %mine, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %k.loop
k.loop:
  %k = phi i32 [ 0, %outer ], [ %k.next, %k.loop ]
  %acc.in = phi float [ %acc, %outer ], [ %acc.k, %k.loop ]
  %p = getelementptr float, ptr addrspace(3) @tile, i32 %k
  %x = load float, ptr addrspace(3) %p
  %acc.k = fadd float %acc.in, %x
  %k.next = add i32 %k, 1
  %k.done = icmp eq i32 %k.next, 64
  br i1 %k.done, label %outer.latch, label %k.loop
outer.latch:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %t.next = add i32 %t, 1
  %done = icmp eq i32 %t.next, %tiles
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  %out = getelementptr float, ptr addrspace(1) %dst, i32 %tid
  store float %acc.k, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
!0 = distinct !{!0, !1}
!1 = !{!"asyncpipe.pipeline.stages", i32 3}
