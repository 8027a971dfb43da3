; The independent checker reports every wait that the emitted s_waitcnt do
; not satisfy. The lowering is made to emit waits one count too weak (a
; testing-only option) and each is caught at its source location; the correct
; lowering passes.
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-async-weaken-waits-for-testing -o /dev/null < %s 2>&1 | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs -amdgpu-enable-check-async-waits \
; RUN:   -o /dev/null < %s 2>&1 | count 0

; CHECK: error: kernel.cl:7:3: in function two_blocks void (ptr addrspace(1)): wait_asyncmark(1) is not satisfied by the emitted s_waitcnt: an async DMA followed by 2 or more marks may still be in flight
; CHECK: error: kernel.cl:8:3: in function two_blocks void (ptr addrspace(1)): wait_asyncmark(0) is not satisfied by the emitted s_waitcnt: an async DMA followed by 1 or more marks may still be in flight

define amdgpu_kernel void @two_blocks(ptr addrspace(1) %g) !dbg !10 {
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) @lds, i32 4, i32 256, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !11
  call void asm sideeffect "; keep the waits apart", ""()
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !12
  ret void
}

@lds = internal addrspace(3) global [128 x i32] poison
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, emissionKind: LineTablesOnly)
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !DISubroutineType(types: !4)
!4 = !{}
!10 = distinct !DISubprogram(name: "two_blocks", scope: !2, file: !2, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 7, column: 3, scope: !10)
!12 = !DILocation(line: 8, column: 3, scope: !10)
