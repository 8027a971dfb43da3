; llc -load= runs the plugin's codegen passes for nvptx64; stock llc runs none.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 \
; RUN:   -pass-remarks-analysis=asyncpipe -o /dev/null %s 2>&1 | FileCheck %s
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 \
; RUN:   -pass-remarks-analysis=asyncpipe -o /dev/null %s 2>&1 | count 0
; REQUIRES: nvptx-registered-target

; CHECK: remark: <unknown>:0:0: 'copy_kernel' at codegen: 1 async copies, 1 marks, 1 waits

define ptx_kernel void @copy_kernel(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ret void
}

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
