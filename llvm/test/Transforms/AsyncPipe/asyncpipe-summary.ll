; The plugin's passes run by name in opt (new PM) and from the default
; pipelines at every optimization level.
; RUN: %opt -passes=asyncpipe-summary -pass-remarks-analysis=asyncpipe \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=BYNAME
; RUN: %opt -passes='default<O0>' -pass-remarks-analysis=asyncpipe \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=PIPELINE
; RUN: %opt -passes='default<O3>' -pass-remarks-analysis=asyncpipe \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=OPTIMIZED
; Without the plugin the pass name is unknown.
; RUN: not opt -passes=asyncpipe-summary -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STOCK

; BYNAME: remark: <unknown>:0:0: 'amdgpu_style' at opt: 2 async copies, 2 marks, 1 waits
; BYNAME-NEXT: remark: <unknown>:0:0: 'nvptx_style' at opt: 1 async copies, 1 marks, 2 waits
; BYNAME-NOT: no_async_ops
; PIPELINE: remark: <unknown>:0:0: 'amdgpu_style' at optimizer end: 2 async copies, 2 marks, 1 waits
; PIPELINE: remark: <unknown>:0:0: 'nvptx_style' at optimizer end: 1 async copies, 1 marks, 2 waits
; asyncpipe-elim (llvm/docs/AsyncPipeElimination.rst) removes nvptx_style's
; wait_all: the wait_group 0 before it leaves nothing outstanding.
; OPTIMIZED: remark: <unknown>:0:0: 'amdgpu_style' at optimizer end: 2 async copies, 2 marks, 1 waits
; OPTIMIZED: remark: <unknown>:0:0: 'nvptx_style' at optimizer end: 1 async copies, 1 marks, 1 waits
; STOCK: unknown pass name 'asyncpipe-summary'

define void @amdgpu_style(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

define void @nvptx_style(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

define void @no_async_ops(ptr %p) {
  store i32 0, ptr %p
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
