#!/usr/bin/env bash
#===-- utils/demo.sh - Set up, build and run AsyncPipe on the example -----===#
#
# README's first command. Compiles examples/double-buffer/double_buffer.cl for
# AMDGPU gfx942 and NVPTX sm_80 with the plugin, prints what AsyncPipe did
# (its remarks), and shows the gfx942 loop next to what stock LLVM 22 makes of
# the same kernel written with the ordinary LDS DMA builtin.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
CLANG=/usr/lib/llvm-22/bin/clang
PLUGIN="$BUILD/lib/AsyncPipe.so"
EXAMPLE="$SRC/examples/double-buffer/double_buffer.cl"
OUT="$BUILD/demo"

bash "$SRC/utils/setup.sh"
bash "$SRC/utils/build.sh"
mkdir -p "$OUT"

compile() { # name, clang target flags...
  local name=$1; shift
  echo "== $name: clang -O2 -fpass-plugin=AsyncPipe.so $*"
  "$CLANG" -cl-std=CL2.0 -nogpulib -O2 "$@" -I"$SRC/clang/include" \
    -S "$EXAMPLE" \
    -o "$OUT/$name.s" -fpass-plugin="$PLUGIN" -Rpass='asyncpipe.*' \
    -Rpass-analysis='asyncpipe.*' -Rpass-missed='asyncpipe.*' 2>&1 |
    grep 'remark:' | sed "s|^$SRC/||" || true
}

# The memory instructions, waits and barriers of a kernel's loop, one a line.
loop_of() {
  sed -n '/^scale_tiles:/,/s_endpgm/p' "$1" |
    sed -n '/Loop Header/,/s_cbranch_scc[01] .LBB/p' |
    grep -E 'global_load_lds|global_store|ds_read|s_waitcnt|asyncmark|s_barrier|s_cbranch' |
    sed 's/^\s*//; s/\s\+/ /g'
}

compile gfx942 -target amdgcn-amd-amdhsa -mcpu=gfx942
"$CLANG" -cl-std=CL2.0 -nogpulib -O2 -target amdgcn-amd-amdhsa -mcpu=gfx942 \
  -S "$SRC/examples/double-buffer/double_buffer_stock.cl" -o "$OUT/gfx942-stock.s" \
  2>/dev/null
echo "-- gfx942 double-buffered loop: stock LLVM 22 (ordinary LDS DMA) | AsyncPipe"
paste -d'|' <(loop_of "$OUT/gfx942-stock.s") <(loop_of "$OUT/gfx942.s") |
  awk -F'|' '{ printf "   %-38s | %s\n", $1, $2 }'
echo "   (stock waits vmcnt(0) for the copy of the next tile before every"
echo "    barrier; AsyncPipe lets it fly: vmcnt(1))"

# PTX 7.0 at least (cp.async): without a CUDA installation clang 22 would
# otherwise emit PTX 4.2, which LLVM rejects for sm_80.
compile sm_80 -target nvptx64-nvidia-cuda -march=sm_80 -Xclang -target-feature -Xclang +ptx70
echo "-- async instructions in $OUT/sm_80.s:"
grep -E 'cp\.async|barrier' "$OUT/sm_80.s" | sed 's/^\s*/   /'
if command -v ptxas >/dev/null || [[ -x /usr/local/cuda/bin/ptxas ]]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  "$PTXAS" -arch=sm_80 "$OUT/sm_80.s" -o "$OUT/sm_80.cubin" &&
    echo "-- ptxas -arch=sm_80: assembled"
fi

# The same idea on the host, drawn: examples/timeline/tiles.c run by the host
# runtime with ASYNCPIPE_TRACE, unpipelined and pipelined (3 stages), under
# the lazy policy (a copy completes only when a wait forces it).
echo "-- timeline (host runtime trace, lazy policy): $OUT/timeline.svg"
for stages in 1 3; do
  "$CLANG" -O2 -I"$SRC/clang/include" -DSTAGES=$stages \
    "$SRC/examples/timeline/tiles.c" -fpass-plugin="$PLUGIN" \
    "$BUILD/lib/libasyncpipe_rt.a" -lstdc++ -lpthread -o "$OUT/tiles-$stages"
  ASYNCPIPE_POLICY=lazy ASYNCPIPE_TRACE="$OUT/tiles-$stages.trace" \
    "$OUT/tiles-$stages" >/dev/null
done
python3 "$SRC/utils/asyncpipe_timeline.py" -o "$OUT/timeline.svg" \
  "stock (wait for each tile)=$OUT/tiles-1.trace" \
  "AsyncPipe, 3 stages=$OUT/tiles-3.trace" | sed 's/^/   /'
