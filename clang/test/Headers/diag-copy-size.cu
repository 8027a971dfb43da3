// A size the target cannot copy in one async copy is a compile error: NVPTX
// cp.async copies 4, 8 or 16 bytes, AMDGPU LDS DMA 1, 2 or 4 (gfx942).
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fsyntax-only \
// RUN:   -Xclang -verify=hip -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: nvptx-registered-target, amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

__attribute__((device)) void f(char *dst, const char *src) {
  asyncpipe_copy(dst, src, 2); // expected-error {{'asyncpipe_copy' cannot copy this size on this target: size must be 4, 8 or 16}}
  asyncpipe_copy(dst, src, 8); // hip-error {{'asyncpipe_copy' cannot copy this size on this target: size must be 1, 2 or 4 (12 and 16 need gfx950)}}
  asyncpipe_copy_zfill(dst, src, 32, 4, 0); // expected-error {{'asyncpipe_copy_zfill' cannot copy this size on this target: size must be 4, 8 or 16}} hip-error {{'asyncpipe_copy_zfill' cannot copy this size on this target}}
}
