// Shapes of the generated programs (utils/asyncpipe_gen.py) the warning
// follows iteration by iteration: marks only when a copy was issued, wait
// counts computed at run time, a trip count read at run time (the warning
// names the run it is claimed for), and copies issued by a helper, which
// join the caller's groups. Each wait here is one group too weak; the
// correct originals get no warning.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -g -I%asyncpipe_rt_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang -O2 -g -I%asyncpipe_rt_include -c %s -o /dev/null -DCORRECT 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CORRECT --allow-empty

#include "asyncpipe_host.h"

#ifdef CORRECT
#define WEAK 0
#else
#define WEAK 1
#endif

static unsigned src[64][4];
static unsigned tile[2][4];

// Double buffering whose last iteration issues nothing and marks nothing.
unsigned conditional_marks(int n) {
  unsigned acc = 0;
  if (n > 0) {
    asyncpipe_copy(tile[0], src[0], 16, 0);
    asyncpipe_mark();
  }
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n) {
      asyncpipe_copy(tile[(i + 1) % 2], src[i + 1], 16, 0);
      asyncpipe_mark();
    }
    asyncpipe_wait((i + 1 < n ? 1 : 0) + WEAK);
    acc ^= tile[i % 2][1];
    // CHECK: run-time-counts.c:[[@LINE-1]]:12: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-5]] while it is still in flight: in iteration 1 of the loop at line [[#@LINE-7]] (counting from 0) on a run where it iterates 2 times, with the copy issued in the previous iteration; the wait at line [[#@LINE-2]] leaves the copy's group (the 1st newest at the load) pending; wait until at most 0 of the commit groups are pending (asyncpipe_wait(0)) before the load
  }
  return acc;
}

__attribute__((noinline)) static void issue(int j) {
  asyncpipe_copy(tile[j % 2], src[j], 16, 0);
}

// The copies are a helper's; the marks and waits the caller's.
unsigned helper_copies(void) {
  unsigned acc = 0;
  issue(0);
  asyncpipe_mark();
  for (int i = 0; i < 8; ++i) {
    issue(i + 1);
    asyncpipe_mark();
    asyncpipe_wait(1 + WEAK);
    acc ^= tile[i % 2][2];
    // CHECK: run-time-counts.c:[[@LINE-1]]:12: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE-13]] while it is still in flight: no wait completes the copy's group (the 2nd newest at the load) before it;
    // CHECK-SAME: wait until at most 1 of the commit groups are pending (asyncpipe_wait(1)) before the load
  }
  asyncpipe_wait(0);
  return acc;
}
// CHECK-NOT: warning:
// CORRECT-NOT: warning:
