; Clang 22's callable copy of an OpenCL kernel (__clang_ocl_kern_imp_<k>)
; that no kernel of the module calls, and that uses the kernel's local
; variables, becomes a trap with a remark in a module with async operations,
; instead of the backend's warning "local memory global used by non-kernel
; function" (and the traps it compiles the local accesses to). A copy that a
; kernel calls (clang's -O0 shape) keeps its body, which gets the caller's
; local memory. A module without async operations compiles as stock,
; warning included.
; RUN: rm -rf %t && split-file %s %t
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/async.ll -o %t/async.s \
; RUN:   -pass-remarks-analysis=amdgpu-trap-uncalled-kernel-bodies 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=warning:
; RUN: FileCheck %s < %t/async.s
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/stock.ll -o %t/stock.s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STOCK
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/stock.ll -o %t/plugin.s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STOCK
; RUN: diff %t/stock.s %t/plugin.s
; REQUIRES: amdgpu-registered-target

; REMARK: remark: <unknown>:0:0: the callable copy of kernel 'k' that clang emits ('__clang_ocl_kern_imp_k'), called by no kernel here, uses the kernel's local variables, which only a kernel of this module can give it: its body is a trap
; REMARK-NOT: callable copy of kernel 'called'

; CHECK-LABEL: k:
; CHECK:         global_load_lds_dword
; CHECK:         s_endpgm
; CHECK-LABEL: __clang_ocl_kern_imp_k:
; CHECK-NOT:     global_load_lds_dword
; CHECK:         s_trap 2
; CHECK-NEXT:  .Lfunc_end1:
; The backend emits a callee before its caller.
; CHECK-LABEL: __clang_ocl_kern_imp_called:
; CHECK:         global_load_lds_dword
; CHECK-NOT:     s_trap
; CHECK:         s_setpc_b64
; CHECK-LABEL: called:
; CHECK:         s_swappc_b64

; STOCK: warning: {{.*}}local memory global used by non-kernel function

;--- async.ll
@k.tile = internal addrspace(3) global [64 x i32] poison, align 4
@called.tile = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %dst = getelementptr i32, ptr addrspace(3) @k.tile, i32 %lane
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %dst, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %dst
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %lane
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define void @__clang_ocl_kern_imp_k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %dst = getelementptr i32, ptr addrspace(3) @k.tile, i32 %lane
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %dst, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %dst
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %lane
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define amdgpu_kernel void @called(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  call void @__clang_ocl_kern_imp_called(ptr addrspace(1) %in, ptr addrspace(1) %out)
  ret void
}

define void @__clang_ocl_kern_imp_called(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %dst = getelementptr i32, ptr addrspace(3) @called.tile, i32 %lane
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %lane
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) %dst, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %dst
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %lane
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- stock.ll
@p.tile = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @p(ptr addrspace(1) %out) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %t = getelementptr i32, ptr addrspace(3) @p.tile, i32 %lane
  store i32 %lane, ptr addrspace(3) %t
  %v = load i32, ptr addrspace(3) %t
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define void @__clang_ocl_kern_imp_p(ptr addrspace(1) %out) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %t = getelementptr i32, ptr addrspace(3) @p.tile, i32 %lane
  store i32 %lane, ptr addrspace(3) %t
  %v = load i32, ptr addrspace(3) %t
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
