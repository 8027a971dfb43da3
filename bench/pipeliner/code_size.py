#!/usr/bin/env python3
# ===-- bench/pipeliner/code_size.py - Pipelined code against hand code ----===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Compares the size of the loops asyncpipe-pipeline makes with the same loops
pipelined by hand (bench/pipeliner/hand_pipelined.cu): the single (KIND=0)
and multi-producer (KIND=2) loops of bench/latency_model/kernels.cu at
S = 3 and 4, for gfx942 (codeLenInByte of the kernel) and sm_80 (PTX
instructions of the kernel), with each drain the pipeliner has. Prints one
row per target, loop and S: the sizes and their ratio to the hand code.

  code_size.py [--plugin build/lib/AsyncPipe.so]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CLANG = "/usr/lib/llvm-22/bin/clang"
KINDS = [("single", 0), ("multi", 2)]
DRAINS = ("epilogue", "empty-groups", "repeat-last")


def compile_kernel(plugin, target, source, kind, stages, drain, out):
    cmd = ["-O2", "-fpass-plugin=" + plugin, "-I",
           os.path.join(ROOT, "clang", "include"), "-DSTAGES=%d" % stages,
           "-DKIND=%d" % kind, "-S", source, "-o", out]
    if drain:
        cmd += ["-mllvm", "-asyncpipe-pipeline-drain=" + drain]
    if target == "gfx942":
        cmd = [CLANG, "-x", "hip", "--cuda-device-only",
               "--offload-arch=gfx942", "-nogpulib", "-nogpuinc"] + cmd
    else:
        cmd = [CLANG, "-x", "cuda", "--cuda-device-only",
               "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
               "-Wno-unknown-cuda-version"] + cmd
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        sys.exit("error: %s\n%s" % (" ".join(cmd), proc.stderr))
    with open(out) as f:
        text = f.read()
    if target == "gfx942":
        m = re.search(r"codeLenInByte = (\d+)", text)
        if not m:
            sys.exit("error: no codeLenInByte in %s" % out)
        return int(m.group(1))
    # PTX: the instructions of the kernel's body, without directives,
    # labels, braces and comments.
    body = text[text.index(".entry"):]
    count = 0
    for line in body.splitlines():
        line = line.split("//")[0].strip()
        if line.endswith(";") and not line.startswith("."):
            count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "AsyncPipe.so"))
    args = ap.parse_args()
    auto = os.path.join(ROOT, "bench", "latency_model", "kernels.cu")
    hand = os.path.join(HERE, "hand_pipelined.cu")
    print("code size of pipelined loops (gfx942: codeLenInByte; sm_80: PTX "
          "instructions), and the ratio to the loop pipelined by hand")
    print("  %-7s %-7s %s  %5s  %s" % (
        "target", "loop", "S", "hand",
        "  ".join("%-19s" % d for d in DRAINS)))
    with tempfile.TemporaryDirectory() as tmp:
        for target in ("gfx942", "sm_80"):
            for name, kind in KINDS:
                for stages in (3, 4):
                    out = os.path.join(tmp, "k")
                    base = compile_kernel(args.plugin, target, hand, kind,
                                          stages, None, out)
                    cells = []
                    for drain in DRAINS:
                        size = compile_kernel(args.plugin, target, auto, kind,
                                              stages, drain, out)
                        cells.append("%5d (%.2fx)        " % (
                            size, size / base))
                    print("  %-7s %-7s %d  %5d  %s" % (
                        target, name, stages, base, "  ".join(cells)))


if __name__ == "__main__":
    main()
