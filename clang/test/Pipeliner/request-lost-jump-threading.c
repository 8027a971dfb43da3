// A pipeline request an earlier pass loses still gets its remark. With a
// constant trip count of 3, `i % 3 == 2` holds exactly in the last iteration;
// at -O2 the JumpThreading run after the loop passes threads the second
// branch on it across the latch, and the back edge moves to a new block
// without the loop's !llvm.loop metadata (found by the sync-form generator,
// utils/asyncpipe_gen.py). The annotation pass keeps a per-function record of
// requests, and asyncpipe-pipeline reports the ones no loop carries any more.
// The loop stays in its synchronous form, which is correct.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I %asyncpipe_include -I %asyncpipe_rt_include -c %s \
// RUN:   -o /dev/null -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline 2>&1 | FileCheck %s
// CHECK: request-lost-jump-threading.c:[[@LINE+8]]:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
#include "asyncpipe/pipeline_annotation.h"
#include "asyncpipe_host.h"

static unsigned A[16], B[64];
static unsigned TA[2], TB[16];
unsigned f(void) {
  unsigned acc = 0;
  for (int i = 0; i < 3; ++i) {
    asyncpipe_pipeline(2);
    asyncpipe_copy(TA, &A[2 * i], 8, 0);
    asyncpipe_mark();
    if (i % 3 == 2)
      asyncpipe_copy(TB, &B[16 * i], 16, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    acc = acc * 31 + TA[0];
    if (i % 3 == 2)
      for (int w = 0; w < 16; ++w)
        acc = (acc ^ TB[w]) * 0x01000193u;
  }
  return acc;
}
