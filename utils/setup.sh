#!/usr/bin/env bash
#===-- utils/setup.sh - Install what AsyncPipe needs (Debian 12) ----------===#
#
# Installs the Debian packages the build and the test suite need. Idempotent:
# does nothing when every package is present, and runs `apt-get update` only
# when an install fails for want of fresh package lists.
#
#===------------------------------------------------------------------------===#
set -euo pipefail

# Every tool a test calls comes from one of these (`dpkg -S` on the tool):
# clang-tools-22 has clang-offload-bundler (HIP compiles that bundle device
# code), clang-format-22 checks the sources' format (utils/check-format.sh),
# g++ is the second host compiler utils/check.sh builds with, googletest and
# libclc-22 are for the unit tests and OpenCL builtins;
# libamdhip64-dev and rocm-device-libs are Debian's ROCm (HIP 5.2), for
# host+device HIP programs (utils/asyncpipe-hipcc); pyflakes3 (which brings
# python3-pyflakes) lints the Python scripts (llvm/test/tools/utils/
# python-lint.test); mlir-22-tools has mlir-translate, which takes the MLIR
# examples (llvm/test/Examples/*.mlir, as a compiler built on MLIR emits
# them) to LLVM IR. --no-install-recommends keeps ROCm's hipcc and its
# clang-15 out.
PACKAGES=(
  llvm-22 llvm-22-dev llvm-22-tools clang-22 clang-tools-22 libclang-22-dev
  clang-format-22 lld-22 libclc-22 cmake ninja-build python3 gcc g++ make
  googletest libgtest-dev libamdhip64-dev rocm-device-libs pyflakes3
  mlir-22-tools
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: run as root (needs apt-get)" >&2; exit 1; }
  SUDO=(sudo)
fi

echo "setup: installing ${missing[*]}"
install() {
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
}
if ! install; then
  echo "setup: refreshing package lists"
  "${SUDO[@]}" apt-get update
  install
fi
