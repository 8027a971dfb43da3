#!/usr/bin/env python3
# ===-- utils/asyncpipe_native_check.py - Native cp.async vs stock LLVM ----===#
#
# Part of the AsyncPipe project.
#
# ===-----------------------------------------------------------------------===#
"""Checks that AsyncPipe never weakens native cp.async synchronization.

Native llvm.nvvm.cp.async.* calls have hardware semantics
(llvm/docs/AsyncPipeModel.rst): the plugin may only drop a commit or a wait
that is provably redundant under them, so on every native-only input it must
leave at least the commits and waits that stock LLVM leaves. For each .ll
file (found under the given directories) that uses llvm.nvvm.cp.async and no
other async spelling, this compiles it for sm_80 with stock llc and with
llc + the plugin, and stock opt -O2 | llc against the plugin's, then compares
each function's PTX: at least as many cp.async.commit_group, and its waits,
in program order, each at least as strong as stock's (wait_all is the
strongest, then wait_group 0, 1, ...).

The comparison is per function and in layout order, which is what the two
compilers keep alike for the same input; a difference in the number of waits
counts as weaker unless the plugin has more. Prints one line per finding and
a summary line; exits 1 if anything was weaker.
"""

import argparse
import os
import re
import subprocess
import sys

NATIVE = "llvm.nvvm.cp.async"
OTHER_SPELLINGS = ("asyncpipe.", "llvm.amdgcn.", "__asyncpipe_rt")
FUNC_RE = re.compile(r"^(?:\.visible\s+|\.weak\s+|\.extern\s+)*"
                     r"\.(?:entry|func)\s+(?:\([^)]*\)\s*)?(\w+)")
WAIT_ALL = -1


def native_only_inputs(roots):
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".ll"):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                body = "\n".join(l for l in text.splitlines()
                                 if not l.lstrip().startswith(";"))
                triple = re.search(r'^target triple = "([^"]*)"', body, re.M)
                if triple and not triple.group(1).startswith("nvptx"):
                    continue  # Native forms lowered for another target.
                if NATIVE in body and not any(s in body
                                              for s in OTHER_SPELLINGS):
                    yield path


def sync_events(ptx):
    """Per function: (commits, [wait strengths in layout order])."""
    functions = {}
    current = None
    for line in ptx.splitlines():
        m = FUNC_RE.match(line.strip())
        if m:
            current = m.group(1)
            functions[current] = [0, []]
            continue
        if current is None:
            continue
        text = line.strip()
        if text.startswith("cp.async.commit_group"):
            functions[current][0] += 1
        elif text.startswith("cp.async.wait_all"):
            functions[current][1].append(WAIT_ALL)
        else:
            m = re.match(r"cp\.async\.wait_group\s+(\d+)", text)
            if m:
                functions[current][1].append(int(m.group(1)))
    return functions


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True)
    return proc.returncode, proc.stdout


def compile_ptx(path, args, plugin_flags):
    llc = [args.llc, "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_80",
           "-mattr=+ptx70", "-o", "-"]
    if plugin_flags is not None:
        llc += ["-load=" + args.plugin] + plugin_flags
    if args.pipeline is None:
        return run(llc + [path])
    opt = [args.opt, "-mtriple=nvptx64-nvidia-cuda", "-passes=" + args.pipeline,
           path, "-o", "-"]
    if plugin_flags is not None:
        opt += ["-load-pass-plugin=" + args.plugin] + plugin_flags
    code, bitcode = run(opt)
    if code:
        return code, b""
    return run(llc, stdin=bitcode)


def compare(stock, ours):
    findings = []
    for name, (commits, waits) in stock.items():
        if name not in ours:
            continue
        our_commits, our_waits = ours[name]
        if our_commits < commits:
            findings.append(f"{name}: {our_commits} commits, stock {commits}")
        if len(our_waits) < len(waits):
            findings.append(f"{name}: {len(our_waits)} waits, stock "
                            f"{len(waits)}")
            continue
        for i, (mine, theirs) in enumerate(zip(our_waits, waits)):
            if mine > theirs:
                findings.append(f"{name}: wait #{i + 1} is wait_group "
                                f"{mine}, stock has a stronger one")
    return findings


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", help="directories to scan")
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--opt", default="opt")
    parser.add_argument("--llc", default="llc")
    parser.add_argument("--pipeline", default=None,
                        help="run opt -passes=PIPELINE before llc")
    parser.add_argument("--plugin-flag", action="append", default=[],
                        help="extra flag for the plugin's opt and llc "
                        "(e.g. a testing-only broken mode)")
    args = parser.parse_args()

    files = compared = skipped = 0
    weaker = []
    for path in native_only_inputs(args.roots):
        files += 1
        code, stock_ptx = compile_ptx(path, args, None)
        if code:
            skipped += 1  # Not valid for stock LLVM (an error test).
            continue
        code, our_ptx = compile_ptx(path, args, args.plugin_flag)
        if code:
            weaker.append(f"{path}: stock compiles it, the plugin does not")
            continue
        stock = sync_events(stock_ptx.decode())
        ours = sync_events(our_ptx.decode())
        compared += len(stock)
        weaker += [f"{os.path.basename(path)}: {f}"
                   for f in compare(stock, ours)]
    for finding in weaker:
        print("weaker than stock:", finding)
    print(f"native-check: {files} native-only inputs, {skipped} not "
          f"compiled by stock, {compared} functions compared, "
          f"{len(weaker)} weaker than stock")
    return 1 if weaker else 0


if __name__ == "__main__":
    sys.exit(main())
