; Waits on NVPTX: wait(0) is cp.async.wait_all, wait(N) cp.async.wait_group N;
; a wait for at least as many marks as can be outstanding is dropped; a
; run-time count becomes a switch over the constant waits that can matter.
; Native cp.async.wait.group calls get the same treatment: clang does not
; verify its IR, so CUDA code can hand the backend a non-constant operand
; (llc -disable-verify stands for that here), which must not reach ISel.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -disable-verify %s \
; RUN:   -o %t.sm80.ptx -pass-remarks=asyncpipe -pass-remarks-analysis=asyncpipe \
; RUN:   2>%t.remarks
; RUN: FileCheck %s < %t.sm80.ptx
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -disable-verify %s \
; RUN:   -o %t.sm90.ptx
; RUN: FileCheck %s < %t.sm90.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

; Three marks: wait(3) can wait for nothing, wait(2) and wait(1) remain; the
; native wait_group 5 is dropped, the native wait_all stays.
; CHECK-LABEL: .visible .entry constant_counts(
; CHECK:         cp.async.commit_group;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.wait_group 2;
; CHECK-NEXT:    cp.async.wait_group 1;
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:    ret;
define ptx_kernel void @constant_counts(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 3)
  call void @asyncpipe.wait(i32 2)
  call void @asyncpipe.wait(i32 1)
  call void @llvm.nvvm.cp.async.wait.group(i32 5)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}
; REMARK: remark: <unknown>:0:0: wait for at most 3 outstanding marks removed: rule W1 (activation): at most 3 marks of this function can be outstanding here
; REMARK: remark: <unknown>:0:0: wait for at most 5 outstanding marks removed: rule W2 (native counter): at most 3 cp.async groups can be pending here on every path

; Two marks: a run-time count selects among wait_all and wait_group 1; larger
; counts wait for nothing.
; CHECK-LABEL: .visible .entry variable_count(
; CHECK:         cp.async.commit_group;
; CHECK-NEXT:    ld.param.b32 [[N:%r[0-9]+]], [variable_count_param_2];
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    setp.eq.b32 [[IS1:%p[0-9]+]], [[N]], 1;
; CHECK-NEXT:    @[[IS1]] bra [[WAIT1:\$L__BB[0-9_]+]];
; CHECK-NEXT:  // %bb.1:
; CHECK-NEXT:    setp.ne.b32 [[NOT0:%p[0-9]+]], [[N]], 0;
; CHECK-NEXT:    @[[NOT0]] bra [[DONE:\$L__BB[0-9_]+]];
; CHECK-NEXT:  // %bb.2: // %asyncpipe.wait.0
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:    bra.uni [[DONE]];
; CHECK-NEXT:  [[WAIT1]]:
; CHECK-NEXT:    cp.async.wait_group 1;
; CHECK-NEXT:  [[DONE]]:
; CHECK-NEXT:    ret;
define ptx_kernel void @variable_count(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 %n)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant: selecting among 2 constant waits; larger counts wait for nothing (at most 2 marks outstanding)

; The native intrinsic with a run-time count, marks in a loop: eight constant
; waits, wait_all for larger counts.
; CHECK-LABEL: .visible .entry native_variable_count(
; CHECK:         ld.param.b32 [[N:%r[0-9]+]], [native_variable_count_param_2];
; CHECK:         cp.async.commit_group;
; CHECK:         setp.gt.u32 [[BIG:%p[0-9]+]], [[N]], 7;
; CHECK-NEXT:    @[[BIG]] bra [[ALL:\$L__BB[0-9_]+]];
; CHECK:         brx.idx [[N]], $L_brx_0;
; CHECK-DAG:     cp.async.wait_all;
; CHECK-DAG:     cp.async.wait_group 1;
; CHECK-DAG:     cp.async.wait_group 2;
; CHECK-DAG:     cp.async.wait_group 3;
; CHECK-DAG:     cp.async.wait_group 4;
; CHECK-DAG:     cp.async.wait_group 5;
; CHECK-DAG:     cp.async.wait_group 6;
; CHECK-DAG:     cp.async.wait_group 7;
; CHECK:       [[ALL]]:
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:  $L__BB{{[0-9_]+}}:
; CHECK-NEXT:    ret;
define ptx_kernel void @native_variable_count(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n, i32 %trips) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %trips
  br i1 %more, label %loop, label %exit
exit:
  call void @llvm.nvvm.cp.async.wait.group(i32 %n)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant: selecting among 8 constant waits; larger counts wait for all marks (marks in a loop)

; Marks in a loop leave the count unbounded, but a run-time count known to
; be 1 folds to wait_group 1, which leaves at most one mark outstanding: then
; a count of 0 or 1 only needs wait_all when it is 0.
; CHECK-LABEL: .visible .entry known_range(
; CHECK:         cp.async.wait_group 1;
; CHECK-NEXT:    and.b32 [[LOW:%r[0-9]+]], %r{{[0-9]+}}, 1;
; CHECK-NEXT:    setp.ne.b32 [[ODD:%p[0-9]+]], [[LOW]], 0;
; CHECK-NEXT:    @[[ODD]] bra [[DONE:\$L__BB[0-9_]+]];
; CHECK-NEXT:  // %bb.3: // %asyncpipe.wait.0
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:  [[DONE]]:
; CHECK-NEXT:    ret;
define ptx_kernel void @known_range(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n, i1 %c) {
entry:
  br label %loop
loop:
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  %low = and i32 %n, 1
  %one = or i32 %low, 1
  %also.one = and i32 %one, 1
  call void @asyncpipe.wait(i32 %also.one)
  call void @asyncpipe.wait(i32 %low)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant but is always 1
; REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant: selecting among 1 constant waits; larger counts wait for nothing (at most 1 marks outstanding)

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
