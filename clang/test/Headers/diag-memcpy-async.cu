// asyncpipe::memcpy_async checks its size and flags at the call, like
// asyncpipe_copy_flags.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: nvptx-registered-target

#include <asyncpipe/pipeline.h>

__attribute__((device)) void f(int *dst, const int *src, unsigned long n,
                               unsigned flags) {
  auto pipe = asyncpipe::make_pipeline();
  asyncpipe::memcpy_async(dst, src, sizeof(int), pipe);
  asyncpipe::memcpy_async(dst, src, n, pipe); // expected-error {{argument 'size' of 'asyncpipe::memcpy_async' must be an integer constant}}
  asyncpipe::memcpy_async(dst, src, 2, pipe); // expected-error {{'asyncpipe::memcpy_async' cannot copy this size on this target: size must be 4, 8 or 16}}
  asyncpipe::memcpy_async(dst, src, 16, pipe, ASYNCPIPE_COPY_BYPASS_L1);
  asyncpipe::memcpy_async(dst, src, 16, pipe, flags); // expected-error {{argument 'flags' of 'asyncpipe::memcpy_async' must be an integer constant}}
  asyncpipe::memcpy_async(dst, src, 16, pipe, 4); // expected-error {{argument 'flags' of 'asyncpipe::memcpy_async' has bits that are not ASYNCPIPE_COPY_* flags}}
  asyncpipe::memcpy_async(dst, src, 2, pipe, 0); // expected-error {{'asyncpipe::memcpy_async' cannot copy this size on this target: size must be 4, 8 or 16}}
}
