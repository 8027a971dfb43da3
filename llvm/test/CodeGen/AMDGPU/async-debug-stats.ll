; -asyncpipe-debug=amdgpu-lower-async-waits traces each wait decision of the
; AMDGPU wait lowering, and -asyncpipe-stats counts them, with the stock llc
; and clang of a release LLVM.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null < %s \
; RUN:   -asyncpipe-debug=amdgpu-lower-async-waits -asyncpipe-stats 2>&1 | FileCheck %s
; The IR passes at the start of codegen trace too.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null < %s \
; RUN:   -asyncpipe-debug=asyncpipe,amdgpu-lower-async-intrinsics 2>&1 \
; RUN:   | FileCheck %s --check-prefix=IR
; RUN: %clang -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -x ir -c \
; RUN:   -o /dev/null %s -mllvm -asyncpipe-stats 2>&1 | FileCheck %s --check-prefix=STATS

; CHECK:      ********** AMDGPU async wait lowering: weakened (2 marks tracked) **********
; CHECK-NEXT: wait_asyncmark(1) in %bb.0: vmcnt(1)
; CHECK-NEXT: ********** AMDGPU async wait lowering: merged (2 marks tracked) **********
; CHECK-NEXT: wait_asyncmark(1) in %bb.0: vmcnt(2)
; CHECK-NEXT: ********** AMDGPU async wait lowering: nothing_in_flight (1 marks tracked) **********
; CHECK-NEXT: wait_asyncmark(0) in %bb.0: no wait needed
; CHECK-NEXT: ===-------------------------------------------------------------------------===
; CHECK-NEXT:                           ... Statistics Collected ...
; CHECK-NEXT: ===-------------------------------------------------------------------------===
; CHECK-EMPTY:
; CHECK-NEXT: 4 amdgpu-lower-async-intrinsics - Number of async copies lowered
; CHECK-NEXT: 5 amdgpu-lower-async-intrinsics - Number of marks lowered to markers
; CHECK-NEXT: 3 amdgpu-lower-async-intrinsics - Number of waits lowered to markers
; CHECK-NEXT: 1 amdgpu-lower-async-waits      - Number of async waits merged into an s_waitcnt
; CHECK-NEXT: 1 amdgpu-lower-async-waits      - Number of async waits that needed no s_waitcnt
; CHECK-NEXT: 3 amdgpu-lower-async-waits      - Number of async waits lowered
; CHECK-NEXT: 2 amdgpu-lower-async-waits      - Number of async waits lowered to vmcnt(N), N > 0
; CHECK-EMPTY:

; The summary runs over every function before asyncpipe-lower (a module
; pass), the intrinsic lowering after it.
; IR:      AsyncOpSummary: weakened at codegen: 2 copies, 2 marks, 1 waits
; IR-NEXT: AsyncOpSummary: merged at codegen: 2 copies, 2 marks, 1 waits
; IR-NEXT: AsyncOpSummary: nothing_in_flight at codegen: 0 copies, 1 marks, 1 waits
; IR-NEXT: AMDGPULowerAsyncIntrinsics: lowering  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
; IR-NEXT: AMDGPULowerAsyncIntrinsics: lowering  call void @llvm.amdgcn.asyncmark()
; IR-NOT:  AMDGPU async wait lowering

; STATS:      ... Statistics Collected ...
; STATS:      amdgpu-lower-async-waits - Number of async waits lowered

@lds = internal addrspace(3) global [256 x i32] poison

; Two copies, two marks: the wait for all but the newest needs vmcnt(1).
define amdgpu_kernel void @weakened(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 256, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

; The load's value is needed right after the wait (vmcnt(1)): the stock
; pass's s_waitcnt for it is stronger than the vmcnt(2) the wait needs, and
; carries the async wait.
define amdgpu_kernel void @merged(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %v = load i32, ptr addrspace(1) %g
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 256, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; No copy was issued: the wait needs nothing.
define amdgpu_kernel void @nothing_in_flight() {
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
