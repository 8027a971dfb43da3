; The callable body clang makes of an OpenCL kernel (__clang_ocl_kern_imp_k,
; called by nothing once the kernel holds its own copy of the code) has the
; kernel's loops: an invalid annotation is reported once, in the kernel,
; wherever the body comes in the module.
; RUN: not %opt -mtriple=amdgcn-amd-amdhsa -passes=asyncpipe-pipeline \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --implicit-check-not=error:

; CHECK: error: kernel.cl:4:3: in function k void (ptr addrspace(1), i32): invalid pipeliner annotation 'asyncpipe.pipeline.stages': the count 0 is out of range; use 1 to 16

define void @__clang_ocl_kern_imp_k(ptr addrspace(1) %out, i32 %n) !dbg !4 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !10
exit:
  ret void
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) !dbg !8 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !12
exit:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cl", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "__clang_ocl_kern_imp_k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 3, scope: !4)
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!9 = !DILocation(line: 4, column: 3, scope: !8)
!10 = distinct !{!10, !7, !11}
!11 = !{!"asyncpipe.pipeline.stages", i32 0}
!12 = distinct !{!12, !9, !11}
