#!/usr/bin/env python3
# ===-- utils/asyncpipe_race_batch.py - The race warning vs AsyncSan -------===#
#
# Part of the AsyncPipe project.
#
# ===-----------------------------------------------------------------------===#
"""Measures the compile-time race warning (asyncpipe-race-check,
llvm/docs/AsyncPipeRaces.rst) against AsyncSan on generated programs.

Weak-wait programs (utils/asyncpipe_gen.py --negative weak-wait: one wait
count one group too weak) are compiled the way a user would, with the
plugin at -O2 -g, and the warnings collected; each is also built with
AsyncSan and with its loops announcing every iteration (the generator's
iteration probe, which keeps every line where it is) and run under the lazy
policy with ASYNCPIPE_SAN_CONTINUE=1, so that every racing access is
reported with the iteration of each loop it is in. A warning is confirmed
when the run of its program has a report of the warning's kind
(read-after-async-write for a load, write-after-async-write for a store
into the copy's destination, async-source-overwrite for a store into its
source) at the warning's line and column, with the copy issued at the line
the warning names, in the iteration the warning names of the loop it names.

Correct programs (the generator's positives, and its programs with helpers:
copies, marks and waits partly in noinline, internal and always_inline
helpers, portable or native cp.async) are compiled the same way and must get
no warning.

Prints:
    asyncpipe-race-batch: weak-wait programs: N in U translation units
    asyncpipe-race-batch: flagged by AsyncSan (lazy): F
    asyncpipe-race-batch: warned: W, warned and flagged: B (P% of flagged)
    asyncpipe-race-batch: warnings: T, confirmed: C, not confirmed: X
    asyncpipe-race-batch: correct programs: Q (H with helpers), warnings: 0
and exits 1 if a warning is not confirmed, a correct program is warned
about, or fewer than --min-rate percent of the flagged programs are warned.
"""

import argparse
import bisect
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asyncpipe_gen  # noqa: E402

COMPILE_TIMEOUT = 900
RUN_TIMEOUT = 120
WARNING = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): "
                     r"warning: (?P<text>.*)$")
COPY_LINE = re.compile(r"async copy at line (\d+)")
LOOP_ITERATION = re.compile(
    r": in iteration (\d+) of the loop at line (\d+) \(counting from 0\)")
TRIP_COUNT = re.compile(r"\(counting from 0\) on a run where it iterates "
                        r"(\d+) times")
NO_LINE = "has no line of its own"
REPORT = re.compile(r"^==AsyncSan== ERROR: (?P<kind>[a-z-]+): .* at "
                    r"(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+) in ")
ISSUED = re.compile(r"^==AsyncSan==   the (?:async )?(?:copy|store) .* was "
                    r"issued at [^:\s]+:(\d+):\d+ ")
PROBE = re.compile(r"^==iteration== (\d+) (-?\d+)$")
PROGRAM_COMMENT = re.compile(r"^/\* program (\d+): ")


class Warning:
    """One warning as the user sees it, and what it claims."""

    def __init__(self, line, col, text):
        self.line = line
        self.col = col
        self.text = text
        # Where the optimizer left the access no line, the warning stands at
        # the wait or the copy and names the copy's line.
        self.at_access = NO_LINE not in text
        if "overwrites" in text and "source" in text:
            self.kind = "async-source-overwrite"
        elif text.startswith("this store") or "later store" in text:
            self.kind = "write-after-async-write"
        else:
            self.kind = "read-after-async-write"
        m = COPY_LINE.search(text)
        self.copy_line = int(m.group(1)) if m else None
        m = LOOP_ITERATION.search(text)
        self.iteration = (int(m.group(2)), int(m.group(1))) if m else None
        # The trip count of the run the warning is claimed for, where it
        # depends on one (a trip count read at run time).
        m = TRIP_COUNT.search(text)
        self.trip = int(m.group(1)) if m else None


class Report:
    """One AsyncSan error: its kind, the access's line and column, the
    copy's line, and the iteration each probed loop was in."""

    def __init__(self, kind, line, col, iterations):
        self.kind = kind
        self.line = line
        self.col = col
        self.copy_line = None
        self.iterations = dict(iterations)

    def confirms(self, w):
        if (self.kind, self.copy_line) != (w.kind, w.copy_line):
            return False
        if w.at_access and (self.line, self.col) != (w.line, w.col):
            return False
        if w.iteration is None:
            return True
        loop_line, iteration = w.iteration
        return self.iterations.get(loop_line) == iteration


def parse_run(stderr, source):
    """The reports of one probed run, in order."""
    reports, iterations, base = [], {}, os.path.basename(source)
    for text in stderr.splitlines():
        m = PROBE.match(text)
        if m:
            iterations[int(m.group(1))] = int(m.group(2))
            continue
        m = REPORT.match(text)
        if m:
            if m.group("file") != "<unknown file>" and \
                    os.path.basename(m.group("file")) != base:
                continue
            reports.append(
                Report(m.group("kind"), int(m.group("line")),
                       int(m.group("col")), iterations))
            continue
        m = ISSUED.match(text)
        if m and reports and reports[-1].copy_line is None:
            reports[-1].copy_line = int(m.group(1))
    return reports


def run(cmd, env=None, timeout=RUN_TIMEOUT):
    try:
        return subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, "timeout", e.stdout or "",
                                           e.stderr or "")


class Unit:
    """A translation unit of generated programs."""

    def __init__(self, path, programs):
        self.path = path
        self.programs = programs
        self.exe = os.path.splitext(path)[0] + ".san"
        starts, indices = [], []
        with open(path) as f:
            for number, text in enumerate(f, 1):
                m = PROGRAM_COMMENT.match(text)
                if m:
                    starts.append(number)
                    indices.append(int(m.group(1)))
        self.program_at = \
            lambda line: indices[bisect.bisect_right(starts, line) - 1]


class Batch:

    def __init__(self, args):
        self.args = args
        self.plugin = [args.clang, f"-fpass-plugin={args.plugin}"] + \
            shlex.split(args.cflags) + ["-I", args.rt_include]

    def warnings(self, unit):
        """{program: [Warning]} of the unit's warning build."""
        got = run(self.plugin + ["-c", unit.path, "-o", os.devnull],
                  timeout=COMPILE_TIMEOUT)
        if got.returncode != 0:
            sys.exit(f"error: compile failed: {unit.path}\n{got.stderr}")
        found = {}
        for text in got.stderr.splitlines():
            m = WARNING.match(text)
            if not m or os.path.abspath(m.group("file")) != \
                    os.path.abspath(unit.path):
                continue
            line = int(m.group("line"))
            found.setdefault(unit.program_at(line), []).append(
                Warning(line, int(m.group("col")), m.group("text")))
        return found

    def build_probed(self, unit):
        cmd = self.plugin + [
            "-DASYNCPIPE_PROBE", "-mllvm", "-asyncpipe-sanitize", "-mllvm",
            "-asyncpipe-warn-async-race=false", unit.path, "-o", unit.exe
        ] + shlex.split(self.args.rt_lib)
        got = run(cmd, timeout=COMPILE_TIMEOUT)
        if got.returncode != 0:
            sys.exit(f"error: build failed: {shlex.join(cmd)}\n{got.stderr}")

    def reports(self, unit, prog, trip=None):
        """The reports of a probed run of prog under lazy; with trip, of a
        run driven to that trip count."""
        env = dict(os.environ, ASYNCPIPE_POLICY="lazy",
                   ASYNCPIPE_SAN_CONTINUE="1")
        env.pop("ASYNCPIPE_TRIP", None)
        if trip is not None:
            env["ASYNCPIPE_TRIP"] = str(trip)
        got = run([unit.exe, str(prog)], env=env)
        return (prog, trip), parse_run(got.stderr, unit.path)


def unit_of_program(units, prog):
    return next(u for u in units if prog in u.programs)


def write_units(args, programs, name):
    units = []
    for start in range(0, len(programs), args.per_unit):
        batch = programs[start:start + args.per_unit]
        path = os.path.join(args.work, f"{name}-{start // args.per_unit}.c")
        with open(path, "w") as f:
            f.write(asyncpipe_gen.generate_unit(batch, iteration_probe=True))
        units.append(Unit(path, [p.index for p in batch]))
    return units


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin", required=True, help="path of AsyncPipe.so")
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--rt-include", required=True,
                    help="directory of asyncpipe_host.h")
    ap.add_argument("--rt-lib", required=True,
                    help="link arguments of the host runtime")
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--cflags", default="-O2 -g")
    ap.add_argument("--negatives", type=int, default=300,
                    help="weak-wait programs")
    ap.add_argument("--positives", type=int, default=300,
                    help="correct programs")
    ap.add_argument("--helper-positives", type=int, default=100,
                    help="correct programs with helpers")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-unit", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-rate", type=float, default=0.0,
                    help="percent of the flagged programs that must be "
                    "warned about")
    ap.add_argument("--list-missed", action="store_true",
                    help="describe each flagged program with no warning")
    args = ap.parse_args(argv)
    os.makedirs(args.work, exist_ok=True)

    negatives = asyncpipe_gen.generate_programs(args.seed, args.negatives,
                                                negative="weak-wait")
    positives = asyncpipe_gen.generate_programs(args.seed, args.positives,
                                                first_index=args.negatives)
    helpers = asyncpipe_gen.generate_helper_programs(
        args.seed, args.helper_positives,
        first_index=args.negatives + args.positives)
    neg_units = write_units(args, negatives, "weak-wait")
    pos_units = write_units(args, positives, "correct") + write_units(
        args, helpers, "helpers")
    batch = Batch(args)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        warned = {}
        for found in pool.map(batch.warnings, neg_units):
            warned.update(found)
        positive_warnings = {}
        for found in pool.map(batch.warnings, pos_units):
            positive_warnings.update(found)
        list(pool.map(batch.build_probed, neg_units))
        # Every program as generated; and driven to each trip count a
        # warning about it needs, where its trip count is read at run time.
        dynamic = {p.index for p in negatives if p.dynamic_trip}
        jobs = [(u, p, None) for u in neg_units for p in u.programs]
        jobs += sorted({(unit_of_program(neg_units, p), p, w.trip)
                        for p, found in warned.items() for w in found
                        if w.trip is not None and p in dynamic},
                       key=lambda j: (j[1], j[2]))
        reports = dict(pool.map(lambda j: batch.reports(*j), jobs))
    unit_of = {p: u for u in neg_units for p in u.programs}

    flagged = {p for (p, trip), r in reports.items() if r and trip is None}
    both = flagged & set(warned)
    total = sum(len(w) for w in warned.values())
    unconfirmed = []
    for prog, found in sorted(warned.items()):
        for w in found:
            if not any(r.confirms(w) for r in reports.get((prog, w.trip), ())):
                unconfirmed.append((prog, w))
    rate = 100.0 * len(both) / len(flagged) if flagged else 100.0
    print(f"asyncpipe-race-batch: weak-wait programs: {len(negatives)} in "
          f"{len(neg_units)} translation units")
    print(f"asyncpipe-race-batch: flagged by AsyncSan (lazy): {len(flagged)}")
    print(f"asyncpipe-race-batch: warned: {len(warned)}, warned and flagged: "
          f"{len(both)} ({rate:.1f}% of flagged)")
    print(f"asyncpipe-race-batch: warnings: {total}, confirmed: "
          f"{total - len(unconfirmed)}, not confirmed: {len(unconfirmed)}")
    print(f"asyncpipe-race-batch: correct programs: "
          f"{len(positives) + len(helpers)} ({len(helpers)} with helpers), "
          f"warnings: {sum(len(w) for w in positive_warnings.values())}")
    for prog, w in unconfirmed:
        print(f"  not confirmed: {unit_of[prog].path}:{w.line}:{w.col} "
              f"(program {prog}): {w.text}")
    for prog, found in sorted(positive_warnings.items()):
        for w in found:
            print(f"  correct program {prog} warned at line {w.line}: "
                  f"{w.text}")
    if args.list_missed:
        described = {p.index: p.describe() for p in negatives}
        for prog in sorted(flagged - set(warned)):
            print(f"  missed: program {prog}: {described[prog]}")
    ok = not unconfirmed and not positive_warnings and rate >= args.min_rate
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
