; -asyncpipe-verify-futures on futures from other activations: a future
; returned by a call, loaded from memory, or passed in names a mark no count
; of this function's marks covers, unless the lowering counts it from a mark
; it adds where the future appears (an anchor). With anchors the check is
; silent; the lowering before them (a testing option) is reported at each
; such wait (opt stops at the first error, hence one input each).
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -disable-output %t/returned.ll 2>&1 | count 0
; RUN: %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -disable-output %t/loaded.ll 2>&1 | count 0
; RUN: %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -disable-output %t/argument.ll 2>&1 | count 0
; RUN: not %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -asyncpipe-futures-skip-anchors-for-testing -disable-output \
; RUN:   %t/returned.ll 2>&1 | FileCheck %s --check-prefix=RETURNED
; RUN: not %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -asyncpipe-futures-skip-anchors-for-testing -disable-output \
; RUN:   %t/loaded.ll 2>&1 | FileCheck %s --check-prefix=LOADED
; RUN: not %opt -passes=asyncpipe-lower-futures -asyncpipe-verify-futures \
; RUN:   -asyncpipe-futures-skip-anchors-for-testing -disable-output \
; RUN:   %t/argument.ll 2>&1 | FileCheck %s --check-prefix=ARGUMENT

; RETURNED: error: <unknown>:0:0: in function returned void (): wait on a future lowered to a wait for at most 0 outstanding marks, but on some path the future is not made by a mark of this function (it is loaded, returned by a call or passed in), so no count of this function's marks covers its mark
; LOADED: error: <unknown>:0:0: in function loaded void (ptr): wait on a future lowered to a wait for at most 1 outstanding marks, but on some path the future is not made by a mark of this function
; ARGUMENT: error: <unknown>:0:0: in function argument void (i32, i1): wait on a future lowered to a wait for at most 0 outstanding marks, but on some path the future is not made by a mark of this function

;--- returned.ll
define void @returned() {
  %f = call i32 @make_future()
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}
declare i32 @make_future()
declare void @asyncpipe.wait.future(i32)

;--- loaded.ll
define void @loaded(ptr %slot) {
  %f = load i32, ptr %slot
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}
declare void @asyncpipe.mark()
declare void @asyncpipe.wait.future(i32)

;--- argument.ll
define void @argument(i32 %arg, i1 %c) {
entry:
  %own = call i32 @asyncpipe.mark.future()
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %f = phi i32 [ %own, %entry ], [ %arg, %then ]
  call void @asyncpipe.wait.future(i32 %f)
  ret void
}
declare i32 @asyncpipe.mark.future()
declare void @asyncpipe.wait.future(i32)
