; -asyncpipe-debug=<pass> prints the trace of each new-PM pass whose trace
; asyncpipe-debug-stats.ll does not show (asyncpipe-lower, -bind-waits,
; -lower-futures, -sanitize), and -asyncpipe-stats its statistics, in LLVM's
; -stats format, with a release libLLVM.
;
; asyncpipe-lower drops the second wait(0) on NVPTX: nothing is outstanding.
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -passes=asyncpipe-lower \
; RUN:   -asyncpipe-debug=asyncpipe-lower -asyncpipe-stats -disable-output %s \
; RUN:   2>&1 | FileCheck %s --check-prefix=LOWER
; RUN: %opt -mtriple=amdgcn-amd-amdhsa \
; RUN:   -passes='function(asyncpipe-bind-waits,asyncpipe-lower-futures)' \
; RUN:   -asyncpipe-debug=asyncpipe-bind-waits,asyncpipe-lower-futures \
; RUN:   -asyncpipe-stats -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FUTURES
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-sanitize \
; RUN:   -asyncpipe-debug=asyncpipe-sanitize -asyncpipe-stats -disable-output %s \
; RUN:   2>&1 | FileCheck %s --check-prefix=SAN
;
; asyncpipe-fuse, which links the fusion library without the plugin, knows
; the same debug types (its main registers them).
; RUN: not %asyncpipe-fuse -asyncpipe-debug=bogus 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FUSE-TOOL

; LOWER:      AsyncLower: removing redundant wait  call void @asyncpipe.wait(i32 0)
; LOWER-NEXT: ===-------------------------------------------------------------------------===
; LOWER-NEXT:                           ... Statistics Collected ...
; LOWER-NEXT: ===-------------------------------------------------------------------------===
; LOWER-EMPTY:
; LOWER-NEXT: 1 asyncpipe-lower - Number of waits removed as redundant

; FUTURES:      AsyncBindWaits: bound  call void @asyncpipe.wait(i32 0)
; FUTURES-NEXT:   to  call void @asyncpipe.wait.future(i32 %mark) #0, !asyncpipe.spelling !1
; FUTURES-NEXT: AsyncBindWaits: bound  call void @asyncpipe.wait(i32 0)
; FUTURES-NEXT:   to  call void @asyncpipe.wait.future(i32 %mark) #0, !asyncpipe.spelling !1
; FUTURES-NEXT: AsyncLowerFutures:  call void @asyncpipe.wait.future(i32 %mark) #0, !asyncpipe.spelling !1 waits for at most 0 marks
; FUTURES-NEXT: AsyncLowerFutures:  call void @asyncpipe.wait.future(i32 %mark) #0, !asyncpipe.spelling !1 waits for at most 0 marks
; FUTURES:      2 asyncpipe-bind-waits    - Number of waits bound to the future of their mark
; FUTURES-NEXT: 2 asyncpipe-lower-futures - Number of waits on futures lowered to counts

; SAN:      AsyncSan: twice: 0 loads, 0 stores checked, 0 skipped
; SAN:      1 asyncpipe-sanitize - Number of functions instrumented

; FUSE-TOOL: unknown AsyncPipe debug type 'bogus'; known: all, asyncpipe, asyncpipe-lower, asyncpipe-elim, asyncpipe-bind-waits, asyncpipe-lower-futures, asyncpipe-pipeline, asyncpipe-sanitize, asyncpipe-fusion, amdgpu-lower-async-intrinsics, amdgpu-lower-async-waits

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

define void @twice(ptr addrspace(3) %dst, ptr addrspace(1) %src) {
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.wait(i32 0)
  ret void
}
