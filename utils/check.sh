#!/usr/bin/env bash
#===-- utils/check.sh - Set up, build and run the whole test suite --------===#
#
# README's test command and what .ci/run runs. Builds the plugin twice, with
# clang++-22 into build/ and with g++-12 into build-gcc/ (the output of every
# pass must not depend on the compiler that built the plugin), and runs the
# whole suite against each build. Prints one line per host compiler,
#   check-asyncpipe [clang++]: N passed, N failed, N skipped
#   check-asyncpipe [g++]: N passed, N failed, N skipped
# and last the total over both runs:
#   check-asyncpipe: N passed, N failed, N skipped
# ASYNCPIPE_CHECK_COMPILERS="clang++" runs only one of them (quicker while
# iterating); CI runs both.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
read -r -a COMPILERS <<< "${ASYNCPIPE_CHECK_COMPILERS:-clang++ g++}"

bash "$SRC/utils/setup.sh"

status=0
results=()
for cxx in "${COMPILERS[@]}"; do
  case "$cxx" in
    clang++) build=${ASYNCPIPE_BUILD_DIR:-$SRC/build} ;;
    g++) build=${ASYNCPIPE_GCC_BUILD_DIR:-$SRC/build-gcc} ;;
    *) echo "check.sh: unknown compiler '$cxx' (clang++ or g++)" >&2; exit 1 ;;
  esac
  echo "check.sh: building with $cxx into $build"
  ASYNCPIPE_HOST_CXX=$cxx ASYNCPIPE_BUILD_DIR=$build bash "$SRC/utils/build.sh"
  xml="$build/lit-results.xml"
  rm -f "$xml"
  # The random-program batch (llvm/test/Random) runs 300 programs per
  # target with the first compiler and a 100-program slice with the second:
  # both plugins face the same programs, and CI stays under 30 minutes.
  randir=()
  [[ ${#results[@]} -gt 0 ]] && randir=(--param randir_count=100)
  # A failing run must not stop the other compiler's run.
  /usr/lib/llvm-22/bin/lit -sv --xunit-xml-output="$xml" "${randir[@]}" \
    "$build/llvm/test" "$build/clang/test" || status=1
  results+=("$cxx=$xml")
done
python3 "$SRC/utils/lit-summary.py" "${results[@]}" || status=1
exit $status
