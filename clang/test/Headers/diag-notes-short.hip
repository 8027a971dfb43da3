// A size error at the user's call has the attribute as its one note (and
// the call's own macro, for the C API), not a backtrace through the
// headers' macros: two errors used to print 55 lines of notes.
// REQUIRES: amdgpu-registered-target
// RUN: not %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -O2 -I%asyncpipe_include -fno-caret-diagnostics \
// RUN:   -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=note: \
// RUN:   --implicit-check-not=error:

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/hip.h>
#include <asyncpipe/pipeline.h>

__global__ void k(const char *in, int *out, unsigned long n) {
  __shared__ char tile[256];
  asyncpipe::pipeline<asyncpipe::thread_scope::thread> p;
  p.producer_acquire();
  // CHECK: diag-notes-short.hip:[[@LINE+2]]:{{[0-9]+}}: error: 'asyncpipe::memcpy_async' cannot copy this size on this target: size must be 1, 2 or 4 (12 and 16 need gfx950)
  // CHECK-NEXT: pipeline.h:{{[0-9]+}}:{{[0-9]+}}: note: from 'diagnose_if' attribute on 'memcpy_async<asyncpipe::thread_scope::thread, 0U>':
  asyncpipe::memcpy_async(&tile[threadIdx.x * 3], in + threadIdx.x * 3, 3, p);
  // CHECK: diag-notes-short.hip:[[@LINE+2]]:{{[0-9]+}}: error: argument 'size' of 'asyncpipe::memcpy_async' must be an integer constant
  // CHECK-NEXT: pipeline.h:{{[0-9]+}}:{{[0-9]+}}: note: from 'diagnose_if' attribute on 'memcpy_async<asyncpipe::thread_scope::thread, 0U>':
  asyncpipe::memcpy_async(&tile[threadIdx.x * 3], in + threadIdx.x * 3, n, p);
  p.producer_commit();
  p.consumer_wait();
  // CHECK: diag-notes-short.hip:[[@LINE+3]]:3: error: 'asyncpipe_copy' cannot copy this size on this target: size must be 1, 2 or 4 (12 and 16 need gfx950)
  // CHECK-NEXT: asyncpipe.h:{{[0-9]+}}:{{[0-9]+}}: note: expanded from macro 'asyncpipe_copy'
  // CHECK-NEXT: asyncpipe.h:{{[0-9]+}}:{{[0-9]+}}: note: from 'diagnose_if' attribute on '__asyncpipe_copy':
  asyncpipe_copy(&tile[threadIdx.x * 3], in + threadIdx.x * 3, 3);
  // CHECK: diag-notes-short.hip:[[@LINE+3]]:3: error: argument 'flags' of 'asyncpipe_copy_zfill' has bits that are not ASYNCPIPE_COPY_* flags
  // CHECK-NEXT: asyncpipe.h:{{[0-9]+}}:{{[0-9]+}}: note: expanded from macro 'asyncpipe_copy_zfill'
  // CHECK-NEXT: asyncpipe.h:{{[0-9]+}}:{{[0-9]+}}: note: from 'diagnose_if' attribute on '__asyncpipe_copy_zfill':
  asyncpipe_copy_zfill(&tile[threadIdx.x * 4], in + threadIdx.x * 4, 4, 2, 8);
  // CHECK: diag-notes-short.hip:[[@LINE+2]]:20: error: argument 'n' of 'asyncpipe_wait' must not be negative
  // CHECK-NEXT: asyncpipe.h:{{[0-9]+}}:{{[0-9]+}}: note: from 'diagnose_if' attribute on 'asyncpipe_wait':
  asyncpipe_wait(-1);
  out[threadIdx.x] = tile[threadIdx.x];
}
