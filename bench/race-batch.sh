#!/usr/bin/env bash
#===-- bench/race-batch.sh - The race warning against AsyncSan -----------===#
#
# How many generated weak-wait programs (one wait one group too weak) the
# compile-time race warning (llvm/docs/AsyncPipeRaces.rst) catches at -O2 -g,
# of those AsyncSan flags under the lazy policy, and that every warning is
# confirmed by AsyncSan's report of the same access, copy and iteration on a
# run driven along the warning's path; correct programs (with and without
# helpers) get no warning. utils/asyncpipe_race_batch.py does the work.
#
#   bench/race-batch.sh [NEGATIVES [POSITIVES [SEED]]]
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
NEGATIVES=${1:-500}
POSITIVES=${2:-500}
SEED=${3:-1}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi

echo "race-batch: $NEGATIVES weak-wait programs, $POSITIVES correct programs" \
  "and $POSITIVES with helpers, seed $SEED, -O2 -g"
python3 "$SRC/utils/asyncpipe_race_batch.py" \
  --plugin "$BUILD/lib/AsyncPipe.so" \
  --clang /usr/lib/llvm-22/bin/clang \
  --rt-include "$SRC/runtime/include" \
  --rt-lib "$BUILD/lib/libasyncpipe_rt.a -lstdc++ -lpthread" \
  --work "$WORK" --negatives "$NEGATIVES" --positives "$POSITIVES" \
  --helper-positives "$POSITIVES" --seed "$SEED" --min-rate 80 \
  --jobs "${JOBS:-2}"
