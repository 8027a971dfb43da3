; The checker classifies AMDGPU instructions by opcode name and checks, once,
; that opcodes of known class are there and classified as expected. An LLVM
; whose AMDGPU backend renamed one stops with an error naming its version
; instead of checking nothing; a testing-only option plays that LLVM.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-check-async-waits-pretend-missing-opcode=GLOBAL_LOAD_LDS_DWORD \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-check-async-waits-pretend-missing-opcode=S_WAITCNT \
; RUN:   -o /dev/null < %s 2>&1 | FileCheck %s --check-prefix=WAITCNT
; Without the checker nothing is classified.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -amdgpu-check-async-waits-pretend-missing-opcode=S_WAITCNT \
; RUN:   -o /dev/null < %s

; CHECK: LLVM ERROR: AsyncPipe: -amdgpu-enable-check-async-waits cannot classify the AMDGPU instructions of LLVM {{[0-9]+\.[0-9]+\.[0-9]+.*}} (it was written against LLVM 22.1): no opcode GLOBAL_LOAD_LDS_DWORD;
; WAITCNT: LLVM ERROR: AsyncPipe: -amdgpu-enable-check-async-waits cannot classify the AMDGPU instructions of LLVM {{.*}}: no opcode S_WAITCNT;

; The checker runs only on modules that hold an async operation (one
; declaration is enough); without one it has nothing to check and classifies
; nothing (CodeGen/AMDGPU/async-unused.ll).
declare void @asyncpipe.mark()

define amdgpu_kernel void @kernel() {
  ret void
}
