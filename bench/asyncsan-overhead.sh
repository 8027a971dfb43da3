#!/usr/bin/env bash
#===-- bench/asyncsan-overhead.sh - Cost of the host runtime and AsyncSan -===#
#
# Builds bench/host/tiled_sum.c (a double-buffered tiled reduction, 64 lanes
# x 16 bytes per tile) four ways and times each on the same input:
#   reference   -DASYNCPIPE_REFERENCE, no plugin: copies are memcpy
#   runtime     the plugin's host lowering onto the runtime, no AsyncSan
#   asyncsan    the same with -mllvm -asyncpipe-sanitize
# each under the eager and lazy policies. Prints the best of N runs and the
# slowdown relative to the reference; checks that every build prints the
# reference's checksum.
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

best_time() { # best wall time in seconds of RUNS runs of "$@"
  python3 - "$RUNS" "$@" <<'PY'
import os, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
best = None
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(f"{best:.4f}")
PY
}

expected=$("$WORK/reference" "$TILES" "$REPEATS")
ref=$(best_time "$WORK/reference" "$TILES" "$REPEATS")
echo "asyncsan-overhead: $TILES tiles x $REPEATS repeats, best of $RUNS runs"
printf '  %-22s %8.4f s   1.0x\n' reference "$ref"
for build in runtime asyncsan; do
  for policy in eager lazy; do
    got=$(ASYNCPIPE_POLICY=$policy "$WORK/$build" "$TILES" "$REPEATS")
    if [[ "$got" != "$expected" ]]; then
      echo "error: $build under $policy printed $got, expected $expected" >&2
      exit 1
    fi
    t=$(ASYNCPIPE_POLICY=$policy best_time "$WORK/$build" "$TILES" "$REPEATS")
    printf '  %-22s %8.4f s %6.1fx\n' "$build ($policy)" "$t" \
      "$(python3 -c "print($t / $ref)")"
  done
done
