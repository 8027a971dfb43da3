#!/usr/bin/env python3
# ===-- bench/pipeliner/gemm_stages.py - Cost of pipeline depth -------------===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Compiles examples/gemm/gemm.cu with S = 1..4 pipeline stages and reports,
for each S, what the depth costs and buys:

  * shared memory per block and registers per thread (sm_80, from `ptxas -v`),
  * LDS bytes per work-group on gfx942 (from the grown buffers in the IR),
  * the wait instructions in the PTX and in the gfx942 IR,
  * the s_waitcnt vmcnt(K) each gfx942 wait.asyncmark(N) became (assembly,
    checked by -amdgpu-enable-check-async-waits), as N:K from the deepest wait,
  * the in-flight depth at each consumer (the groups its wait lets fly, from
    the pipeliner's remarks; 0 where the loop stays synchronous).

There is no GPU here, so the table holds static figures only. Prints an RST
table (the one in llvm/docs/AsyncPipePipeliner.rst) or, with --csv, CSV.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LLVM_BIN = "/usr/lib/llvm-22/bin"


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), proc.stderr))
    return proc


def compile_cuda(plugin, stages, out):
    proc = run([os.path.join(LLVM_BIN, "clang"), "-x", "cuda",
                "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
                "-nocudalib", "-Wno-unknown-cuda-version", "-O2",
                "-fpass-plugin=" + plugin,
                "-I", os.path.join(ROOT, "clang", "include"),
                "-DSTAGES=%d" % stages, "-S",
                os.path.join(ROOT, "examples", "gemm", "gemm.cu"), "-o", out,
                "-Rpass-analysis=asyncpipe-pipeline"])
    return proc.stderr


def compile_hip(plugin, stages, out):
    run([os.path.join(LLVM_BIN, "clang"), "-x", "hip", "--cuda-device-only",
         "--offload-arch=gfx942", "-nogpulib", "-nogpuinc", "-O2",
         "-fpass-plugin=" + plugin,
         "-I", os.path.join(ROOT, "clang", "include"),
         "-DSTAGES=%d" % stages, "-S", "-emit-llvm",
         os.path.join(ROOT, "examples", "gemm", "gemm.cu"), "-o", out])


def compile_hip_asm(plugin, stages, out):
    run([os.path.join(LLVM_BIN, "clang"), "-x", "hip", "--cuda-device-only",
         "--offload-arch=gfx942", "-nogpulib", "-nogpuinc", "-O2",
         "-fpass-plugin=" + plugin,
         "-I", os.path.join(ROOT, "clang", "include"),
         "-mllvm", "-amdgpu-enable-check-async-waits",
         "-DSTAGES=%d" % stages, "-S",
         os.path.join(ROOT, "examples", "gemm", "gemm.cu"), "-o", out])


def vmcnt_per_wait(asm):
    # "s_waitcnt vmcnt(K)" right before the "; wait_asyncmark(N)" comment of
    # the wait it implements; each distinct N:K once, deepest wait first.
    pairs = re.findall(r"s_waitcnt vmcnt\((\d+)\)\s*;;#ASMSTART\s*"
                       r"; wait_asyncmark\((\d+)\)", asm)
    seen = sorted({(int(n), int(k)) for k, n in pairs}, reverse=True)
    return " ".join("%d:%d" % nk for nk in seen)


def ptxas_usage(ptxas, ptx):
    text = run([ptxas, "-v", "-arch=sm_80", ptx, "-o", os.devnull]).stderr
    regs = re.search(r"Used (\d+) registers", text)
    smem = re.search(r"(\d+) bytes smem", text)
    return (int(regs.group(1)) if regs else 0,
            int(smem.group(1)) if smem else 0)


def lds_bytes(ir):
    # [V x [16 x [16 x float]]] or [16 x [16 x float]] per addrspace(3) global.
    total = 0
    for dims in re.findall(r"addrspace\(3\) global ((?:\[\d+ x )+)float", ir):
        size = 4
        for n in re.findall(r"\d+", dims):
            size *= int(n)
        total += size
    return total


def measure(plugin, ptxas, stages, tmp):
    ptx = os.path.join(tmp, "gemm%d.ptx" % stages)
    ll = os.path.join(tmp, "gemm%d.ll" % stages)
    asm = os.path.join(tmp, "gemm%d.s" % stages)
    remarks = compile_cuda(plugin, stages, ptx)
    compile_hip(plugin, stages, ll)
    compile_hip_asm(plugin, stages, asm)
    with open(asm) as f:
        vmcnt = vmcnt_per_wait(f.read())
    with open(ptx) as f:
        ptx_text = f.read()
    with open(ll) as f:
        ir = f.read()
    regs, smem = ptxas_usage(ptxas, ptx) if ptxas else ("n/a", "n/a")
    depths = [int(d) for d in
              re.findall(r"allows (\d+) groups in flight", remarks)] or [0]
    return {
        "stages": stages,
        "smem": smem,
        "regs": regs,
        "lds": lds_bytes(ir),
        "ptx_waits": len(re.findall(r"cp\.async\.wait_(?:group|all)", ptx_text)),
        "ir_waits": len(re.findall(r"call void @llvm\.amdgcn\.wait\.asyncmark",
                                   ir)),
        "vmcnt": vmcnt,
        "depth": ", ".join(str(d) for d in depths),
    }


COLUMNS = [
    ("stages", "S"),
    ("smem", "sm_80 shared bytes"),
    ("regs", "sm_80 registers"),
    ("lds", "gfx942 LDS bytes"),
    ("ptx_waits", "waits (PTX)"),
    ("ir_waits", "waits (gfx942 IR)"),
    ("vmcnt", "gfx942 wait N: vmcnt"),
    ("depth", "in flight at consumer"),
]


def print_rst(rows):
    cells = [[h for _, h in COLUMNS]] + [[str(r[k]) for k, _ in COLUMNS]
                                         for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(COLUMNS))]
    rule = "  ".join("=" * w for w in widths)
    print(rule)
    print("  ".join(c.ljust(w) for c, w in zip(cells[0], widths)).rstrip())
    print(rule)
    for row in cells[1:]:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    print(rule)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plugin",
                        default=os.path.join(ROOT, "build", "lib",
                                             "AsyncPipe.so"))
    parser.add_argument("--csv", action="store_true")
    args = parser.parse_args()
    ptxas = shutil.which("ptxas") or (
        "/usr/local/cuda/bin/ptxas"
        if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(args.plugin, ptxas, s, tmp) for s in range(1, 5)]
    if args.csv:
        print(",".join(k for k, _ in COLUMNS))
        for r in rows:
            print(",".join('"%s"' % r[k] if k in ("depth", "vmcnt") else str(r[k])
                           for k, _ in COLUMNS))
    else:
        print_rst(rows)


if __name__ == "__main__":
    main()
