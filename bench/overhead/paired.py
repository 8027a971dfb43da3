#!/usr/bin/env python3
"""Paired CPU-time ratio of two commands: runs A and B in turn (A B A B ...,
after one warm-up of each), takes each run's user+system CPU time from the
kernel's accounting of the finished child (wait4), and prints the ratio A/B
pair by pair as min, median and max, so that a drift of the machine's speed
cancels within each pair. Exits 1 if any run fails.

  paired.py LABEL RUNS -- A ARGS... --vs B ARGS...
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


def main():
    label, runs = sys.argv[1], int(sys.argv[2])
    rest = sys.argv[4:]
    split = rest.index("--vs")
    a, b = rest[:split], rest[split + 1:]
    cpu_seconds(a)
    cpu_seconds(b)
    ratios, times_a, times_b = [], [], []
    for _ in range(runs):
        ta, tb = cpu_seconds(a), cpu_seconds(b)
        times_a.append(ta)
        times_b.append(tb)
        ratios.append(ta / tb)
    print(f"  {label:<34} plugin/stock CPU time, {runs} pairs: "
          f"min {min(ratios):.3f}  median {statistics.median(ratios):.3f}  "
          f"max {max(ratios):.3f}  (stock median "
          f"{statistics.median(times_b):.3f} s)")


if __name__ == "__main__":
    main()
