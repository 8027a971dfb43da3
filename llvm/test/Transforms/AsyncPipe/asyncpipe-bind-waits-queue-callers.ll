; asyncpipe-bind-waits turns a helper's counting waits into futures so that
; inlining keeps their activation count, but a function with queues cannot
; hold futures yet (llvm/docs/AsyncPipeModel.rst, "Queues"). A helper the
; inliner may put into such a function (its caller uses queues, or will once
; its always_inline callees are inlined, or its caller may itself be inlined
; into one) keeps its counting waits, with a missed remark; inlined, they
; also count the caller's older queue 0 marks, which is never weaker.
; Before, -O2 and -O3 rejected such programs with "futures are not
; supported yet in a function that marks or waits on a queue other than 0"
; (utils/asyncpipe_randir.py --with queues, seed 33, amdgpu).
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=asyncpipe-bind-waits -S %s \
; RUN:   -pass-remarks-missed=asyncpipe-bind-waits 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -mtriple=nvptx64-nvidia-cuda \
; RUN:   -passes='asyncpipe-bind-waits,asyncpipe-lower-futures' -S %s \
; RUN:   | FileCheck %s --check-prefix=ROUND-TRIP
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes='default<O2>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O2
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes='default<O3>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O2

; REMARK: remark: <unknown>:0:0: waits not bound to their marks: the function may be inlined into one that marks or waits on a queue other than 0
; REMARK-COUNT-2: waits not bound to their marks
; REMARK-NOT: waits not bound to their marks

target triple = "nvptx64-nvidia-cuda"

@lds = internal addrspace(3) global [512 x i32] poison

; Called by a function with queues: kept counting.
; CHECK-LABEL: define internal void @stage_for_queues(
; CHECK:         call void @asyncpipe.wait(i32 1)
; CHECK-NOT:     future
define internal void @stage_for_queues(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Called by a function that calls an always_inline function with queues.
; CHECK-LABEL: define internal void @stage_beside_queue_helper(
; CHECK:         call void @asyncpipe.wait(i32 1)
define internal void @stage_beside_queue_helper(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

; Called through an internal function called by a function with queues.
; CHECK-LABEL: define internal void @stage_two_levels_down(
; CHECK:         call void @asyncpipe.wait(i32 1)
define internal void @stage_two_levels_down(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

define internal void @middle(ptr addrspace(1) %g) {
  call void @stage_two_levels_down(ptr addrspace(1) %g)
  ret void
}

; Behind a noinline function, or called by functions without queues only:
; bound as before.
; CHECK-LABEL: define internal void @stage_behind_noinline(
; CHECK:         call void @asyncpipe.wait.future(
; CHECK-LABEL: define internal void @stage_without_queues(
; CHECK:         call void @asyncpipe.wait.future(
define internal void @stage_behind_noinline(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

define internal void @stage_without_queues(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  ret void
}

define internal void @middle_noinline(ptr addrspace(1) %g) #1 {
  call void @stage_behind_noinline(ptr addrspace(1) %g)
  ret void
}

define internal void @queue_helper() #0 {
  call void @asyncpipe.mark.queue(i32 1)
  ret void
}

; A function that spells queue 0 is bound like one without queues (queue 0
; is the plain sequence); the futures are lowered back to the plain calls,
; which take no queue operand.
; CHECK-LABEL: define internal void @queue_zero(
; CHECK:         %mark = call i32 @asyncpipe.mark.future(), !asyncpipe.spelling ![[MARK:[0-9]+]]
; CHECK:         call void @asyncpipe.wait.future(i32 %mark){{.*}}, !asyncpipe.spelling ![[WAIT:[0-9]+]]
; CHECK-DAG:   ![[MARK]] = !{!"asyncpipe.mark"}
; CHECK-DAG:   ![[WAIT]] = !{!"asyncpipe.wait", i32 1}
; ROUND-TRIP-LABEL: define internal void @queue_zero(
; ROUND-TRIP:         call void @asyncpipe.mark()
; ROUND-TRIP:         call void @asyncpipe.mark()
; ROUND-TRIP-NEXT:    call void @asyncpipe.wait(i32 1)
define internal void @queue_zero(ptr addrspace(1) %g) {
  call void @asyncpipe.copy(ptr addrspace(3) @lds, ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.copy(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @lds, i32 16), ptr addrspace(1) %g, i32 4, i32 0)
  call void @asyncpipe.mark.queue(i32 0)
  call void @asyncpipe.wait.queue(i32 0, i32 1)
  ret void
}

; At -O2 and -O3 the helpers are inlined into the functions with queues,
; which compile (no future left, no error).
; O2-LABEL: define void @with_queues(
; O2-NOT:      future
; O2:          call void @llvm.nvvm.cp.async.wait.group(i32 1)
; O2:          ret void
define void @with_queues(ptr addrspace(1) %g) {
  call void @asyncpipe.mark.queue(i32 1)
  call void @stage_for_queues(ptr addrspace(1) %g)
  call void @middle(ptr addrspace(1) %g)
  call void @middle_noinline(ptr addrspace(1) %g)
  call void @asyncpipe.wait.queue(i32 1, i32 0)
  ret void
}

; O2-LABEL: define void @with_queue_helper(
; O2-NOT:      future
; O2:          ret void
define void @with_queue_helper(ptr addrspace(1) %g) {
  call void @stage_beside_queue_helper(ptr addrspace(1) %g)
  call void @queue_helper()
  ret void
}

define void @without_queues(ptr addrspace(1) %g) {
  call void @stage_without_queues(ptr addrspace(1) %g)
  call void @queue_zero(ptr addrspace(1) %g)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)

attributes #0 = { alwaysinline }
attributes #1 = { noinline }
