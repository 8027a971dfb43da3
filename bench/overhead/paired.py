#!/usr/bin/env python3
"""Paired CPU-time ratio of two commands on the same input.

Each of RUNS pairs runs A and B REPS times each, interleaved (A B A B ... in
odd pairs, B A B A ... in even ones, so that neither always runs first), and
takes each run's user+system CPU time from the kernel's accounting of the
finished child (wait4). A pair's ratio is A's fastest run over B's fastest:
on a shared machine other processes only ever add CPU time to a run (cache
and core contention), never remove it, so the fastest of a few close runs is
the best estimate of a command's own cost, and the pair's runs are close
enough in time that a drift of the machine's speed cancels. Prints the
ratios' min, median and max. Exits 1 if any run fails.

  paired.py LABEL RUNS [--reps REPS] -- A ARGS... --vs B ARGS...
"""
import os
import statistics
import subprocess
import sys


def cpu_seconds(cmd):
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"error: {' '.join(cmd)} exited with {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def paired_runs(a, b, pairs, reps):
    """Runs A and B interleaved as the module comment says; returns, per
    pair, A's fastest run over B's fastest, and the fastest runs of each."""
    ratios, best_a, best_b = [], [], []
    for pair in range(pairs):
        times = {"a": [], "b": []}
        order = [("a", a), ("b", b)] if pair % 2 == 0 else [("b", b), ("a", a)]
        for _ in range(reps):
            for name, cmd in order:
                times[name].append(cpu_seconds(cmd))
        ratios.append(min(times["a"]) / min(times["b"]))
        best_a.append(min(times["a"]))
        best_b.append(min(times["b"]))
    return ratios, best_a, best_b


def main():
    label, runs = sys.argv[1], int(sys.argv[2])
    rest = sys.argv[3:]
    reps = 3
    if rest[:1] == ["--reps"]:
        reps = int(rest[1])
        rest = rest[2:]
    if rest[:1] != ["--"] or "--vs" not in rest:
        sys.exit("usage: paired.py LABEL RUNS [--reps REPS] -- A... --vs B...")
    rest = rest[1:]
    split = rest.index("--vs")
    a, b = rest[:split], rest[split + 1:]
    # Warm-up: the page cache and the dynamic loader's files.
    cpu_seconds(a)
    cpu_seconds(b)
    ratios, _, best_b = paired_runs(a, b, runs, reps)
    print(f"  {label:<18} plugin/stock CPU time, {runs} pairs of "
          f"{reps}+{reps} runs: min {min(ratios):.3f}  "
          f"median {statistics.median(ratios):.3f}  max {max(ratios):.3f}  "
          f"(stock {statistics.median(best_b):.3f} s)")


if __name__ == "__main__":
    main()
