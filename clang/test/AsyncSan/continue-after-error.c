// With ASYNCPIPE_SAN_CONTINUE=1 AsyncSan reports every race and the program
// runs to its end (__asyncpipe_rt_san_report_count() tells how many reports it
// printed); without it, the first report ends the program with exit status 1.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy ASYNCPIPE_SAN_CONTINUE=1 %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy not %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=FIRST < %t.out

#include "asyncpipe_host.h"
#include "asyncpipe_rt.h"
#include <inttypes.h>
#include <stdio.h>

static int source[2] = {1, 2};
static int shared[2];

__attribute__((noinline)) int two_races(void) {
  asyncpipe_copy(shared, source, sizeof(source), 0);
  asyncpipe_mark();
  int first = shared[0];
  source[1] = 0;
  asyncpipe_wait(0);
  return first;
}

int main(void) {
  printf("result %d\n", two_races());
  printf("reports %" PRIu64 "\n", __asyncpipe_rt_san_report_count());
  return 0;
}

// CHECK: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}continue-after-error.c:21:15
// CHECK: ==AsyncSan== ERROR: async-source-overwrite: store of 4 bytes at {{.*}}continue-after-error.c:22:13
// CHECK-NOT: aborting
// CHECK: result 0
// CHECK-NEXT: reports 2

// FIRST: ERROR: read-after-async-write
// FIRST-NEXT: accessed
// FIRST-NEXT: the copy
// FIRST-NEXT: ==AsyncSan== aborting (set ASYNCPIPE_SAN_CONTINUE=1 to continue after errors)
// FIRST-NOT: ERROR
// FIRST-NOT: result
