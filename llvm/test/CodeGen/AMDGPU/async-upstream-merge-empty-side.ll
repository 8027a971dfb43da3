; Upstream's merge-empty-other behaviour (llvm-project's asyncmark .mir
; tests), written anew in IR: at a join where one predecessor has no marks
; at all and the other has outstanding ones, the wait must still cover the
; marked side's copies; an empty side never means "everything is done". On
; every generation with async LDS copies, each wait proven by the
; independent checker: wait_asyncmark(0) becomes vmcnt(0) (s_wait_asynccnt 0
; on gfx1250) and wait_asyncmark(1) after two marks on one side vmcnt(1).
; On gfx1250 both waits also get s_wait_tensorcnt 0: the functions are not
; kernels, so a tensor DMA of the caller may be in flight before the first
; mark, which both waits name on the marked side.
; RUN: rm -rf %t && split-file %s %t
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/lds-dma.ll | FileCheck %s --check-prefix=VMCNT
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/lds-dma.ll | FileCheck %s --check-prefix=VMCNT
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/lds-dma.ll | FileCheck %s --check-prefix=VMCNT
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1010 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/lds-dma.ll | FileCheck %s --check-prefix=VMCNT
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/lds-dma.ll | FileCheck %s --check-prefix=VMCNT
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -O2 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits < %t/asynccnt.ll | FileCheck %s --check-prefix=ASYNCCNT

; VMCNT-LABEL: b11_join_with_empty_side:
; VMCNT:       s_cbranch_execz [[JOIN:.LBB[0-9_]+]]
; VMCNT:       {{global_load_lds_dword|global_load_dword .* lds}}
; VMCNT:       [[JOIN]]: ; %join
; VMCNT-NOT:   s_waitcnt vmcnt
; VMCNT:       s_waitcnt vmcnt(0)
; VMCNT-NEXT:  ;;#ASMSTART
; VMCNT-NEXT:  ; wait_asyncmark(0)
; VMCNT-LABEL: b11_join_with_empty_side_wait_one:
; VMCNT:       [[JOIN1:.LBB[0-9_]+]]: ; %join
; VMCNT-NOT:   s_waitcnt vmcnt
; VMCNT:       s_waitcnt vmcnt(1)
; VMCNT-NEXT:  ;;#ASMSTART
; VMCNT-NEXT:  ; wait_asyncmark(1)

; ASYNCCNT-LABEL: b11_join_with_empty_side:
; ASYNCCNT:       global_load_async_to_lds_b32
; ASYNCCNT:       ; %join
; ASYNCCNT-NOT:   s_wait_asynccnt
; ASYNCCNT:       s_wait_asynccnt 0x0
; ASYNCCNT-NEXT:  s_wait_tensorcnt 0x0
; ASYNCCNT-NEXT:  ;;#ASMSTART
; ASYNCCNT-NEXT:  ; wait_asyncmark(0)
; ASYNCCNT-LABEL: b11_join_with_empty_side_wait_one:
; ASYNCCNT:       ; %join
; ASYNCCNT-NOT:   s_wait_asynccnt
; ASYNCCNT:       s_wait_asynccnt 0x1
; ASYNCCNT-NEXT:  s_wait_tensorcnt 0x0
; ASYNCCNT-NEXT:  ;;#ASMSTART
; ASYNCCNT-NEXT:  ; wait_asyncmark(1)

;--- lds-dma.ll
define void @b11_join_with_empty_side(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(1) %out, i1 %c) {
entry:
  br i1 %c, label %copy, label %join
copy:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %l
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define void @b11_join_with_empty_side_wait_one(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(1) %out, i1 %c) {
entry:
  br i1 %c, label %copy, label %join
copy:
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %g1 = getelementptr i32, ptr addrspace(1) %g, i32 64
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g1, ptr addrspace(3) %l, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %l
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
;--- asynccnt.ll
define void @b11_join_with_empty_side(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(1) %out, i1 %c) {
entry:
  br i1 %c, label %copy, label %join
copy:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %v = load i32, ptr addrspace(3) %l
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define void @b11_join_with_empty_side_wait_one(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(1) %out, i1 %c) {
entry:
  br i1 %c, label %copy, label %join
copy:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %g1 = getelementptr i32, ptr addrspace(1) %g, i32 64
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g1, ptr addrspace(3) %l, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %join
join:
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  %v = load i32, ptr addrspace(3) %l
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
