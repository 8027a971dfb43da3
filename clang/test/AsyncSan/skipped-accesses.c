// AsyncSan does not check loads from a buffer that copies only read: they
// cannot race with a copy, so reading the source of a pending copy is silent
// (and costs no check). A read of the copy's destination before the wait
// that covers it is still reported, under the lazy and the random policy
// (64 copies: under random some are still pending at the read).
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -Rpass=asyncpipe-sanitize \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t 2>%t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random not %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 not %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWAIT_FIRST \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t.ok 2>&1 | FileCheck %s --check-prefix=OK

#include "asyncpipe_host.h"
#include <stdio.h>

enum { N = 64 };
static int table[N];
static int shared[N];

__attribute__((noinline)) int run(int k) {
  int sum = 0;
  for (int i = 0; i < N; ++i)
    asyncpipe_copy(&shared[i], &table[i], sizeof(int), 0);
  asyncpipe_mark();
  for (int i = 0; i < N; ++i)
    sum += table[i];
#ifdef WAIT_FIRST
  asyncpipe_wait(0);
#endif
  for (int i = 0; i < N; ++i)
    sum += shared[(i + k) % N];
  asyncpipe_wait(0);
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < N; ++i)
    table[i] = i;
  printf("sum = %d\n", run(argc - 1));
  return 0;
}

// CHECK-NOT: ==AsyncSan== ERROR: {{.*}}skipped-accesses.c:30
// CHECK: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}skipped-accesses.c:35:12 in 'run' overlaps the destination of a pending async copy

// OK-NOT: AsyncSan
// OK: sum = 4032

// The load from table is skipped, the one from shared is checked; main's
// store to table (before any copy, but a store to a copy's source) too.
// REMARK: skipped-accesses.c:24:1: remark: AsyncSan checks 1 loads, 0 stores and 2 async runtime calls; 1 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals) [-Rpass=asyncpipe-sanitize]
// REMARK: skipped-accesses.c:40:1: remark: AsyncSan checks 0 loads, 1 stores and 0 async runtime calls; 0 accesses skipped (stack objects and internal globals that do not escape, loads from those only copies read, constant globals) [-Rpass=asyncpipe-sanitize]
