#!/usr/bin/env python3
# ===-- bench/latency_model/run.py - The latency model's table ------------===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Compiles bench/latency_model/kernels.cu (single, interleaved and
multi-producer loops) with the plugin for gfx942 and sm_80 at S = 2..4
stages, runs simulate.py on the emitted assembly for L in {500, 1000, 2000}
and C in {100, 500}, and prints one row per target, shape and S: the copies
(groups) in flight at each consumer, and min/median/max over the six (L, C)
pairs of stock/AsyncPipe (the speed-up) and AsyncPipe/ideal (1.00 = ideal).
Fails if a compile fails or no pipelined loop is found. About 20 s.

  run.py [--plugin build/lib/AsyncPipe.so] [--drain D]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CLANG = "/usr/lib/llvm-22/bin/clang"
KINDS = [("single", 0, 2), ("interleaved", 1, 1), ("multi", 2, 1)]
LS, CS = (500, 1000, 2000), (100, 500)


def compile_kernel(plugin, target, kind, stages, out, drain=None,
                   source=os.path.join(HERE, "kernels.cu")):
    """Compiles SOURCE (kernels.cu by default) with the plugin to assembly
    (gfx942) or PTX (sm_80) in OUT; exits on a failed compile. DRAIN, if
    set, is the pipeliner's drain."""
    common = ["-O2", "-fpass-plugin=" + plugin, "-I",
              os.path.join(ROOT, "clang", "include"), "-DSTAGES=%d" % stages,
              "-DKIND=%d" % kind, "-S", source, "-o", out]
    if drain:
        common += ["-mllvm", "-asyncpipe-pipeline-drain=" + drain]
    if target == "gfx942":
        cmd = [CLANG, "-x", "hip", "--cuda-device-only",
               "--offload-arch=gfx942", "-nogpulib", "-nogpuinc"] + common
    else:
        cmd = [CLANG, "-x", "cuda", "--cuda-device-only",
               "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
               "-Wno-unknown-cuda-version"] + common
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        sys.exit("error: %s\n%s" % (" ".join(cmd), proc.stderr))


LINE = re.compile(r"stock ([\d.]+) asyncpipe ([\d.]+) ideal ([\d.]+) "
                  r"cycles/iteration; in flight at consumers: (.*)$")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "AsyncPipe.so"))
    ap.add_argument("--drain", choices=("epilogue", "empty-groups",
                                        "repeat-last"),
                    help="the drain for every loop (default: the target's)")
    args = ap.parse_args()
    print("latency model (bench/latency_model/simulate.py): cycles per "
          "iteration, min/median/max over L in {500,1000,2000} x C in "
          "{100,500}")
    print("  %-7s %-12s %s  %-38s %-17s %s" % (
        "target", "loop", "S", "in flight at each consumer (AsyncPipe)",
        "stock/AsyncPipe", "AsyncPipe/ideal"))
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for target in ("gfx942", "sm_80"):
            for name, kind, per_group in KINDS:
                for stages in (2, 3, 4):
                    out = os.path.join(tmp, "%s-%d-%d.%s" % (
                        target, kind, stages,
                        "s" if target == "gfx942" else "ptx"))
                    compile_kernel(args.plugin, target, kind, stages, out,
                                   args.drain)
                    speedup, gap, inflight = [], [], ""
                    for lat in LS:
                        for comp in CS:
                            proc = subprocess.run(
                                [sys.executable,
                                 os.path.join(HERE, "simulate.py"), out,
                                 "-L", str(lat), "-C", str(comp),
                                 "--stages", str(stages),
                                 "--copies-per-group", str(per_group)],
                                capture_output=True, text=True)
                            m = LINE.search(proc.stdout)
                            if proc.returncode or not m:
                                sys.exit("error: simulate.py on %s: %s%s" % (
                                    out, proc.stdout, proc.stderr))
                            st, ours, best = (float(m.group(i))
                                              for i in (1, 2, 3))
                            speedup.append(st / ours)
                            gap.append(ours / best)
                            inflight = m.group(4).replace(" copies/", "c/")
                            inflight = inflight.replace(" groups", "g")
                    worst = max(worst, max(gap))
                    print("  %-7s %-12s %d  %-38s %.2f/%.2f/%.2f    "
                          "%.2f/%.2f/%.2f" % (
                              target, name, stages, inflight, min(speedup),
                              statistics.median(speedup), max(speedup),
                              min(gap), statistics.median(gap), max(gap)))
    print("  worst AsyncPipe/ideal: %.2f (c = copies, g = groups)" % worst)


if __name__ == "__main__":
    main()
