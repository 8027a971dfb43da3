; A run-time wait count `0 - i` is negative on the loop's last trip. That is
; the documented run-time behaviour (undefined), not an error: the program
; compiles at every -O level. -O3 unrolls the loop and folds the count to -1;
; asyncpipe-tag-runtime-counts remembered at the start of the pipeline that
; the source computes it, so the lowering waits for every mark there, with
; a remark, instead of rejecting the program. A negative count the source
; writes as a constant is still an error (asyncpipe-lower-errors.ll).
; RUN: split-file %s %t
; RUN: %opt -passes='default<O0>' -S %t/runtime.ll | FileCheck %s --check-prefix=O0
; RUN: %opt -passes='default<O3>' -S %t/runtime.ll -pass-remarks-missed=asyncpipe-lower \
; RUN:   2>%t.remarks | FileCheck %s --check-prefix=O3
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' %t/runtime.ll \
; RUN:   | %opt -passes='default<O3>' | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
; RUN:     -verify-machineinstrs -amdgpu-verify-async-waits -o /dev/null
; RUN: %opt -passes=asyncpipe-tag-runtime-counts -S %t/runtime.ll \
; RUN:   | FileCheck %s --check-prefix=TAG
; RUN: %opt -passes=asyncpipe-tag-runtime-counts -S %t/constant.ll \
; RUN:   | FileCheck %s --check-prefix=TAG-CONSTANT
; RUN: not %opt -passes='default<O3>' -disable-output %t/constant.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SOURCE-CONSTANT

;--- runtime.ll
target triple = "nvptx64-nvidia-cuda"

; O0-LABEL: define ptx_kernel void @count_goes_negative(
; O0:         switch i32
; O3-LABEL: define ptx_kernel void @count_goes_negative(
; O3:         call void @llvm.nvvm.cp.async.wait.all()
; O3:         call void @llvm.nvvm.cp.async.wait.all()
; O3-NEXT:    ret void
; REMARK: remark: <unknown>:0:0: wait count computed at run time is -1 on this path (negative counts are undefined): waiting for all marks here
; TAG-LABEL: define ptx_kernel void @count_goes_negative(
; TAG:         call void @asyncpipe.wait(i32 %n), !asyncpipe.runtime.count
define ptx_kernel void @count_goes_negative(ptr addrspace(3) %s, ptr addrspace(1) %g) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  %n = sub i32 0, %i
  call void @asyncpipe.wait(i32 %n)
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, 2
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- constant.ll
; SOURCE-CONSTANT: error: <unknown>:0:0: in function written_negative {{.*}}: async wait count -1 is negative
; TAG-CONSTANT-LABEL: define ptx_kernel void @written_negative(
; TAG-CONSTANT:         call void @asyncpipe.wait(i32 -1){{$}}
define ptx_kernel void @written_negative() {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 -1)
  ret void
}

declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
