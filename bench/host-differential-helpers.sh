#!/usr/bin/env bash
#===-- bench/host-differential-helpers.sh - Helper programs on the host ---===#
#
# Runs utils/asyncpipe_difftest.py --helpers on a large batch of generated
# programs with helpers and native NVPTX spellings (default 2000): each built
# at -O0, -O1, -O2 and -O3, run under every completion policy (eager, lazy,
# RANDOM_SEEDS random seeds) against its -O0 build with AsyncSan. Prints the
# harness's counts and how long it took. With BROKEN=1 the optimized builds
# also get -mllvm -asyncpipe-unsound-legacy-model-for-testing and the counts
# say how many programs caught that unsound build. The lit suite runs a
# 300-program part (clang/test/HostRuntime/differential-helpers.test).
#
#   bench/host-differential-helpers.sh [PROGRAMS [SEED]]
#
# Environment: ASYNCPIPE_BUILD_DIR (default build/), JOBS (default 2),
# RANDOM_SEEDS (default 2), BROKEN (default 0), PER_UNIT (default 125).
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
PROGRAMS=${1:-2000}
SEED=${2:-$(date +%s)}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi

BROKEN_FLAGS=()
if [[ "${BROKEN:-0}" != 0 ]]; then
  BROKEN_FLAGS=(--broken-flags "-mllvm -asyncpipe-unsound-legacy-model-for-testing")
fi

echo "host-differential-helpers: $PROGRAMS programs, seed $SEED${BROKEN_FLAGS:+, broken optimized builds}"
start=$(date +%s.%N)
status=0
python3 "$SRC/utils/asyncpipe_difftest.py" \
  --plugin "$BUILD/lib/AsyncPipe.so" \
  --clang /usr/lib/llvm-22/bin/clang \
  --rt-include "$SRC/runtime/include" \
  --rt-lib "$BUILD/lib/libasyncpipe_rt.a -lstdc++ -lpthread" \
  --work "$WORK" --helpers "$PROGRAMS" --per-unit "${PER_UNIT:-125}" \
  --seed "$SEED" --random-seeds "${RANDOM_SEEDS:-2}" --jobs "${JOBS:-2}" \
  "${BROKEN_FLAGS[@]}" | grep -v '^  failed: ' || status=$?
end=$(date +%s.%N)
python3 - "$start" "$end" "$PROGRAMS" <<'PY'
import sys
start, end, programs = map(float, sys.argv[1:])
secs = end - start
print(f"host-differential-helpers: {secs:.1f} s wall, "
      f"{programs / secs:.1f} programs/s (4 builds each + all runs)")
PY
exit $status
