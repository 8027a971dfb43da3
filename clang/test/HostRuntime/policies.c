// The completion policies of the host runtime, observed by peeking at copy
// destinations before the covering wait (a race AsyncSan would report; this
// program is built without it): eager completes at issue, lazy only when a
// wait forces it, random at seeded moments, in random order, reproducibly.
// RUN: %clang -O1 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: %t | FileCheck %s --check-prefix=EAGER
// RUN: env ASYNCPIPE_POLICY=eager %t | FileCheck %s --check-prefix=EAGER
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s --check-prefix=LAZY
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t > %t.seed7.a
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t > %t.seed7.b
// RUN: diff %t.seed7.a %t.seed7.b
// RUN: FileCheck %s --check-prefix=RANDOM < %t.seed7.a
// RUN: env ASYNCPIPE_POLICY=random %t | FileCheck %s --check-prefix=RANDOM
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=11 %t \
// RUN:   | FileCheck %s --check-prefix=RANDOM

#include "asyncpipe_host.h"
#include <stdio.h>

enum { N = 64 };
static int source[N];
static int shared[N];

static int count_arrived(void) {
  int arrived = 0;
  for (int i = 0; i < N; ++i)
    arrived += shared[i] == source[i];
  return arrived;
}

// Whether the copies that arrived are the first ones issued: always so when
// copies complete in issue order.
static const char *in_issue_order(void) {
  int i = 0;
  while (i < N && shared[i] == source[i])
    ++i;
  while (i < N && shared[i] != source[i])
    ++i;
  return i == N ? "yes" : "no";
}

__attribute__((noinline)) void run(void) {
  for (int i = 0; i < N; ++i)
    asyncpipe_copy(&shared[i], &source[i], sizeof(int), 0);
  asyncpipe_mark();
  printf("before wait: %d of %d arrived\n", count_arrived(), N);
  printf("in issue order: %s\n", in_issue_order());
  asyncpipe_wait(0);
  printf("after wait: %d of %d arrived\n", count_arrived(), N);
}

int main(void) {
  for (int i = 0; i < N; ++i)
    source[i] = i + 1;
  run();
  return 0;
}

// EAGER: before wait: 64 of 64 arrived
// EAGER-NEXT: in issue order: yes
// EAGER-NEXT: after wait: 64 of 64 arrived
// LAZY: before wait: 0 of 64 arrived
// LAZY-NEXT: in issue order: yes
// LAZY-NEXT: after wait: 64 of 64 arrived
// Some copies complete early, some wait for the wait, and not the oldest
// first. Not in every run: copies complete at their issue in the stretches
// the moments pick (random-at-issue.c), and a run may complete the whole
// group before the wait; these seeds show the mix.
// RANDOM: before wait: {{[1-9]|[1-5][0-9]|6[0-3]}} of 64 arrived
// RANDOM-NEXT: in issue order: no
// RANDOM-NEXT: after wait: 64 of 64 arrived
