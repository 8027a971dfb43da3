#!/usr/bin/env bash
#===-- bench/asyncsan-per-access.sh - AsyncSan cost vs copies in flight ---===#
#
# Builds bench/host/asyncsan_per_access.c against the runtime and runs it
# under the lazy policy (every copy stays pending) with 1 to 1024 copies in
# flight, in four layouts of their sources and destinations (adjacent,
# scattered, overlapping, strided; see the program). Each run is timed in CPU
# time of its process (CLOCK_PROCESS_CPUTIME_ID), so that time other
# processes hold the core is not counted. Prints, per layout and count, the
# min/median/max over RUNS runs of
#   - one checked load that takes the slow path (its address lies among the
#     pending destinations, it races with none);
#   - one copy from its checked issue (__asyncpipe_rt_san_copy: two checks
#     and the index) to its completion at a wait for all N;
#   - one copy of the runtime alone (__asyncpipe_rt_copy, no AsyncSan), run
#     in its own process right after the AsyncSan one (paired runs);
# and the median over runs of each pair's ratio AsyncSan / runtime alone.
# Then, per layout, the ratios of the medians at the largest count to those
# at 1 copy. Every figure comes from this one run. The program verifies every
# value it loads and every copy it waited for, and exits 1 with MISMATCH
# otherwise (this script then fails).
#
#   bench/asyncsan-per-access.sh [CHECKS [RUNS [COUNTS]]]
#     default 200000 checks, 5 runs, counts "1 4 16 64 256 1024"
#     (about a minute on the shared 2-core machine)
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
CHECKS=${1:-200000}
RUNS=${2:-5}
COUNTS=${3:-"1 4 16 64 256 1024"}
LAYOUTS="adjacent scattered overlapping strided"
CLANG=/usr/lib/llvm-22/bin/clang
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-per-access.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi
$CLANG -O2 -I"$SRC/runtime/include" "$SRC/bench/host/asyncsan_per_access.c" \
  "$BUILD/lib/libasyncpipe_rt.a" -lstdc++ -lpthread -o "$WORK/per_access"

# Rounds of one run per layout, count and mode, so that a change in the
# machine's load hits every configuration alike; the runtime-alone run
# follows its AsyncSan run at once.
for ((r = 0; r < RUNS; ++r)); do
  for layout in $LAYOUTS; do
    for n in $COUNTS; do
      ASYNCPIPE_POLICY=lazy "$WORK/per_access" "$layout" "$n" "$CHECKS" san
      ASYNCPIPE_POLICY=lazy "$WORK/per_access" "$layout" "$n" "$CHECKS" rt
    done
  done
done | python3 -c '
import statistics, sys
san, rt = {}, {}
for line in sys.stdin:
    layout, n, mode, check, copy = line.split()
    key = (layout, int(n))
    (san if mode == "san" else rt).setdefault(key, []).append(
        (float(check), float(copy)))
layouts = []
for layout, _ in san:
    if layout not in layouts:
        layouts.append(layout)
runs = len(next(iter(san.values())))
print("asyncsan-per-access: lazy policy, CPU ns per operation, "
      "min/median/max of %d interleaved runs" % runs)
def mmm(xs):
    return "%6.1f %6.1f %6.1f" % (min(xs), statistics.median(xs), max(xs))
for layout in layouts:
    counts = sorted(n for l, n in san if l == layout)
    print("%s:" % layout)
    print("  %-7s %-22s %-25s %-25s %s" % (
        "copies", "checked load", "copy, AsyncSan",
        "copy, runtime alone", "AsyncSan/runtime"))
    med = {}
    for n in counts:
        s, r = san[(layout, n)], rt[(layout, n)]
        checks = [x[0] for x in s]
        copies = [x[1] for x in s]
        alone = [x[1] for x in r]
        ratio = statistics.median(a / b for a, b in zip(copies, alone))
        med[n] = (statistics.median(checks), statistics.median(copies), ratio)
        print("  %-7d %s   %s    %s     %5.1fx" % (
            n, mmm(checks), mmm(copies), mmm(alone), ratio))
    lo, hi = counts[0], counts[-1]
    print("  median %d copies / %d: checked load %.2fx, copy %.2fx; "
          "AsyncSan/runtime at %d: %.1fx" % (
              hi, lo, med[hi][0] / med[lo][0], med[hi][1] / med[lo][1], hi,
              med[hi][2]))
'
