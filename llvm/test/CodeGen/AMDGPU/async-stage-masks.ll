; Stage masks of upstream's draft (llvm-project PR #220442, provisional):
; llvm.amdgcn.asyncmark(i32 K) and llvm.amdgcn.wait.asyncmark(i16 N, i32 K),
; a set bit of K leaving its stage out. On gfx9 and gfx10 every async
; operation is LDS DMA, of the one stage BUFFER_GLOBAL_LOAD (bit 5), so a
; mask that leaves it in covers every operation there is: each mark is a
; plain mark and each wait a plain wait, exactly. The masks below leave
; BUFFER_GLOBAL_LOAD in together with other stages, reserved bits, or alone
; (0x7df); straight-line code, diamonds, a loop, a device function, an
; always_inline helper with masks. The assembly is the assembly of the same
; file with every mask dropped, byte for byte, with llc (-O2, -O0, both
; selectors) and after opt -O3, on gfx942, gfx950 and gfx1030; every wait is
; proven by the independent checker (the recorded source waits included,
; after opt). GlobalISel runs without -verify-machineinstrs: LLVM 22's own
; GlobalISel fails the machine verifier on these kernels with or without
; masks ("Copy Instruction is illegal with mismatching types").
; RUN: split-file %s %t
; RUN: sed -E -e 's/asyncmark\(i32( [0-9]+)?\)/asyncmark()/' \
; RUN:   -e 's/wait\.asyncmark\(i16( [0-9]+)?, i32( [0-9]+)?\)/wait.asyncmark(i16\1)/' \
; RUN:   %t/masked.ll > %t/plain.ll
; RUN: not grep "asyncmark(i32" %t/plain.ll
;
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: FileCheck %s --check-prefix=GFX942 < %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -O0 -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel -O0 -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -global-isel -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -global-isel -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
;
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -amdgpu-enable-check-async-waits < %t/masked.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -verify-machineinstrs -amdgpu-enable-check-async-waits > %t/m.s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -amdgpu-enable-check-async-waits < %t/plain.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 -verify-machineinstrs -amdgpu-enable-check-async-waits > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O3 -amdgpu-enable-check-async-waits < %t/masked.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O3 -verify-machineinstrs -amdgpu-enable-check-async-waits > %t/m.s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O3 -amdgpu-enable-check-async-waits < %t/plain.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O3 -verify-machineinstrs -amdgpu-enable-check-async-waits > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -global-isel -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -global-isel -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O0 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/masked.ll > %t/m.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O0 -verify-machineinstrs -amdgpu-enable-check-async-waits < %t/plain.ll > %t/p.s
; RUN: diff %t/m.s %t/p.s
;
; Without -mcpu opt does not know the generation: every stage may have
; operations, the masks tell several apart and become queues; compiled for
; gfx942 the waits are still proven (stronger than with -mcpu, not weaker).
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -O3 -amdgpu-enable-check-async-waits < %t/masked.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -amdgpu-enable-check-async-waits -o /dev/null
;
; After the rewrite, the IR holds only the plain forms.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=amdgpu-lower-async-stage-masks -S < %t/masked.ll | FileCheck %s --check-prefix=IR
; REQUIRES: amdgpu-registered-target

; IR-LABEL: define amdgpu_kernel void @straight_line(
; IR:         call void @llvm.amdgcn.asyncmark()
; IR:         call void @llvm.amdgcn.asyncmark()
; IR:         call void @llvm.amdgcn.wait.asyncmark(i16 1)
; IR:         call void @llvm.amdgcn.wait.asyncmark(i16 0)
; IR-NOT:     asyncmark(i32
; IR-NOT:     asyncpipe.
; IR: declare void @llvm.amdgcn.asyncmark()
; IR: declare void @llvm.amdgcn.wait.asyncmark(i16)

; wait(1) leaves the second DMA in flight; wait(0) only the global store
; issued after it (gfx9 counts stores on vmcnt, in order).
; GFX942-LABEL: straight_line:
; GFX942:       s_waitcnt vmcnt(1)
; GFX942-NEXT:  ;;#ASMSTART
; GFX942-NEXT:  ; wait_asyncmark(1)
; GFX942:       global_store_dword
; GFX942-NEXT:  s_waitcnt vmcnt(1)
; GFX942-NEXT:  ;;#ASMSTART
; GFX942-NEXT:  ; wait_asyncmark(0)
; GFX942-LABEL: diamond:
; GFX942:       ; wait_asyncmark(1)
; GFX942-LABEL: loop:
; GFX942:       ; wait_asyncmark(1)

;--- masked.ll
@lds = internal addrspace(3) global [256 x i32] poison

; 0x7df leaves BUFFER_GLOBAL_LOAD alone in; 0x1 leaves out TENSOR only.
define amdgpu_kernel void @straight_line(ptr addrspace(8) %rsrc, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 1)
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2015)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 0)
  %p = getelementptr i8, ptr addrspace(3) @lds, i32 256
  %w = load i32, ptr addrspace(3) %p
  %o = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %w, ptr addrspace(1) %o
  ret void
}

; 0x7de also leaves TENSOR in, 0x10 leaves out a reserved stage (4) only.
define amdgpu_kernel void @diamond(ptr addrspace(8) %rsrc, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2014)
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 4, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 512), i32 4, i32 8, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 16)
  br label %join
else:
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 256), i32 4, i32 12, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015)
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2015)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 16)
  ret void
}

; A pipelined loop: each trip waits for the previous trip's DMA.
define amdgpu_kernel void @loop(ptr addrspace(8) %rsrc, ptr addrspace(1) %out, i32 %n) {
entry:
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015)
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %voff = shl i32 %i, 2
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 %voff, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015)
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2015)
  %v = load i32, ptr addrspace(3) @lds
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %o
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2015)
  ret void
}

; A device function: its caller's DMAs may be in flight before its first
; mark, and a wait naming that range waits for them too.
define void @device(ptr addrspace(8) inreg %rsrc, ptr addrspace(1) %out) {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015)
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 1)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; An always_inline helper marking with a mask, inlined into its caller.
define internal void @stage(ptr addrspace(8) %rsrc, i32 %voff) #0 {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) @lds, i32 4, i32 %voff, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark(i32 2015)
  ret void
}

define amdgpu_kernel void @helper_caller(ptr addrspace(8) %rsrc, ptr addrspace(1) %out) {
  call void @stage(ptr addrspace(8) %rsrc, i32 0)
  call void @stage(ptr addrspace(8) %rsrc, i32 4)
  call void @llvm.amdgcn.wait.asyncmark(i16 1, i32 2015)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0, i32 2015)
  ret void
}

attributes #0 = { alwaysinline }

declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark(i32)
declare void @llvm.amdgcn.wait.asyncmark(i16, i32)
