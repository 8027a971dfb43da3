#!/usr/bin/env bash
#===-- bench/reliability-batch.sh - Issue 36's shapes, valid and misused ---===#
#
# The reliability batch of issue 36: random IR programs
# (utils/asyncpipe_randir.py) with the shapes that optimization used to turn
# into rejections or that were misuses nothing diagnosed, compiled by
# utils/asyncpipe_randir_check.py at every -O level (O0, O1, O2, O3: opt
# default<On> with the plugin, then llc -verify-machineinstrs for every
# processor, every compile under a timeout).
#
#   valid     N programs with sibling copies of different constant sizes or
#             flags (--with sibling; SimplifyCFG at O1..O3 sinks them into
#             one copy whose size or flags are a phi), split over amdgpu
#             (gfx942, gfx90a, gfx1030; every wait proven by the independent
#             checker), nvptx (sm_80, the PTX assembled by ptxas when it is
#             installed) and host (AsyncSan, linked with the host runtime and
#             run under every completion policy). gfx1250 has no portable
#             copy (a diagnostic), so none of these. Each must compile:
#             counted are rejected valid programs, crashes, hangs, unsafe
#             waits, ptxas rejections and failed host runs.
#   negative  NEG programs, each with one misuse planted (--negative
#             pointer,annotation: a portable function called through a
#             function pointer, a pipeliner annotation with a bad value),
#             split over amdgpu, gfx1250, nvptx and host. Every compile (each
#             level and processor) must stop at a diagnostic: counted are
#             the compiles accepted (the misuse unnoticed), invalid (a
#             non-zero exit without a diagnostic: LLVM ERROR, Cannot select,
#             a verifier failure, ptxas rejecting the PTX), crashes and
#             hangs, and those not diagnosed by misuse variant and level.
#
#   bench/reliability-batch.sh [N [NEG [SEED]]]   (default 2000 400 1)
#
# Prints each run's summary, then the totals; the failing compiles, with
# the commands that reproduce them, are in $LOG_DIR (default
# $BUILD/reliability-batch). Exit status 1 if any count is non-zero. The
# suite runs a fixed-seed slice (llvm/test/Random/randir-shapes*.test).
#
# Environment: ASYNCPIPE_BUILD_DIR (default build/), JOBS (2), BATCH (25
# valid programs per module; a failing batch is bisected down to the
# program), LEVELS (O0,O1,O2,O3), TIMEOUT (60 s per compile, per 10
# programs of a batch), LOG_DIR.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${ASYNCPIPE_BUILD_DIR:-$SRC/build}
N=${1:-2000}
NEG=${2:-400}
SEED=${3:-1}
LEVELS=${LEVELS:-O0,O1,O2,O3}
LOG_DIR=${LOG_DIR:-$BUILD/reliability-batch}
VALID_TARGETS=(amdgpu nvptx host)
NEG_TARGETS=(amdgpu gfx1250 nvptx host)

if [[ ! -f "$BUILD/lib/AsyncPipe.so" || ! -f "$BUILD/lib/libasyncpipe_rt.a" ]]; then
  bash "$SRC/utils/build.sh"
fi
mkdir -p "$LOG_DIR"
rm -f "$LOG_DIR"/*.log

check() { # check LOG ARGS...: one run of the checker, its summary shown
  local log=$1
  shift
  python3 "$SRC/utils/asyncpipe_randir_check.py" \
    --plugin "$BUILD/lib/AsyncPipe.so" --levels "$LEVELS" \
    --jobs "${JOBS:-2}" --timeout "${TIMEOUT:-60}" "$@" >"$log" || true
  grep -E "^randir: ([0-9]|host:|negative: [0-9])" "$log" || true
}

# N programs over the valid targets (the first gets the remainder), NEG
# over the negative ones.
share() { echo $(($1 / $2 + ($3 == 0 ? $1 % $2 : 0))); }

echo "reliability: $N valid programs (--with sibling) and $NEG negative" \
  "programs (--negative pointer,annotation) from seed $SEED at $LEVELS"
start=$(date +%s.%N)
for i in "${!VALID_TARGETS[@]}"; do
  t=${VALID_TARGETS[$i]}
  n=$(share "$N" ${#VALID_TARGETS[@]} "$i")
  echo "valid, $t, $n programs:"
  check "$LOG_DIR/valid-$t.log" --targets "$t" --count "$n" --seed "$SEED" \
    --with sibling --batch "${BATCH:-25}"
done
for i in "${!NEG_TARGETS[@]}"; do
  t=${NEG_TARGETS[$i]}
  n=$(share "$NEG" ${#NEG_TARGETS[@]} "$i")
  echo "negative, $t, $n programs:"
  check "$LOG_DIR/negative-$t.log" --targets "$t" --count "$n" \
    --seed "$SEED" --negative pointer,annotation
done
end=$(date +%s.%N)

echo
status=0
python3 - "$LOG_DIR" <<'EOF' || status=$?
import collections, glob, os, re, sys
d = sys.argv[1]
v = collections.Counter()
n = collections.Counter()
variants = collections.Counter()
rejected = set()  # (seed, target) of each valid program rejected
SUM = re.compile(r"^randir: (\d+) programs, (\d+) compiles, (\d+) crashes, "
                 r"(\d+) hangs, (\d+) unsafe waits, (\d+) ptxas rejections, "
                 r"(\d+) rejected")
NEG = re.compile(r"^randir: negative: (\d+) programs, (\d+) compiles, (\d+) "
                 r"diagnosed, (\d+) accepted, (\d+) invalid, (\d+) crashes, "
                 r"(\d+) hangs")
for path in sorted(glob.glob(os.path.join(d, "*.log"))):
    for line in open(path):
        m = re.match(r"^rejected: .* --seed (\d+) --target (\S+)", line)
        if m and os.path.basename(path).startswith("valid-"):
            rejected.add(m.groups())
        m = SUM.match(line)
        if m:
            for k, x in zip(["programs", "compiles", "crashes", "hangs",
                             "unsafe", "ptxas", "rejected"], m.groups()):
                v[k] += int(x)
        m = re.match(r"^randir: host: (\d+) runs, (\d+) failed runs", line)
        if m:
            v["runs"] += int(m.group(1))
            v["failed runs"] += int(m.group(2))
        m = NEG.match(line)
        if m:
            for k, x in zip(["programs", "compiles", "diagnosed", "accepted",
                             "invalid", "crashes", "hangs"], m.groups()):
                n[k] += int(x)
        m = re.match(r"^randir: negative: +(\d+) (\S+ \S+ \(\S+\))$", line)
        if m:
            variants[m.group(2)] += int(m.group(1))
print("reliability: valid: %d programs, %d compiles: %d rejected valid "
      "programs (%d compiles), %d crashes, %d hangs, %d unsafe waits, %d ptxas "
      "rejections, %d failed host runs (of %d)" % (
          v["programs"], v["compiles"], len(rejected), v["rejected"],
          v["crashes"], v["hangs"], v["unsafe"], v["ptxas"], v["failed runs"],
          v["runs"]))
print("reliability: negative: %d programs, %d compiles: %d diagnosed, %d "
      "not diagnosed (%d accepted, %d invalid, %d crashes, %d hangs)" % (
          n["programs"], n["compiles"], n["diagnosed"],
          n["compiles"] - n["diagnosed"], n["accepted"], n["invalid"],
          n["crashes"], n["hangs"]))
for key, x in sorted(variants.items(), key=lambda kv: (-kv[1], kv[0])):
    print("reliability: negative:   %6d %s" % (x, key))
bad = (v["rejected"] + v["crashes"] + v["hangs"] + v["unsafe"] + v["ptxas"]
       + v["failed runs"] + n["compiles"] - n["diagnosed"])
sys.exit(1 if bad or not v["programs"] else 0)
EOF
awk -v s="$start" -v e="$end" 'BEGIN { printf "reliability: %.1f s\n", e - s }'
exit $status
