; The pipeline annotation (asyncpipe_pipeline(S), a call to
; asyncpipe.pipeline) given straight to llc, with no optimizer pipeline of
; the plugin before it (issue 36): the marker used to survive as an external
; call whose name ptxas cannot parse ("Parsing error near '.pipeline'"), and
; AMDGPU reported it as an unknown async intrinsic. The lowering now removes
; every marker: a missed remark (the loop is not pipelined, the pipeliner
; runs in the optimizer) and the annotation pass's own diagnostics for a
; marker outside any loop or with a bad stage count. The PTX assembles.
; RUN: split-file %s %t
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 %t/good.ll \
; RUN:   -o %t/good.ptx -pass-remarks-missed=asyncpipe 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=warning
; RUN: FileCheck %s --check-prefix=PTX < %t/good.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/good.ll -o /dev/null \
; RUN:   -pass-remarks-missed=asyncpipe -pass-remarks-output=%t/good.yaml 2>/dev/null
; RUN: FileCheck %s --check-prefix=NAME < %t/good.yaml
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 -O0 \
; RUN:   %t/good.ll -o %t/good-O0.ptx -pass-remarks-missed=asyncpipe 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=warning
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t/good.ll -o %t/good-sm90a.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/good.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/good-O0.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/good-sm90a.ptx -o /dev/null %}
; The same for AMDGPU, where the marker reached the intrinsic lowering.
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' \
; RUN:   %t/good.ll > %t/good-amdgcn.ll
; RUN: %if amdgpu-registered-target %{ %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:   %t/good-amdgcn.ll -o %t/good-amdgcn.s -pass-remarks-missed=asyncpipe 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=warning --implicit-check-not=error %}
; RUN: %if amdgpu-registered-target %{ FileCheck %s --check-prefix=AMDGCN < %t/good-amdgcn.s %}
; The annotation's misuses get the annotation pass's diagnostics in llc too;
; another name under asyncpipe.pipeline is no marker, but a misspelling.
; RUN: not %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/bad.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error --implicit-check-not=warning
; REQUIRES: nvptx-registered-target

; REMARK: remark: k.cu:5:5: loop not pipelined: asyncpipe_pipeline(3) reached code generation, but the pipeliner runs in the optimizer; compile with clang -O1 or higher and -fpass-plugin=AsyncPipe.so, or run opt -passes='default<O2>' with the plugin before llc
; REMARK: remark: k.cu:6:5: loop not pipelined: asyncpipe_pipeline_registers(2) reached code generation, but the pipeliner runs in the optimizer; compile with clang -O1 or higher and -fpass-plugin=AsyncPipe.so, or run opt -passes='default<O2>' with the plugin before llc

; NAME: --- !Missed
; NAME-NEXT: Pass: asyncpipe-pipeline
; NAME-NEXT: Name: RequestAfterOptimizer

; PTX-NOT: asyncpipe
; PTX-LABEL: .visible .entry k(
; PTX:         cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_all;
; PTX-NOT: asyncpipe

; AMDGCN-NOT: asyncpipe.pipeline
; AMDGCN: global_load_lds_dword
; AMDGCN-NOT: asyncpipe.pipeline

; BAD: warning: k.cu:3:3: in function outside void (): asyncpipe_pipeline() is not inside a loop; ignored
; BAD: error: k.cu:10:5: in function runtime_count void (i32): asyncpipe_pipeline() needs a compile-time stage count from 1 to 16
; BAD: error: k.cu:11:5: in function runtime_count void (i32): asyncpipe_pipeline_registers() needs a compile-time stage count (2: the loads one iteration ahead)
; BAD: error: k.cu:12:5: in function runtime_count void (i32): asyncpipe_pipeline() needs a compile-time stage count from 1 to 16
; BAD: error: k.cu:13:5: in function runtime_count void (i32): 'asyncpipe.pipeline.stages' is not an AsyncPipe call: the portable calls are asyncpipe.copy, .copy.zfill, .store, .mark, .wait, .mark.queue, .wait.queue, .mark.future, .mark.future.queue, .wait.future and .future.any; check the spelling

;--- good.ll
target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global [1024 x i32] undef, align 16
define ptx_kernel void @k(ptr addrspace(1) %g, i32 %n) !dbg !4 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline(i32 3), !dbg !7
  %src = getelementptr i32, ptr addrspace(1) %g, i32 %i
  %dst = getelementptr i32, ptr addrspace(3) @tile, i32 %i
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %loads
loads:
  %j = phi i32 [ 0, %loop ], [ %j.next, %loads ]
  %sum = phi i32 [ 0, %loop ], [ %sum.next, %loads ]
  call void @asyncpipe.pipeline.registers(i32 2), !dbg !8
  %at = getelementptr i32, ptr addrspace(3) @tile, i32 %j
  %v = load i32, ptr addrspace(3) %at
  %sum.next = add i32 %sum, %v
  %j.next = add i32 %j, 1
  %d = icmp slt i32 %j.next, %n
  br i1 %d, label %loads, label %exit
exit:
  store i32 %sum.next, ptr addrspace(1) %g
  ret void
}
declare void @asyncpipe.pipeline(i32)
declare void @asyncpipe.pipeline.registers(i32)
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 5, column: 5, scope: !4)
!8 = !DILocation(line: 6, column: 5, scope: !4)

;--- bad.ll
target triple = "nvptx64-nvidia-cuda"
define void @outside() !dbg !4 {
  call void @asyncpipe.pipeline(i32 3), !dbg !7
  ret void
}
define void @runtime_count(i32 %n) !dbg !8 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.pipeline(i32 %n), !dbg !9
  call void @asyncpipe.pipeline.registers(i32 0), !dbg !10
  call void @asyncpipe.pipeline(i32 17), !dbg !11
  call void @asyncpipe.pipeline.stages(i32 3), !dbg !12
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
declare void @asyncpipe.pipeline(i32)
declare void @asyncpipe.pipeline.registers(i32)
declare void @asyncpipe.pipeline.stages(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "outside", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 3, scope: !4)
!8 = distinct !DISubprogram(name: "runtime_count", scope: !1, file: !1, line: 7, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!9 = !DILocation(line: 10, column: 5, scope: !8)
!10 = !DILocation(line: 11, column: 5, scope: !8)
!11 = !DILocation(line: 12, column: 5, scope: !8)
!12 = !DILocation(line: 13, column: 5, scope: !8)
