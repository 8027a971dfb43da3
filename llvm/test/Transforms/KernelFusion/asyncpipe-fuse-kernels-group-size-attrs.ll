; The attributes that bound a kernel's work-group size carry over to the
; fused kernel as what every kernel allows: the compiler relies on them, so
; the fused kernel promises no more than each kernel did.
; - amdgpu-flat-work-group-size: the intersection of the ranges;
; - nvvm.reqntid: the common required size; nvvm.maxntid: the smallest
;   bound in each dimension;
; - uniform-work-group-size: "true" only if every kernel says so;
; - intel_reqd_sub_group_size (metadata): the common required size.
; Refused: ranges with no common size, different required sizes, a fused
; local size outside the bounds (reqd_work_group_size included), and AMDGPU
; kernels asking for different wave sizes.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o - | FileCheck %s --check-prefix=AMDGPU
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx.ll -o - | FileCheck %s --check-prefix=NVPTX
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/subgroup.ll -o - | FileCheck %s --check-prefix=SUBGROUP
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu-disjoint.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DISJOINT
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu-outside.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FLAT-OUTSIDE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu-wave-sizes.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WAVE-SIZES
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu-malformed.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MALFORMED
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx-reqntid.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REQNTID
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx-maxntid.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MAXNTID
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx-reqntid-outside.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REQNTID-OUTSIDE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx-malformed.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NVPTX-MALFORMED
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/reqd-outside.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REQD-OUTSIDE
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/subgroup-conflict.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SUBGROUP-CONFLICT

; AMDGPU: define amdgpu_kernel void @fused(ptr addrspace(1) %out) #[[FUSED:[0-9]+]] {
; AMDGPU: attributes #[[FUSED]] = { convergent nounwind "amdgpu-flat-work-group-size"="64,256" "uniform-work-group-size"="true" }

; NVPTX: define ptx_kernel void @fused(ptr addrspace(1) %out) #[[FUSED:[0-9]+]] {
; NVPTX: attributes #[[FUSED]] = { convergent nounwind "nvvm.maxntid"="64,2,1" "nvvm.reqntid"="32,1,1" }

; SUBGROUP: define spir_kernel void @fused(ptr addrspace(1) %out) #{{[0-9]+}} !intel_reqd_sub_group_size ![[SG:[0-9]+]] {
; SUBGROUP: ![[SG]] = !{i32 16}

; DISJOINT: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [conflicting-flat-work-group-size]: kernel 0 ('small') and kernel 1 ('large') allow no common work-group size (amdgpu-flat-work-group-size); fuse only kernels whose ranges overlap
; FLAT-OUTSIDE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [local-size-outside-group-size-bounds]: the fused local size (128,1,1, 128 work-items) is outside the 1 to 64 work-items the kernels allow (amdgpu-flat-work-group-size); launch them with a local size in that range
; WAVE-SIZES: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [different-wave-sizes]: kernel 0 ('wave32') was compiled for waves of 32 and kernel 2 ('wave64') for waves of 64 (target-features); compile the kernels of one fusion list for one wave size
; MALFORMED: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-group-size-attribute]: kernel 0 ('odd') has an amdgpu-flat-work-group-size that is not "min,max"
; REQNTID: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [conflicting-reqd-work-group-size]: kernel 0 ('a') and kernel 1 ('b') require different work-group sizes (nvvm.reqntid); fuse only kernels that require the same one
; MAXNTID: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [local-size-outside-group-size-bounds]: the fused local size (128,1,1) exceeds the largest the kernels allow (nvvm.maxntid 64,1,1); launch them with a smaller local size
; REQNTID-OUTSIDE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [local-size-outside-group-size-bounds]: the fused local size (64,1,1) is not the one the kernels require (nvvm.reqntid 32,1,1); launch them with that local size
; NVPTX-MALFORMED: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [malformed-group-size-attribute]: kernel 0 ('a') has a nvvm.maxntid that is not 1 to 3 non-zero sizes
; REQD-OUTSIDE: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [local-size-outside-group-size-bounds]: kernel 1 ('eight') requires work-groups of 8 in dimension 0 (reqd_work_group_size), but the fused local size is 16; launch every kernel with its required size
; SUBGROUP-CONFLICT: error: <unknown>:0:0: in function fused void (): cannot fuse kernels into 'fused': kernel fusion refused [conflicting-reqd-sub-group-size]: kernel 0 ('a') and kernel 1 ('b') require different sub-group sizes (intel_reqd_sub_group_size); fuse only kernels that require the same one

;--- amdgpu.ll
; One kernel allows 1 to 256 work-items, the other 64 to 1024: the fused
; kernel 64 to 256, which the local size 128 is in.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @small(ptr addrspace(1) %out) #0 {
  store i32 1, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @large(ptr addrspace(1) %out) #1 {
  store i32 2, ptr addrspace(1) %out
  ret void
}
attributes #0 = { nounwind "amdgpu-flat-work-group-size"="1,256" "uniform-work-group-size"="true" }
attributes #1 = { nounwind "amdgpu-flat-work-group-size"="64,1024" "uniform-work-group-size"="true" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 void @fused()
!0 = !{!"small", !"large"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 128, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{!{i32 0, i32 0}, !{i32 1, i32 0}}}

;--- amdgpu-disjoint.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @small(ptr addrspace(1) %out) #0 {
  ret void
}
define amdgpu_kernel void @large(ptr addrspace(1) %out) #1 {
  ret void
}
attributes #0 = { "amdgpu-flat-work-group-size"="1,64" }
attributes #1 = { "amdgpu-flat-work-group-size"="128,256" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"small", !"large"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- amdgpu-outside.ll
; The kernel with the bound has no local size; the other's is too large.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @small(ptr addrspace(1) %out) #0 {
  ret void
}
define amdgpu_kernel void @any(ptr addrspace(1) %out) {
  ret void
}
attributes #0 = { "amdgpu-flat-work-group-size"="1,64" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"small", !"any"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 128, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- amdgpu-wave-sizes.ll
; The kernel in the middle leaves the wave size to the target-cpu.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @wave32(ptr addrspace(1) %out) #0 {
  ret void
}
define amdgpu_kernel void @either(ptr addrspace(1) %out) {
  ret void
}
define amdgpu_kernel void @wave64(ptr addrspace(1) %out) #1 {
  ret void
}
attributes #0 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize32" }
attributes #1 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"wave32", !"either", !"wave64"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- amdgpu-malformed.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @odd(ptr addrspace(1) %out) #0 {
  ret void
}
attributes #0 = { "amdgpu-flat-work-group-size"="256,1" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"odd", !"odd"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %out) #0 {
  store i32 1, ptr addrspace(1) %out
  ret void
}
define ptx_kernel void @b(ptr addrspace(1) %out) #1 {
  store i32 2, ptr addrspace(1) %out
  ret void
}
attributes #0 = { nounwind "nvvm.reqntid"="32" "nvvm.maxntid"="128,2" }
attributes #1 = { nounwind "nvvm.reqntid"="32,1,1" "nvvm.maxntid"="64,4" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 void @fused()
!0 = !{!"a", !"b"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{!{!{i32 0, i32 0}, !{i32 1, i32 0}}}

;--- nvptx-reqntid.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %out) #0 {
  ret void
}
define ptx_kernel void @b(ptr addrspace(1) %out) #1 {
  ret void
}
attributes #0 = { "nvvm.reqntid"="32" }
attributes #1 = { "nvvm.reqntid"="64" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"a", !"b"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- nvptx-maxntid.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %out) #0 {
  ret void
}
attributes #0 = { "nvvm.maxntid"="64" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"a", !"a"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 128, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- nvptx-reqntid-outside.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %out) #0 {
  ret void
}
define ptx_kernel void @b(ptr addrspace(1) %out) {
  ret void
}
attributes #0 = { "nvvm.reqntid"="32" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"a", !"b"}
!1 = !{!2, !3}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- nvptx-malformed.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %out) #0 {
  ret void
}
attributes #0 = { "nvvm.maxntid"="32,0" }

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"a", !"a"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 1024, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- reqd-outside.ll
; The kernel requiring 8 work-items per group was given no local size; the
; other's, 16, becomes the fused one.
target triple = "spir64-unknown-unknown"

define spir_kernel void @any(ptr addrspace(1) %out) {
  ret void
}
define spir_kernel void @eight(ptr addrspace(1) %out) !reqd_work_group_size !3 {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"any", !"eight"}
!1 = !{!2, !4}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 8, i32 1, i32 1}
!4 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

;--- subgroup.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @a(ptr addrspace(1) %out) !intel_reqd_sub_group_size !3 {
  store i32 1, ptr addrspace(1) %out
  ret void
}
define spir_kernel void @b(ptr addrspace(1) %out) {
  store i32 2, ptr addrspace(1) %out
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !4 void @fused()
!0 = !{!"a", !"b"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 16}
!4 = !{!{!{i32 0, i32 0}, !{i32 1, i32 0}}}

;--- subgroup-conflict.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @a(ptr addrspace(1) %out) !intel_reqd_sub_group_size !3 {
  ret void
}
define spir_kernel void @b(ptr addrspace(1) %out) !intel_reqd_sub_group_size !4 {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()
!0 = !{!"a", !"b"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{i32 8}
!4 = !{i32 16}
