; A wait no mark of its own function reaches waits for nothing under the
; activation model (rule W1), and the passes remove it. Where the function
; then reads shared memory, the user almost certainly meant it to cover
; copies the caller started (issue 36): asyncpipe-unobserved-waits warns at
; the wait, naming the model and the fixes. It runs first in every pipeline,
; so -O0 and -O2 warn alike, once.
; RUN: %opt -passes=asyncpipe-unobserved-waits -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=warning:
; RUN: %opt -passes='default<O0>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=warning:
; RUN: %opt -passes='default<O2>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=warning:
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/' -e 's/ptx_kernel/amdgpu_kernel/' \
; RUN:   -e 's/alloca i32$/alloca i32, addrspace(5)/' -e 's/ptr %local/ptr addrspace(5) %local/' %s \
; RUN:   | %opt -passes=asyncpipe-unobserved-waits -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=AMDGPU --implicit-check-not=warning:

; CHECK: warning: helpers.cu:7:3: in function read_through_pointer i32 (ptr, i32): this wait waits for nothing: no mark of its own function reaches it (AsyncPipe's activation model, upstream's asyncmark model: a wait counts only the marks made in its own function), yet this function then reads shared memory (line 8) that copies started by its caller may still be writing; wait in the caller before the call, make this function always_inline (it is then part of its caller), or wait for every copy with the hardware spelling __nvvm_cp_async_wait_all() (cp.async.wait_all)
; CHECK: warning: helpers.cu:13:3: in function read_shared_global i32 (i32): this wait waits for nothing
; AMDGPU: warning: helpers.cu:7:3: in function read_through_pointer i32 (ptr, i32): this wait waits for nothing: {{.*}}, or wait for every copy with __builtin_amdgcn_s_waitcnt(0) (on gfx1250 __builtin_amdgcn_s_wait_asynccnt(0))
; AMDGPU: warning: helpers.cu:13:3: in function read_shared_global i32 (i32): this wait waits for nothing

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x i32] poison

; The helper of the issue: called through a pointer, it waits and reads the
; tile its caller passed.
define i32 @read_through_pointer(ptr %tile, i32 %i) noinline !dbg !4 {
  call void @asyncpipe.wait(i32 0), !dbg !7
  %p = getelementptr i32, ptr %tile, i32 %i
  %v = load i32, ptr %p, !dbg !8
  ret i32 %v
}

; The same with the kernel's shared array itself, after a branch.
define i32 @read_shared_global(i32 %i) noinline !dbg !9 {
entry:
  call void @asyncpipe.wait(i32 1), !dbg !10
  %odd = icmp ne i32 %i, 0
  br i1 %odd, label %read, label %exit
read:
  %p = getelementptr i32, ptr addrspace(3) @tile, i32 %i
  %v = load i32, ptr addrspace(3) %p
  ret i32 %v
exit:
  ret i32 0
}

; A mark of the function reaches the wait: it waits for that mark's copies.
define i32 @own_mark(ptr %tile, ptr addrspace(1) %g) noinline {
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr %tile
  ret i32 %v
}

; Part of every caller: its wait counts the caller's marks.
define internal i32 @always_inline_helper(ptr %tile) alwaysinline {
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr %tile
  ret i32 %v
}

; A kernel has no caller, so nothing is in flight at its start.
define ptx_kernel void @kernel(ptr addrspace(1) %out) {
  call void @asyncpipe.wait(i32 0)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  %w = call i32 @always_inline_helper(ptr addrspacecast (ptr addrspace(3) @tile to ptr))
  ret void
}

; Reads of global memory and of a local variable cannot be a caller's tile.
define i32 @reads_no_shared(ptr addrspace(1) %g) noinline {
  %local = alloca i32
  store i32 1, ptr %local
  call void @asyncpipe.wait(i32 0)
  %a = load i32, ptr addrspace(1) %g
  %b = load i32, ptr %local
  %s = add i32 %a, %b
  ret i32 %s
}

; A read before the wait only.
define i32 @read_before_wait(ptr %tile) noinline {
  %v = load i32, ptr %tile
  call void @asyncpipe.wait(i32 0)
  ret i32 %v
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "helpers.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "read_through_pointer", scope: !1, file: !1, line: 6, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
!8 = !DILocation(line: 8, column: 10, scope: !4)
!9 = distinct !DISubprogram(name: "read_shared_global", scope: !1, file: !1, line: 12, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 13, column: 3, scope: !9)
