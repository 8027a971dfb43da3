#!/usr/bin/env bash
#===-- bench/pipeliner/inflight.sh - Groups in flight at each consumer -----===#
#
# Part of the AsyncPipe project.
#
# Compiles the interleaved-producer kernels
# (clang/test/Pipeliner/Inputs/interleaved_kernels.inc: two and three
# producers, each copy/wait/use in turn within one iteration) and the natural
# kernels (natural_kernels.inc: one producer) for gfx942 (HIP), sm_80 (CUDA)
# and the host (C) at S = 2, 3, 4, and prints for every consumer's wait of
# the pipelined loop, from the pipeliner's WaitProved remarks (each count
# checked by the mark analysis on the emitted code):
#
#   own     groups of the consumer's own producer left in flight (ideal S-1)
#   counter groups left in flight on the one counter (all producers)
#
# as "min..max" over the kernel's consumers, and the number of waits the mark
# analysis did not prove (must be 0). Static figures (compile time, no GPU).
#
#   bench/pipeliner/inflight.sh [PLUGIN]     default: build/lib/AsyncPipe.so
#
# Giving an older plugin shows what it did (an older plugin emits no
# WaitProved remark: its figures come out empty).
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PLUGIN=${1:-${ASYNCPIPE_BUILD_DIR:-$SRC/build}/lib/AsyncPipe.so}
CLANG=/usr/lib/llvm-22/bin/clang
IN=$SRC/clang/test/Pipeliner/Inputs
[[ -f $PLUGIN ]] || { echo "inflight.sh: no plugin at $PLUGIN" >&2; exit 1; }

# target label, then the compile flags (the source is the last one).
compile() {
  local stages=$1; shift
  "$CLANG" -fpass-plugin="$PLUGIN" -O2 -S -o /dev/null -DSTAGES="$stages" \
    -I "$SRC/clang/include" -Rpass=asyncpipe-pipeline \
    -Rpass-missed=asyncpipe-pipeline \
    -Rpass-analysis=asyncpipe-pipeline "$@" 2>&1 || true
}
gfx942() {
  compile "$1" -x hip --cuda-device-only --offload-arch=gfx942 -nogpulib \
    -nogpuinc "$IN/$2.hip"
}
sm80() {
  compile "$1" -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc \
    -nocudalib -Wno-unknown-cuda-version -Xclang -target-feature -Xclang +ptx88 \
    "$IN/$2.cu"
}
host() {
  local tmp
  tmp=$(mktemp --suffix=.c)
  {
    echo '#include "asyncpipe/asyncpipe.h"'
    echo '#include "asyncpipe/pipeline_annotation.h"'
    echo 'void __asyncpipe_rt_barrier(void);'
    echo 'static volatile int GroupId = 1;'
    echo '#define TILE 1'
    echo '#define ROW 1'
    echo '#define KERNEL __attribute__((noinline))'
    echo '#define GLOBAL'
    echo '#define SHARED_ARRAY(T, N, D) static T N D'
    echo '#define LOCAL_ID(D) 0'
    echo '#define GROUP_ID(D) GroupId'
    echo '#define SYNC() __asyncpipe_rt_barrier()'
    echo "#include \"$IN/$2_kernels.inc\""
  } > "$tmp"
  compile "$1" -c "$tmp"
  rm -f "$tmp"
}

# Reads remarks on stdin; prints one row per kernel (the loop's line).
summarize() {
  awk -v target="$1" -v S="$2" '
    /remark: pipelined loop with/ {
      # The kernel: the function part of its first buffer name
      # (gemm::As in C++, gemm.As in C).
      match($0, /buffers \047[A-Za-z0-9_]+/)
      kernel = substr($0, RSTART + 9, RLENGTH - 9)
      order[++count] = kernel; current = kernel
    }
    /proved by the mark analysis/ {
      if (match($0, /and [0-9]+ newer/)) { c = substr($0, RSTART + 4, RLENGTH - 10) + 0 }
      if (match($0, /, [0-9]+ of them its own/)) { o = substr($0, RSTART + 2, RLENGTH - 17) + 0 }
      if (!(current in omin) || o < omin[current]) omin[current] = o
      if (!(current in omax) || o > omax[current]) omax[current] = o
      if (!(current in cmin) || c < cmin[current]) cmin[current] = c
      if (!(current in cmax) || c > cmax[current]) cmax[current] = c
      waits[current]++
    }
    /not proved by the mark analysis/ { unproved[current]++ }
    END {
      for (i = 1; i <= count; ++i) {
        k = order[i]
        printf "%-8s S=%d  %-16s waits %d  own %s..%s (ideal %d)  counter %s..%s  unproved %d\n",
          target, S, k, waits[k], omin[k], omax[k], S - 1, cmin[k], cmax[k], unproved[k] + 0
      }
    }'
}

for stages in 2 3 4; do
  for kind in interleaved natural; do
    gfx942 "$stages" "$kind" | summarize gfx942 "$stages"
    sm80 "$stages" "$kind" | summarize sm_80 "$stages"
    host "$stages" "$kind" | summarize host "$stages"
  done
done
