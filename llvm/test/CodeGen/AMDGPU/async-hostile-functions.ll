; Hostile input: async operations in functions of unusual kinds (issue 20):
; a recursive function, an optnone kernel, a helper called indirectly, and
; shaders (amdgpu_ps, amdgpu_cs, amdgpu_gfx under PAL), in both spellings, at
; O0 and O3. None is an error: each compiles to code whose every wait the
; independent checker proves (a call is a point where the callee may leave
; copies in flight), with -verify-machineinstrs.
; RUN: split-file %s %t
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/compute.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefix=COMPUTE
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/compute.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefix=COMPUTE
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/shaders.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx942 -O0 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefix=SHADERS
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/shaders.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -o - 2>&1 | FileCheck %s --check-prefix=SHADERS
; REQUIRES: amdgpu-registered-target

; COMPUTE-NOT: error
; COMPUTE-LABEL: recursive:
; COMPUTE:         global_load_lds_dword
; COMPUTE:         s_swappc_b64
; COMPUTE:         s_waitcnt vmcnt(0)
; COMPUTE:         ; wait_asyncmark(0)
; COMPUTE-LABEL: optnone_kernel:
; COMPUTE:         global_load_lds_dword
; COMPUTE:         s_waitcnt vmcnt(0)
; COMPUTE:         ; wait_asyncmark(1)
; COMPUTE-LABEL: indirect_caller:
; COMPUTE:         s_swappc_b64
; COMPUTE:         s_waitcnt vmcnt(0)
; COMPUTE:         ; wait_asyncmark(0)
; COMPUTE-NOT: error

; SHADERS-NOT: error
; SHADERS-LABEL: ps:
; SHADERS:         global_load_lds_dword
; SHADERS:         s_waitcnt vmcnt(0)
; SHADERS-LABEL: cs:
; SHADERS:         global_load_lds_dword
; SHADERS:         s_waitcnt vmcnt(0)
; SHADERS-LABEL: gfx_fn:
; SHADERS:         global_load_lds_dword
; SHADERS:         s_waitcnt vmcnt(0)
; SHADERS-NOT: error

;--- compute.ll
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [64 x i32] poison

define void @recursive(ptr addrspace(1) %g, i32 %n) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %again, label %done
again:
  %m = sub i32 %n, 1
  call void @recursive(ptr addrspace(1) %g, i32 %m)
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  br label %done
done:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_kernel void @optnone_kernel(ptr addrspace(1) %g) #0 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

define void @marks(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  ret void
}

define amdgpu_kernel void @indirect_caller(ptr addrspace(1) %g, i1 %c) {
  %f = select i1 %c, ptr @marks, ptr @recursive
  call void %f(ptr addrspace(1) %g, i32 0)
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

attributes #0 = { noinline optnone }
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- shaders.ll
target triple = "amdgcn-amd-amdpal"
@lds = internal addrspace(3) global [64 x i32] poison

define amdgpu_ps void @ps(ptr addrspace(1) inreg %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

define amdgpu_cs void @cs(ptr addrspace(1) inreg %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_gfx void @gfx_fn(ptr addrspace(1) inreg %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
