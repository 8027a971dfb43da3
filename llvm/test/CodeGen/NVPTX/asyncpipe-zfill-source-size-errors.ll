; A constant zero-fill source size outside 0..cp-size (issue 36): stock llc
; writes it as cp.async's immediate ("cp.async.ca.shared.global [d], [s], 4,
; 8;"), which ptxas rejects ("value '8' out of range, expected to be in range
; [0..4]"). With the plugin each such copy is an error at the call, with the
; sizes to use, native intrinsics and portable calls alike, in llc alone and
; after opt, and so is a size instruction selection would fold into such an
; immediate; the sizes in range (0 and cp-size included) assemble.
; RUN: split-file %s %t
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/bad.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error --implicit-check-not=warning
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O0 %t/bad.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error --implicit-check-not=warning
; A size the source computes at run time, folded by optimization on one
; path (here an inlined helper's): undefined only if that path runs, so not
; an error at -O3 when -O0 compiles the program; the copy reads all its
; bytes there, with a missed remark.
; RUN: %opt -passes='default<O3>' %t/inlined.ll -o %t/inlined-O3.bc
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/inlined-O3.bc -o %t/inlined-O3.ptx \
; RUN:   -pass-remarks-missed=asyncpipe 2>&1 | FileCheck %s --check-prefix=INLINED-REMARK --implicit-check-not=error --implicit-check-not=warning
; RUN: FileCheck %s --check-prefix=INLINED < %t/inlined-O3.ptx
; RUN: %opt -passes='default<O3>' -pass-remarks-missed=asyncpipe %t/inlined.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INLINED-PORTABLE --implicit-check-not=error --implicit-check-not=warning
; RUN: %opt -passes='default<O0>' %t/inlined.ll | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O0 -o %t/inlined-O0.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/inlined-O3.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/inlined-O0.ptx -o /dev/null %}
; Stock LLVM writes the folded size, which ptxas rejects.
; RUN: opt -passes='default<O3>' %t/inlined.ll \
; RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -o - | FileCheck %s --check-prefix=STOCK
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/good.ll -o %t/good.ptx
; RUN: FileCheck %s --check-prefix=GOOD < %t/good.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t/good.ll -o %t/good-sm90a.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/good.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/good-sm90a.ptx -o /dev/null %}
; REQUIRES: nvptx-registered-target

; The portable calls are checked where they are lowered, the native ones
; just before instruction selection.
; BAD: error: k.cu:8:3: in function portable void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 17 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
; BAD: error: k.cu:9:3: in function portable void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size -1 is outside the copy's 0..4 bytes: use a source size from 0 (all zeros) to 4 (the whole copy)
; BAD: error: k.cu:3:3: in function native void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 8 is outside the copy's 0..4 bytes: use a source size from 0 (all zeros) to 4 (the whole copy)
; BAD: error: k.cu:4:3: in function native void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 9 is outside the copy's 0..8 bytes: use a source size from 0 (all zeros) to 8 (the whole copy)
; BAD: error: k.cu:5:3: in function native void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 17 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
; BAD: error: k.cu:6:3: in function native void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size -1 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
; The same written as inline PTX, with an immediate operand or in the text.
; BAD: error: k.cu:4:5: in function native void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 8 is outside the copy's 0..4 bytes: use a source size from 0 (all zeros) to 4 (the whole copy)
; BAD: error: k.cu:5:5: in function native void (ptr addrspace(3), ptr addrspace(1)): zero-fill source size 20 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)

; INLINED-REMARK: remark: k.cu:3:3: zero-fill source size computed at run time is 20 on this path, outside the copy's 16 bytes (undefined): copying all of them here
; INLINED-PORTABLE: remark: k.cu:7:3: zero-fill source size computed at run time is -1 on this path, outside the copy's 8 bytes (undefined): copying all of them here
; INLINED-LABEL: .visible .entry kernel(
; INLINED:         cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, 16;
; INLINED:         cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 8;

; FOLDED: error: k.cu:4:3: in function folded void (ptr addrspace(3), ptr addrspace(1), i32): zero-fill source size 20 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
; FOLDED: error: k.cu:6:3: in function folded void (ptr addrspace(3), ptr addrspace(1), i32): zero-fill source size 12 is outside the copy's 0..8 bytes: use a source size from 0 (all zeros) to 8 (the whole copy)
; FOLDED: error: k.cu:8:3: in function folded void (ptr addrspace(3), ptr addrspace(1), i32): zero-fill source size 32 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
; The portable copy selects among immediate sizes by default, where sizes
; past the copy read it all; in a register, it is the native form above.
; REGISTER: error: k.cu:10:3: in function folded void (ptr addrspace(3), ptr addrspace(1), i32): zero-fill source size 32 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
; FOLDED-STOCK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, 20;
; FOLDED-STOCK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 8, 12;

; STOCK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, 20;

; GOOD-LABEL: .visible .entry in_range(
; GOOD:         cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4, 0;
; GOOD-NEXT:    cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 8, 8;
; GOOD:         cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, 16;
; GOOD-NEXT:    cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, {{%r[0-9]+}};
; GOOD-NEXT:    cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, 15;
; GOOD-NEXT:    cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
; GOOD:         cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 8, 8;
; GOOD:         cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, 3;
; GOOD:         cp.async.commit_group;

;--- bad.ll
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @native(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !4 {
  call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8), !dbg !7
  call void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 9), !dbg !8
  call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 17), !dbg !9
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 -1), !dbg !10
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4, $2;", "l,l,n,~{memory}"(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8), !dbg !14
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, 20;", "l,l,~{memory}"(ptr addrspace(3) %s, ptr addrspace(1) %g), !dbg !15
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}
define ptx_kernel void @portable(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !11 {
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 17, i32 1), !dbg !12
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 -1, i32 0), !dbg !13
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}
declare void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "native", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 3, scope: !4)
!8 = !DILocation(line: 4, column: 3, scope: !4)
!9 = !DILocation(line: 5, column: 3, scope: !4)
!10 = !DILocation(line: 6, column: 3, scope: !4)
!11 = distinct !DISubprogram(name: "portable", scope: !1, file: !1, line: 7, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!12 = !DILocation(line: 8, column: 3, scope: !11)
!13 = !DILocation(line: 9, column: 3, scope: !11)
!14 = !DILocation(line: 4, column: 5, scope: !4)
!15 = !DILocation(line: 5, column: 5, scope: !4)

;--- inlined.ll
target triple = "nvptx64-nvidia-cuda"
define internal void @copy_row(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) alwaysinline !dbg !8 {
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n), !dbg !7
  ret void
}
define internal void @copy_tail(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) alwaysinline !dbg !9 {
  %left = sub i32 %n, 1
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 %left, i32 0), !dbg !10
  ret void
}
define ptx_kernel void @kernel(ptr addrspace(3) %s, ptr addrspace(1) %g) !dbg !4 {
  call void @copy_row(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 20), !dbg !11
  call void @copy_tail(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0), !dbg !11
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.all()
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "kernel", scope: !1, file: !1, line: 10, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 3, scope: !8)
!8 = distinct !DISubprogram(name: "copy_row", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!9 = distinct !DISubprogram(name: "copy_tail", scope: !1, file: !1, line: 6, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 7, column: 3, scope: !9)
!11 = !DILocation(line: 11, column: 3, scope: !4)

;--- folded.ll
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @folded(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) !dbg !4 {
  %sum = add i32 10, 10
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %sum), !dbg !7
  %pick = select i1 true, i32 12, i32 4
  call void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %pick), !dbg !8
  ; Bit 5 is set whatever %n is.
  %bits = or i32 %n, 32
  %low = and i32 %bits, 32
  call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %low), !dbg !9
  %wide = shl i32 1, 5
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %wide, i32 0), !dbg !10
  ; A size known only at run time is no error.
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n)
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}
declare void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "folded", scope: !1, file: !1, line: 2, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = !DILocation(line: 6, column: 3, scope: !4)
!9 = !DILocation(line: 8, column: 3, scope: !4)
!10 = !DILocation(line: 10, column: 3, scope: !4)

;--- good.ll
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @in_range(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0)
  call void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8)
  call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16)
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 15, i32 1)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 4, i32 0)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 8, $2;", "l,l,n,~{memory}"(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, 3;", "l,l,~{memory}"(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}
declare void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
