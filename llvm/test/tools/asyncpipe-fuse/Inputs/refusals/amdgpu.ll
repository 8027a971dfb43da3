; Kernels the refusal specs name, in the amdgpu form.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %gid = call i32 @llvm.amdgcn.workitem.id.x()
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %v = load i32, ptr addrspace(1) %src
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %v, ptr addrspace(1) %dst
  ret void
}

define amdgpu_kernel void @scale(ptr addrspace(1) %buf, i32 %n) {
  %gid = call i32 @llvm.amdgcn.workitem.id.x()
  %addr = getelementptr i32, ptr addrspace(1) %buf, i32 %gid
  %v = load i32, ptr addrspace(1) %addr
  %m = mul i32 %v, %n
  store i32 %m, ptr addrspace(1) %addr
  ret void
}

; Stores the pointer itself: it cannot be promoted.
define amdgpu_kernel void @escape(ptr addrspace(1) %buf, ptr %slot) {
  store ptr addrspace(1) %buf, ptr %slot
  ret void
}

define amdgpu_kernel void @recursive(ptr addrspace(1) %buf) {
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
  %id32 = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %id32, ptr addrspace(1) %buf
  ret void
}

; Its callee has another personality: the inliner refuses it.
define amdgpu_kernel void @personality(ptr addrspace(1) %buf) personality ptr @personality.a {
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
define amdgpu_kernel void @synced(ptr addrspace(1) %buf) {
  store i32 1, ptr addrspace(1) %buf
  call void @llvm.amdgcn.s.barrier()
  ret void
}

; Reads the x and y local sizes in one load.
define amdgpu_kernel void @packed(ptr addrspace(1) %buf) {
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %sizes.addr = getelementptr i8, ptr addrspace(4) %packet, i64 4
  %sizes = load i32, ptr addrspace(4) %sizes.addr
  store i32 %sizes, ptr addrspace(1) %buf
  ret void
}
declare i32 @personality.a(...)
declare i32 @personality.b(...)

; The lane's index in its wave: kept only where work-groups are.
define amdgpu_kernel void @lane(ptr addrspace(1) %buf) {
  %l = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  store i32 %l, ptr addrspace(1) %buf
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
