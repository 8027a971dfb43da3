#!/usr/bin/env bash
#===-- bench/asyncsan-overhead.sh - Cost of the host runtime and AsyncSan -===#
#
# Builds bench/host/tiled_sum.c (a double-buffered tiled reduction, 64 lanes
# x 16 bytes per tile) four ways and times each on the same input:
#   reference   -DASYNCPIPE_REFERENCE, no plugin: copies are memcpy
#   runtime     the plugin's host lowering onto the runtime, no AsyncSan
#   asyncsan    the same with -mllvm -asyncpipe-sanitize
# each under the eager, lazy and random policies. The seven runs of a round
# are interleaved (reference, runtime eager/lazy/random, asyncsan
# eager/lazy/random), RUNS rounds, so that a change in the machine's load
# hits every build alike. Prints the min, median and max CPU time (user +
# system) of each and the median's slowdown relative to the reference, then
# the paired ratios (the median over rounds of each round's ratio) that
# compare the policies: random / lazy with and without AsyncSan, and
# AsyncSan lazy / eager. The program checks every result against a plain
# loop over its input and exits 1 on a mismatch; this script then fails too,
# and it also checks that every build prints the reference's checksum.
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

expected=$("$WORK/reference" "$TILES" "$REPEATS")
for build in runtime asyncsan; do
  for policy in eager lazy random; do
    got=$(ASYNCPIPE_POLICY=$policy "$WORK/$build" "$TILES" "$REPEATS")
    if [[ "$got" != "$expected" ]]; then
      echo "error: $build under $policy printed $got, expected $expected" >&2
      exit 1
    fi
  done
done

python3 - "$WORK" "$TILES" "$REPEATS" "$RUNS" <<'PY'
import os, resource, statistics, subprocess, sys
work, tiles, repeats, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
builds = [("reference", "reference", None)] + [
    (f"{b} ({p})", b, p) for b in ("runtime", "asyncsan")
    for p in ("eager", "lazy", "random")]
cpu = {name: [] for name, _, _ in builds}
for _ in range(runs):
    for name, exe, policy in builds:
        env = dict(os.environ)
        if policy:
            env["ASYNCPIPE_POLICY"] = policy
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        # check=True: a failing run (a wrong result) stops the script.
        subprocess.run([os.path.join(work, exe), tiles, repeats], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[name].append(after.ru_utime - before.ru_utime +
                         after.ru_stime - before.ru_stime)
print(f"asyncsan-overhead: {tiles} tiles x {repeats} repeats, {runs} "
      "interleaved rounds, CPU seconds min/median/max, slowdown of the median")
ref = statistics.median(cpu["reference"])
for name, _, _ in builds:
    t = cpu[name]
    print(f"  {name:22} {min(t):8.4f} {statistics.median(t):8.4f} "
          f"{max(t):8.4f} s {statistics.median(t) / ref:6.1f}x")
def paired(a, b):
    r = [x / y for x, y in zip(cpu[a], cpu[b])]
    return f"{statistics.median(r):.2f} (min {min(r):.2f}, max {max(r):.2f})"
print("  paired, median of the rounds' ratios:")
print("    random / lazy, runtime:    " + paired("runtime (random)", "runtime (lazy)"))
print("    random / lazy, AsyncSan:   " + paired("asyncsan (random)", "asyncsan (lazy)"))
print("    AsyncSan lazy / eager:     " + paired("asyncsan (lazy)", "asyncsan (eager)"))
print("    AsyncSan lazy / runtime lazy: " + paired("asyncsan (lazy)", "runtime (lazy)"))
PY
