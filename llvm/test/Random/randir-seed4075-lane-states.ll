; Seed 4075 of the large random run (bench/randir-scale.sh), gfx1250, the
; program after opt -O3 (with the plugin, so the recorded marks and waits
; are in it): switches and an irreducible region inside a divergent loop.
; The wait checker reported "the source's wait for at most 0 outstanding
; marks is not satisfied" at exit34, whose wait(0) SimplifyCFG hoisted into
; join31 (s_wait_asynccnt 0 there, on every path to exit34). It was a false
; report: more than 128 lane states reached one block, the checker forgot
; their flow booleans there (MaxLaneStates was 64) and followed paths the
; structurizer's Flow blocks rule out. It passes as written now.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -amdgpu-enable-check-async-waits \
; RUN:   -verify-machineinstrs %s -o - | FileCheck %s
; With the old bound (a testing-only option) the false report is back, and
; -amdgpu-check-async-waits-explain says where it comes from: no single
; path of a lane leaves a DMA in flight at the wait.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-check-async-waits-max-lane-states=64 \
; RUN:   -amdgpu-check-async-waits-explain %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MERGED
; MERGED: error: {{.*}}in function kernel0 {{.*}}: the source's wait for at most 0 outstanding marks is not satisfied
; MERGED: note: {{.*}}: no single path of a lane leaves the DMA in flight at the wait: the report comes from merging the lane states of a block reached by more than 64{{$}}
; MERGED-NOT: error
; CHECK-LABEL: kernel0:
; CHECK: ; %join31
; CHECK: s_wait_asynccnt 0x0
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: ; wait_asyncmark(0)
target datalayout = "m:e-e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [512 x i32] poison, align 4

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define void @helper2(ptr addrspace(1) readnone captures(none) %g, ptr addrspace(1) readnone captures(none) %out, i32 %n) local_unnamed_addr #0 {
entry:
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define void @helper3(ptr addrspace(1) readnone captures(none) %g, ptr addrspace(1) readnone captures(none) %out, i32 %n) local_unnamed_addr #1 {
entry:
  ret void
}

define amdgpu_kernel void @kernel0(ptr addrspace(1) captures(none) %g, ptr addrspace(1) writeonly captures(none) initializes((0, 4)) %out, i32 %n) local_unnamed_addr #2 {
entry:
  %v3 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %0 = zext nneg i32 %v3 to i64
  %1 = getelementptr i32, ptr addrspace(1) %g, i64 %0
  %v6 = getelementptr i8, ptr addrspace(1) %1, i64 1792
  %2 = getelementptr i32, ptr addrspace(3) @lds, i32 %v3
  %v7 = getelementptr i8, ptr addrspace(3) %2, i32 256
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v6, ptr addrspace(3) %v7, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v6, ptr addrspace(3) %v7, i32 0, i32 0)
  %v22 = getelementptr i8, ptr addrspace(1) %1, i64 3584
  %v23 = getelementptr i8, ptr addrspace(3) %2, i32 1536
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v22, ptr addrspace(3) %v23, i32 0, i32 0)
  %v32 = add nuw nsw i32 %v3, 128
  %v30 = getelementptr i32, ptr addrspace(3) @lds, i32 %v32
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v22, ptr addrspace(3) %v30, i32 0, i32 0)
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  %v4.i = load volatile i32, ptr addrspace(3) %2, align 4
  store i32 %v4.i, ptr addrspace(1) %out, align 4
  %v36 = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4
  %v37 = and i32 %n, 3
  %v3940.not = icmp eq i32 %v37, 0
  br i1 %v3940.not, label %done10, label %body8.lr.ph

body8.lr.ph:                                      ; preds = %entry
  %v40 = icmp sgt i32 %n, 5
  %v236 = getelementptr i8, ptr addrspace(1) %1, i64 2048
  %v237 = getelementptr i8, ptr addrspace(3) %2, i32 1024
  %v243 = getelementptr i8, ptr addrspace(1) %1, i64 2560
  %v244 = getelementptr i8, ptr addrspace(3) %2, i32 1280
  %v256 = getelementptr i8, ptr addrspace(3) %2, i32 768
  %v61 = add nuw nsw i32 %v3, 320
  %v59 = getelementptr i32, ptr addrspace(3) @lds, i32 %v61
  %v69 = icmp samesign ult i32 %v3, 30
  %v75 = getelementptr i8, ptr addrspace(1) %g, i64 2816
  %v79 = add nuw nsw i32 %v3, 64
  %v80 = zext nneg i32 %v79 to i64
  %v81 = getelementptr i32, ptr addrspace(1) %g, i64 %v80
  %v82 = getelementptr i32, ptr addrspace(3) @lds, i32 %v79
  %v88 = getelementptr i8, ptr addrspace(1) %1, i64 3072
  %v95 = getelementptr i8, ptr addrspace(1) %1, i64 3840
  %v96 = getelementptr i8, ptr addrspace(3) %2, i32 1792
  %v102 = getelementptr i8, ptr addrspace(1) %1, i64 3328
  %v117 = getelementptr i8, ptr addrspace(1) %1, i64 2816
  %v125 = and i32 %n, 7
  %v127 = add nuw nsw i32 %v3, 448
  %v128 = zext nneg i32 %v127 to i64
  %v129 = getelementptr i32, ptr addrspace(1) %g, i64 %v128
  %v130 = getelementptr i32, ptr addrspace(3) @lds, i32 %v127
  %v200 = zext nneg i32 %v61 to i64
  %v201 = getelementptr i32, ptr addrspace(1) %g, i64 %v200
  %v180 = zext nneg i32 %v32 to i64
  %v181 = getelementptr i32, ptr addrspace(1) %g, i64 %v180
  %v221 = getelementptr i8, ptr addrspace(1) %1, i64 2304
  br label %body8

body8:                                            ; preds = %join13, %body8.lr.ph
  %c2.043 = phi i32 [ 0, %body8.lr.ph ], [ %v262, %join13 ]
  br i1 %v40, label %then11, label %else12

then11:                                           ; preds = %body8
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v243, ptr addrspace(3) %v237, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %1, ptr addrspace(3) %v59, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %1, ptr addrspace(3) %v23, i32 0, i32 0)
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  br i1 %v69, label %irra16, label %irrb17

irra16:                                           ; preds = %cont35, %then11
  %c3.0 = phi i32 [ 0, %then11 ], [ %v124, %cont35 ]
  %v72 = add nuw nsw i32 %c3.0, 1
  %v76 = atomicrmw add ptr addrspace(1) %v75, i32 1 monotonic, align 4
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v81, ptr addrspace(3) %v82, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v88, ptr addrspace(3) %v82, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v95, ptr addrspace(3) %v96, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v102, ptr addrspace(3) %v237, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v236, ptr addrspace(3) %v30, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v117, ptr addrspace(3) %v96, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v122 = icmp slt i32 %c3.0, 3
  br i1 %v122, label %irrb17, label %join13

irrb17:                                           ; preds = %irra16, %then11
  %c3.1 = phi i32 [ %v72, %irra16 ], [ 0, %then11 ]
  %v124 = add nuw nsw i32 %c3.1, 1
  switch i32 %v125, label %default24 [
    i32 1, label %case22
    i32 4, label %case23
  ]

case22:                                           ; preds = %irrb17
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v129, ptr addrspace(3) %v130, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v95, ptr addrspace(3) %v130, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  br label %join25

case23:                                           ; preds = %irrb17
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 4) #7
  br label %join25

default24:                                        ; preds = %irrb17
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v95, ptr addrspace(3) %v237, i32 0, i32 0)
  %v150 = load volatile i32, ptr addrspace(3) %v237, align 4
  store i32 %v150, ptr addrspace(1) %out, align 4
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v88, ptr addrspace(3) %v23, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v102, ptr addrspace(3) %v7, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v117, ptr addrspace(3) %v30, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %join25

join25:                                           ; preds = %default24, %case23, %case22
  store i32 50, ptr addrspace(3) %v7, align 4
  switch i32 %v125, label %default30 [
    i32 0, label %case26
    i32 4, label %case27
    i32 6, label %case28
    i32 3, label %case29
  ]

case26:                                           ; preds = %join25
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 4) #7
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v181, ptr addrspace(3) %v59, i32 0, i32 0)
  br label %join31

case27:                                           ; preds = %join25
  %v4.i31 = load volatile i32, ptr addrspace(3) %2, align 4
  store i32 %v4.i31, ptr addrspace(1) %out, align 4
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v88, ptr addrspace(3) %v7, i32 0, i32 0)
  %v193 = and i32 %v124, 3
  %v193.frozen = freeze i32 %v193
  switch i32 %v193.frozen, label %case27.split [
    i32 0, label %asyncpipe.wait.0
    i32 1, label %asyncpipe.wait.1
    i32 2, label %asyncpipe.wait.2
  ]

asyncpipe.wait.0:                                 ; preds = %case27
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %case27.split

asyncpipe.wait.1:                                 ; preds = %case27
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  br label %case27.split

asyncpipe.wait.2:                                 ; preds = %case27
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  br label %case27.split

case27.split:                                     ; preds = %asyncpipe.wait.2, %asyncpipe.wait.1, %asyncpipe.wait.0, %case27
  %v197 = atomicrmw add ptr addrspace(3) %v23, i32 8 seq_cst, align 4
  br label %join31

case28:                                           ; preds = %join25
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v201, ptr addrspace(3) %v96, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  tail call void @llvm.amdgcn.wait.asyncmark(i16 1)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 4) #7
  br label %join31

case29:                                           ; preds = %join25
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %1, ptr addrspace(3) %v256, i32 0, i32 0)
  tail call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 4) #7
  br label %join31

default30:                                        ; preds = %join25
  %v217 = load i32, ptr addrspace(1) %v22, align 4
  %v212 = icmp eq i32 %v217, 1
  br i1 %v212, label %exit32, label %cont33

common.ret:                                       ; preds = %done10.split, %exit34, %exit32
  ret void

exit32:                                           ; preds = %default30
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 4) #7
  br label %common.ret

cont33:                                           ; preds = %default30
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  %v4.i34 = load volatile i32, ptr addrspace(3) %2, align 4
  store i32 %v4.i34, ptr addrspace(1) %out, align 4
  tail call void @llvm.amdgcn.s.barrier()
  br label %join31

join31:                                           ; preds = %cont33, %case29, %case28, %case27.split, %case26
  %v4.i37 = load volatile i32, ptr addrspace(3) %2, align 4
  store i32 %v4.i37, ptr addrspace(1) %out, align 4
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v221, ptr addrspace(3) %v30, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 1, i32 4) #7
  %v231 = load i32, ptr addrspace(1) %1, align 4
  %v226 = icmp eq i32 %v231, 1
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br i1 %v226, label %exit34, label %cont35

exit34:                                           ; preds = %join31
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 4) #7
  br label %common.ret

cont35:                                           ; preds = %join31
  %v232 = icmp slt i32 %c3.1, 3
  br i1 %v232, label %irra16, label %join13

else12:                                           ; preds = %body8
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v236, ptr addrspace(3) %v237, i32 0, i32 0)
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v243, ptr addrspace(3) %v244, i32 0, i32 0)
  %v251 = atomicrmw add ptr addrspace(3) %v237, i32 5 seq_cst, align 4
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v243, ptr addrspace(3) %v256, i32 0, i32 0)
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 4) #7
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 4) #7
  br label %join13

join13:                                           ; preds = %irra16, %cont35, %else12
  %v262 = add nuw nsw i32 %c2.043, 1
  %exitcond.not = icmp eq i32 %v262, %v37
  %or.cond = select i1 %v69, i1 true, i1 %exitcond.not
  br i1 %or.cond, label %done10, label %body8

done10:                                           ; preds = %join13, %entry
  %v263 = and i32 %n, 1
  %v263.frozen = freeze i32 %v263
  switch i32 %v263.frozen, label %done10.split [
    i32 0, label %asyncpipe.wait.046
  ]

asyncpipe.wait.046:                               ; preds = %done10
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %done10.split

done10.split:                                     ; preds = %asyncpipe.wait.046, %done10
  br label %common.ret
}

define amdgpu_kernel void @kernel1(ptr addrspace(1) captures(none) %g, ptr addrspace(1) writeonly captures(none) %out, i32 %n) local_unnamed_addr #3 {
entry:
  %v2 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %0 = getelementptr i32, ptr addrspace(3) @lds, i32 %v2
  %v1 = getelementptr i8, ptr addrspace(3) %0, i32 256
  %v4 = load i32, ptr addrspace(3) %v1, align 4
  %1 = zext nneg i32 %v2 to i64
  %2 = getelementptr i32, ptr addrspace(1) %g, i64 %1
  %v8 = getelementptr i8, ptr addrspace(1) %2, i64 2560
  store i32 %v4, ptr addrspace(1) %v8, align 4
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 5) #7
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 5) #7
  %v9 = icmp sgt i32 %n, 3
  br i1 %v9, label %then1, label %else2

then1:                                            ; preds = %entry
  %v13 = getelementptr i8, ptr addrspace(1) %2, i64 512
  tail call void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) %v13, ptr addrspace(3) %0, i32 0, i32 0)
  %v4.i = load volatile i32, ptr addrspace(3) %0, align 4
  store i32 %v4.i, ptr addrspace(1) %out, align 4
  br label %join3

else2:                                            ; preds = %entry
  %v24 = icmp samesign ult i32 %v2, 10
  br i1 %v24, label %then6, label %join3

then6:                                            ; preds = %else2
  %v4.i7 = load volatile i32, ptr addrspace(3) %0, align 4
  store i32 %v4.i7, ptr addrspace(1) %out, align 4
  %v30 = getelementptr i8, ptr addrspace(1) %2, i64 3840
  %v31 = load i32, ptr addrspace(1) %v30, align 4
  %v26 = icmp eq i32 %v31, 3
  br i1 %v26, label %common.ret, label %cont10

common.ret:                                       ; preds = %then6, %join3.split
  ret void

cont10:                                           ; preds = %then6
  %v35 = getelementptr i8, ptr addrspace(1) %2, i64 2048
  %v36 = atomicrmw add ptr addrspace(1) %v35, i32 1 monotonic, align 4
  br label %join3

join3:                                            ; preds = %else2, %cont10, %then1
  %v40 = getelementptr i8, ptr addrspace(1) %2, i64 2304
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v40, ptr addrspace(3) %0, i32 0, i32 0)
  %v47 = getelementptr i8, ptr addrspace(1) %2, i64 2816
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v47, ptr addrspace(3) %0, i32 0, i32 0)
  %v62 = getelementptr i8, ptr addrspace(1) %2, i64 1792
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v62, ptr addrspace(3) %0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 5) #7
  %v68 = add nuw nsw i32 %v2, 320
  %v69 = zext nneg i32 %v68 to i64
  %v70 = getelementptr i32, ptr addrspace(1) %g, i64 %v69
  %v71 = getelementptr i8, ptr addrspace(3) %0, i32 1024
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v70, ptr addrspace(3) %v71, i32 0, i32 0)
  %v74 = and i32 %n, 7
  %v74.frozen = freeze i32 %v74
  switch i32 %v74.frozen, label %join3.split [
    i32 0, label %asyncpipe.wait.0
    i32 1, label %asyncpipe.wait.1
    i32 2, label %asyncpipe.wait.2
  ]

asyncpipe.wait.0:                                 ; preds = %join3
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %join3.split

asyncpipe.wait.1:                                 ; preds = %join3
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  br label %join3.split

asyncpipe.wait.2:                                 ; preds = %join3
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  br label %join3.split

join3.split:                                      ; preds = %asyncpipe.wait.2, %asyncpipe.wait.1, %asyncpipe.wait.0, %join3
  %v79 = getelementptr i32, ptr addrspace(3) @lds, i32 %v68
  tail call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %v47, ptr addrspace(3) %v79, i32 0, i32 0)
  %v85 = load i32, ptr addrspace(3) %v79, align 4
  %v89 = getelementptr i8, ptr addrspace(1) %2, i64 2048
  store i32 %v85, ptr addrspace(1) %v89, align 4
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %common.ret
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #4

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) readonly captures(none), ptr addrspace(3) writeonly captures(none), i32 immarg, i32 immarg) #5

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @llvm.amdgcn.global.store.async.from.lds.b32(ptr addrspace(1) writeonly captures(none), ptr addrspace(3) readonly captures(none), i32 immarg, i32 immarg) #5

; Function Attrs: convergent nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #6

; Unknown intrinsic
declare void @llvm.amdgcn.wait.asyncmark(i16)

; Unknown intrinsic
declare void @llvm.amdgcn.asyncmark()

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "asyncpipe-activation"="2" "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "asyncpipe-activation"="3" "uniform-work-group-size"="false" }
attributes #2 = { "asyncpipe-activation"="4" "uniform-work-group-size"="false" }
attributes #3 = { "asyncpipe-activation"="5" "uniform-work-group-size"="false" }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite) }
attributes #6 = { convergent nocallback nofree nounwind willreturn }
attributes #7 = { nounwind }

!asyncpipe.waits.recorded = !{}
