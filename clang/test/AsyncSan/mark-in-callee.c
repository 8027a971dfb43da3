// A mark made in a callee belongs to the callee's own mark sequence, so the
// caller's wait does not cover it (llvm/docs/AsyncPipeModel.rst). AsyncSan warns when
// the helper returns with its copies pending and reports the caller's read.
// Marking in the caller is correct. At -O0 the helper keeps its mark; from
// -O1 on asyncpipe-elim removes it, since no wait of the helper observes it,
// and then only the caller's read is reported: the copy is still pending.
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t.O1
// RUN: env ASYNCPIPE_POLICY=lazy not %t.O1 2>&1 | FileCheck %s --check-prefix=O1
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DMARK_IN_CALLER \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[4] = {1, 2, 3, 4};
static int shared[4];

__attribute__((noinline)) static void load_tile(void) {
  asyncpipe_copy(shared, source, sizeof(source), 0);
#ifndef MARK_IN_CALLER
  asyncpipe_mark();
#endif
}

__attribute__((noinline)) static int sum_tile(void) {
  load_tile();
#ifdef MARK_IN_CALLER
  asyncpipe_mark();
#endif
  asyncpipe_wait(0);
  return shared[0] + shared[1] + shared[2] + shared[3];
}

int main(void) {
  printf("sum %d\n", sum_tile());
  return 0;
}

// CHECK: ==AsyncSan== WARNING: pending-at-exit: 1 async copies issued in this activation are still pending at its exit at {{.*}}mark-in-callee.c:28:1 in 'load_tile' with no covering wait
// CHECK-NEXT: ==AsyncSan==   the first was issued at {{.*}}mark-in-callee.c:24:3 in 'load_tile'
// CHECK-NEXT: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}mark-in-callee.c:36:10 in 'sum_tile' overlaps the destination of a pending async copy

// O1-NOT: pending-at-exit
// O1: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}mark-in-callee.c:36:10 in 'sum_tile' overlaps the destination of a pending async copy

// OK-NOT: AsyncSan
// OK: sum 10
