#!/usr/bin/env python3
"""Compile-time cost of AsyncPipe's AMDGPU passes.

Generates AMDGPU kernels of about 1k, 10k and 100k IR instructions, each
with 10, 100 and 1000 marks (async LDS DMA, plain global loads, arithmetic, marks
and waits, in a chain of branch diamonds so that the CFG grows with the
code), compiles each with `llc -load=AsyncPipe.so -O2 -time-passes`, and
prints the share of the total llc time spent in AsyncPipe's passes, and that
time per 1000 instructions (constant if the passes scale linearly).

Usage: bench/amdgpu/waitcnt_overhead.py [--build-dir build] [--cpu gfx942]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

LLC = "/usr/lib/llvm-22/bin/llc"
SIZES = [(i, m) for i in (1000, 10000, 100000) for m in (10, 100, 1000)]


def generate(instructions, marks, seed=1):
    rng = random.Random(seed)
    lines = [
        "@lds = internal addrspace(3) global [4096 x i32] poison",
        "declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)",
        "declare void @llvm.amdgcn.asyncmark()",
        "declare void @llvm.amdgcn.wait.asyncmark(i16)",
        "define amdgpu_kernel void @bench(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %sel) {",
        "entry:",
        "  br label %b0",
    ]
    per_block = max(instructions // marks, 6)
    acc = "0"
    count = 0
    for block in range(marks):
        lines.append(f"b{block}:")
        body = []
        for i in range(per_block - 4):
            kind = rng.random()
            name = f"%v{block}_{i}"
            if kind < 0.1:
                off = rng.randrange(0, 4096) * 4
                body.append(
                    f"  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, "
                    f"ptr addrspace(3) @lds, i32 4, i32 {off % 65536}, i32 0)")
            elif kind < 0.3:
                idx = rng.randrange(0, 1 << 16)
                body.append(f"  {name}.p = getelementptr i32, ptr addrspace(1) %g, i32 {idx}")
                body.append(f"  {name} = load i32, ptr addrspace(1) {name}.p")
                body.append(f"  {name}.s = add i32 {acc}, {name}")
                acc = f"{name}.s"
            else:
                body.append(f"  {name} = mul i32 {acc}, {rng.randrange(3, 99)}")
                acc = name
        body.append("  call void @llvm.amdgcn.asyncmark()")
        if block % 4 == 3:
            # Deep waits too: the lowering keeps no fixed window of marks.
            depth = rng.randrange(0, min(block, 64) + 1)
            body.append(f"  call void @llvm.amdgcn.wait.asyncmark(i16 {depth})")
        count += len(body)
        lines += body
        nxt = f"b{block + 1}" if block + 1 < marks else "exit"
        lines.append(f"  %c{block} = icmp eq i32 %sel, {block}")
        lines.append(f"  br i1 %c{block}, label %s{block}, label {'%' + nxt}")
        lines.append(f"s{block}:")
        lines.append(f"  store i32 {acc}, ptr addrspace(1) %out")
        lines.append(f"  br label %{nxt}")
        count += 4
    lines += ["exit:", "  call void @llvm.amdgcn.wait.asyncmark(i16 0)",
              f"  store i32 {acc}, ptr addrspace(1) %out", "  ret void", "}"]
    return "\n".join(lines) + "\n", count


OUR_PASSES = re.compile(r"AsyncPipe|async", re.IGNORECASE)


def time_passes(ll_path, plugin, cpu):
    result = subprocess.run(
        [LLC, f"-load={plugin}", "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}",
         "-O2", "-time-passes", "-o", "/dev/null", ll_path],
        capture_output=True, text=True, check=True)
    ours = total = 0.0
    in_table = False
    for line in result.stderr.splitlines():
        if "Pass execution timing report" in line:
            in_table = True
            continue
        if not in_table:
            continue
        m = re.match(r"\s*([\d.]+)\s+\(\s*[\d.]+%\)", line)
        if not m:
            continue
        # Columns: user, system, user+system, wall; take the wall clock.
        numbers = re.findall(r"([\d.]+)\s+\(\s*[\d.]+%\)", line)
        wall = float(numbers[-1])
        name = line.split(")")[-1].strip()
        if name == "Total":
            total = wall
            in_table = False
        elif OUR_PASSES.search(name):
            ours += wall
    return ours, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build"))
    parser.add_argument("--cpu", default="gfx942")
    args = parser.parse_args()
    plugin = os.path.abspath(os.path.join(args.build_dir, "lib", "AsyncPipe.so"))
    print(f"| IR instructions | marks | llc total (s) | AsyncPipe (s) | share | AsyncPipe ms per 1k instr |")
    print(f"|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for instructions, marks in SIZES:
            text, count = generate(instructions, marks)
            path = os.path.join(tmp, f"k{instructions}.ll")
            with open(path, "w") as f:
                f.write(text)
            ours, total = time_passes(path, plugin, args.cpu)
            share = 100.0 * ours / total if total else 0.0
            print(f"| {count} | {marks} | {total:.3f} | {ours:.4f} | {share:.2f}% "
                  f"| {1000.0 * 1000.0 * ours / count:.3f} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
