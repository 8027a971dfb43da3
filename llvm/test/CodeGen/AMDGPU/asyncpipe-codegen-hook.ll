; llc -load= runs the plugin's codegen passes for amdgcn; stock llc runs none.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -pass-remarks-analysis=asyncpipe \
; RUN:   -o /dev/null %s 2>&1 | FileCheck %s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -pass-remarks-analysis=asyncpipe \
; RUN:   -o /dev/null %s 2>&1 | count 0
; REQUIRES: amdgpu-registered-target

; CHECK: remark: <unknown>:0:0: 'plain_kernel' at codegen: 0 async copies, 0 marks, 1 waits

define amdgpu_kernel void @plain_kernel(ptr addrspace(1) %p) {
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  store i32 1, ptr addrspace(1) %p
  ret void
}

declare void @llvm.amdgcn.wait.asyncmark(i16)
