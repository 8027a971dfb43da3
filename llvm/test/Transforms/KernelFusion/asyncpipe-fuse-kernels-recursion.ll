; A kernel that must see its own nd-range (here: launched on fewer
; work-items than the fused kernel, so remapped and guarded) keeps its calls
; to recursive functions, which cannot be inlined; that is sound as long as
; they ask for no work-item information, directly or through what they
; call. Only then is it refused (recursive-call, naming the function and the
; query), and a barrier in there with a guard that splits work-groups is
; refused like any other (barrier-in-partial-work-group).
; llvm/test/tools/asyncpipe-fuse/exec-recursion.test runs such a fusion.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -pass-remarks=asyncpipe-fusion -S %t/pure.ll -o - 2>%t/pure.err \
; RUN:   | FileCheck %s
; RUN: FileCheck %s --check-prefix=PURE-REMARK --input-file=%t/pure.err
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/query.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=QUERY
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/deep.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DEEP
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/barrier.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BARRIER

;--- pure.ll
target triple = "spir64-unknown-unknown"

declare i64 @_Z13get_global_idj(i32)
declare i64 @_Z15get_global_sizej(i32)

define spir_kernel void @fill(ptr addrspace(1) %out) {
  %i = call i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %i
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

; out[i] = fib(i % 8) + get_global_size(0): the size is remapped (32, not
; 64), fib stays a call, and helper (not recursive) is inlined.
define spir_kernel void @fibs(ptr addrspace(1) %out) {
  %i = call i64 @_Z13get_global_idj(i32 0)
  %n64 = urem i64 %i, 8
  %n = trunc i64 %n64 to i32
  %f = call i32 @helper(i32 %n)
  %gs = call i64 @_Z15get_global_sizej(i32 0)
  %gs32 = trunc i64 %gs to i32
  %v = add i32 %f, %gs32
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define internal i32 @helper(i32 %n) {
  %f = call i32 @fib(i32 %n)
  ret i32 %f
}

define internal i32 @fib(i32 %n) {
  %small = icmp ult i32 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i32 %n
rec:
  %n1 = sub i32 %n, 1
  %n2 = sub i32 %n, 2
  %f1 = call i32 @fib(i32 %n1)
  %f2 = call i32 @fib(i32 %n2)
  %s = add i32 %f1, %f2
  ret i32 %s
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"fill", !"fibs"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

; fib stays as it was, and the fused kernel calls it.
; CHECK-LABEL: define internal i32 @fib(
; CHECK:         call i32 @fib(
; CHECK-LABEL: define spir_kernel void @fused(
; CHECK:       kernel.1:
; CHECK:         %f.i.i = call i32 @fib(i32 %n.i)
; CHECK-NEXT:    %v.i = add i32 %f.i.i, 32
; CHECK:       kernel.1.done:
; CHECK-NEXT:    ret void
; PURE-REMARK: remark: <unknown>:0:0: fused 2 kernels (fill, fibs) on nd-range global (64): 2 parameters, 0 local and 0 private buffers, 2 kernels remapped

;--- query.ll
target triple = "spir64-unknown-unknown"

declare i64 @_Z15get_global_sizej(i32)

define spir_kernel void @fill(ptr addrspace(1) %out) {
  ret void
}

define spir_kernel void @sized(ptr addrspace(1) %out) {
  %v = call i32 @count(i32 3)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; Asks for the global size, which would answer for the fused nd-range.
define internal i32 @count(i32 %n) {
  %zero = icmp eq i32 %n, 0
  br i1 %zero, label %base, label %rec
base:
  %gs = call i64 @_Z15get_global_sizej(i32 0)
  %gs32 = trunc i64 %gs to i32
  ret i32 %gs32
rec:
  %n1 = sub i32 %n, 1
  %r = call i32 @count(i32 %n1)
  ret i32 %r
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"fill", !"sized"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

; QUERY: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [recursive-call]: kernel 1 ('sized') reaches the recursive function count, which reads global_size and cannot be inlined to remap it; launch the kernel on the fused nd-range global (64)

;--- deep.ll
target triple = "spir64-unknown-unknown"

declare i64 @_Z14get_local_sizej(i32)

define spir_kernel void @fill(ptr addrspace(1) %out) {
  ret void
}

define spir_kernel void @deep(ptr addrspace(1) %out) {
  call void @walk(ptr addrspace(1) %out, i32 3)
  ret void
}

define internal void @walk(ptr addrspace(1) %out, i32 %n) {
  %zero = icmp eq i32 %n, 0
  br i1 %zero, label %base, label %rec
base:
  call void @ask(ptr addrspace(1) %out)
  ret void
rec:
  %n1 = sub i32 %n, 1
  call void @walk(ptr addrspace(1) %out, i32 %n1)
  ret void
}

; Not recursive itself, but only reached through walk.
define internal void @ask(ptr addrspace(1) %out) {
  %ls = call i64 @_Z14get_local_sizej(i32 0)
  %ls32 = trunc i64 %ls to i32
  store i32 %ls32, ptr addrspace(1) %out, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"fill", !"deep"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

; DEEP: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [recursive-call]: kernel 1 ('deep') reaches the recursive function walk calling ask, which reads local_size and cannot be inlined to remap it; launch the kernel on the fused nd-range global (64)

;--- barrier.ll
target triple = "spir64-unknown-unknown"

declare void @_Z7barrierj(i32)

define spir_kernel void @fill(ptr addrspace(1) %out) {
  ret void
}

define spir_kernel void @synced(ptr addrspace(1) %out) {
  call void @sync(i32 3)
  ret void
}

; No query, but a barrier that only the work-items in the kernel's grid
; would reach.
define internal void @sync(i32 %n) {
  %zero = icmp eq i32 %n, 0
  br i1 %zero, label %base, label %rec
base:
  call void @_Z7barrierj(i32 1)
  ret void
rec:
  %n1 = sub i32 %n, 1
  call void @sync(i32 %n1)
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"fill", !"synced"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

; BARRIER: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [barrier-in-partial-work-group]: kernel 1 ('synced') with global (32) has a work-group barrier, but on the fused global (64) some work-groups could run it with only part of their work-items
