; In a wave32, a 64-bit scalar operation's literal may have no lane bit set
; and still not be zero: "s_and_b64 s[4:5], s[4:5], 0x300000000" tests bits 32
; and 33 of a kernel argument, and SCC says whether either is set. The
; checker used to keep only the literal's lane bits (the low 32), believed
; the result a uniform 0 and SCC = 0, and never followed the branch on it:
; a wait made too weak on that edge was accepted. An immediate is uniform now
; only if every bit of the operation's width agrees (AMDGPUCheckAsyncWaitsDataflow.cpp,
; read). Found by reading the checker for paths it drops.
;
; The correct code passes.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %s -o %t.s 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; ASM: global_load_async_to_lds_b32
; ASM: s_and_b64 s[[[LO:[0-9]+]]:[[HI:[0-9]+]]], s[[[LO]]:[[HI]]], 0x300000000
; ASM: s_cbranch_scc0
; ASM: s_wait_asynccnt 0x0
;
; Each wait made one count too weak is reported, the one on the edge taken
; when bit 32 or 33 is set too.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O3 \
; RUN:   -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing \
; RUN:   -amdgpu-check-async-waits-explain %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WEAK
; WEAK: error: {{.*}} wait_asyncmark(0) is not satisfied
; WEAK: note: {{.*}} one path of a lane to the wait {{.*}}: bb.0.entry -> bb.1.join{{$}}
; WEAK: error: {{.*}} wait_asyncmark(0) is not satisfied
; WEAK: note: {{.*}} one path of a lane to the wait {{.*}}: bb.0.entry -> bb.2.then{{$}}

target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i64 %x) {
entry:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %m = and i64 %x, 12884901888 ; 0x300000000
  %c = icmp eq i64 %m, 0
  br i1 %c, label %then, label %join
then:
  %s1 = getelementptr i8, ptr addrspace(3) @lds, i32 512
  %s2 = getelementptr i8, ptr addrspace(3) @lds, i32 768
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %s1, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %s2, i32 0, i32 0)
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  ret void
}
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
