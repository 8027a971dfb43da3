// Under the random policy a coin drawn at each moment decides whether the
// copies issued until the next moment complete at their issue (as under
// eager) or stay pending (as under lazy), except a group's first copy, which
// always stays pending: every group keeps a copy in flight that a wait too
// weak for it leaves behind. The program peeks at each destination right
// after its copy is issued (a race AsyncSan would report; this program is
// built without it), with no other runtime call in between.
// RUN: %clang -O1 -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=1 %t \
// RUN:   | FileCheck %s --check-prefix=RANDOM
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=2 %t \
// RUN:   | FileCheck %s --check-prefix=RANDOM
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s --check-prefix=LAZY
// RUN: env ASYNCPIPE_POLICY=eager %t | FileCheck %s --check-prefix=EAGER

// RANDOM: first copies complete at issue: 0 of 200
// RANDOM-NEXT: other copies complete at issue: some
// RANDOM-NEXT: after the waits: 1600 of 1600 arrived
// LAZY: first copies complete at issue: 0 of 200
// LAZY-NEXT: other copies complete at issue: none
// LAZY-NEXT: after the waits: 1600 of 1600 arrived
// EAGER: first copies complete at issue: 200 of 200
// EAGER-NEXT: other copies complete at issue: all
// EAGER-NEXT: after the waits: 1600 of 1600 arrived

#include "asyncpipe_host.h"
#include <stdio.h>

enum { Groups = 200, PerGroup = 8 };
static int source[Groups][PerGroup];
static int shared[Groups][PerGroup];

__attribute__((noinline)) static int arrived(int g, int l) {
  return *(volatile int *)&shared[g][l] == source[g][l];
}

__attribute__((noinline)) void run(void) {
  int first = 0, others = 0;
  for (int g = 0; g < Groups; ++g) {
    for (int l = 0; l < PerGroup; ++l) {
      asyncpipe_copy(&shared[g][l], &source[g][l], sizeof(int), 0);
      if (l == 0)
        first += arrived(g, l);
      else
        others += arrived(g, l);
    }
    asyncpipe_mark();
    asyncpipe_wait(0);
  }
  const int otherCopies = Groups * (PerGroup - 1);
  printf("first copies complete at issue: %d of %d\n", first, Groups);
  printf("other copies complete at issue: %s\n", others == 0 ? "none"
                                                 : others == otherCopies
                                                     ? "all"
                                                     : "some");
  int total = 0;
  for (int g = 0; g < Groups; ++g)
    for (int l = 0; l < PerGroup; ++l)
      total += arrived(g, l);
  printf("after the waits: %d of %d arrived\n", total, Groups * PerGroup);
}

int main(void) {
  for (int g = 0; g < Groups; ++g)
    for (int l = 0; l < PerGroup; ++l)
      source[g][l] = g * PerGroup + l + 1;
  run();
  return 0;
}
