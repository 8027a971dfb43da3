; The plugin's codegen passes are registered by name when llc loads it, so the
; usual ways of cutting and inspecting the codegen pipeline reach them.
;
; -stop-after an IR pass at the start of codegen: the async intrinsics are
; now inline-asm markers and the DMA the non-async intrinsic.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -stop-after=amdgpu-lower-async-intrinsics < %s | FileCheck %s --check-prefix=IR
; IR-LABEL: define amdgpu_kernel void @k(
; IR:       call void @llvm.amdgcn.global.load.lds(
; IR-NEXT:  call void asm sideeffect "; asyncmark", ""()
; IR-NEXT:  call void @llvm.amdgcn.global.load.lds(
; IR-NEXT:  call void asm sideeffect "; asyncmark", ""()
; IR-NEXT:  call void asm sideeffect "; wait_asyncmark($0)", "i"(i32 1)
; IR-NEXT:  ret void
;
; -stop-before a machine pass, then the rest of the pipeline from that MIR,
; gives the same s_waitcnt as one run.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   -stop-before=amdgpu-hide-async-dma < %s -o %t.mir
; RUN: FileCheck %s --check-prefix=MIR < %t.mir
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -x mir \
; RUN:   -start-after=si-memory-legalizer < %t.mir | FileCheck %s --check-prefix=ASM
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 < %s \
; RUN:   | FileCheck %s --check-prefix=ASM
; MIR:      name: k
; MIR:      INLINEASM &"; wait_asyncmark($0)"
; MIR-NOT:  S_WAITCNT {{[0-9]+}}{{$}}
; MIR:      S_ENDPGM 0
; ASM-LABEL: k:
; ASM:       global_load_lds_dword v0, s[0:1] offset:256
; ASM-NEXT:  ;;#ASMSTART
; ASM-NEXT:  ; asyncmark
; ASM-NEXT:  ;;#ASMEND
; ASM-NEXT:  s_waitcnt vmcnt(1)
; ASM-NEXT:  ;;#ASMSTART
; ASM-NEXT:  ; wait_asyncmark(1)
;
; -print-after names the pass by its argument.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -o /dev/null \
; RUN:   -print-after=amdgpu-lower-async-waits < %s 2>&1 | FileCheck %s --check-prefix=PRINT
; PRINT:      # *** IR Dump After AMDGPU lower async waits (AsyncPipe) (amdgpu-lower-async-waits) ***:
; PRINT-NEXT: # Machine code for function k:
; PRINT:      S_WAITCNT 3953
; PRINT-NEXT: INLINEASM &"; wait_asyncmark($0)"
;
; A pipeline cannot start at a pass the plugin inserts (TargetPassConfig
; would silently run nothing); the error names the option that works.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -x mir -o /dev/null \
; RUN:   -start-before=amdgpu-hide-async-dma < %t.mir 2>&1 | FileCheck %s --check-prefix=START
; START: LLVM ERROR: AsyncPipe: a codegen pipeline cannot start at 'amdgpu-hide-async-dma', which the plugin inserts after 'si-memory-legalizer'; use -start-after=si-memory-legalizer instead, or run the pass alone with -run-pass=amdgpu-hide-async-dma

@lds = internal addrspace(3) global [256 x i32] poison

define amdgpu_kernel void @k(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 256, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
