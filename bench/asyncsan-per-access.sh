#!/usr/bin/env bash
#===-- bench/asyncsan-per-access.sh - AsyncSan cost vs copies in flight ---===#
#
# Builds bench/host/asyncsan_per_access.c against the runtime and runs it
# under the lazy policy (every copy stays pending) with 1, 4, 16, 64 and 256
# copies in flight. Prints, per count, the min/median/max over RUNS runs of
# the cost of one checked load that takes the slow path (its address lies
# among the pending copies, it races with none; one more copy, above them,
# keeps it within the pending destinations when N is 1) and of one copy from issue
# (__asyncpipe_rt_san_copy: two checks and the insertion) to completion (at
# a wait for all N). The runtime keeps
# the pending copies in an interval index, so both grow at most
# logarithmically; the last line is the ratio 256 copies / 1 copy. The
# program verifies every value it loads and every copy it waited for, and
# exits 1 with MISMATCH otherwise (this script then fails).
#
#   bench/asyncsan-per-access.sh [CHECKS [RUNS]]   (default 200000 checks,
#                                                   5 runs; a few seconds)
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
CHECKS=${1:-200000}
RUNS=${2:-5}
CLANG=/usr/lib/llvm-22/bin/clang
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-per-access.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi
$CLANG -O2 -I"$SRC/runtime/include" "$SRC/bench/host/asyncsan_per_access.c" \
  "$BUILD/lib/libasyncpipe_rt.a" -lstdc++ -lpthread -o "$WORK/per_access"

# Rounds of one run per count, so that a change in the machine's load hits
# every count alike.
for ((r = 0; r < RUNS; ++r)); do
  for n in 1 4 16 64 256; do
    ASYNCPIPE_POLICY=lazy "$WORK/per_access" "$n" "$CHECKS"
  done
done | python3 -c '
import statistics, sys
rows = {}
for line in sys.stdin:
    n, check, issue = line.split()
    rows.setdefault(int(n), []).append((float(check), float(issue)))
print("asyncsan-per-access: lazy policy, ns per operation, min/median/max "
      "of %d interleaved runs" % len(next(iter(rows.values()))))
print("  %-8s %-26s %s" % ("copies", "checked load (slow path)",
                            "copy, issue to completion"))
med = {}
for n in sorted(rows):
    c = [x[0] for x in rows[n]]
    i = [x[1] for x in rows[n]]
    med[n] = (statistics.median(c), statistics.median(i))
    print("  %-8d %6.1f %6.1f %6.1f        %7.1f %7.1f %7.1f" % (
        n, min(c), med[n][0], max(c), min(i), med[n][1], max(i)))
print("  median 256 copies / 1 copy: checked load %.1fx, copy %.1fx" % (
    med[256][0] / med[1][0], med[256][1] / med[1][1]))
'
