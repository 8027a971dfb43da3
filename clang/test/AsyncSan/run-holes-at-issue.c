// Under the random policy the copies issued in a stretch that completes at
// issue extend the open run of AsyncSan's index (the copies just before them,
// adjacent in address) without being pending, so that the next pending copy
// continues the run. Their bytes are holes in the run: a load there must stay
// silent, and a load of a pending copy must be reported, also when the run
// holds a single pending copy and the rest of its range is holes. Each group
// of four adjacent copies is loaded element by element before its wait
// (ASYNCPIPE_SAN_CONTINUE=1 goes on after each report); every load must be
// reported exactly when its element has not arrived. A guard copy just above
// the group, in a group of its own (its first copy: always pending), keeps
// the group's holes inside the range of pending destinations, so that the
// loads there reach the index instead of its fast path.
// Built at -O0: at -O1 the wait(0) after each group makes the marks
// redundant, asyncpipe-elim removes them, and the groups merge.
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=1 ASYNCPIPE_SAN_CONTINUE=1 \
// RUN:   %t 2>/dev/null | FileCheck %s --check-prefix=RANDOM
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=2 ASYNCPIPE_SAN_CONTINUE=1 \
// RUN:   %t 2>/dev/null | FileCheck %s --check-prefix=RANDOM
// RUN: env ASYNCPIPE_POLICY=lazy ASYNCPIPE_SAN_CONTINUE=1 %t 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=LAZY
//
// RANDOM: loads reported exactly when pending: 800 of 800
// RANDOM-NEXT: groups whose first copy alone was pending: {{[1-9][0-9]*}}
// LAZY: loads reported exactly when pending: 800 of 800
// LAZY-NEXT: groups whose first copy alone was pending: 0

#include "asyncpipe_host.h"
#include "asyncpipe_rt.h"
#include <stdint.h>
#include <stdio.h>

enum { Groups = 200, PerGroup = 4 };
// Each row: the group's elements, then the guard.
static int source[Groups][PerGroup + 1];
static int shared[Groups][PerGroup + 1];

__attribute__((noinline)) static int load(int g, int l) { return shared[g][l]; }

__attribute__((noinline)) void run(void) {
  int exact = 0, firstAlone = 0;
  for (int g = 0; g < Groups; ++g) {
    for (int l = 0; l < PerGroup; ++l)
      asyncpipe_copy(&shared[g][l], &source[g][l], sizeof(int), 0);
    asyncpipe_mark();
    asyncpipe_copy(&shared[g][PerGroup], &source[g][PerGroup], sizeof(int), 0);
    asyncpipe_mark();
    int pendingMask = 0;
    for (int l = 0; l < PerGroup; ++l) {
      uint64_t before = __asyncpipe_rt_san_report_count();
      int arrived = load(g, l) == source[g][l];
      uint64_t reports = __asyncpipe_rt_san_report_count() - before;
      exact += reports == (uint64_t)!arrived;
      pendingMask |= !arrived << l;
    }
    firstAlone += pendingMask == 1;
    asyncpipe_wait(0);
  }
  printf("loads reported exactly when pending: %d of %d\n", exact,
         Groups * PerGroup);
  printf("groups whose first copy alone was pending: %d\n", firstAlone);
}

int main(void) {
  for (int g = 0; g < Groups; ++g)
    for (int l = 0; l <= PerGroup; ++l)
      source[g][l] = g * (PerGroup + 1) + l + 1;
  run();
  return 0;
}
