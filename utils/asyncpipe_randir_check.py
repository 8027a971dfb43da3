#!/usr/bin/env python3
# ===-- utils/asyncpipe_randir_check.py - Compile random IR programs -------===#
#
# Part of the AsyncPipe project.
#
# ===-----------------------------------------------------------------------===#
"""Compiles the programs of utils/asyncpipe_randir.py for every target and
counts what went wrong (issue 20: the compiler always terminates and never
rejects a valid program; each AMDGPU wait is proven by the independent
checker, llvm/docs/AsyncPipeAMDGPU.rst).

For each seed:
  AMDGPU  opt -load-pass-plugin=P -passes='default<O0>' and 'default<O3>'
          -amdgpu-enable-check-async-waits (records every source wait at the start
          of the pipeline), piped to llc -load=P -mtriple=amdgcn-amd-amdhsa
          -mcpu=X -verify-machineinstrs -amdgpu-enable-check-async-waits
          -amdgpu-check-async-waits-explain (-O0 after default<O0>; an
          unsafe wait comes with the checker's notes: the DMA still in
          flight and a path of a lane to the wait) for X in gfx942, gfx90a,
          gfx1030 (--targets amdgpu)
          or gfx1250 (--targets gfx1250, GFX12.5's own copies);
  host    opt with AsyncSan (-asyncpipe-sanitize) at O0 and O3, llc for
          x86-64 (-verify-machineinstrs), linked with the host runtime
          (libasyncpipe_rt.a next to the plugin) and run under the eager,
          lazy and random completion policies (ASYNCPIPE_SAN_CONTINUE=1);
          a run that crashes, hangs or exits non-zero, or an AsyncSan
          report under the eager policy (where every copy completes at once)
          is a failed host run. Reports under lazy and random are counted,
          not failures: a random program may read a destination before its
          wait, which is the program's race, not the compiler's;
  NVPTX   the same at O0 and O3 for sm_80 (-mattr=+ptx70; sm_90a and
          +ptx80 with --with store, whose async stores are bulk copies),
          and the PTX assembled by ptxas for that processor when ptxas is
          on PATH or in $CUDA_PATH/bin (or /usr/local/cuda/bin).

Every command runs under a timeout (--timeout, 60 s): a hang is a failure.
Outcomes counted:
  crashes         exit code >= 128 or negative, or "PLEASE submit" in stderr
  hangs           the timeout expired
  unsafe waits    the checker's "is not satisfied by the emitted s_waitcnt"
                  (or "... s_wait_tensorcnt", gfx1250's TENSORcnt check),
                  or -asyncpipe-verify-futures' "wait on a future lowered to
                  a wait for at most ..." (opt, every target)
  ptxas rejections ptxas exited non-zero
  rejected        any other non-zero exit or "error:" on a program that is
                  valid by construction
One line per failing compile (the command to reproduce it), then the summary
  randir: N programs, T compiles, C crashes, H hangs, U unsafe waits,
          P ptxas rejections, R rejected
Exit status 1 if any count is non-zero.

Extra options reach opt (--opt-arg) or llc (--llc-arg), to run the batch on
a deliberately broken build (-asyncpipe-unsound-legacy-model-for-testing,
-amdgpu-async-weaken-waits-for-testing, -asyncpipe-futures-miscount-for-testing)
and see it caught.

Large batches (bench/randir-scale.sh):
  --shard K/M     only the seeds whose index in the batch is K modulo M;
  --state FILE    resumable: one JSON line per finished seed is appended to
                  FILE, seeds already there are not compiled again, and the
                  counts printed are those of every seed in FILE;
  --stop-after S  start no new seed after S seconds (the rest stay for a
                  resumed run);
  --merge FILE    (repeatable) also count the seeds of another shard's state
                  file, read only;
  --exactness     every AMDGPU llc also gets
                  -amdgpu-check-async-waits-report-exactness: for each wait
                  the lowering left, the checker remarks the count of the
                  counter wait emitted for it and the weakest count it proves
                  sufficient there (over the lanes that run the wait, given
                  all the code around it). A wait is exact when the two are
                  equal. Printed: how many waits, how many exact, and the
                  patterns of the others with their counts.
  --batch B       compile B programs per module (one opt, llc, ptxas, link
                  and host run for all of them; utils/asyncpipe_randir_batch.py):
                  the same per-program counts, about 3x faster; a failing
                  batch is bisected down to the program, reported with the
                  per-program commands that reproduce it.
  --plant SEED:KIND  plant a fault in one program (reject: a constant
                  negative wait count; ptxas: an unknown PTX instruction;
                  abort: a call of abort on the host; spin: a loop that
                  never ends on the host), to see a batch
                  report the program that has it.

Shapes and misuses (issue 36; bench/reliability-batch.sh):
  --with K,..     the generator's extra shapes (asyncpipe_randir.py --with:
                  sibling, copies of different constant sizes or flags in
                  sibling branches), checked like every valid program.
  --negative K,.. negative mode: each program has one misuse planted
                  (asyncpipe_randir.py --misuse K,..: pointer, annotation,
                  or one variant of a kind, KIND/VARIANT)
                  and every compile of it (each level, each processor) must
                  stop at a diagnostic, an "error:" line of opt or llc.
                  Counted per compile: diagnosed, accepted (opt, llc and
                  ptxas all passed: the misuse went unnoticed), invalid (a
                  non-zero exit without such a diagnostic: "LLVM ERROR",
                  "Cannot select", a verifier failure, or ptxas rejecting
                  the PTX), crashes and hangs; one line per compile not
                  diagnosed, then
                    randir: negative: N programs, T compiles, D diagnosed,
                            A accepted, I invalid, C crashes, H hangs
                  and the compiles not diagnosed by misuse variant and
                  level. Programs are compiled one by one (no --batch: each
                  must fail on its own). Exit status 1 unless every compile
                  is diagnosed.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asyncpipe_randir  # noqa: E402
import asyncpipe_randir_batch  # noqa: E402

# The AMDGPU program flavours (utils/asyncpipe_randir.py --target) and the
# processors each is compiled for.
AMDGPU_CPUS = {"amdgpu": ["gfx942", "gfx90a", "gfx1030"],
               "gfx1250": ["gfx1250"]}
LEVELS = ["O0", "O3"]
# The copies' counter ("... s_waitcnt") and gfx1250's TENSORcnt
# ("... s_wait_tensorcnt") alike.
CHECKER_ERROR = "is not satisfied by the emitted s_wait"
# -asyncpipe-verify-futures: a wait on a future lowered to too large a count.
FUTURE_CHECKER_ERROR = "wait on a future lowered to a wait for at most"
EXACTNESS = re.compile(r"wait_asyncmark\((\d+)\): emitted (none|count\((\d+)\)), "
                       r"weakest sufficient (none|count\((\d+)\)): (exact|not exact)")


def exactness(err, cpu, level, stats):
    """Counts the checker's exactness remarks in err into stats."""
    for m in EXACTNESS.finditer(err):
        stats["waits"] += 1
        if m.group(6) == "exact":
            stats["exact"] += 1
            continue
        emitted = None if m.group(3) is None else int(m.group(3))
        needed = None if m.group(5) is None else int(m.group(5))
        if needed is None:
            pattern = "a counter wait where none is needed"
        elif emitted is None:
            pattern = "no counter wait where count(%d) is needed" % needed
        elif emitted < needed:
            pattern = "stronger than needed by %s" % (
                needed - emitted if needed - emitted < 4 else ">= 4")
        else:
            pattern = "weaker than needed"
        stats["pattern: %s (%s %s)" % (pattern, cpu, level)] += 1


def find_ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    for root in [os.environ.get("CUDA_PATH"), "/usr/local/cuda"]:
        if root and os.access(os.path.join(root, "bin", "ptxas"), os.X_OK):
            return os.path.join(root, "bin", "ptxas")
    return None


def run(cmd, stdin_data, timeout):
    """Runs cmd; returns (status, stdout bytes, stderr text) where status is
    the exit code or None on timeout."""
    try:
        p = subprocess.run(cmd, input=stdin_data, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", ""
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def classify(status, err):
    if status is None:
        return "hangs"
    if status >= 128 or status < 0 or "PLEASE submit" in err:
        return "crashes"
    if CHECKER_ERROR in err or FUTURE_CHECKER_ERROR in err:
        return "unsafe"
    if status != 0 or "error:" in err:
        return "rejected"
    return None


HOST_POLICIES = [("eager", None), ("lazy", None), ("random", "1")]


def run_exe(exe, policy, pseed, timeout):
    """Runs a host program under policy with AsyncSan continuing after a
    report; returns (status or None on timeout, stderr text)."""
    env = dict(os.environ, ASYNCPIPE_POLICY=policy, ASYNCPIPE_SAN_CONTINUE="1")
    if pseed:
        env["ASYNCPIPE_SEED"] = pseed
    try:
        p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, ""
    return p.returncode, p.stderr.decode("utf-8", "replace")


def run_host(obj, seed, level, args, tmpdir, stats):
    """Links and runs one host object under every policy; returns a list of
    (kind, what, message) failures."""
    exe = os.path.join(tmpdir, "randir-host-%d-%s" % (seed, level))
    status, _, err = run([args.clang, obj, args.rt_lib, "-lstdc++", "-lpthread",
                          "-o", exe], None, args.timeout)
    if status != 0:
        return [("hangs" if status is None else "rejected", "link", err)]
    bad = []
    for policy, pseed in HOST_POLICIES:
        status, out = run_exe(exe, policy, pseed, args.timeout)
        if status is None:
            bad.append(("hangs", "ASYNCPIPE_POLICY=%s" % policy, ""))
            continue
        reports = out.count("==AsyncSan== ERROR")
        stats["host runs"] += 1
        stats["host AsyncSan reports (%s)" % policy] += reports
        if status != 0 or (policy == "eager" and reports):
            bad.append(("runs", "ASYNCPIPE_POLICY=%s ASYNCPIPE_SAN_CONTINUE=1 %s"
                        % (policy, exe), out))
    os.unlink(exe)
    return bad


# Faults planted in one program (--plant SEED:KIND), to see a batch report
# the program that has one: a constant negative wait count (an error at the
# call on every target), an instruction ptxas does not know (NVPTX), a call
# of abort (a failed host run), a loop that sleeps until a word that stays 0
# changes (a host run that hangs, without taking a core).
PLANTS = {
    "reject": ("declare void @asyncpipe.wait(i32)",
               "call void @asyncpipe.wait(i32 -1)"),
    "ptxas": (None, 'call void asm sideeffect "randir.planted.fault;", ""()'),
    "abort": ("declare void @abort()", "call void @abort()"),
    "spin": ("declare i32 @usleep(i32)",
             "br label %planted.spin\nplanted.spin:\n"
             "  call i32 @usleep(i32 100000)\n"
             "  %planted.v = load volatile i32, PTR %out, align 4\n"
             "  %planted.c = icmp ne i32 %planted.v, 12345678\n"
             "  br i1 %planted.c, label %planted.spin, label %planted.go\n"
             "planted.go:"),
}


def program(seed, target, args):
    """The IR text of one program, with the fault planted in it, if any."""
    text = asyncpipe_randir.generate(seed, target, args.without, args.shapes,
                                     args.negative)
    kind = args.plant.get(seed)
    if kind:
        decl, line = PLANTS[kind]
        head, sep, rest = text.partition("void @kernel0(")
        line = line.replace("PTR", "ptr" if target == "host" else
                            "ptr addrspace(1)")
        rest = rest.replace("entry:\n", "entry:\n  %s\n" % line, 1)
        text = head + sep + rest
        if decl and decl not in text:
            text += decl + "\n"
    return text


def opt_cmd(args, target, level, src):
    # Every target: each wait on a future lowered to a count is checked by
    # an independent backward search (llvm/docs/AsyncPipeFutures.rst).
    opt = [args.opt, "-load-pass-plugin=" + args.plugin,
           "-passes=default<%s>" % level, "-asyncpipe-verify-futures"]
    if target in AMDGPU_CPUS:
        opt.append("-amdgpu-enable-check-async-waits")
    if target == "host":
        opt.append("-asyncpipe-sanitize")
    return opt + args.opt_arg + [src, "-o", "-"]


def llc_cfgs(args, target):
    """The llc target options, one list per processor compiled for."""
    if target in AMDGPU_CPUS:
        return [["-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + c,
                 "-amdgpu-enable-check-async-waits",
                 "-amdgpu-check-async-waits-explain"]
                + (["-amdgpu-check-async-waits-report-exactness",
                    "-pass-remarks-analysis=asyncpipe"]
                   if args.exactness else [])
                for c in AMDGPU_CPUS[target]]
    if target == "host":
        return [["-mtriple=x86_64-unknown-linux-gnu",
                 "-relocation-model=pic", "-filetype=obj"]]
    if "store" in args.shapes:
        # Async stores are sm_90's bulk copies (PTX ISA 8.0).
        return [["-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90a",
                 "-mattr=+ptx80"]]
    return [["-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_80", "-mattr=+ptx70"]]


def ptxas_arch(args):
    """ptxas's -arch for the NVPTX programs (llc_cfgs' processor)."""
    return "-arch=sm_90a" if "store" in args.shapes else "-arch=sm_80"


def llc_cmd(args, cfg, level):
    return ([args.llc, "-load=" + args.plugin] + cfg + ["-verify-machineinstrs"]
            + (["-O0"] if level == "O0" else []) + args.llc_arg + ["-o", "-"])


def gen_cmd(seed, target, args, src):
    """The generator's command line for one program, written to src."""
    opts = "".join(" --%s %s" % (name, ",".join(val)) for name, val in
                   (("without", args.without), ("with", args.shapes),
                    ("misuse", args.negative)) if val)
    return "%s --seed %d --target %s%s -o %s%s" % (
        os.path.abspath(asyncpipe_randir.__file__), seed, target, opts, src,
        " (planted: %s)" % args.plant[seed] if seed in args.plant else "")


# What a compile of a negative program may end in other than a diagnostic.
INVALID = ("LLVM ERROR", "Cannot select", "Broken module",
           "input module is broken", "Bad machine code", "verification failed")
DIAGNOSTIC = re.compile(r"^error: ", re.M)


def classify_negative(status, err):
    """What a step of a negative program's compile ended in: None when it
    passed, or diagnosed, invalid, crashes or hangs."""
    if status is None:
        return "hangs"
    if status >= 128 or status < 0 or "PLEASE submit" in err:
        return "crashes"
    if any(s in err for s in INVALID):
        return "invalid"
    if DIAGNOSTIC.search(err):
        return "diagnosed"
    return "invalid" if status != 0 else None


def check_negative(seed, args, ptxas, tmpdir, targets=None):
    """Compiles one negative program per target (--negative); returns
    (compiles, [(kind, cmd, message)], counts) like check_seed, where a
    compile is one level and processor, kind is accepted, invalid,
    crashes, hangs or ptxas, and counts has "diagnosed" and one
    "VARIANT (LEVEL)" entry per compile not diagnosed."""
    bad = []
    compiles = 0
    stats = collections.Counter()
    for target in targets or args.targets:
        text = program(seed, target, args)
        m = re.search(r" misuse: (\S+)", text.split("\n", 1)[0])
        variant = m.group(1) if m else "?"
        src = os.path.join(tmpdir, "randir-neg-%s-%d.ll" % (target, seed))
        with open(src, "w") as fh:
            fh.write(text)
        gen = gen_cmd(seed, target, args, src)
        cfgs = llc_cfgs(args, target)
        for level in args.levels:
            opt = opt_cmd(args, target, level, src)
            optcmd = " ".join("'%s'" % a if "<" in a else a for a in opt)
            status, bc, err = run(opt, None, args.timeout)
            kind = classify_negative(status, err)
            outcomes = []
            if kind:
                outcomes = [(kind, "%s && %s" % (gen, optcmd), err)] * len(cfgs)
            else:
                for cfg in cfgs:
                    llc = llc_cmd(args, cfg, level)
                    cmd = "%s && %s | %s" % (gen, optcmd, " ".join(llc))
                    status, asm, err = run(llc, bc, args.timeout)
                    kind = classify_negative(status, err)
                    if not kind and target == "nvptx" and ptxas:
                        ptx = os.path.join(tmpdir, "randir-neg-%d-%s.ptx" %
                                           (seed, level))
                        with open(ptx, "wb") as fh:
                            fh.write(asm)
                        status, _, err = run([ptxas, ptxas_arch(args), ptx, "-o",
                                              os.devnull], None, args.timeout)
                        os.unlink(ptx)
                        cmd += " > x.ptx && ptxas %s x.ptx" % ptxas_arch(args)
                        kind = ("hangs" if status is None else
                                "ptxas" if status != 0 else None)
                    outcomes.append((kind or "accepted", cmd, err))
            for kind, cmd, err in outcomes:
                compiles += 1
                if kind == "diagnosed":
                    stats["diagnosed"] += 1
                    continue
                stats["%s %s (%s)" % (kind, variant, level)] += 1
                bad.append((kind, cmd, err or "(no diagnostic)"))
        os.unlink(src)
    return compiles, bad, stats


def check_seed(seed, args, ptxas, tmpdir, targets=None):
    """Compiles one seed for every target (or those given); returns
    (compiles, [(kind, cmd, message)], exactness counts)."""
    bad = []
    compiles = 0
    stats = collections.Counter()
    for target in targets or args.targets:
        text = program(seed, target, args).encode()
        src = os.path.join(tmpdir, "randir-%s-%d.ll" % (target, seed))
        with open(src, "wb") as fh:
            fh.write(text)
        gen = gen_cmd(seed, target, args, src)
        for level in args.levels:
            opt = opt_cmd(args, target, level, src)
            status, bc, err = run(opt, None, args.timeout)
            compiles += 1
            kind = classify(status, err)
            optcmd = " ".join("'%s'" % a if "<" in a else a for a in opt)
            if kind:
                bad.append((kind, "%s && %s" % (gen, optcmd), err))
                continue
            for cfg in llc_cfgs(args, target):
                llc = llc_cmd(args, cfg, level)
                status, asm, err = run(llc, bc, args.timeout)
                compiles += 1
                kind = classify(status, err)
                if args.exactness and target in AMDGPU_CPUS:
                    exactness(err, cfg[1][len("-mcpu="):], level, stats)
                cmd = "%s && %s | %s" % (gen, optcmd, " ".join(llc))
                if kind:
                    bad.append((kind, cmd, err))
                    continue
                if target == "host":
                    obj = os.path.join(tmpdir, "randir-host-%d-%s.o" % (seed, level))
                    with open(obj, "wb") as fh:
                        fh.write(asm)
                    for k, what, e in run_host(obj, seed, level, args, tmpdir, stats):
                        bad.append((k, cmd + " (-o x.o, linked, %s)" % what, e))
                    os.unlink(obj)
                if target == "nvptx" and ptxas:
                    ptx = os.path.join(tmpdir, "randir-%d-%s.ptx" % (seed, level))
                    with open(ptx, "wb") as fh:
                        fh.write(asm)
                    status, _, err = run([ptxas, ptxas_arch(args), ptx, "-o",
                                          os.devnull], None, args.timeout)
                    compiles += 1
                    if status is None:
                        bad.append(("hangs", cmd + " > x.ptx && ptxas %s x.ptx" % ptxas_arch(args), err))
                    elif status != 0:
                        bad.append(("ptxas", cmd + " > x.ptx && ptxas %s x.ptx" % ptxas_arch(args), err))
                    os.unlink(ptx)
        os.unlink(src)
    return compiles, bad, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True, help="AsyncPipe.so")
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--targets", default="amdgpu,nvptx")
    ap.add_argument("--levels", default="O0,O3",
                    help="comma-separated opt levels (O0, O3)")
    ap.add_argument("--without", default="",
                    help="statement kinds the generator leaves out")
    ap.add_argument("--rt-lib", help="the host runtime (default: "
                    "libasyncpipe_rt.a next to the plugin)")
    ap.add_argument("--opt-arg", action="append", default=[])
    ap.add_argument("--llc-arg", action="append", default=[])
    ap.add_argument("--quiet", action="store_true",
                    help="print only the summary line")
    ap.add_argument("--shard", default="0/1",
                    help="K/M: only the seeds whose index is K modulo M")
    ap.add_argument("--state", help="resumable state file (JSON lines)")
    ap.add_argument("--stop-after", type=float, default=0,
                    help="start no new seed after this many seconds")
    ap.add_argument("--merge", action="append", default=[],
                    help="another shard's state file, counted, read only")
    ap.add_argument("--exactness", action="store_true",
                    help="count exact AMDGPU waits (see above)")
    ap.add_argument("--batch", type=int, default=0,
                    help="compile this many programs per module "
                    "(utils/asyncpipe_randir_batch.py); 0: one per program")
    ap.add_argument("--with", dest="shapes", default="",
                    help="the generator's extra shapes (%s)" %
                    ", ".join(asyncpipe_randir.SHAPES))
    ap.add_argument("--negative", default="",
                    help="negative mode: plant one misuse of these kinds (%s)"
                    " in each program; every compile must be diagnosed" %
                    ", ".join(sorted(asyncpipe_randir.MISUSES)))
    ap.add_argument("--plant", action="append", default=[],
                    help="SEED:KIND, plant a fault (%s) in one program"
                    % ", ".join(sorted(PLANTS)))
    args = ap.parse_args()
    args.targets = args.targets.split(",")
    args.levels = args.levels.split(",")
    args.without = [k for k in args.without.split(",") if k]
    args.shapes = [k for k in args.shapes.split(",") if k]
    args.negative = [k for k in args.negative.split(",") if k]
    if args.negative and args.batch:
        ap.error("--negative compiles each program on its own (no --batch)")
    try:
        asyncpipe_randir.misuse_variants(args.negative)
    except ValueError as e:
        ap.error(str(e))
    args.plant = {int(p.split(":")[0]): p.split(":")[1] for p in args.plant}
    args.opt = os.path.join(args.llvm_bin, "opt")
    args.llc = os.path.join(args.llvm_bin, "llc")
    args.clang = os.path.join(args.llvm_bin, "clang")
    if not args.rt_lib:
        args.rt_lib = os.path.join(os.path.dirname(os.path.abspath(args.plugin)),
                                   "libasyncpipe_rt.a")
    ptxas = find_ptxas() if "nvptx" in args.targets else None

    counts = {"crashes": 0, "hangs": 0, "unsafe": 0, "ptxas": 0, "rejected": 0,
              "runs": 0, "accepted": 0, "invalid": 0}
    compiles = 0
    programs = 0
    stats = collections.Counter()
    shard, shards = (int(x) for x in args.shard.split("/"))
    seeds = [s for i, s in enumerate(range(args.seed, args.seed + args.count))
             if i % shards == shard]

    def account(n, bad, st, replay):
        nonlocal compiles, programs
        programs += 1
        compiles += n
        stats.update(st)
        for kind, cmd, first in bad:
            counts[kind] += 1
            if not args.quiet:
                print("%s%s: %s\n  %s" % ("(earlier run) " if replay else "",
                                          kind, cmd, first))

    def failure_text(err):
        """The first error line of a failing command, with the notes that
        follow it."""
        lines = err.splitlines()
        at = next((i for i, l in enumerate(lines) if "error" in l
                   or "PLEASE" in l), None)
        if at is None:
            return err.strip()[:200]
        # The checker's notes on an unsafe wait (-explain): the DMA still in
        # flight and a path to the wait, for the triage of the report.
        notes = []
        for l in lines[at + 1:]:
            if l.startswith("note:"):
                notes.append(l)
            elif l.strip():
                break
        return "\n  ".join([lines[at]] + notes)

    state = None
    done = set()
    for path in ([args.state] if args.state else []) + args.merge:
        if os.path.exists(path):
            with open(path) as fh:
                for line in fh:
                    try:
                        rec = json.loads(line)
                    except ValueError:
                        continue  # a line cut short by an interrupted run
                    if rec["seed"] in done:
                        continue
                    done.add(rec["seed"])
                    account(rec["compiles"], rec["bad"],
                            collections.Counter(rec["stats"]), True)
    seeds = [s for s in seeds if s not in done]
    if args.state:
        state = open(args.state, "a")

    deadline = time.time() + args.stop_after if args.stop_after else None
    size = max(1, args.batch)
    batches = [seeds[i:i + size] for i in range(0, len(seeds), size)]

    def one(batch):
        if deadline and time.time() > deadline:
            return None
        if args.batch:
            got = asyncpipe_randir_batch.check_batch(batch, args, ptxas, tmpdir,
                                                     sys.modules[__name__])
            return [(s,) + got[s] for s in batch]
        check = check_negative if args.negative else check_seed
        return [(batch[0],) + check(batch[0], args, ptxas, tmpdir)]

    stopped = 0
    with tempfile.TemporaryDirectory(prefix="randir") as tmpdir:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            for batch, results in zip(batches, ex.map(one, batches)):
                if results is None:
                    stopped += len(batch)
                    continue
                for seed, n, bad, st in results:
                    bad = [(k, c, failure_text(e)) for k, c, e in bad]
                    account(n, bad, st, False)
                    if state:
                        state.write(json.dumps({"seed": seed, "compiles": n,
                                                "bad": bad, "stats": dict(st)})
                                    + "\n")
                if state:
                    state.flush()
    if state:
        state.close()
    if stopped:
        print("randir: stopped after %g s, %d programs left for a resumed run"
              % (args.stop_after, stopped))
    if args.negative:
        print("randir: negative: %d programs, %d compiles, %d diagnosed, %d "
              "accepted, %d invalid, %d crashes, %d hangs%s" % (
                  programs, compiles, stats["diagnosed"], counts["accepted"],
                  counts["invalid"] + counts["ptxas"], counts["crashes"],
                  counts["hangs"],
                  "" if ptxas or "nvptx" not in args.targets else " (no ptxas)"))
        for key, n in sorted(stats.items(), key=lambda kv: (-kv[1], kv[0])):
            if key != "diagnosed":
                print("randir: negative:   %6d %s" % (n, key))
        return 1 if any(counts.values()) else 0
    print("randir: %d programs, %d compiles, %d crashes, %d hangs, %d unsafe waits, "
          "%d ptxas rejections, %d rejected%s" % (
              programs, compiles, counts["crashes"], counts["hangs"],
              counts["unsafe"], counts["ptxas"], counts["rejected"],
              "" if ptxas or "nvptx" not in args.targets else " (no ptxas)"))
    if "host" in args.targets:
        print("randir: host: %d runs, %d failed runs; AsyncSan reports (racy "
              "programs, not failures): eager %d, lazy %d, random %d" % (
                  stats["host runs"], counts["runs"],
                  stats["host AsyncSan reports (eager)"],
                  stats["host AsyncSan reports (lazy)"],
                  stats["host AsyncSan reports (random)"]))
    if args.exactness:
        waits = stats["waits"]
        print("randir: %d AMDGPU waits, %d exact (%.2f%%), %d not exact" % (
            waits, stats["exact"], 100.0 * stats["exact"] / waits if waits else 0,
            waits - stats["exact"]))
        for key, n in sorted(stats.items(), key=lambda kv: (-kv[1], kv[0])):
            if key.startswith("pattern: "):
                print("randir:   %6d %s" % (n, key[len("pattern: "):]))
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
