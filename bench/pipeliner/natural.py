#!/usr/bin/env python3
# ===-- bench/pipeliner/natural.py - Share of natural kernels pipelined -----===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Compiles the natural kernels (clang/test/Pipeliner/Inputs/natural_kernels.inc:
GEMM tile loop, 2-D stencil with halo rows, row reduction, batched
copy-transform, written with each language's ordinary barrier and no
__restrict__) as HIP and OpenCL C for gfx942, as CUDA and OpenCL C for sm_80
and as C for the host, at S = 2, 3 and 4, and reports per target:

  * how many of the annotated loops were pipelined (kernels only: OpenCL 2.0's
    callable copies of the kernels are not counted),
  * the groups each consumer's wait lets fly versus the schedule's ideal
    S - 1 (from the pipeliner's WaitCount remarks), as "min..max/ideal",
  * and, for each loop not pipelined, the name of its refusal (the remark
    name, from -fsave-optimization-record) with the kernel's source line.

Static figures only (compile time, no GPU). --plugin selects the plugin, e.g.
an older build to compare with.

  bench/pipeliner/natural.py [--plugin build/lib/AsyncPipe.so]
"""

import argparse
import os
import re
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
INPUTS = os.path.join(ROOT, "clang", "test", "Pipeliner", "Inputs")
CLANG = "/usr/lib/llvm-22/bin/clang"

TARGETS = [
    ("HIP gfx942", "natural.hip",
     ["-x", "hip", "--cuda-device-only", "--offload-arch=gfx942", "-nogpulib",
      "-nogpuinc"]),
    ("OpenCL gfx942", "natural.cl",
     ["-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx942",
      "-nogpulib"]),
    ("CUDA sm_80", "natural.cu",
     ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
      "-nocudalib", "-Wno-unknown-cuda-version", "-Xclang", "-target-feature",
      "-Xclang", "+ptx88"]),
    ("OpenCL sm_80", "natural.cl",
     ["-cl-std=CL2.0", "-target", "nvptx64-nvidia-cuda", "-march=sm_80",
      "-Xclang", "-target-feature", "-Xclang", "+ptx88"]),
]

REMARK = re.compile(r"natural_kernels\.inc:(\d+):\d+: remark: (.*?) \[-R")
FLY = re.compile(r"allows (\d+) groups in flight")


def refusals(record):
    """(line, name) of each missed asyncpipe-pipeline remark in a YAML record
    that refuses a loop (a name other than the wait-count fallbacks)."""
    found = []
    for doc in open(record).read().split("--- !")[1:]:
        if not doc.startswith("Missed") or "Pass:            asyncpipe-pipeline" not in doc:
            continue
        name = re.search(r"Name:\s+(\w+)", doc).group(1)
        line = re.search(r"Line:\s+(\d+)", doc)
        if name not in ("WaitFallback", "SubsumedWaitKept"):
            found.append((line.group(1) if line else "?", name))
    return found


def measure(plugin, flags, source, stages):
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "remarks.yaml")
        cmd = [CLANG, f"-fpass-plugin={plugin}", "-O2", "-S", "-emit-llvm",
               "-o", os.devnull, f"-DSTAGES={stages}",
               "-I", os.path.join(ROOT, "clang", "include"),
               "-Rpass=asyncpipe-pipeline", "-Rpass-missed=asyncpipe-pipeline",
               "-Rpass-analysis=asyncpipe-pipeline",
               f"-foptimization-record-file={record}"] + flags + [source]
        out = subprocess.run(cmd, capture_output=True, text=True).stderr
        refused = refusals(record) if os.path.exists(record) else []
    # One verdict per loop (line): a kernel's, pipelined if any copy of it is.
    loops, flights = {}, []
    for line, text in REMARK.findall(out):
        if text.startswith("pipelined loop"):
            loops[line] = True
        elif text.startswith("loop not pipelined"):
            loops.setdefault(line, False)
        m = FLY.search(text)
        if m:
            flights.append(int(m.group(1)))
    # A loop pipelined in the kernel is not refused because its OpenCL
    # callable copy was.
    refused = sorted({(l, n) for l, n in refused if not loops.get(l)})
    return sum(loops.values()), len(loops), flights, refused


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "lib", "AsyncPipe.so"))
    a = ap.parse_args()
    host = os.path.join(ROOT, "clang", "test", "Pipeliner",
                        "natural-kernels-host.c")
    rows = [(name, os.path.join(INPUTS, src), flags)
            for name, src, flags in TARGETS]
    rows.append(("C host", host, []))
    total = done = 0
    print(f"{'target':<14} {'S':>2} {'pipelined':>10} {'in flight':>12}  refused")
    for name, src, flags in rows:
        for stages in (2, 3, 4):
            ok, n, fl, refused = measure(a.plugin, flags, src, stages)
            total += n
            done += ok
            fly = (f"{min(fl)}..{max(fl)}/{stages - 1}" if fl else
                   f"-/{stages - 1}")
            why = ", ".join(f"line {l}: {r}" for l, r in refused)
            print(f"{name:<14} {stages:>2} {ok:>5} of {n:<2} {fly:>12}  {why}".rstrip())
    print(f"total: {done} of {total} loop builds pipelined")


if __name__ == "__main__":
    main()
