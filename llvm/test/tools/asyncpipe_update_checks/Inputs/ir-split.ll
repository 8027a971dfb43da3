; A split-file test: each RUN line's checks go into the part whose functions
; it prints, even where two parts define functions of the same name.
; RUN: rm -rf %t && split-file %s %t
; RUN: opt -S %t/first.ll | FileCheck %s --check-prefix=FIRST
; RUN: opt -S %t/second.ll -o %t/second.out.ll
; RUN: FileCheck %s --check-prefix=SECOND --input-file=%t/second.out.ll

;--- first.ll
define void @k(ptr %p) {
  store i32 1, ptr %p
  ret void
}

;--- second.ll
define void @k(ptr %p) {
  store i32 2, ptr %p
  ret void
}
