; An async operation reached as an invoke: C++ that calls one in a try block
; through a declaration that does not say it cannot throw, or hand-written
; IR. None of them unwinds, so every pass that changes async operations first
; turns such an invoke into a call and a branch to its normal destination.
; Erasing or lowering the invoke itself left its block without a terminator
; (the IR verifier then aborted the compile). Each pass is run alone, then the
; -O0 and -O2 pipelines and llc on each target: the output must be valid IR
; with the same synchronization as the same program written with calls.
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: rm -rf %t && split-file %s %t

; Each pass that lowers, erases or inserts next to an async operation, alone.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-elim \
; RUN:   -S %t/gpu.ll | FileCheck %s --check-prefix=ELIM
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -passes=asyncpipe-bind-waits -S %t/gpu.ll \
; RUN:   | FileCheck %s --check-prefix=CALLS
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -passes=asyncpipe-lower-futures -S %t/gpu.ll \
; RUN:   | FileCheck %s --check-prefix=CALLS
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -passes=asyncpipe-pipeline -S %t/gpu.ll \
; RUN:   | FileCheck %s --check-prefix=CALLS
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -passes=amdgpu-record-async-waits -S %t/gpu.ll \
; RUN:   | FileCheck %s --check-prefix=CALLS
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=asyncpipe-lower \
; RUN:   -S %t/gpu.ll | FileCheck %s --check-prefix=CALLS
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-sanitize \
; RUN:   -S %t/host.ll | FileCheck %s --check-prefix=SANITIZE

; The pipelines and the code generators.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes='default<O0>' \
; RUN:   %t/gpu.ll | %llc -O0 -verify-machineinstrs \
; RUN:   | FileCheck %s --check-prefix=GFX942
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes='default<O2>' \
; RUN:   %t/gpu.ll | %llc -O2 -verify-machineinstrs \
; RUN:   | FileCheck %s --check-prefix=GFX942
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   %t/gpu.ll -o - | FileCheck %s --check-prefix=GFX942
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes='default<O0>' \
; RUN:   %t/gpu.ll | %llc -O0 -mcpu=sm_80 \
; RUN:   | FileCheck %s --check-prefix=SM80
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes='default<O2>' \
; RUN:   %t/gpu.ll | %llc -O2 -mcpu=sm_80 \
; RUN:   | FileCheck %s --check-prefix=SM80
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/gpu.ll -o - \
; RUN:   | FileCheck %s --check-prefix=SM80
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O0>' -S \
; RUN:   %t/host.ll | FileCheck %s --check-prefix=HOST
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O2>' -S \
; RUN:   %t/host.ll | FileCheck %s --check-prefix=HOST

; Invoked cp.async inline PTX: the wait at the kernel's start waits for
; nothing (rule W2) and goes; the wait_all after the copy stays.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes=asyncpipe-elim \
; RUN:   -S %t/asm.ll | FileCheck %s --check-prefix=ASM
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes='default<O2>' \
; RUN:   %t/asm.ll | %llc -mcpu=sm_80 | FileCheck %s --check-prefix=ASM-PTX

; ELIM-LABEL: define void @copy_then_load(
; ELIM-NEXT:  entry:
; ELIM-NEXT:    call void @asyncpipe.copy(
; ELIM-NEXT:    br label %copied
; ELIM:         call void @asyncpipe.mark()
; ELIM-NEXT:    br label %marked
; ELIM:         call void @asyncpipe.wait(i32 0)
; ELIM-NEXT:    br label %waited
; ELIM:         load i32
; ELIM-LABEL: define void @unobserved_mark(
; ELIM-NEXT:  entry:
; ELIM-NEXT:    br label %ok
; ELIM-NOT:     asyncpipe.mark

; CALLS-NOT: {{^ *}}invoke
; CALLS: define void @unobserved_mark(
; CALLS-NOT: {{^ *}}invoke

; SANITIZE-LABEL: define void @copy_then_load(
; SANITIZE-NOT:   invoke
; SANITIZE:       call void @__asyncpipe_rt_san_copy(
; SANITIZE-NOT:   invoke
; SANITIZE:       call void @__asyncpipe_rt_mark()
; SANITIZE-NEXT:  br label
; SANITIZE:       call void @__asyncpipe_rt_wait(i64 0)
; SANITIZE-NEXT:  br label
; SANITIZE:       call void @__asyncpipe_rt_san_load(
; SANITIZE-LABEL: define void @runtime_calls(
; SANITIZE-NOT:   invoke
; SANITIZE:       call void @__asyncpipe_rt_wait(i64 0)

; GFX942-LABEL: copy_then_load:
; GFX942:       global_load_lds_dword
; GFX942-NOT:   ds_read
; GFX942:       s_waitcnt vmcnt(0)
; GFX942:       ds_read_b32

; SM80-LABEL: .func copy_then_load(
; SM80:       cp.async.ca.shared.global
; SM80-NOT:   ld.shared
; SM80:       cp.async.commit_group;
; SM80-NOT:   ld.shared
; SM80:       cp.async.wait_all;
; SM80-NOT:   cp.async
; SM80:       ld.shared.b32
; SM80-LABEL: .func unobserved_mark()
; SM80:       cp.async.commit_group;

; HOST-LABEL: define void @copy_then_load(
; HOST-NOT:   invoke
; HOST:       call void @__asyncpipe_rt_copy(
; HOST-NOT:   invoke
; HOST:       call void @__asyncpipe_rt_mark()
; HOST-NOT:   invoke
; HOST:       call void @__asyncpipe_rt_wait(i64 0)
; HOST-NOT:   invoke
; HOST:       load i32
; HOST-LABEL: define void @runtime_calls(
; HOST-NOT:   invoke
; HOST:       call void @__asyncpipe_rt_mark()
; HOST-NOT:   invoke
; HOST:       call void @__asyncpipe_rt_wait(i64 0)
; HOST-NOT:   invoke

; ASM-LABEL: define ptx_kernel void @kernel(
; ASM-NEXT:  entry:
; ASM-NEXT:    br label %copy
; ASM:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; ASM-NEXT:    call void asm sideeffect unwind "cp.async.wait_all;", ""()
; ASM-NEXT:    br label %waited

; ASM-PTX-LABEL: .entry kernel(
; ASM-PTX-NOT:   cp.async.wait_group
; ASM-PTX:       cp.async.ca.shared.global
; ASM-PTX:       cp.async.wait_all;
; ASM-PTX:       ld.shared.b32

;--- gpu.ll
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare i32 @__gxx_personality_v0(...)

define void @copy_then_load(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr addrspace(1) %out) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
          to label %copied unwind label %lp
copied:
  invoke void @asyncpipe.mark()
          to label %marked unwind label %lp
marked:
  invoke void @asyncpipe.wait(i32 0)
          to label %waited unwind label %lp
waited:
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; Rule M1 removes this mark on AMDGPU: no wait can observe it.
define void @unobserved_mark() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @asyncpipe.mark()
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

;--- host.ll
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @__asyncpipe_rt_mark()
declare void @__asyncpipe_rt_wait(i64)
declare i32 @__gxx_personality_v0(...)

define void @copy_then_load(ptr %s, ptr %g, ptr %out) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
          to label %copied unwind label %lp
copied:
  invoke void @asyncpipe.mark()
          to label %marked unwind label %lp
marked:
  invoke void @asyncpipe.wait(i32 0)
          to label %waited unwind label %lp
waited:
  %v = load i32, ptr %s
  store i32 %v, ptr %out
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; The host runtime's own entry points, as C++ that includes asyncpipe_rt.h
; calls them.
define void @runtime_calls() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @__asyncpipe_rt_mark()
          to label %marked unwind label %lp
marked:
  invoke void @__asyncpipe_rt_wait(i64 0)
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

;--- asm.ll
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare i32 @__gxx_personality_v0(...)

define ptx_kernel void @kernel(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr addrspace(1) %out) personality ptr @__gxx_personality_v0 {
entry:
  invoke void asm sideeffect unwind "cp.async.wait_group 0;", ""()
          to label %copy unwind label %lp
copy:
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  invoke void asm sideeffect unwind "cp.async.wait_all;", ""()
          to label %waited unwind label %lp
waited:
  %v = load i32, ptr addrspace(3) %s
  store i32 %v, ptr addrspace(1) %out
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
