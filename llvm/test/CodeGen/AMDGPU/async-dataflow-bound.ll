; The guards of the wait dataflow. When its sweep bound is reached (forced
; here with a bound of one sweep, which can never show convergence), every
; wait of the function becomes vmcnt(0), with a missed-optimization remark
; (the second wait shares the first one's s_waitcnt); the checker proves the
; result. A wait naming more marks than the state
; tracks waits as for the most it tracks (1023), which is stronger.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-wait-max-sweeps=1 \
; RUN:   -pass-remarks-missed=asyncpipe < %s 2>%t.err | FileCheck %s --check-prefix=BOUND
; RUN: FileCheck %s --check-prefix=BOUND-REMARK < %t.err
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -pass-remarks-missed=asyncpipe \
; RUN:   -pass-remarks-analysis=asyncpipe -o /dev/null < %s 2>&1 | \
; RUN:   FileCheck %s --check-prefix=DEFAULT

@lds = internal addrspace(3) global [256 x i32] poison

; Without the bound the first wait needs only vmcnt(1).
; DEFAULT: remark: <unknown>:0:0: wait_asyncmark(1) needs vmcnt(1)
; DEFAULT-NEXT: remark: <unknown>:0:0: wait_asyncmark(0) needs vmcnt(0)
; BOUND-REMARK: remark: <unknown>:0:0: wait_asyncmark(1) uses vmcnt(0): the wait analysis of this function reached its iteration bound
; BOUND-REMARK-NEXT: remark: <unknown>:0:0: wait_asyncmark(0) uses vmcnt(0): the wait analysis of this function reached its iteration bound
; BOUND-LABEL: bounded:
; BOUND: global_load_lds_dword
; BOUND-NEXT: ;;#ASMSTART
; BOUND-NEXT: ; asyncmark
; BOUND-NEXT: ;;#ASMEND
; BOUND-NEXT: global_load_lds_dword
; BOUND-NEXT: ;;#ASMSTART
; BOUND-NEXT: ; asyncmark
; BOUND-NEXT: ;;#ASMEND
; BOUND-NEXT: s_waitcnt vmcnt(0)
; BOUND-NEXT: ;;#ASMSTART
; BOUND-NEXT: ; wait_asyncmark(1)
; BOUND-NEXT: ;;#ASMEND
; BOUND-NEXT: ;;#ASMSTART
; BOUND-NEXT: ; wait_asyncmark(0)
; BOUND-NEXT: ;;#ASMEND
; BOUND-NEXT: s_endpgm
define amdgpu_kernel void @bounded(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 256, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

; A wait naming 32767 marks (the largest i16 count) where one exists: the
; state tracks 1024, the wait is lowered as wait_asyncmark(1023), which needs
; nothing here either.
; DEFAULT: remark: <unknown>:0:0: wait_asyncmark(32767) needs no wait
; DEFAULT-NEXT: remark: <unknown>:0:0: wait_asyncmark(32767) names more marks than are tracked: waiting as for wait_asyncmark(1023)
define amdgpu_kernel void @huge_count(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 32767)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
