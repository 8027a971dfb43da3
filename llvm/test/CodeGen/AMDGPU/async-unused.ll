; On a module without async operations the plugin's codegen passes change
; nothing: llc emits the same gfx942 and sm_80 assembly with and without it.
;
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %s -o %t.stock.s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %s -o %t.plugin.s
; RUN: diff %t.stock.s %t.plugin.s
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.stock.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.plugin.ptx
; RUN: diff %t.stock.ptx %t.plugin.ptx
;
; Nor do they make llc compute any analysis stock llc does not: every pass the
; legacy pass manager executes, but the plugin's own (and the pass managers
; its module passes split the pipeline into), is executed as often and in the
; same order as without the plugin. In particular amdgpu-tag-async-dma, between
; stack-protector and instruction selection, does not make selection compute
; dominators, cycles, uniformity, alias analysis and stack protectors again.
; RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -debug-pass=Executions \
; RUN:   %s -o /dev/null 2>&1 | grep -o "Executing Pass '[^']*' on [A-Za-z]* '[^']*'" \
; RUN:   | grep -v -e AsyncPipe -e "'Function Pass Manager'" > %t.stock.amdgcn
; RUN: %llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -debug-pass=Executions \
; RUN:   %s -o /dev/null 2>&1 | grep -o "Executing Pass '[^']*' on [A-Za-z]* '[^']*'" \
; RUN:   | grep -v -e AsyncPipe -e "'Function Pass Manager'" > %t.plugin.amdgcn
; RUN: diff %t.stock.amdgcn %t.plugin.amdgcn
; RUN: FileCheck %s --check-prefix=EXEC < %t.plugin.amdgcn
; EXEC: Executing Pass 'Uniformity Analysis' on Function 'sum'
; EXEC: Executing Pass 'AMDGPU DAG->DAG Pattern Instruction Selection' on Function 'sum'
; RUN: llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -debug-pass=Executions \
; RUN:   %s -o /dev/null 2>&1 | grep -o "Executing Pass '[^']*' on [A-Za-z]* '[^']*'" \
; RUN:   | grep -v -e AsyncPipe -e "'Function Pass Manager'" > %t.stock.nvptx
; RUN: %llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -debug-pass=Executions \
; RUN:   %s -o /dev/null 2>&1 | grep -o "Executing Pass '[^']*' on [A-Za-z]* '[^']*'" \
; RUN:   | grep -v -e AsyncPipe -e "'Function Pass Manager'" > %t.plugin.nvptx
; RUN: diff %t.stock.nvptx %t.plugin.nvptx
;
; Nor do they emit anything of their own (no remark, no diagnostic).
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %s -o /dev/null \
; RUN:   -pass-remarks-analysis=asyncpipe 2>&1 | count 0

define void @sum(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  store i32 %s.next, ptr addrspace(1) %out
  ret void
}
