#!/usr/bin/env python3
# ===-- bench/compile_time.py - The plugin's share of compile time ---------===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Generates gfx942 kernels of about 1k, 10k and 100k IR instructions with 10
to 10,000 marks (async LDS DMA, global loads, arithmetic, marks, and every
fourth block a wait for up to 64 marks, in a chain of branch diamonds),
kernels of 10k instructions whose marks sit in loop nests 1 to 64 deep, and
the 64-deep nest at 1k and 100k instructions too. Last, the loop pipeliner
alone on one function of 250, 1,000 and 4,000 pipelined loops one after the
other.

For every kernel it measures the passes that ask the mark analysis
(asyncpipe-elim, asyncpipe-lower) run alone, best of five runs, next to
LLVM's verifier in the same run (one walk over every instruction: the cost
of touching the code, which itself grows faster than linearly once the
kernel leaves the caches), and the analysis' transfer steps
(-asyncpipe-mark-analysis-stats, exact). For the kernels up to 10k
instructions (all of them with --full) it also compiles with `opt -O2` and
`llc -O2` with the plugin and -time-passes and prints the share of the time
spent in AsyncPipe's passes and analyses. Along each series of the same
mark density (10, 100, 1,000 or 10,000 marks; one mark per 100
instructions; one per 10) linear growth keeps the steps per instruction and
the time per 1,000 instructions flat; the summary gives, per series, the
ratio of the 100k kernel's figures to the 10k kernel's. Times are CPU
seconds (user + system).

  compile_time.py [--plugin build/lib/AsyncPipe.so] [--quick] [--full]
                  [--pipeliner-only]
--quick leaves out the 100k-instruction kernels and the 4,000 loops; --full
also compiles the 100k kernels with opt -O2 and llc -O2 (minutes: stock LLVM
itself is slow on them); --pipeliner-only runs the pipeliner's series alone.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

BIN = "/usr/lib/llvm-22/bin"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OURS = re.compile(r"Async|asyncpipe", re.IGNORECASE)
# Series over 1k, 10k and 100k instructions: a fixed number of marks (where
# they fit: at most one per 10 instructions), one mark per 100 instructions,
# one per 10.
FIXED = [10, 100, 1000, 10000]
DENSE = [100, 10]
SIZES = [1000, 10000, 100000]
NESTS = [1, 4, 16, 64]
# The 100k kernel of one mark per 10 instructions, also as this many
# kernels of 10k in one module.
SPLIT_PARTS = 10
# Functions of this many pipelined loops one after the other (the
# generator of llvm/test/Transforms/AsyncPipe/asyncpipe-pipeline-linear.test).
PIPELINED = [250, 1000, 4000]
PIPELINED_LOOPS = os.path.join(ROOT, "llvm", "test", "Transforms", "AsyncPipe",
                               "Inputs", "pipelined-loops.py")
# Runs of the passes alone, the fastest taken: the 100k kernels leave the
# caches, and a busy machine evicts them more in some runs than in others.
RUNS = 5


def header():
    return [
        "@lds = internal addrspace(3) global [4096 x i32] poison",
        "declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), "
        "ptr addrspace(3), i32, i32, i32)",
        "declare void @llvm.amdgcn.asyncmark()",
        "declare void @llvm.amdgcn.wait.asyncmark(i16)",
        "define amdgpu_kernel void @bench(ptr addrspace(1) %g, "
        "ptr addrspace(1) %out, i32 %sel, i32 %n) {",
        "entry:",
    ]


def straight(rng, prefix, count, acc):
    """count instructions of copies, loads and arithmetic; returns (lines,
    new accumulator)."""
    body = []
    for i in range(count):
        kind = rng.random()
        name = "%%%s_%d" % (prefix, i)
        if kind < 0.1:
            body.append(
                "  call void @llvm.amdgcn.global.load.async.lds(ptr "
                "addrspace(1) %%g, ptr addrspace(3) @lds, i32 4, i32 %d, "
                "i32 0)" % (rng.randrange(0, 4096) * 4 % 65536))
        elif kind < 0.3:
            body.append("  %s.p = getelementptr i32, ptr addrspace(1) %%g, "
                        "i32 %d" % (name, rng.randrange(0, 1 << 16)))
            body.append("  %s = load i32, ptr addrspace(1) %s.p" % (name, name))
            body.append("  %s.s = add i32 %s, %s" % (name, acc, name))
            acc = name + ".s"
        else:
            body.append("  %s = mul i32 %s, %d" % (name, acc,
                                                   rng.randrange(3, 99)))
            acc = name
    return body, acc


def flat_kernel(instructions, marks, seed=1):
    """A chain of `marks` diamonds, each with a share of the instructions, a
    mark, and every fourth a wait for a random depth."""
    rng = random.Random(seed)
    lines = header() + ["  br label %b0"]
    per_block = max(instructions // marks - 5, 1)
    acc = "0"
    for b in range(marks):
        lines.append("b%d:" % b)
        body, acc = straight(rng, "v%d" % b, per_block, acc)
        lines += body
        lines.append("  call void @llvm.amdgcn.asyncmark()")
        if b % 4 == 3:
            lines.append("  call void @llvm.amdgcn.wait.asyncmark(i16 %d)" %
                         rng.randrange(0, min(b, 64) + 1))
        nxt = "b%d" % (b + 1) if b + 1 < marks else "exit"
        lines.append("  %%c%d = icmp eq i32 %%sel, %d" % (b, b))
        lines.append("  br i1 %%c%d, label %%s%d, label %%%s" % (b, b, nxt))
        lines.append("s%d:" % b)
        lines.append("  store i32 %s, ptr addrspace(1) %%out" % acc)
        lines.append("  br label %%%s" % nxt)
    lines += ["exit:", "  call void @llvm.amdgcn.wait.asyncmark(i16 0)",
              "  store i32 %s, ptr addrspace(1) %%out" % acc, "  ret void",
              "}"]
    return "\n".join(lines) + "\n"


def split_kernel(instructions, marks, parts):
    """flat_kernel's code of `instructions` and `marks` as `parts` kernels
    of a part each (seeds 1..parts) in one module: the same work, split into
    functions whose own code and per-function data stay small."""
    kernels = []
    for part in range(parts):
        text = flat_kernel(instructions // parts, marks // parts, part + 1)
        head, body = text.split("define amdgpu_kernel void @bench", 1)
        if not kernels:
            kernels.append(head)
        kernels.append("define amdgpu_kernel void @bench%d%s" % (part, body))
    return "".join(kernels)


def nest_kernel(instructions, depth, seed=1):
    """Loops nested `depth` deep; every level copies, marks and waits for
    one mark, and the instructions are spread over the levels."""
    rng = random.Random(seed)
    lines = header() + ["  br label %h0"]
    per_level = max(instructions // depth - 8, 1)
    acc = "0"
    for d in range(depth):
        parent = "entry" if d == 0 else "h%d" % (d - 1)
        lines += ["h%d:" % d,
                  "  %%i%d = phi i32 [ 0, %%%s ], [ %%i%d.next, %%l%d ]" %
                  (d, parent, d, d)]
        body, acc = straight(rng, "n%d" % d, per_level, acc)
        lines += body
        lines.append("  call void @llvm.amdgcn.asyncmark()")
        lines.append("  call void @llvm.amdgcn.wait.asyncmark(i16 1)")
        lines.append("  br label %%%s" % ("h%d" % (d + 1) if d + 1 < depth
                                          else "inner"))
    lines += ["inner:", "  store i32 %s, ptr addrspace(1) %%out" % acc,
              "  br label %%l%d" % (depth - 1)]
    for d in reversed(range(depth)):
        lines += ["l%d:" % d, "  %%i%d.next = add i32 %%i%d, 1" % (d, d),
                  "  %%e%d = icmp slt i32 %%i%d.next, %%n" % (d, d),
                  "  br i1 %%e%d, label %%h%d, label %%%s" %
                  (d, d, "l%d" % (d - 1) if d else "exit")]
    text = "\n".join(lines)
    text += "\nexit:\n  call void @llvm.amdgcn.wait.asyncmark(i16 0)\n" \
            "  ret void\n}\n"
    return text


TIME_ROW = re.compile(r"^\s*([\d.]+)\s+\(\s*[\d.]+%\)")


def timed(cmd):
    """(our seconds, total seconds) from -time-passes (pass and analysis
    tables of the new pass manager, the pass table of the legacy one; the
    user+system column)."""
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        sys.exit("error: %s\n%s" % (" ".join(cmd), proc.stderr[-2000:]))
    ours = total = 0.0
    in_table = False
    for line in proc.stderr.splitlines():
        if "execution timing report" in line:
            in_table = True
            continue
        if not in_table or not TIME_ROW.match(line):
            continue
        # Columns: user, system, user+system, wall. CPU time: the machine
        # is shared, and wall time there measures the neighbours too.
        cols = re.findall(r"([\d.]+)\s+\(\s*[\d.]+%\)", line)
        wall = float(cols[2] if len(cols) >= 4 else cols[-1])
        name = line.split(")")[-1].strip()
        if name == "Total":
            total += wall
            in_table = False
        elif OURS.search(name):
            ours += wall
    return ours, total


def measure(path, plugin, tmp):
    opt_out = os.path.join(tmp, "opt.ll")
    o_ours, o_total = timed([BIN + "/opt", "-load-pass-plugin=" + plugin,
                             "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942",
                             "-passes=default<O2>", "-time-passes", path,
                             "-S", "-o", opt_out])
    l_ours, l_total = timed([BIN + "/llc", "-load=" + plugin,
                             "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942",
                             "-O2", "-time-passes", opt_out, "-o", "/dev/null"])
    return o_ours + l_ours, o_total + l_total


PASS_ROW = re.compile(r"([\d.]+)\s+\(\s*[\d.]+%\)")
STEPS = re.compile(r"^mark analysis: \w+ of .*: (\d+) instructions, \d+ "
                   r"blocks, (\d+) steps")


def best_times(cmd, ours, first_run_flags=(), first_run_line=None):
    """Runs \p cmd (with -time-passes) RUNS times and returns the fastest
    seconds of the passes named in \p ours and of LLVM's verifier. The first
    run also gets \p first_run_flags, and \p first_run_line sees each of its
    lines first (a line it takes is not read as a time)."""
    best_ours = best_verify = None
    for run in range(RUNS):
        full = cmd + (list(first_run_flags) if run == 0 else [])
        proc = subprocess.run(full, capture_output=True, text=True)
        if proc.returncode:
            sys.exit("error: %s\n%s" % (" ".join(full), proc.stderr[-2000:]))
        ours_s = verify_s = 0.0
        for line in proc.stderr.splitlines():
            if run == 0 and first_run_line and first_run_line(line):
                continue
            cols = PASS_ROW.findall(line)
            if len(cols) < 3:
                continue
            name = line.split(")")[-1].strip()
            if name in ours:
                ours_s += float(cols[2])
            elif name == "VerifierPass":
                verify_s += float(cols[2])
        best_ours = ours_s if best_ours is None else min(best_ours, ours_s)
        best_verify = (verify_s if best_verify is None else
                       min(best_verify, verify_s))
    return best_ours, best_verify


def measure_alone(path, plugin, steps_option=True):
    """(seconds of asyncpipe-elim + asyncpipe-lower, seconds of the verifier,
    transfer steps per instruction) with the passes run alone."""
    steps = [0.0]

    def count_steps(line):
        m = STEPS.match(line)
        if m:
            steps[0] += int(m.group(2)) / int(m.group(1))
        return bool(m)

    cmd = [BIN + "/opt", "-load-pass-plugin=" + plugin,
           "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942",
           "-passes=verify,function(asyncpipe-elim),asyncpipe-lower",
           "-verify-each=0", "-time-passes", path, "-disable-output"]
    ours, verify = best_times(
        cmd, ("AsyncElimPass", "AsyncLowerPass"),
        ["-asyncpipe-mark-analysis-stats"] if steps_option else [],
        count_steps)
    return ours, verify, steps[0]


def measure_pipeliner(plugin, tmp, loops):
    """(seconds of asyncpipe-pipeline, seconds of the verifier on its output,
    IR instructions before) on one function of \p loops pipelined loops, best
    of RUNS; the loops are in simplified form first, as in a pipeline."""
    raw = os.path.join(tmp, "loops.ll")
    simple = os.path.join(tmp, "loops.simple.ll")
    text = subprocess.run([sys.executable, PIPELINED_LOOPS, str(loops)],
                          capture_output=True, text=True, check=True).stdout
    with open(raw, "w") as f:
        f.write(text)
    subprocess.run([BIN + "/opt", "-passes=loop-simplify", raw, "-S", "-o",
                    simple], check=True)
    cmd = [BIN + "/opt", "-load-pass-plugin=" + plugin,
           "-mtriple=x86_64-unknown-linux-gnu",
           "-passes=function(asyncpipe-pipeline),verify", "-verify-each=0",
           "-time-passes", simple, "-disable-output"]
    ours, verify = best_times(cmd, ("AsyncPipelinePass",))
    return ours, verify, count_instructions(text)


def pipeliner_series(plugin, quick):
    counts = [n for n in PIPELINED if not (quick and n > 1000)]
    print("pipeliner: asyncpipe-pipeline alone on one function of N pipelined "
          "loops (best of %d), LLVM's verifier on its output; CPU seconds" %
          RUNS)
    print("  %6s %9s %10s %14s %13s" % ("loops", "IR instr", "ours (ms)",
                                        "ours/loop (us)", "verifier (ms)"))
    per_loop = {}
    with tempfile.TemporaryDirectory() as tmp:
        for loops in counts:
            ours, verify, n = measure_pipeliner(plugin, tmp, loops)
            per_loop[loops] = ours / loops
            print("  %6d %9d %10.1f %14.1f %13.1f" % (
                loops, n, 1e3 * ours, 1e6 * ours / loops, 1e3 * verify),
                flush=True)
    if 1000 in per_loop and 4000 in per_loop and per_loop[1000]:
        print("  growth of the time per loop from 1,000 to 4,000 loops: "
              "%.2fx (1.00 = linear)" % (per_loop[4000] / per_loop[1000]))


def count_instructions(text):
    return sum(1 for l in text.splitlines()
               if l.startswith("  ") and not l.startswith("  br label"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "AsyncPipe.so"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--pipeliner-only", action="store_true")
    # For comparing with a plugin older than -asyncpipe-mark-analysis-stats.
    ap.add_argument("--no-steps", action="store_true",
                    help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.pipeliner_only:
        pipeliner_series(args.plugin, args.quick)
        return
    sizes = [i for i in SIZES if not (args.quick and i >= 100000)]
    rows = []
    for m in FIXED:
        rows += [("chain", str(m), i, m) for i in sizes if m * 10 <= i]
    for d in DENSE:
        rows += [("chain", "1/%d" % d, i, i // d) for i in sizes]
    # Each depth at 10k instructions, the deepest at every size.
    rows += [("nest", "d%d" % d, 10000, d) for d in NESTS[:-1]]
    rows += [("nest", "d%d" % NESTS[-1], i, NESTS[-1]) for i in sizes]
    if 100000 in sizes:
        rows.append(("split", "1/10", 100000, SPLIT_PARTS))
    print(("compile-time: asyncpipe-elim + asyncpipe-lower alone (best of %d), "
           "LLVM's verifier in the same run, the mark analysis' steps; the "
           "share of the plugin in opt -O2 + llc -O2 (gfx942), one run; CPU "
           "seconds") % RUNS)
    print("  %-6s %6s %8s %6s %8s %9s %9s %9s %8s %7s" % (
        "shape", "series", "IR instr", "knob", "steps/i", "ours (ms)",
        "ours/1k", "ours/ver", "total(s)", "share"))
    per_series = {}
    whole = {}
    split = None
    with tempfile.TemporaryDirectory() as tmp:
        for shape, series, instructions, knob in rows:
            if shape == "chain":
                text = flat_kernel(instructions, knob)
            elif shape == "split":
                text = split_kernel(instructions, instructions // 10, knob)
            else:
                text = nest_kernel(instructions, knob)
            path = os.path.join(tmp, "k.ll")
            with open(path, "w") as f:
                f.write(text)
            n = count_instructions(text)
            ours, verify, steps = measure_alone(path, args.plugin,
                                                 not args.no_steps)
            if shape == "split":
                # Summed over the functions' solves: per function.
                steps /= knob
                split = (ours, verify)
            share = total = ""
            if args.full or instructions <= 10000:
                o_all, t_all = measure(path, args.plugin, tmp)
                total = "%.3f" % t_all
                share = "%.2f%%" % (100 * o_all / t_all)
            if shape != "split":
                per_series.setdefault(series, {})[instructions] = (
                    steps, 1e6 * ours / n, ours / verify if verify else 0.0)
                whole[(series, instructions)] = (ours, verify)
            print("  %-6s %6s %8d %6d %8.2f %9.2f %9.3f %9.2f %8s %7s" % (
                shape, series, n, knob, steps, 1e3 * ours, 1e6 * ours / n,
                ours / verify if verify else 0.0, total, share), flush=True)
    print("  (knob: marks of a chain, depth of a nest, kernels of a split "
          "module; ours/ver: ours over the verifier's time; share: of opt "
          "-O2 + llc -O2, kernels up to 10k instructions unless --full)")
    print("growth from 10k to 100k instructions (1.00 = linear; steps are "
          "exact, times noisy):")
    print("  %-6s %13s %13s %13s %s" % ("series", "steps/i ratio",
                                        "ours/1k ratio", "ours/ver ratio",
                                        "linear"))
    for series, by_size in per_series.items():
        if 10000 not in by_size or 100000 not in by_size:
            continue
        a, b = by_size[10000], by_size[100000]
        ratios = [b[k] / a[k] if a[k] else 0.0 for k in range(3)]
        # Exact steps decide; the times only back them up.
        print("  %-6s %13.2f %13.2f %13.2f %s" % (
            series, ratios[0], ratios[1], ratios[2],
            "n/a" if args.no_steps else
            "yes" if ratios[0] <= 1.3 else "NO"))
    one = whole.get(("1/10", 100000))
    if split and one and split[0] and split[1]:
        # The same instructions and marks: what is left of the growth is the
        # one function's code and data outgrowing the caches.
        print("one 100k-instruction kernel over the same code as %d kernels "
              "(1/10): ours %.2fx, verifier %.2fx" % (
                  SPLIT_PARTS, one[0] / split[0], one[1] / split[1]))
    pipeliner_series(args.plugin, args.quick)


if __name__ == "__main__":
    main()
