; Async stores on sm_90: asyncpipe_store becomes cp.async.bulk from shared to
; global memory after a proxy fence, the marks commit bulk async-groups and
; the waits wait on them (the exact count, the full wait); ptxas accepts the
; PTX. They need sm_90 and PTX ISA 8.0: an older target, or sm_90 with the
; backend's default PTX ISA 7.8, gets an error at the store with the flags to
; use, never "Cannot select" (the same for the bulk intrinsics written by
; hand).
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %s -o %t.sm90a.ptx
; RUN: FileCheck %s < %t.sm90a.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -O0 %s -o %t.O0.ptx
; RUN: FileCheck %s < %t.O0.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_100a %s -o %t.sm100a.ptx
; RUN: FileCheck %s < %t.sm100a.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.sm100a.ptx -o /dev/null %}
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SM80 --implicit-check-not=error
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PTX78 --implicit-check-not=error
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 %s -o /dev/null
; REQUIRES: nvptx-registered-target

; CHECK-LABEL: .entry write_back(
; CHECK-NOT:     cp.async.commit_group
; CHECK-NOT:     cp.async.wait
; CHECK:         fence.proxy.async.shared::cta;
; CHECK:         cp.async.bulk.global.shared::cta.bulk_group [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], %r{{[0-9]+}};
; CHECK:         cp.async.bulk.commit_group;
; CHECK:         fence.proxy.async.shared::cta;
; CHECK:         cp.async.bulk.global.shared::cta.bulk_group
; CHECK:         cp.async.bulk.commit_group;
; CHECK:         cp.async.bulk.wait_group 1;
; CHECK:         cp.async.bulk.wait_group 0;
; CHECK-NOT:     cp.async.commit_group
; CHECK-NOT:     cp.async.wait

; SM80: error: k.cu:4:3: in function write_back void (ptr addrspace(1), ptr addrspace(3)): async stores (cp.async.bulk) need sm_90 and PTX ISA 8.0 or newer, but this function is compiled for sm_80: use -mcpu=sm_90a (llc) or --cuda-gpu-arch=sm_90a (clang)
; SM80: error: k.cu:12:3: in function by_hand void (ptr addrspace(1), ptr addrspace(3)): async stores (cp.async.bulk) need sm_90 and PTX ISA 8.0 or newer, but this function is compiled for sm_80: use -mcpu=sm_90a (llc) or --cuda-gpu-arch=sm_90a (clang)
; PTX78: error: k.cu:4:3: in function write_back void (ptr addrspace(1), ptr addrspace(3)): async stores (cp.async.bulk) need sm_90 and PTX ISA 8.0 or newer, but this function is compiled for sm_90 with PTX ISA 7.8: use -mattr=+ptx80 (llc) or --cuda-feature=+ptx80 (clang), or sm_90a
; PTX78: error: k.cu:12:3: in function by_hand

define ptx_kernel void @write_back(ptr addrspace(1) %g, ptr addrspace(3) %s) !dbg !4 {
  call void @asyncpipe.store(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 16), !dbg !7
  call void @asyncpipe.mark(), !dbg !8
  call void @asyncpipe.store(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 16), !dbg !7
  call void @asyncpipe.mark(), !dbg !8
  call void @asyncpipe.wait(i32 1), !dbg !9
  call void @asyncpipe.wait(i32 0), !dbg !9
  ret void
}

; CHECK-LABEL: .entry by_hand(
; CHECK:         cp.async.bulk.global.shared::cta.bulk_group
; CHECK:         cp.async.bulk.commit_group;
; CHECK:         cp.async.bulk.wait_group.read 0;
define ptx_kernel void @by_hand(ptr addrspace(1) %g, ptr addrspace(3) %s) !dbg !10 {
  call void @llvm.nvvm.cp.async.bulk.shared.cta.to.global(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 64, i64 0, i1 false), !dbg !11
  call void @llvm.nvvm.cp.async.bulk.commit.group(), !dbg !11
  call void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 0), !dbg !11
  ret void
}

declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.nvvm.cp.async.bulk.shared.cta.to.global(ptr addrspace(1), ptr addrspace(3), i32, i64, i1)
declare void @llvm.nvvm.cp.async.bulk.commit.group()
declare void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 immarg)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "write_back", scope: !1, file: !1, line: 3, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = !DILocation(line: 5, column: 3, scope: !4)
!9 = !DILocation(line: 6, column: 3, scope: !4)
!10 = distinct !DISubprogram(name: "by_hand", scope: !1, file: !1, line: 11, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 12, column: 3, scope: !10)
