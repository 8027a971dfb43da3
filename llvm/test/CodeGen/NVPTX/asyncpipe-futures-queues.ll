; Futures on two queues in a kernel: each wait on a future becomes a wait of
; its queue (asyncpipe-lower-futures), then the combined count on the one
; cp.async group counter: in the loop 3 for queue 0's tile (queue 1's mark,
; queue 0's and queue 1's next marks are newer) and 2 for queue 1's, after
; it 1 and all. PTX assembled by ptxas.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 \
; RUN:   -asyncpipe-verify-futures %s -o %t.ptx
; RUN: FileCheck %s < %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry two_queues(
; CHECK: $L__BB0_[[LOOP:[0-9]+]]:
; CHECK: cp.async.commit_group;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.wait_group 3;
; CHECK: cp.async.wait_group 2;
; CHECK: @%p{{[0-9]+}} bra $L__BB0_[[LOOP]];
; CHECK: cp.async.wait_group 1;
; CHECK: cp.async.wait_all;
define ptx_kernel void @two_queues(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %n) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) %sa, ptr addrspace(1) %g, i32 4, i32 0)
  %a0 = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %sb, ptr addrspace(1) %g, i32 4, i32 0)
  %b0 = call i32 @asyncpipe.mark.future.queue(i32 1)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a.cur = phi i32 [ %a0, %entry ], [ %a.next, %loop ]
  %b.cur = phi i32 [ %b0, %entry ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.b, %loop ]
  %src = getelementptr i32, ptr addrspace(1) %g, i32 %i
  call void @asyncpipe.copy(ptr addrspace(3) %sa, ptr addrspace(1) %src, i32 4, i32 0)
  %a.next = call i32 @asyncpipe.mark.future()
  call void @asyncpipe.copy(ptr addrspace(3) %sb, ptr addrspace(1) %src, i32 4, i32 0)
  %b.next = call i32 @asyncpipe.mark.future.queue(i32 1)
  call void @asyncpipe.wait.future(i32 %a.cur)
  %va = load volatile i32, ptr addrspace(3) %sa
  %acc.a = add i32 %acc, %va
  call void @asyncpipe.wait.future(i32 %b.cur)
  %vb = load volatile i32, ptr addrspace(3) %sb
  %acc.b = add i32 %acc.a, %vb
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  call void @asyncpipe.wait.future(i32 %a.next)
  %la = load volatile i32, ptr addrspace(3) %sa
  call void @asyncpipe.wait.future(i32 %b.next)
  %lb = load volatile i32, ptr addrspace(3) %sb
  %s1 = add i32 %acc.b, %la
  %s2 = add i32 %s1, %lb
  store i32 %s2, ptr addrspace(1) %out
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare i32 @asyncpipe.mark.future()
declare i32 @asyncpipe.mark.future.queue(i32)
declare void @asyncpipe.wait.future(i32)
