#!/usr/bin/env python3
"""Marks and waits removed by asyncpipe-elim and the inlining-aware recount,
and the passes' compile time (bench/elim/run.sh runs this).

Three reports:
1. The examples (the lit tests' programs): marks and waits before and after
   the plugin's passes around the inliner (as default<O2> places them), and
   for the inlining examples each caller's wait counts after inlining, with
   the stock inliner alone and with the plugin (a larger count is a weaker
   wait: more copies stay in flight).
2. Generated programs (gen.py programs), several seeds: marks and waits
   removed.
3. Compile time of each pass on a generated module of about 100k
   instructions (gen.py big), from opt -time-passes, best of three.

Counting is textual over the IR: call sites of every spelling of marks and
waits (waits on futures counted as waits).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOLS = "/usr/lib/llvm-22/bin"

MARK_RE = re.compile(r"call (?:void|i32) @(asyncpipe\.mark(?:\.future)?|"
                     r"llvm\.amdgcn\.asyncmark|"
                     r"llvm\.nvvm\.cp\.async\.commit\.group)\(")
WAIT_RE = re.compile(r"call void @(asyncpipe\.wait(?:\.future)?|"
                     r"llvm\.amdgcn\.wait\.asyncmark|"
                     r"llvm\.nvvm\.cp\.async\.wait\.(?:group|all))\((.*)\)")
COUNT_RE = re.compile(r"^i(?:16|32) (\d+)$")

EXAMPLES = [
    "llvm/test/Transforms/AsyncPipe/asyncpipe-elim.ll",
    "llvm/test/Transforms/AsyncPipe/asyncpipe-bind-waits.ll",
    "llvm/test/CodeGen/AMDGPU/async-inlining.ll",
    "llvm/test/CodeGen/NVPTX/asyncpipe-inlining.ll",
    "llvm/test/CodeGen/AMDGPU/async-futures.ll",
    "llvm/test/CodeGen/AMDGPU/async-double-buffer.ll",
    "llvm/test/CodeGen/AMDGPU/async-seed-examples.ll",
    "llvm/test/CodeGen/NVPTX/asyncpipe-double-buffer.ll",
]

# The plugin's passes around the inliner, as default<O2> places them, and
# the stock inliner alone for comparison.
PLUGIN = ("function(asyncpipe-elim,asyncpipe-bind-waits),cgscc(inline),"
          "function(asyncpipe-lower-futures,asyncpipe-elim)")
STOCK = "cgscc(inline)"


def opt(plugin, args, stdin=None):
    cmd = [f"{TOOLS}/opt", f"-load-pass-plugin={plugin}"] + args
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          check=True)


def census(ir):
    """Marks and waits, and each defined function's constant wait counts."""
    marks = waits = 0
    counts, marks_in, function = {}, {}, None
    for line in ir.splitlines():
        if line.startswith("define"):
            function = re.search(r"@([\w.$]+)\(", line).group(1)
            counts[function] = []
            marks_in[function] = 0
        if line.lstrip().startswith("declare"):
            continue
        if MARK_RE.search(line):
            marks += 1
            marks_in[function] += 1
        wait = WAIT_RE.search(line)
        if wait:
            waits += 1
            count = COUNT_RE.match(wait.group(2).strip())
            counts[function].append(count.group(1) if count else "all"
                                    if not wait.group(2) else "?")
    return marks, waits, {f: (marks_in[f], c) for f, c in counts.items()}


def run_passes(plugin, passes, ir):
    return census(opt(plugin, ["-passes=" + passes, "-S"], ir).stdout)


def row(name, before, after):
    removed_marks, removed_waits = before[0] - after[0], before[1] - after[1]
    return (f"{name:<34} {before[0]:>6} {after[0]:>6} {removed_marks:>8} "
            f"{before[1]:>6} {after[1]:>6} {removed_waits:>8}")


HEADER = (f"{'program':<34} {'marks':>6} {'after':>6} {'removed':>8} "
          f"{'waits':>6} {'after':>6} {'removed':>8}")

INLINING = {"asyncpipe-bind-waits.ll", "async-inlining.ll",
            "asyncpipe-inlining.ll"}


def report_examples(plugin):
    print("== Examples (the lit tests' programs)")
    print(HEADER)
    total = [0] * 4
    recounts = []
    for path in EXAMPLES:
        with open(os.path.join(ROOT, path)) as f:
            ir = f.read()
        before, after = census(ir), run_passes(plugin, PLUGIN, ir)
        print(row(os.path.basename(path), before, after))
        for i, v in enumerate(before[:2] + after[:2]):
            total[i] += v
        if os.path.basename(path) in INLINING:
            stock = run_passes(plugin, STOCK, ir)
            for function, counts in after[2].items():
                if counts[1] and function in stock[2]:
                    recounts.append((os.path.basename(path), function,
                                     stock[2][function], counts))
    print(row("total", total[:2], total[2:]))
    print("\n== After inlining, stock inliner alone vs plugin: marks in the "
          "function, and its wait counts in order")
    for path, function, stock, ours in recounts:
        print(f"  {path:<26} {function:<26} stock {stock[0]} marks, waits "
              f"{','.join(stock[1]):<6} plugin {ours[0]} marks, waits "
              f"{','.join(ours[1])}")


def report_generated(plugin, seeds, functions):
    print(f"\n== Generated programs (gen.py programs --functions "
          f"{functions}), one row per seed")
    print(HEADER)
    for seed in seeds:
        ir = subprocess.run([sys.executable, os.path.join(HERE, "gen.py"),
                             "programs", "--functions", str(functions),
                             "--seed", str(seed)],
                            capture_output=True, text=True, check=True).stdout
        before, after = census(ir), run_passes(plugin, PLUGIN, ir)
        print(row(f"seed {seed}", before, after))


TIME_RE = re.compile(r"^\s*([\d.]+)\s+\(.*?\)\s+.*?([\d.]+)\s+\(.*?\)\s+"
                     r"(\S+Pass)\b")


def pass_seconds(plugin, path, passes):
    out = opt(plugin, [f"-passes={passes}", "-time-passes",
                       "-disable-output", path]).stderr
    seconds = {}
    for line in out.splitlines():
        # Columns: user, system, user+system, wall, name; keep the wall time.
        fields = re.findall(r"([\d.]+) \(\s*[\d.]+%\)", line)
        name = line.split(")")[-1].strip()
        if len(fields) >= 3 and name.startswith(("Async", "InstCombine")):
            seconds[name] = float(fields[-1])
    return seconds


def report_compile_time(plugin, instructions):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.ll")
        with open(path, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "gen.py"),
                            "big", "--instructions", str(instructions)],
                           stdout=f, check=True)
        with open(path) as f:
            count = sum(1 for line in f if line.startswith("  "))
        print(f"\n== Compile time on a generated module of {count} "
              f"instructions (wall seconds, best of 3, opt -time-passes)")
        # InstCombine, a pass every -O level runs, gives the scale.
        for passes in ["function(instcombine<no-verify-fixpoint>)",
                       "function(asyncpipe-elim)",
                       "function(asyncpipe-bind-waits)",
                       "function(asyncpipe-bind-waits,asyncpipe-lower-futures)"]:
            best = {}
            for _ in range(3):
                for name, s in pass_seconds(plugin, path, passes).items():
                    best[name] = min(best.get(name, s), s)
            for name, s in best.items():
                print(f"  {passes:<58} {name:<24} {s:.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--plugin",
                        default=os.path.join(ROOT, "build/lib/AsyncPipe.so"))
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--functions", type=int, default=60)
    parser.add_argument("--instructions", type=int, default=100000)
    args = parser.parse_args()
    report_examples(args.plugin)
    report_generated(args.plugin, range(1, args.seeds + 1), args.functions)
    report_compile_time(args.plugin, args.instructions)


if __name__ == "__main__":
    main()
