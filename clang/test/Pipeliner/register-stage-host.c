// TVM's nested GEMM as a user writes it: the tile loop asks for S async
// stages (asyncpipe_pipeline) and the loop over the slices of a tile, which
// loads them from shared memory into registers, asks for a register stage
// (asyncpipe_pipeline_registers(2)): the slice j + 1 is loaded before slice
// j is multiplied. Built for the host with AsyncSan and run under the eager,
// lazy and random policies for 0 to 9 tiles and 0 to 4 slices (run-time
// values), printing exactly what the unpipelined build prints.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DREGS=0 %s %asyncpipe_rt_lib -o %t.ref
// RUN: %t.ref > %t.ref.out 2>&1
// RUN: FileCheck %s < %t.ref.out
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=2 -DREGS=1 %s %asyncpipe_rt_lib -o %t.2 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline -Rpass-analysis=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK -DS=2 -DD=1
// RUN: %clang -O2 -gline-tables-only -mllvm -asyncpipe-sanitize -I %asyncpipe_include \
// RUN:   -DSTAGES=3 -DREGS=1 %s %asyncpipe_rt_lib -o %t.3 -Rpass=asyncpipe-pipeline \
// RUN:   -Rpass-missed=asyncpipe-pipeline -Rpass-analysis=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK -DS=3 -DD=2
// RUN: env ASYNCPIPE_POLICY=eager %t.2 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.2 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.2 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=eager %t.3 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=lazy %t.3 > %t.out 2>&1 && diff %t.ref.out %t.out
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t.3 > %t.out 2>&1 && diff %t.ref.out %t.out
// The register stage alone, without async stages around it.
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 -DREGS=1 %s %asyncpipe_rt_lib \
// RUN:   -o %t.1 -Rpass=asyncpipe-pipeline 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: %t.1 > %t.out 2>&1 && diff %t.ref.out %t.out

// REMARK: register-stage-host.c:[[@LINE+26]]:5: remark: register stage: 2 loads of the next iteration issued before this iteration's computation (a double buffer in registers)
// REMARK: register-stage-host.c:[[@LINE+17]]:3: remark: pipelined loop with [[S]] stages: 1 async groups per iteration, buffers 'nested_gemm.As' x[[S]], 'nested_gemm.Bs' x[[S]]
// REMARK: remark: wait in statement 1 proved by the mark analysis: the group of statement 0 is complete and [[D]] newer groups stay in flight, [[D]] of them its own (of [[S]] stages)
// REMARK-NOT: not applied
// REMARK-NOT: not proved
// ALONE: register-stage-host.c:[[@LINE+21]]:5: remark: register stage: 2 loads of the next iteration issued before this iteration's computation (a double buffer in registers)
// ALONE-NOT: pipelined loop

#include "asyncpipe/asyncpipe.h"
#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

#define SLICES 4

__attribute__((noinline)) float nested_gemm(const float *A, const float *B,
                                            int tiles, int slices) {
  static float As[SLICES], Bs[SLICES];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
#if STAGES > 1
    asyncpipe_pipeline(STAGES);
#endif
    asyncpipe_copy(As, &A[t * SLICES], sizeof(As));
    asyncpipe_copy(Bs, &B[t * SLICES], sizeof(Bs));
    asyncpipe_commit();
    asyncpipe_wait(0);
    for (int j = 0; j < slices; ++j) {
#if REGS
      asyncpipe_pipeline_registers(2);
#endif
      acc += As[j] * Bs[j];
    }
  }
  return acc;
}

int main(void) {
  static float A[16 * SLICES], B[16 * SLICES];
  for (int i = 0; i < 16 * SLICES; ++i) {
    A[i] = (float)(i % 7) - 2.5f;
    B[i] = (float)(i % 11) * 0.25f;
  }
  for (int tiles = 0; tiles <= 9; ++tiles)
    for (int slices = 0; slices <= SLICES; ++slices)
      printf("%d %d %a\n", tiles, slices,
             (double)nested_gemm(A, B, tiles, slices));
  return 0;
}
// CHECK: 0 0 0x0p+0
// CHECK: 9 4 0x
