#!/usr/bin/env bash
#===-- bench/pipeliner/differential.sh - A long pipeliner differential batch -===#
#
# Runs utils/asyncpipe_difftest.py on a large batch of generated
# synchronous-form loops (utils/asyncpipe_gen.py --sync-loops): each loop is
# pipelined for S = 2, 3 and 4, run under eager, lazy and random policies with
# AsyncSan and compared with the unpipelined reference; every loop must be
# pipelined (unless the generator made it ineligible on purpose), and the same
# kind of loops pipelined with every wait one too weak must all be caught.
# The lit suite runs a 240-loop batch of the same kind
# (clang/test/Pipeliner/differential-sync-loops.test).
#
#   bench/pipeliner/differential.sh [LOOPS [SEED]]
#
# Environment: ASYNCPIPE_BUILD_DIR (default build/), JOBS (default 2),
# BROKEN (loops pipelined wrongly on purpose, default LOOPS/10), PER_UNIT
# (loops per translation unit, default 200), RANDOM_SEEDS (default 2),
# OPT (default -O2; the loops the generator makes ineligible on purpose
# assume -O2 or -O3).
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
LOOPS=${1:-2000}
SEED=${2:-$(date +%s)}
BROKEN=${BROKEN:-$((LOOPS / 10))}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-pipeliner-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi

echo "pipeliner-differential: $LOOPS sync-form loops, $BROKEN broken, seed $SEED"
start=$(date +%s.%N)
status=0
python3 "$SRC/utils/asyncpipe_difftest.py" \
  --plugin "$BUILD/lib/AsyncPipe.so" \
  --clang /usr/lib/llvm-22/bin/clang \
  --rt-include "$SRC/runtime/include" \
  --rt-lib "$BUILD/lib/libasyncpipe_rt.a -lstdc++ -lpthread" \
  --work "$WORK" --cflags="${OPT:--O2}" --sync-loops "$LOOPS" \
  --broken-pipelining "$BROKEN" --per-unit "${PER_UNIT:-200}" \
  --seed "$SEED" --random-seeds "${RANDOM_SEEDS:-2}" --jobs "${JOBS:-2}" \
  || status=$?
end=$(date +%s.%N)
python3 - "$start" "$end" "$LOOPS" "$BROKEN" <<'PY'
import sys
start, end, loops, broken = map(float, sys.argv[1:])
secs = end - start
print(f"pipeliner-differential: {secs:.1f} s wall, "
      f"{(loops + broken) * 3 / secs:.1f} loop builds/s (build + all runs)")
PY
exit $status
