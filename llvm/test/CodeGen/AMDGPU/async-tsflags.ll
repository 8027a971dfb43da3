; The AsyncPipe AMDGPU passes classify instructions by TSFlags bits pinned for
; LLVM 22.1; this checks the pins against opcodes of known class in the
; libLLVM the plugin is loaded into.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits -amdgpu-async-verify-tsflags \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s

; CHECK: remark: AsyncPipe: 13 AMDGPU TSFlags pins verified
; CHECK-NOT: error

define amdgpu_kernel void @k() {
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}
declare void @llvm.amdgcn.wait.asyncmark(i16)
