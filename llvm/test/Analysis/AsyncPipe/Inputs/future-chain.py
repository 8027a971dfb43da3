# Generates a function for future-distances-linear.test: BLOCKS blocks in a
# chain of diamonds, each making a future with a mark after a copy and
# waiting for the future made LAG blocks before (some through a select of
# two futures, some through a PHI); then a loop that keeps ROTATE futures
# in flight, rotated through PHIs, and waits for the oldest each iteration.
#   future-chain.py BLOCKS LAG ROTATE
import sys

blocks, lag, rotate = (int(a) for a in sys.argv[1:4])
out = ["declare void @asyncpipe.copy(ptr, ptr, i32, i32)",
       "declare i32 @asyncpipe.mark.future()",
       "declare void @asyncpipe.wait.future(i32)",
       "define void @f(ptr %s, ptr %g, i32 %sel, i32 %n) {",
       "entry:", "  br label %b0"]
for b in range(blocks):
    out.append("b%d:" % b)
    # The future the side block of the diamond made, met with this one's.
    if b:
        out.append("  %%p%d = phi i32 [ %%f%d, %%b%d ], [ %%t%d, %%s%d ]"
                   % (b, b - 1, b - 1, b - 1, b - 1))
    out.append("  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)")
    out.append("  %%f%d = call i32 @asyncpipe.mark.future()" % b)
    if b >= lag:
        old = "%%f%d" % (b - lag)
        if b % 3 == 1:
            out.append("  %%q%d = select i1 %%c%d, i32 %s, i32 %%f%d"
                       % (b, b - 1, old, b - 1))
            old = "%%q%d" % b
        elif b % 3 == 2 and lag == 1:
            old = "%%p%d" % b
        out.append("  call void @asyncpipe.wait.future(i32 %s)" % old)
    out.append("  %%c%d = icmp eq i32 %%sel, %d" % (b, b))
    nxt = "b%d" % (b + 1) if b + 1 < blocks else "pre"
    out.append("  br i1 %%c%d, label %%s%d, label %%%s" % (b, b, nxt))
    out.append("s%d:" % b)
    out.append("  %%t%d = call i32 @asyncpipe.mark.future()" % b)
    out.append("  br label %%%s" % nxt)
last = blocks - 1
out += ["pre:"]
for r in range(rotate):
    out.append("  %%r%d.init = call i32 @asyncpipe.mark.future()" % r)
out += ["  br label %loop", "loop:",
        "  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]"]
for r in range(rotate):
    nxt = "%%r%d" % (r + 1) if r + 1 < rotate else "%new"
    out.append("  %%r%d = phi i32 [ %%r%d.init, %%pre ], [ %s, %%loop ]"
               % (r, r, nxt))
out += ["  call void @asyncpipe.wait.future(i32 %r0)",
        "  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)",
        "  %new = call i32 @asyncpipe.mark.future()",
        "  %i.next = add i32 %i, 1",
        "  %e = icmp slt i32 %i.next, %n",
        "  br i1 %e, label %loop, label %exit",
        "exit:", "  ret void", "}"]
print("\n".join(out))
