// always_inline helpers are part of their caller: their marks and waits act
// on the caller's sequence, whatever mix of marks and waits each helper has.
// Two shapes the differential oracle (differential-helpers.test) found lost
// at -O1 and up while -O0 was right: the stage(s, g) helper of issue 12
// (copy; mark; wait(1)) called twice, and a helper that only marks for a
// caller that only waits. Every -O level must give the -O0 output under lazy
// completion with AsyncSan silent.
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O1
// RUN: env ASYNCPIPE_POLICY=lazy %t.O1 2>&1 | FileCheck %s
// RUN: %clang -O2 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O2
// RUN: env ASYNCPIPE_POLICY=lazy %t.O2 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t.O2 2>&1 | FileCheck %s
// RUN: %clang -O3 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O3
// RUN: env ASYNCPIPE_POLICY=lazy %t.O3 2>&1 | FileCheck %s

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[4] = {1, 2, 3, 4};
static int shared[4];

__attribute__((always_inline)) static inline void stage(int s, int g) {
  asyncpipe_copy(&shared[s], &source[g], sizeof(int), 0);
  asyncpipe_mark();
  asyncpipe_wait(1);
}

__attribute__((noinline)) static int two_stages(void) {
  stage(0, 0);
  stage(1, 1);
  int first = shared[0]; // Complete: the second stage's wait(1).
  asyncpipe_wait(0);
  return first * 10 + shared[1];
}

__attribute__((always_inline)) static inline void mark_only(void) {
  asyncpipe_mark();
}

__attribute__((noinline)) static int wait_only(void) {
  asyncpipe_copy(&shared[2], &source[2], sizeof(int), 0);
  mark_only();
  asyncpipe_wait(0);
  return shared[2];
}

int main(void) {
  printf("two stages: %d\n", two_stages());
  printf("mark in a helper: %d\n", wait_only());
  return 0;
}

// CHECK-NOT: AsyncSan
// CHECK: two stages: 12
// CHECK-NEXT: mark in a helper: 3
// CHECK-NOT: AsyncSan
