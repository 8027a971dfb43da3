; The AMDGPU passes check their pinned TSFlags bits against the libLLVM they
; are loaded into once per process, always. A mismatch (forced here by a
; testing option) fails the compilation with an error naming the LLVM version
; the plugin was built for, before any wait is computed from wrong bits: in
; llc, and in clang as an error rather than a crash.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null < %s \
; RUN:   -amdgpu-async-tsflags-mismatch-for-testing 2>&1 | FileCheck %s
; RUN: not %clang -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -x ir -c \
; RUN:   -o /dev/null %s -mllvm -amdgpu-async-tsflags-mismatch-for-testing 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,CLANG
; The same run passes without the option.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null < %s

; CHECK: error: AsyncPipe was built for LLVM {{[0-9]+\.[0-9]+\.[0-9]+}}, and the AMDGPU instruction flags (TSFlags) of the LLVM it is loaded into differ from those it relies on: (forced by -amdgpu-async-tsflags-mismatch-for-testing); rebuild AsyncPipe against this LLVM (its AMDGPU waits would be wrong)
; CHECK-NOT: Stack dump
; CLANG: errors generated.

define amdgpu_kernel void @k(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

@lds = internal addrspace(3) global [64 x i32] poison
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
