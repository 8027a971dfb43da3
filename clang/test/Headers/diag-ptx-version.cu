// Without a CUDA installation clang 22 compiles CUDA for PTX ISA 4.2, which
// LLVM's NVPTX backend rejects for sm_80 with a crash dump. The headers stop
// first with an error that names the flag.
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%t.no-cuda -nocudainc -nocudalib -I%asyncpipe_include \
// RUN:   -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 \
// RUN:   --cuda-path=%t.no-cuda -nocudainc -nocudalib -I%asyncpipe_include \
// RUN:   --cuda-feature=+ptx70 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM90
// With the flag it compiles.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%t.no-cuda -nocudainc -nocudalib -I%asyncpipe_include \
// RUN:   --cuda-feature=+ptx70 -O2 -S %s -o - | FileCheck %s --check-prefix=PTX
// REQUIRES: nvptx-registered-target

#include <asyncpipe/asyncpipe.h>
// SM80: diag-ptx-version.cu:[[@LINE-1]]:
// SM80: error: "AsyncPipe: async copies (cp.async) need PTX ISA 7.0 or newer, and without a CUDA installation clang picks PTX ISA 4.2: add --cuda-feature=+ptx70"
// SM80-NOT: PLEASE submit a bug report
// SM80: 1 error generated when compiling for sm_80.
// SM90: error: "AsyncPipe: sm_90 needs PTX ISA 7.8 or newer, and without a CUDA installation clang picks PTX ISA 4.2: add --cuda-feature=+ptx78"
// SM90-NOT: PLEASE submit a bug report
// SM90: 1 error generated when compiling for sm_90.

__attribute__((global)) void copy(const int *src, int *dst) {
  __attribute__((shared)) int tile[32];
  asyncpipe_copy(tile, src, 4);
  asyncpipe_commit();
  asyncpipe_wait(0);
  *dst = tile[0];
}
// PTX: .version 7.0
// PTX: cp.async.ca.shared.global
