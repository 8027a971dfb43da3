#!/usr/bin/env python3
# ===-- utils/asyncpipe_difftest.py - Differential test on the host --------===#
#
# Part of the AsyncPipe project.
#
# ===-----------------------------------------------------------------------===#
"""Differential harness for async programs on the host (DESIGN.md section 5).

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
source reuse; each must be caught by AsyncSan under the lazy policy.

Prints one summary line each for programs, policies, runs/mismatches and
negatives; exits 1 if any run mismatched, reported, failed, or a negative
program went unnoticed.
"""

import argparse
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
REPORT_LINE = re.compile(r"^==AsyncSan== (ERROR|WARNING):")


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

    # --- building -------------------------------------------------------
    def compile_reference(self, unit):
        a = self.args
        cmd = [a.clang] + shlex.split(a.cflags) + [
            "-DASYNCPIPE_REFERENCE", "-I", a.rt_include, unit.source
        ] + shlex.split(a.reference_flags) + ["-o", unit.reference_exe]
        return cmd, run_command(cmd)

    def compile_test(self, unit):
        a = self.args
        cmd = [a.clang, f"-fpass-plugin={a.plugin}"] + shlex.split(
            a.cflags) + ["-gline-tables-only", "-mllvm",
                         "-asyncpipe-sanitize"] + shlex.split(a.extra_flags) + [
                             "-I", a.rt_include, unit.source, "-o",
                             unit.test_exe
                         ] + self.rt_link
        return cmd, run_command(cmd)

    def build(self, units):
        jobs = []
        for unit in units:
            if not unit.negative:
                jobs.append((unit, self.compile_reference))
            jobs.append((unit, self.compile_test))
        ok = True
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for (unit, _), (cmd, result) in zip(
                    jobs, pool.map(lambda j: j[1](j[0]), jobs)):
                if result.returncode != 0:
                    ok = False
                    print(f"error: build failed: {shlex.join(cmd)}\n"
                          f"{result.stderr}")
        return ok

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
        for policy, seed in self.policies:
            env = self.policy_env(policy, seed, keep_going=True)
            got = run_command([unit.test_exe], env=env)
            self.runs += 1
            label = policy if seed is None else f"{policy}:{seed}"
            reports = [l for l in got.stderr.splitlines()
                       if REPORT_LINE.match(l)]
            self.reports += len(reports)
            for line in reports[:3]:
                print(f"report ({label}, {unit.source}): {line}")
            if got.returncode != 0:
                self.failed_runs.append(
                    f"{unit.test_exe} under {label}: exit {got.returncode}")
            actual = self.split_by_program(unit, got.stdout)
            for prog in unit.programs:
                if actual.get(prog) != expected.get(prog):
                    self.mismatches.append((unit, prog, label,
                                            expected.get(prog),
                                            actual.get(prog)))

    # --- negative programs ------------------------------------------------
    def check_negative(self, unit, prog):
        env = self.policy_env("lazy", None, keep_going=False)
        got = run_command([unit.test_exe, str(prog)], env=env)
        caught = got.returncode != 0 and any(
            l.startswith("==AsyncSan== ERROR:")
            for l in got.stderr.splitlines())
        return prog, caught

    def run_negatives(self, unit):
        missed = []
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for prog, caught in pool.map(
                    lambda p: self.check_negative(unit, p), unit.programs):
                if not caught:
                    missed.append(prog)
        return missed


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
    return units, negatives


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
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-unit", type=int, default=125,
                    help="generated programs per translation unit")
    ap.add_argument("--random-seeds", type=int, default=2)
    ap.add_argument("--policies", default="",
                    help="comma-separated subset of eager,lazy,random")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)

    start = time.monotonic()
    harness = Harness(args)
    units, negatives = make_units(args)
    if not harness.build(units + ([negatives] if negatives else [])):
        return 1
    for unit in units:
        harness.check_unit(unit)

    total = sum(len(u.programs) for u in units)
    generated = sum(len(u.programs) for u in units if u.generated)
    labels = [p if s is None else f"{p}:{s}" for p, s in harness.policies]
    print(f"asyncpipe-difftest: programs: {total} (generated {generated}, "
          f"corpus {total - generated}) in {len(units)} translation units")
    print(f"asyncpipe-difftest: policies: {len(labels)} ({', '.join(labels)})")
    print(f"asyncpipe-difftest: runs: {total * len(labels)}, mismatches: "
          f"{len(harness.mismatches)}, sanitizer reports: {harness.reports}, "
          f"failed runs: {len(harness.failed_runs)}")
    for unit, prog, label, want, got in harness.mismatches[:10]:
        print(f"  mismatch: {unit.source} program {prog} under {label}: "
              f"expected {want!r}, got {got!r}")
    for failure in harness.failed_runs[:10]:
        print(f"  failed: {failure}")
    ok = not (harness.mismatches or harness.reports or harness.failed_runs)

    if negatives:
        missed = harness.run_negatives(negatives)
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
    print(f"asyncpipe-difftest: {'PASS' if ok else 'FAIL'} in "
          f"{time.monotonic() - start:.1f}s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
