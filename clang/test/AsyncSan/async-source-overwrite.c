// AsyncSan reports a store to the source of a pending async copy: the copy
// may read the source late and move the new bytes. Reusing the source after
// the covering wait is silent. The lazy policy also shows the effect: the
// copy delivers the overwritten value.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.nosan
// RUN: env ASYNCPIPE_POLICY=lazy %t.nosan | FileCheck %s --check-prefix=LATE
// RUN: env ASYNCPIPE_POLICY=eager %t.nosan | FileCheck %s --check-prefix=EARLY
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DREUSE_AFTER_WAIT \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=EARLY

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[4] = {1, 2, 3, 4};
static int shared[4];

__attribute__((noinline)) void reuse_source(void) {
  asyncpipe_copy(shared, source, sizeof(source), 0);
  asyncpipe_mark();
#ifdef REUSE_AFTER_WAIT
  asyncpipe_wait(0);
#endif
  source[1] = -2;
  asyncpipe_wait(0);
}

int main(void) {
  reuse_source();
  printf("shared[1] = %d\n", shared[1]);
  return 0;
}

// CHECK: ==AsyncSan== ERROR: async-source-overwrite: store of 4 bytes at {{.*}}async-source-overwrite.c:27:13 in 'reuse_source' overlaps the source of a pending async copy
// CHECK-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T0
// CHECK-NEXT: ==AsyncSan==   the copy of 16 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}async-source-overwrite.c:22:3 in 'reuse_source' in thread T0; no wait has completed it yet

// LATE: shared[1] = -2
// EARLY-NOT: AsyncSan
// EARLY: shared[1] = 2
