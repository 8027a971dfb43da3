; Kernels the refusal specs name, in the nvptx form.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %gid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %v = load i32, ptr addrspace(1) %src
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %v, ptr addrspace(1) %dst
  ret void
}

define ptx_kernel void @scale(ptr addrspace(1) %buf, i32 %n) {
  %gid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %addr = getelementptr i32, ptr addrspace(1) %buf, i32 %gid
  %v = load i32, ptr addrspace(1) %addr
  %m = mul i32 %v, %n
  store i32 %m, ptr addrspace(1) %addr
  ret void
}

; Stores the pointer itself: it cannot be promoted.
define ptx_kernel void @escape(ptr addrspace(1) %buf, ptr %slot) {
  store ptr addrspace(1) %buf, ptr %slot
  ret void
}

define ptx_kernel void @recursive(ptr addrspace(1) %buf) {
  call void @recurse(ptr addrspace(1) %buf, i32 3)
  ret void
}

; Recursive, and asks for the local id: it would answer for the fused
; nd-range.
define internal void @recurse(ptr addrspace(1) %buf, i32 %depth) {
  %more = icmp ne i32 %depth, 0
  br i1 %more, label %again, label %done
again:
  %next = sub i32 %depth, 1
  call void @recurse(ptr addrspace(1) %buf, i32 %next)
  br label %done
done:
  %id32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %id32, ptr addrspace(1) %buf
  ret void
}

; Its callee has another personality: the inliner refuses it.
define ptx_kernel void @personality(ptr addrspace(1) %buf) personality ptr @personality.a {
  call void @other.personality(ptr addrspace(1) %buf)
  ret void
}

define internal void @other.personality(ptr addrspace(1) %buf) personality ptr @personality.b {
  store i32 0, ptr addrspace(1) %buf
  ret void
}

; Variadic functions cannot use a kernel calling convention.
define void @variadic(ptr addrspace(1) %buf, ...) {
  ret void
}

; Not a kernel calling convention.
define void @plain(ptr addrspace(1) %buf) {
  ret void
}

; Synchronizes its work-group.
define ptx_kernel void @synced(ptr addrspace(1) %buf) {
  store i32 1, ptr addrspace(1) %buf
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}
declare i32 @personality.a(...)
declare i32 @personality.b(...)

; The lane's index in its warp: kept only where work-groups are.
define ptx_kernel void @lane(ptr addrspace(1) %buf) {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  store i32 %l, ptr addrspace(1) %buf
  ret void
}

; The hardware warp slot: not remapped.
define ptx_kernel void @unmodelled(ptr addrspace(1) %buf) {
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  store i32 %w, ptr addrspace(1) %buf
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
