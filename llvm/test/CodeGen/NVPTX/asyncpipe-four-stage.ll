; A 4-stage pipelined loop written with the portable calls: three tiles are
; in flight while one is read, so the loop waits with cp.async.wait_group 3.
; Copies past the last tile are zero-filling copies that read nothing (a
; select between 16 and 0 bytes: a branch between the plain and the .s form,
; no register source size). 16-byte copies use the L2-only (.cg) hint.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.sm80.ptx \
; RUN:   -pass-remarks-analysis=asyncpipe 2>%t.remarks
; RUN: FileCheck %s < %t.sm80.ptx
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t.sm90.ptx
; RUN: FileCheck %s < %t.sm90.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

@buf = internal addrspace(3) global [4 x [256 x <4 x float>]] undef, align 16

; Prologue: three tiles, each copy or zero-fill, each a group.
; CHECK-LABEL: .visible .entry four_stage(
; CHECK:       [[FULL:\$L__BB0_[0-9]+]]: // %asyncpipe.copy.zfill.16
; CHECK-NEXT:    // in Loop: Header=BB0_1 Depth=1
; CHECK-NEXT:    cp.async.cg.shared.global [[[DST:%rd[0-9]+]]], [[[SRC:%rd[0-9]+]]], 16;
; CHECK-NEXT:  [[MARK:\$L__BB0_[0-9]+]]: // %prologue.split
; CHECK-NEXT:    // in Loop: Header=BB0_1 Depth=1
; CHECK-NEXT:    cp.async.commit_group;
; CHECK:       $L__BB0_1: // %prologue
; CHECK-NEXT:    // =>This Inner Loop Header: Depth=1
; CHECK-NEXT:    setp.lt.s32 [[VALID:%p[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
; CHECK-NEXT:    @[[VALID]] bra [[FULL]];
; CHECK-NEXT:  // %bb.2: // %asyncpipe.copy.zfill.0
; CHECK-NEXT:    // in Loop: Header=BB0_1 Depth=1
; CHECK-NEXT:    cp.async.cg.shared.global [[[DST]]], [[[SRC]]], 16, 0;
; CHECK-NEXT:    bra.uni [[MARK]];
; Steady state: issue tile i+3, then wait until at most three groups (tiles
; i+1..i+3) are pending, i.e. tile i has landed.
; CHECK:       [[LFULL:\$L__BB0_[0-9]+]]: // %asyncpipe.copy.zfill.162
; CHECK-NEXT:    // in Loop: Header=BB0_7 Depth=1
; CHECK-NEXT:    cp.async.cg.shared.global [[[LDST:%rd[0-9]+]]], [[[LSRC:%rd[0-9]+]]], 16;
; CHECK-NEXT:  [[LMARK:\$L__BB0_[0-9]+]]: // %loop.split
; CHECK-NEXT:    // in Loop: Header=BB0_7 Depth=1
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.wait_group 3;
; CHECK-NEXT:    bar.sync 0;
; CHECK:         ld.shared.v4.b32
; CHECK:         bar.sync 0;
; CHECK:       $L__BB0_7: // %loop
; CHECK-NEXT:    // =>This Inner Loop Header: Depth=1
; CHECK:         setp.lt.s32 [[LVALID:%p[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
; CHECK-NEXT:    @[[LVALID]] bra [[LFULL]];
; CHECK-NEXT:  // %bb.8: // %asyncpipe.copy.zfill.01
; CHECK-NEXT:    // in Loop: Header=BB0_7 Depth=1
; CHECK-NEXT:    cp.async.cg.shared.global [[[LDST]]], [[[LSRC]]], 16, 0;
; CHECK-NEXT:    bra.uni [[LMARK]];
; CHECK:       // %exit
; CHECK-NOT:     cp.async
; CHECK:         ret;
; REMARK: remark: <unknown>:0:0: zero-fill source size is not a compile-time constant: selecting among 2 copies with constant source sizes
; REMARK: remark: <unknown>:0:0: zero-fill source size is not a compile-time constant: selecting among 2 copies with constant source sizes
define ptx_kernel void @four_stage(ptr %out, ptr %in, i32 %tiles) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext nneg i32 %tid to i64
  %dst0 = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %tid64
  br label %prologue

prologue:
  %s = phi i32 [ 0, %entry ], [ %s.next, %prologue ]
  %stage.p = and i32 %s, 3
  %stage64.p = zext nneg i32 %stage.p to i64
  %dst.p = getelementptr inbounds nuw [256 x <4 x float>], ptr %dst0, i64 %stage64.p
  %row.p = shl nsw i32 %s, 8
  %elt.p = add nuw i32 %row.p, %tid
  %elt64.p = zext i32 %elt.p to i64
  %src.p = getelementptr inbounds nuw <4 x float>, ptr %in, i64 %elt64.p
  %valid.p = icmp slt i32 %s, %tiles
  %bytes.p = select i1 %valid.p, i32 16, i32 0
  call void @asyncpipe.copy.zfill(ptr %dst.p, ptr %src.p, i32 16, i32 %bytes.p, i32 1)
  call void @asyncpipe.mark()
  %s.next = add nuw nsw i32 %s, 1
  %prologue.done = icmp eq i32 %s.next, 3
  br i1 %prologue.done, label %check, label %prologue

check:
  %any = icmp sgt i32 %tiles, 0
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %check ], [ %i.next, %loop ]
  %acc = phi <4 x float> [ zeroinitializer, %check ], [ %acc.next, %loop ]
  %ahead = add nuw nsw i32 %i, 3
  %stage = and i32 %ahead, 3
  %stage64 = zext nneg i32 %stage to i64
  %dst = getelementptr inbounds nuw [256 x <4 x float>], ptr %dst0, i64 %stage64
  %row = shl nsw i32 %ahead, 8
  %elt = add nuw i32 %row, %tid
  %elt64 = zext i32 %elt to i64
  %src = getelementptr inbounds nuw <4 x float>, ptr %in, i64 %elt64
  %valid = icmp slt i32 %ahead, %tiles
  %bytes = select i1 %valid, i32 16, i32 0
  call void @asyncpipe.copy.zfill(ptr %dst, ptr %src, i32 16, i32 %bytes, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 3)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %cur = and i32 %i, 3
  %cur64 = zext nneg i32 %cur to i64
  %read = getelementptr inbounds nuw [256 x <4 x float>], ptr %dst0, i64 %cur64
  %v = load <4 x float>, ptr %read, align 16
  %acc.next = fadd contract <4 x float> %acc, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %tiles
  br i1 %done, label %exit, label %loop

exit:
  %sum = phi <4 x float> [ zeroinitializer, %check ], [ %acc.next, %loop ]
  %dst.out = getelementptr inbounds nuw <4 x float>, ptr %out, i64 %tid64
  store <4 x float> %sum, ptr %dst.out, align 16
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @asyncpipe.copy.zfill(ptr, ptr, i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
