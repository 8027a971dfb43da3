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
leave at least the commits and waits that stock LLVM leaves. cp.async written
as inline PTX has the same semantics. For each .ll file (found under the
given directories) that uses llvm.nvvm.cp.async or cp.async inline assembly
and no other async spelling, this compiles it for sm_80 with stock llc and with
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
import tempfile

NATIVE = "llvm.nvvm.cp.async"
# An inline asm call whose text mentions cp.async.
INLINE_ASM_RE = re.compile(r'\basm\s+(?:sideeffect\s+)?(?:\w+\s+)*"[^"]*cp\.async')
OTHER_SPELLINGS = ("asyncpipe.", "llvm.amdgcn.", "__asyncpipe_rt")
FUNC_RE = re.compile(r"^(?:\.visible\s+|\.weak\s+|\.extern\s+)*"
                     r"\.(?:entry|func)\s+(?:\([^)]*\)\s*)?(\w+)")
WAIT_ALL = -1
FOLDED = 1 << 30  # Any number of waits: a folded run-time wait switch.


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
                native = NATIVE in body or INLINE_ASM_RE.search(body)
                if native and not any(s in body for s in OTHER_SPELLINGS):
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
        # Inline PTX may hold several statements on a line, in braces.
        for text in line.split("//")[0].split(";"):
            text = text.strip().lstrip("{").strip()
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


def w2_removals(remarks_file):
    """Per function: how many waits the plugin's remarks say rule W2 removed
    (llvm/docs/AsyncPipeModel.rst: provably redundant under hardware
    semantics)."""
    removed = {}
    if not os.path.exists(remarks_file):
        return removed
    with open(remarks_file, encoding="utf-8", errors="replace") as f:
        for doc in f.read().split("\n--- "):
            m = re.search(r"^Function:\s+(\S+)", doc, re.M)
            if m and "removed" in doc and "rule W2" in doc:
                removed[m.group(1)] = removed.get(m.group(1), 0) + 1
            elif m and "wait_group switch folded" in doc:
                # Folding a run-time count's switch leaves one of its waits,
                # the one the count is proven to select on every path; how
                # many cases there were is not in the remark.
                removed[m.group(1)] = FOLDED
    return removed


def compile_ptx(path, args, plugin_flags, remarks=None):
    """PTX of path; with the plugin, remarks names a file prefix for its
    YAML remarks (one file per tool)."""
    llc = [args.llc, "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_80",
           "-mattr=+ptx70", "-o", "-"]
    if plugin_flags is not None:
        llc += ["-load=" + args.plugin] + plugin_flags
        if remarks:
            llc += ["-pass-remarks-output=" + remarks + ".llc.yaml"]
    if args.pipeline is None:
        return run(llc + [path])
    opt = [args.opt, "-mtriple=nvptx64-nvidia-cuda", "-passes=" + args.pipeline,
           path, "-o", "-"]
    if plugin_flags is not None:
        opt += ["-load-pass-plugin=" + args.plugin] + plugin_flags
        if remarks:
            opt += ["-pass-remarks-output=" + remarks + ".opt.yaml"]
    code, bitcode = run(opt)
    if code:
        return code, b""
    return run(llc, stdin=bitcode)


def compare(stock, ours, w2_removed):
    """Findings where ours is weaker than stock. A function may have fewer
    waits than stock by the number its remarks say rule W2 removed; its
    waits are then not compared one by one (which ones went is not known
    from the PTX)."""
    findings = []
    for name, (commits, waits) in stock.items():
        if name not in ours:
            continue
        our_commits, our_waits = ours[name]
        if our_commits < commits:
            findings.append(f"{name}: {our_commits} commits, stock {commits}")
        if len(our_waits) < len(waits):
            if len(our_waits) + w2_removed.get(name, 0) < len(waits):
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

    files = compared = skipped = w2 = 0
    weaker = []
    for path in native_only_inputs(args.roots):
        files += 1
        code, stock_ptx = compile_ptx(path, args, None)
        if code:
            skipped += 1  # Not valid for stock LLVM (an error test).
            continue
        with tempfile.TemporaryDirectory() as tmp:
            remarks = os.path.join(tmp, "remarks")
            code, our_ptx = compile_ptx(path, args, args.plugin_flag, remarks)
            removed = w2_removals(remarks + ".opt.yaml")
            for name, n in w2_removals(remarks + ".llc.yaml").items():
                removed[name] = min(FOLDED, removed.get(name, 0) + n)
        if code:
            weaker.append(f"{path}: stock compiles it, the plugin does not")
            continue
        stock = sync_events(stock_ptx.decode())
        ours = sync_events(our_ptx.decode())
        compared += len(stock)
        w2 += sum(n for n in removed.values() if n != FOLDED)
        weaker += [f"{os.path.basename(path)}: {f}"
                   for f in compare(stock, ours, removed)]
    for finding in weaker:
        print("weaker than stock:", finding)
    print(f"native-check: {files} native-only inputs, {skipped} not "
          f"compiled by stock, {compared} functions compared, {w2} waits "
          f"removed by rule W2, {len(weaker)} weaker than stock")
    return 1 if weaker else 0


if __name__ == "__main__":
    sys.exit(main())
