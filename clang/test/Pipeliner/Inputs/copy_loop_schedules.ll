; TVM's three-stage schedule [0, 1, 2] with async stages [0, 1], each copy
; written as a loop: A -> B in stage 0, B -> C in stage 1 (after the wait
; for B), C read in stage 2. Run by copy-loop-schedules-run.test.
target triple = "x86_64-unknown-linux-gnu"

@b = internal global [8 x i32] undef
@c = internal global [8 x i32] undef

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

; out[t] = a[t * 8 + (t & 7)], for n >= 1 tiles of m <= 8 elements.
define void @three_copy_loops(ptr noalias %a, ptr noalias %out, i64 %n, i64 %m) {
entry:
  %guard = icmp sgt i64 %m, 0
  br label %outer
outer:
  %t = phi i64 [ 0, %entry ], [ %t.next, %latch ]
  %base = mul i64 %t, 8
  br i1 %guard, label %copy1, label %done1
copy1:
  %k = phi i64 [ 0, %outer ], [ %k.next, %copy1 ]
  %off = add i64 %base, %k
  %s = getelementptr i32, ptr %a, i64 %off
  %d = getelementptr [8 x i32], ptr @b, i64 0, i64 %k
  call void @asyncpipe.copy(ptr %d, ptr %s, i32 4, i32 0)
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %copy1, label %done1
done1:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  br i1 %guard, label %copy2, label %done2
copy2:
  %j = phi i64 [ 0, %done1 ], [ %j.next, %copy2 ]
  %s2 = getelementptr [8 x i32], ptr @b, i64 0, i64 %j
  %d2 = getelementptr [8 x i32], ptr @c, i64 0, i64 %j
  call void @asyncpipe.copy(ptr %d2, ptr %s2, i32 4, i32 0)
  %j.next = add i64 %j, 1
  %more2 = icmp slt i64 %j.next, %m
  br i1 %more2, label %copy2, label %done2
done2:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  %lane = and i64 %t, 7
  %p = getelementptr [8 x i32], ptr @c, i64 0, i64 %lane
  %v = load i32, ptr %p
  %o = getelementptr i32, ptr %out, i64 %t
  store i32 %v, ptr %o
  br label %latch
latch:
  %t.next = add i64 %t, 1
  %done = icmp eq i64 %t.next, %n
  br i1 %done, label %exit, label %outer, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"asyncpipe.pipeline.stage", i32 0, i32 1, i32 2}
!2 = !{!"asyncpipe.pipeline.async_stages", i32 0, i32 1}
