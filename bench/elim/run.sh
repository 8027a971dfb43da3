#!/usr/bin/env bash
#===-- bench/elim/run.sh - Marks and waits removed, and compile time -------===#
#
# Reports the marks and waits asyncpipe-elim and the inlining-aware recount
# remove (and how much weaker, i.e. better, the waits are than with the stock
# inliner) on the lit tests' programs and on generated programs, and the
# passes' compile time on a generated 100k-instruction module. Needs a build
# (utils/build.sh). Options: see bench/elim/run.py --help.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/run.py" "$@"
