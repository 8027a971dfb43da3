// Tiles copied by an inner loop (Inputs/copy_loop_kernels.inc: one group per
// tile, committed after the copy loop) are pipelined on the host for S = 2, 3
// and 4: the copy loop runs ahead as a whole, in the prologue and in the
// loop, and the epilogue drops its clones. Each build runs for 0, 1, S-1, S,
// S+1 and 37 iterations given as constants and then at run time, under the
// eager, lazy and random completion policies with AsyncSan (silent), and
// prints exactly what the unpipelined build prints; LoopInfo and the
// dominator tree are verified after each loop, and every wait is proved by
// the mark analysis. The batched copy-transform has no restrict: it is
// versioned on a run-time check, and run with arrays apart (the pipelined
// version) and overlapping (the check fails, the loop runs as written). A
// deliberately wrong pipelining is caught.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -mllvm -asyncpipe-pipeline-miscount-for-testing=1 -DSTAGES=3 -DS=3 %s \
// RUN:   %asyncpipe_rt_lib -o %t.bad
// RUN: env ASYNCPIPE_POLICY=lazy not %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ==AsyncSan== ERROR: read-after-async-write
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DS=2 %s %asyncpipe_rt_lib -o %t.ref2
// RUN: %t.ref2 > %t.ref2.out 2>&1
// RUN: FileCheck %s --check-prefix=OUT -D#S=2 < %t.ref2.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -mllvm -verify-loop-info -mllvm -verify-dom-info \
// RUN:   -DSTAGES=2 -DS=2 %s %asyncpipe_rt_lib -o %t.2 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline -Rpass-analysis=asyncpipe-pipeline \
// RUN:   > %t.rem2 2>&1
// RUN: FileCheck %s --check-prefix=REMARK-S2 < %t.rem2
// RUN: FileCheck %s --check-prefix=PROVED-S2 --implicit-check-not='not proved' < %t.rem2
// RUN: env ASYNCPIPE_POLICY=eager %t.2 > %t.out 2>&1 && diff %t.ref2.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.2 > %t.out 2>&1 && diff %t.ref2.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.2 > %t.out 2>&1 && diff %t.ref2.out %t.out
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DS=3 %s %asyncpipe_rt_lib -o %t.ref3
// RUN: %t.ref3 > %t.ref3.out 2>&1
// RUN: FileCheck %s --check-prefix=OUT -D#S=3 < %t.ref3.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -mllvm -verify-loop-info -mllvm -verify-dom-info \
// RUN:   -DSTAGES=3 -DS=3 %s %asyncpipe_rt_lib -o %t.3 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline -Rpass-analysis=asyncpipe-pipeline \
// RUN:   > %t.rem3 2>&1
// RUN: FileCheck %s --check-prefix=REMARK-S3 < %t.rem3
// RUN: FileCheck %s --check-prefix=PROVED-S3 --implicit-check-not='not proved' < %t.rem3
// RUN: env ASYNCPIPE_POLICY=eager %t.3 > %t.out 2>&1 && diff %t.ref3.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.3 > %t.out 2>&1 && diff %t.ref3.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.3 > %t.out 2>&1 && diff %t.ref3.out %t.out
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DS=4 %s %asyncpipe_rt_lib -o %t.ref4
// RUN: %t.ref4 > %t.ref4.out 2>&1
// RUN: FileCheck %s --check-prefix=OUT -D#S=4 < %t.ref4.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -mllvm -verify-loop-info -mllvm -verify-dom-info \
// RUN:   -DSTAGES=4 -DS=4 %s %asyncpipe_rt_lib -o %t.4 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline -Rpass-analysis=asyncpipe-pipeline \
// RUN:   > %t.rem4 2>&1
// RUN: FileCheck %s --check-prefix=REMARK-S4 < %t.rem4
// RUN: FileCheck %s --check-prefix=PROVED-S4 --implicit-check-not='not proved' < %t.rem4
// RUN: env ASYNCPIPE_POLICY=eager %t.4 > %t.out 2>&1 && diff %t.ref4.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.4 > %t.out 2>&1 && diff %t.ref4.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.4 > %t.out 2>&1 && diff %t.ref4.out %t.out

#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

void __asyncpipe_rt_barrier(void);
// One work-item per work group on the host; read at run time, as a GPU's
// group size is.
static volatile int Threads = 1;

#define CTILE 8
#define KERNEL static __attribute__((noinline))
#define GLOBAL
#define SHARED_ARRAY(T, N, D) static T N D
#define LOCAL_ID(D) 0
#define LOCAL_SIZE(D) Threads
#define SYNC() __asyncpipe_rt_barrier()

#define MAX (40 * CTILE)
static float FA[MAX], FB[MAX], FC[MAX];
static int IA[MAX], IB[MAX];

static void reset(void) {
  for (int i = 0; i < MAX; ++i) {
    FA[i] = (float)(i % 7) - 2.0f;
    FB[i] = (float)(i % 5) * 0.5f;
    FC[i] = 0.0f;
    IA[i] = i * 3 + 1;
    IB[i] = 0;
  }
}

static void print(int n) {
  unsigned sum = 0;
  for (int i = 0; i < MAX; ++i)
    sum = sum * 31u + (unsigned)IB[i];
  float fsum = 0.0f;
  for (int i = 0; i < MAX; ++i)
    fsum += FC[i] * (float)(i % 3 + 1);
  printf("n=%d float=%g int=%u\n", n, fsum, sum);
}

#define SUFFIX zero
#define TRIPS 0
#include "Inputs/copy_loop_trips.inc"
#define SUFFIX one
#define TRIPS 1
#include "Inputs/copy_loop_trips.inc"
#define SUFFIX below
#define TRIPS (S - 1)
#include "Inputs/copy_loop_trips.inc"
#define SUFFIX at
#define TRIPS S
#include "Inputs/copy_loop_trips.inc"
#define SUFFIX above
#define TRIPS (S + 1)
#include "Inputs/copy_loop_trips.inc"
#define SUFFIX large
#define TRIPS 37
#include "Inputs/copy_loop_trips.inc"
#define SUFFIX runtime
#define TRIPS n
#include "Inputs/copy_loop_trips.inc"

int main(void) {
  run_zero(0);
  run_one(0);
  run_below(0);
  run_at(0);
  run_above(0);
  run_large(0);
  static volatile int Trips[] = {0, 1, S - 1, S, S + 1, 37};
  for (unsigned i = 0; i < sizeof(Trips) / sizeof(Trips[0]); ++i)
    run_runtime(Trips[i]);
  return 0;
}

// OUT: n=0 float=
// OUT-NEXT: n=0 float=
// OUT-NEXT: n=1 float=
// OUT-NEXT: n=1 float=
// OUT-NEXT: n=[[#S-1]] float=
// OUT-NEXT: n=[[#S-1]] float=
// OUT-NEXT: n=[[#S]] float=
// OUT-NEXT: n=[[#S]] float=
// OUT-NEXT: n=[[#S+1]] float=
// OUT-NEXT: n=[[#S+1]] float=
// OUT-NEXT: n=37 float=
// OUT-NEXT: n=37 float=
// OUT-NEXT: n=0 float=
// OUT-NEXT: n=0 float=
// OUT-NEXT: n=1 float=
// OUT-NEXT: n=1 float=
// OUT-NEXT: n=[[#S-1]] float=
// OUT-NEXT: n=[[#S-1]] float=
// OUT-NEXT: n=[[#S]] float=
// OUT-NEXT: n=[[#S]] float=
// OUT-NEXT: n=[[#S+1]] float=
// OUT-NEXT: n=[[#S+1]] float=
// OUT-NEXT: n=37 float=
// OUT-NEXT: n=37 float=

// At -O2 constant trip counts 0 and 1 leave no loop, and a constant 2 is the
// limit of constant-trip-two.c; every other loop is pipelined.
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:83:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:83:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: copy_loop_kernels.inc:83:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'tile_sum_above.tile' x2
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'tile_dot_above.as' x2, 'tile_dot_above.bs' x2
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'ragged_above.tile' x2
// REMARK-S2: copy_loop_kernels.inc:83:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'copy_transform_above.tile' x2; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'tile_sum_large.tile' x2
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'tile_dot_large.as' x2, 'tile_dot_large.bs' x2
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'ragged_large.tile' x2
// REMARK-S2: copy_loop_kernels.inc:83:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'copy_transform_large.tile' x2; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S2: copy_loop_kernels.inc:17:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'tile_sum_runtime.tile' x2
// REMARK-S2: copy_loop_kernels.inc:38:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'tile_dot_runtime.as' x2, 'tile_dot_runtime.bs' x2
// REMARK-S2: copy_loop_kernels.inc:60:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'ragged_runtime.tile' x2
// REMARK-S2: copy_loop_kernels.inc:83:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'copy_transform_runtime.tile' x2; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:83:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: copy_loop_kernels.inc:83:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_sum_at.tile' x3
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_dot_at.as' x3, 'tile_dot_at.bs' x3
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'ragged_at.tile' x3
// REMARK-S3: copy_loop_kernels.inc:83:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'copy_transform_at.tile' x3; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_sum_above.tile' x3
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_dot_above.as' x3, 'tile_dot_above.bs' x3
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'ragged_above.tile' x3
// REMARK-S3: copy_loop_kernels.inc:83:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'copy_transform_above.tile' x3; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_sum_large.tile' x3
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_dot_large.as' x3, 'tile_dot_large.bs' x3
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'ragged_large.tile' x3
// REMARK-S3: copy_loop_kernels.inc:83:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'copy_transform_large.tile' x3; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S3: copy_loop_kernels.inc:17:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_sum_runtime.tile' x3
// REMARK-S3: copy_loop_kernels.inc:38:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile_dot_runtime.as' x3, 'tile_dot_runtime.bs' x3
// REMARK-S3: copy_loop_kernels.inc:60:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'ragged_runtime.tile' x3
// REMARK-S3: copy_loop_kernels.inc:83:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'copy_transform_runtime.tile' x3; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:83:3: remark: loop not pipelined: an earlier optimization rebuilt or removed the loop that asked for it, and its request with it
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_sum_below.tile' x4
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_dot_below.as' x4, 'tile_dot_below.bs' x4
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'ragged_below.tile' x4
// REMARK-S4: copy_loop_kernels.inc:83:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'copy_transform_below.tile' x4; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_sum_at.tile' x4
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_dot_at.as' x4, 'tile_dot_at.bs' x4
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'ragged_at.tile' x4
// REMARK-S4: copy_loop_kernels.inc:83:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'copy_transform_at.tile' x4; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_sum_above.tile' x4
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_dot_above.as' x4, 'tile_dot_above.bs' x4
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'ragged_above.tile' x4
// REMARK-S4: copy_loop_kernels.inc:83:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'copy_transform_above.tile' x4; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_sum_large.tile' x4
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_dot_large.as' x4, 'tile_dot_large.bs' x4
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'ragged_large.tile' x4
// REMARK-S4: copy_loop_kernels.inc:83:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'copy_transform_large.tile' x4; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)
// REMARK-S4: copy_loop_kernels.inc:17:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_sum_runtime.tile' x4
// REMARK-S4: copy_loop_kernels.inc:38:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'tile_dot_runtime.as' x4, 'tile_dot_runtime.bs' x4
// REMARK-S4: copy_loop_kernels.inc:60:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'ragged_runtime.tile' x4
// REMARK-S4: copy_loop_kernels.inc:83:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'copy_transform_runtime.tile' x4; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)

// Every pipelined loop's wait is proved (and none is not).
// PROVED-S2-COUNT-12: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 1 newer groups stay in flight, 1 of them its own (of 2 stages)
// PROVED-S3-COUNT-16: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 2 newer groups stay in flight, 2 of them its own (of 3 stages)
// PROVED-S4-COUNT-20: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and 3 newer groups stay in flight, 3 of them its own (of 4 stages)
