#!/usr/bin/env bash
#===-- bench/host-differential.sh - A long differential batch on the host -===#
#
# Runs utils/asyncpipe_difftest.py on a large batch of generated async
# programs (default 5000 correct + 1000 negative, 4 completion policies) and
# reports how long it took. The lit suite runs a 500-program batch of the same
# kind (clang/test/HostRuntime/differential-batch.test).
#
#   bench/host-differential.sh [PROGRAMS [SEED]]
#
# Environment: ASYNCPIPE_BUILD_DIR (default build/), JOBS (default 2),
# NEGATIVES (default PROGRAMS/5), RANDOM_SEEDS (default 2).
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
PROGRAMS=${1:-5000}
SEED=${2:-$(date +%s)}
NEGATIVES=${NEGATIVES:-$((PROGRAMS / 5))}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi

echo "host-differential: $PROGRAMS programs, $NEGATIVES negative, seed $SEED"
start=$(date +%s.%N)
status=0
python3 "$SRC/utils/asyncpipe_difftest.py" \
  --plugin "$BUILD/lib/AsyncPipe.so" \
  --clang /usr/lib/llvm-22/bin/clang \
  --rt-include "$SRC/runtime/include" \
  --rt-lib "$BUILD/lib/libasyncpipe_rt.a -lstdc++ -lpthread" \
  --work "$WORK" --generate "$PROGRAMS" --negatives "$NEGATIVES" \
  --seed "$SEED" --random-seeds "${RANDOM_SEEDS:-2}" --jobs "${JOBS:-2}" \
  || status=$?
end=$(date +%s.%N)
python3 - "$start" "$end" "$PROGRAMS" "$NEGATIVES" <<'PY'
import sys
start, end, programs, negatives = map(float, sys.argv[1:])
secs = end - start
print(f"host-differential: {secs:.1f} s wall, "
      f"{(programs + negatives) / secs:.1f} programs/s (build + all runs)")
PY
exit $status
