// Known limitation (the sync-form generator marks such loops ineligible,
// "constant-trip-2"): at -O2 a loop that runs exactly twice loses its
// induction variable before asyncpipe-pipeline runs (i becomes a two-valued
// phi, the copy address a phi of two constants), so no group can run ahead
// and the loop is left alone with a remark. The same loop with a trip count
// of 3, or read at run time, is pipelined.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I %asyncpipe_include -I %asyncpipe_rt_include -c %s \
// RUN:   -o /dev/null -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline 2>&1 | FileCheck %s
// CHECK: constant-trip-two.c:27:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// CHECK: constant-trip-two.c:35:3: remark: pipelined loop with 2 stages
// CHECK: constant-trip-two.c:43:3: remark: pipelined loop with 2 stages
#include "asyncpipe/pipeline_annotation.h"
#include "asyncpipe_host.h"

#define BODY(T)                                                               \
  asyncpipe_pipeline(2);                                                      \
  asyncpipe_copy(T, &A[4 * i], 16, 0);                                        \
  asyncpipe_mark();                                                           \
  asyncpipe_wait(0);                                                          \
  acc = acc * 31 + T[0] + T[3];

static unsigned A[16], T2[4], T3[4], TN[4];
unsigned two(void) {
  unsigned acc = 0;
  for (int i = 0; i < 2; ++i) {
    BODY(T2)
  }
  return acc;
}

unsigned three(void) {
  unsigned acc = 0;
  for (int i = 0; i < 3; ++i) {
    BODY(T3)
  }
  return acc;
}

unsigned dynamic(int n) {
  unsigned acc = 0;
  for (int i = 0; i < n; ++i) {
    BODY(TN)
  }
  return acc;
}
