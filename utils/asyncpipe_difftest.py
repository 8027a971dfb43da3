#!/usr/bin/env python3
# ===-- utils/asyncpipe_difftest.py - Differential test on the host --------===#
#
# Part of the AsyncPipe project.
#
# Longer than AsyncPipe's ~500-line guideline: a test harness, not plugin
# code, whose build, run, compare and report steps form one command-line
# pipeline that lit runs directly.
#
# ===-----------------------------------------------------------------------===#
"""Differential harness for async programs on the host (llvm/docs/AsyncSan.rst).

For every program it builds
  * the reference: the same source with -DASYNCPIPE_REFERENCE (copies are
    memcpy, marks and waits do nothing; see asyncpipe_host.h) and no
    AsyncPipe plugin, plus any --reference-flags;
  * the transformed program: clang -fpass-plugin=AsyncPipe.so with AsyncSan
    (-mllvm -asyncpipe-sanitize) plus any --extra-flags (e.g. the options of
    a transform under test), linked with the host runtime;
then runs the transformed program under every completion policy (eager,
lazy, random with several seeds) and requires output bit-identical to the
reference and no AsyncSan report.

Programs come from C files given on the command line (each prints its
result on stdout; it includes asyncpipe_host.h) and from the generator
(utils/asyncpipe_gen.py, --generate N), many programs per translation unit.
Generated negative programs (--negatives N) each break one wait or one
source reuse; each must be caught by AsyncSan under the lazy policy. With
--random-detection S the harness also reports how many runs of them AsyncSan
catches under the random policy with seeds 1..S (lazy catches every one by
construction; random completes some copies before the racing access).

Sync-form loops (--sync-loops N, utils/asyncpipe_gen.py --sync-loops) prove
the loop pipeliner: each translation unit is built once as the reference and
once per stage count (--stages, default 2,3,4) with -DASYNCPIPE_STAGES=S (the
loops' one-line requests; with --stages-by-option, -mllvm
-asyncpipe-pipeline-stages=S and no request) and the pipeliner's remarks on; every loop must be reported "pipelined loop with
S stages" (a loop the generator marked intentionally ineligible must not be),
and every build runs under every policy against the reference. With
--broken-pipelining N, N more sync-form loops are built for every stage count
with -mllvm -asyncpipe-pipeline-miscount-for-testing=1 (every pipelined wait
one too weak); each must be caught by AsyncSan under the lazy policy.

Programs with helpers (--helpers N, utils/asyncpipe_gen.py --helpers) are
portable or native NVPTX (cp.async) pipelined loops whose copies, marks and
waits are partly in noinline, internal and always_inline helpers. Each
translation unit is built at every --opt-levels level (default 0,1,2,3) with
the plugin and AsyncSan; the reference of every program is its -O0 build run
under the eager policy (which must agree with the synchronous
-DASYNCPIPE_REFERENCE build), and every build must give the reference's
output under every policy with AsyncSan silent. With --broken-flags F the
optimized builds (-O1 and up) also get F, a build known to be unsound, and
the harness reports how many programs caught it (a mismatch or an AsyncSan
report); it passes only if some did.

Prints one summary line each for programs, policies, runs/mismatches and
negatives (and for sync-form loops: pipelined loops and broken pipelinings);
exits 1 if any run mismatched, reported, failed, a loop was not pipelined as
expected, or a negative program went unnoticed.
"""

import argparse
import bisect
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asyncpipe_gen  # noqa: E402

PROG_LINE = re.compile(r"^prog (\d+) ")
# Seconds a compile may take: a batch translation unit on a loaded machine
# can take minutes.
COMPILE_TIMEOUT = 900
REPORT_LINE = re.compile(r"^==AsyncSan== (ERROR|WARNING):")
PROGRAM_COMMENT = re.compile(r"^/\* program (\d+): ")
REMARK_LINE = re.compile(
    r"^(?P<file>[^:]+):(?P<line>\d+):\d+: remark: (?:pipelined loop with "
    r"(?P<stages>\d+) stages|(?P<missed>loop not pipelined: .*))")
# The pipeliner's annotation include (clang/include/asyncpipe/...).
ANNOTATION_INCLUDE = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "clang",
    "include")


class Variant:
    """One transformed build of a unit: its label (the stage count of a
    sync-form build, or empty), its own flags and its executable."""

    def __init__(self, label, flags, exe, stages=None):
        self.label = label
        self.flags = flags
        self.exe = exe
        self.stages = stages
        self.remarks = ""


class Unit:
    """One translation unit: a corpus file or a batch of generated
    programs."""

    def __init__(self, source, programs, generated, negative=False):
        self.source = source
        self.programs = programs  # Program indices (generated) or [name].
        self.generated = generated
        self.negative = negative
        base = os.path.splitext(source)[0]
        self.reference_exe = base + ".ref"
        self.test_exe = base + ".test"
        self.variants = [Variant("", [], self.test_exe)]
        self.ineligible = {}  # Sync-form program index -> why.
        self.by_level = False  # Helper programs: one build per -O level.

    def use_levels(self, levels, broken_flags=()):
        """Builds the unit once per optimization level; the optimized
        builds also get broken_flags."""
        base = os.path.splitext(self.source)[0]
        self.by_level = True
        self.variants = [
            Variant(f"O{level}", [f"-O{level}"] +
                    (list(broken_flags) if level > 0 else []),
                    f"{base}.O{level}.test") for level in levels
        ]

    def use_stages(self, stages, extra_flags=(), by_option=False):
        """Builds the unit's sync-form loops once per stage count, with the
        pipeliner's remarks. The count comes from each loop's request, or,
        by_option, from -asyncpipe-pipeline-stages with no request."""
        base = os.path.splitext(self.source)[0]
        self.variants = []
        for s in stages:
            if by_option:
                how = ["-DASYNCPIPE_STAGES=0", "-mllvm",
                       f"-asyncpipe-pipeline-stages={s}"]
            else:
                how = [f"-DASYNCPIPE_STAGES={s}"]
            flags = how + ["-I", ANNOTATION_INCLUDE,
                           "-Rpass=asyncpipe-pipeline",
                           "-Rpass-missed=asyncpipe-pipeline"]
            self.variants.append(
                Variant(f"S={s}", flags + list(extra_flags),
                        f"{base}.s{s}.test", s))

    def program_at(self):
        """Maps a source line to the generated program it belongs to."""
        starts, indices = [], []
        with open(self.source) as f:
            for number, text in enumerate(f, 1):
                m = PROGRAM_COMMENT.match(text)
                if m:
                    starts.append(number)
                    indices.append(int(m.group(1)))
        return lambda line: indices[bisect.bisect_right(starts, line) - 1]


def run_command(cmd, env=None, timeout=120):
    return subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=timeout)


class Harness:

    def __init__(self, args):
        self.args = args
        self.rt_link = shlex.split(args.rt_lib)
        self.policies = [("eager", None), ("lazy", None)]
        self.policies += [("random", args.seed * 1000 + k + 1)
                          for k in range(args.random_seeds)]
        if args.policies:
            wanted = args.policies.split(",")
            self.policies = [p for p in self.policies if p[0] in wanted]
        self.mismatches = []
        self.reports = 0
        self.failed_runs = []
        self.runs = 0
        self.unpipelined = []
        # Helper programs: (source, program) -> what went wrong, and the
        # number of AsyncSan reports in helper-program runs.
        self.helper_failures = {}
        self.helper_runs = 0
        self.helper_reports = 0
        self.reference_disagreements = []

    # --- building -------------------------------------------------------
    def compile_reference(self, unit, _variant):
        a = self.args
        cmd = [a.clang] + shlex.split(a.cflags) + [
            "-DASYNCPIPE_REFERENCE", "-I", a.rt_include, "-I",
            ANNOTATION_INCLUDE, unit.source
        ] + shlex.split(a.reference_flags) + ["-o", unit.reference_exe]
        return cmd, run_command(cmd, timeout=COMPILE_TIMEOUT)

    def compile_test(self, unit, variant):
        a = self.args
        cmd = [a.clang, f"-fpass-plugin={a.plugin}"] + shlex.split(
            a.cflags) + ["-gline-tables-only", "-mllvm",
                         "-asyncpipe-sanitize"] + shlex.split(a.extra_flags) + [
                             "-I", a.rt_include
                         ] + variant.flags + [unit.source, "-o", variant.exe
                                              ] + self.rt_link
        result = run_command(cmd, timeout=COMPILE_TIMEOUT)
        variant.remarks = result.stderr
        return cmd, result

    def build(self, units):
        jobs = []
        for unit in units:
            if not unit.negative:
                jobs.append((unit, None, self.compile_reference))
            for variant in unit.variants:
                jobs.append((unit, variant, self.compile_test))
        ok = True
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for cmd, result in pool.map(lambda j: j[2](j[0], j[1]), jobs):
                if result.returncode != 0:
                    ok = False
                    print(f"error: build failed: {shlex.join(cmd)}\n"
                          f"{result.stderr}")
        return ok

    # --- pipelining -------------------------------------------------------
    def check_pipelined(self, unit):
        """Counts, over the unit's stage-count builds, the loops pipelined
        with the requested stage count; records every loop that was not (or
        that was, though the generator made it ineligible)."""
        program_at = unit.program_at()
        pipelined = 0
        for variant in unit.variants:
            done, why_not = {}, {}
            for text in variant.remarks.splitlines():
                m = REMARK_LINE.match(text)
                if not m or os.path.abspath(m.group("file")) != \
                        os.path.abspath(unit.source):
                    continue
                prog = program_at(int(m.group("line")))
                if m.group("missed"):
                    why_not[prog] = m.group("missed")
                elif int(m.group("stages")) == variant.stages:
                    done[prog] = done.get(prog, 0) + 1
            for prog in unit.programs:
                expected = 0 if prog in unit.ineligible else 1
                if done.get(prog, 0) == expected:
                    pipelined += expected
                    continue
                what = (f"pipelined {done.get(prog, 0)} time(s), expected "
                        f"{expected}")
                if prog in unit.ineligible:
                    what += f" (intentionally ineligible: " \
                            f"{unit.ineligible[prog]})"
                elif prog in why_not:
                    what += f": {why_not[prog]}"
                self.unpipelined.append(
                    f"{unit.source} program {prog} with {variant.label}: "
                    f"{what}")
        return pipelined

    # --- differential runs ----------------------------------------------
    def policy_env(self, policy, seed, keep_going):
        env = dict(os.environ)
        env["ASYNCPIPE_POLICY"] = policy
        if seed is not None:
            env["ASYNCPIPE_SEED"] = str(seed)
        if keep_going:
            env["ASYNCPIPE_SAN_CONTINUE"] = "1"
        else:
            env.pop("ASYNCPIPE_SAN_CONTINUE", None)
        return env

    @staticmethod
    def split_by_program(unit, stdout):
        if not unit.generated:
            return {unit.programs[0]: stdout}
        by_prog = {}
        for line in stdout.splitlines():
            m = PROG_LINE.match(line)
            if m:
                by_prog[int(m.group(1))] = line
        return by_prog

    def check_unit(self, unit):
        ref = run_command([unit.reference_exe])
        if ref.returncode != 0:
            self.failed_runs.append(f"{unit.reference_exe}: exit "
                                    f"{ref.returncode}")
            return
        expected = self.split_by_program(unit, ref.stdout)
        for variant in unit.variants:
            for policy, seed in self.policies:
                label = policy if seed is None else f"{policy}:{seed}"
                if variant.label:
                    label = f"{variant.label} {label}"
                self.check_run(unit, variant, policy, seed, label, expected)

    def check_run(self, unit, variant, policy, seed, label, expected):
        env = self.policy_env(policy, seed, keep_going=True)
        got = run_command([variant.exe], env=env)
        self.runs += len(unit.programs)
        reports = [l for l in got.stderr.splitlines() if REPORT_LINE.match(l)]
        self.reports += len(reports)
        for line in reports[:3]:
            print(f"report ({label}, {unit.source}): {line}")
        if got.returncode != 0:
            self.failed_runs.append(
                f"{variant.exe} under {label}: exit {got.returncode}")
        actual = self.split_by_program(unit, got.stdout)
        for prog in unit.programs:
            if actual.get(prog) != expected.get(prog):
                self.mismatches.append((unit, prog, label, expected.get(prog),
                                        actual.get(prog)))

    # --- programs with helpers -------------------------------------------
    @staticmethod
    def split_with_reports(stdout):
        """Program lines and AsyncSan reports of a run whose stderr went to
        stdout: the runtime flushes stdout before each report, so a report
        belongs to the next program line (or to the last program)."""
        by_prog, reports, pending, last = {}, {}, 0, None
        for line in stdout.splitlines():
            m = PROG_LINE.match(line)
            if m:
                last = int(m.group(1))
                by_prog[last] = line
                if pending:
                    reports[last] = reports.get(last, 0) + pending
                    pending = 0
            elif REPORT_LINE.match(line):
                pending += 1
        if pending:
            reports[last] = reports.get(last, 0) + pending
        return by_prog, reports

    def run_merged(self, unit, exe, policy, seed):
        """Runs every program of the unit with stderr merged into stdout;
        a program that crashes (or hangs, or stops at its first AsyncSan
        error) gets a line "prog <i> crashed: ..." and the run resumes with
        the next one. Returns the merged output and the list of crashes."""
        # Stopping at the first error keeps a broken build from printing a
        # report per racing load; the resumed run attributes it.
        env = self.policy_env(policy, seed, keep_going=False)
        output, crashes, first = "", [], unit.programs[0]
        while True:
            try:
                got = subprocess.run([exe, str(first)], env=env,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True,
                                     errors="replace", timeout=120)
                text, status = got.stdout, got.returncode
            except subprocess.TimeoutExpired as e:
                text, status = e.stdout or "", "timeout"
                if isinstance(text, bytes):
                    text = text.decode(errors="replace")
            output += text
            done = [int(m.group(1)) for m in map(PROG_LINE.match,
                                                 text.splitlines()) if m]
            if status == 0:
                return output, crashes
            # The program after the last one that printed did not finish.
            at = unit.programs.index(done[-1]) + 1 if done else \
                unit.programs.index(first)
            if at >= len(unit.programs):
                crashes.append(f"exit {status} after the last program")
                return output, crashes
            crashed = unit.programs[at]
            crashes.append(f"program {crashed}: exit {status}")
            output += f"prog {crashed} crashed: exit {status}\n"
            if at + 1 >= len(unit.programs):
                return output, crashes
            first = unit.programs[at + 1]

    def fail_helper(self, unit, prog, what):
        self.helper_failures.setdefault((unit.source, prog), []).append(what)

    def check_helper_unit(self, unit):
        """Runs every level's build under every policy against the -O0
        build under eager."""
        reference = unit.variants[0]
        out, crashes = self.run_merged(unit, reference.exe, "eager", None)
        expected, _ = self.split_with_reports(out)
        for text in crashes:
            self.failed_runs.append(f"{reference.exe} (the reference): "
                                    f"{text}")
        sync = run_command([unit.reference_exe])
        sync_out = self.split_by_program(unit, sync.stdout)
        for prog in unit.programs:
            if sync_out.get(prog) != expected.get(prog):
                self.reference_disagreements.append(
                    f"{unit.source} program {prog}: -O0 under eager gives "
                    f"{expected.get(prog)!r}, the synchronous reference "
                    f"{sync_out.get(prog)!r}")
        jobs = [(variant, policy, seed) for variant in unit.variants
                for policy, seed in self.policies]
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            results = list(pool.map(
                lambda j: self.run_merged(unit, j[0].exe, j[1], j[2]), jobs))
        for (variant, policy, seed), (out, crashes) in zip(jobs, results):
            label = policy if seed is None else f"{policy}:{seed}"
            label = f"{variant.label} {label}"
            self.helper_runs += len(unit.programs)
            actual, reports = self.split_with_reports(out)
            self.helper_reports += sum(reports.values())
            if not self.args.broken_flags:
                self.failed_runs += [f"{variant.exe} under {label}: {c}"
                                     for c in crashes]
            for prog in unit.programs:
                if actual.get(prog) != expected.get(prog):
                    self.fail_helper(unit, prog, f"mismatch under {label}")
                if reports.get(prog):
                    self.fail_helper(
                        unit, prog, f"{reports[prog]} AsyncSan "
                        f"report(s) under {label}")

    # --- negative programs ------------------------------------------------
    def check_negative(self, variant, prog, policy="lazy", seed=None):
        env = self.policy_env(policy, seed, keep_going=False)
        got = run_command([variant.exe, str(prog)], env=env)
        caught = got.returncode != 0 and any(
            l.startswith("==AsyncSan== ERROR:")
            for l in got.stderr.splitlines())
        return variant, prog, caught

    def run_negatives(self, unit):
        """The (variant, program) pairs AsyncSan missed under lazy."""
        missed = []
        jobs = [(v, p) for v in unit.variants for p in unit.programs]
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for variant, prog, caught in pool.map(
                    lambda j: self.check_negative(*j), jobs):
                if not caught:
                    missed.append((variant, prog))
        return missed

    def random_detection(self, unit, seeds):
        """How many runs of each negative program AsyncSan caught under the
        random policy, seeds 1..seeds: {program: caught runs}."""
        jobs = [(v, p, s) for v in unit.variants for p in unit.programs
                for s in range(1, seeds + 1)]
        caught = {p: 0 for p in unit.programs}
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for _, prog, hit in pool.map(
                    lambda j: self.check_negative(j[0], j[1], "random", j[2]),
                    jobs):
                caught[prog] += hit
        return caught


def make_units(args):
    os.makedirs(args.work, exist_ok=True)
    units = []
    for path in args.corpus:
        name = os.path.splitext(os.path.basename(path))[0]
        copy = os.path.join(args.work, f"corpus-{name}.c")
        with open(path) as src, open(copy, "w") as dst:
            dst.write(src.read())
        units.append(Unit(copy, [name], generated=False))
    programs = asyncpipe_gen.generate_programs(args.seed, args.generate)
    for start in range(0, len(programs), args.per_unit):
        batch = programs[start:start + args.per_unit]
        path = os.path.join(args.work, f"generated-{start // args.per_unit}.c")
        with open(path, "w") as f:
            f.write(asyncpipe_gen.generate_unit(batch))
        units.append(Unit(path, [p.index for p in batch], generated=True))
    helper_programs = asyncpipe_gen.generate_helper_programs(
        args.seed, args.helpers, first_index=len(programs))
    broken = shlex.split(args.broken_flags)
    for start in range(0, len(helper_programs), args.per_unit):
        batch = helper_programs[start:start + args.per_unit]
        path = os.path.join(args.work, f"helpers-{start // args.per_unit}.c")
        with open(path, "w") as f:
            f.write(asyncpipe_gen.generate_unit(batch))
        unit = Unit(path, [p.index for p in batch], generated=True)
        unit.use_levels(args.opt_levels, broken)
        unit.native = {p.index for p in batch if p.native}
        units.append(unit)
    sync_programs = asyncpipe_gen.generate_sync_programs(
        args.seed, args.sync_loops,
        first_index=len(programs) + len(helper_programs))
    for start in range(0, len(sync_programs), args.per_unit):
        batch = sync_programs[start:start + args.per_unit]
        path = os.path.join(args.work, f"sync-{start // args.per_unit}.c")
        with open(path, "w") as f:
            f.write(asyncpipe_gen.generate_unit(batch))
        unit = Unit(path, [p.index for p in batch], generated=True)
        unit.use_stages(args.stages, by_option=args.stages_by_option)
        unit.ineligible = {p.index: p.ineligible for p in batch
                           if p.ineligible}
        units.append(unit)
    negatives = None
    if args.negatives:
        batch = asyncpipe_gen.generate_programs(args.seed, args.negatives,
                                                negative="mixed")
        path = os.path.join(args.work, "negative.c")
        with open(path, "w") as f:
            f.write(asyncpipe_gen.generate_unit(batch))
        negatives = Unit(path, [p.index for p in batch], generated=True,
                         negative=True)
        negatives.kinds = {p.index: p.negative for p in batch}
    broken = None
    if args.broken_pipelining:
        batch = asyncpipe_gen.generate_sync_programs(
            args.seed, args.broken_pipelining,
            negative=asyncpipe_gen.SYNC_NEGATIVE)
        path = os.path.join(args.work, "broken-pipelining.c")
        with open(path, "w") as f:
            f.write(asyncpipe_gen.generate_unit(batch))
        broken = Unit(path, [p.index for p in batch], generated=True,
                      negative=True)
        broken.use_stages(args.stages, [
            "-mllvm", "-asyncpipe-pipeline-miscount-for-testing=1"
        ], by_option=args.stages_by_option)
    return units, negatives, broken


def stage_list(text):
    stages = [int(s) for s in text.split(",")]
    if any(s < 2 or s > 16 for s in stages):
        raise argparse.ArgumentTypeError("stage counts go from 2 to 16")
    return stages


def report_helpers(args, harness, units):
    """Prints the helper programs' summary; returns True if they passed
    (or, with --broken-flags, if the broken build was caught)."""
    programs = sum(len(u.programs) for u in units)
    native = sum(len(u.native) for u in units)
    failed = harness.helper_failures
    caught_native = sum(1 for (src, prog) in failed for u in units
                        if u.source == src and prog in u.native)
    levels = ", ".join(f"-O{l}" for l in args.opt_levels)
    print(f"asyncpipe-difftest: programs with helpers: {programs} (portable "
          f"{programs - native}, native {native}) in {len(units)} translation "
          f"units x levels {len(args.opt_levels)} ({levels}) x policies "
          f"{len(harness.policies)}")
    disagree = harness.reference_disagreements
    by_level = []
    for level in args.opt_levels:
        tag = f"under O{level} "
        count = sum(1 for what in failed.values()
                    if any(tag in w for w in what))
        by_level.append(f"-O{level} {count}")
    level_text = ", ".join(by_level)
    for text in disagree[:10]:
        print(f"  reference disagrees: {text}")
    if args.broken_flags:
        print(f"asyncpipe-difftest: broken build ({args.broken_flags}): "
              f"caught by {len(failed)} of {programs} programs (portable "
              f"{len(failed) - caught_native}, native {caught_native}), "
              f"AsyncSan reports: {harness.helper_reports}, reference "
              f"disagreements: {len(disagree)}")
        print(f"asyncpipe-difftest: programs catching it by level: "
              f"{level_text}")
        for (src, prog), what in sorted(failed.items())[:10]:
            print(f"  caught: {src} program {prog}: {what[0]}"
                  f"{f' (+{len(what) - 1} more)' if len(what) > 1 else ''}")
        return bool(failed) and not disagree
    mismatched = sum(1 for what in failed.values()
                     if any(w.startswith("mismatch") for w in what))
    print(f"asyncpipe-difftest: helper runs: {harness.helper_runs}, "
          f"mismatched programs: {mismatched}, AsyncSan reports: "
          f"{harness.helper_reports}, failing programs: {len(failed)} "
          f"(portable {len(failed) - caught_native}, native "
          f"{caught_native}), reference disagreements: {len(disagree)}")
    print(f"asyncpipe-difftest: failing programs by level: {level_text}")
    for (src, prog), what in sorted(failed.items())[:10]:
        print(f"  failing: {src} program {prog}: {what[0]}"
              f"{f' (+{len(what) - 1} more)' if len(what) > 1 else ''}")
    return not failed and not disagree


def level_list(text):
    levels = [int(s) for s in text.split(",")]
    if levels[0] != 0 or any(l < 0 or l > 3 for l in levels):
        raise argparse.ArgumentTypeError(
            "levels go from 0 to 3, and the first (the reference) is 0")
    return levels


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="*", help="C programs to check")
    ap.add_argument("--plugin", required=True, help="path of AsyncPipe.so")
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--rt-include", required=True,
                    help="directory of asyncpipe_host.h / asyncpipe_rt.h")
    ap.add_argument("--rt-lib", required=True,
                    help="link arguments of the host runtime")
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--cflags", default="-O1")
    ap.add_argument("--extra-flags", default="",
                    help="more flags (or sources) for the transformed build "
                    "only, e.g. the options of a transform under test")
    ap.add_argument("--reference-flags", default="",
                    help="more flags (or sources) for the reference build "
                    "only, e.g. a synchronous definition of the calls")
    ap.add_argument("--generate", type=int, default=0,
                    help="number of generated programs")
    ap.add_argument("--negatives", type=int, default=0,
                    help="number of generated negative programs")
    ap.add_argument("--sync-loops", type=int, default=0,
                    help="number of generated synchronous-form loops, each "
                    "pipelined for every --stages")
    ap.add_argument("--stages", type=stage_list, default=[2, 3, 4],
                    help="stage counts of the sync-form builds (default "
                    "2,3,4)")
    ap.add_argument("--stages-by-option", action="store_true",
                    help="compile the loops' requests away and give the "
                    "stage count with -mllvm -asyncpipe-pipeline-stages")
    ap.add_argument("--broken-pipelining", type=int, default=0,
                    help="number of sync-form loops pipelined with every "
                    "wait one too weak, each of which must be caught")
    ap.add_argument("--helpers", type=int, default=0,
                    help="number of generated programs with helpers and "
                    "native NVPTX spellings, each built at every "
                    "--opt-levels level against its -O0 build")
    ap.add_argument("--opt-levels", type=level_list, default=[0, 1, 2, 3],
                    help="optimization levels of the helper programs' builds "
                    "(default 0,1,2,3; the first is the reference)")
    ap.add_argument("--broken-flags", default="",
                    help="flags that make the optimized builds of the helper "
                    "programs unsound; the batch must catch them")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-unit", type=int, default=125,
                    help="generated programs per translation unit")
    ap.add_argument("--random-seeds", type=int, default=2)
    ap.add_argument("--random-detection", type=int, default=0,
                    metavar="SEEDS",
                    help="also run every negative program under the random "
                    "policy with seeds 1..SEEDS and report how many runs "
                    "AsyncSan caught (a measure; never a failure)")
    ap.add_argument("--policies", default="",
                    help="comma-separated subset of eager,lazy,random")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)

    start = time.monotonic()
    harness = Harness(args)
    units, negatives, broken = make_units(args)
    extra_units = [u for u in (negatives, broken) if u]
    if not harness.build(units + extra_units):
        return 1
    sync_units = [u for u in units if u.variants[0].stages]
    pipelined = sum(harness.check_pipelined(u) for u in sync_units)
    for unit in units:
        if unit.by_level:
            harness.check_helper_unit(unit)
        else:
            harness.check_unit(unit)
    helper_units = [u for u in units if u.by_level]
    units = [u for u in units if not u.by_level]

    total = sum(len(u.programs) for u in units)
    generated = sum(len(u.programs) for u in units if u.generated)
    labels = [p if s is None else f"{p}:{s}" for p, s in harness.policies]
    print(f"asyncpipe-difftest: programs: {total} (generated {generated}, "
          f"corpus {total - generated}) in {len(units)} translation units")
    print(f"asyncpipe-difftest: policies: {len(labels)} ({', '.join(labels)})")
    print(f"asyncpipe-difftest: runs: {harness.runs}, mismatches: "
          f"{len(harness.mismatches)}, sanitizer reports: {harness.reports}, "
          f"failed runs: {len(harness.failed_runs)}")
    if sync_units:
        loops = sum(len(u.programs) for u in sync_units)
        ineligible = sum(len(u.ineligible) for u in sync_units)
        stages = ", ".join(str(s) for s in args.stages)
        builds = loops * len(args.stages)
        print(f"asyncpipe-difftest: sync-form loops: {loops} (intentionally "
              f"ineligible {ineligible}) x stages {len(args.stages)} "
              f"({stages}) x policies {len(labels)}: pipelined "
              f"{pipelined} of {builds - ineligible * len(args.stages)} "
              f"loop builds, not as expected: {len(harness.unpipelined)}")
    for text in harness.unpipelined[:10]:
        print(f"  not pipelined as expected: {text}")
    for unit, prog, label, want, got in harness.mismatches[:10]:
        print(f"  mismatch: {unit.source} program {prog} under {label}: "
              f"expected {want!r}, got {got!r}")
    for failure in harness.failed_runs[:10]:
        print(f"  failed: {failure}")
    ok = not (harness.mismatches or harness.reports or harness.failed_runs or
              harness.unpipelined)
    if helper_units:
        ok = report_helpers(args, harness, helper_units) and ok

    if negatives:
        missed = [prog for _, prog in harness.run_negatives(negatives)]
        kinds = {}
        for kind in negatives.kinds.values():
            kinds[kind] = kinds.get(kind, 0) + 1
        kind_text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        print(f"asyncpipe-difftest: negative programs: "
              f"{len(negatives.programs)} ({kind_text}), caught under lazy: "
              f"{len(negatives.programs) - len(missed)}, missed: "
              f"{len(missed)}")
        for prog in missed[:10]:
            print(f"  missed: {negatives.source} program {prog} "
                  f"({negatives.kinds[prog]}): ASYNCPIPE_POLICY=lazy "
                  f"{negatives.test_exe} {prog}")
        ok = ok and not missed
        if args.random_detection:
            seeds = args.random_detection
            caught = harness.random_detection(negatives, seeds)
            runs = len(negatives.variants) * len(caught) * seeds
            hits = sum(caught.values())
            never = [p for p, c in caught.items() if c == 0]
            print(f"asyncpipe-difftest: negative programs under random "
                  f"(seeds 1-{seeds}): caught in {hits} of {runs} runs "
                  f"({100.0 * hits / runs:.1f}%), by some seed: "
                  f"{len(caught) - len(never)} of {len(caught)}")
            for prog in never[:10]:
                print(f"  never caught under random: {negatives.source} "
                      f"program {prog} ({negatives.kinds[prog]})")
    if broken:
        # Every loop must still be pipelined, or the wrong waits never ran.
        before = len(harness.unpipelined)
        harness.check_pipelined(broken)
        missed = harness.run_negatives(broken)
        builds = len(broken.programs) * len(broken.variants)
        print(f"asyncpipe-difftest: broken pipelining (every pipelined wait "
              f"one too weak): {len(broken.programs)} loops x stages "
              f"{len(broken.variants)}, caught under lazy: "
              f"{builds - len(missed)}, missed: {len(missed)}, not "
              f"pipelined: {len(harness.unpipelined) - before}")
        for text in harness.unpipelined[before:before + 10]:
            print(f"  not pipelined as expected: {text}")
        for variant, prog in missed[:10]:
            print(f"  missed: {broken.source} program {prog} with "
                  f"{variant.label}: ASYNCPIPE_POLICY=lazy {variant.exe} "
                  f"{prog}")
        ok = ok and not missed and len(harness.unpipelined) == before
    print(f"asyncpipe-difftest: {'PASS' if ok else 'FAIL'} in "
          f"{time.monotonic() - start:.1f}s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
