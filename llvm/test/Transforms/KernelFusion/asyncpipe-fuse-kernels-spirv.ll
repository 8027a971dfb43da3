; Kernels written against the SPIR-V builtins (what DPC++ and the SPIR-V
; translator produce) are remapped like OpenCL builtin calls: the
; @__spirv_BuiltIn* variables, read whole and split by extractelement or one
; element at a constant offset, and the __spirv_BuiltInX(dim) and
; __spirv_X_{x,y,z}() calls. __spirv_ControlBarrier at work-group scope is a
; barrier for the partial work-group check; sub-group queries are refused in
; a remapped kernel, which could not give them their unfused values.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -pass-remarks=asyncpipe-fusion -S \
; RUN:   %t/remap.ll -o - 2>%t/remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t/remarks
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/barrier.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BARRIER
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/subgroup.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SUBGROUP
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/subgroup-cl.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SUBGROUP-CL
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/subgroup-same.ll -o - \
; RUN:   | FileCheck %s --check-prefix=SAME

; REMARK: remark: <unknown>:0:0: fused 2 kernels (flat, grid) on nd-range global (8): 2 parameters, 0 local and 0 private buffers, 2 kernels remapped

; The 2-D kernel's ids come from the linear id (x = L % 4, y = L / 4) and
; its global size is its own; its number of groups has no explicit local
; size to be computed from and stays a query.
; CHECK-LABEL: define spir_kernel void @fused(ptr addrspace(1) %out, ptr addrspace(1) %out1)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v.i = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
; CHECK-NEXT:    %x.i = extractelement <3 x i64> %v.i, i64 0
; CHECK-NEXT:    %p.i = getelementptr i64, ptr addrspace(1) %out, i64 %x.i
; CHECK-NEXT:    store i64 %x.i, ptr addrspace(1) %p.i, align 8
; CHECK-NEXT:    call void @_Z7barrierj(i32 3)
; CHECK-NEXT:    %fusion.linear.id.i = call i64 @_Z13get_global_idj(i32 0)
; CHECK-NEXT:    %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 4
; CHECK-NEXT:    %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 4
; CHECK-NEXT:    %v.i2 = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
; CHECK-NEXT:    %ny.i = call i64 @_Z23__spirv_NumWorkgroups_yv()
; CHECK-NEXT:    %row.i = mul i64 %fusion.global.id.1.i, 4
; CHECK-NEXT:    %i.i = add i64 %row.i, %fusion.global.id.0.i
; CHECK-NEXT:    %p.i3 = getelementptr i64, ptr addrspace(1) %out1, i64 %i.i
; CHECK-NEXT:    %s.i = add i64 %i.i, %ny.i
; CHECK-NEXT:    store i64 %s.i, ptr addrspace(1) %p.i3, align 8
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }

; BARRIER: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [barrier-in-partial-work-group]: kernel 1 ('synced') with global (24) has a work-group barrier, but on the fused global (64) local (16) some work-groups could run it with only part of their work-items

; SUBGROUP: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [unmodelled-work-item-query]: lane must see its own nd-range, but it reads __spirv_BuiltInSubgroupLocalInvocationId, which fusion does not remap (sub-group, lane, enqueued-size and linear-id queries); launch every kernel of the list on the same nd-range
; SUBGROUP-CL: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [unmodelled-work-item-query]: sglid must see its own nd-range, but it reads get_sub_group_local_id, which fusion does not remap (sub-group, lane, enqueued-size and linear-id queries); launch every kernel of the list on the same nd-range

; SAME-LABEL: define spir_kernel void @fused(
; SAME-NEXT:  entry:
; SAME-NEXT:    %l.i = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4
; SAME-NEXT:    store i32 %l.i, ptr addrspace(1) %out, align 4
; SAME-NEXT:    call void @_Z7barrierj(i32 3)
; SAME-NEXT:    %l.i2 = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4

;--- remap.ll
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32

define spir_kernel void @flat(ptr addrspace(1) %out) {
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %x = extractelement <3 x i64> %v, i64 0
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %x
  store i64 %x, ptr addrspace(1) %p, align 8
  ret void
}

define spir_kernel void @grid(ptr addrspace(1) %out) {
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %x = extractelement <3 x i64> %v, i64 0
  %y.addr = getelementptr inbounds i8, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, i64 8
  %y = load i64, ptr addrspace(1) %y.addr, align 8
  %w = call i64 @_Z25__spirv_BuiltInGlobalSizei(i32 0)
  %ny = call i64 @_Z23__spirv_NumWorkgroups_yv()
  %row = mul i64 %y, %w
  %i = add i64 %row, %x
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %i
  %s = add i64 %i, %ny
  store i64 %s, ptr addrspace(1) %p, align 8
  ret void
}

declare i64 @_Z25__spirv_BuiltInGlobalSizei(i32)
declare i64 @_Z23__spirv_NumWorkgroups_yv()

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"flat", !"grid"}
!1 = !{!{i32 1, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 4, i64 2, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

;--- barrier.ll
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32

define spir_kernel void @copy(ptr addrspace(1) %out) {
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %x = extractelement <3 x i64> %v, i64 0
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %x
  store i64 %x, ptr addrspace(1) %p, align 8
  ret void
}

define spir_kernel void @synced(ptr addrspace(1) %out) {
  call void @_Z22__spirv_ControlBarrierjjj(i32 2, i32 2, i32 272)
  ret void
}

declare void @_Z22__spirv_ControlBarrierjjj(i32, i32, i32)

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"copy", !"synced"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 24, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

;--- subgroup.ll
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInSubgroupLocalInvocationId = external addrspace(1) constant i32, align 4

define spir_kernel void @lane(ptr addrspace(1) %out) {
  %v = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32
  %x = extractelement <3 x i64> %v, i64 0
  %l = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %x
  store i32 %l, ptr addrspace(1) %p, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"lane", !"lane"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

;--- subgroup-cl.ll
; The OpenCL builtin form of the same query, in a module using the SPIR-V
; builtins elsewhere.
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"sglid", !"sglid"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

define spir_kernel void @sglid(ptr addrspace(1) %out) {
  %l = call i32 @_Z22get_sub_group_local_idv()
  store i32 %l, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @_Z22get_sub_group_local_idv()

;--- subgroup-same.ll
; One nd-range for both: nothing is remapped, sub-group queries are fine.
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInSubgroupLocalInvocationId = external addrspace(1) constant i32, align 4

define spir_kernel void @lane(ptr addrspace(1) %out) {
  %l = load i32, ptr addrspace(1) @__spirv_BuiltInSubgroupLocalInvocationId, align 4
  store i32 %l, ptr addrspace(1) %out, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"lane", !"lane"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}
