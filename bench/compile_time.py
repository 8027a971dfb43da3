#!/usr/bin/env python3
# ===-- bench/compile_time.py - The plugin's share of compile time ---------===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Generates gfx942 kernels of about 1k, 10k and 100k IR instructions with 10
to 10,000 marks (async LDS DMA, global loads, arithmetic, marks, and every
fourth block a wait for up to 64 marks, in a chain of branch diamonds), and
kernels of 10k instructions whose marks sit in loop nests 1 to 64 deep;
compiles each with `opt -O2` and `llc -O2` with the plugin and -time-passes,
and prints the share of the time spent in AsyncPipe's passes and analyses,
and that time per 1,000 instructions: along each series of the same mark
density (10 marks; one per 100 instructions; one per 10) it stays flat when
the passes grow linearly with the code. The nests keep the size and deepen
the loops; their time grows with the marks and loops there are. Times are
CPU seconds (user + system), one run per kernel (one run of the largest
takes minutes); the per-1k figure of the small kernels is the noisiest.

  compile_time.py [--plugin build/lib/AsyncPipe.so] [--quick]
--quick leaves out the 100k-instruction kernels (about 15 seconds instead of
about 5 minutes on the shared 2-core machine; the 100k-instruction kernel
with 10,000 marks alone takes over 3, most of it in stock llc).
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
# Three series over 1k, 10k and 100k instructions: 10 marks, one mark per
# 100 instructions, one per 10 (up to 10,000 marks). Linear growth keeps
# "ours ms/1k" flat along each series.
FLAT = [(i, m) for m in ("10", "1/100", "1/10") for i in (1000, 10000, 100000)]
NESTS = [1, 4, 16, 64]


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


def count_instructions(text):
    return sum(1 for l in text.splitlines()
               if l.startswith("  ") and not l.startswith("  br label"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "AsyncPipe.so"))
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    rows = [("chain", i, int(m) if "/" not in m else
             i // int(m.split("/")[1])) for i, m in FLAT
            if not (args.quick and i >= 100000)]
    rows += [("nest", 10000, d) for d in NESTS]
    print("compile-time: opt -O2 + llc -O2 for gfx942 with the plugin, "
          "CPU seconds of one run each")
    print("  %-6s %8s %13s %10s %10s %7s %13s" % (
        "shape", "IR instr", "marks/depth", "total (s)", "ours (s)",
        "share", "ours ms/1k"))
    with tempfile.TemporaryDirectory() as tmp:
        for shape, instructions, knob in rows:
            text = (flat_kernel(instructions, knob) if shape == "chain"
                    else nest_kernel(instructions, knob))
            path = os.path.join(tmp, "k.ll")
            with open(path, "w") as f:
                f.write(text)
            n = count_instructions(text)
            ours, total = measure(path, args.plugin, tmp)
            print("  %-6s %8d %13d %10.3f %10.4f %6.2f%% %13.3f" % (
                shape, n, knob, total, ours, 100 * ours / total,
                1e6 * ours / n), flush=True)


if __name__ == "__main__":
    main()
