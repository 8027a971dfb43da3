# Generates a function for mark-analysis-linear.test: BLOCKS blocks in a
# chain of diamonds, each with PER marks, each mark after a copy and
# followed by a wait for 0..3 marks on every other one; then a loop nest
# DEPTH deep that marks and waits at every level.
#   mark-chain.py BLOCKS PER DEPTH
import sys

blocks, per, depth = (int(a) for a in sys.argv[1:4])
out = ["declare void @asyncpipe.copy(ptr, ptr, i32, i32)",
       "declare void @asyncpipe.mark()",
       "declare void @asyncpipe.wait(i32)",
       "define void @f(ptr %s, ptr %g, i32 %sel, i32 %n) {",
       "entry:", "  br label %b0"]
for b in range(blocks):
    out.append("b%d:" % b)
    for m in range(per):
        out.append("  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)")
        out.append("  call void @asyncpipe.mark()")
        if m % 2:
            out.append("  call void @asyncpipe.wait(i32 %d)" % ((b + m) % 4))
    out.append("  %%c%d = icmp eq i32 %%sel, %d" % (b, b))
    nxt = "b%d" % (b + 1) if b + 1 < blocks else "h0"
    out.append("  br i1 %%c%d, label %%s%d, label %%%s" % (b, b, nxt))
    out.append("s%d:" % b)
    out.append("  call void @asyncpipe.mark()")
    out.append("  br label %%%s" % nxt)
for d in range(depth):
    parent = "b%d" % (blocks - 1) if d == 0 else "h%d" % (d - 1)
    out += ["h%d:" % d,
            "  %%i%d = phi i32 [ 0, %%%s ], [ 0, %%s%d ], [ %%i%d.next, %%l%d ]"
            % (d, parent, blocks - 1, d, d) if d == 0 else
            "  %%i%d = phi i32 [ 0, %%%s ], [ %%i%d.next, %%l%d ]"
            % (d, parent, d, d),
            "  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)",
            "  call void @asyncpipe.mark()",
            "  call void @asyncpipe.wait(i32 1)",
            "  br label %%%s" % ("h%d" % (d + 1) if d + 1 < depth else "inner")]
out += ["inner:", "  br label %%l%d" % (depth - 1)]
for d in reversed(range(depth)):
    out += ["l%d:" % d, "  %%i%d.next = add i32 %%i%d, 1" % (d, d),
            "  %%e%d = icmp slt i32 %%i%d.next, %%n" % (d, d),
            "  br i1 %%e%d, label %%h%d, label %%%s" %
            (d, d, "l%d" % (d - 1) if d else "exit")]
out += ["exit:", "  call void @asyncpipe.wait(i32 0)", "  ret void", "}"]
print("\n".join(out))
