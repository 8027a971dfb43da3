; -amdgpu-check-async-waits-explain: with each wait the checker reports, a
; note at the async DMA that may still be in flight there (this DMA; one a
; call's callee may leave; one a caller may have left when the function was
; entered) and a note at the wait with one path of a lane to it. The waits
; are made one count too weak (a testing-only option) so that there is
; something to report.
; RUN: split-file %s %t
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   -amdgpu-async-assume-callee-waits=false \
; RUN:   -amdgpu-check-async-waits-explain %t/gfx9.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=GFX9
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   -amdgpu-check-async-waits-explain %t/entry.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ENTRY
; A path of more than 32 blocks keeps its first 8 and last 24 (llc -O0 keeps
; the chain of blocks):
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O0 \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   -amdgpu-check-async-waits-explain %t/long.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LONG
; Without the option, no note:
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs \
; RUN:   -amdgpu-enable-check-async-waits -amdgpu-async-weaken-waits-for-testing \
; RUN:   %t/gfx9.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET
; REQUIRES: amdgpu-registered-target

; GFX9: error: explain.cl:14:3: in function after_call {{.*}}: wait_asyncmark(0) is not satisfied
; GFX9: note: explain.cl:12:3: an async DMA left by the callee of this call (in bb.0) may still be in flight at the wait, followed by 1 or more marks
; GFX9-NEXT: note: explain.cl:14:3: one path of a lane to the wait (the checker takes a branch on data either way): bb.0{{$}}
; GFX9: error: explain.cl:25:3: in function with_lines {{.*}}: wait_asyncmark(1) is not satisfied
; GFX9: note: explain.cl:21:3: this async DMA (in bb.0) may still be in flight at the wait, followed by 2 or more marks
; GFX9-NEXT: note: explain.cl:25:3: one path of a lane to the wait (the checker takes a branch on data either way): bb.0{{$}}

; ENTRY: error: explain.cl:3:3: in function entered_with_dma {{.*}}: wait_asyncmark(0) is not satisfied
; ENTRY: note: explain.cl:1:0: an async DMA left by a caller of 'entered_with_dma' may still be in flight at the wait, followed by 1 or more marks
; ENTRY-NEXT: note: explain.cl:3:3: one path of a lane to the wait (the checker takes a branch on data either way): bb.0{{$}}

; LONG: note: {{.*}}: one path of a lane to the wait (the checker takes a branch on data either way): bb.0.entry -> bb.1.b1 -> bb.2.b2 -> bb.3.b3 -> bb.4.b4 -> bb.5.b5 -> bb.6.b6 -> bb.7.b7 -> ... (9 blocks) -> bb.17.b17 -> bb.18.b18 -> {{.*}} -> bb.39.b39 -> bb.40.b40{{$}}

; QUIET: error:
; QUIET-NOT: note:

;--- gfx9.ll
target triple = "amdgcn-amd-amdhsa"

declare void @helper()

define amdgpu_kernel void @after_call(ptr addrspace(1) %g) !dbg !20 {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0), !dbg !21
  call void @helper(), !dbg !22
  call void @llvm.amdgcn.asyncmark(), !dbg !23
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !24
  ret void
}

define amdgpu_kernel void @with_lines(ptr addrspace(1) %g) !dbg !30 {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0), !dbg !31
  call void @llvm.amdgcn.asyncmark(), !dbg !32
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0), !dbg !33
  call void @llvm.amdgcn.asyncmark(), !dbg !34
  call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !35
  ret void
}

declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "explain.cl", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!20 = distinct !DISubprogram(name: "after_call", scope: !1, file: !1, line: 10, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!21 = !DILocation(line: 11, column: 3, scope: !20)
!22 = !DILocation(line: 12, column: 3, scope: !20)
!23 = !DILocation(line: 13, column: 3, scope: !20)
!24 = !DILocation(line: 14, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "with_lines", scope: !1, file: !1, line: 20, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!31 = !DILocation(line: 21, column: 3, scope: !30)
!32 = !DILocation(line: 22, column: 3, scope: !30)
!33 = !DILocation(line: 23, column: 3, scope: !30)
!34 = !DILocation(line: 24, column: 3, scope: !30)
!35 = !DILocation(line: 25, column: 3, scope: !30)

;--- entry.ll
target triple = "amdgcn-amd-amdhsa"

define void @entered_with_dma() !dbg !10 {
  call void @llvm.amdgcn.asyncmark(), !dbg !11
  call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !12
  ret void
}

declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "explain.cl", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "entered_with_dma", scope: !1, file: !1, line: 1, type: !3, scopeLine: 1, unit: !0, spFlags: DISPFlagDefinition)
!11 = !DILocation(line: 2, column: 3, scope: !10)
!12 = !DILocation(line: 3, column: 3, scope: !10)

;--- long.ll
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @long_path(ptr addrspace(1) %g) {
entry:
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %b1
b1:
  br label %b2
b2:
  br label %b3
b3:
  br label %b4
b4:
  br label %b5
b5:
  br label %b6
b6:
  br label %b7
b7:
  br label %b8
b8:
  br label %b9
b9:
  br label %b10
b10:
  br label %b11
b11:
  br label %b12
b12:
  br label %b13
b13:
  br label %b14
b14:
  br label %b15
b15:
  br label %b16
b16:
  br label %b17
b17:
  br label %b18
b18:
  br label %b19
b19:
  br label %b20
b20:
  br label %b21
b21:
  br label %b22
b22:
  br label %b23
b23:
  br label %b24
b24:
  br label %b25
b25:
  br label %b26
b26:
  br label %b27
b27:
  br label %b28
b28:
  br label %b29
b29:
  br label %b30
b30:
  br label %b31
b31:
  br label %b32
b32:
  br label %b33
b33:
  br label %b34
b34:
  br label %b35
b35:
  br label %b36
b36:
  br label %b37
b37:
  br label %b38
b38:
  br label %b39
b39:
  br label %b40
b40:
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
