; Zero-filling copies with a source size known only at run time. By default
; a switch selects copies with immediate sizes (what cuda_pipeline.h does; a
; register operand costs ptxas registers, see bench/nvptx); with
; -asyncpipe-nvptx-zfill-in-register the size is the .s register operand.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.sm80.ptx
; RUN: FileCheck %s < %t.sm80.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t.sm90.ptx
; RUN: FileCheck %s < %t.sm90.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.reg.sm80.ptx \
; RUN:   -asyncpipe-nvptx-zfill-in-register
; RUN: FileCheck %s --check-prefix=REG < %t.reg.sm80.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %s -o %t.reg.sm90.ptx \
; RUN:   -asyncpipe-nvptx-zfill-in-register
; RUN: FileCheck %s --check-prefix=REG < %t.reg.sm90.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
; RUN: %ptxas -arch=sm_80 %t.reg.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90 %t.reg.sm90.ptx -o /dev/null
; REQUIRES: nvptx-registered-target, ptxas

; A predicated copy: all 16 bytes or none.
; CHECK-LABEL: .visible .entry predicated(
; CHECK:         ld.param.b8 [[PRED:%rs[0-9]+]], [predicated_param_2];
; CHECK:         and.b16 [[BIT:%rs[0-9]+]], [[PRED]], 1;
; CHECK-NEXT:    setp.ne.b16 [[IN:%p[0-9]+]], [[BIT]], 0;
; CHECK:         @[[IN]] bra [[FULL:\$L__BB[0-9_]+]];
; CHECK-NEXT:    bra.uni [[NONE:\$L__BB[0-9_]+]];
; CHECK-NEXT:  [[FULL]]:
; CHECK-NEXT:    cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
; CHECK-NEXT:    bra.uni [[DONE:\$L__BB[0-9_]+]];
; CHECK-NEXT:  [[NONE]]:
; CHECK-NEXT:    cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, 0;
; CHECK-NEXT:  [[DONE]]:
; CHECK-NEXT:    cp.async.commit_group;
; CHECK-NEXT:    cp.async.wait_all;
; CHECK-NEXT:    ret;
; REG-LABEL: .visible .entry predicated(
; REG:         selp.b32 [[SIZE:%r[0-9]+]], 16, 0, %p{{[0-9]+}};
; REG:         cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, [[SIZE]];
; REG-NEXT:    cp.async.commit_group;
; REG-NEXT:    cp.async.wait_all;
; REG-NEXT:    ret;
define ptx_kernel void @predicated(ptr addrspace(3) %s, ptr addrspace(1) %g, i1 %in.bounds) {
  %size = select i1 %in.bounds, i32 16, i32 0
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %size, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Any size: five immediate forms of the 4-byte copy behind a jump table,
; nine of the 8-byte, seventeen of each 16-byte one.
; CHECK-LABEL: .visible .entry any_size(
; CHECK:         ld.param.b32 [[N:%r[0-9]+]], [any_size_param_2];
; CHECK:         setp.gt.u32 [[BIG:%p[0-9]+]], [[N]], 3;
; CHECK-NEXT:    @[[BIG]] bra [[FULL:\$L__BB[0-9_]+]];
; CHECK:         brx.idx [[N]], $L_brx_0;
; CHECK-DAG:     cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, 0;
; CHECK-DAG:     cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, 1;
; CHECK-DAG:     cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, 2;
; CHECK-DAG:     cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, 3;
; CHECK:       [[FULL]]:
; CHECK-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK-NEXT:  $L__BB{{[0-9_]+}}:
; CHECK-NEXT:    setp.gt.u32 {{%p[0-9]+}}, [[N]], 7;
; CHECK:         setp.gt.u32 {{%p[0-9]+}}, [[N]], 15;
; CHECK:         brx.idx [[N]], $L_brx_3;
; CHECK:         cp.async.commit_group;
; REG-LABEL: .visible .entry any_size(
; REG:         ld.param.b32 [[N:%r[0-9]+]], [any_size_param_2];
; REG:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, [[N]];
; REG-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8, [[N]];
; REG-NEXT:    cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, [[N]];
; REG-NEXT:    cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, [[N]];
; REG-NEXT:    cp.async.commit_group;
define ptx_kernel void @any_size(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 %n, i32 0)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 8, i32 %n, i32 0)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %n, i32 0)
  call void @asyncpipe.copy.zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 16, i32 %n, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy.zfill(ptr addrspace(3), ptr addrspace(1), i32, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
