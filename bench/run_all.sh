#!/usr/bin/env bash
#===-- bench/run_all.sh - Every benchmark of bench/, small sizes -----------===#
#
# Runs every benchmark script of bench/ one after the other with small
# default sizes and prints what each reports; exits non-zero as soon as one
# fails (a benchmark whose program computes a wrong result fails loudly).
# Needs a build (utils/build.sh). Benchmarks that need the CUDA SDK (ptxas,
# nvcc) are skipped with a note when it is absent.
#
#   bench/run_all.sh            small sizes: about 2.5 minutes on the shared
#                               2-core development machine (1.5 of them in
#                               overhead_unused.sh)
#   SIZE=docs bench/run_all.sh  the sizes the docs quote (much longer; the
#                               100k-instruction kernels of
#                               bench/amdgpu/waitcnt_overhead.py alone take
#                               several minutes per target)
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
export ASYNCPIPE_BUILD_DIR=$BUILD
SIZE=${SIZE:-small}
CUDA=${CUDA_PATH:-/usr/local/cuda}

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi

section() { printf '\n=== %s\n' "$*"; }
run() { # run COMMAND..., timing it
  local start=$SECONDS
  "$@"
  echo "($((SECONDS - start)) s)"
}

if [[ $SIZE == docs ]]; then
  section "plugin vs stock on code without async operations"
  run bash "$SRC/bench/overhead_unused.sh"
  section "host runtime and AsyncSan"
  run bash "$SRC/bench/asyncsan-overhead.sh" 1000 100 5
  section "mark/wait elimination"
  run bash "$SRC/bench/elim/run.sh"
  section "AMDGPU compile-time share"
  for cpu in gfx942 gfx1250; do
    run python3 "$SRC/bench/amdgpu/waitcnt_overhead.py" --build-dir "$BUILD" \
      --cpu $cpu --instructions 1000,10000 --marks 10,100,1000
    run python3 "$SRC/bench/amdgpu/waitcnt_overhead.py" --build-dir "$BUILD" \
      --cpu $cpu --instructions 1000 --marks 10000
    run python3 "$SRC/bench/amdgpu/waitcnt_overhead.py" --build-dir "$BUILD" \
      --cpu $cpu --instructions 100000 --marks 1000
  done
  section "pipeliner differential"
  run bash "$SRC/bench/pipeliner/differential.sh" 2000 2
  section "host differential"
  run bash "$SRC/bench/host-differential.sh"
  run bash "$SRC/bench/host-differential-helpers.sh"
else
  section "plugin vs stock on code without async operations"
  run bash "$SRC/bench/overhead_unused.sh"
  section "host runtime and AsyncSan"
  run bash "$SRC/bench/asyncsan-overhead.sh" 1000 100 5
  section "mark/wait elimination"
  run bash "$SRC/bench/elim/run.sh" --seeds 1 --functions 20 \
    --instructions 10000
  section "AMDGPU compile-time share"
  for cpu in gfx942 gfx1250; do
    run python3 "$SRC/bench/amdgpu/waitcnt_overhead.py" --build-dir "$BUILD" \
      --cpu $cpu --instructions 1000 --marks 10,100,1000
  done
  echo "larger kernels (several minutes) at SIZE=docs"
  section "pipeliner differential"
  run bash "$SRC/bench/pipeliner/differential.sh" 100 2
  section "host differential"
  run bash "$SRC/bench/host-differential.sh" 100 1
  run bash "$SRC/bench/host-differential-helpers.sh" 100 1
fi
section "pipeliner on natural kernels"
run python3 "$SRC/bench/pipeliner/natural.py" --plugin "$BUILD/lib/AsyncPipe.so"
if [[ -x "$CUDA/bin/ptxas" ]]; then
  section "pipeliner stages on the GEMM example"
  run python3 "$SRC/bench/pipeliner/gemm_stages.py" \
    --plugin "$BUILD/lib/AsyncPipe.so"
  section "NVPTX resources vs cuda_pipeline.h"
  run bash "$SRC/bench/nvptx/compare.sh"
  section "cuda::pipeline code, four compilers"
  run bash "$SRC/bench/nvptx/cuda_compat.sh"
else
  section "NVPTX benchmarks"
  echo "skipped: no ptxas in $CUDA (bench/pipeliner/gemm_stages.py," \
    "bench/nvptx/compare.sh, bench/nvptx/cuda_compat.sh)"
fi
