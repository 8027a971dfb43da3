; Put before Inputs/ir.ll, a function that shifts the numbers @same prints:
; its attribute group becomes #1, its metadata !1 and !2.
define void @first() #7 {
  ret void
}

attributes #7 = { cold }

!first = !{!7}
!7 = !{!"first"}
