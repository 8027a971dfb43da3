#!/usr/bin/env bash
#===-- utils/check-format.sh - Check the C++ sources with clang-format ----===#
#
# Checks that the project's C++ sources are formatted as clang-format 22
# formats them with the tree's .clang-format (LLVM style), and prints each
# file that is not with the command that fixes it. Exits 1 if any is not.
#
#   utils/check-format.sh            every C++ source of the project
#   utils/check-format.sh FILE...    just these
#
# The sources are the compiler's, the runtime's library, the unit tests and
# the tools. Left out: the user-facing C headers (clang/include/asyncpipe,
# runtime/include), whose attribute macros and declaration lists
# clang-format would break apart, and the tests' inputs, whose layout the
# tests check.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CLANG_FORMAT=${CLANG_FORMAT:-/usr/lib/llvm-22/bin/clang-format}
if [[ ! -x $CLANG_FORMAT ]]; then
  echo "check-format: $CLANG_FORMAT not found (utils/setup.sh installs" \
    "clang-format-22)" >&2
  exit 2
fi

if [[ $# -gt 0 ]]; then
  files=("$@")
else
  mapfile -t files < <(cd "$SRC" && find llvm/include llvm/lib runtime/lib \
    unittests tools -name '*.cpp' -o -name '*.h' | sort)
fi

bad=0
for f in "${files[@]}"; do
  [[ -f $f ]] || f=$SRC/$f
  if ! "$CLANG_FORMAT" --dry-run -Werror --style="file:$SRC/.clang-format" \
      "$f" >/dev/null 2>&1; then
    echo "check-format: not clang-formatted: ${f#"$SRC"/}" \
      "(fix: $CLANG_FORMAT -i ${f#"$SRC"/})"
    bad=$((bad + 1))
  fi
done
echo "check-format: ${#files[@]} files, $bad not clang-formatted"
[[ $bad -eq 0 ]]
