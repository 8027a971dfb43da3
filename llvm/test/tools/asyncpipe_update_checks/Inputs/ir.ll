; A test whose RUN lines pipe opt -S into FileCheck: the script checks every
; function in full and the module's other lines, with the numbered values,
; attribute groups and metadata as FileCheck variables. The two RUN lines
; print @same alike, so it is checked under CHECK; they print @simplified
; differently, so it is checked under VERIFY and SIMPLIFY. The RUN line that
; reads stderr keeps its hand-written check. The attribute group of @simplified
; is a variable defined in its signature and used where it is listed.
; RUN: opt -passes=verify -S %s | FileCheck %s --check-prefixes=CHECK,VERIFY
; RUN: opt -passes=instsimplify -S %s | FileCheck %s --check-prefixes=CHECK,SIMPLIFY
; RUN: opt -passes=verify -S %s 2>&1 | FileCheck %s --check-prefix=STDERR
; STDERR: define i32 @same(

@table = global [2 x [2 x i32]] [[2 x i32] [i32 1, i32 2], [2 x i32] [i32 3, i32 4]]

define i32 @same(ptr %p) #0 {
entry:
  %0 = load i32, ptr %p, align 4, !asyncpipe.test !0
  br label %1

1:
  %v = add i32 %0, 1
  call void asm sideeffect "; %0 #1 !2", ""()
  ret i32 %v
}
; CHECK-LABEL: stale:
; CHECK: a check from an earlier run, replaced

define i32 @simplified(i32 %x) #0 {
  %y = add i32 %x, 0
  ret i32 %y
}

declare void @unused()

attributes #0 = { nounwind }

!0 = !{!"asyncpipe", !1}
!1 = !{i32 7}
