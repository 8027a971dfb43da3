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
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "latency_model"))
from run import compile_kernel  # noqa: E402

KINDS = [("single", 0), ("multi", 2)]
DRAINS = ("epilogue", "empty-groups", "repeat-last")


def code_size(plugin, target, source, kind, stages, drain, out):
    compile_kernel(plugin, target, kind, stages, out, drain, source)
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
                    base = code_size(args.plugin, target, hand, kind, stages,
                                     None, out)
                    cells = []
                    for drain in DRAINS:
                        size = code_size(args.plugin, target, auto, kind,
                                         stages, drain, out)
                        cells.append("%5d (%.2fx)        " % (
                            size, size / base))
                    print("  %-7s %-7s %d  %5d  %s" % (
                        target, name, stages, base, "  ".join(cells)))


if __name__ == "__main__":
    main()
