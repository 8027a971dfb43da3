// The natural kernels (Inputs/natural_kernels.inc) built for the host, where
// a work-group is one work-item (so the tiles shrink to one element) and the
// barrier is the runtime's: all four are pipelined for S = 2, 3 and 4 (the
// batched copy-transform behind a run-time alias check), and each build runs
// under the eager, lazy and random completion policies with AsyncSan, printing
// exactly what the unpipelined build prints, for trip counts 0, 1, S-1, S,
// S+1 and 37 (run-time values), and with overlapping in/out arrays (the check
// fails and the unpipelined loop runs).
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 %s %asyncpipe_rt_lib -o %t.ref
// RUN: %t.ref > %t.ref.out 2>&1
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=2 %s %asyncpipe_rt_lib -o %t.2 -Rpass=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK -DS=2
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=3 %s %asyncpipe_rt_lib -o %t.3 -Rpass=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK -DS=3
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=4 %s %asyncpipe_rt_lib -o %t.4 -Rpass=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK -DS=4
// RUN: env ASYNCPIPE_POLICY=eager %t.2 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.2 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.2 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=eager %t.3 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.3 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.3 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=eager %t.4 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.4 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.4 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: FileCheck %s < %t.ref.out

// REMARK: natural_kernels.inc:{{[0-9]+}}:3: remark: pipelined loop with [[S]] stages: 1 async groups per iteration, buffers 'gemm.As' x[[S]], 'gemm.Bs' x[[S]]
// REMARK: natural_kernels.inc:{{[0-9]+}}:3: remark: pipelined loop with [[S]] stages: 1 async groups per iteration, buffers 'stencil.halo' x[[S]]
// REMARK: natural_kernels.inc:{{[0-9]+}}:3: remark: pipelined loop with [[S]] stages: 1 async groups per iteration, buffers 'row_reduce.tile' x[[S]]
// REMARK: natural_kernels.inc:{{[0-9]+}}:3: remark: pipelined loop with [[S]] stages: 1 async groups per iteration, buffers 'batch_transform.tile' x[[S]]; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail)

#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

void __asyncpipe_rt_barrier(void);
static volatile int GroupId = 1;

#define TILE 1
#define ROW 1
#define KERNEL __attribute__((noinline))
#define GLOBAL
#define SHARED_ARRAY(T, N, D) static T N D
#define LOCAL_ID(D) 0
#define GROUP_ID(D) GroupId
#define SYNC() __asyncpipe_rt_barrier()
#include "Inputs/natural_kernels.inc"

#define MAX 48
static float FA[MAX * MAX], FB[MAX * MAX], FC[MAX * MAX];
static int IA[4 * MAX], IB[4 * MAX];

static void run(int n) {
  for (int i = 0; i < MAX * MAX; ++i) {
    FA[i] = (float)(i % 7) - 2.0f;
    FB[i] = (float)(i % 5) * 0.5f;
    FC[i] = 0.0f;
  }
  for (int i = 0; i < 4 * MAX; ++i) {
    IA[i] = i * 3 + 1;
    IB[i] = 0;
  }
  gemm(FA, FB, FC, n);
  stencil(FA, FC, MAX, n);
  row_reduce(IA, IB, n);
  unsigned sum = 0;
  batch_transform(IA, IB + 8, n);
  for (int i = 0; i < 4 * MAX; ++i)
    sum = sum * 31u + (unsigned)IB[i];
  // Overlapping: out is in, one element on.
  batch_transform(IA, IA + 1, n);
  for (int i = 0; i < 4 * MAX; ++i)
    sum = sum * 31u + (unsigned)IA[i];
  float fsum = 0.0f;
  for (int i = 0; i < MAX * MAX; ++i)
    fsum += FC[i] * (float)(i % 3 + 1);
  printf("n=%d float=%g int=%u\n", n, fsum, sum);
}

int main(void) {
  static volatile int Trips[] = {0, 1, 2, 3, 4, 5, 37};
  for (unsigned i = 0; i < sizeof(Trips) / sizeof(Trips[0]); ++i)
    run(Trips[i]);
  return 0;
}

// CHECK: n=0 float=
// CHECK: n=1 float=
// CHECK: n=37 float=
