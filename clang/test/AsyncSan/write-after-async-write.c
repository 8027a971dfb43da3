// AsyncSan reports a store that overlaps a pending async copy's destination:
// the copy may land after the store and undo it. Storing after the covering
// wait is silent.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DSTORE_AFTER_WAIT \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t.ok 2>&1 | FileCheck %s --check-prefix=OK
//
// Two copies to the same bytes race the same way.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DSECOND_COPY \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.copy
// RUN: env ASYNCPIPE_POLICY=lazy not %t.copy 2>&1 | FileCheck %s --check-prefix=COPY

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[4] = {1, 2, 3, 4};
static int shared[4];

__attribute__((noinline)) void overwrite(void) {
  asyncpipe_copy(shared, source, sizeof(source), 0);
  asyncpipe_mark();
#ifdef STORE_AFTER_WAIT
  asyncpipe_wait(0);
#endif
#ifdef SECOND_COPY
  asyncpipe_copy(&shared[2], &source[0], 8, 0);
#endif
  shared[3] = 40;
  asyncpipe_wait(0);
}

int main(void) {
  overwrite();
  printf("shared[3] = %d\n", shared[3]);
  return 0;
}

// CHECK: ==AsyncSan== ERROR: write-after-async-write: store of 4 bytes at {{.*}}write-after-async-write.c:32:13 in 'overwrite' overlaps the destination of a pending async copy
// CHECK-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T0
// CHECK-NEXT: ==AsyncSan==   the copy of 16 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}write-after-async-write.c:24:3 in 'overwrite' in thread T0; no wait has completed it yet

// OK-NOT: AsyncSan
// OK: shared[3] = 40
// OK-NOT: AsyncSan

// COPY: ==AsyncSan== ERROR: write-after-async-write: async copy write of 8 bytes at {{.*}}write-after-async-write.c:30:3 in 'overwrite' overlaps the destination of a pending async copy
// COPY: issued at {{.*}}write-after-async-write.c:24:3 in 'overwrite'
