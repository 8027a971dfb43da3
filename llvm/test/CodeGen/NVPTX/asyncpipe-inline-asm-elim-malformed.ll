; A malformed cp.async statement (which ptxas rejects, hence its own file; see
; asyncpipe-inline-asm-elim.ll) makes the whole function opaque to
; asyncpipe-elim: even the redundant waits before it stay, with no remark.
; RUN: %opt -passes=asyncpipe-elim -S %s -pass-remarks=asyncpipe-elim \
; RUN:   2>%t.remarks | FileCheck %s
; RUN: count 0 < %t.remarks

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @malformed() {
; CHECK-LABEL: define ptx_kernel void @malformed(
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; CHECK-NEXT:    call void asm sideeffect "cp.async.wait_group [$0];", "r"(i32 0)
; CHECK-NEXT:    ret void
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_group [$0];", "r"(i32 0)
  ret void
}
