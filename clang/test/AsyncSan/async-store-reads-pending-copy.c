// An async store that writes back a tile an async copy is still filling: the
// store reads its shared source at issue or later, so it may read the bytes
// before the copy lands. AsyncSan checks the store's read (and write) at its
// issue and reports it as the store's read, at the store's line; with the
// wait for the copy in between, every policy is silent.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWAIT_FOR_COPY \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t.ok 2>&1 | FileCheck %s --check-prefix=OK

#include "asyncpipe_host.h"
#include <stdio.h>

static int in[4] = {1, 2, 3, 4};
static int staging[4];
static int out[4];

__attribute__((noinline)) void pass_through(void) {
  asyncpipe_copy(staging, in, sizeof(in), 0);
  asyncpipe_mark();
#ifdef WAIT_FOR_COPY
  asyncpipe_wait(0);
#endif
  asyncpipe_store(out, staging, sizeof(staging));
  asyncpipe_mark();
  asyncpipe_wait(0);
}

int main(void) {
  pass_through();
  printf("out[3] = %d\n", out[3]);
  return 0;
}

// CHECK: ==AsyncSan== ERROR: read-after-async-write: async store read of 16 bytes at {{.*}}async-store-reads-pending-copy.c:27:3 in 'pass_through' overlaps the destination of a pending async copy
// CHECK-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +16) in thread T0
// CHECK-NEXT: ==AsyncSan==   the copy of 16 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}async-store-reads-pending-copy.c:22:3 in 'pass_through' in thread T0; no wait has completed it yet

// OK-NOT: AsyncSan
// OK: out[3] = 4
