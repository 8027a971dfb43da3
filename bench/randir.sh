#!/usr/bin/env bash
#===-- bench/randir.sh - A large batch of random IR programs --------------===#
#
# Compiles N random IR programs (utils/asyncpipe_randir.py) for every target
# at O0 and O3 with utils/asyncpipe_randir_check.py: AMDGPU gfx942, gfx90a,
# gfx1030 and gfx1250 (opt + llc, every wait proven by
# -amdgpu-enable-check-async-waits) and
# NVPTX sm_80 (PTX assembled by ptxas when installed), each compile under a
# 60 s timeout. Prints the failing compiles (with the command that
# reproduces each), the summary line and the time taken; exits 1 if any
# count is non-zero. The lit suite runs a fixed-seed part of this
# (llvm/test/Random/randir-batch-*.test); bench/randir-scale.sh is the
# sharded, resumable 100,000-program run. About 1 s per program on 2 cores.
#
#   bench/randir.sh [N [SEED]]        (default 1000 programs, seed = time)
#
# Environment: ASYNCPIPE_BUILD_DIR (default build/), JOBS (default 2),
# TARGETS (default amdgpu,gfx1250,nvptx), LEVELS (default O0,O3), TIMEOUT (60).
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
N=${1:-1000}
SEED=${2:-$(date +%s)}

if [[ ! -f "$BUILD/lib/AsyncPipe.so" ]]; then
  bash "$SRC/utils/build.sh"
fi

echo "randir: $N programs from seed $SEED"
start=$(date +%s.%N)
status=0
python3 "$SRC/utils/asyncpipe_randir_check.py" --plugin "$BUILD/lib/AsyncPipe.so" \
  --count "$N" --seed "$SEED" --jobs "${JOBS:-2}" \
  --targets "${TARGETS:-amdgpu,gfx1250,nvptx}" --levels "${LEVELS:-O0,O3}" \
  --timeout "${TIMEOUT:-60}" || status=$?
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "randir: %.1f s\n", e - s }'
exit $status
