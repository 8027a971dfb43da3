; NVPTX behaviour of asyncpipe-lower at the IR level: copy policies and the
; zero-fill form, and waits. A wait is dropped when its count is at least the
; number of marks that can be outstanding there (bounded per wait over all
; CFG paths; marks in callees are not the caller's); native cp.async waits
; are rewritten the same way; run-time counts fold or become switches.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower -S %s \
; RUN:   -pass-remarks=asyncpipe -pass-remarks-missed=asyncpipe \
; RUN:   -pass-remarks-analysis=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower -S %s \
; RUN:   -asyncpipe-nvptx-zfill-in-register | FileCheck %s --check-prefix=REG

; CHECK-LABEL: define void @copies(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    ret void
define void @copies(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 1)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0, i32 0)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 4, i32 0)
  ret void
}
; REMARK: remark: <unknown>:0:0: L1-bypass hint ignored for this 8-byte async copy: NVPTX does not support it at this size

; A run-time zero-fill source size would cost registers in the .s operand
; (cuda_pipeline.h avoids it the same way): a switch selects copies with
; immediate sizes, only those it can take. A predicated copy is a branch.
; CHECK-LABEL: define void @zero_fill_predicated(
; CHECK-NEXT:    %size = select i1 %in.bounds, i32 16, i32 0
; CHECK-NEXT:    [[IN:%.*]] = freeze i1 %in.bounds
; CHECK-NEXT:    br i1 [[IN]], label %[[FULL:.*]], label %[[NONE:.*]]
; CHECK:       [[NONE]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0)
; CHECK-NEXT:    br label %[[DONE:.*]]
; CHECK:       [[FULL]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    br label %[[DONE]]
; CHECK:       [[DONE]]:
; CHECK-NEXT:    ret void
define void @zero_fill_predicated(ptr addrspace(3) %s, ptr addrspace(1) %g, i1 %in.bounds) {
  %size = select i1 %in.bounds, i32 16, i32 0
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %size, i32 1)
  ret void
}
; REMARK: remark: <unknown>:0:0: zero-fill source size is not a compile-time constant: selecting among 2 copies with constant source sizes

; A size known to be 0..3 for a 4-byte copy: four cases, the last the default.
; CHECK-LABEL: define void @zero_fill_range(
; CHECK-NEXT:    %size = and i32 %n, 3
; CHECK-NEXT:    [[SIZE:%.*]] = freeze i32 %size
; CHECK-NEXT:    switch i32 [[SIZE]], label %[[THREE:.*]] [
; CHECK-NEXT:      i32 0, label %[[ZERO:.*]]
; CHECK-NEXT:      i32 1, label %[[ONE:.*]]
; CHECK-NEXT:      i32 2, label %[[TWO:.*]]
; CHECK-NEXT:    ]
; CHECK:       [[ZERO]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0)
; CHECK:       [[ONE]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 1)
; CHECK:       [[TWO]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 2)
; CHECK:       [[THREE]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 3)
define void @zero_fill_range(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
  %size = and i32 %n, 3
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 %size, i32 0)
  ret void
}
; REMARK: remark: <unknown>:0:0: zero-fill source size is not a compile-time constant: selecting among 4 copies with constant source sizes

; With -asyncpipe-nvptx-zfill-in-register the size stays a run-time operand.
; REG-LABEL: define void @zero_fill_predicated(
; REG-NEXT:    %size = select i1 %in.bounds, i32 16, i32 0
; REG-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %size)
; REG-NEXT:    ret void

; Two marks on one path, one on the other: after the join at most two are
; outstanding, so wait(2) goes and wait(1) stays. The native wait_group 1
; after it stays: it has hardware semantics, and this function (not a
; kernel) may be called with any number of groups pending. The wait(0)
; stays.
; CHECK-LABEL: define void @diamond(
; CHECK:       join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    ret void
define void @diamond(i1 %c) {
entry:
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.mark()
  br label %join
join:
  call void @asyncpipe.wait(i32 2)
  call void @asyncpipe.wait(i32 1)
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  call void @asyncpipe.wait(i32 0)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait for at most 2 outstanding marks removed: rule W1 (activation): at most 2 marks of this function can be outstanding here

; A wait in a loop caps the count the loop carries: each iteration enters
; with at most two marks outstanding (one left by its wait(1), one made after
; it), so the loop's wait(1) stays (two can be outstanding there) and the
; wait(3) after the loop goes.
; CHECK-LABEL: define void @loop_with_wait(
; CHECK:       loop:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret void
define void @loop_with_wait(i1 %c) {
entry:
  br label %loop
loop:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 3)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait for at most 3 outstanding marks removed: rule W1 (activation): at most 2 marks of this function can be outstanding here

; Marks in a callee are not the caller's: its one mark bounds the wait.
; CHECK-LABEL: define void @callee_marks(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @diamond(i1 true)
; CHECK-NEXT:    ret void
define void @callee_marks() {
  call void @asyncpipe.mark()
  call void @diamond(i1 true)
  call void @asyncpipe.wait(i32 1)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: rule W1 (activation): at most 1 marks of this function can be outstanding here

; Run-time counts: one known to be at least the bound is dropped; one whose
; known range is a single value folds.
; CHECK-LABEL: define void @known_counts(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[BIG:%.*]] = or i32 %n, 2
; CHECK-NEXT:    [[ONE:%.*]] = and i32 1, 1
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT:    ret void
define void @known_counts(i32 %n) {
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  %big = or i32 %n, 2
  call void @asyncpipe.wait(i32 %big)
  %one = and i32 1, 1
  call void @asyncpipe.wait(i32 %one)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait removed: its count is at least 2 and at most 2 marks can be outstanding here
; REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant but is always 1

; More marks outstanding than a switch should tell apart (33 > 32): eight
; constant waits, and wait_all for larger counts (stronger, still correct).
; CHECK-LABEL: define void @many_marks(
; CHECK:         [[N:%.*]] = freeze i32 %n
; CHECK-NEXT:    switch i32 [[N]], label %[[ALL:.*]] [
; CHECK-NEXT:      i32 0, label
; CHECK-NEXT:      i32 1, label
; CHECK-NEXT:      i32 2, label
; CHECK-NEXT:      i32 3, label
; CHECK-NEXT:      i32 4, label
; CHECK-NEXT:      i32 5, label
; CHECK-NEXT:      i32 6, label
; CHECK-NEXT:      i32 7, label
; CHECK-NEXT:    ]
; CHECK:       [[ALL]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
define void @many_marks(i32 %n) {
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 %n)
  ret void
}
; REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant: selecting among 8 constant waits; larger counts wait for all marks (up to 33 marks outstanding)

; A poison count is frozen before it is branched on (a branch on poison is
; undefined, the call was not).
; CHECK-LABEL: define void @poison_count(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[P:%.*]] = freeze i32 poison
; CHECK-NEXT:    switch i32 [[P]], label %[[DONE:.*]] [
; CHECK-NEXT:      i32 0, label %[[WAIT0:.*]]
; CHECK-NEXT:    ]
; CHECK:       [[WAIT0]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NEXT:    br label %[[DONE]]
; CHECK:       [[DONE]]:
; CHECK-NEXT:    ret void
define void @poison_count() {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 poison)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.nvvm.cp.async.wait.group(i32)
