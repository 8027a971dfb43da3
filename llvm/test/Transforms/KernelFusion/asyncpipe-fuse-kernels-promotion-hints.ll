; The seven ways two kernels can disagree on promoting the buffer one writes
; and the other reads (the scenarios of the fusion design's aborted
; internalization), and one where they agree. A promotion is kept only where
; every kernel using the buffer asks for the same one and the replacement
; has the same size for each; otherwise the kernels still fuse, the buffer
; stays in global memory, and a warning and a missed remark
; (PromotionDropped) name the argument and why. Only different local sizes
; refuse the fusion, as they would without any hint.
;
;   scenario               kernel 0 (add5)   kernel 1 (twice)   outcome
;   1 none, local          none              local              fused, not promoted
;   2 none, private        none              private            fused, not promoted
;   3 local(8), local      local, local 8    local, no local    fused, not promoted
;   4 local, local(8)      local, no local   local, local 8     fused, not promoted
;   5 local(8), local(16)  local, local 8    local, local 16    refused
;   6 local(8), private(8) local, local 8    private, local 8   fused, not promoted
;   7 none(8), local(8)    none, local 8     local, local 8     fused, not promoted
;   agreeing               local, local 8    local, local 8     fused, promoted
;
; (Scenarios 3 and 4: the kernel without a local size has no work-group
; slice to promote to. Scenario 6: a private slice is 1 element per
; work-item, a local one 8 per work-group; the sizes differ.)
; llvm/test/tools/asyncpipe-fuse/exec-promotion-hints.test runs them.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -pass-remarks=asyncpipe-fusion \
; RUN:   -pass-remarks-missed=asyncpipe-fusion -S %t/fuse.ll -o %t/fused.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DIAG
; RUN: FileCheck %s --input-file=%t/fused.ll
; RUN: not %opt -passes=asyncpipe-fuse-kernels -S %t/refuse.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REFUSE

; DIAG:      warning: <unknown>:0:0: in function s1_none_local void (ptr addrspace(1), ptr addrspace(1), ptr addrspace(1)): promotion dropped [conflicting-promotion-hints]: argument 1 of kernel 0 ('add5') asks for no promotion but argument 0 of kernel 1 ('twice'), identical to it, asks for local promotion (64 elements of 4 bytes); only a buffer every kernel asks the same promotion for is promoted; the buffer stays in global memory
; DIAG-EMPTY:
; DIAG-NEXT: remark: <unknown>:0:0: argument 1 of kernel 0 ('add5') stays in global memory: conflicting-promotion-hints
; DIAG-NEXT: remark: <unknown>:0:0: fused 2 kernels (add5, twice) on nd-range global (64): 3 parameters, 0 local and 0 private buffers, 0 kernels remapped
; DIAG-NEXT: warning: {{.*}} promotion dropped [conflicting-promotion-hints]: argument 1 of kernel 0 ('add5') asks for no promotion but argument 0 of kernel 1 ('twice'), identical to it, asks for private promotion (64 elements of 4 bytes); only a buffer every kernel asks the same promotion for is promoted; the buffer stays in global memory
; DIAG-EMPTY:
; DIAG-NEXT: remark: {{.*}} stays in global memory: conflicting-promotion-hints
; DIAG-NEXT: remark: {{.*}} fused 2 kernels (add5, twice) on nd-range global (64): 3 parameters, 0 local and 0 private buffers, 0 kernels remapped
; DIAG-NEXT: warning: {{.*}} promotion dropped [local-promotion-without-local-size]: argument 0 of kernel 1 ('twice') is promoted to local memory, but the kernel's nd-range global (64) has no local size; the buffer stays in global memory
; DIAG-EMPTY:
; DIAG-NEXT: remark: {{.*}} stays in global memory: local-promotion-without-local-size
; DIAG-NEXT: remark: {{.*}} fused 2 kernels (add5, twice) on nd-range global (64) local (8): 3 parameters, 0 local and 0 private buffers, 2 kernels remapped
; DIAG-NEXT: warning: {{.*}} promotion dropped [local-promotion-without-local-size]: argument 1 of kernel 0 ('add5') is promoted to local memory, but the kernel's nd-range global (64) has no local size; the buffer stays in global memory
; DIAG-EMPTY:
; DIAG-NEXT: remark: {{.*}} stays in global memory: local-promotion-without-local-size
; DIAG-NEXT: remark: {{.*}} fused 2 kernels (add5, twice) on nd-range global (64) local (8): 3 parameters, 0 local and 0 private buffers, 2 kernels remapped
; DIAG-NEXT: warning: {{.*}} promotion dropped [conflicting-promotion-hints]: argument 1 of kernel 0 ('add5') asks for local promotion (64 elements of 4 bytes) but argument 0 of kernel 1 ('twice'), identical to it, asks for private promotion (64 elements of 4 bytes); only a buffer every kernel asks the same promotion for is promoted; the buffer stays in global memory
; DIAG-EMPTY:
; DIAG-NEXT: remark: {{.*}} stays in global memory: conflicting-promotion-hints
; DIAG-NEXT: remark: {{.*}} fused 2 kernels (add5, twice) on nd-range global (64) local (8): 3 parameters, 0 local and 0 private buffers, 0 kernels remapped
; DIAG-NEXT: warning: {{.*}} promotion dropped [conflicting-promotion-hints]: argument 1 of kernel 0 ('add5') asks for no promotion but argument 0 of kernel 1 ('twice'), identical to it, asks for local promotion (64 elements of 4 bytes); only a buffer every kernel asks the same promotion for is promoted; the buffer stays in global memory
; DIAG-EMPTY:
; DIAG-NEXT: remark: {{.*}} stays in global memory: conflicting-promotion-hints
; DIAG-NEXT: remark: {{.*}} fused 2 kernels (add5, twice) on nd-range global (64) local (8): 3 parameters, 0 local and 0 private buffers, 0 kernels remapped
; DIAG-NEXT: remark: {{.*}} fused 2 kernels (add5, twice) on nd-range global (64) local (8): 2 parameters, 1 local and 0 private buffers, 0 kernels remapped
; DIAG-NOT: {{.}}

; Every scenario but the agreeing one keeps the buffer a parameter.
; CHECK:     @agree.local.1 = internal addrspace(3) global [32 x i8] undef, align 16
; CHECK-NOT: .local.
; CHECK:     define spir_kernel void @s1_none_local(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out)
; CHECK:     define spir_kernel void @s2_none_private(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out)
; CHECK:     define spir_kernel void @s3_local8_local(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out)
; CHECK:     define spir_kernel void @s4_local_local8(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out)
; CHECK:     define spir_kernel void @s6_local8_private8(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out)
; CHECK:     define spir_kernel void @s7_none8_local8(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out)
; CHECK:     define spir_kernel void @agree(ptr addrspace(1) %in, ptr addrspace(1) %out)
; CHECK:       getelementptr inbounds i32, ptr addrspace(3) @agree.local.1

; REFUSE: error: <unknown>:0:0: in function s5_local8_local16 void (): cannot fuse kernels into 's5_local8_local16': kernel fusion refused [different-local-sizes]: kernel 0 ('add5') has global (64) local (8) but kernel 1 ('twice') has global (64) local (16)

;--- fuse.ll
target triple = "spir64-unknown-unknown"

declare i64 @_Z13get_global_idj(i32)

define spir_kernel void @add5(ptr addrspace(1) %in, ptr addrspace(1) %tmp) {
  %i = call i64 @_Z13get_global_idj(i32 0)
  %pin = getelementptr i32, ptr addrspace(1) %in, i64 %i
  %v = load i32, ptr addrspace(1) %pin, align 4
  %w = add i32 %v, 5
  %ptmp = getelementptr i32, ptr addrspace(1) %tmp, i64 %i
  store i32 %w, ptr addrspace(1) %ptmp, align 4
  ret void
}

define spir_kernel void @twice(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
  %i = call i64 @_Z13get_global_idj(i32 0)
  %ptmp = getelementptr i32, ptr addrspace(1) %tmp, i64 %i
  %v = load i32, ptr addrspace(1) %ptmp, align 4
  %w = mul i32 %v, 2
  %pout = getelementptr i32, ptr addrspace(1) %out, i64 %i
  store i32 %w, ptr addrspace(1) %pout, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !11 void @s1_none_local()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !12 void @s2_none_private()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !2 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !13 void @s3_local8_local()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !3 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !13 void @s4_local_local8()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !4 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !14 void @s6_local8_private8()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !4 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !11 void @s7_none8_local8()
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !4 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !13 void @agree()

!0 = !{!"add5", !"twice"}
; No local sizes; local 8 then none; none then local 8; local 8 for both.
!1 = !{!5, !5}
!2 = !{!6, !5}
!3 = !{!5, !6}
!4 = !{!6, !6}
!5 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!6 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
; add5's tmp is twice's tmp.
!10 = !{!{!{i32 0, i32 1}, !{i32 1, i32 0}}}
!11 = !{!{i32 0, i32 1, !"none", i64 0, i64 0}, !{i32 1, i32 0, !"local", i64 64, i64 4}}
!12 = !{!{i32 0, i32 1, !"none", i64 0, i64 0}, !{i32 1, i32 0, !"private", i64 64, i64 4}}
!13 = !{!{i32 0, i32 1, !"local", i64 64, i64 4}, !{i32 1, i32 0, !"local", i64 64, i64 4}}
!14 = !{!{i32 0, i32 1, !"local", i64 64, i64 4}, !{i32 1, i32 0, !"private", i64 64, i64 4}}

;--- refuse.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @add5(ptr addrspace(1) %in, ptr addrspace(1) %tmp) {
  ret void
}

define spir_kernel void @twice(ptr addrspace(1) %tmp, ptr addrspace(1) %out) {
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !10 !asyncpipe.fusion.promote !13 void @s5_local8_local16()

!0 = !{!"add5", !"twice"}
!1 = !{!6, !7}
!6 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!7 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!10 = !{!{!{i32 0, i32 1}, !{i32 1, i32 0}}}
!13 = !{!{i32 0, i32 1, !"local", i64 64, i64 4}, !{i32 1, i32 0, !"local", i64 64, i64 4}}
