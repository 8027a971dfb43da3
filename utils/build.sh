#!/usr/bin/env bash
#===-- utils/build.sh - Configure (once) and build AsyncPipe --------------===#
#
# Builds into build/ (or $ASYNCPIPE_BUILD_DIR) with Ninja and LLVM 22's
# clang++, or with the host compiler named by $ASYNCPIPE_HOST_CXX (`g++`:
# Debian's g++-12, the compiler a packager's plain `cmake` picks). Re-running
# only rebuilds what changed.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
LLVM_BIN=/usr/lib/llvm-22/bin

case "${ASYNCPIPE_HOST_CXX:-clang++}" in
  clang++) CC="$LLVM_BIN/clang" CXX="$LLVM_BIN/clang++" ;;
  g++) CC=gcc CXX=g++ ;;
  *) echo "build.sh: ASYNCPIPE_HOST_CXX must be clang++ or g++" >&2; exit 1 ;;
esac

LAUNCHER=()
if command -v ccache >/dev/null; then
  LAUNCHER=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S "$SRC" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_CXX_COMPILER="$CXX" \
    "${LAUNCHER[@]}" \
    -DASYNCPIPE_WERROR=ON \
    -DCMAKE_INSTALL_PREFIX="$BUILD/install"
fi
cmake --build "$BUILD" "$@"
