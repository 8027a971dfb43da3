// AsyncSan reports a load that overlaps a pending async copy's destination,
// with the load's location and the copy's issue site, and exits with 1. Under
// the lazy policy a wait that is one too weak is caught every time; the same
// program with the right count is silent under every policy.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy not %t.O0 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DCORRECT_WAIT \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=eager %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t.ok 2>&1 | FileCheck %s --check-prefix=OK
//
// The remark says what was instrumented.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include -c %s \
// RUN:   -o /dev/null -Rpass=asyncpipe 2>&1 | FileCheck %s --check-prefix=REMARK
//
// A copy whose source is a pending copy's destination reads it too early.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DCOPY_READS_EARLY \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.copy
// RUN: env ASYNCPIPE_POLICY=lazy not %t.copy 2>&1 | FileCheck %s --check-prefix=COPY

#include "asyncpipe_host.h"
#include <stdio.h>

#ifdef CORRECT_WAIT
#define WAIT_COUNT 1
#else
#define WAIT_COUNT 2
#endif

static int source[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
static int stage[2][4];
static int staged_again[4];

__attribute__((noinline)) int consume_first_stage(void) {
  for (int s = 0; s < 2; ++s) {
    for (int i = 0; i < 4; ++i)
      asyncpipe_copy(&stage[s][i], &source[s][i], sizeof(int), 0);
    asyncpipe_mark();
  }
  // Stage 0 is needed now, stage 1 may stay in flight: wait(1).
  asyncpipe_wait(WAIT_COUNT);
#ifdef COPY_READS_EARLY
  asyncpipe_copy(&staged_again[0], &stage[1][0], sizeof(int), 0);
#endif
  int sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += stage[0][i];
  asyncpipe_wait(0);
  return sum;
}

int main(void) {
  printf("sum = %d\n", consume_first_stage());
  return 0;
}

// CHECK: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}read-after-async-write.c:52:12 in 'consume_first_stage' overlaps the destination of a pending async copy
// CHECK-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T0
// CHECK-NEXT: ==AsyncSan==   the copy of 4 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}read-after-async-write.c:42:7 in 'consume_first_stage' in thread T0; no wait has completed it yet
// CHECK-NEXT: ==AsyncSan== aborting (set ASYNCPIPE_SAN_CONTINUE=1 to continue after errors)
// CHECK-NOT: sum =

// REMARK: read-after-async-write.c:39:1: remark: AsyncSan checks 1 loads, 0 stores and 2 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals) [-Rpass=asyncpipe-sanitize]
// REMARK-NOT: remark

// OK-NOT: AsyncSan
// OK: sum = 10
// OK-NOT: AsyncSan

// COPY: ==AsyncSan== ERROR: read-after-async-write: async copy read of 4 bytes at {{.*}}read-after-async-write.c:48:3 in 'consume_first_stage' overlaps the destination of a pending async copy
// COPY: issued at {{.*}}read-after-async-write.c:42:7 in 'consume_first_stage'
