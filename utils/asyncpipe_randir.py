#!/usr/bin/env python3
# ===-- utils/asyncpipe_randir.py - Random async IR programs --------------===#
#
# Part of the AsyncPipe project.
#
# Longer than AsyncPipe's ~500-line guideline: a test generator, not plugin
# code, whose productions (control flow, helpers, futures, target spellings)
# share one emitter state and one random stream, read top to bottom.
#
# ===-----------------------------------------------------------------------===#
"""Writes random LLVM IR modules (no C) for the reliability batch of issue 20
(utils/asyncpipe_randir_check.py compiles them).

Each program is valid by construction: every copy, mark and wait is a
well-formed call, every wait count is a constant 0..20 or a run-time value
that is never negative, and nothing is undefined at compile time. What is
random is the shape: the kernel body is a random nest of straight code,
if/else, counted loops (nested), switches, irreducible two-entry loops,
early returns, blocks no edge reaches, and calls of helpers (noinline,
internal or always_inline) that copy, mark, wait or any mix and contain
branches and loops of their own, and futures (asyncpipe.mark.future, then
asyncpipe.wait.future later in the same function). Around the async operations sit plain LDS
and global loads and stores, atomics and barriers.

Loop counters live in allocas, so -O0 keeps them in memory and -O3 turns
them into phis (and may unroll, rotate or fold the loops), which gives the
two pipelines differently shaped CFGs from one program.

Targets:
  amdgpu  amdgpu_kernel; copies are llvm.amdgcn.global.load.async.lds and
          llvm.amdgcn.load.async.to.lds.p1 (size 4, a uniform LDS base as
          the destination, a per-lane global source) or the portable
          asyncpipe.copy; marks and waits are llvm.amdgcn.asyncmark /
          llvm.amdgcn.wait.asyncmark(i16 N) or the portable asyncpipe.mark /
          asyncpipe.wait(i32), whose count may be a run-time value. Both
          spellings follow the activation model (llvm/docs/AsyncPipeModel.rst)
          and are mixed freely.
  gfx1250 the same for GFX12.5's ASYNCcnt: copies are
          llvm.amdgcn.global.load.async.to.lds.b32 and
          llvm.amdgcn.global.store.async.from.lds.b32 (a lane's own LDS
          word); the portable asyncpipe.copy is left out because the plugin
          lowers it to an LDS DMA gfx1250 does not have (it is rejected with
          a diagnostic).
  host    plain functions called by a main (one thread), x86-64: portable
          copies, marks and waits only, one flat address space, barriers
          become fences; built with AsyncSan and run on the host runtime.
  nvptx   ptx_kernel; each program is either portable (asyncpipe.* with
          run-time counts) or native (llvm.nvvm.cp.async.ca.shared.global.4,
          commit.group, wait.group(N), wait.all: hardware semantics), never a
          mix of the two in one program.

The output depends only on (seed, target).

Usage: asyncpipe_randir.py --seed S --target amdgpu|gfx1250|nvptx|host
                           [--without K,..]
                           [-o FILE]
"""

import argparse
import random
import re
import sys

AMDGPU_DL = ("e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
             "p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-"
             "v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-"
             "v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9")


# The host program's entry: every kernel on the same buffers with n = 0 and
# n = 5, one thread (the host runtime's activation model).
HOST_MAIN = """
@gbuf = internal global [2048 x i32] zeroinitializer, align 4
@obuf = internal global [4 x i32] zeroinitializer, align 4

define i32 @main() {
%s  ret i32 0
}"""


class Fn:
    """One function being written: a list of basic blocks of text."""

    def __init__(self, gen, name):
        self.gen = gen
        self.name = name
        self.blocks = []  # (label, [lines])
        self.cur = None
        self.nval = 0
        self.nlab = 0
        self.allocas = []
        self.dead = []  # blocks no edge reaches, appended at the end

    def val(self):
        self.nval += 1
        return "%%v%d" % self.nval

    def label(self, hint):
        self.nlab += 1
        return "%s%d" % (hint, self.nlab)

    def start(self, label):
        lines = []
        self.blocks.append((label, lines))
        self.cur = lines

    def emit(self, line):
        self.cur.append("  " + line)

    def term(self, line):
        self.cur.append("  " + line)
        self.cur = None

    def alloca(self):
        name = "%%c%d" % (len(self.allocas) + 1)
        self.allocas.append(name)
        return name

    def text(self, header):
        asp = self.gen.alloca_as
        out = [header]
        for i, (label, lines) in enumerate(self.blocks):
            out.append("%s:" % label)
            if i == 0:
                for a in self.allocas:
                    out.append("  %s = alloca i32, align 4%s" %
                               (a, ", addrspace(%d)" % asp if asp else ""))
            out.extend(lines)
        for label, lines in self.dead:
            out.append("%s:" % label)
            out.extend(lines)
        out.append("}")
        return "\n".join(out)


class Gen:
    def __init__(self, seed, target, without=()):
        self.without = set(without)
        if target == "host":
            # The host runs the program: a path that reaches unreachable is
            # undefined behaviour there, not a shape to compile.
            self.without.add("unreachable")
        self.r = random.Random("%s:%d" % (target, seed))
        self.seed = seed
        self.target = target
        self.amdgpu = target in ("amdgpu", "gfx1250")
        self.host = target == "host"
        self.alloca_as = 5 if self.amdgpu else 0
        self.native = target == "nvptx" and self.r.random() < 0.5
        self.decls = set()
        self.helpers = []  # (name, attrs, text)
        self.budget = self.r.randint(12, 60)  # statements left to write

    # --- declarations --------------------------------------------------
    def declare(self, d):
        self.decls.add(d)

    def ptr(self, asp):
        return "ptr addrspace(%d)" % asp

    # --- leaf statements -------------------------------------------------
    def tid(self, f):
        v = f.val()
        if self.host:
            # One work-item: the host runs a kernel as one thread.
            f.emit("%s = add i32 0, 0" % v)
        elif self.amdgpu:
            self.declare("declare i32 @llvm.amdgcn.workitem.id.x()")
            f.emit("%s = call i32 @llvm.amdgcn.workitem.id.x()" % v)
        else:
            self.declare("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()")
            f.emit("%s = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()" % v)
        return v

    def gaddr(self, f, lane):
        """A per-lane global address: %g + (tid + 64 * k) words."""
        t = self.tid(f) if lane else "0"
        k = self.r.randint(0, 15)
        i = f.val()
        f.emit("%s = add i32 %s, %d" % (i, t, 64 * k))
        i64 = f.val()
        f.emit("%s = zext i32 %s to i64" % (i64, i))
        p = f.val()
        f.emit("%s = getelementptr i32, ptr addrspace(1) %%g, i64 %s" % (p, i64))
        return p

    def laddr(self, f, lane):
        """An LDS address: the base of one of 8 slots (uniform) or a lane's
        word in it."""
        slot = self.r.randint(0, 7)
        p = f.val()
        if lane:
            t = self.tid(f)
            i = f.val()
            f.emit("%s = add i32 %s, %d" % (i, t, 64 * slot))
            f.emit("%s = getelementptr i32, ptr addrspace(3) @lds, i32 %s" % (p, i))
        else:
            f.emit("%s = getelementptr i8, ptr addrspace(3) @lds, i32 %d" %
                   (p, 256 * slot))
        return p

    def copy(self, f):
        r = self.r
        src = self.gaddr(f, True)
        if self.target == "gfx1250":
            lds = self.laddr(f, True)
            if r.random() < 0.7:
                self.declare("declare void @llvm.amdgcn.global.load.async.to.lds.b32("
                             "ptr addrspace(1), ptr addrspace(3), i32, i32)")
                f.emit("call void @llvm.amdgcn.global.load.async.to.lds.b32("
                       "ptr addrspace(1) %s, ptr addrspace(3) %s, i32 0, i32 0)"
                       % (src, lds))
            else:
                self.declare("declare void @llvm.amdgcn.global.store.async.from.lds.b32("
                             "ptr addrspace(1), ptr addrspace(3), i32, i32)")
                f.emit("call void @llvm.amdgcn.global.store.async.from.lds.b32("
                       "ptr addrspace(1) %s, ptr addrspace(3) %s, i32 0, i32 0)"
                       % (src, lds))
        elif self.target == "amdgpu":
            dst = self.laddr(f, False)
            k = r.randrange(3)
            if k == 0:
                self.declare("declare void @llvm.amdgcn.global.load.async.lds("
                             "ptr addrspace(1), ptr addrspace(3), i32, i32, i32)")
                f.emit("call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) "
                       "%s, ptr addrspace(3) %s, i32 4, i32 0, i32 0)" % (src, dst))
            elif k == 1:
                self.declare("declare void @llvm.amdgcn.load.async.to.lds.p1("
                             "ptr addrspace(1), ptr addrspace(3), i32, i32, i32)")
                f.emit("call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) "
                       "%s, ptr addrspace(3) %s, i32 4, i32 0, i32 0)" % (src, dst))
            else:
                self.declare("declare void @asyncpipe.copy(ptr addrspace(3), "
                             "ptr addrspace(1), i32, i32)")
                f.emit("call void @asyncpipe.copy(ptr addrspace(3) %s, "
                       "ptr addrspace(1) %s, i32 4, i32 0)" % (dst, src))
        else:
            dst = self.laddr(f, True)
            if self.native:
                self.declare("declare void @llvm.nvvm.cp.async.ca.shared.global.4("
                             "ptr addrspace(3), ptr addrspace(1))")
                f.emit("call void @llvm.nvvm.cp.async.ca.shared.global.4("
                       "ptr addrspace(3) %s, ptr addrspace(1) %s)" % (dst, src))
            else:
                self.declare("declare void @asyncpipe.copy(ptr addrspace(3), "
                             "ptr addrspace(1), i32, i32)")
                f.emit("call void @asyncpipe.copy(ptr addrspace(3) %s, "
                       "ptr addrspace(1) %s, i32 4, i32 0)" % (dst, src))

    def mark(self, f):
        if self.native:
            self.declare("declare void @llvm.nvvm.cp.async.commit.group()")
            f.emit("call void @llvm.nvvm.cp.async.commit.group()")
        elif self.amdgpu and self.r.random() < 0.6:
            self.declare("declare void @llvm.amdgcn.asyncmark()")
            f.emit("call void @llvm.amdgcn.asyncmark()")
        else:
            self.declare("declare void @asyncpipe.mark()")
            f.emit("call void @asyncpipe.mark()")

    def count(self):
        r = self.r
        return r.choice([0, 0, 0, 1, 1, 2, 3, r.randint(0, 20)])

    def wait(self, f, counters):
        r = self.r
        if self.native:
            if r.random() < 0.2:
                self.declare("declare void @llvm.nvvm.cp.async.wait.all()")
                f.emit("call void @llvm.nvvm.cp.async.wait.all()")
            else:
                self.declare("declare void @llvm.nvvm.cp.async.wait.group(i32)")
                f.emit("call void @llvm.nvvm.cp.async.wait.group(i32 %d)" %
                       self.count())
            return
        portable = self.target in ("nvptx", "host") or r.random() < 0.5
        if portable and r.random() < 0.35:
            # A run-time count, never negative: a loop counter or the
            # kernel's %n, masked.
            src = r.choice(counters) if counters and r.random() < 0.7 else None
            if src:
                c = f.val()
                f.emit("%s = load i32, ptr addrspace(%d) %s, align 4" %
                       (c, self.alloca_as, src))
            else:
                c = "%n"
            m = f.val()
            f.emit("%s = and i32 %s, %d" % (m, c, r.choice([1, 3, 7, 15])))
            self.declare("declare void @asyncpipe.wait(i32)")
            f.emit("call void @asyncpipe.wait(i32 %s)" % m)
        elif portable:
            self.declare("declare void @asyncpipe.wait(i32)")
            f.emit("call void @asyncpipe.wait(i32 %d)" % self.count())
        else:
            self.declare("declare void @llvm.amdgcn.wait.asyncmark(i16)")
            f.emit("call void @llvm.amdgcn.wait.asyncmark(i16 %d)" % self.count())

    def plain(self, f):
        r = self.r
        k = r.randrange(6)
        if k == 0:
            p = self.laddr(f, True)
            v = f.val()
            f.emit("%s = load i32, ptr addrspace(3) %s, align 4" % (v, p))
            q = self.gaddr(f, True)
            f.emit("store i32 %s, ptr addrspace(1) %s, align 4" % (v, q))
        elif k == 1:
            p = self.laddr(f, True)
            f.emit("store i32 %d, ptr addrspace(3) %s, align 4" % (r.randint(0, 99), p))
        elif k == 2:
            p = self.gaddr(f, True)
            v = f.val()
            f.emit("%s = load i32, ptr addrspace(1) %s, align 4" % (v, p))
            f.emit("store i32 %s, ptr addrspace(1) %%out, align 4" % v)
        elif k == 3:
            p = self.gaddr(f, r.random() < 0.5)
            v = f.val()
            f.emit("%s = atomicrmw add ptr addrspace(1) %s, i32 1 monotonic, align 4" % (v, p))
        elif k == 4:
            p = self.laddr(f, True)
            v = f.val()
            f.emit("%s = atomicrmw add ptr addrspace(3) %s, i32 %d seq_cst, align 4"
                   % (v, p, r.randint(1, 9)))
        else:
            p = self.laddr(f, True)
            v = f.val()
            f.emit("%s = load volatile i32, ptr addrspace(3) %s, align 4" % (v, p))
            f.emit("store i32 %s, ptr addrspace(1) %%out, align 4" % v)

    def barrier(self, f):
        if self.host:
            f.emit("fence seq_cst")
        elif self.amdgpu:
            self.declare("declare void @llvm.amdgcn.s.barrier()")
            f.emit("call void @llvm.amdgcn.s.barrier()")
        else:
            self.declare("declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)")
            f.emit("call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)")

    def cond(self, f):
        """A branch condition: on the lane, on %n, or on loaded data."""
        r = self.r
        k = r.randrange(3)
        c = f.val()
        if k == 0:
            t = self.tid(f)
            f.emit("%s = icmp ult i32 %s, %d" % (c, t, r.randint(1, 64)))
        elif k == 1:
            f.emit("%s = icmp sgt i32 %%n, %d" % (c, r.randint(-2, 8)))
        else:
            p = self.gaddr(f, True)
            v = f.val()
            f.emit("%s = load i32, ptr addrspace(1) %s, align 4" % (v, p))
            f.emit("%s = icmp eq i32 %s, %d" % (c, v, r.randint(0, 3)))
        return c

    # --- structured statements -------------------------------------------
    def stmts(self, f, depth, counters, is_kernel):
        n = self.r.randint(1, 5)
        for _ in range(n):
            if self.budget <= 0 or f.cur is None:
                return
            self.stmt(f, depth, counters, is_kernel)

    def stmt(self, f, depth, counters, is_kernel):
        r = self.r
        self.budget -= 1
        deep = depth < 4
        choices = [("copy", 5), ("mark", 4), ("wait", 4), ("plain", 3),
                   ("group", 3)]
        if not self.native:
            choices += [("future", 1.5)]
        if deep:
            choices += [("if", 3), ("loop", 3), ("switch", 1),
                        ("irreducible", 1)]
        if is_kernel:
            choices += [("call", 3), ("barrier", 1), ("dead", 1)]
            if depth > 0:
                choices += [("ret", 1), ("unreachable", 0.3)]
        # A statement kind left out still draws the same random numbers, so
        # leaving one out changes only the statements of that kind.
        choices = [(k, 0 if k in self.without else w) for k, w in choices]
        total = sum(w for _, w in choices)
        x = r.random() * total
        for kind, w in choices:
            x -= w
            if x < 0:
                break
        if kind == "copy":
            self.copy(f)
        elif kind == "mark":
            self.mark(f)
        elif kind == "wait":
            self.wait(f, counters)
        elif kind == "group":
            # The common shape: copies, a mark, maybe a wait.
            for _ in range(r.randint(1, 3)):
                self.copy(f)
            self.mark(f)
            if r.random() < 0.6:
                self.wait(f, counters)
        elif kind == "future":
            # A mark that returns a future, anything, then a wait on it
            # (llvm/docs/AsyncPipeFutures.rst): the wait is dominated by the
            # mark and in the function that made it.
            self.copy(f)
            self.declare("declare i32 @asyncpipe.mark.future()")
            self.declare("declare void @asyncpipe.wait.future(i32)")
            fut = f.val()
            f.emit("%s = call i32 @asyncpipe.mark.future()" % fut)
            if deep:
                self.stmts(f, depth + 1, counters, is_kernel)
            if f.cur is not None:
                f.emit("call void @asyncpipe.wait.future(i32 %s)" % fut)
        elif kind == "plain":
            self.plain(f)
        elif kind == "barrier":
            self.barrier(f)
        elif kind == "call":
            self.call(f)
        elif kind == "if":
            self.if_(f, depth, counters, is_kernel)
        elif kind == "loop":
            self.loop(f, depth, counters, is_kernel)
        elif kind == "switch":
            self.switch(f, depth, counters, is_kernel)
        elif kind == "irreducible":
            self.irreducible(f, depth, counters, is_kernel)
        elif kind == "ret":
            # An early exit, under a condition so that code follows.
            c = self.cond(f)
            ex = f.label("exit")
            cont = f.label("cont")
            f.term("br i1 %s, label %%%s, label %%%s" % (c, ex, cont))
            f.start(ex)
            if r.random() < 0.5:
                self.wait(f, counters)
            f.term("ret void")
            f.start(cont)
        elif kind == "unreachable":
            # A path the program promises never to take.
            c = self.cond(f)
            ub = f.label("never")
            cont = f.label("cont")
            f.term("br i1 %s, label %%%s, label %%%s" % (c, ub, cont))
            f.start(ub)
            if r.random() < 0.5:
                self.copy(f)
                self.mark(f)
            f.term("unreachable")
            f.start(cont)
        elif kind == "dead":
            # A block no edge reaches, with async operations in it, that
            # branches into live code.
            lab = f.label("dead")
            cont = f.label("cont")
            f.term("br label %%%s" % cont)
            lines = []
            f.cur = lines
            self.copy(f)
            self.mark(f)
            self.wait(f, [])
            lines.append("  br label %%%s" % cont)
            f.dead.append((lab, lines))
            f.start(cont)

    def if_(self, f, depth, counters, is_kernel):
        c = self.cond(f)
        th, el, join = f.label("then"), f.label("else"), f.label("join")
        has_else = self.r.random() < 0.5
        f.term("br i1 %s, label %%%s, label %%%s" % (c, th, el if has_else else join))
        f.start(th)
        self.stmts(f, depth + 1, counters, is_kernel)
        if f.cur is not None:
            f.term("br label %%%s" % join)
        if has_else:
            f.start(el)
            self.stmts(f, depth + 1, counters, is_kernel)
            if f.cur is not None:
                f.term("br label %%%s" % join)
        f.start(join)

    def trip(self, f):
        r = self.r
        if r.random() < 0.6:
            return str(r.choice([0, 1, 2, 3, 4, 5, 8, 17]))
        v = f.val()
        f.emit("%s = and i32 %%n, %d" % (v, r.choice([3, 7, 15])))
        return v

    def loop(self, f, depth, counters, is_kernel):
        asp = self.alloca_as
        c = f.alloca()
        n = self.trip(f)
        f.emit("store i32 0, ptr addrspace(%d) %s, align 4" % (asp, c))
        head, body, latch, done = (f.label("head"), f.label("body"),
                                   f.label("latch"), f.label("done"))
        f.term("br label %%%s" % head)
        f.start(head)
        i = f.val()
        f.emit("%s = load i32, ptr addrspace(%d) %s, align 4" % (i, asp, c))
        t = f.val()
        f.emit("%s = icmp slt i32 %s, %s" % (t, i, n))
        f.term("br i1 %s, label %%%s, label %%%s" % (t, body, done))
        f.start(body)
        self.stmts(f, depth + 1, counters + [c], is_kernel)
        if f.cur is not None and self.r.random() < 0.2:
            # break
            b = self.cond(f)
            nxt = f.label("nobreak")
            f.term("br i1 %s, label %%%s, label %%%s" % (b, done, nxt))
            f.start(nxt)
            self.stmts(f, depth + 1, counters + [c], is_kernel)
        if f.cur is not None:
            f.term("br label %%%s" % latch)
        f.start(latch)
        i2 = f.val()
        f.emit("%s = load i32, ptr addrspace(%d) %s, align 4" % (i2, asp, c))
        i3 = f.val()
        f.emit("%s = add nsw i32 %s, 1" % (i3, i2))
        f.emit("store i32 %s, ptr addrspace(%d) %s, align 4" % (i3, asp, c))
        f.term("br label %%%s" % head)
        f.start(done)

    def switch(self, f, depth, counters, is_kernel):
        r = self.r
        s = f.val()
        f.emit("%s = and i32 %%n, 7" % s)
        ncase = r.randint(1, 4)
        labs = [f.label("case") for _ in range(ncase)]
        dflt, join = f.label("default"), f.label("join")
        vals = r.sample(range(8), ncase)
        f.term("switch i32 %s, label %%%s [%s]" % (
            s, dflt, " ".join("i32 %d, label %%%s" % (v, l) for v, l in zip(vals, labs))))
        for l in labs + [dflt]:
            f.start(l)
            self.stmts(f, depth + 1, counters, is_kernel)
            if f.cur is not None:
                f.term("br label %%%s" % join)
        f.start(join)

    def irreducible(self, f, depth, counters, is_kernel):
        """Two blocks A and B that branch to each other, entered at either:
        a loop with two headers. A shared counter bounds the trips."""
        asp = self.alloca_as
        c = f.alloca()
        f.emit("store i32 0, ptr addrspace(%d) %s, align 4" % (asp, c))
        e = self.cond(f)
        a, b, done = f.label("irra"), f.label("irrb"), f.label("irrdone")
        f.term("br i1 %s, label %%%s, label %%%s" % (e, a, b))
        bound = self.r.randint(1, 9)
        for me, other in ((a, b), (b, a)):
            f.start(me)
            i = f.val()
            f.emit("%s = load i32, ptr addrspace(%d) %s, align 4" % (i, asp, c))
            i2 = f.val()
            f.emit("%s = add nsw i32 %s, 1" % (i2, i))
            f.emit("store i32 %s, ptr addrspace(%d) %s, align 4" % (i2, asp, c))
            self.stmts(f, depth + 1, counters + [c], is_kernel)
            if f.cur is None:
                continue
            t = f.val()
            f.emit("%s = icmp slt i32 %s, %d" % (t, i2, bound))
            f.term("br i1 %s, label %%%s, label %%%s" % (t, other, done))
        f.start(done)

    # --- helpers ----------------------------------------------------------
    def call(self, f):
        r = self.r
        if not self.helpers or (len(self.helpers) < 4 and r.random() < 0.5):
            self.helper()
        name = r.choice(self.helpers)[0]
        f.emit("call void @%s(ptr addrspace(1) %%g, ptr addrspace(1) %%out, i32 %%n)" % name)

    def helper(self):
        r = self.r
        name = "helper%d" % (len(self.helpers) + 1)
        kind = r.choice(["noinline", "internal", "always_inline"])
        linkage = "" if kind == "noinline" else "internal "
        attrs = {"noinline": " #0", "internal": "", "always_inline": " #1"}[kind]
        f = Fn(self, name)
        f.start("entry")
        saved = self.budget
        self.budget = r.randint(2, 10)
        shape = r.choice(["stage", "copy", "mark", "wait", "mix"])
        if shape == "stage":
            for _ in range(r.randint(1, 2)):
                self.copy(f)
            self.mark(f)
            self.wait(f, [])
        elif shape == "copy":
            self.copy(f)
        elif shape == "mark":
            self.mark(f)
        elif shape == "wait":
            self.wait(f, [])
        else:
            self.stmts(f, 2, [], False)
        if f.cur is not None:
            f.term("ret void")
        self.budget = saved
        header = ("define %svoid @%s(ptr addrspace(1) %%g, ptr addrspace(1) %%out, "
                  "i32 %%n)%s {" % (linkage, name, attrs))
        self.helpers.append((name, kind, f.text(header)))

    # --- the module -------------------------------------------------------
    def module(self):
        r = self.r
        kernels = []
        for k in range(r.randint(1, 2)):
            f = Fn(self, "kernel%d" % k)
            f.start("entry")
            while self.budget > 0 and f.cur is not None:
                self.stmts(f, 0, [], True)
            if f.cur is not None:
                if r.random() < 0.7:
                    self.wait(f, [])
                f.term("ret void")
            cc = ("amdgpu_kernel" if self.amdgpu else
                  "" if self.host else "ptx_kernel")
            header = ("define %s void @kernel%d(ptr addrspace(1) %%g, "
                      "ptr addrspace(1) %%out, i32 %%n) {" % (cc, k))
            kernels.append(f.text(header))
            self.budget = r.randint(6, 30)
        out = ["; asyncpipe_randir.py --seed %d --target %s%s" %
               (self.seed, self.target, " (native)" if self.native else "")]
        if self.host:
            out.append('target triple = "x86_64-unknown-linux-gnu"')
        elif self.amdgpu:
            out.append('target datalayout = "%s"' % AMDGPU_DL)
            out.append('target triple = "amdgcn-amd-amdhsa"')
        else:
            out.append('target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"')
            out.append('target triple = "nvptx64-nvidia-cuda"')
        out.append("")
        out.append("@lds = internal addrspace(3) global [512 x i32] poison, align 4")
        out.append("")
        for _, _, text in self.helpers:
            out.append(text)
            out.append("")
        for text in kernels:
            out.append(text)
            out.append("")
        out.extend(sorted(self.decls))
        out.append("")
        out.append("attributes #0 = { noinline }")
        out.append("attributes #1 = { alwaysinline }")
        if self.host:
            out.append(HOST_MAIN % "".join(
                "  call void @kernel%d(ptr @gbuf, ptr @obuf, i32 %d)\n" % (k, n)
                for k in range(len(kernels)) for n in (0, 5)))
        text = "\n".join(out) + "\n"
        if self.host:
            # The host has one flat address space.
            text = re.sub(r"ptr addrspace\(\d+\)", "ptr", text)
            text = text.replace("internal addrspace(3) global", "internal global")
        return text


STATEMENT_KINDS = ["copy", "mark", "wait", "plain", "group", "future", "if",
                   "loop", "switch", "irreducible", "call", "barrier", "dead",
                   "ret", "unreachable"]


def generate(seed, target, without=()):
    return Gen(seed, target, without).module()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--target", choices=["amdgpu", "gfx1250", "nvptx", "host"],
                    default="amdgpu")
    ap.add_argument("--without", default="",
                    help="comma-separated statement kinds never to write: " +
                    ", ".join(STATEMENT_KINDS))
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    text = generate(args.seed, args.target,
                    [k for k in args.without.split(",") if k])
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
