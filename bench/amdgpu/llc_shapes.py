#!/usr/bin/env python3
# ===-- bench/amdgpu/llc_shapes.py - llc -O2 plugin/stock per CFG shape -----===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Paired CPU time of `llc -O2` with the plugin over stock `llc -O2`, on
AMDGPU kernels of three control-flow shapes:

  flat    one basic block: copies, loads, arithmetic, a mark after every
          chunk and every fourth mark a wait for a random depth up to 64;
  branchy the same chunks, each in a block of a chain of branch diamonds;
  nest    the same chunks spread over loops nested DEPTH deep (64 unless
          --depth), marks at every level, each level waiting for one mark
          before its latch,

of about 1k, 10k and 100k IR instructions with 10 to 10,000 marks (where
they fit: at least ten instructions per mark), for gfx942 (LDS DMA on vmcnt)
and gfx1250 (ASYNCcnt copies). Stock llc compiles the plugin's IR lowering
of each kernel (llc -stop-after=amdgpu-lower-async-intrinsics with the
plugin): LLVM 22 does not know the source's mark and wait intrinsics.

Each kernel's ratio is bench/overhead/paired.py's: PAIRS pairs of REPS+REPS
runs interleaved, a pair's ratio the fastest plugin run over the fastest
stock run, the median over pairs reported with its min and max. The 1k
kernels (0.1 s compiles, noisier) get 7 pairs of 3+3 runs (--pairs-1k,
--reps-1k), the 100k kernels one pair of one run each unless --pairs-100k
says otherwise (stock llc alone takes tens of seconds on them). One more
plugin run with -time-passes gives the plugin's own passes' time ("ours"),
in all and per IR instruction: linear passes keep the latter flat. Times
are CPU seconds (user+system of the finished child). With
--perf SHAPE,TARGET,INSTRUCTIONS,MARKS the script instead records `perf` on
the plugin's compile of that kernel and prints the hottest symbols.

  llc_shapes.py [--plugin build/lib/AsyncPipe.so] [--targets gfx942,gfx1250]
                [--shapes flat,branchy,nest] [--sizes 1000,10000,100000]
                [--marks 10,100,1000,10000] [--pairs 3] [--reps 2]
                [--pairs-1k 7] [--reps-1k 3] [--pairs-100k 1] [--depth 64]
                [--keep DIR] [--perf SHAPE,TARGET,INSTRUCTIONS,MARKS]
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

BIN = "/usr/lib/llvm-22/bin"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "overhead"))
from paired import paired_runs  # noqa: E402


def copy_call(cpu, off):
    """One async copy of 4 bytes per lane from %g + off into @lds."""
    if cpu.startswith("gfx125"):
        return ("  call void @llvm.amdgcn.global.load.async.to.lds.b32("
                "ptr addrspace(1) %%g, ptr addrspace(3) @lds, i32 %d, i32 0)"
                % (off % 4096))
    return ("  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) "
            "%%g, ptr addrspace(3) @lds, i32 4, i32 %d, i32 0)" % (off % 65536))


HEADER = [
    "@lds = internal addrspace(3) global [4096 x i32] poison",
    "declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), "
    "ptr addrspace(3), i32, i32, i32)",
    "declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), "
    "ptr addrspace(3), i32, i32)",
    "declare void @llvm.amdgcn.asyncmark()",
    "declare void @llvm.amdgcn.wait.asyncmark(i16)",
    "define amdgpu_kernel void @bench(ptr addrspace(1) %g, "
    "ptr addrspace(1) %out, i32 %sel, i32 %n) {",
    "entry:",
]


class Chunks:
    """Chunks of straight-line code, each ending in a mark and, every fourth
    mark, a wait for a random depth up to 64."""

    def __init__(self, cpu, seed):
        self.cpu = cpu
        self.rng = random.Random(seed)
        self.acc = "0"
        self.marks = 0
        self.count = 0

    def chunk(self, size):
        rng, body = self.rng, []
        for i in range(size):
            kind = rng.random()
            name = "%%v%d_%d" % (self.marks, i)
            if kind < 0.1:
                body.append(copy_call(self.cpu, rng.randrange(0, 4096) * 4))
            elif kind < 0.3:
                body.append("  %s.p = getelementptr i32, ptr addrspace(1) %%g, "
                            "i32 %d" % (name, rng.randrange(0, 1 << 16)))
                body.append("  %s = load i32, ptr addrspace(1) %s.p" %
                            (name, name))
                body.append("  %s.s = add i32 %s, %s" % (name, self.acc, name))
                self.acc = name + ".s"
            else:
                body.append("  %s = mul i32 %s, %d" % (name, self.acc,
                                                       rng.randrange(3, 99)))
                self.acc = name
        body.append("  call void @llvm.amdgcn.asyncmark()")
        if self.marks % 4 == 3:
            body.append("  call void @llvm.amdgcn.wait.asyncmark(i16 %d)" %
                        rng.randrange(0, min(self.marks, 64) + 1))
        self.marks += 1
        self.count += len(body)
        return body


def finish(lines, chunks):
    lines += ["  call void @llvm.amdgcn.wait.asyncmark(i16 0)",
              "  store i32 %s, ptr addrspace(1) %%out" % chunks.acc,
              "  ret void", "}"]
    return "\n".join(lines) + "\n"


def flat(cpu, instructions, marks, depth):
    chunks = Chunks(cpu, 1)
    lines = list(HEADER)
    size = max(instructions // marks - 2, 1)
    for _ in range(marks):
        lines += chunks.chunk(size)
    return finish(lines, chunks)


def branchy(cpu, instructions, marks, depth):
    chunks = Chunks(cpu, 1)
    lines = HEADER + ["  br label %b0"]
    size = max(instructions // marks - 6, 1)
    for b in range(marks):
        lines.append("b%d:" % b)
        lines += chunks.chunk(size)
        nxt = "b%d" % (b + 1) if b + 1 < marks else "exit"
        lines += ["  %%c%d = icmp eq i32 %%sel, %d" % (b, b),
                  "  br i1 %%c%d, label %%s%d, label %%%s" % (b, b, nxt),
                  "s%d:" % b,
                  "  store i32 %s, ptr addrspace(1) %%out" % chunks.acc,
                  "  br label %%%s" % nxt]
    lines.append("exit:")
    return finish(lines, chunks)


def nest(cpu, instructions, marks, depth):
    """Loops nested `depth` deep (fewer if there are fewer marks); the
    marks' chunks are spread over the levels, half before the inner loop
    (in the header) and half after it (in the latch)."""
    depth = max(1, min(depth, marks // 2))
    chunks = Chunks(cpu, 1)
    size = max(instructions // marks - 2, 1)
    per_level = [marks // depth + (1 if d < marks % depth else 0)
                 for d in range(depth)]
    lines = HEADER + ["  br label %h0"]
    for d in range(depth):
        parent = "entry" if d == 0 else "h%d" % (d - 1)
        lines += ["h%d:" % d,
                  "  %%i%d = phi i32 [ 0, %%%s ], [ %%i%d.next, %%l%d ]" %
                  (d, parent, d, d)]
        for _ in range(per_level[d] - per_level[d] // 2):
            lines += chunks.chunk(size)
        lines.append("  br label %%%s" % ("h%d" % (d + 1) if d + 1 < depth
                                          else "l%d" % d))
    for d in reversed(range(depth)):
        lines.append("l%d:" % d)
        for _ in range(per_level[d] // 2):
            lines += chunks.chunk(size)
        lines += ["  call void @llvm.amdgcn.wait.asyncmark(i16 1)",
                  "  store i32 %s, ptr addrspace(1) %%out" % chunks.acc,
                  "  %%i%d.next = add i32 %%i%d, 1" % (d, d),
                  "  %%e%d = icmp slt i32 %%i%d.next, %%n" % (d, d),
                  "  br i1 %%e%d, label %%h%d, label %%%s" %
                  (d, d, "l%d" % (d - 1) if d else "exit")]
    lines.append("exit:")
    return finish(lines, chunks)


SHAPES = {"flat": flat, "branchy": branchy, "nest": nest}


def llc(cpu, path, plugin=None):
    cmd = [BIN + "/llc", "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, "-O2",
           path, "-o", "/dev/null"]
    return cmd[:1] + ["-load=" + plugin] + cmd[1:] if plugin else cmd


def stock_input(cpu, path, plugin):
    """What stock llc compiles: the plugin's IR lowering of the kernel. LLVM
    22 does not know the source's intrinsics (llvm.amdgcn.asyncmark,
    wait.asyncmark, gfx942's global.load.async.lds) and would compile each
    as a call to an external function: a different program. The lowering's
    output is the IR the plugin's llc itself goes on with (marks and waits
    as inline-asm markers, the copies as LLVM's own LDS DMA), so the ratio
    is what the plugin's passes add to one compile."""
    mir = path + ".lowered.mir"
    subprocess.run(llc(cpu, path, plugin)[:-2] +
                   ["-stop-after=amdgpu-lower-async-intrinsics", "-o", mir],
                   check=True)
    # -stop-after at an IR pass prints MIR: the module is its first
    # document, indented by two.
    ir = []
    with open(mir) as f:
        lines = f.read().split("\n")
    if not lines[0].startswith("--- |"):
        sys.exit("error: unexpected -stop-after output in " + mir)
    for line in lines[1:]:
        if line.startswith("...") or line.startswith("---"):
            break
        ir.append(line[2:])
    lowered = path + ".lowered.ll"
    with open(lowered, "w") as f:
        f.write("\n".join(ir) + "\n")
    return lowered


def paired(a, b, pairs, reps):
    """(median, min, max ratio of a over b, median best of b, of a)."""
    ratios, best_a, best_b = paired_runs(a, b, pairs, reps)
    return (statistics.median(ratios), min(ratios), max(ratios),
            statistics.median(best_b), statistics.median(best_a))


OURS = re.compile(r"AsyncPipe|async", re.IGNORECASE)
TIME_ROW = re.compile(r"([\d.]+)\s+\(\s*[\d.]+%\)")


def our_seconds(cmd):
    """CPU seconds of the plugin's own passes in one run of \p cmd, from
    -time-passes (the user+system column)."""
    proc = subprocess.run(cmd + ["-time-passes"], capture_output=True,
                          text=True)
    if proc.returncode:
        sys.exit("error: %s\n%s" % (" ".join(cmd), proc.stderr[-2000:]))
    ours = 0.0
    for line in proc.stderr.splitlines():
        cols = TIME_ROW.findall(line)
        if len(cols) < 3:
            continue
        name = line.split(")")[-1].strip()
        if name != "Total" and OURS.search(name):
            ours += float(cols[2] if len(cols) >= 4 else cols[-1])
    return ours


def perf_report(cpu, path, plugin):
    data = path + ".perf"
    subprocess.run(["perf", "record", "-q", "-g", "-o", data, "--"] +
                   llc(cpu, path, plugin), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = subprocess.run(["perf", "report", "-i", data, "--no-children",
                          "--stdio", "-g", "none", "--percent-limit", "0.5",
                          "--sort", "dso,symbol"],
                         capture_output=True, text=True).stdout
    print("\n".join(l for l in out.splitlines()
                    if l.strip() and not l.startswith("#")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "AsyncPipe.so"))
    ap.add_argument("--targets", default="gfx942,gfx1250")
    ap.add_argument("--shapes", default="flat,branchy,nest")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--marks", default="10,100,1000,10000")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--pairs-100k", type=int, default=1)
    ap.add_argument("--pairs-1k", type=int, default=7)
    ap.add_argument("--reps-1k", type=int, default=3)
    ap.add_argument("--depth", type=int, default=64)
    ap.add_argument("--keep", help="write the kernels into this directory")
    ap.add_argument("--perf", help="SHAPE,TARGET,INSTRUCTIONS,MARKS")
    args = ap.parse_args()
    plugin = os.path.abspath(args.plugin)
    tmp_holder = None
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        tmp = args.keep
    else:
        tmp_holder = tempfile.TemporaryDirectory()
        tmp = tmp_holder.name
    if args.perf:
        shape, cpu, n, m = args.perf.split(",")
        path = os.path.join(tmp, "perf.ll")
        with open(path, "w") as f:
            f.write(SHAPES[shape](cpu, int(n), int(m), args.depth))
        perf_report(cpu, path, plugin)
        return
    print("llc -O2 plugin/stock CPU time (median [min-max] over pairs; "
          "stock, plugin: their fastest runs, CPU s; ours: the plugin's own "
          "passes, -time-passes, one run, and per IR instruction)")
    print("  %-7s %-7s %8s %6s %7s %15s %8s %8s %8s %8s" % (
        "target", "shape", "IR instr", "marks", "ratio", "[min-max]",
        "stock s", "plugin s", "ours ms", "ours us/i"))
    worst = 0.0
    for cpu in args.targets.split(","):
        for shape in args.shapes.split(","):
            for n in map(int, args.sizes.split(",")):
                for m in map(int, args.marks.split(",")):
                    if m * 10 > n:
                        continue
                    chunks_text = SHAPES[shape](cpu, n, m, args.depth)
                    path = os.path.join(tmp, "%s-%s-%d-%d.ll" %
                                        (cpu, shape, n, m))
                    with open(path, "w") as f:
                        f.write(chunks_text)
                    count = sum(1 for l in chunks_text.splitlines()
                                if l.startswith("  "))
                    stock_path = stock_input(cpu, path, plugin)
                    if n >= 100000:
                        pairs, reps = args.pairs_100k, 1
                    elif n <= 1000:
                        # A 0.1 s compile: more pairs for the same noise.
                        pairs, reps = args.pairs_1k, args.reps_1k
                    else:
                        pairs, reps = args.pairs, args.reps
                    med, lo, hi, stock_s, ours_s = paired(
                        llc(cpu, path, plugin), llc(cpu, stock_path), pairs,
                        reps)
                    worst = max(worst, med)
                    own = our_seconds(llc(cpu, path, plugin))
                    print("  %-7s %-7s %8d %6d %7.3f %15s %8.3f %8.3f %8.1f "
                          "%8.2f" % (
                              cpu, shape, count, m, med,
                              "[%.3f-%.3f]" % (lo, hi), stock_s, ours_s,
                              1e3 * own, 1e6 * own / count), flush=True)
    print("  largest median ratio: %.3f" % worst)
    return 0


if __name__ == "__main__":
    main()
