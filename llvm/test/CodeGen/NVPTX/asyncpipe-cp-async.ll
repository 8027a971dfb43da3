; Each portable copy, mark and wait becomes its cp.async form: 4/8/16 bytes,
; .ca by default, .cg for the L1-bypass hint (16 bytes only), the zero-fill
; .s variants, generic pointers cast to shared/global. The PTX assembles for
; sm_80 and sm_90.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.sm80.ptx \
; RUN:   -pass-remarks-missed=asyncpipe 2>%t.remarks
; RUN: FileCheck %s < %t.sm80.ptx
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t.sm90.ptx
; RUN: FileCheck %s < %t.sm90.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

; CHECK-LABEL: .visible .entry copies(
; CHECK:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8;
; CHECK-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
; CHECK-NEXT:    cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
; CHECK-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.wait_group 1;
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:    ret;
define ptx_kernel void @copies(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 1)
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 1), !dbg !8
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 1), !dbg !9
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The .cg hint exists for 16-byte copies only; smaller copies keep .ca.
; REMARK: remark: k.cu:5:3: L1-bypass hint ignored for this 4-byte async copy: NVPTX does not support it at this size
; REMARK: remark: k.cu:6:3: L1-bypass hint ignored for this 8-byte async copy: NVPTX does not support it at this size

; Zero-fill with constant source sizes: one smaller than the copy is an
; immediate operand, one equal to the copy a plain copy. Run-time sizes are in
; asyncpipe-cp-async-zfill.ll.
; CHECK-LABEL: .visible .entry zero_fill(
; CHECK:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8, 3;
; CHECK-NEXT:    cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, 0;
; CHECK-NEXT:    cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.wait_all;
define ptx_kernel void @zero_fill(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 3, i32 0)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 0, i32 1)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 16, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "copies", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!8 = !DILocation(line: 5, column: 3, scope: !4)
!9 = !DILocation(line: 6, column: 3, scope: !4)
