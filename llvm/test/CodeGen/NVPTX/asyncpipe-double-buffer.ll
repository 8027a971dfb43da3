; A double-buffered loop written with the portable calls (from CUDA, clang
; -O2): while tile i is read, tile i+1 is in flight, so the loop waits for all
; but the newest mark: cp.async.wait_group 1, never wait_all. The second
; kernel marks only when it copied and waits with `more ? 1 : 0`: a branch
; between wait_group 1 and wait_all, no switch.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.sm80.ptx
; RUN: FileCheck %s < %t.sm80.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t.sm90.ptx
; RUN: FileCheck %s < %t.sm90.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

@buf = internal addrspace(3) global [2 x [256 x float]] undef, align 4

; CHECK-LABEL: .visible .entry double_buffer(
; CHECK:         cvta.to.global.u64 [[IN:%rd[0-9]+]], %rd{{[0-9]+}};
; CHECK:         mov.b64 [[BUF:%rd[0-9]+]], buf;
; CHECK-NEXT:    add.s64 [[DST0:%rd[0-9]+]], [[BUF]], [[OFF:%rd[0-9]+]];
; CHECK-NEXT:    add.s64 [[SRC0:%rd[0-9]+]], [[IN]], [[OFF]];
; CHECK-NEXT:    cp.async.ca.shared.global [[[DST0]]], [[[SRC0]]], 4;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK:       [[CONSUME:\$L__BB0_[0-9]+]]: // %consume
; CHECK-NEXT:    // in Loop: Header=BB0_2 Depth=1
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.wait_group 1;
; CHECK-NEXT:    bar.sync 0;
; CHECK:         ld.shared.b32
; CHECK:         bar.sync 0;
; CHECK:       $L__BB0_{{[0-9]+}}: // %loop
; CHECK:         @%p{{[0-9]+}} bra [[CONSUME]];
; CHECK-NEXT:  // %bb.3: // %prefetch
; CHECK-NEXT:    // in Loop: Header=BB0_2 Depth=1
; CHECK:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK-NEXT:    bra.uni [[CONSUME]];
; CHECK:       // %exit
; CHECK-NOT:     cp.async
; CHECK:         ret;
define ptx_kernel void @double_buffer(ptr %out, ptr %in, i32 %tiles) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext nneg i32 %tid to i64
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %tid64
  %src0 = getelementptr inbounds nuw float, ptr %in, i64 %tid64
  call void @asyncpipe.copy(ptr %dst0, ptr %src0, i32 4, i32 0)
  call void @asyncpipe.mark()
  %any = icmp sgt i32 %tiles, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %mirror = sub nsw i32 255, %tid
  %mirror64 = zext i32 %mirror to i64
  %read.base = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %mirror64
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %next, %consume ]
  %acc = phi float [ 0.000000e+00, %preheader ], [ %acc.next, %consume ]
  %next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %next, %tiles
  br i1 %more, label %prefetch, label %consume

prefetch:
  %slot = and i32 %next, 1
  %slot64 = zext nneg i32 %slot to i64
  %dst = getelementptr inbounds nuw [256 x float], ptr %dst0, i64 %slot64
  %row = shl nsw i32 %next, 8
  %elt = add nuw i32 %row, %tid
  %elt64 = zext i32 %elt to i64
  %src = getelementptr inbounds nuw float, ptr %in, i64 %elt64
  call void @asyncpipe.copy(ptr %dst, ptr %src, i32 4, i32 0)
  br label %consume

consume:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %cur = and i32 %i, 1
  %cur64 = zext nneg i32 %cur to i64
  %read = getelementptr inbounds nuw [256 x float], ptr %read.base, i64 %cur64
  %v = load float, ptr %read, align 4
  %acc.next = fadd contract float %acc, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %done = icmp eq i32 %next, %tiles
  br i1 %done, label %exit, label %loop

exit:
  %sum = phi float [ 0.000000e+00, %entry ], [ %acc.next, %consume ]
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %tid64
  store float %sum, ptr %dst.out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry double_buffer_drain(
; CHECK:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK:       [[WAIT1:\$L__BB1_[0-9]+]]: // %asyncpipe.wait.1
; CHECK-NEXT:    // in Loop: Header=BB1_2 Depth=1
; CHECK-NEXT:    cp.async.wait_group 1;
; CHECK-NEXT:  [[READ:\$L__BB1_[0-9]+]]: // %consume.split
; CHECK-NEXT:    // in Loop: Header=BB1_2 Depth=1
; CHECK-NEXT:    bar.sync 0;
; CHECK:         ld.shared.b32
; CHECK:       $L__BB1_{{[0-9]+}}: // %loop
; CHECK-NEXT:    // =>This Inner Loop Header: Depth=1
; CHECK-NEXT:    add.s32 [[NEXT:%r[0-9]+]], %r{{[0-9]+}}, 1;
; CHECK:       // %prefetch
; CHECK:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:  $L__BB1_{{[0-9]+}}: // %consume
; CHECK-NEXT:    // in Loop: Header=BB1_2 Depth=1
; CHECK-NEXT:    setp.lt.s32 [[MORE:%p[0-9]+]], [[NEXT]], %r{{[0-9]+}};
; CHECK-NEXT:    @[[MORE]] bra [[WAIT1]];
; CHECK-NEXT:  // %bb.5: // %asyncpipe.wait.0
; CHECK-NEXT:    // in Loop: Header=BB1_2 Depth=1
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:    bra.uni [[READ]];
define ptx_kernel void @double_buffer_drain(ptr %out, ptr %in, i32 %tiles) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext nneg i32 %tid to i64
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %tid64
  %src0 = getelementptr inbounds nuw float, ptr %in, i64 %tid64
  call void @asyncpipe.copy(ptr %dst0, ptr %src0, i32 4, i32 0)
  call void @asyncpipe.mark()
  %any = icmp sgt i32 %tiles, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %mirror = sub nsw i32 255, %tid
  %mirror64 = zext i32 %mirror to i64
  %read.base = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %mirror64
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %next, %consume ]
  %acc = phi float [ 0.000000e+00, %preheader ], [ %acc.next, %consume ]
  %next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %next, %tiles
  br i1 %more, label %prefetch, label %consume

prefetch:
  %slot = and i32 %next, 1
  %slot64 = zext nneg i32 %slot to i64
  %dst = getelementptr inbounds nuw [256 x float], ptr %dst0, i64 %slot64
  %row = shl nsw i32 %next, 8
  %elt = add nuw i32 %row, %tid
  %elt64 = zext i32 %elt to i64
  %src = getelementptr inbounds nuw float, ptr %in, i64 %elt64
  call void @asyncpipe.copy(ptr %dst, ptr %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume

consume:
  %keep = select i1 %more, i32 1, i32 0
  call void @asyncpipe.wait(i32 %keep)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %cur = and i32 %i, 1
  %cur64 = zext nneg i32 %cur to i64
  %read = getelementptr inbounds nuw [256 x float], ptr %read.base, i64 %cur64
  %v = load float, ptr %read, align 4
  %acc.next = fadd contract float %acc, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %done = icmp eq i32 %next, %tiles
  br i1 %done, label %exit, label %loop

exit:
  %sum = phi float [ 0.000000e+00, %entry ], [ %acc.next, %consume ]
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %tid64
  store float %sum, ptr %dst.out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
