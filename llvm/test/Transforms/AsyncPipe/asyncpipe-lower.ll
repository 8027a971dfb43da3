; asyncpipe-lower rewrites the portable calls into each target's native form.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-lower -S %s \
; RUN:   -pass-remarks-analysis=asyncpipe 2>%t.nvptx.remarks | FileCheck %s --check-prefix=NVPTX
; RUN: FileCheck %s --check-prefix=NVPTX-REMARK < %t.nvptx.remarks
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=AMDGPU
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=HOST

define void @copy_mark_wait(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  call void @asyncpipe.wait(i32 %n)
  ret void
}

; NVPTX-LABEL: define void @copy_mark_wait(
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
;                wait(1) waits for nothing with one mark made: NVPTX drops it.
; NVPTX-NEXT:    [[N:%.*]] = freeze i32 %n
; NVPTX-NEXT:    switch i32 [[N]], label %[[DONE:.*]] [
; NVPTX-NEXT:      i32 0, label %[[WAIT0:.*]]
; NVPTX-NEXT:    ]
; NVPTX:       [[WAIT0]]:
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; NVPTX-NEXT:    br label %[[DONE]]
; NVPTX:       [[DONE]]:
; NVPTX-NEXT:    ret void
; NVPTX-REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant: selecting among 1 constant waits; larger counts wait for nothing (at most 1 marks outstanding)

; AMDGPU-LABEL: define void @copy_mark_wait(
; AMDGPU-NEXT:    [[LO:%.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; AMDGPU-NEXT:    [[LANE:%.*]] = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 [[LO]])
; AMDGPU-NEXT:    [[OFF:%.*]] = mul i32 [[LANE]], 4
; AMDGPU-NEXT:    [[NEG:%.*]] = sub i32 0, [[OFF]]
; AMDGPU-NEXT:    [[BASE:%.*]] = getelementptr i8, ptr addrspace(3) %s, i32 [[NEG]]
; AMDGPU-NEXT:    call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) [[BASE]], i32 4, i32 0, i32 0)
; AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
; AMDGPU-NEXT:    [[FROZEN:%.*]] = freeze i32 %n
; AMDGPU-NEXT:    switch i32 [[FROZEN]], label %[[DONE:.*]] [
; AMDGPU-NEXT:      i32 0, label %[[WAIT0:.*]]
; AMDGPU-NEXT:    ]
; AMDGPU:       [[WAIT0]]:
; AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
; AMDGPU-NEXT:    br label %[[DONE]]
; AMDGPU:       [[DONE]]:
; AMDGPU-NEXT:    ret void

; HOST-LABEL: define void @copy_mark_wait(
; HOST-NEXT:    notail call void @__asyncpipe_rt_enter()
; HOST-NEXT:    [[DST:%.*]] = addrspacecast ptr addrspace(3) %s to ptr
; HOST-NEXT:    [[SRC:%.*]] = addrspacecast ptr addrspace(1) %g to ptr
; HOST-NEXT:    notail call void @__asyncpipe_rt_copy(ptr [[DST]], ptr [[SRC]], i64 4, ptr @[[SITE:__asyncpipe_rt_site.*]])
; HOST-NEXT:    notail call void @__asyncpipe_rt_mark()
; HOST-NEXT:    notail call void @__asyncpipe_rt_wait(i64 1)
; HOST-NEXT:    [[N64:%.*]] = zext i32 %n to i64
; HOST-NEXT:    notail call void @__asyncpipe_rt_wait(i64 [[N64]])
; HOST-NEXT:    notail call void @__asyncpipe_rt_exit(ptr @[[SITE]])
; HOST-NEXT:    ret void

; A mark in a loop leaves the outstanding count unbounded: counts past the
; switch's cases wait for everything.
define void @marks_in_loop(i32 %n, i1 %c) {
entry:
  br label %loop
loop:
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 %n)
  ret void
}
; NVPTX-LABEL: define void @marks_in_loop(
; NVPTX:         [[N:%.*]] = freeze i32 %n
; NVPTX-NEXT:    switch i32 [[N]], label %[[ALL:.*]] [
; NVPTX-NEXT:      i32 0, label
; NVPTX-NEXT:      i32 1, label
; NVPTX-NEXT:      i32 2, label
; NVPTX-NEXT:      i32 3, label
; NVPTX-NEXT:      i32 4, label
; NVPTX-NEXT:      i32 5, label
; NVPTX-NEXT:      i32 6, label
; NVPTX-NEXT:      i32 7, label
; NVPTX-NEXT:    ]
; NVPTX:       [[ALL]]:
; NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; NVPTX-REMARK: remark: <unknown>:0:0: wait count is not a compile-time constant: selecting among 8 constant waits; larger counts wait for all marks (marks in a loop)

; No portable declaration survives.
; NVPTX-NOT: @asyncpipe.
; AMDGPU-NOT: @asyncpipe.
; HOST-NOT: @asyncpipe.

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
