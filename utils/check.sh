#!/usr/bin/env bash
#===-- utils/check.sh - Set up, build and run the whole test suite --------===#
#
# README's test command and what .ci/run runs. Ends with one line
# "check-asyncpipe: N passed, N failed, N skipped".
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}

bash "$SRC/utils/setup.sh"
bash "$SRC/utils/build.sh"

RESULTS="$BUILD/lit-results.xml"
status=0
/usr/lib/llvm-22/bin/lit -sv --xunit-xml-output="$RESULTS" \
  "$BUILD/llvm/test" "$BUILD/clang/test" || status=$?
python3 "$SRC/utils/lit-summary.py" "$RESULTS" || status=1
exit $status
