#!/usr/bin/env bash
#===-- utils/build.sh - Configure (once) and build AsyncPipe --------------===#
#
# Builds into build/ (or $ASYNCPIPE_BUILD_DIR) with Ninja and LLVM 22's
# clang++. Re-running only rebuilds what changed.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
LLVM_BIN=/usr/lib/llvm-22/bin

if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S "$SRC" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$LLVM_BIN/clang" \
    -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++" \
    -DASYNCPIPE_WERROR=ON \
    -DCMAKE_INSTALL_PREFIX="$BUILD/install"
fi
cmake --build "$BUILD" "$@"
