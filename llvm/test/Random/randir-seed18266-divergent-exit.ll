; Seed 18266 of the large random run (bench/randir-scale.sh, plugin snapshot
; of main 8ae0a5b): "the source's wait for at most 0 outstanding marks is not
; satisfied" on gfx942, gfx90a and gfx1030 at O3. This is the IR opt -O3
; made of it then, unreduced. The report was false: SimplifyCFG had hoisted
; the waits of %exit31 and %cont32 into %then28, so wait.asyncmark(0) stands
; before the branch to %exit31, whose only predecessor is %then28, with no
; mark in between (the record of the source's wait is in %exit31), and llc
; emits s_waitcnt vmcnt(0) for it. %exit31 leaves a divergent irreducible
; loop; the structurizer runs it for the exiting lanes after the loop, and
; the checker, which forked EXEC where the loop's break mask deactivated a
; lane without keeping the break bit, let lanes that took other paths, with
; DMAs and marks after that wait, reach the record. It now forks on the bit
; (CodeGen/AMDGPU/async-check-loop-exit.ll) and the input passes.
;
; Main no longer produces this shape (bound waits are nomerge since: each
; branch keeps its own wait, randir-seed18266.test).
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits \
; RUN:   -verify-machineinstrs %s -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -amdgpu-enable-check-async-waits \
; RUN:   -verify-machineinstrs %s -o /dev/null 2>&1 | count 0
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-enable-check-async-waits \
; RUN:   -verify-machineinstrs %s -o /dev/null 2>&1 | count 0

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [512 x i32] poison, align 4

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define void @helper4(ptr addrspace(1) readnone captures(none) %g, ptr addrspace(1) readnone captures(none) %out, i32 %n) local_unnamed_addr #0 {
entry:
  ret void
}

define amdgpu_kernel void @kernel0(ptr addrspace(1) %g, ptr addrspace(1) writeonly captures(none) %out, i32 %n) local_unnamed_addr #1 {
entry:
  %v1 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %0 = zext nneg i32 %v1 to i64
  %1 = getelementptr i32, ptr addrspace(1) %g, i64 %0
  %v4 = getelementptr i8, ptr addrspace(1) %1, i64 2304
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %v4, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0)
  %v9 = getelementptr i8, ptr addrspace(1) %1, i64 2816
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v9, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  %v11 = icmp sgt i32 %n, 8
  br i1 %v11, label %then1, label %join3

then1:                                            ; preds = %entry
  %v15 = getelementptr i8, ptr addrspace(1) %1, i64 256
  %2 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %3 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %2)
  %4 = mul i32 %3, 4
  %5 = sub i32 0, %4
  %6 = getelementptr i8, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 %5
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v15, ptr addrspace(3) %6, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  tail call void @llvm.amdgcn.wait.asyncmark(i16 1)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 3) #5
  br label %join3

join3:                                            ; preds = %then1, %entry
  %v17 = icmp sgt i32 %n, 7
  br i1 %v17, label %irra4, label %irrb5

irra4:                                            ; preds = %irrb5, %join3
  %c1.0 = phi i32 [ 0, %join3 ], [ %v43, %irrb5 ]
  %v19 = add nsw i32 %c1.0, 1
  %v23 = getelementptr i8, ptr addrspace(1) %1, i64 1280
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v23, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
  %v28 = getelementptr i8, ptr addrspace(1) %1, i64 2048
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v28, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %1, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1792), i32 4, i32 0, i32 0)
  %v39 = getelementptr i8, ptr addrspace(1) %1, i64 1536
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v39, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1536), i32 4, i32 0, i32 0)
  %v4.i = getelementptr i8, ptr addrspace(1) %1, i64 3072
  %7 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %8 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %7)
  %9 = mul i32 %8, 4
  %10 = sub i32 0, %9
  %11 = getelementptr i8, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 %10
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v4.i, ptr addrspace(3) %11, i32 4, i32 0, i32 0)
  %v9.i = getelementptr i8, ptr addrspace(1) %1, i64 2560
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %v9.i, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v41 = icmp slt i32 %c1.0, 8
  br i1 %v41, label %irrb5, label %irrdone6

irrb5:                                            ; preds = %irra4, %join3
  %c1.1 = phi i32 [ %v19, %irra4 ], [ 0, %join3 ]
  %v43 = add nsw i32 %c1.1, 1
  %v44 = icmp slt i32 %c1.1, 8
  br i1 %v44, label %irra4, label %irrdone6

irrdone6:                                         ; preds = %irrb5, %irra4
  %v45 = and i32 %n, 3
  %v4760.not = icmp eq i32 %v45, 0
  br i1 %v4760.not, label %done10, label %body8.lr.ph

body8.lr.ph:                                      ; preds = %irrdone6
  %v48 = icmp sgt i32 %n, 0
  %v64 = icmp sgt i32 %n, 5
  %v68 = getelementptr i8, ptr addrspace(1) %1, i64 3840
  %v73 = getelementptr i8, ptr addrspace(1) %1, i64 2560
  %12 = getelementptr i32, ptr addrspace(3) @lds, i32 %v1
  %v75 = getelementptr i8, ptr addrspace(3) %12, i32 512
  br label %body8

body8:                                            ; preds = %body8.lr.ph, %join13
  %c2.063 = phi i32 [ 0, %body8.lr.ph ], [ %v80, %join13 ]
  br i1 %v48, label %then11, label %join13

then11:                                           ; preds = %body8
  %13 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %14 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %13)
  %15 = mul i32 %14, 4
  %16 = sub i32 0, %15
  %17 = getelementptr i8, ptr addrspace(3) @lds, i32 %16
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v4, ptr addrspace(3) %17, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0) #5
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0) #5
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0) #5
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0) #5
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0) #5
  %18 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %19 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %18)
  %20 = mul i32 %19, 4
  %21 = sub i32 0, %20
  %22 = getelementptr i8, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 768), i32 %21
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %1, ptr addrspace(3) %22, i32 4, i32 0, i32 0)
  br i1 %v64, label %then18, label %else19

then18:                                           ; preds = %then11
  tail call void @llvm.amdgcn.s.barrier()
  br label %join20

else19:                                           ; preds = %then11
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  br label %join20

join20:                                           ; preds = %else19, %then18
  call void @llvm.amdgcn.wait.asyncmark(i16 5)
  %23 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %24 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %23)
  %25 = mul i32 %24, 4
  %26 = sub i32 0, %25
  %27 = getelementptr i8, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1536), i32 %26
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v68, ptr addrspace(3) %27, i32 4, i32 0, i32 0)
  br label %join13

join13:                                           ; preds = %join20, %body8
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  %28 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %29 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %28)
  %30 = mul i32 %29, 4
  %31 = sub i32 0, %30
  %32 = getelementptr i8, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 %31
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v73, ptr addrspace(3) %32, i32 4, i32 0, i32 0)
  %v78 = atomicrmw add ptr addrspace(3) %v75, i32 3 seq_cst, align 4
  %v80 = add nuw nsw i32 %c2.063, 1
  %exitcond.not = icmp eq i32 %v80, %v45
  br i1 %exitcond.not, label %done10, label %body8

done10:                                           ; preds = %join13, %irrdone6
  tail call void @llvm.amdgcn.wait.asyncmark(i16 1)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 3) #5
  %v82 = add nuw nsw i32 %v1, 64
  %v83 = zext nneg i32 %v82 to i64
  %v84 = getelementptr i32, ptr addrspace(1) %g, i64 %v83
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v84, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
  %33 = getelementptr i32, ptr addrspace(3) @lds, i32 %v1
  %v86 = getelementptr i8, ptr addrspace(3) %33, i32 768
  %v89 = load i32, ptr addrspace(3) %v86, align 4
  %v93 = getelementptr i8, ptr addrspace(1) %1, i64 1280
  store i32 %v89, ptr addrspace(1) %v93, align 4
  %v94 = and i32 %n, 15
  %v9669.not = icmp eq i32 %v94, 0
  br i1 %v9669.not, label %common.ret, label %body22.lr.ph

body22.lr.ph:                                     ; preds = %done10
  %v97 = icmp sgt i32 %n, 5
  %v100 = icmp sgt i32 %n, 4
  %v101 = getelementptr i8, ptr addrspace(3) %33, i32 1792
  %v4.i56 = getelementptr i8, ptr addrspace(1) %1, i64 3072
  %v9.i57 = getelementptr i8, ptr addrspace(1) %1, i64 2560
  %v116 = icmp samesign ult i32 %v1, 43
  %v123 = getelementptr i8, ptr addrspace(3) %33, i32 1536
  %v126 = and i32 %n, 7
  %cond = icmp eq i32 %v126, 4
  %v127 = getelementptr i8, ptr addrspace(3) %33, i32 512
  %v137 = getelementptr i8, ptr addrspace(1) %1, i64 3584
  %v144 = getelementptr i32, ptr addrspace(3) @lds, i32 %v82
  %v148 = icmp samesign ugt i32 %v1, 26
  br label %body22

body22:                                           ; preds = %body22.lr.ph, %latch23
  %c4.073 = phi i32 [ 0, %body22.lr.ph ], [ %v157, %latch23 ]
  br i1 %v97, label %irra25, label %irrb26

irra25:                                           ; preds = %irrb26, %body22
  %c5.0 = phi i32 [ 0, %body22 ], [ %v154, %irrb26 ]
  %v99 = add nuw nsw i32 %c5.0, 1
  br i1 %v100, label %then28, label %join30

then28:                                           ; preds = %irra25
  store i32 59, ptr addrspace(3) %v101, align 4
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %v9, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1536), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  tail call void @llvm.amdgcn.wait.asyncmark(i16 3)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 3, i32 3) #5
  %34 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %35 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %34)
  %36 = mul i32 %35, 4
  %37 = sub i32 0, %36
  %38 = getelementptr i8, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 %37
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v4.i56, ptr addrspace(3) %38, i32 4, i32 0, i32 0)
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %v9.i57, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.barrier()
  %v115 = load i32, ptr addrspace(1) %v4, align 4
  %v110 = icmp eq i32 %v115, 3
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br i1 %v110, label %exit31, label %cont32

common.ret:                                       ; preds = %latch23, %done10, %exit31
  ret void

exit31:                                           ; preds = %then28
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 3) #5
  br label %common.ret

cont32:                                           ; preds = %then28
  br i1 %v116, label %then33, label %else34

then33:                                           ; preds = %cont32
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 0) #5
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @llvm.amdgcn.s.barrier()
  br label %join30

else34:                                           ; preds = %cont32
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %v4, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1792), i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  store i32 35, ptr addrspace(3) %v123, align 4
  br label %join30

join30:                                           ; preds = %then33, %else34, %irra25
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 3) #5
  br i1 %cond, label %case36, label %join39

case36:                                           ; preds = %join30
  %v130 = atomicrmw add ptr addrspace(3) %v127, i32 1 seq_cst, align 4
  br label %body41

body41:                                           ; preds = %body41, %case36
  %c6.068 = phi i32 [ 0, %case36 ], [ %v151, %body41 ]
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 3) #5
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %v137, ptr addrspace(3) nonnull getelementptr inbounds nuw (i8, ptr addrspace(3) @lds, i32 1024), i32 4, i32 0, i32 0)
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %v4, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  %v147 = load volatile i32, ptr addrspace(3) %v144, align 4
  store i32 %v147, ptr addrspace(1) %out, align 4
  %v151 = add nuw nsw i32 %c6.068, 1
  %v133 = icmp samesign ult i32 %c6.068, 3
  %or.cond = select i1 %v148, i1 %v133, i1 false
  br i1 %or.cond, label %body41, label %join39

join39:                                           ; preds = %body41, %join30
  %v152 = icmp slt i32 %c5.0, 3
  br i1 %v152, label %irrb26, label %latch23

irrb26:                                           ; preds = %join39, %body22
  %c5.1 = phi i32 [ %v99, %join39 ], [ 0, %body22 ]
  %v154 = add nuw nsw i32 %c5.1, 1
  %v155 = icmp slt i32 %c5.1, 3
  br i1 %v155, label %irra25, label %latch23

latch23:                                          ; preds = %join39, %irrb26
  %v157 = add nuw nsw i32 %c4.073, 1
  %exitcond74.not = icmp eq i32 %v157, %v94
  br i1 %exitcond74.not, label %common.ret, label %body22
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #2

; Unknown intrinsic
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

; Unknown intrinsic
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Unknown intrinsic
declare void @llvm.amdgcn.wait.asyncmark(i16)

; Unknown intrinsic
declare void @llvm.amdgcn.asyncmark()

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32) #4

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "asyncpipe-activation"="2" "uniform-work-group-size"="false" }
attributes #1 = { "asyncpipe-activation"="3" "uniform-work-group-size"="false" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }
attributes #5 = { nounwind }

!asyncpipe.waits.recorded = !{}
