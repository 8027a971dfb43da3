// AsyncSan warns when a function that owns a mark sequence returns while
// copies it issued are still pending: no wait in it covered them. The warning
// names the return and the first pending copy, is printed once per pair of
// sites, and does not stop the program. A final wait(0) silences it.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DFINAL_WAIT \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static int shared[2][8];

__attribute__((noinline)) void prefetch_and_leave(int *dst, int n) {
  for (int i = 0; i < n; ++i) {
    asyncpipe_copy(&dst[i], &source[i], sizeof(int), 0);
    asyncpipe_mark();
  }
  asyncpipe_wait(1);
#ifdef FINAL_WAIT
  asyncpipe_wait(0);
#endif
}

int main(void) {
  prefetch_and_leave(shared[0], 8);
  prefetch_and_leave(shared[1], 8);
  printf("done\n");
  return 0;
}

// CHECK: ==AsyncSan== WARNING: pending-at-exit: 1 async copies issued in this activation are still pending at its exit at {{.*}}pending-at-exit.c:27:1 in 'prefetch_and_leave' with no covering wait
// CHECK-NEXT: ==AsyncSan==   the first was issued at {{.*}}pending-at-exit.c:20:5 in 'prefetch_and_leave'
// CHECK-NOT: AsyncSan
// CHECK: done

// OK-NOT: AsyncSan
// OK: done
