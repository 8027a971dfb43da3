#!/usr/bin/env bash
#===-- bench/random-policy-detection.sh - Races the random policy shows ---===#
#
# How often AsyncSan catches a generated negative program (one wait one too
# weak, or a source reused before its copy completes) under the random
# completion policy: utils/asyncpipe_difftest.py --random-detection runs
# every negative program under random with seeds 1..SEEDS. Under lazy
# AsyncSan catches every one (the harness fails otherwise); under random a
# copy may complete before the racing access, so a run can miss.
#
#   bench/random-policy-detection.sh [NEGATIVES [SEEDS [SEED]]]
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
NEGATIVES=${1:-500}
SEEDS=${2:-6}
SEED=${3:-2026}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi

echo "random-policy-detection: $NEGATIVES negative programs, seed $SEED," \
  "random seeds 1-$SEEDS"
python3 "$SRC/utils/asyncpipe_difftest.py" \
  --plugin "$BUILD/lib/AsyncPipe.so" \
  --clang /usr/lib/llvm-22/bin/clang \
  --rt-include "$SRC/runtime/include" \
  --rt-lib "$BUILD/lib/libasyncpipe_rt.a -lstdc++ -lpthread" \
  --work "$WORK" --generate 10 --negatives "$NEGATIVES" --seed "$SEED" \
  --random-detection "$SEEDS" --jobs "${JOBS:-2}" | grep "negative programs"
