#!/usr/bin/env python3
"""Compile-time cost of AsyncPipe's AMDGPU passes.

Generates AMDGPU kernels of about 1k, 10k and 100k IR instructions, each
with 10, 100 and 1000 marks (async copies, plain global loads, arithmetic,
marks and waits, in a chain of branch diamonds so that the CFG grows with the
code), compiles each with `llc -load=AsyncPipe.so -O2 -time-passes`, and
prints the share of the total llc time spent in AsyncPipe's passes, and that
time per 1000 instructions (constant if the passes scale linearly).

The copies are the target's: LDS DMA (llvm.amdgcn.global.load.async.lds) on
gfx9/gfx10, LLVM 22's ASYNCcnt copies (llvm.amdgcn.global.load.async.to.lds.b32)
on gfx1250/gfx1251. --marks and --instructions choose the kernels (10000
marks need blocks of at least six instructions, so such a kernel has about
80k instructions whatever size is asked; a 100k-instruction llc run takes
about a minute on a 2-core machine). Times are CPU (user+system) seconds.

Usage: bench/amdgpu/waitcnt_overhead.py [--build-dir build] [--cpu gfx942]
           [--marks 10,100,1000] [--instructions 1000,10000,100000]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

LLC = "/usr/lib/llvm-22/bin/llc"


def copy_call(cpu, off):
    """One async copy of 4 bytes per lane from %g + off into @lds."""
    if cpu.startswith("gfx125"):
        # The immediate offset of gfx1250's copies is the last operand but
        # one; a small one keeps to its range on every encoding.
        return (f"  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, "
                f"ptr addrspace(3) @lds, i32 {off % 4096}, i32 0)")
    return (f"  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, "
            f"ptr addrspace(3) @lds, i32 4, i32 {off % 65536}, i32 0)")


def generate(instructions, marks, seed=1, cpu="gfx942"):
    rng = random.Random(seed)
    lines = [
        "@lds = internal addrspace(3) global [4096 x i32] poison",
        "declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)",
        "declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32, i32)",
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
                body.append(copy_call(cpu, off))
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
        # Columns: user, system, user+system, wall. Take user+system: on a
        # shared machine the wall clock also counts other processes' time.
        numbers = re.findall(r"([\d.]+)\s+\(\s*[\d.]+%\)", line)
        wall = float(numbers[2] if len(numbers) >= 4 else numbers[-1])
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
    parser.add_argument("--marks", default="10,100,1000",
                        help="comma-separated mark counts")
    parser.add_argument("--instructions", default="1000,10000,100000",
                        help="comma-separated kernel sizes")
    args = parser.parse_args()
    sizes = [(int(i), int(m)) for i in args.instructions.split(",")
             for m in args.marks.split(",")]
    plugin = os.path.abspath(os.path.join(args.build_dir, "lib", "AsyncPipe.so"))
    print(f"{args.cpu}:")
    print("| IR instructions | marks | llc total (CPU s) | AsyncPipe (CPU s) | share | AsyncPipe ms per 1k instr |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for instructions, marks in sizes:
            text, count = generate(instructions, marks, cpu=args.cpu)
            path = os.path.join(tmp, f"k{instructions}.ll")
            with open(path, "w") as f:
                f.write(text)
            ours, total = time_passes(path, plugin, args.cpu)
            share = 100.0 * ours / total if total else 0.0
            print(f"| {count} | {marks} | {total:.3f} | {ours:.4f} | {share:.2f}% "
                  f"| {1000.0 * 1000.0 * ours / count:.3f} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
