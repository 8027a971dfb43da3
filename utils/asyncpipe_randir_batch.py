# ===-- utils/asyncpipe_randir_batch.py - Many random programs per process -===#
#
# Part of the AsyncPipe project.
#
# ===-----------------------------------------------------------------------===#
"""The batch mode of utils/asyncpipe_randir_check.py (--batch B): the large
run of issue 20 (bench/randir-scale.sh) is dominated by process start-up
(llc -load AsyncPipe.so on an empty module takes ~30 ms, opt ~17 ms, and a
program needs ~20 such processes), so B programs are compiled together.

One module per batch and target holds B programs, each generated from its
own seed exactly as in the per-program mode, with every symbol it defines
(@kernelK, @helperN, @lds, and on the host @gbuf, @obuf, @main) renamed
@p<seed>_<name>: nothing is shared between programs but the declarations of
intrinsics, so no program calls or reads another's code or memory. The
module goes through the same commands as one program (opt at each level,
llc for each processor with -verify-machineinstrs and the independent
checker, ptxas, the host link and the runs under every completion policy
with AsyncSan), each under a timeout that grows with the batch.

Counts stay per program:
  - a batch in which any command fails (crash, hang, unsafe wait, ptxas
    rejection, error, failed host run) is split in halves and each half
    compiled again, down to single programs, which go through the
    per-program commands, so a failure is reported with its seed and the
    command that reproduces it. A failure no single program of a group
    shows on its own is reported for the group, with its seeds;
  - the checker's exactness remarks are read from -pass-remarks-output,
    whose records name the function, and so the program;
  - the host's main writes "==randir== program <seed>" to stderr before it
    runs each program, so AsyncSan reports are counted per program;
  - "compiles" counts what the per-program mode would run for the program
    (each opt and llc and ptxas per program), the same in both modes.
"""

import collections
import math
import os
import re


# What a program defines; declarations (llvm.*, asyncpipe.*) stay shared.
SYMBOL = re.compile(r"@(lds|helper\d+|kernel\d+|gbuf|obuf|main)\b")
OWNER = re.compile(r"^p(\d+)_")
MARKER = "==randir== program "
REMARK = re.compile(r"--- !Analysis\nPass: +asyncpipe\nName: +WaitExactness\n"
                    r"(?:DebugLoc:.*\n)?Function: +(\S+)\nArgs:\n((?:  - .*\n)+)")


def module(seeds, target, text_of):
    """The batch module of seeds for target; text_of(seed) is one program's
    IR text (utils/asyncpipe_randir.py, with any planted fault)."""
    header = []
    decls = set()
    attrs = set()
    body = []
    for seed in seeds:
        text = SYMBOL.sub(lambda m, s=seed: "@p%d_%s" % (s, m.group(1)),
                          text_of(seed))
        for line in text.split("\n"):
            if line.startswith("target "):
                if line not in header:
                    header.append(line)
            elif line.startswith("declare "):
                decls.add(line)
            elif line.startswith("attributes #"):
                attrs.add(line)
            else:
                body.append(line)
    out = ["; %d programs of utils/asyncpipe_randir.py --target %s, symbols "
           "prefixed p<seed>_" % (len(seeds), target)] + header + [""] + body
    if target == "host":
        # The programs' own mains, one after the other, each announced on
        # stderr (write(2), unbuffered, so in order with AsyncSan's reports).
        main = ["define i32 @main() {"]
        for seed in seeds:
            tag = "%s%d\n" % (MARKER, seed)
            out.append("@p%d_tag = private constant [%d x i8] c\"%s\\0A\"" %
                       (seed, len(tag), tag[:-1]))
            main.append("  call i64 @write(i32 2, ptr @p%d_tag, i64 %d)" %
                        (seed, len(tag)))
            main.append("  call i32 @p%d_main()" % seed)
        main += ["  ret i32 0", "}"]
        out += main
        decls.add("declare i64 @write(i32, ptr, i64)")
    out += sorted(decls) + sorted(attrs)
    return "\n".join(out) + "\n"


def remarks(yaml_text):
    """(function, message) for each exactness remark of a remarks file."""
    for m in REMARK.finditer(yaml_text):
        msg = "".join(re.findall(r"String: +'((?:[^']|'')*)'", m.group(2)))
        yield m.group(1), msg.replace("''", "'")


def owner(function):
    m = OWNER.match(function)
    return int(m.group(1)) if m else None


def timeout(args, n):
    """A batch's commands get the per-program timeout per 10 programs: a
    command of a batch of 100 takes ~5 s of one core, so this is generous
    even on a loaded machine, where a batch that only timed out for the
    load would be reported as a hang of its programs together."""
    return args.timeout * max(1, math.ceil(n / 10.0))


class Failed(Exception):
    """A command of a batch failed: (kind, command, stderr)."""


def compile_group(seeds, target, args, ptxas, tmpdir, chk):
    """Compiles the batch module of seeds for target. Returns {seed:
    (compiles, Counter)} or raises Failed."""
    per = {s: [0, collections.Counter()] for s in seeds}
    tag = "%s-%d-%d" % (target, seeds[0], len(seeds))
    src = os.path.join(tmpdir, "batch-%s.ll" % tag)
    with open(src, "w") as fh:
        fh.write(module(seeds, target, lambda s: chk.program(s, target, args)))
    limit = timeout(args, len(seeds))

    def must(cmd, stdin_data, what):
        status, out, err = chk.run(cmd, stdin_data, limit)
        kind = chk.classify(status, err)
        if kind:
            raise Failed(kind, what + ": " + " ".join(cmd), err)
        return out, err

    try:
        for level in args.levels:
            bc, _ = must(chk.opt_cmd(args, target, level, src), None, "opt")
            for s in seeds:
                per[s][0] += 1
            for cfg in chk.llc_cfgs(args, target):
                cpu = cfg[1][len("-mcpu="):]
                ryaml = os.path.join(tmpdir, "batch-%s.yaml" % tag)
                extra = []
                if args.exactness and target in chk.AMDGPU_CPUS:
                    extra = ["-pass-remarks-output=" + ryaml,
                             "-pass-remarks-filter=asyncpipe"]
                    cfg = [a for a in cfg if not a.startswith("-pass-remarks")]
                asm, _ = must(chk.llc_cmd(args, cfg + extra, level), bc, "llc")
                for s in seeds:
                    per[s][0] += 1
                if extra:
                    with open(ryaml) as fh:
                        found = list(remarks(fh.read()))
                    os.unlink(ryaml)
                    for fn, msg in found:
                        s = owner(fn)
                        if s in per:
                            chk.exactness(msg, cpu, level, per[s][1])
                if target == "host":
                    host_group(asm, seeds, level, args, tmpdir, chk, per, limit)
                if target == "nvptx" and ptxas:
                    ptx = os.path.join(tmpdir, "batch-%s.ptx" % tag)
                    with open(ptx, "wb") as fh:
                        fh.write(asm)
                    status, _, err = chk.run([ptxas, chk.ptxas_arch(args), ptx, "-o",
                                              os.devnull], None, limit)
                    os.unlink(ptx)
                    if status is None:
                        raise Failed("hangs", "ptxas", err)
                    if status != 0:
                        raise Failed("ptxas", "ptxas", err)
                    for s in seeds:
                        per[s][0] += 1
    finally:
        os.unlink(src)
    return {s: (n, st) for s, (n, st) in per.items()}


def host_group(obj_bytes, seeds, level, args, tmpdir, chk, per, limit):
    """Links the batch's host object and runs it under every policy."""
    obj = os.path.join(tmpdir, "batch-host-%d-%s.o" % (seeds[0], level))
    exe = obj[:-2]
    with open(obj, "wb") as fh:
        fh.write(obj_bytes)
    status, _, err = chk.run([args.clang, obj, args.rt_lib, "-lstdc++",
                              "-lpthread", "-o", exe], None, limit)
    os.unlink(obj)
    if status != 0:
        raise Failed("hangs" if status is None else "rejected", "link", err)
    try:
        for policy, pseed in chk.HOST_POLICIES:
            status, err = chk.run_exe(exe, policy, pseed, limit)
            if status is None:
                raise Failed("hangs", "ASYNCPIPE_POLICY=" + policy, "")
            if status != 0:
                raise Failed("runs", "ASYNCPIPE_POLICY=" + policy, err)
            reports = collections.Counter()
            cur = None
            for line in err.splitlines():
                if line.startswith(MARKER):
                    cur = int(line[len(MARKER):])
                elif "==AsyncSan== ERROR" in line:
                    reports[cur] += 1
            if policy == "eager" and reports:
                raise Failed("runs", "ASYNCPIPE_POLICY=eager", err)
            if reports[None]:
                # A report before the first program: not attributable.
                raise Failed("runs", "ASYNCPIPE_POLICY=%s (report outside "
                             "any program)" % policy, err)
            for s in seeds:
                per[s][1]["host runs"] += 1
                per[s][1]["host AsyncSan reports (%s)" % policy] += reports[s]
    finally:
        os.unlink(exe)


def check_batch(seeds, args, ptxas, tmpdir, chk):
    """Every target for a batch of seeds; returns {seed: (compiles, bad,
    stats)} as chk.check_seed would for each, and the number of processes
    run for it (the batch's own commands and any bisection)."""
    res = {s: [0, [], collections.Counter()] for s in seeds}

    def single(seed, target):
        n, bad, st = chk.check_seed(seed, args, ptxas, tmpdir, [target])
        res[seed][0] += n
        res[seed][1].extend(bad)
        res[seed][2].update(st)
        return bool(bad)

    def bisect(group, target):
        """Returns whether some program of group failed."""
        if len(group) == 1:
            return single(group[0], target)
        try:
            got = compile_group(group, target, args, ptxas, tmpdir, chk)
        except Failed as e:
            kind, cmd, err = e.args
            half = len(group) // 2
            failed = bisect(group[:half], target)
            failed = bisect(group[half:], target) or failed
            if not failed:
                # Only the programs together fail: the group is the report.
                res[group[0]][1].append(
                    (kind, "the batch of seeds %s for %s (each passes on its "
                     "own; asyncpipe_randir_batch.module writes it): %s" % (
                         ",".join(map(str, group)), target, cmd), err))
            return True
        for s, (n, st) in got.items():
            res[s][0] += n
            res[s][2].update(st)
        return False

    for target in args.targets:
        bisect(list(seeds), target)
    return {s: (n, bad, st) for s, (n, bad, st) in res.items()}
