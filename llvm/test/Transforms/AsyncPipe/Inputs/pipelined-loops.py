# Generates a function for asyncpipe-pipeline-linear.test: LOOPS loops one
# after the other, each copying a tile into its own buffer, marking,
# waiting and computing on it, and asking for a 3-stage pipeline; with
# "first", only the first loop asks.
#   pipelined-loops.py LOOPS [first]
import sys

loops = int(sys.argv[1])
only_first = sys.argv[2:] == ["first"]
out = ["declare void @asyncpipe.copy(ptr, ptr, i32, i32)",
       "declare void @asyncpipe.mark()",
       "declare void @asyncpipe.wait(i32)"]
out += ["@buf%d = internal global [16 x i32] zeroinitializer" % k
        for k in range(loops)]
out += ["define i32 @f(ptr noalias %a, i64 %n) {", "entry:",
        "  br label %loop0"]
for k in range(loops):
    prev = "entry" if k == 0 else "loop%d" % (k - 1)
    init = "0" if k == 0 else "%%acc%d.next" % (k - 1)
    nxt = "loop%d" % (k + 1) if k + 1 < loops else "exit"
    out += ["loop%d:" % k,
            "  %%i%d = phi i64 [ 0, %%%s ], [ %%i%d.next, %%loop%d ]"
            % (k, prev, k, k),
            "  %%acc%d = phi i32 [ %s, %%%s ], [ %%acc%d.next, %%loop%d ]"
            % (k, init, prev, k, k),
            "  %%src%d = getelementptr i32, ptr %%a, i64 %%i%d" % (k, k),
            "  call void @asyncpipe.copy(ptr @buf%d, ptr %%src%d, i32 4, "
            "i32 0)" % (k, k),
            "  call void @asyncpipe.mark()",
            "  call void @asyncpipe.wait(i32 0)",
            "  %%v%d = load i32, ptr @buf%d" % (k, k),
            "  %%acc%d.next = add i32 %%acc%d, %%v%d" % (k, k, k),
            "  %%i%d.next = add i64 %%i%d, 1" % (k, k),
            "  %%done%d = icmp eq i64 %%i%d.next, %%n" % (k, k),
            "  br i1 %%done%d, label %%%s, label %%loop%d%s"
            % (k, nxt, k, "" if only_first and k else ", !llvm.loop !0")]
out += ["exit:", "  ret i32 %%acc%d.next" % (loops - 1), "}",
        "!0 = distinct !{!0, !1}",
        '!1 = !{!"asyncpipe.pipeline.stages", i32 3}']
print("\n".join(out))
