; Sibling branches that each copy with different constant flags, sizes or
; zero-fill source sizes (issue 36): SimplifyCFG sinks them into one call
; whose operand becomes a select or zext of the branch condition. The plugin
; branches on that value again, so every -O level emits the copies as
; written and the same waits as -O0, in PTX that ptxas accepts. Before, -O1
; and higher rejected the program ("async copy flags must be a compile-time
; constant").
; REQUIRES: nvptx-registered-target
; RUN: %opt -passes='default<O0>' %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.O0.ptx
; RUN: FileCheck %s < %t.O0.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.O0.ptx -o /dev/null %}
; RUN: %opt -passes='default<O1>' %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.O1.ptx
; RUN: FileCheck %s < %t.O1.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.O1.ptx -o /dev/null %}
; RUN: %opt -passes='default<O2>' %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.O2.ptx
; RUN: FileCheck %s < %t.O2.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.O2.ptx -o /dev/null %}
; RUN: %opt -passes='default<O3>' %s | %llc -mtriple=nvptx64-nvidia-cuda \
; RUN:   -mcpu=sm_80 -mattr=+ptx70 -o %t.O3.ptx
; RUN: FileCheck %s < %t.O3.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.O3.ptx -o /dev/null %}
; CHECK-LABEL: .entry sibling_flags(
; CHECK: cp.async.ca.shared.global [tile], [%rd{{[0-9]+}}], 16;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.cg.shared.global [next], [%rd{{[0-9]+}}], 16;
; CHECK: cp.async.ca.shared.global [next], [%rd{{[0-9]+}}], 16;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.wait_group 1;
; CHECK: cp.async.wait_all;
; CHECK-LABEL: .entry sibling_sizes(
; CHECK: cp.async.ca.shared.global [tile], [%rd{{[0-9]+}}], 4;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.ca.shared.global [next], [%rd{{[0-9]+}}], 8;
; CHECK: cp.async.ca.shared.global [next], [%rd{{[0-9]+}}], 4;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.wait_group 1;
; CHECK: cp.async.wait_all;
; CHECK-LABEL: .entry sibling_zfill_sizes(
; CHECK: cp.async.ca.shared.global [tile], [%rd{{[0-9]+}}], 16;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.ca.shared.global [next], [%rd{{[0-9]+}}], 16, 8;
; CHECK: cp.async.ca.shared.global [next], [%rd{{[0-9]+}}], 16, 0;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.wait_group 1;
; CHECK: cp.async.wait_all;

target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global [256 x i32] poison
@next = internal addrspace(3) global [256 x i32] poison

define ptx_kernel void @sibling_flags(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %else
then:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 16, i32 1)
  br label %join
else:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 16, i32 0)
  br label %join
join:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define ptx_kernel void @sibling_sizes(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %else
then:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 8, i32 0)
  br label %join
else:
  call void @asyncpipe.copy(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 4, i32 0)
  br label %join
join:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define ptx_kernel void @sibling_zfill_sizes(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %g, i32 16, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %else
then:
  call void @asyncpipe.copy.zfill(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 16, i32 8, i32 0)
  br label %join
else:
  call void @asyncpipe.copy.zfill(ptr addrspace(3) @next, ptr addrspace(1) %g, i32 16, i32 0, i32 0)
  br label %join
join:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
