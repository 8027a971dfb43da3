#!/usr/bin/env python3
# ===-- bench/latency_model/simulate.py - Steady state of a pipelined loop -===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Reads the AMDGPU assembly (.s) or PTX (.ptx) that LLVM emitted for a
kernel, takes its pipelined loop, and reports the loop's steady-state cycles
per iteration under a latency model, for the code as emitted (AsyncPipe), for
what stock LLVM 22 would do with the same copies, and for the ideal; and how
many copies (and groups) are in flight at each consumer.

The model (every assumption is here):
  * Each asynchronous copy (AMDGPU: global_load_lds_*, buffer_load_*_lds,
    global_load_async_to_lds_*; other vector-memory loads count too, as on
    the vmcnt counter; PTX: cp.async.*.shared.global) completes L cycles
    after its issue, but never before the copy issued before it: retirement
    is in order (one counter per wave / thread).
  * Issuing costs nothing. Time passes only at waits and in compute.
  * Each iteration computes C cycles, split evenly over its consumer
    segments (a segment starts at the first shared-memory read, ds_read* /
    ds_load* / ld.shared, after a wait); nothing else costs time.
  * A wait blocks until at most K copies (AMDGPU s_waitcnt vmcnt(K),
    s_wait_loadcnt K) or K committed groups (cp.async.wait_group K) are
    pending; cp.async.wait_all waits for every copy.
  * Stock LLVM 22 compiles the same copies as ordinary LDS DMA and waits for
    all of them (vmcnt(0)) at every wait and every barrier; for PTX the stock
    column waits for every group at every wait (wait_group 0).
  * The ideal: the same code with every consumer waiting for exactly the
    copies it reads, issued S-1 iterations earlier (S the stages asked for):
    with P copies (G committed groups) issued per iteration and in-order
    retirement, every wait lets (S-1)*P copies ((S-1)*G groups) fly.
The loop simulated is the innermost loop holding asynchronous copies whose
waits let the most copies fly (the pipelined loop, not the unpipelined
fallback); --loop LABEL picks one. The loop runs ITERATIONS times from an
empty counter; the steady state is the mean over the second half (60
iterations by default: a whole number of periods of 1 to 5 iterations).

  simulate.py FILE [-L 500] [-C 100] [--stages S] [--copies-per-group N]
              [--loop LABEL] [--iterations 120]
Prints one line: cycles per iteration for stock, AsyncPipe and the ideal, and
the copies (groups) in flight right after each consumer's wait.
"""

import argparse
import re
import sys

AMDGPU_DMA = re.compile(
    r"^\s*(global_load_lds_\w+|buffer_load_\w*lds\w*|global_load_async_to_lds"
    r"\w*)\b")
AMDGPU_VMEM = re.compile(r"^\s*(global_load|buffer_load|flat_load)\w*\b")
AMDGPU_WAIT = re.compile(r"^\s*s_waitcnt\b.*\bvmcnt\((\d+)\)")
AMDGPU_WAIT12 = re.compile(r"^\s*s_wait_loadcnt\s+(0x[0-9a-fA-F]+|\d+)")
AMDGPU_BARRIER = re.compile(r"^\s*s_barrier\b")
AMDGPU_SHARED_READ = re.compile(r"^\s*ds_(read|load)\w*\b")
AMDGPU_LABEL = re.compile(r"^(\.LBB\w+):")
AMDGPU_BRANCH = re.compile(r"^\s*s_cbranch_\w+\s+(\.LBB\w+)|^\s*s_branch\s+(\.LBB\w+)")

PTX_COPY = re.compile(r"^\s*(@%p\d+\s+)?cp\.async\.c[ag]\.shared\.global\b")
PTX_COMMIT = re.compile(r"^\s*cp\.async\.commit_group\b")
PTX_WAIT = re.compile(r"^\s*cp\.async\.wait_group\s+(\d+)")
PTX_WAIT_ALL = re.compile(r"^\s*cp\.async\.wait_all\b")
PTX_SHARED_READ = re.compile(r"^\s*(@%p\d+\s+)?ld\.shared\b")
PTX_LABEL = re.compile(r"^(\$L__BB\w+):")
PTX_BRANCH = re.compile(r"^\s*(@!?%p\d+\s+)?bra(\.uni)?\s+(\$L__BB\w+)")


def parse_loops(lines, ptx):
    """Returns {label: [event, ...]} for every loop LLVM marks with a "Loop
    Header" comment. The body is the loop's blocks (those reachable from the
    header that reach it again), in layout order from the header on, wrapping
    around: a rotated loop may lay its latch out before its header. Every
    block counts once per iteration, whatever path a branch would take."""
    label_re = PTX_LABEL if ptx else AMDGPU_LABEL
    branch_re = PTX_BRANCH if ptx else AMDGPU_BRANCH
    # A block starts at a label, or after a branch (the fall-through block
    # needs no label).
    blocks, headers = [], set()  # blocks: [label, first line, end line]
    after_branch = False
    for i, line in enumerate(lines):
        m = label_re.match(line)
        code = line.split("//")[0] if ptx else line.split(";")[0]
        if m or (after_branch and code.strip()):
            if blocks:
                blocks[-1][2] = i
            name = m.group(1) if m else "<fall-through %d>" % i
            blocks.append([name, i + 1 if m else i, len(lines)])
            if m and "Loop Header" in line:
                headers.add(name)
        if code.strip():
            after_branch = bool(branch_re.match(code))
    index = {b[0]: k for k, b in enumerate(blocks)}
    succs = []
    for k, (_, first, last) in enumerate(blocks):
        out, falls = [], True
        for line in lines[first:last]:
            code = line.split("//")[0] if ptx else line.split(";")[0]
            m = branch_re.match(code)
            if m:
                target = m.group(3) if ptx else (m.group(1) or m.group(2))
                if target in index:
                    out.append(index[target])
                unconditional = (not m.group(1)) if ptx else bool(m.group(2))
                if unconditional:
                    falls = False
            elif re.match(r"^\s*(ret|exit|s_endpgm|s_setpc_b64)\b", code):
                falls = False
        if falls and k + 1 < len(blocks):
            out.append(k + 1)
        succs.append(out)
    preds = [[] for _ in blocks]
    for k, out in enumerate(succs):
        for t in out:
            preds[t].append(k)

    def reach(start, edges):
        seen, work = {start}, [start]
        while work:
            for t in edges[work.pop()]:
                if t not in seen:
                    seen.add(t)
                    work.append(t)
        return seen

    loops = {}
    for h in headers:
        k = index[h]
        body = reach(k, succs) & reach(k, preds)
        if len(body) < 1 or not any(k in succs[b] for b in body):
            continue
        order = sorted(body, key=lambda b: (b - k) % len(blocks))
        evs = []
        for b in order:
            evs += events(lines[blocks[b][1]:blocks[b][2]], ptx)
        loops[h] = evs
    return loops


def events(body, ptx):
    out = []
    for line in body:
        line = line.split("//")[0] if ptx else line.split(";")[0]
        if ptx:
            if PTX_COPY.match(line):
                out.append(("copy", True))
            elif PTX_COMMIT.match(line):
                out.append(("commit",))
            elif PTX_WAIT.match(line):
                out.append(("wait", int(PTX_WAIT.match(line).group(1)),
                            "groups"))
            elif PTX_WAIT_ALL.match(line):
                out.append(("commit",))
                out.append(("wait", 0, "groups"))
            elif PTX_SHARED_READ.match(line):
                out.append(("read",))
        else:
            if AMDGPU_DMA.match(line):
                out.append(("copy", True))
            elif AMDGPU_VMEM.match(line):
                out.append(("copy", False))
            elif AMDGPU_WAIT.match(line):
                out.append(("wait", int(AMDGPU_WAIT.match(line).group(1)),
                            "copies"))
            elif AMDGPU_WAIT12.match(line):
                out.append(("wait", int(AMDGPU_WAIT12.match(line).group(1), 0),
                            "copies"))
            elif AMDGPU_BARRIER.match(line):
                out.append(("barrier",))
            elif AMDGPU_SHARED_READ.match(line):
                out.append(("read",))
    return out


def stock(evs, ptx):
    """The same copies as stock LLVM 22 waits for them: everything at every
    wait, and (AMDGPU) at every barrier."""
    out = []
    for e in evs:
        if e[0] == "wait":
            out.append(("wait", 0, e[2]))
        elif e[0] == "barrier" and not ptx:
            out.append(("wait", 0, "copies"))
            out.append(e)
        else:
            out.append(e)
    return out


def ideal(evs, stages):
    """The same copies with exact waits for a pipeline of \p stages."""
    copies = sum(1 for e in evs if e[0] == "copy")
    groups = sum(1 for e in evs if e[0] == "commit")
    out = []
    for e in evs:
        if e[0] == "wait":
            per_iteration = copies if e[2] == "copies" else groups
            out.append(("wait", (stages - 1) * per_iteration, e[2]))
        else:
            out.append(e)
    return out


def simulate(evs, latency, compute, iterations):
    """Returns (cycles per iteration in the steady state, [in flight after
    each consumer's wait in the last iteration as (copies, groups)])."""
    segments = 0
    waited = False
    for e in evs:
        if e[0] == "wait":
            waited = True
        elif e[0] == "read" and waited:
            segments += 1
            waited = False
    per_segment = compute / max(segments, 1)
    t = 0.0
    pending = []  # completion times of copies in flight, oldest first
    dma_pending = []  # whether each is an async copy
    open_copies = 0
    issued = 0
    last_done = 0.0
    done_at = {-1: 0.0}  # issue number -> completion time
    group_end = []  # issue number of the last copy of each committed group
    starts = []
    inflight = []
    for it in range(iterations):
        starts.append(t)
        inflight = []
        waited = False
        for e in evs:
            if e[0] == "copy":
                last_done = max(t + latency, last_done)
                done_at[issued] = last_done
                pending.append(issued)
                dma_pending.append(e[1])
                issued += 1
                open_copies += 1
            elif e[0] == "commit":
                # An empty group counts too, and completes with the ones
                # before it.
                group_end.append(issued - 1)
                open_copies = 0
            elif e[0] == "wait":
                if e[2] == "copies":
                    while len(pending) > e[1]:
                        t = max(t, done_at[pending.pop(0)])
                        dma_pending.pop(0)
                else:
                    while len(group_end) > e[1]:
                        t = max(t, done_at[group_end.pop(0)])
                # Retire what has completed by now (in order).
                while pending and done_at[pending[0]] <= t:
                    pending.pop(0)
                    dma_pending.pop(0)
                while group_end and done_at[group_end[0]] <= t:
                    group_end.pop(0)
                waited = True
            elif e[0] == "read" and waited:
                copies = sum(1 for d in dma_pending if d)
                inflight.append((copies, len(group_end)))
                waited = False
                t += per_segment
        if segments == 0:
            t += compute
    half = iterations // 2
    return (t - starts[half]) / (iterations - half), inflight


def pick_loop(loops, wanted):
    if wanted:
        if wanted not in loops:
            sys.exit("error: no loop at label %s (loops: %s)" %
                     (wanted, ", ".join(sorted(loops))))
        return wanted
    with_copies = {k: v for k, v in loops.items()
                   if any(e[0] == "copy" and e[1] for e in v)}
    if not with_copies:
        sys.exit("error: no loop holds an asynchronous copy")
    # The pipelined loop lets the most copies fly; ties: the longest body.
    return max(with_copies, key=lambda k: (
        sum(e[1] for e in with_copies[k] if e[0] == "wait"),
        len(with_copies[k])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("-L", type=float, default=500, help="copy latency")
    ap.add_argument("-C", type=float, default=100,
                    help="compute cycles per iteration")
    ap.add_argument("--stages", type=int, default=1,
                    help="stages asked for (for the ideal; 1: none)")
    ap.add_argument("--copies-per-group", type=int, default=0,
                    help="AMDGPU: copies per source group (0: one group per "
                    "run of copies between two waits)")
    ap.add_argument("--loop", default="")
    ap.add_argument("--iterations", type=int, default=120)
    args = ap.parse_args()
    with open(args.file) as f:
        lines = f.read().splitlines()
    ptx = args.file.endswith(".ptx") or any(
        l.startswith(".target sm_") for l in lines)
    loops = parse_loops(lines, ptx)
    label = pick_loop(loops, args.loop)
    evs = loops[label]
    ours, inflight = simulate(evs, args.L, args.C, args.iterations)
    theirs, _ = simulate(stock(evs, ptx), args.L, args.C, args.iterations)
    best, _ = simulate(ideal(evs, max(args.stages, 1)), args.L, args.C,
                       args.iterations)
    per_group = args.copies_per_group
    if not ptx and not per_group:
        runs, run = [], 0
        for e in evs:
            if e[0] == "copy" and e[1]:
                run += 1
            elif e[0] == "wait" and run:
                runs.append(run)
                run = 0
        per_group = min(runs) if runs else 1
    shown = []
    for copies, groups in inflight:
        if not ptx:
            groups = copies / per_group
        shown.append("%d copies/%g groups" % (copies, groups))
    print("%s loop %s L=%g C=%g: stock %.1f asyncpipe %.1f ideal %.1f "
          "cycles/iteration; in flight at consumers: %s" %
          (args.file, label, args.L, args.C, theirs, ours, best,
           ", ".join(shown) or "none"))


if __name__ == "__main__":
    main()
