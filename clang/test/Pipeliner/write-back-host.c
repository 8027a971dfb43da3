// An async write-back stage from C: each tile is copied into shared memory,
// computed into a staging buffer and written back with asyncpipe_store, in
// the synchronous form, with asyncpipe_pipeline(S). The automatic schedule
// keeps the stores in the last stage, grows the staging buffer to S versions
// and lets the last S - 1 tiles' stores fly while the next tiles compute
// (AsyncPipePipeliner.rst, "Async write-back stages"). Built at -O0 (the
// pipeliner does not run: the unpipelined program) and at -O1 for S = 2, 3,
// 4 with AsyncSan, run for 0 to 9 tiles under the eager, lazy and random
// policies: every output equals the unpipelined one and AsyncSan is silent.
// REQUIRES: x86-registered-target
// RUN: %clang -O0 -mllvm -asyncpipe-sanitize -I %asyncpipe_include -DSTAGES=3 \
// RUN:   %s %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 > %t.ref 2>&1
// RUN: FileCheck %s < %t.ref
// RUN: %clang -O1 -mllvm -asyncpipe-sanitize -I %asyncpipe_include -DSTAGES=2 \
// RUN:   %s %asyncpipe_rt_lib -Rpass=asyncpipe-pipeline -o %t.2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK2
// RUN: env ASYNCPIPE_POLICY=eager %t.2 > %t.2.eager 2>&1
// RUN: diff %t.ref %t.2.eager
// RUN: env ASYNCPIPE_POLICY=lazy %t.2 > %t.2.lazy 2>&1
// RUN: diff %t.ref %t.2.lazy
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t.2 > %t.2.random 2>&1
// RUN: diff %t.ref %t.2.random
// RUN: %clang -O1 -mllvm -asyncpipe-sanitize -I %asyncpipe_include -DSTAGES=3 \
// RUN:   %s %asyncpipe_rt_lib -Rpass=asyncpipe-pipeline -o %t.3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK3
// RUN: env ASYNCPIPE_POLICY=lazy %t.3 > %t.3.lazy 2>&1
// RUN: diff %t.ref %t.3.lazy
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=4 %t.3 > %t.3.random 2>&1
// RUN: diff %t.ref %t.3.random
// RUN: %clang -O1 -mllvm -asyncpipe-sanitize -I %asyncpipe_include -DSTAGES=4 \
// RUN:   %s %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=empty-groups -o %t.4
// RUN: env ASYNCPIPE_POLICY=lazy %t.4 > %t.4.lazy 2>&1
// RUN: diff %t.ref %t.4.lazy
// One count too weak: AsyncSan reports the staging buffer overwritten under
// a store in flight, or a copy read too early.
// RUN: %clang -O1 -mllvm -asyncpipe-sanitize -I %asyncpipe_include -DSTAGES=3 \
// RUN:   %s %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-miscount-for-testing=1 \
// RUN:   -o %t.broken
// RUN: env ASYNCPIPE_POLICY=lazy not %t.broken 2>&1 | FileCheck %s --check-prefix=BROKEN

// REMARK2: write-back-host.c:65:3: remark: pipelined loop with 2 stages: 2 async groups per iteration, buffers 'In' x2, 'Staging' x2
// REMARK3: write-back-host.c:65:3: remark: pipelined loop with 3 stages: 2 async groups per iteration, buffers 'In' x3, 'Staging' x3
// CHECK-NOT: AsyncSan
// CHECK: tiles 9:
// CHECK-NOT: AsyncSan
// BROKEN: ==AsyncSan== ERROR

#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

void asyncpipe_copy(void *dst, const void *src, unsigned size,
                    unsigned flags) __asm__("asyncpipe.copy");
void asyncpipe_store(void *dst, const void *src,
                     unsigned size) __asm__("asyncpipe.store");
void asyncpipe_mark(void) __asm__("asyncpipe.mark");
void asyncpipe_wait(unsigned n) __asm__("asyncpipe.wait");

#define TILE 4
static int In[TILE];
static int Staging[TILE];

__attribute__((noinline)) void scale_tiles(const int *restrict src,
                                           int *restrict dst, int n) {
  for (int t = 0; t < n; ++t) {
    asyncpipe_pipeline(STAGES);
    for (int l = 0; l < TILE; ++l)
      asyncpipe_copy(&In[l], &src[t * TILE + l], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    for (int l = 0; l < TILE; ++l)
      Staging[l] = 3 * In[l] + t - In[TILE - 1 - l];
    for (int l = 0; l < TILE; ++l)
      asyncpipe_store(&dst[t * TILE + l], &Staging[l], 4);
    asyncpipe_mark();
    asyncpipe_wait(0);
  }
}

int main(void) {
  enum { MaxTiles = 9 };
  static int src[MaxTiles * TILE], dst[MaxTiles * TILE];
  for (int i = 0; i < MaxTiles * TILE; ++i)
    src[i] = (i * 37 + 11) % 101;
  for (int n = 0; n <= MaxTiles; ++n) {
    for (int i = 0; i < MaxTiles * TILE; ++i)
      dst[i] = -1;
    scale_tiles(src, dst, n);
    printf("tiles %d:", n);
    for (int i = 0; i < MaxTiles * TILE; ++i)
      printf(" %d", dst[i]);
    printf("\n");
  }
  return 0;
}
