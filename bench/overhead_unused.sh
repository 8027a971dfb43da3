#!/usr/bin/env bash
#===-- bench/overhead_unused.sh - What the plugin costs when unused -------===#
#
# Times the stock LLVM 22 tools with and without the AsyncPipe plugin loaded
# on code that has no async operation, and prints the paired CPU-time ratio
# plugin/stock (min, median, max over RUNS pairs; 1.00 = free; each pair's
# ratio is the fastest of REPS interleaved runs with the plugin over the
# fastest of REPS without, see bench/overhead/paired.py):
#   opt -O3        on a generated host C program (FUNCTIONS functions of loop
#                  nests, branches and calls), emitted at -O0 without optnone
#   llc gfx942     on such a program of FUNCTIONS/5 functions built for
#                  amdgcn at -O2
#   llc sm_80      on one of FUNCTIONS*2/5 functions built for nvptx64 at -O2
# The sizes give each tool about 0.2 s of CPU per run: long against the
# plugin's fixed cost of being loaded (well under a millisecond) and short
# enough for many pairs, which is what narrows the median on a busy machine
# (the noise of a run is proportional to its length).
# The plugin bails out of every pass before computing any analysis on such
# modules, so the target is a median <= 1.01.
#
#   bench/overhead_unused.sh [FUNCTIONS [RUNS [REPS]]]  (default 80
#                         functions, 15 pairs of 3+3 runs; about 1 minute of
#                         CPU time)
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
FUNCTIONS=${1:-80}
RUNS=${2:-15}
REPS=${3:-3}
BIN=/usr/lib/llvm-22/bin
PLUGIN=$BUILD/lib/AsyncPipe.so
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asyncpipe-overhead.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -f "$PLUGIN" ]]; then
  bash "$SRC/utils/build.sh"
fi

GFX_FUNCTIONS=$((FUNCTIONS / 5 > 0 ? FUNCTIONS / 5 : 1))
PTX_FUNCTIONS=$((FUNCTIONS * 2 / 5 > 0 ? FUNCTIONS * 2 / 5 : 1))
python3 "$SRC/bench/overhead/gen_plain.py" "$FUNCTIONS" > "$WORK/host.c"
python3 "$SRC/bench/overhead/gen_plain.py" "$GFX_FUNCTIONS" > "$WORK/gfx.c"
python3 "$SRC/bench/overhead/gen_plain.py" "$PTX_FUNCTIONS" > "$WORK/ptx.c"
"$BIN/clang" -O0 -Xclang -disable-O0-optnone -S -emit-llvm "$WORK/host.c" \
  -o "$WORK/host.ll"
"$BIN/clang" --target=amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -S \
  -emit-llvm "$WORK/gfx.c" -o "$WORK/amdgcn.ll"
"$BIN/clang" --target=nvptx64-nvidia-cuda -march=sm_80 -O2 -S -emit-llvm \
  "$WORK/ptx.c" -o "$WORK/nvptx.ll"
# The measurement means nothing if the input has an async operation.
if grep -q -E '@(asyncpipe\.|__asyncpipe_rt_|llvm\.nvvm\.cp\.async)|asyncmark|asm .*cp\.async' \
  "$WORK"/*.ll; then
  echo "error: the generated input has async operations" >&2
  exit 1
fi

echo "overhead_unused: no async operation; $FUNCTIONS functions for opt" \
  "($(wc -l < "$WORK/host.ll") IR lines), $GFX_FUNCTIONS for gfx942," \
  "$PTX_FUNCTIONS for sm_80"
PAIRED="python3 $SRC/bench/overhead/paired.py"
$PAIRED "opt -O3 (host)" "$RUNS" --reps "$REPS" -- \
  "$BIN/opt" -load-pass-plugin="$PLUGIN" -passes='default<O3>' \
  "$WORK/host.ll" -o /dev/null \
  --vs "$BIN/opt" -passes='default<O3>' "$WORK/host.ll" -o /dev/null
$PAIRED "llc -O3 gfx942" "$RUNS" --reps "$REPS" -- \
  "$BIN/llc" -load="$PLUGIN" -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
  "$WORK/amdgcn.ll" -o /dev/null \
  --vs "$BIN/llc" -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 \
  "$WORK/amdgcn.ll" -o /dev/null
$PAIRED "llc -O3 sm_80" "$RUNS" --reps "$REPS" -- \
  "$BIN/llc" -load="$PLUGIN" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 \
  "$WORK/nvptx.ll" -o /dev/null \
  --vs "$BIN/llc" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 \
  "$WORK/nvptx.ll" -o /dev/null
