#!/usr/bin/env python3
# ===-- utils/asyncpipe_gen.py - Random async programs for the host --------===#
#
# Part of the AsyncPipe project.
#
# Longer than AsyncPipe's ~500-line guideline: a test generator, not plugin
# code; the positive, negative and helper programs share one emitter, which
# subclasses override step by step.
#
# ===-----------------------------------------------------------------------===#
"""Generates random C programs that use the portable async calls
(asyncpipe_host.h): software-pipelined loops over 1-4 shared buffers with
varied copy sizes and lane counts, 1-4 stages, a prefetch distance below the
stage count, one mark per iteration or one per buffer, one wait per iteration
or one per buffer, marks on every iteration or only when something was
issued (then the wait count is computed at run time), and trip counts 0, 1,
below, at and above the stage count, fixed or read at run time.

Programs are correct by construction: every wait count is the tightest one
that covers the data about to be read. Negative programs break exactly one
thing so that AsyncSan under the lazy policy must report them:
  weak-wait      one wait count is one too large (N+1);
  early-reuse    a copy's source is overwritten right after the copy issues.

Many programs share one translation unit (each is a function), so a batch of
hundreds compiles in a few clang invocations. Each program returns a hash of
everything it read; main prints one line per program:
    prog <index> <hash>
A negative translation unit runs only the program named by argv[1].

With --sync-loops it writes synchronous-form loops instead, the input of the
loop pipeliner (asyncpipe-pipeline, llvm/docs/AsyncPipePipeliner.rst): each
iteration copies into 1-4 shared buffers (4/8/16-byte copies on 1-8 lanes,
issued in a random lane order, static or stack buffers, contiguous or strided
sources), marks once or once per buffer, waits for everything (wait(0)),
optionally calls the host barrier, and reads the buffers. Some loops also
have a predicated group, a buffer consumed right after its own wait(0), or a
barrier after the consumers. Each loop carries the one-line request
asyncpipe_pipeline(ASYNCPIPE_STAGES) (pipeline_annotation.h); build with
-DASYNCPIPE_STAGES=S, or with -DASYNCPIPE_STAGES=0 (no request) and -mllvm
-asyncpipe-pipeline-stages=S. Trip counts are 0, 1, 2-5 (below and above S = 2..4)
or longer, fixed or read at run time. A few loops are intentionally
ineligible (carried-read: a buffer is read before the copy that fills it, so
the value crosses iterations); the pipeliner must leave them alone. Negative
sync-form programs (--negative broken-pipelining) are eligible loops with at
least five iterations (so that the pipelined path runs for every S up to 4)
and no predicated group (every pipelined wait is then the
tightest one), for a build whose pipelined waits are made one too weak
(-mllvm -asyncpipe-pipeline-miscount-for-testing=1).

With --helpers it writes programs with helpers instead: the same pipelined
loops, spelled portably (asyncpipe_host.h) or with native NVPTX cp.async
(asyncpipe_host_nvvm.h: one commit-group counter per thread), whose copies,
marks and waits are partly in noinline, internal (static) and always_inline
helpers called from loops and branches (see HelperProgram). Their main()
takes the first program to run as argv[1], so that a harness can resume
after a program that crashed.

For utils/asyncpipe_race_batch.py, generate_unit(iteration_probe=True)
writes the plain programs' loops with a probe on their first line
(ITERATION_PROBE): built with -DASYNCPIPE_PROBE each loop prints the
iteration it starts, and a trip count read at run time comes from
ASYNCPIPE_TRIP; built without it, the program and its lines are the same.

Used by utils/asyncpipe_difftest.py; also runnable on its own:
    asyncpipe_gen.py --seed 1 --count 100 --out batch.c [--negative weak-wait]
    asyncpipe_gen.py --seed 1 --count 500 --coverage
    asyncpipe_gen.py --sync-loops --seed 1 --count 100 --out sync.c
    asyncpipe_gen.py --sync-loops --seed 1 --count 500 --coverage
    asyncpipe_gen.py --helpers --seed 1 --count 300 --out helpers.c
"""

import argparse
import dataclasses
import random
import sys
from typing import List, Optional

COPY_SIZES = (4, 8, 16)
LANE_COUNTS = (1, 2, 4, 8)
NEGATIVE_KINDS = ("weak-wait", "early-reuse")
SYNC_NEGATIVE = "broken-pipelining"
SYNC_STAGES = (2, 3, 4)  # The stage counts a sync-form batch is built for.


@dataclasses.dataclass
class Buffer:
    copy_bytes: int  # Bytes per lane per copy: 4, 8 or 16.
    lanes: int  # Work-items (copies) per iteration.
    on_stack: bool  # A local array instead of a static one.

    @property
    def words(self) -> int:
        """uint32_t words one iteration moves into one slot."""
        return self.copy_bytes * self.lanes // 4


@dataclasses.dataclass
class Program:
    index: int
    buffers: List[Buffer]
    stages: int  # Slots per buffer.
    depth: int  # Prefetch distance; < stages so a slot is free when reused.
    mark_per_buffer: bool
    wait_per_buffer: bool
    always_mark: bool  # Mark even when nothing was issued: static counts.
    trip_count: int
    dynamic_trip: bool
    issue_in_helper: bool  # Copies issued by a callee without marks.
    reuse_source: bool  # Overwrite consumed sources (after their wait).
    final_wait: bool
    negative: Optional[str] = None
    weakened_wait: int = -1  # Which wait of the loop body is one too weak.

    @property
    def marks_per_iteration(self) -> int:
        return len(self.buffers) if self.mark_per_buffer else 1

    def describe(self) -> str:
        bufs = ", ".join(
            f"{b.copy_bytes}Bx{b.lanes}{' stack' if b.on_stack else ''}"
            for b in self.buffers)
        return (f"buffers [{bufs}], stages {self.stages}, depth {self.depth}, "
                f"marks {'per buffer' if self.mark_per_buffer else 'grouped'}, "
                f"waits {'per buffer' if self.wait_per_buffer else 'single'}, "
                f"{'always mark' if self.always_mark else 'conditional mark'}, "
                f"trip {self.trip_count}"
                f"{' dynamic' if self.dynamic_trip else ''}"
                f"{', helper' if self.issue_in_helper else ''}"
                f"{', reuse' if self.reuse_source else ''}"
                f"{', final wait' if self.final_wait else ''}"
                f"{', NEGATIVE ' + self.negative if self.negative else ''}")


def random_program(rng: random.Random, index: int,
                   negative: Optional[str] = None) -> Program:
    buffers = [
        Buffer(rng.choice(COPY_SIZES), rng.choice(LANE_COUNTS),
               rng.random() < 0.3) for _ in range(rng.randint(1, 4))
    ]
    stages = rng.randint(1, 4)
    depth = rng.randint(0, stages - 1)
    # Zero, one, below / at / just above the stage count, or a longer loop.
    trip = rng.choice([
        0, 1,
        rng.randint(1, stages - 1) if stages > 1 else 0, stages,
        stages + rng.randint(1, 2),
        rng.randint(stages + 3, 24)
    ])
    if negative:
        trip = max(trip, 1)  # A wait that never runs cannot be caught.
    mark_per_buffer = rng.random() < 0.5
    prog = Program(
        index=index,
        buffers=buffers,
        stages=stages,
        depth=depth,
        mark_per_buffer=mark_per_buffer,
        wait_per_buffer=rng.random() < 0.5,
        always_mark=rng.random() < 0.5,
        trip_count=trip,
        dynamic_trip=rng.random() < 0.5,
        # A helper cannot mark for its caller, so only grouped marks.
        issue_in_helper=not mark_per_buffer and rng.random() < 0.3,
        reuse_source=rng.random() < 0.5,
        final_wait=rng.random() < 0.3,
        negative=negative)
    if negative == "weak-wait":
        prog.weakened_wait = pick_weakenable_wait(rng, prog)
    return prog


def pick_weakenable_wait(rng: random.Random, prog: Program) -> int:
    """A wait whose weakening is observable: with grouped marks an earlier
    wait of the same iteration already forces the whole group, so only the
    first wait then covers data nothing else waited for."""
    if prog.wait_per_buffer and prog.mark_per_buffer:
        return rng.randrange(len(prog.buffers))
    return 0


class Emitter:
    """Writes one program as C."""

    # Whether loops announce each iteration (ITERATION_PROBE): set by
    # generate_unit(iteration_probe=True).
    probe = False

    def __init__(self, prog: Program):
        self.p = prog
        self.name = f"p{prog.index}"
        self.lines: List[str] = []

    def line(self, text: str, indent: int = 0):
        self.lines.append("  " * indent + text)

    def slot_type(self, b: int) -> str:
        return f"uint32_t (*)[{self.p.buffers[b].words}]"

    def emit_buffer_declarations(self, p, n) -> None:
        """The program's comment, its source and shared buffers and its
        run-time trip count."""
        self.line(f"/* program {p.index}: {p.describe()} */")
        for b, buf in enumerate(p.buffers):
            words = max(p.trip_count, 1) * buf.words
            if self.probe and p.dynamic_trip:
                # Room for the trip counts a probed run may be given.
                words = (f"ASYNCPIPE_ROOM({words}, "
                         f"{PROBE_MAX_TRIP * buf.words})")
            self.line(f"static uint32_t {n}_src{b}[{words}];")
            if not buf.on_stack:
                self.line(
                    f"static uint32_t {n}_shared{b}[{p.stages}][{buf.words}];")
        if p.dynamic_trip:
            self.line(f"static volatile int {n}_trip = {p.trip_count};")

    def emit(self) -> List[str]:
        p, n = self.p, self.name
        self.emit_buffer_declarations(p, n)
        if p.issue_in_helper:
            self.emit_helper()
        self.line(f"__attribute__((noinline)) static uint32_t {n}(void) {{")
        self.emit_setup()
        self.emit_prologue()
        self.emit_loop()
        if p.final_wait:
            self.line("asyncpipe_wait(0);", 1)
        self.line("return acc;", 1)
        self.line("}")
        self.line("")
        return self.lines

    def shared_params(self) -> str:
        return ", ".join(
            f"uint32_t (*sh{b})[{buf.words}]"
            for b, buf in enumerate(self.p.buffers))

    def emit_helper(self):
        self.line(f"__attribute__((noinline)) static void "
                  f"{self.name}_issue(int j, {self.shared_params()}) {{")
        for b in range(len(self.p.buffers)):
            self.emit_copies(b, "j", 1)
        self.line("}")

    def emit_setup(self):
        p, n = self.p, self.name
        for b, buf in enumerate(p.buffers):
            words = max(p.trip_count, 1) * buf.words
            self.line(f"for (int w = 0; w < {words}; ++w)", 1)
            self.line(f"{n}_src{b}[w] = mix({p.index}u * 8u + {b}u, "
                      f"(uint32_t)w);", 2)
            if buf.on_stack:
                self.line(f"uint32_t stack{b}[{p.stages}][{buf.words}];", 1)
                self.line(f"memset(stack{b}, 0, sizeof(stack{b}));", 1)
                self.line(f"uint32_t (*sh{b})[{buf.words}] = stack{b};", 1)
            else:
                self.line(f"uint32_t (*sh{b})[{buf.words}] = {n}_shared{b};",
                          1)
        trip = f"{n}_trip" if p.dynamic_trip else str(p.trip_count)
        if self.probe and p.dynamic_trip:
            trip = f"ASYNCPIPE_TRIP({trip})"
        self.line(f"const int n = {trip};", 1)
        self.line(f"uint32_t acc = {0x811C9DC5 ^ p.index}u;", 1)

    def emit_copies(self, b: int, j: str, indent: int, helpers=True):
        """Iteration j's copies into buffer b (helpers: whether a subclass
        may issue them through a generated helper)."""
        p, buf = self.p, self.p.buffers[b]
        self.line(f"for (int l = 0; l < {buf.lanes}; ++l)", indent)
        self.line(
            f"asyncpipe_copy((char *)sh{b}[({j}) % {p.stages}] + "
            f"l * {buf.copy_bytes}, (const char *){self.name}_src{b} + "
            f"(size_t)({j}) * {buf.words * 4} + l * {buf.copy_bytes}, "
            f"{buf.copy_bytes}, 0);", indent + 1)
        if p.negative == "early-reuse" and b == 0:
            # The copy just issued still reads this word.
            self.line(f"{self.name}_src0[(size_t)({j}) * {buf.words}] ^= "
                      f"0xA5A5A5A5u;", indent)

    def mark(self, indent: int, helpers=True):
        """One mark (helpers: whether a subclass may mark through a
        generated helper)."""
        self.line("asyncpipe_mark();", indent)

    def emit_group(self, j: str, cond: str, indent: int, helpers=True):
        """Issues iteration j's copies (if cond) and its marks: on every
        iteration (always_mark) or only when something was issued."""
        p = self.p
        if p.mark_per_buffer:
            if not p.always_mark:
                self.line(f"if ({cond}) {{", indent)
            for b in range(len(p.buffers)):
                if p.always_mark:
                    self.line(f"if ({cond}) {{", indent)
                    self.emit_copies(b, j, indent + 1, helpers)
                    self.line("}", indent)
                    self.mark(indent, helpers)
                else:
                    self.emit_copies(b, j, indent + 1, helpers)
                    self.mark(indent + 1, helpers)
            if not p.always_mark:
                self.line("}", indent)
            return
        self.line(f"if ({cond}) {{", indent)
        if p.issue_in_helper:
            args = ", ".join(f"sh{b}" for b in range(len(p.buffers)))
            self.line(f"{self.name}_issue({j}, {args});", indent + 1)
        else:
            for b in range(len(p.buffers)):
                self.emit_copies(b, j, indent + 1, helpers)
        if p.always_mark:
            self.line("}", indent)
            self.mark(indent, helpers)
        else:
            self.mark(indent + 1, helpers)
            self.line("}", indent)

    def emit_prologue(self):
        if self.p.depth == 0:
            return
        self.line(f"for (int q = 0; q < {self.p.depth}; ++q) {{"
                  f"{self.announce('q')}", 1)
        self.emit_group("q", "q < n", 2)
        self.line("}", 1)

    def announce(self, var: str) -> str:
        """The probe at the start of a loop body, on the loop's line, so
        that a probed build has the lines of an unprobed one."""
        return f" ASYNCPIPE_ITERATION(__LINE__, {var});" if self.probe else ""

    def wait_count(self, later_marks_in_iteration: int, wait: int) -> str:
        """The tightest count covering iteration i's data, given how many of
        iteration i's own marks follow the one that must complete."""
        p = self.p
        m = p.marks_per_iteration
        extra = later_marks_in_iteration + (1 if wait == p.weakened_wait else
                                            0)
        if p.always_mark:
            return str(p.depth * m + extra)
        # Only iterations that issued marked: min(depth, n - 1 - i) of them.
        ahead = f"((n - 1 - i) < {p.depth} ? (n - 1 - i) : {p.depth})"
        return f"(unsigned)({ahead} * {m} + {extra})"

    def emit_consume(self, b: int, indent: int):
        buf = self.p.buffers[b]
        self.line(f"for (int w = 0; w < {buf.words}; ++w)", indent)
        self.line(f"acc = (acc ^ sh{b}[i % {self.p.stages}][w]) * "
                  f"0x01000193u;", indent + 1)

    def emit_loop(self):
        p = self.p
        nbuf = len(p.buffers)
        self.line(f"for (int i = 0; i < n; ++i) {{{self.announce('i')}", 1)
        self.emit_group(f"i + {p.depth}", f"i + {p.depth} < n", 2)
        if p.wait_per_buffer:
            for b in range(nbuf):
                later = nbuf - 1 - b if p.mark_per_buffer else 0
                self.line(f"asyncpipe_wait({self.wait_count(later, b)});", 2)
                self.emit_consume(b, 2)
        else:
            self.line(f"asyncpipe_wait({self.wait_count(0, 0)});", 2)
            for b in range(nbuf):
                self.emit_consume(b, 2)
        if p.reuse_source:
            # Iteration i's copies are complete: their sources may change.
            for b, buf in enumerate(p.buffers):
                self.line(f"{self.name}_src{b}[(size_t)i * {buf.words}] += "
                          f"0x9E3779B9u;", 2)
        self.line("}", 1)


PRELUDE = """\
/* Generated by utils/asyncpipe_gen.py; do not edit. */
#include "asyncpipe_host.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t mix(uint32_t a, uint32_t b) {
  uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u);
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  return h;
}
"""


# The largest trip count a probed run of a program whose trip count is read
# at run time may be given (ASYNCPIPE_TRIP).
PROBE_MAX_TRIP = 32

ITERATION_PROBE = """\
/* Built with -DASYNCPIPE_PROBE, every loop prints each iteration it starts
 * to stderr, between AsyncSan's reports: which iteration a report is in; a
 * trip count read at run time is taken from ASYNCPIPE_TRIP if it is set
 * (at most %d), so that a run can be driven along a path. Without it the
 * macros are the plain program, line for line. */
#ifdef ASYNCPIPE_PROBE
#define ASYNCPIPE_ITERATION(line, i)                                           \\
  fprintf(stderr, "==iteration== %%d %%d\\n", (line), (i))
static int asyncpipe_probe_trip(int n) {
  const char *trip = getenv("ASYNCPIPE_TRIP");
  return trip ? atoi(trip) : n;
}
#define ASYNCPIPE_TRIP(n) asyncpipe_probe_trip(n)
#define ASYNCPIPE_ROOM(words, probed) (probed)
#else
#define ASYNCPIPE_ITERATION(line, i) ((void)0)
#define ASYNCPIPE_TRIP(n) (n)
#define ASYNCPIPE_ROOM(words, probed) (words)
#endif
""" % PROBE_MAX_TRIP


def generate_unit(programs, iteration_probe=False) -> str:
    """One translation unit running every program in order, or, if they are
    negative, the one named by argv[1]. With iteration_probe the loops of
    the plain (not sync-form, not helper) programs call
    ASYNCPIPE_ITERATION(line, i) on their first line (ITERATION_PROBE)."""
    sync = any(isinstance(p, SyncProgram) for p in programs)
    helpers = any(isinstance(p, HelperProgram) for p in programs)
    out = [SYNC_PRELUDE if sync else HELPER_PRELUDE if helpers else PRELUDE]
    if iteration_probe:
        out.append(ITERATION_PROBE)
    for prog in programs:
        emitter = (SyncEmitter if isinstance(prog, SyncProgram) else
                   HelperEmitter if isinstance(prog, HelperProgram) else
                   Emitter)(prog)
        emitter.probe = iteration_probe
        out.extend(emitter.emit())
    negative = any(p.negative for p in programs)
    if negative:
        out.append("int main(int argc, char **argv) {")
        out.append("  int which = argc > 1 ? atoi(argv[1]) : -1;")
        out.append("  switch (which) {")
        for prog in programs:
            out.append(f"  case {prog.index}: printf(\"prog {prog.index} "
                       f"%08x\\n\", p{prog.index}()); return 0;")
        out.append("  }")
        out.append("  return 2;")
        out.append("}")
    elif helpers:
        # argv[1], if given, is the first program to run: after a crash the
        # harness resumes with the program after the one that crashed.
        out.append("int main(int argc, char **argv) {")
        out.append("  const int first = argc > 1 ? atoi(argv[1]) : 0;")
        for prog in programs:
            out.append(f"  if (first <= {prog.index}) {{")
            out.append(f"    printf(\"prog {prog.index} %08x\\n\", "
                       f"p{prog.index}());")
            out.append("    fflush(stdout);")
            out.append("  }")
        out.append("  return 0;")
        out.append("}")
    else:
        out.append("int main(void) {")
        for prog in programs:
            out.append(f"  printf(\"prog {prog.index} %08x\\n\", "
                       f"p{prog.index}());")
        out.append("  return 0;")
        out.append("}")
    return "\n".join(out) + "\n"


def generate_programs(seed: int, count: int, first_index: int = 0,
                      negative: Optional[str] = None) -> List[Program]:
    rng = random.Random(f"{seed}:{negative or 'positive'}")
    programs = []
    for k in range(count):
        kind = negative
        if negative == "mixed":
            kind = NEGATIVE_KINDS[k % len(NEGATIVE_KINDS)]
        programs.append(random_program(rng, first_index + k, kind))
    return programs


def tally(name, values, keys) -> str:
    """One coverage line: how often each of keys occurs among values."""
    counts = {k: 0 for k in keys}
    for v in values:
        counts[v] += 1
    return f"{name}: " + " ".join(f"{k}={c}" for k, c in counts.items())


def trip_class(prog: Program) -> str:
    n, s = prog.trip_count, prog.stages
    if n <= 1:
        return ("zero", "one")[n]
    return "below-stages" if n < s else "at-stages" if n == s else "above-stages"


def coverage(programs: List[Program]) -> List[str]:
    """What a batch exercises, one line per dimension of the generator."""

    bufs = [b for p in programs for b in p.buffers]
    return [
        tally("buffers", (len(p.buffers) for p in programs), (1, 2, 3, 4)),
        tally("copy bytes", (b.copy_bytes for b in bufs), COPY_SIZES),
        tally("lanes", (b.lanes for b in bufs), LANE_COUNTS),
        tally("stack buffers", (b.on_stack for b in bufs), (False, True)),
        tally("stages", (p.stages for p in programs), (1, 2, 3, 4)),
        tally("depth", (p.depth for p in programs), (0, 1, 2, 3)),
        tally("marks", ("per-buffer" if p.mark_per_buffer else "grouped"
                        for p in programs), ("grouped", "per-buffer")),
        tally("waits", ("per-buffer" if p.wait_per_buffer else "single"
                        for p in programs), ("single", "per-buffer")),
        tally("wait counts", ("static" if p.always_mark else "run-time"
                              for p in programs), ("static", "run-time")),
        tally("trip", (trip_class(p) for p in programs),
              ("zero", "one", "below-stages", "at-stages", "above-stages")),
        tally("trip source", ("dynamic" if p.dynamic_trip else "constant"
                              for p in programs), ("constant", "dynamic")),
        tally("helper issue", (p.issue_in_helper for p in programs),
              (False, True)),
        tally("source reuse", (p.reuse_source for p in programs),
              (False, True)),
        tally("final wait", (p.final_wait for p in programs), (False, True)),
    ]


# --- Programs with helpers and native NVPTX spellings ----------------------

HELPER_KINDS = ("noinline", "internal", "always_inline")
HELPER_ATTRIBUTES = {
    "noinline": "__attribute__((noinline)) static",
    "internal": "static",
    "always_inline": "__attribute__((always_inline)) static inline",
}
SIDE_PLACES = ("after-issue", "before-consume", "end")
HELPER_PRELUDE = PRELUDE + '#include "asyncpipe_host_nvvm.h"\n'


@dataclasses.dataclass
class HelperProgram(Program):
    """A pipelined loop (see Program) whose copies, marks and waits are
    spelled portably or natively (NVPTX cp.async) and partly moved into
    helpers. Each helper field is the helper's kind, or None when the kernel
    does it itself. Portable marks and waits may move only into always_inline
    helpers (those are part of their caller); every other portable helper
    either only copies, or finishes its own sequence before it returns
    (side), or marks or waits alone (decoys: nothing in the activation model).
    Native forms count per thread, so any helper kind may hold any of them."""
    native: bool = False
    issue_kind: Optional[str] = None  # Copies of one buffer for iteration j.
    mark_kind: Optional[str] = None  # One mark (commit).
    wait_kind: Optional[str] = None  # One wait.
    stage_kind: Optional[str] = None  # Copies and marks of iteration j ...
    stage_waits: bool = False  # ... and the iteration's first wait.
    body_kind: Optional[str] = None  # A whole iteration of the loop.
    side_kind: Optional[str] = None  # Own copies, marks and waits.
    side_place: str = "end"
    side_branch: bool = False  # The side helper runs on some iterations.
    decoys: List[str] = dataclasses.field(default_factory=list)
    decoy_kind: Optional[str] = None
    split_arms: bool = False  # Iteration's group issued by either arm.
    wait_all_zero: bool = False  # Native wait_group(0) spelled wait_all.
    cg16: bool = False  # Native 16-byte copies spelled cp.async.cg.
    zero_fill: bool = False  # Native copies spelled .s (half source).

    def helper_kinds(self):
        """(role, kind) of every helper the program has."""
        roles = [("issue", self.issue_kind), ("mark", self.mark_kind),
                 ("wait", self.wait_kind), ("stage", self.stage_kind),
                 ("body", self.body_kind), ("side", self.side_kind)]
        roles += [(f"decoy-{d}", self.decoy_kind) for d in self.decoys]
        return [(r, k) for r, k in roles if k]

    def describe(self) -> str:
        helpers = ", ".join(f"{r} {k}" for r, k in self.helper_kinds())
        extra = [("native" if self.native else "portable")]
        if self.stage_waits and self.stage_kind:
            extra.append("stage waits")
        if self.side_kind:
            extra.append(f"side {self.side_place}"
                         f"{' in branch' if self.side_branch else ''}")
        if self.split_arms:
            extra.append("split arms")
        if self.native:
            extra += [s for s, on in (("wait_all", self.wait_all_zero),
                                      ("cg", self.cg16),
                                      ("zero-fill", self.zero_fill)) if on]
        return (f"{Program.describe(self)}; helpers [{helpers}]; "
                f"{', '.join(extra)}")


def random_helper_program(rng: random.Random, index: int) -> HelperProgram:
    base = random_program(rng, index)
    fields = {f.name: getattr(base, f.name)
              for f in dataclasses.fields(Program)}
    fields["issue_in_helper"] = False  # issue_kind replaces it.
    prog = HelperProgram(**fields)
    prog.native = rng.random() < 0.5
    if prog.native:
        # wait_group takes a constant: counts must not depend on run time.
        prog.always_mark = True
    # Portable marks and waits can only be shared with an always_inline
    # helper; native ones with any.
    sync_kinds = HELPER_KINDS if prog.native else ("always_inline",)

    def maybe(p, kinds):
        return rng.choice(kinds) if rng.random() < p else None

    prog.issue_kind = maybe(0.4, HELPER_KINDS)
    prog.mark_kind = maybe(0.4, sync_kinds)
    prog.wait_kind = maybe(0.4, sync_kinds)
    prog.stage_kind = maybe(0.4, sync_kinds)
    prog.stage_waits = prog.stage_kind is not None and rng.random() < 0.6
    prog.body_kind = maybe(0.25, sync_kinds)
    prog.side_kind = maybe(0.35, HELPER_KINDS)
    prog.side_place = rng.choice(SIDE_PLACES)
    prog.side_branch = rng.random() < 0.5
    if not prog.native and rng.random() < 0.3:
        prog.decoy_kind = rng.choice(("noinline", "internal"))
        prog.decoys = rng.choice((["mark"], ["wait"], ["mark", "wait"]))
    prog.split_arms = rng.random() < 0.25
    if not prog.helper_kinds():
        prog.stage_kind = rng.choice(sync_kinds)
        prog.stage_waits = True
    if prog.native:
        prog.wait_all_zero = rng.random() < 0.5
        prog.cg16 = rng.random() < 0.5
        prog.zero_fill = rng.random() < 0.2
    return prog


def generate_helper_programs(seed: int, count: int,
                             first_index: int = 0) -> List[HelperProgram]:
    rng = random.Random(f"{seed}:helpers")
    return [random_helper_program(rng, first_index + k) for k in range(count)]


class HelperEmitter(Emitter):
    """Writes one HelperProgram as C: its helpers, then the kernel."""

    def __init__(self, prog: HelperProgram):
        super().__init__(prog)
        self.wait_helpers = set()  # Native constant counts with a helper.
        self.stage_count = None  # The count a waiting stage waits for.

    # --- the three operations, inline or through a helper -----------------
    def raw_copies(self, b: int, j: str, indent: int):
        p, buf, n = self.p, self.p.buffers[b], self.name
        if not p.native:
            return Emitter.emit_copies(self, b, j, indent)
        dst = (f"(char *)sh{b}[({j}) % {p.stages}] + l * {buf.copy_bytes}")
        src = (f"(const char *){n}_src{b} + (size_t)({j}) * "
               f"{buf.words * 4} + l * {buf.copy_bytes}")
        self.line(f"for (int l = 0; l < {buf.lanes}; ++l)", indent)
        if p.zero_fill:
            # The second half of every odd lane's bytes are zeros.
            self.line(f"nvvm_cp_async_ca_shared_global_{buf.copy_bytes}_s("
                      f"{dst}, {src}, (l & 1) ? {buf.copy_bytes // 2} : "
                      f"{buf.copy_bytes});", indent + 1)
        else:
            kind = "cg" if p.cg16 and buf.copy_bytes == 16 else "ca"
            self.line(f"nvvm_cp_async_{kind}_shared_global_{buf.copy_bytes}("
                      f"{dst}, {src});", indent + 1)

    def emit_copies(self, b: int, j: str, indent: int, helpers=True):
        if helpers and self.p.issue_kind:
            self.line(f"{self.name}_issue{b}({j}, sh{b});", indent)
        else:
            self.raw_copies(b, j, indent)

    def raw_mark(self) -> str:
        return ("nvvm_cp_async_commit_group();" if self.p.native else
                "asyncpipe_mark();")

    def mark(self, indent: int, helpers=True):
        self.line(f"{self.name}_mark();" if helpers and self.p.mark_kind else
                  self.raw_mark(), indent)

    def raw_wait(self, count: str) -> str:
        if not self.p.native:
            return f"asyncpipe_wait({count});"
        if count == "0" and self.p.wait_all_zero:
            return "nvvm_cp_async_wait_all();"
        return f"nvvm_cp_async_wait_group({count});"

    def wait(self, count: str, indent: int, helpers=True):
        if not (helpers and self.p.wait_kind):
            self.line(self.raw_wait(count), indent)
        elif self.p.native:
            self.wait_helpers.add(int(count))
            self.line(f"{self.name}_wait{count}();", indent)
        else:
            self.line(f"{self.name}_wait({count});", indent)

    # --- the loop ---------------------------------------------------------
    def sh_args(self) -> str:
        return "".join(f", sh{b}" for b in range(len(self.p.buffers)))

    def group(self, j: str, cond: str, indent: int, first_wait: str,
              helpers=True) -> bool:
        """Issues iteration j's group; returns True if the iteration's first
        wait (for first_wait marks) was done too."""
        p = self.p
        if not (helpers and p.stage_kind):
            self.emit_group(j, cond, indent, helpers)
            return False
        count = ""
        if p.stage_waits and not p.native:
            count = f", {first_wait}"
        elif p.stage_waits:
            # A native stage's count is a constant; the loop's is the same on
            # every iteration (the prologue's is never smaller than needed).
            self.stage_count = first_wait
        self.line(f"{self.name}_stage({j}, {cond}{self.sh_args()}{count});",
                  indent)
        return p.stage_waits

    def emit_prologue(self):
        p = self.p
        if p.depth == 0:
            return
        self.line(f"for (int q = 0; q < {p.depth}; ++q) {{", 1)
        # At most depth groups are outstanding in the prologue: a waiting
        # stage waits for nothing there.
        self.group("q", "q < n", 2, self.first_wait_count(prologue=True))
        self.line("}", 1)

    def first_wait_count(self, prologue=False) -> str:
        p = self.p
        later = len(p.buffers) - 1 if (p.wait_per_buffer and
                                        p.mark_per_buffer) else 0
        if prologue:
            return str(p.depth * p.marks_per_iteration + later)
        return self.wait_count(later, 0)

    def side(self, place: str, indent: int):
        p = self.p
        if not p.side_kind or p.side_place != place:
            return
        if p.side_branch:
            self.line(f"if ((i + {p.index % 3}) % 3 == 0)", indent)
            indent += 1
        self.line(f"acc ^= {self.name}_side(i);", indent)

    def decoy(self, indent: int):
        for d in self.p.decoys:
            self.line(f"{self.name}_decoy_{d}();", indent)

    def iteration(self, indent: int):
        """One iteration of the loop (in the kernel or a body helper)."""
        p, nbuf = self.p, len(self.p.buffers)
        j, cond = f"i + {p.depth}", f"i + {p.depth} < n"
        first = self.first_wait_count()
        if p.split_arms:
            self.line(f"if ((i ^ {p.index}) & 1) {{", indent)
            waited = self.group(j, cond, indent + 1, first)
            self.line("} else {", indent)
            self.emit_group(j, cond, indent + 1, helpers=False)
            if waited:
                self.wait(first, indent + 1, helpers=False)
            self.line("}", indent)
        else:
            waited = self.group(j, cond, indent, first)
        self.side("after-issue", indent)
        self.decoy(indent)
        if p.wait_per_buffer:
            for b in range(nbuf):
                later = nbuf - 1 - b if p.mark_per_buffer else 0
                if not (b == 0 and waited):
                    self.wait(self.wait_count(later, b), indent)
                if b == 0:
                    self.side("before-consume", indent)
                self.emit_consume(b, indent)
        else:
            if not waited:
                self.wait(first, indent)
            self.side("before-consume", indent)
            for b in range(nbuf):
                self.emit_consume(b, indent)
        if p.reuse_source:
            for b, buf in enumerate(p.buffers):
                self.line(f"{self.name}_src{b}[(size_t)i * {buf.words}] += "
                          f"0x9E3779B9u;", indent)
        self.side("end", indent)

    def emit_loop(self):
        self.line("for (int i = 0; i < n; ++i) {", 1)
        if self.p.body_kind:
            self.line(f"acc = {self.name}_body(i, n, acc{self.sh_args()});",
                      2)
        else:
            self.iteration(2)
        self.line("}", 1)

    # --- helpers ------------------------------------------------------------
    def helper(self, kind: str, signature: str, body):
        self.line(f"{HELPER_ATTRIBUTES[kind]} {signature} {{")
        body()
        self.line("}")

    def emit_side(self):
        """A helper with its own buffer, two groups and waits for both:
        nothing of it is outstanding when it returns."""
        p, n = self.p, self.name
        self.line(f"static uint32_t {n}_side_src[2][4];")
        self.line(f"static uint32_t {n}_side_sh[2][4];")

        def body():
            self.line("for (int t = 0; t < 2; ++t) {", 1)
            self.line("for (int l = 0; l < 4; ++l)", 2)
            src = f"&{n}_side_src[(t + k) & 1][l]"
            dst = f"&{n}_side_sh[t][l]"
            if p.native:
                self.line(f"nvvm_cp_async_ca_shared_global_4({dst}, {src});",
                          3)
            else:
                self.line(f"asyncpipe_copy({dst}, {src}, 4, 0);", 3)
            self.line(self.raw_mark(), 2)
            self.line("}", 1)
            self.line("uint32_t h = (uint32_t)k;", 1)
            for t, count in ((0, "1"), (1, "0")):
                self.line(self.raw_wait(count), 1)
                self.line("for (int l = 0; l < 4; ++l)", 1)
                self.line(f"h = (h ^ {n}_side_sh[{t}][l]) * 0x01000193u;", 2)
            self.line("return h;", 1)

        self.helper(p.side_kind, f"uint32_t {n}_side(int k)", body)

    def helpers_text(self) -> List[str]:
        """Every helper, written after the kernel (which registers the wait
        counts native wait helpers need) and placed before it."""
        p, n = self.p, self.name
        kernel, self.lines = self.lines, []
        sh_params = "".join(f", uint32_t (*sh{b})[{buf.words}]"
                            for b, buf in enumerate(p.buffers))
        if p.issue_kind:
            for b, buf in enumerate(p.buffers):
                self.helper(
                    p.issue_kind,
                    f"void {n}_issue{b}(int j, uint32_t (*sh{b})"
                    f"[{buf.words}])", lambda b=b: self.raw_copies(b, "j", 1))
        if p.mark_kind:
            self.helper(p.mark_kind, f"void {n}_mark(void)",
                        lambda: self.line(self.raw_mark(), 1))
        stage = []
        if p.stage_kind:
            # Written before the wait helpers: it registers the one it calls.
            count = ", unsigned k" if p.stage_waits and not p.native else ""

            def stage_body():
                self.emit_group("j", "c", 1)
                if p.stage_waits:
                    self.wait("k" if not p.native else self.stage_count, 1)

            before, self.lines = self.lines, []
            self.helper(p.stage_kind,
                        f"void {n}_stage(int j, int c{sh_params}{count})",
                        stage_body)
            stage, self.lines = self.lines, before
        if p.wait_kind and not p.native:
            self.helper(p.wait_kind, f"void {n}_wait(unsigned k)",
                        lambda: self.line("asyncpipe_wait(k);", 1))
        for k in sorted(self.wait_helpers):
            self.helper(p.wait_kind, f"void {n}_wait{k}(void)",
                        lambda k=k: self.line(self.raw_wait(str(k)), 1))
        self.lines += stage
        if p.side_kind:
            self.emit_side()
        for d in p.decoys:
            what = "asyncpipe_mark();" if d == "mark" else "asyncpipe_wait(0);"
            self.helper(p.decoy_kind, f"void {n}_decoy_{d}(void)",
                        lambda what=what: self.line(what, 1))
        helpers, self.lines = self.lines, kernel
        return helpers

    def emit(self) -> List[str]:
        p, n = self.p, self.name
        body_lines = []
        if p.body_kind:
            # Written first: it registers the native wait helpers it calls.
            saved, self.lines = self.lines, []
            sh_params = "".join(f", uint32_t (*sh{b})[{buf.words}]"
                                for b, buf in enumerate(p.buffers))
            self.helper(p.body_kind, f"uint32_t {n}_body(int i, int n, "
                        f"uint32_t acc{sh_params})",
                        lambda: (self.iteration(1), self.line("return acc;",
                                                              1)))
            body_lines, self.lines = self.lines, saved
        self.emit_buffer_declarations(p, n)
        header = self.lines
        self.lines = []
        self.line(f"__attribute__((noinline)) static uint32_t {n}(void) {{")
        self.emit_setup()
        if p.side_kind:
            self.line("for (int w = 0; w < 8; ++w)", 1)
            self.line(f"{n}_side_src[w / 4][w % 4] = mix({p.index}u * 8u + "
                      f"7u, (uint32_t)w);", 2)
        self.emit_prologue()
        self.emit_loop()
        if p.final_wait:
            self.wait("0", 1)
        self.line("return acc;", 1)
        self.line("}")
        self.line("")
        kernel = self.lines
        self.lines = []
        helpers = self.helpers_text()
        return header + helpers + body_lines + kernel


def helper_coverage(programs: List[HelperProgram]) -> List[str]:
    """What a batch of programs with helpers exercises."""

    def kinds(role_of):
        return (role_of(p) or "none" for p in programs)

    keys = ("none",) + HELPER_KINDS
    native = [p for p in programs if p.native]
    portable = [p for p in programs if not p.native]
    lines = [tally("semantics", ("native" if p.native else "portable"
                                 for p in programs), ("portable", "native"))]
    for label, group in (("portable", portable), ("native", native)):
        for role in ("issue", "mark", "wait", "stage", "body", "side"):
            lines.append(tally(
                f"{label} {role} helper",
                (getattr(p, f"{role}_kind") or "none" for p in group), keys))
    lines += [
        tally("stage waits", (p.stage_waits for p in programs
                              if p.stage_kind), (False, True)),
        tally("side placement", (p.side_place for p in programs
                                 if p.side_kind), SIDE_PLACES),
        tally("side in branch", (p.side_branch for p in programs
                                 if p.side_kind), (False, True)),
        tally("decoys", (p.decoy_kind or "none" for p in portable),
              ("none", "noinline", "internal")),
        tally("split arms", (p.split_arms for p in programs), (False, True)),
        tally("native spelling", (
            "zero-fill" if p.zero_fill else "cg" if p.cg16 else "ca"
            for p in native), ("ca", "cg", "zero-fill")),
        tally("native wait 0", ("wait_all" if p.wait_all_zero else
                                "wait_group" for p in native),
              ("wait_group", "wait_all")),
        tally("marks", ("per-buffer" if p.mark_per_buffer else "grouped"
                        for p in programs), ("grouped", "per-buffer")),
        tally("waits", ("per-buffer" if p.wait_per_buffer else "single"
                        for p in programs), ("single", "per-buffer")),
        tally("trip", (trip_class(p) for p in programs),
              ("zero", "one", "below-stages", "at-stages", "above-stages")),
    ]
    return lines



# --- Synchronous-form loops (the pipeliner's input) ------------------------


@dataclasses.dataclass
class SyncBuffer:
    copy_bytes: int  # Bytes per lane per copy: 4, 8 or 16.
    lanes: int  # Copies per iteration.
    on_stack: bool  # A local array instead of a static one.
    lane_order: List[int]  # The order the lanes' copies are issued in.
    stride_words: int  # Source words between iterations (>= words).
    predicated: bool = False  # Copied when (i + phase) % 3 == 0.

    @property
    def words(self) -> int:
        return self.copy_bytes * self.lanes // 4


@dataclasses.dataclass
class SyncProgram:
    index: int
    buffers: List[SyncBuffer]
    mark_per_buffer: bool  # One group per buffer, or one for all.
    early_consume: bool  # Buffer 0 waited for and read before later groups.
    barrier_after_wait: bool  # __asyncpipe_rt_barrier() after the wait(0).
    barrier_after_use: bool  # ... and after the consumers.
    weighted_consumer: bool  # Conditional arithmetic instead of a hash.
    trip_count: int
    dynamic_trip: bool
    ineligible: Optional[str] = None  # Why the pipeliner must refuse it.
    negative: Optional[str] = None

    def describe(self) -> str:
        def buffer(b: SyncBuffer) -> str:
            stride = b.stride_words != b.words
            return (f"{b.copy_bytes}Bx{b.lanes}"
                    f"{' stack' if b.on_stack else ''}"
                    f"{' stride ' + str(b.stride_words) if stride else ''}"
                    f"{' predicated' if b.predicated else ''}")

        bufs = ", ".join(buffer(b) for b in self.buffers)
        return (f"sync-form, buffers [{bufs}], "
                f"marks {'per buffer' if self.mark_per_buffer else 'grouped'}"
                f"{', early consume' if self.early_consume else ''}"
                f"{', barrier after wait' if self.barrier_after_wait else ''}"
                f"{', barrier after use' if self.barrier_after_use else ''}"
                f"{', weighted' if self.weighted_consumer else ''}, "
                f"trip {self.trip_count}"
                f"{' dynamic' if self.dynamic_trip else ''}"
                f"{', INELIGIBLE ' + self.ineligible if self.ineligible else ''}"
                f"{', NEGATIVE ' + self.negative if self.negative else ''}")


def random_sync_program(rng: random.Random, index: int,
                        negative: Optional[str] = None) -> SyncProgram:
    buffers = []
    for _ in range(rng.randint(1, 4)):
        copy_bytes, lanes = rng.choice(COPY_SIZES), rng.choice(LANE_COUNTS)
        order = list(range(lanes))
        if rng.random() < 0.5:
            rng.shuffle(order)
        words = copy_bytes * lanes // 4
        buffers.append(
            SyncBuffer(copy_bytes, lanes, rng.random() < 0.3, order,
                       words + rng.choice((0, 0, 1, 3))))
    mark_per_buffer = len(buffers) > 1 and rng.random() < 0.5
    # A predicated group cannot run ahead; another group must. Its wait falls
    # back to 0, which is stronger than needed, so that wait made one weaker
    # may still be correct: negative loops have no predicated group.
    if mark_per_buffer and not negative and rng.random() < 0.3:
        rng.choice(buffers[1:]).predicated = True
    ineligible = None
    if not negative and rng.random() < 0.05:
        ineligible = "carried-read"
        buffers[0].on_stack = False  # Read before the first copy: zeros.
    trip = rng.choice([0, 1, 2, 3, 4, 5, rng.randint(6, 16)])
    if negative:
        # A wait that never runs cannot be caught; and the epilogue drain
        # once ran fewer than S iterations unpipelined, so these loops run
        # enough for every stage count tested (2..4), which keeps the
        # batches as they were (short trip counts are tested on their own:
        # clang/test/Pipeliner/short-trips-host.c).
        trip = max(trip, 5)
    # With a constant trip count of 0 or 1 the optimizer leaves no loop to
    # pipeline, so those trip counts are read at run time.
    dynamic_trip = trip <= 1 or rng.random() < 0.5
    if trip == 2 and not dynamic_trip:
        # Known limitation: at -O2 and -O3 a loop that runs exactly twice
        # loses its induction variable (i becomes a two-valued phi) before
        # the pipeliner runs, which then finds no group that can run ahead.
        if negative:
            dynamic_trip = True  # A negative loop must be pipelined.
        elif not ineligible:
            ineligible = "constant-trip-2"
    return SyncProgram(
        index=index,
        buffers=buffers,
        mark_per_buffer=mark_per_buffer,
        early_consume=mark_per_buffer and not buffers[0].predicated and
        rng.random() < 0.3,
        barrier_after_wait=rng.random() < 0.3,
        barrier_after_use=rng.random() < 0.2,
        weighted_consumer=rng.random() < 0.4,
        trip_count=trip,
        dynamic_trip=dynamic_trip,
        ineligible=ineligible,
        negative=negative)


class SyncEmitter:
    """Writes one synchronous-form loop as C."""

    def __init__(self, prog: SyncProgram):
        self.p = prog
        self.name = f"p{prog.index}"
        self.lines: List[str] = []

    def line(self, text: str, indent: int = 0):
        self.lines.append("  " * indent + text)

    def src_words(self, buf: SyncBuffer) -> int:
        return max(self.p.trip_count, 1) * buf.stride_words + buf.words

    def shared(self, b: int) -> str:
        return f"sh{b}" if self.p.buffers[b].on_stack else \
            f"{self.name}_sh{b}"

    def emit(self) -> List[str]:
        p, n = self.p, self.name
        self.line(f"/* program {p.index}: {p.describe()} */")
        for b, buf in enumerate(p.buffers):
            self.line(f"static uint32_t {n}_src{b}[{self.src_words(buf)}];")
            if not buf.on_stack:
                self.line(f"static uint32_t {n}_sh{b}[{buf.words}];")
        if p.dynamic_trip:
            self.line(f"static volatile int {n}_trip = {p.trip_count};")
        predicated = any(b.predicated for b in p.buffers)
        if predicated:
            self.line(f"static volatile int {n}_phase = {p.index % 3};")
        self.line(f"__attribute__((noinline)) static uint32_t {n}(void) {{")
        for b, buf in enumerate(p.buffers):
            self.line(f"for (int w = 0; w < {self.src_words(buf)}; ++w)", 1)
            self.line(f"{n}_src{b}[w] = mix({p.index}u * 8u + {b}u, "
                      f"(uint32_t)w);", 2)
            if buf.on_stack:
                self.line(f"uint32_t sh{b}[{buf.words}];", 1)
        trip = f"{n}_trip" if p.dynamic_trip else str(p.trip_count)
        self.line(f"const int n = {trip};", 1)
        if predicated:
            self.line(f"const int phase = {n}_phase;", 1)
        self.line(f"uint32_t acc = {0x811C9DC5 ^ p.index}u;", 1)
        self.emit_loop()
        self.line("return acc;", 1)
        self.line("}")
        self.line("")
        return self.lines

    def emit_copies(self, b: int, indent: int):
        buf = self.p.buffers[b]
        if buf.predicated:
            self.line("if ((i + phase) % 3 == 0) {", indent)
            indent += 1
        for l in buf.lane_order:
            off = l * buf.copy_bytes
            self.line(
                f"asyncpipe_copy((char *){self.shared(b)} + {off}, "
                f"(const char *){self.name}_src{b} + (size_t)i * "
                f"{buf.stride_words * 4} + {off}, {buf.copy_bytes}, 0);",
                indent)
        if buf.predicated:
            self.line("}", indent - 1)

    def emit_consume(self, b: int, indent: int):
        buf = self.p.buffers[b]
        if buf.predicated:
            # Only iterations that copied read (every second one of them),
            # under a condition of its own: with the copy's condition, jump
            # threading would duplicate the marks in between into both arms
            # (a conditional mark the pipeliner rejects, see
            # AsyncPipePipeliner.rst, Limits). The phase is read at run time
            # so that a constant trip count cannot decide the conditions.
            self.line("if ((i + phase) % 6 == 0) {", indent)
            indent += 1
        self.line(f"for (int w = 0; w < {buf.words}; ++w)", indent)
        if self.p.weighted_consumer:
            self.line(f"acc += ({self.shared(b)}[w] & 1u) ? "
                      f"{self.shared(b)}[w] * (uint32_t)(w + {b + 3}) : "
                      f"{self.shared(b)}[w] ^ acc;", indent + 1)
        else:
            self.line(f"acc = (acc ^ {self.shared(b)}[w]) * 0x01000193u;",
                      indent + 1)
        if buf.predicated:
            self.line("}", indent - 1)

    def emit_loop(self):
        p = self.p
        self.line("ASYNCPIPE_NO_UNROLL", 1)
        self.line("for (int i = 0; i < n; ++i) {", 1)
        self.line("asyncpipe_pipeline(ASYNCPIPE_STAGES);", 2)
        if p.ineligible == "carried-read":
            # Last iteration's data: the value crosses iterations.
            self.line(f"acc ^= {self.shared(0)}[0];", 2)
        consumed = []
        for b in range(len(p.buffers)):
            self.emit_copies(b, 2)
            if p.mark_per_buffer:
                self.line("asyncpipe_mark();", 2)
            if b == 0 and p.early_consume:
                self.line("asyncpipe_wait(0);", 2)
                self.emit_consume(0, 2)
                consumed.append(0)
        if not p.mark_per_buffer:
            self.line("asyncpipe_mark();", 2)
        self.line("asyncpipe_wait(0);", 2)
        if p.barrier_after_wait:
            self.line("asyncpipe_barrier();", 2)
        for b in range(len(p.buffers)):
            if b not in consumed:
                self.emit_consume(b, 2)
        if p.barrier_after_use:
            self.line("asyncpipe_barrier();", 2)
        self.line("}", 1)


SYNC_PRELUDE = PRELUDE + """\
#include "asyncpipe/pipeline_annotation.h"

/* The reference build (-DASYNCPIPE_REFERENCE, no plugin) is the synchronous
 * loop as written: no pipelining, no barrier (one work-item). */
#ifdef ASYNCPIPE_REFERENCE
#define asyncpipe_pipeline(stages) ((void)0)
#define asyncpipe_barrier() ((void)0)
#else
#ifndef ASYNCPIPE_STAGES
#error "build with -DASYNCPIPE_STAGES=S (the pipeliner's stage count)"
#endif
void __asyncpipe_rt_barrier(void);
#define asyncpipe_barrier() __asyncpipe_rt_barrier()
#endif

/* -DASYNCPIPE_STAGES=0: no request in the source; the stage count comes from
 * -mllvm -asyncpipe-pipeline-stages=S instead. Without a request nothing
 * keeps a short loop from being fully unrolled before the pipeliner runs, so
 * the loop says so itself. */
#if !defined(ASYNCPIPE_REFERENCE) && ASYNCPIPE_STAGES == 0
#define asyncpipe_pipeline(stages) ((void)0)
#define ASYNCPIPE_NO_UNROLL _Pragma("nounroll")
#else
#define ASYNCPIPE_NO_UNROLL
#endif
"""


def generate_sync_programs(seed: int, count: int, first_index: int = 0,
                           negative: Optional[str] = None
                           ) -> List[SyncProgram]:
    rng = random.Random(f"{seed}:sync:{negative or 'positive'}")
    return [
        random_sync_program(rng, first_index + k, negative)
        for k in range(count)
    ]


def sync_trip_class(trip: int, stages: int) -> str:
    if trip <= 1:
        return ("zero", "one")[trip]
    return "below" if trip < stages else "at" if trip == stages else "above"


def sync_coverage(programs: List[SyncProgram]) -> List[str]:
    """What a sync-form batch exercises, one line per dimension."""

    bufs = [b for p in programs for b in p.buffers]
    lines = [
        tally("buffers", (len(p.buffers) for p in programs), (1, 2, 3, 4)),
        tally("copy bytes", (b.copy_bytes for b in bufs), COPY_SIZES),
        tally("lanes", (b.lanes for b in bufs), LANE_COUNTS),
        tally("stack buffers", (b.on_stack for b in bufs), (False, True)),
        tally("lane order", ("shuffled" if b.lane_order != sorted(
            b.lane_order) else "in-order" for b in bufs),
              ("in-order", "shuffled")),
        tally("strided sources", (b.stride_words != b.words for b in bufs),
              (False, True)),
        tally("marks", ("per-buffer" if p.mark_per_buffer else "grouped"
                        for p in programs), ("grouped", "per-buffer")),
        tally("predicated group", (any(b.predicated for b in p.buffers)
                                   for p in programs), (False, True)),
        tally("early consume", (p.early_consume for p in programs),
              (False, True)),
        tally("barrier after wait", (p.barrier_after_wait for p in programs),
              (False, True)),
        tally("barrier after use", (p.barrier_after_use for p in programs),
              (False, True)),
        tally("consumer", ("weighted" if p.weighted_consumer else "hash"
                           for p in programs), ("hash", "weighted")),
    ]
    for s in SYNC_STAGES:
        lines.append(
            tally(f"trip vs S={s}",
                  (sync_trip_class(p.trip_count, s) for p in programs),
                  ("zero", "one", "below", "at", "above")))
    lines += [
        tally("trip source", ("dynamic" if p.dynamic_trip else "constant"
                              for p in programs), ("constant", "dynamic")),
        tally("ineligible", (p.ineligible or "no" for p in programs),
              ("no", "carried-read", "constant-trip-2")),
    ]
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--first-index", type=int, default=0)
    ap.add_argument("--negative",
                    choices=NEGATIVE_KINDS + ("mixed", SYNC_NEGATIVE))
    ap.add_argument("--sync-loops", action="store_true",
                    help="synchronous-form loops for the pipeliner")
    ap.add_argument("--helpers", action="store_true",
                    help="programs with helpers and native NVPTX spellings")
    ap.add_argument("--out", default="-")
    ap.add_argument("--coverage", action="store_true",
                    help="print what the batch exercises instead of C")
    args = ap.parse_args(argv)
    if args.negative and args.sync_loops != (args.negative == SYNC_NEGATIVE):
        ap.error(f"--negative {SYNC_NEGATIVE} goes with --sync-loops, "
                 f"the other kinds without it")
    if args.helpers and (args.sync_loops or args.negative):
        ap.error("--helpers goes with neither --sync-loops nor --negative")
    if args.helpers:
        programs = generate_helper_programs(args.seed, args.count,
                                            args.first_index)
        report = helper_coverage
    elif args.sync_loops:
        programs = generate_sync_programs(args.seed, args.count,
                                          args.first_index, args.negative)
        report = sync_coverage
    else:
        programs = generate_programs(args.seed, args.count, args.first_index,
                                     args.negative)
        report = coverage
    if args.coverage:
        print("\n".join(report(programs)))
        return 0
    text = generate_unit(programs)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)
    return 0

if __name__ == "__main__":
    sys.exit(main())
