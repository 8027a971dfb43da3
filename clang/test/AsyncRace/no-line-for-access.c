// A load the optimizer hoisted out of a loop of one iteration keeps no line,
// even with -g: the warning stands at the copy, names the copy's line and
// says the load has none. The wait and the mark were removed as redundant
// (asyncpipe-elim) before the check runs, so the fix commits and waits.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -g -I%asyncpipe_rt_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s

#include "asyncpipe_host.h"

static unsigned src[1];
static unsigned tile[1];

unsigned one_iteration(void) {
  unsigned acc = 0;
  for (int i = 0; i < 1; ++i) {
    asyncpipe_copy(tile, src, 4, 0);
    // CHECK: no-line-for-access.c:[[@LINE-1]]:5: warning: this async copy is still in flight when a later load of shared memory overlaps its destination (the async copy at line [[@LINE-1]]; the load has no line of its own): no wait completes the copy's group (the 0th newest at the load) before it; no mark closes the copy's group before the load: commit it, then wait for 0 before the load
    asyncpipe_mark();
    asyncpipe_wait(1);
    for (int w = 0; w < 1; ++w)
      acc ^= tile[w];
  }
  return acc;
}
// CHECK-NOT: warning:
