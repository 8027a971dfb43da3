; Sibling branches that each copy with different constant flags, sizes or
; DMA offsets (issue 36): SimplifyCFG sinks them into one call whose operand
; is a phi or, after InstCombine, a select or zext of the branch condition.
; The plugin moves the merged call back into the branches (or branches on
; the merged value), so that every -O level compiles the program as
; written: the same copies and the same waits as at -O0, each wait proven by
; the checker. Before, -O1 and higher rejected it ("async copy flags must be
; a compile-time constant"), and a DMA offset that was not a constant ended
; in the IR verifier.
; REQUIRES: amdgpu-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX9
; RUN: %opt -passes='default<O1>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX9
; RUN: %opt -passes='default<O2>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX9
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX9
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX1250
; RUN: %opt -passes='default<O1>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX1250
; RUN: %opt -passes='default<O2>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX1250
; RUN: %opt -passes='default<O3>' -amdgpu-enable-check-async-waits %t/siblings.ll \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=GFX1250
; The merge as the optimizer leaves it, given straight to llc: a phi of DMA
; offsets and a select of aux bits become four DMAs, one per pair.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits %t/merged.ll -o - | FileCheck %s --check-prefix=MERGED
;
; GFX9-LABEL: sibling_flags:
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: s_waitcnt vmcnt(1)
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: ; wait_asyncmark(1)
; GFX9: s_waitcnt vmcnt(1)
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: ; wait_asyncmark(0)
; GFX9-LABEL: sibling_sizes:
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_ubyte {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: s_waitcnt vmcnt(1)
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: ; wait_asyncmark(1)
; GFX9: s_waitcnt vmcnt(1)
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: ; wait_asyncmark(0)
; GFX9-LABEL: sibling_native_offsets:
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}] offset:512
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}] offset:256
; GFX9: global_load_lds_dword {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX9: s_waitcnt vmcnt(1)
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: ; wait_asyncmark(1)
; GFX9: s_waitcnt vmcnt(1)
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: ; wait_asyncmark(0)
;
; GFX1250-LABEL: sibling_flags:
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: s_wait_asynccnt 0x1
; GFX1250-NEXT: ;;#ASMSTART
; GFX1250-NEXT: ; wait_asyncmark(1)
; GFX1250: s_wait_asynccnt 0x0
; GFX1250-NEXT: ;;#ASMSTART
; GFX1250-NEXT: ; wait_asyncmark(0)
; GFX1250-LABEL: sibling_sizes:
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b8 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: s_wait_asynccnt 0x1
; GFX1250-NEXT: ;;#ASMSTART
; GFX1250-NEXT: ; wait_asyncmark(1)
; GFX1250: s_wait_asynccnt 0x0
; GFX1250-NEXT: ;;#ASMSTART
; GFX1250-NEXT: ; wait_asyncmark(0)
; GFX1250-LABEL: sibling_native_offsets:
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: global_load_async_to_lds_b32 {{.*}}s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX1250: s_wait_asynccnt 0x1
; GFX1250-NEXT: ;;#ASMSTART
; GFX1250-NEXT: ; wait_asyncmark(1)
; GFX1250: s_wait_asynccnt 0x0
; GFX1250-NEXT: ;;#ASMSTART
; GFX1250-NEXT: ; wait_asyncmark(0)
;
; MERGED-LABEL: merged_native_offset:
; MERGED: global_load_lds_dword {{.*}} offset:512{{$}}
; MERGED: global_load_lds_dword {{.*}} offset:512 sc0{{$}}
; MERGED: global_load_lds_dword {{.*}} offset:256{{$}}
; MERGED: global_load_lds_dword {{.*}} offset:256 sc0{{$}}
; MERGED: s_waitcnt vmcnt(0)
; MERGED-NEXT: ;;#ASMSTART
; MERGED-NEXT: ; wait_asyncmark(0)

;--- siblings.ll
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [256 x i32] poison
@next = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @sibling_flags(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %else
then:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 4, i32 1)
  br label %join
else:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 4, i32 0)
  br label %join
join:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @sibling_sizes(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %else
then:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 1, i32 0)
  br label %join
else:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 4, i32 0)
  br label %join
join:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @sibling_native_offsets(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br i1 %c, label %then, label %else
then:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @next, i32 4, i32 256, i32 0)
  br label %join
else:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @next, i32 4, i32 512, i32 0)
  br label %join
join:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @next, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %out
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

;--- merged.ll
target triple = "amdgcn-amd-amdhsa"
@next = internal addrspace(3) global [256 x i32] poison

; As SimplifyCFG would leave it: one DMA with a phi of offsets.
define amdgpu_kernel void @merged_native_offset(ptr addrspace(1) %g, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %offset = phi i32 [ 256, %then ], [ 512, %entry ]
  %aux = select i1 %c, i32 1, i32 0
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @next, i32 4, i32 %offset, i32 %aux)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
