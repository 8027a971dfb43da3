; NVPTX behaviour of asyncpipe-lower at the IR level: copy policies and the
; zero-fill form, and waits. A wait is dropped when its count is at least the
; number of marks that can be outstanding there (bounded per wait over all
; CFG paths; marks in callees are not the caller's); native cp.async waits
; are rewritten the same way; run-time counts fold or become switches.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower -S %s \
; RUN:   -pass-remarks=asyncpipe -pass-remarks-missed=asyncpipe \
; RUN:   -pass-remarks-analysis=asyncpipe 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; CHECK-LABEL: define void @copies(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
; CHECK-NEXT:    ret void
define void @copies(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 1)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %n, i32 1)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0, i32 0)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 4, i32 0)
  ret void
}
; REMARK: remark: <unknown>:0:0: L1-bypass hint ignored for this 8-byte async copy: NVPTX does not support it at this size

; Two marks on one path, one on the other: after the join at most two are
; outstanding, so wait(2) goes and wait(1) stays; wait(1) leaves one, so the
; native wait_group 1 after it goes too, and the wait(0) stays.
; CHECK-LABEL: define void @diamond(
; CHECK:       join:
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
; REMARK: remark: <unknown>:0:0: wait for at most 2 outstanding marks removed: at most 2 marks can be outstanding here
; REMARK: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: at most 1 marks can be outstanding here

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
; REMARK: remark: <unknown>:0:0: wait for at most 3 outstanding marks removed: at most 2 marks can be outstanding here

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
; REMARK: remark: <unknown>:0:0: wait for at most 1 outstanding marks removed: at most 1 marks can be outstanding here

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

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.nvvm.cp.async.wait.group(i32)
