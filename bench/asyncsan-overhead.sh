#!/usr/bin/env bash
#===-- bench/asyncsan-overhead.sh - Cost of the host runtime and AsyncSan -===#
#
# Builds bench/host/tiled_sum.c (a double-buffered tiled reduction, 64 lanes
# x 16 bytes per tile) four ways and times each on the same input:
#   reference   -DASYNCPIPE_REFERENCE, no plugin: copies are memcpy
#   runtime     the plugin's host lowering onto the runtime, no AsyncSan
#   asyncsan    the same with -mllvm -asyncpipe-sanitize
# each under the eager, lazy and random policies. Prints the min, median and
# max wall time of RUNS runs and the median's slowdown relative to the
# reference. The program checks every result against a plain loop over its
# input and exits 1 on a mismatch; this script then fails too, and it also
# checks that every build prints the reference's checksum.
#
#   bench/asyncsan-overhead.sh [TILES [REPEATS [RUNS]]]
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
TILES=${1:-1000}
REPEATS=${2:-100}
RUNS=${3:-3}
CLANG=/usr/lib/llvm-22/bin/clang
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi
KERNEL="$SRC/bench/host/tiled_sum.c"
INC="-I$SRC/runtime/include"
RT="$BUILD/lib/libasyncpipe_rt.a -lstdc++ -lpthread"
PLUGIN="-fpass-plugin=$BUILD/lib/AsyncPipe.so"

$CLANG -O2 $INC -DASYNCPIPE_REFERENCE "$KERNEL" -o "$WORK/reference"
$CLANG -O2 $PLUGIN $INC "$KERNEL" $RT -o "$WORK/runtime"
$CLANG -O2 -gline-tables-only $PLUGIN -mllvm -asyncpipe-sanitize $INC \
  "$KERNEL" $RT -o "$WORK/asyncsan"

wall_times() { # "min median max" wall seconds of RUNS runs of "$@"
  python3 - "$RUNS" "$@" <<'PY'
import statistics, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
elapsed = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    elapsed.append(time.perf_counter() - start)
print(f"{min(elapsed):.4f} {statistics.median(elapsed):.4f} {max(elapsed):.4f}")
PY
}

expected=$("$WORK/reference" "$TILES" "$REPEATS")
# Assigned first: a failing run must stop the script (set -e).
r=$(wall_times "$WORK/reference" "$TILES" "$REPEATS")
read -r rmin ref rmax <<<"$r"
echo "asyncsan-overhead: $TILES tiles x $REPEATS repeats, $RUNS runs," \
  "wall seconds min/median/max, slowdown of the median"
printf '  %-22s %8.4f %8.4f %8.4f s   1.0x\n' reference "$rmin" "$ref" "$rmax"
for build in runtime asyncsan; do
  for policy in eager lazy random; do
    got=$(ASYNCPIPE_POLICY=$policy "$WORK/$build" "$TILES" "$REPEATS")
    if [[ "$got" != "$expected" ]]; then
      echo "error: $build under $policy printed $got, expected $expected" >&2
      exit 1
    fi
    r=$(ASYNCPIPE_POLICY=$policy wall_times "$WORK/$build" "$TILES" "$REPEATS")
    read -r tmin t tmax <<<"$r"
    printf '  %-22s %8.4f %8.4f %8.4f s %6.1fx\n' "$build ($policy)" \
      "$tmin" "$t" "$tmax" "$(python3 -c "print($t / $ref)")"
  done
done
