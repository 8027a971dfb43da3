; clang 22 emits an OpenCL kernel for NVPTX as a stub that calls its body,
; __clang_ocl_kern_imp_<kernel>, which other kernels may call with arguments
; of their own. asyncpipe-pipeline-opencl-kernels inlines the body into the
; stub when the body asks to be pipelined, so that the kernel's loop works on
; the kernel's (group-uniform) arguments; the callable copy stays. A body
; without a request, an optnone function (-O0), a kernel that calls
; something else too, or a call to another kernel's body is left alone.
; RUN: %opt -S %s \
; RUN:   -passes=asyncpipe-pipeline-opencl-kernels | FileCheck %s
; The pass runs at PipelineStart, before the annotation pass.
; RUN: %opt -disable-output %s -passes='default<O2>' \
; RUN:   -print-pipeline-passes | FileCheck %s --check-prefix=PIPELINE
; PIPELINE: asyncpipe-pipeline-opencl-kernels,{{.*}}asyncpipe-pipeline-annotation

target triple = "nvptx64-nvidia-cuda"

declare void @asyncpipe.pipeline(i32)
declare void @other()

; CHECK-LABEL: define ptx_kernel void @asks(
; CHECK-NEXT:    call void @asyncpipe.pipeline(i32 3)
; CHECK-NEXT:    store i32 1, ptr addrspace(1) %p
; CHECK-NEXT:    ret void
define ptx_kernel void @asks(ptr addrspace(1) %p) {
  call void @__clang_ocl_kern_imp_asks(ptr addrspace(1) %p)
  ret void
}

; CHECK-LABEL: define void @__clang_ocl_kern_imp_asks(
; CHECK-NEXT:    call void @asyncpipe.pipeline(i32 3)
define void @__clang_ocl_kern_imp_asks(ptr addrspace(1) %p) noinline {
  call void @asyncpipe.pipeline(i32 3)
  store i32 1, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define ptx_kernel void @plain(
; CHECK-NEXT:    call void @__clang_ocl_kern_imp_plain(
define ptx_kernel void @plain(ptr addrspace(1) %p) {
  call void @__clang_ocl_kern_imp_plain(ptr addrspace(1) %p)
  ret void
}

define void @__clang_ocl_kern_imp_plain(ptr addrspace(1) %p) noinline {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define ptx_kernel void @at_o0(
; CHECK-NEXT:    call void @__clang_ocl_kern_imp_at_o0(
define ptx_kernel void @at_o0(ptr addrspace(1) %p) noinline optnone {
  call void @__clang_ocl_kern_imp_at_o0(ptr addrspace(1) %p)
  ret void
}

define void @__clang_ocl_kern_imp_at_o0(ptr addrspace(1) %p) noinline optnone {
  call void @asyncpipe.pipeline(i32 3)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @not_a_stub(
; CHECK-NEXT:    call void @other()
; CHECK-NEXT:    call void @__clang_ocl_kern_imp_asks(
define ptx_kernel void @not_a_stub(ptr addrspace(1) %p) {
  call void @other()
  call void @__clang_ocl_kern_imp_asks(ptr addrspace(1) %p)
  ret void
}

; A kernel calling another kernel's body is an ordinary call.
; CHECK-LABEL: define ptx_kernel void @caller(
; CHECK-NEXT:    call void @__clang_ocl_kern_imp_asks(
define ptx_kernel void @caller(ptr addrspace(1) %p) {
  call void @__clang_ocl_kern_imp_asks(ptr addrspace(1) %p)
  ret void
}
