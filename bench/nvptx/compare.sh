#!/usr/bin/env bash
#===-- bench/nvptx/compare.sh - AsyncPipe vs cuda_pipeline.h resources ----===#
#
# Compiles the kernels of kernels.cu twice with clang-22 for one GPU (sm_80
# by default): with AsyncPipe's portable calls and the plugin, and with CUDA's
# cuda_pipeline.h primitives (-DUSE_CUDA_PIPELINE). Runs `ptxas -v` on both
# and prints, per kernel, the registers and shared memory each uses as an RST
# table (the one in llvm/docs/AsyncPipeNVPTX.rst). Exits 1 if AsyncPipe uses
# more registers than cuda_pipeline.h for any kernel, unless REPORT_ONLY=1
# (for a build whose options are known to cost registers: the table only).
#
# Environment: ASYNCPIPE_PLUGIN (default build/lib/AsyncPipe.so), CUDA_PATH
# (default /usr/local/cuda), LLVM_BIN (default /usr/lib/llvm-22/bin), ARCH
# (default sm_80), ASYNCPIPE_MLLVM (plugin options for the AsyncPipe build,
# e.g. "-asyncpipe-nvptx-zfill-in-register").
#
#===------------------------------------------------------------------------===#
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
PLUGIN=${ASYNCPIPE_PLUGIN:-$SRC/build/lib/AsyncPipe.so}
CUDA=${CUDA_PATH:-/usr/local/cuda}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
ARCH=${ARCH:-sm_80}
PTXAS=$CUDA/bin/ptxas

for needed in "$PLUGIN" "$PTXAS" "$LLVM_BIN/clang" \
              "$CUDA/include/cuda_pipeline.h"; do
  [[ -e $needed ]] || { echo "compare.sh: missing $needed" >&2; exit 2; }
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

CLANG_FLAGS=(-x cuda --cuda-device-only "--cuda-gpu-arch=$ARCH"
             "--cuda-path=$CUDA" -Wno-unknown-cuda-version -O3 -S)

# Writes "kernel registers smem" lines for one variant.
resources() {
  local name=$1
  shift
  "$LLVM_BIN/clang" "${CLANG_FLAGS[@]}" "$@" "$HERE/kernels.cu" \
    -o "$WORK/$name.ptx"
  "$PTXAS" -v "-arch=$ARCH" "$WORK/$name.ptx" -o /dev/null 2>&1 |
    awk '/Compiling entry function/ { gsub(/\047/, "", $7); kernel = $7 }
         /Used [0-9]+ registers/ {
           regs = 0; smem = 0
           for (i = 1; i <= NF; ++i) {
             if ($(i + 1) ~ /^registers/) regs = $i
             if ($(i + 1) == "bytes" && $(i + 2) ~ /^smem/) smem = $i
           }
           print kernel, regs, smem
         }' | sort > "$WORK/$name.txt"
}

# -Xclang -load registers the plugin's options before -mllvm is parsed.
PLUGIN_FLAGS=(-fpass-plugin="$PLUGIN" -Xclang -load -Xclang "$PLUGIN")
for option in ${ASYNCPIPE_MLLVM:-}; do
  PLUGIN_FLAGS+=(-mllvm "$option")
done
resources asyncpipe "${PLUGIN_FLAGS[@]}"
resources cuda -DUSE_CUDA_PIPELINE

join "$WORK/asyncpipe.txt" "$WORK/cuda.txt" > "$WORK/both.txt"

rule="====================  =========  =========  ==========  =========="
echo "ptxas -v -arch=$ARCH, kernels compiled by clang-22 -O3${ASYNCPIPE_MLLVM:+ (AsyncPipe with $ASYNCPIPE_MLLVM)}"
echo
echo "$rule"
printf '%-20s  %9s  %9s  %10s  %10s\n' "Kernel" "Registers" "Registers" \
  "Shared (B)" "Shared (B)"
printf '%-20s  %9s  %9s  %10s  %10s\n' "" "AsyncPipe" "CUDA" "AsyncPipe" \
  "CUDA"
echo "$rule"
worse=0
while read -r kernel regs smem cuda_regs cuda_smem; do
  printf '%-20s  %9s  %9s  %10s  %10s\n' "$kernel" "$regs" "$cuda_regs" \
    "$smem" "$cuda_smem"
  ((regs <= cuda_regs)) || worse=1
done < "$WORK/both.txt"
echo "$rule"
echo
echo "CUDA = the same kernels written with cuda_pipeline.h" \
     "(__pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior)."
if ((worse)) && [[ ${REPORT_ONLY:-0} != 1 ]]; then
  echo "compare.sh: AsyncPipe uses more registers than cuda_pipeline.h" >&2
  exit 1
fi
