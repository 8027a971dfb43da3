// wait(N) returns once at most N marks of the current activation are
// outstanding: under the lazy policy it completes exactly the groups before
// the N most recent marks, and a count above the outstanding marks waits for
// nothing. The count may be a run-time value.
// RUN: %clang -O1 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s --check-prefix=LAZY
// RUN: env ASYNCPIPE_POLICY=eager %t | FileCheck %s --check-prefix=EAGER
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t | FileCheck %s --check-prefix=FINAL

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[3] = {10, 20, 30};
static int shared[3];
volatile unsigned runtime_count = 1;

static void show(const char *when) {
  printf("%s: %d %d %d\n", when, shared[0], shared[1], shared[2]);
}

__attribute__((noinline)) void run(void) {
  for (int g = 0; g < 3; ++g) {
    asyncpipe_copy(&shared[g], &source[g], sizeof(int), 0);
    asyncpipe_mark();
  }
  asyncpipe_wait(5);
  show("wait(5)");
  asyncpipe_wait(runtime_count);
  show("wait(1)");
  asyncpipe_wait(0);
  show("wait(0)");
}

int main(void) {
  run();
  return 0;
}

// LAZY: wait(5): 0 0 0
// LAZY-NEXT: wait(1): 10 20 0
// LAZY-NEXT: wait(0): 10 20 30
// EAGER: wait(5): 10 20 30
// EAGER-NEXT: wait(1): 10 20 30
// EAGER-NEXT: wait(0): 10 20 30
// FINAL: wait(0): 10 20 30
