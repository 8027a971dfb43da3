// Short trip counts on the host: the natural kernels
// (Inputs/natural_kernels.inc), one copy per trip count (Inputs/short_trips.inc),
// run for 0, 1, S-1, S, S+1 and 37 iterations given as constants, then the
// same counts read at run time, for S = 2, 3 and 4. Each build runs under the
// eager, lazy and random completion policies with AsyncSan (silent) and prints
// exactly what the unpipelined build prints. A trip count n below S takes a
// partial prologue (the groups of its n iterations) and the last n copies of
// the epilogue: it still overlaps its copies. At -O2 constant trip counts 0
// and 1 leave no loop to pipeline (the loop is folded away first), and a
// constant 2 is the known limitation of constant-trip-two.c.
// REQUIRES: x86-registered-target
// A deliberately wrong pipelining (every count one too weak) is caught:
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -mllvm -asyncpipe-pipeline-miscount-for-testing=1 -DSTAGES=3 -DS=3 %s \
// RUN:   %asyncpipe_rt_lib -o %t.bad
// RUN: env ASYNCPIPE_POLICY=lazy not %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ==AsyncSan== ERROR: read-after-async-write
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DS=2 %s %asyncpipe_rt_lib -o %t.ref2
// RUN: %t.ref2 > %t.ref2.out 2>&1
// RUN: FileCheck %s --check-prefix=OUT -D#S=2 < %t.ref2.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=2 -DS=2 %s %asyncpipe_rt_lib -o %t.2 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK-S2 --implicit-check-not=remark:
// RUN: env ASYNCPIPE_POLICY=eager %t.2 > %t.out 2>&1 && diff %t.ref2.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.2 > %t.out 2>&1 && diff %t.ref2.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.2 > %t.out 2>&1 && diff %t.ref2.out %t.out
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DS=3 %s %asyncpipe_rt_lib -o %t.ref3
// RUN: %t.ref3 > %t.ref3.out 2>&1
// RUN: FileCheck %s --check-prefix=OUT -D#S=3 < %t.ref3.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=3 -DS=3 %s %asyncpipe_rt_lib -o %t.3 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK-S3 --implicit-check-not=remark:
// RUN: env ASYNCPIPE_POLICY=eager %t.3 > %t.out 2>&1 && diff %t.ref3.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.3 > %t.out 2>&1 && diff %t.ref3.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.3 > %t.out 2>&1 && diff %t.ref3.out %t.out
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DS=4 %s %asyncpipe_rt_lib -o %t.ref4
// RUN: %t.ref4 > %t.ref4.out 2>&1
// RUN: FileCheck %s --check-prefix=OUT -D#S=4 < %t.ref4.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=4 -DS=4 %s %asyncpipe_rt_lib -o %t.4 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK-S4 --implicit-check-not=remark:
// RUN: env ASYNCPIPE_POLICY=eager %t.4 > %t.out 2>&1 && diff %t.ref4.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.4 > %t.out 2>&1 && diff %t.ref4.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.4 > %t.out 2>&1 && diff %t.ref4.out %t.out

// REMARK-S2: natural_kernels.inc:24:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: natural_kernels.inc:46:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: natural_kernels.inc:66:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: natural_kernels.inc:89:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S2: natural_kernels.inc:24:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'gemm_above.As' x2, 'gemm_above.Bs' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:46:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'stencil_above.halo' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:66:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'row_reduce_above.tile' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:89:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'batch_transform_above.tile' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:24:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'gemm_large.As' x2, 'gemm_large.Bs' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:46:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'stencil_large.halo' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:66:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'row_reduce_large.tile' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:89:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'batch_transform_large.tile' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:24:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'gemm_runtime.As' x2, 'gemm_runtime.Bs' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:46:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'stencil_runtime.halo' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:66:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'row_reduce_runtime.tile' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S2: natural_kernels.inc:89:3: remark: pipelined loop with 2 stages: 1 async groups per iteration, buffers 'batch_transform_runtime.tile' x2; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:24:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: natural_kernels.inc:46:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: natural_kernels.inc:66:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: natural_kernels.inc:89:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy depends on 'phi' instruction, which is not an induction variable)
// REMARK-S3: natural_kernels.inc:24:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'gemm_at.As' x3, 'gemm_at.Bs' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:46:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'stencil_at.halo' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:66:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'row_reduce_at.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:89:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'batch_transform_at.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:24:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'gemm_above.As' x3, 'gemm_above.Bs' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:46:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'stencil_above.halo' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:66:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'row_reduce_above.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:89:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'batch_transform_above.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:24:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'gemm_large.As' x3, 'gemm_large.Bs' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:46:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'stencil_large.halo' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:66:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'row_reduce_large.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:89:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'batch_transform_large.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:24:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'gemm_runtime.As' x3, 'gemm_runtime.Bs' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:46:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'stencil_runtime.halo' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:66:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'row_reduce_runtime.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S3: natural_kernels.inc:89:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'batch_transform_runtime.tile' x3; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:24:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'gemm_below.As' x4, 'gemm_below.Bs' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:46:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'stencil_below.halo' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:66:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'row_reduce_below.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:89:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'batch_transform_below.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:24:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'gemm_at.As' x4, 'gemm_at.Bs' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:46:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'stencil_at.halo' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:66:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'row_reduce_at.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:89:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'batch_transform_at.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:24:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'gemm_above.As' x4, 'gemm_above.Bs' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:46:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'stencil_above.halo' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:66:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'row_reduce_above.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:89:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'batch_transform_above.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:24:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'gemm_large.As' x4, 'gemm_large.Bs' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:46:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'stencil_large.halo' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:66:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'row_reduce_large.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:89:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'batch_transform_large.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:24:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'gemm_runtime.As' x4, 'gemm_runtime.Bs' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:46:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'stencil_runtime.halo' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:66:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'row_reduce_runtime.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// REMARK-S4: natural_kernels.inc:89:3: remark: pipelined loop with 4 stages: 1 async groups per iteration, buffers 'batch_transform_runtime.tile' x4; added a barrier before the prologue so that writes before the loop reach every work-item's early copies
// OUT: n=0 float=0 int=0
// OUT-NEXT: n=1 float=
// OUT-NEXT: n=[[#S-1]] float=
// OUT-NEXT: n=[[#S]] float=
// OUT-NEXT: n=[[#S+1]] float=
// OUT-NEXT: n=37 float=
// OUT-NEXT: n=0 float=0 int=0
// OUT-NEXT: n=1 float=
// OUT-NEXT: n=[[#S-1]] float=
// OUT-NEXT: n=[[#S]] float=
// OUT-NEXT: n=[[#S+1]] float=
// OUT-NEXT: n=37 float=

#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

void __asyncpipe_rt_barrier(void);
static volatile int GroupId = 1;

#define TILE 1
#define ROW 1
#define KERNEL static
#define GLOBAL
#define SHARED_ARRAY(T, N, D) static T N D
#define LOCAL_ID(D) 0
#define GROUP_ID(D) GroupId
#define SYNC() __asyncpipe_rt_barrier()

#define MAX 48
static float FA[MAX * MAX], FB[MAX * MAX], FC[MAX * MAX];
static int IA[4 * MAX], IB[4 * MAX];

static void reset(void) {
  for (int i = 0; i < MAX * MAX; ++i) {
    FA[i] = (float)(i % 7) - 2.0f;
    FB[i] = (float)(i % 5) * 0.5f;
    FC[i] = 0.0f;
  }
  for (int i = 0; i < 4 * MAX; ++i) {
    IA[i] = i * 3 + 1;
    IB[i] = 0;
  }
}

static void print(int n) {
  unsigned sum = 0;
  for (int i = 0; i < 4 * MAX; ++i)
    sum = sum * 31u + (unsigned)IB[i];
  float fsum = 0.0f;
  for (int i = 0; i < MAX * MAX; ++i)
    fsum += FC[i] * (float)(i % 3 + 1);
  printf("n=%d float=%g int=%u\n", n, fsum, sum);
}

#define SUFFIX zero
#define TRIPS 0
#include "Inputs/short_trips.inc"
#define SUFFIX one
#define TRIPS 1
#include "Inputs/short_trips.inc"
#define SUFFIX below
#define TRIPS (S - 1)
#include "Inputs/short_trips.inc"
#define SUFFIX at
#define TRIPS S
#include "Inputs/short_trips.inc"
#define SUFFIX above
#define TRIPS (S + 1)
#include "Inputs/short_trips.inc"
#define SUFFIX large
#define TRIPS 37
#include "Inputs/short_trips.inc"
#define SUFFIX runtime
#define TRIPS n
#include "Inputs/short_trips.inc"

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
