#!/usr/bin/env bash
#===-- bench/nvptx/cuda_compat.sh - cuda::pipeline code, four compilers ---===#
#
# Compiles cuda_compat_kernels.cu (code written for cuda::pipeline) for one
# GPU (sm_80 by default) four ways: nvcc with <cuda/pipeline>, stock clang-22
# with <cuda/pipeline>, clang-22 + the AsyncPipe plugin on the same source,
# and clang-22 + the plugin with AsyncPipe's API (-include
# asyncpipe/cuda_compat.h: the same source, whose cuda::pipeline is then
# AsyncPipe's). Prints, per kernel, the
# cp.async wait instructions in the PTX (wait_group and wait_all) and
# ptxas's registers, spill bytes (stores + loads) and shared memory, as an
# RST table (the one in llvm/docs/AsyncPipeCUDACompat.rst). A few seconds.
#
# Environment: ASYNCPIPE_PLUGIN (default build/lib/AsyncPipe.so), CUDA_PATH
# (default /usr/local/cuda), LLVM_BIN (default /usr/lib/llvm-22/bin), ARCH
# (default sm_80).
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
NVCC=$CUDA/bin/nvcc

for needed in "$PLUGIN" "$PTXAS" "$NVCC" "$LLVM_BIN/clang" \
              "$CUDA/include/cccl/cuda/pipeline"; do
  [[ -e $needed ]] || { echo "cuda_compat.sh: missing $needed" >&2; exit 2; }
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
KERNELS=$HERE/cuda_compat_kernels.cu
CLANG=("$LLVM_BIN/clang" -x cuda --cuda-device-only "--cuda-gpu-arch=$ARCH"
       "--cuda-path=$CUDA" "-I$CUDA/include/cccl" -Wno-unknown-cuda-version
       -O3 -S)

"$NVCC" "-arch=$ARCH" -O3 -ptx "$KERNELS" -o "$WORK/nvcc.ptx"
"${CLANG[@]}" "$KERNELS" -o "$WORK/clang.ptx"
"${CLANG[@]}" -fpass-plugin="$PLUGIN" "$KERNELS" -o "$WORK/plugin.ptx"
"${CLANG[@]}" -fpass-plugin="$PLUGIN" "-I$SRC/clang/include" \
  -include asyncpipe/cuda_compat.h "$KERNELS" -o "$WORK/asyncpipe.ptx"

# "kernel waits registers spills smem" per kernel of one PTX file.
measure() {
  local ptx=$1
  awk '/^\.(visible )?\.entry/ { name = $NF; sub(/\(.*/, "", name) }
       /cp\.async\.wait_(group|all)/ { waits[name]++ }
       END { for (k in waits) print k, waits[k] }' "$ptx" | sort > "$ptx.waits"
  "$PTXAS" -v "-arch=$ARCH" "$ptx" -o /dev/null 2>&1 |
    awk '/Compiling entry function/ { k = $7; gsub(/\047/, "", k) }
         /bytes stack frame/ { spills[k] = $(NF - 7) + $(NF - 3) }
         /Used [0-9]+ registers/ {
           regs = 0; smem = 0
           for (i = 1; i <= NF; ++i) {
             if ($(i + 1) ~ /^registers/) regs = $i
             if ($(i + 1) == "bytes" && $(i + 2) ~ /^smem/) smem = $i
           }
           print k, regs, spills[k] + 0, smem
         }' | sort > "$ptx.res"
  join -a 2 -e 0 -o 2.1,1.2,2.2,2.3,2.4 "$ptx.waits" "$ptx.res"
}

printf '%-22s %-10s %5s %4s %6s %4s\n' Kernel Compiler Waits Regs Spills Smem
for variant in nvcc clang plugin asyncpipe; do
  case $variant in
  nvcc) label="nvcc" ;;
  clang) label="clang-22" ;;
  plugin) label="+plugin" ;;
  asyncpipe) label="AsyncPipe" ;;
  esac
  measure "$WORK/$variant.ptx" | while read -r kernel waits regs spills smem; do
    kernel=$(echo "$kernel" | sed -E 's/^_Z[0-9]+//; s/P.*$//; s/[A-Z].*$//')
    printf '%-22s %-10s %5s %4s %6s %4s\n' "$kernel" "$label" "$waits" "$regs" \
      "$spills" "$smem"
  done
done | sort -s -k1,1
