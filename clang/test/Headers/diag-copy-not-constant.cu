// The size and flags of a portable async copy must be integer constants.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

__attribute__((device)) void f(int *dst, const int *src, unsigned n) {
  asyncpipe_copy(dst, src, n); // expected-error {{argument 'size' of 'asyncpipe_copy' must be an integer constant}}
  asyncpipe_copy_flags(dst, src, 4, n); // expected-error {{argument 'flags' of 'asyncpipe_copy' must be an integer constant}}
  asyncpipe_copy_zfill(dst, src, n, n, 0); // expected-error {{argument 'size' of 'asyncpipe_copy_zfill' must be an integer constant}}
}
