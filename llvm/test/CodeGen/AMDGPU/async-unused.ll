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
