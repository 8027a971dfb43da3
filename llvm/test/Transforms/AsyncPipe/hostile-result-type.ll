; Hostile input: an async operation declared to return a value it does not
; have. The lowering replaced the call and left its users without a
; definition, and opt's verifier crashed (found by the hostile-input sweep of
; issue 20). Now each is an error at the call, at every -O level and with
; llc alone; a future mark must return i32.
; RUN: split-file %s %t
; RUN: not %opt -passes='default<O0>' %t/portable-wait.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WAIT
; RUN: not %opt -passes='default<O3>' %t/portable-wait.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WAIT
; RUN: sed 's/amdgcn-amd-amdhsa/nvptx64-nvidia-cuda/;s/amdgpu_kernel/ptx_kernel/' \
; RUN:   %t/portable-wait.ll > %t/portable-wait-nvptx.ll
; RUN: not %opt -passes='default<O3>' %t/portable-wait-nvptx.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WAIT
; RUN: not %opt -passes='default<O0>' %t/portable-mark.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MARK
; RUN: not %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/amdgcn.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=AMDGCN
; RUN: not %opt -passes='default<O2>' %t/amdgcn.ll -disable-output 2>&1 \
; RUN:   | FileCheck %s --check-prefix=AMDGCN-MARK
; REQUIRES: amdgpu-registered-target, nvptx-registered-target

; WAIT: error: h.c:7:3: in function k void (ptr addrspace(1)): 'asyncpipe.wait' is declared to return a value; declare it to return void
; WAIT-NOT: PLEASE
; MARK: error: h.c:7:3: in function k void (ptr addrspace(1)): 'asyncpipe.mark' is declared to return a value; declare it to return void
; MARK-NOT: PLEASE
; AMDGCN: error: h.c:7:3: in function k void (ptr addrspace(1)): 'llvm.amdgcn.asyncmark' is declared to return a value; declare it to return void
; AMDGCN: error: h.c:8:3: in function k void (ptr addrspace(1)): 'asyncpipe.mark.future' is declared to return something other than i32; declare it to return i32
; AMDGCN: error: h.c:9:3: in function k void (ptr addrspace(1)): 'llvm.amdgcn.wait.asyncmark' is declared to return a value; declare it to return void
; AMDGCN-NOT: PLEASE
; AMDGCN-MARK: error: h.c:7:3: in function k void (ptr addrspace(1)): 'llvm.amdgcn.asyncmark' is declared to return a value; declare it to return void
; AMDGCN-MARK-NOT: PLEASE

;--- portable-wait.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !4 {
  %x = call i32 @asyncpipe.wait(i32 0), !dbg !7
  store i32 %x, ptr addrspace(1) %g
  ret void
}
declare i32 @asyncpipe.wait(i32)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "h.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
;--- portable-mark.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !4 {
  %x = call i32 @asyncpipe.mark(), !dbg !7
  store i32 %x, ptr addrspace(1) %g
  ret void
}
declare i32 @asyncpipe.mark()
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "h.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
;--- amdgcn.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %g) !dbg !4 {
  %x = call i32 @llvm.amdgcn.asyncmark(), !dbg !7
  store i32 %x, ptr addrspace(1) %g
  %f = call i64 @asyncpipe.mark.future(), !dbg !8
  store i64 %f, ptr addrspace(1) %g
  %w = call i32 @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !9
  store i32 %w, ptr addrspace(1) %g
  ret void
}
declare i32 @llvm.amdgcn.asyncmark()
declare i64 @asyncpipe.mark.future()
declare i32 @llvm.amdgcn.wait.asyncmark(i16)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "h.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
!8 = !DILocation(line: 8, column: 3, scope: !4)
!9 = !DILocation(line: 9, column: 3, scope: !4)
