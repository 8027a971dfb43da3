; cp.async written as inline PTX (CUDA's <cuda_pipeline.h>, libcu++'s
; <cuda/pipeline>, hand-written): recognized from the statement's text and
; constraints as native NVPTX copies, marks and waits; anything else that
; mentions cp.async is opaque. asyncpipe-elim removes nothing in a function
; with opaque cp.async inline asm.
; Recognized by default, with hardware semantics like llvm.nvvm.cp.async.*
; (llvm/docs/AsyncPipeModel.rst).
; RUN: %opt -passes=asyncpipe-summary \
; RUN:   -pass-remarks-analysis=asyncpipe -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SUMMARY
; RUN: %opt -asyncpipe-nvptx-inline-asm -passes=asyncpipe-elim -S %s \
; RUN:   | FileCheck %s --check-prefix=ELIM
; RUN: %opt -passes=asyncpipe-elim -S %s | FileCheck %s --check-prefix=ELIM
; -asyncpipe-nvptx-inline-asm=false turns recognition off: nothing is
; recognized, and the code is compiled exactly as stock.
; RUN: %opt -asyncpipe-nvptx-inline-asm=false -passes=asyncpipe-summary \
; RUN:   -pass-remarks-analysis=asyncpipe -disable-output %s 2>&1 | count 0

target triple = "nvptx64-nvidia-cuda"

; SUMMARY: remark: <unknown>:0:0: 'primitives' at opt: 2 async copies, 1 marks, 1 waits
; <cuda_pipeline.h>: "r" shared address, "l" source, "n" sizes.
define void @primitives(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 %smem, ptr %src, i64 4, i64 4)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 %smem, ptr %src, i64 16, i64 16)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; SUMMARY: remark: <unknown>:0:0: 'libcudacxx' at opt: 2 async copies, 1 marks, 1 waits
; <cuda/pipeline>: one "n" operand for the copy and the source size.
define void @libcudacxx(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 8)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %smem, ptr %src, i32 16)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 1)
  ret void
}

; SUMMARY: remark: <unknown>:0:0: 'spellings' at opt: 5 async copies, 2 marks, 3 waits
; Literal sizes and counts, ${N}, generic pointers, .shared::cta, L2 hints
; and a cache policy, a run-time source size (zero fill), blanks, line ends
; and comments.
define void @spellings(ptr %dst, ptr %src, i32 %smem, i32 %n, i64 %policy) {
  call void asm sideeffect "cp.async.cg.shared.global [${0}], [${1}], 16;", "r,l"(i32 %smem, ptr %src)
  call void asm sideeffect "  cp.async.ca.shared::cta.global.L2::128B [$0], [$1], 8 ;  // eight\0A", "l,l"(ptr %dst, ptr %src)
  call void asm sideeffect "cp.async.ca.shared.global.L2::cache_hint [$0], [$1], 4, $2;", "r,l,l"(i32 %smem, ptr %src, i64 %policy)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, $2;", "r,l,r"(i32 %smem, ptr %src, i32 %n)
  call void asm sideeffect "cp.async.ca.shared.global [$1], [$2], 4;", "=r,r,l"(i32 %smem, ptr %src)
  call void asm sideeffect "cp.async.commit_group", ""()
  call void asm sideeffect "\0A\09cp.async.commit_group;\0A", ""()
  call void asm sideeffect "cp.async.wait_group 2;", ""()
  call void asm sideeffect "cp.async.wait_group ${0:n};", "n"(i32 1)
  call void asm sideeffect "cp.async.wait_all;", ""()
  ret void
}

; Malformed or not modelled: each alone makes its function opaque (no async
; op is reported), and nothing is changed.
; SUMMARY-NOT: 'opaque_
; SUMMARY-NOT: 'unrelated'
define void @opaque_bulk(ptr %src, i32 %smem, i32 %bar) {
  call void asm sideeffect "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1], 256, [$2];", "r,l,r"(i32 %smem, ptr %src, i32 %bar)
  ret void
}
define void @opaque_bulk_group() {
  call void asm sideeffect "cp.async.bulk.commit_group;", ""()
  call void asm sideeffect "cp.async.bulk.wait_group 0;", ""()
  ret void
}
define void @opaque_mbarrier(i32 %bar) {
  call void asm sideeffect "cp.async.mbarrier.arrive.shared.b64 [$0];", "r"(i32 %bar)
  ret void
}
define void @opaque_two_statements(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;\0Acp.async.commit_group;", "r,l"(i32 %smem, ptr %src)
  ret void
}
define void @opaque_bad_size(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 2;", "r,l"(i32 %smem, ptr %src)
  ret void
}
define void @opaque_cg_not_16(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 8;", "r,l"(i32 %smem, ptr %src)
  ret void
}
define void @opaque_offset(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0+16], [$1], 4;", "r,l"(i32 %smem, ptr %src)
  ret void
}
define void @opaque_missing_operand(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$5], 4;", "r,l"(i32 %smem, ptr %src)
  ret void
}
define void @opaque_wait_without_count() {
  call void asm sideeffect "cp.async.wait_group;", ""()
  ret void
}
define void @opaque_commit_with_operand(i32 %n) {
  call void asm sideeffect "cp.async.commit_group $0;", "r"(i32 %n)
  ret void
}
define void @opaque_unknown_suffix() {
  call void asm sideeffect "cp.async.wait_something;", ""()
  ret void
}
define void @unrelated(i32 %x) {
  call void asm sideeffect "mov.u32 %r1, $0;", "r"(i32 %x)
  ret void
}

; asyncpipe-elim counts recognized statements with hardware semantics (rule
; W2, as llvm.nvvm.cp.async.*): the second wait_group 0 waits for nothing.
; ELIM-LABEL: @redundant_wait(
; ELIM:         call void asm sideeffect "cp.async.commit_group;", ""()
; ELIM-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; ELIM-NEXT:    ret void
define void @redundant_wait(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 %smem, ptr %src, i64 4, i64 4)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}

; With opaque inline asm the function is left alone.
; ELIM-LABEL: @redundant_wait_opaque(
; ELIM:         call void asm sideeffect "cp.async.commit_group;", ""()
; ELIM-NEXT:    call void asm sideeffect "cp.async.bulk.commit_group;", ""()
; ELIM-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; ELIM-NEXT:    call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
; ELIM-NEXT:    ret void
define void @redundant_wait_opaque(ptr %src, i32 %smem) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 %smem, ptr %src, i64 4, i64 4)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.bulk.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  ret void
}
