; Kernels the refusal specs name, in the builtin form.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @copy(ptr %in, ptr %out) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %src = getelementptr i32, ptr %in, i64 %gid
  %v = load i32, ptr %src
  %dst = getelementptr i32, ptr %out, i64 %gid
  store i32 %v, ptr %dst
  ret void
}

define spir_kernel void @scale(ptr %buf, i32 %n) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %addr = getelementptr i32, ptr %buf, i64 %gid
  %v = load i32, ptr %addr
  %m = mul i32 %v, %n
  store i32 %m, ptr %addr
  ret void
}

; Stores the pointer itself: it cannot be promoted.
define spir_kernel void @escape(ptr %buf, ptr %slot) {
  store ptr %buf, ptr %slot
  ret void
}

define spir_kernel void @recursive(ptr %buf) {
  call void @recurse(ptr %buf, i32 3)
  ret void
}

; Recursive, and asks for the local id: it would answer for the fused
; nd-range.
define internal void @recurse(ptr %buf, i32 %depth) {
  %more = icmp ne i32 %depth, 0
  br i1 %more, label %again, label %done
again:
  %next = sub i32 %depth, 1
  call void @recurse(ptr %buf, i32 %next)
  br label %done
done:
  %id = call i64 @_Z12get_local_idj(i32 0)
  %id32 = trunc i64 %id to i32
  store i32 %id32, ptr %buf
  ret void
}

; Its callee has another personality: the inliner refuses it.
define spir_kernel void @personality(ptr %buf) personality ptr @personality.a {
  call void @other.personality(ptr %buf)
  ret void
}

define internal void @other.personality(ptr %buf) personality ptr @personality.b {
  store i32 0, ptr %buf
  ret void
}

; Variadic functions cannot use a kernel calling convention.
define void @variadic(ptr %buf, ...) {
  ret void
}

; Not a kernel calling convention.
define void @plain(ptr %buf) {
  ret void
}

; Synchronizes its work-group.
define spir_kernel void @synced(ptr %buf) {
  store i32 1, ptr %buf
  call void @_Z7barrierj(i32 1)
  ret void
}
declare i32 @personality.a(...)
declare i32 @personality.b(...)
declare i64 @_Z13get_global_idj(i32)
declare void @_Z7barrierj(i32)

; A sub-group query: kept only where work-groups are.
define spir_kernel void @lane(ptr %buf) {
  %l = call i32 @_Z22get_sub_group_local_idv()
  store i32 %l, ptr %buf
  ret void
}
declare i32 @_Z22get_sub_group_local_idv()

; An enqueued size: not remapped.
define spir_kernel void @unmodelled(ptr %buf) {
  %s = call i64 @_Z23get_enqueued_local_sizej(i32 0)
  store i64 %s, ptr %buf
  ret void
}
declare i64 @_Z23get_enqueued_local_sizej(i32)
declare i64 @_Z12get_local_idj(i32)
