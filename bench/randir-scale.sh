#!/usr/bin/env bash
#===-- bench/randir-scale.sh - 100,000 random IR programs, sharded ---------===#
#
# The large run of issue 20: N random IR programs (utils/asyncpipe_randir.py;
# default 100000 from seed 1) compiled by utils/asyncpipe_randir_check.py for
# every target at O0 and O3 -- AMDGPU gfx942, gfx90a, gfx1030 and gfx1250
# (opt + llc -verify-machineinstrs, every wait proven by the independent
# checker), NVPTX sm_80 (PTX assembled by ptxas when installed) and the
# host (opt with AsyncSan, llc x86-64 -verify-machineinstrs, linked with the
# host runtime and run under the eager, lazy and random completion
# policies) -- each compile under a timeout, counting crashes, hangs, unsafe
# waits, ptxas rejections, rejected valid programs and failed host runs,
# and how many AMDGPU waits are
# exact: the counter wait in front of each wait the lowering left allows
# exactly the weakest count the checker proves sufficient there (over the
# lanes that run it, given all the code around it); the others are printed
# by pattern.
#
# Sharded and resumable: SHARD=K/M runs the seeds whose index is K modulo M
# (one shard per machine), each finished seed is appended to
# $STATE_DIR/randir-N-SEED-TARGETS-LEVELS-shardK-of-M.jsonl (one line per
# seed, written as each batch finishes), and a rerun skips the seeds
# already there, so an interrupted run continues where it stopped. The
# counts printed cover every shard file found in $STATE_DIR for the same N
# and SEED. Exit status 1 if any failure count is non-zero.
#
#   bench/randir-scale.sh [N [SEED]]
#
# Batched (utils/asyncpipe_randir_batch.py): BATCH programs, each from its
# own seed with its symbols prefixed p<seed>_, share one module per target,
# so each opt, llc, ptxas, link and host run handles BATCH programs; the
# counts stay per program (a failing batch is bisected down to the program
# and its seed, exactness remarks are attributed by function name).
#
# Environment: ASYNCPIPE_BUILD_DIR (default build/), SHARD (0/1), STATE_DIR
# ($BUILD/randir-scale), JOBS (2), BATCH (100; 0 compiles each program on
# its own), TARGETS (amdgpu,gfx1250,nvptx,host), LEVELS (O0,O3), TIMEOUT (60
# s per compile, per 10 programs of a batch), STOP_AFTER (seconds after
# which no new batch starts; the rest stay for a resumed run).
#
# Throughput, measured on the project's 2-core machine: about 0.35 s of one
# core per program with every target and level in batches of 100 (summed
# per step), against about 1 s per program compiled on its own -- a 3x
# gain, not more, because once batched process start-up is not what
# dominates: AMDGPU llc is (gfx942, gfx90a, gfx1030 and gfx1250 at O0 and
# O3, ~28 of the ~35 core-seconds per 100 programs), and
# -verify-machineinstrs is ~60% of it. 100,000 programs are thus ~10
# core-hours: ~5 h on 2 idle cores, far more on the shared machine (0.5
# programs/s with JOBS=2 at load ~15); shard it (SHARD=K/M on M machines)
# or let it resume over several runs.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
N=${1:-100000}
SEED=${2:-1}
SHARD=${SHARD:-0/1}
STATE_DIR=${STATE_DIR:-$BUILD/randir-scale}
TARGETS=${TARGETS:-amdgpu,gfx1250,nvptx,host}
LEVELS=${LEVELS:-O0,O3}

if [[ ! -f "$BUILD/lib/AsyncPipe.so" ]]; then
  bash "$SRC/utils/build.sh"
fi
mkdir -p "$STATE_DIR"
tag="randir-$N-$SEED-${TARGETS//,/+}-${LEVELS//,/+}"
state="$STATE_DIR/$tag-shard${SHARD%/*}-of-${SHARD#*/}.jsonl"
merge=()
for f in "$STATE_DIR/$tag"-shard*.jsonl; do
  [[ -f "$f" && "$f" != "$state" ]] && merge+=(--merge "$f")
done

echo "randir-scale: $N programs from seed $SEED, shard $SHARD, state $state"
start=$(date +%s.%N)
status=0
python3 "$SRC/utils/asyncpipe_randir_check.py" --plugin "$BUILD/lib/AsyncPipe.so" \
  --count "$N" --seed "$SEED" --shard "$SHARD" --jobs "${JOBS:-2}" \
  --targets "$TARGETS" --levels "$LEVELS" --timeout "${TIMEOUT:-60}" \
  --stop-after "${STOP_AFTER:-0}" --state "$state" "${merge[@]}" --exactness \
  --batch "${BATCH:-100}" \
  || status=$?
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "randir-scale: %.1f s this run\n", e - s }'
exit $status
