#!/usr/bin/env bash
#===-- utils/demo.sh - Set up, build and run AsyncPipe on the example -----===#
#
# README's first command. Compiles examples/double-buffer/double_buffer.cl for
# AMDGPU gfx942 and NVPTX sm_80 with the plugin, and prints what AsyncPipe did
# (its remarks) and the async instructions in the generated code.
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

compile gfx942 -target amdgcn-amd-amdhsa -mcpu=gfx942
echo "-- async instructions and waits in $OUT/gfx942.s:"
grep -E 'global_load_lds|s_waitcnt|asyncmark|s_barrier' "$OUT/gfx942.s" | sed 's/^\s*/   /'

compile sm_80 -target nvptx64-nvidia-cuda -march=sm_80
echo "-- async instructions in $OUT/sm_80.s:"
grep -E 'cp\.async|barrier' "$OUT/sm_80.s" | sed 's/^\s*/   /'
if command -v ptxas >/dev/null || [[ -x /usr/local/cuda/bin/ptxas ]]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  "$PTXAS" -arch=sm_80 "$OUT/sm_80.s" -o "$OUT/sm_80.cubin" &&
    echo "-- ptxas -arch=sm_80: assembled"
fi
