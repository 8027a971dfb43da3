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
          word); the portable asyncpipe.copy is left out (its gfx1250
          lowering has tests of its own), so that the programs stay those
          of earlier batches.
  host    plain functions called by a main (one thread), x86-64: portable
          copies, marks and waits only, one flat address space, barriers
          become fences; built with AsyncSan and run on the host runtime.
  nvptx   ptx_kernel; each program is either portable (asyncpipe.* with
          run-time counts) or native (llvm.nvvm.cp.async.ca.shared.global.4,
          commit.group, wait.group(N), wait.all: hardware semantics), never a
          mix of the two in one program.

Shapes added on request (--with K,..; issue 36), drawn from the same
random stream, so a program without them is the same as before:
  sibling  two to four sibling branches (if/else or a switch) each ending in
           a portable asyncpipe.copy of the same source and destination with
           its own constant size (amdgpu 1, 2, 4; nvptx 4, 8, 16; host 1..16)
           or flags (0, 1: bypass L1), or both, and no two branches alike:
           opt -O1..-O3 (SimplifyCFG) sinks them into one copy whose size or
           flags are a phi (or a select) of constants, which is still a
           valid program.
           Every program with it has at least one, and on nvptx is
           portable; gfx1250, which has no portable copy, writes a plain
           copy instead.
  queues   the portable marks and waits commit to and wait on queues 0, 1
           and 2 (asyncpipe.mark.queue, asyncpipe.wait.queue; issue 35), with
           constant or run-time counts; on nvptx the program is portable.
           A future is made by a mark of one of those queues
           (asyncpipe.mark.future.queue, or asyncpipe.mark.future for
           queue 0).
  tensor   gfx1250 only: some copies are tensor DMAs
           (llvm.amdgcn.tensor.load.to.lds(.d2),
           tensor.store.from.lds(.d2), constant descriptors), which count on
           TENSORcnt beside the ASYNCcnt copies under the same marks.
  store    gfx1250, nvptx and host only (the targets with an async store
           engine): some copies are portable async stores, asyncpipe.store
           of a lane's word of shared memory to global memory (issue 35),
           which belong to the group and queue of the next mark like a copy;
           on gfx1250 global_store_async_from_lds on ASYNCcnt. On nvptx
           (sm_90's bulk copies, 16-byte aligned, a multiple of 16 bytes)
           each store moves a lane's 16 bytes, and the program is portable.

Misuse (--misuse K,..; a kind or KIND/VARIANT, e.g. pointer/select): the
same random program with one misuse planted at a random point of its first
kernel, which every compile must reject with a diagnostic
(utils/asyncpipe_randir_check.py --negative); the first line of the program
names it ("misuse: KIND/VARIANT ..."):
  pointer     a portable function (asyncpipe.copy, .mark, .wait) called
              through a function pointer: a select between it and a local
              function of the same type, an alloca it is stored to and loaded
              from, a constant table of function pointers indexed at run time,
              a global variable initialized with it, an argument of a
              noinline helper that calls it, or a ptrtoint/inttoptr round trip;
  annotation  a pipeliner annotation with a bad value in a loop whose trip
              count is known only at run time: asyncpipe.pipeline or
              asyncpipe.pipeline.registers with a stage count 0, 17, -1 or
              one computed at run time, or the loop properties
              asyncpipe.pipeline.stages / .registers with 0, 17, -1, no value
              or a string, asyncpipe.pipeline.stage or .async_stages with a
              negative or too large stage, or asyncpipe.pipeline.order with
              a statement twice (llvm/docs/AsyncPipePipeliner.rst).
No program has both a misuse and the sibling shape: a negative program is
otherwise valid, so its diagnostic is the misuse's.

The output depends only on (seed, target) and the options.

Usage: asyncpipe_randir.py --seed S --target amdgpu|gfx1250|nvptx|host
                           [--without K,..] [--with K,..] [--misuse K,..]
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
        self.ptr_allocas = []  # allocas of a function pointer (misuse)
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

    def alloca_ptr(self):
        name = "%%fp%d" % (len(self.ptr_allocas) + 1)
        self.ptr_allocas.append(name)
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
                for a in self.ptr_allocas:
                    out.append("  %s = alloca ptr, align 8%s" %
                               (a, ", addrspace(%d)" % asp if asp else ""))
            out.extend(lines)
        for label, lines in self.dead:
            out.append("%s:" % label)
            out.extend(lines)
        out.append("}")
        return "\n".join(out)


# The portable copy's sizes each target has (AsyncTarget::isLegalCopySize;
# AMDGPU's 12 and 16 bytes are gfx950's only).
COPY_SIZES = {"amdgpu": [1, 2, 4], "nvptx": [4, 8, 16],
              "host": list(range(1, 17))}

# Misuses (--misuse): the variants of each kind.
MISUSES = {
    "pointer": ["select", "alloca", "table", "global", "argument", "cast"],
    "annotation": ["call-stages", "call-registers", "md-stages",
                   "md-registers", "md-stage", "md-async-stages", "md-order"],
}


def misuse_variants(names):
    """The KIND/VARIANT misuses that names (kinds or KIND/VARIANT) allow."""
    out = []
    for name in names:
        kind, _, variant = name.partition("/")
        if kind not in MISUSES or (variant and variant not in MISUSES[kind]):
            raise ValueError("unknown misuse %s" % name)
        out += ["%s/%s" % (kind, v) for v in MISUSES[kind]
                if not variant or v == variant]
    return sorted(set(out))


class Gen:
    def __init__(self, seed, target, without=(), shapes=(), misuse=()):
        self.without = set(without)
        self.shapes = set(shapes)
        if misuse:
            # A negative program is otherwise valid (see the docstring).
            self.shapes.discard("sibling")
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
        self.siblings = 0  # sibling-copy statements written
        self.extra = []  # module-level text of a misuse
        self.metadata = []  # loop metadata of a misuse
        self.misuse = None
        self.misuse_at = None
        self.misuse_note = ""
        if misuse:
            # Its own random stream: which misuse and where in kernel0.
            m = random.Random("%s:%d:misuse" % (target, seed))
            kind, variant = m.choice(misuse_variants(misuse)).split("/")
            self.misuse = (kind, variant, m)
            self.misuse_at = m.randint(1, self.budget)
            if kind == "pointer":
                # The portable functions' own spelling throughout.
                self.native = False
        if "sibling" in self.shapes:
            # The shape is portable copies, and no program mixes spellings.
            self.native = False
        self.queues = "queues" in self.shapes
        if self.queues:
            # Portable marks and waits, futures of the queues among them
            # (llvm/docs/AsyncPipeFutures.rst, "Queues").
            self.native = False
        self.tensor = "tensor" in self.shapes and target == "gfx1250"
        self.store = "store" in self.shapes and target in ("gfx1250", "host",
                                                          "nvptx")
        if self.store and target == "nvptx":
            # Stores are portable calls, and no program mixes spellings.
            self.native = False

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
        if self.store and r.random() < 0.25:
            self.async_store(f)
            return
        src = self.gaddr(f, True)
        if self.target == "gfx1250":
            lds = self.laddr(f, True)
            if self.tensor and r.random() < 0.3:
                self.tensor_dma(f)
            elif r.random() < 0.7:
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

    def async_store(self, f):
        """A portable async store of a lane's word of shared memory to a
        lane's word of global memory (on nvptx a lane's 16 bytes, aligned,
        as sm_90's bulk copies need)."""
        size = 4
        if self.target == "nvptx":
            size = 16
            # Within @lds's 128 chunks and the host's 512 for lanes below
            # 32 (the other addresses assume as few lanes).
            src = self.lane_chunk(f, "ptr addrspace(3) @lds",
                                  16 * self.r.randint(0, 6))
            dst = self.lane_chunk(f, "ptr addrspace(1) %g",
                                  64 * self.r.randint(0, 3))
        else:
            src = self.laddr(f, True)
            dst = self.gaddr(f, True)
        self.declare("declare void @asyncpipe.store(ptr addrspace(1), "
                     "ptr addrspace(3), i32)")
        f.emit("call void @asyncpipe.store(ptr addrspace(1) %s, "
               "ptr addrspace(3) %s, i32 %d)" % (dst, src, size))

    def lane_chunk(self, f, base, first):
        """The lane's 16-byte chunk (tid + first) of \p base."""
        t = self.tid(f)
        i = f.val()
        f.emit("%s = add i32 %s, %d" % (i, t, first))
        p = f.val()
        f.emit("%s = getelementptr <4 x i32>, %s, i32 %s" % (p, base, i))
        return p

    def tensor_dma(self, f):
        """A gfx1250 tensor DMA with constant (uniform) descriptors."""
        r = self.r
        op = r.choice(["load.to.lds", "store.from.lds"])
        d0 = "<4 x i32> <i32 %d, i32 0, i32 0, i32 0>" % (256 * r.randint(0, 7))
        d1 = "<8 x i32> <i32 64, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>"
        if r.random() < 0.5:
            self.declare("declare void @llvm.amdgcn.tensor.%s.d2(<4 x i32>, "
                         "<8 x i32>, i32)" % op)
            f.emit("call void @llvm.amdgcn.tensor.%s.d2(%s, %s, i32 0)"
                   % (op, d0, d1))
        else:
            self.declare("declare void @llvm.amdgcn.tensor.%s(<4 x i32>, "
                         "<8 x i32>, <4 x i32>, <4 x i32>, i32)" % op)
            f.emit("call void @llvm.amdgcn.tensor.%s(%s, %s, <4 x i32> "
                   "zeroinitializer, <4 x i32> zeroinitializer, i32 0)"
                   % (op, d0, d1))

    def queue(self):
        return self.r.choice([0, 1, 1, 2])

    def mark(self, f):
        if self.native:
            self.declare("declare void @llvm.nvvm.cp.async.commit.group()")
            f.emit("call void @llvm.nvvm.cp.async.commit.group()")
        elif self.amdgpu and self.r.random() < 0.6:
            self.declare("declare void @llvm.amdgcn.asyncmark()")
            f.emit("call void @llvm.amdgcn.asyncmark()")
        elif self.queues:
            self.declare("declare void @asyncpipe.mark.queue(i32)")
            f.emit("call void @asyncpipe.mark.queue(i32 %d)" % self.queue())
        else:
            self.declare("declare void @asyncpipe.mark()")
            f.emit("call void @asyncpipe.mark()")

    def portable_wait(self, f, count):
        if self.queues:
            self.declare("declare void @asyncpipe.wait.queue(i32, i32)")
            f.emit("call void @asyncpipe.wait.queue(i32 %d, i32 %s)"
                   % (self.queue(), count))
        else:
            self.declare("declare void @asyncpipe.wait(i32)")
            f.emit("call void @asyncpipe.wait(i32 %s)" % count)

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
            self.portable_wait(f, m)
        elif portable:
            self.portable_wait(f, self.count())
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

    def wait0(self, f):
        """A wait for every group, in the program's spelling."""
        if self.native:
            self.declare("declare void @llvm.nvvm.cp.async.wait.group(i32)")
            f.emit("call void @llvm.nvvm.cp.async.wait.group(i32 0)")
        elif self.queues:
            self.declare("declare void @asyncpipe.wait.queue(i32, i32)")
            for q in range(3):
                f.emit("call void @asyncpipe.wait.queue(i32 %d, i32 0)" % q)
        else:
            self.declare("declare void @asyncpipe.wait(i32)")
            f.emit("call void @asyncpipe.wait(i32 0)")

    def portable_copy(self, f, dst, src, size, flags):
        self.declare("declare void @asyncpipe.copy(ptr addrspace(3), "
                     "ptr addrspace(1), i32, i32)")
        f.emit("call void @asyncpipe.copy(ptr addrspace(3) %s, "
               "ptr addrspace(1) %s, i32 %d, i32 %d)" % (dst, src, size, flags))

    def copy_operands(self, f):
        """A destination and a source for a portable copy: a uniform LDS
        base on AMDGPU (the per-lane destinations of a copy wider than 4
        bytes would not be consecutive), a lane's word elsewhere."""
        src = self.gaddr(f, True)
        dst = self.laddr(f, self.target != "amdgpu")
        return dst, src

    def sibling(self, f, counters):
        """Sibling branches that each end in a portable copy of the same
        source and destination with its own constant size or flags, no two
        alike: SimplifyCFG sinks them into one copy whose size or flags are
        a phi (issue 36). Joined by a mark, maybe a wait."""
        r = self.r
        self.siblings += 1
        if self.target not in COPY_SIZES or self.native:
            self.copy(f)
            return
        sizes = COPY_SIZES[self.target]
        vary = r.choice(["size", "flags", "both"])
        if vary == "size":
            flags = r.randint(0, 1)
            consts = [(sz, flags) for sz in
                      r.sample(sizes, min(len(sizes), r.choice([2, 2, 3, 4])))]
        elif vary == "flags":
            sz = r.choice(sizes)
            consts = [(sz, 0), (sz, 1)]
            r.shuffle(consts)
        else:
            pairs = [(sz, fl) for sz in sizes for fl in (0, 1)]
            consts = r.sample(pairs, r.choice([2, 2, 3, 4]))
        # Mostly one destination and source for all (only the constants
        # differ); sometimes each branch computes its own, phis as well.
        shared = self.copy_operands(f) if r.random() < 0.75 else None
        join = f.label("sibjoin")
        labs = [f.label("sib") for _ in consts]
        if len(consts) == 2:
            c = self.cond(f)
            f.term("br i1 %s, label %%%s, label %%%s" % (c, labs[0], labs[1]))
        else:
            v = f.val()
            f.emit("%s = and i32 %%n, 7" % v)
            f.term("switch i32 %s, label %%%s [%s]" % (
                v, labs[-1], " ".join("i32 %d, label %%%s" % (k, l)
                                      for k, l in enumerate(labs[:-1]))))
        for lab, (sz, fl) in zip(labs, consts):
            f.start(lab)
            if r.random() < 0.3:
                self.plain(f)
            dst, src = shared or self.copy_operands(f)
            self.portable_copy(f, dst, src, sz, fl)
            f.term("br label %%%s" % join)
        f.start(join)
        if r.random() < 0.8:
            self.mark(f)
            if r.random() < 0.5:
                self.wait(f, counters)

    # --- misuses (--misuse) -----------------------------------------------
    def plant_misuse(self, f, depth, counters):
        kind, variant, _ = self.misuse
        if kind == "annotation":
            self.loop(f, depth, counters, True, annotation=variant)
        else:
            self.pointer_misuse(f, variant)

    def annotate(self, f, variant):
        """Writes the annotation of a loop body being started; returns the
        latch's loop metadata attachment (", !llvm.loop !0") or ""."""
        m = self.misuse[2]
        if variant.startswith("call-"):
            name = ("asyncpipe.pipeline" if variant == "call-stages"
                    else "asyncpipe.pipeline.registers")
            bad = m.choice(["0", "17", "-1", "run-time"])
            if bad == "run-time":
                v = f.val()
                f.emit("%s = add i32 %%n, 1" % v)
                bad = v
            self.declare("declare void @%s(i32)" % name)
            f.emit("call void @%s(i32 %s)" % (name, bad))
            self.misuse_note = "@%s(i32 %s)" % (name, bad)
            return ""
        props = []
        if variant in ("md-stages", "md-registers"):
            key = ("asyncpipe.pipeline.stages" if variant == "md-stages"
                   else "asyncpipe.pipeline.registers")
            bad = m.choice([", i32 0", ", i32 17", ", i32 -1", "", ', !"3"'])
            props.append('!{!"%s"%s}' % (key, bad))
        elif variant == "md-stage":
            props.append('!{!"asyncpipe.pipeline.stage", i32 0, i32 %d}' %
                         m.choice([-1, 99]))
        elif variant == "md-async-stages":
            props.append('!{!"asyncpipe.pipeline.stages", i32 3}')
            props.append('!{!"asyncpipe.pipeline.async_stages", i32 %d}' %
                         m.choice([-1, 99]))
        else:
            props.append('!{!"asyncpipe.pipeline.stages", i32 2}')
            props.append('!{!"asyncpipe.pipeline.order", %s}' %
                         m.choice(["i32 0, i32 0", "i32 -1", "i32 0, i32 7"]))
        self.metadata.append("!0 = distinct !{!0%s}" % "".join(
            ", !%d" % (i + 1) for i in range(len(props))))
        for i, prop in enumerate(props):
            self.metadata.append("!%d = %s" % (i + 1, prop))
        self.misuse_note = " ".join(props)
        return ", !llvm.loop !0"

    def pointer_misuse(self, f, variant):
        """A portable function called through a function pointer."""
        m = self.misuse[2]
        callee = m.choice(["copy", "mark", "wait"])
        if callee == "copy":
            dst, src = self.copy_operands(f)
            params = "ptr addrspace(3), ptr addrspace(1), i32, i32"
            args = ("ptr addrspace(3) %s, ptr addrspace(1) %s, i32 4, i32 0" %
                    (dst, src))
        elif callee == "mark":
            params, args = "", ""
        else:
            params, args = "i32", "i32 %d" % m.randint(0, 3)
        fn = "@asyncpipe." + callee
        self.declare("declare void %s(%s)" % (fn, params))
        self.misuse_note = "of %s" % fn[1:]
        nop = "@misuse_nop"
        gas = "" if self.host else " addrspace(1)"
        if variant in ("select", "table"):
            self.extra.append("define internal void %s(%s) {\n  ret void\n}"
                              % (nop, params))
        fp = f.val()
        if variant == "select":
            c = self.cond(f)
            f.emit("%s = select i1 %s, ptr %s, ptr %s" % (fp, c, fn, nop))
        elif variant == "alloca":
            a = f.alloca_ptr()
            f.emit("store ptr %s, ptr addrspace(%d) %s, align 8" %
                   (fn, self.alloca_as, a))
            f.emit("%s = load ptr, ptr addrspace(%d) %s, align 8" %
                   (fp, self.alloca_as, a))
        elif variant == "table":
            self.extra.append("@misuse_table = internal%s constant [2 x ptr] "
                              "[ptr %s, ptr %s], align 8" % (gas, fn, nop))
            i = f.val()
            f.emit("%s = and i32 %%n, 1" % i)
            slot = f.val()
            f.emit("%s = getelementptr [2 x ptr], ptr addrspace(1) "
                   "@misuse_table, i32 0, i32 %s" % (slot, i))
            f.emit("%s = load ptr, ptr addrspace(1) %s, align 8" % (fp, slot))
        elif variant == "global":
            self.extra.append("@misuse_fp = internal%s global ptr %s, align 8"
                              % (gas, fn))
            f.emit("%s = load ptr, ptr addrspace(1) @misuse_fp, align 8" % fp)
        elif variant == "cast":
            i = f.val()
            f.emit("%s = ptrtoint ptr %s to i64" % (i, fn))
            f.emit("%s = inttoptr i64 %s to ptr" % (fp, i))
        else:  # argument
            # The helper's parameters, passed on as they are.
            formals = ", ".join("%s %%a%d" % (t, k) for k, t in
                                enumerate(params.split(", ")) if t)
            self.extra.append(
                "define internal void @misuse_call(ptr %%fp%s) #0 {\n"
                "  call void %%fp(%s)\n  ret void\n}"
                % (", " + formals if formals else "", formals))
            f.emit("call void @misuse_call(ptr %s%s)" %
                   (fn, ", " + args if args else ""))
            return
        f.emit("call void %s(%s)" % (fp, args))

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
        if (self.misuse_at is not None and is_kernel and
                f.name == "kernel0" and self.budget < self.misuse_at):
            self.misuse_at = None
            self.plant_misuse(f, depth, counters)
            return
        deep = depth < 4
        choices = [("copy", 5), ("mark", 4), ("wait", 4), ("plain", 3),
                   ("group", 3)]
        if not self.native:
            choices += [("future", 1.5)]
        if "sibling" in self.shapes:
            choices += [("sibling", 3)]
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
        elif kind == "sibling":
            self.sibling(f, counters)
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
            self.declare("declare void @asyncpipe.wait.future(i32)")
            fut = f.val()
            q = self.queue() if self.queues else 0
            if q == 0:
                self.declare("declare i32 @asyncpipe.mark.future()")
                f.emit("%s = call i32 @asyncpipe.mark.future()" % fut)
            else:
                self.declare("declare i32 @asyncpipe.mark.future.queue(i32)")
                f.emit("%s = call i32 @asyncpipe.mark.future.queue(i32 %d)"
                       % (fut, q))
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

    def loop(self, f, depth, counters, is_kernel, annotation=None):
        asp = self.alloca_as
        c = f.alloca()
        if annotation:
            # A loop that stays a loop at every level: a run-time trip count.
            n = f.val()
            f.emit("%s = and i32 %%n, 7" % n)
        else:
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
        loop_md = ""
        if annotation:
            loop_md = self.annotate(f, annotation)
            # The synchronous form the pipeliner takes (AsyncPipePipeliner.rst).
            self.copy(f)
            self.mark(f)
            self.wait0(f)
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
        f.term("br label %%%s%s" % (head, loop_md))
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
            if k == 0 and self.misuse_at is not None and f.cur is not None:
                self.misuse_at = None
                self.plant_misuse(f, 0, [])
            if k == 0 and "sibling" in self.shapes and not self.siblings:
                self.sibling(f, [])
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
        out = ["; asyncpipe_randir.py --seed %d --target %s%s%s" % (
            self.seed, self.target, " (native)" if self.native else "",
            " misuse: %s/%s %s" % (self.misuse[0], self.misuse[1],
                                   self.misuse_note) if self.misuse else "")]
        if self.host:
            out.append('target triple = "x86_64-unknown-linux-gnu"')
        elif self.amdgpu:
            out.append('target datalayout = "%s"' % AMDGPU_DL)
            out.append('target triple = "amdgcn-amd-amdhsa"')
        else:
            out.append('target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"')
            out.append('target triple = "nvptx64-nvidia-cuda"')
        out.append("")
        # sm_90's bulk copies read 16-byte aligned shared memory.
        lds_align = 16 if self.store and self.target == "nvptx" else 4
        out.append("@lds = internal addrspace(3) global [512 x i32] poison, "
                   "align %d" % lds_align)
        out.append("")
        for _, _, text in self.helpers:
            out.append(text)
            out.append("")
        for text in kernels:
            out.append(text)
            out.append("")
        for text in self.extra:
            out.append(text)
            out.append("")
        out.extend(sorted(self.decls))
        out.append("")
        out.append("attributes #0 = { noinline }")
        out.append("attributes #1 = { alwaysinline }")
        if self.metadata:
            out.append("")
            out.extend(self.metadata)
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


SHAPES = ["sibling", "queues", "tensor", "store"]


def generate(seed, target, without=(), shapes=(), misuse=()):
    return Gen(seed, target, without, shapes, misuse).module()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--target", choices=["amdgpu", "gfx1250", "nvptx", "host"],
                    default="amdgpu")
    ap.add_argument("--without", default="",
                    help="comma-separated statement kinds never to write: " +
                    ", ".join(STATEMENT_KINDS))
    ap.add_argument("--with", dest="shapes", default="",
                    help="comma-separated shapes to add: " + ", ".join(SHAPES))
    ap.add_argument("--misuse", default="",
                    help="comma-separated misuse kinds or KIND/VARIANT, one "
                    "planted: " + ", ".join(misuse_variants(sorted(MISUSES))))
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    shapes = [k for k in args.shapes.split(",") if k]
    misuse = [k for k in args.misuse.split(",") if k]
    for k in shapes:
        if k not in SHAPES:
            ap.error("unknown shape %s" % k)
    try:
        misuse_variants(misuse)
    except ValueError as e:
        ap.error(str(e))
    text = generate(args.seed, args.target,
                    [k for k in args.without.split(",") if k], shapes, misuse)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
