; The plugin's NVPTX codegen passes are registered by name when llc loads it:
; -print-after and -stop-after reach them.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 -o /dev/null \
; RUN:   -print-after=nvptx-async-subtarget-check < %s 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 \
; RUN:   -stop-after=asyncpipe-lower < %s | FileCheck %s --check-prefix=STOP

; PRINT: *** IR Dump After AsyncPipe NVPTX cp.async subtarget check (nvptx-async-subtarget-check) ***
; PRINT: define void @f(

; asyncpipe-lower has turned the portable calls into cp.async.
; STOP-LABEL: define void @f(
; STOP:       call void @llvm.nvvm.cp.async.ca.shared.global.4(
; STOP-NOT:   asyncpipe.
; STOP:       ret void

define void @f(ptr addrspace(3) %dst, ptr addrspace(1) %src) {
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
