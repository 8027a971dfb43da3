// Two requests for one loop that disagree are an error at the later marker,
// naming the annotation, at every optimization level (the markers become
// loop metadata before any other pass runs): two stage counts, two register
// stage counts, async stages and a register stage. The same request twice is
// one request: the loop is pipelined and no request is reported lost.
// REQUIRES: x86-registered-target
// RUN: not %clang -O0 -gline-tables-only -I %asyncpipe_include -c %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %clang -O2 -gline-tables-only -I %asyncpipe_include -c %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %clang -O2 -I %asyncpipe_include -c %s -o /dev/null -DSAME \
// RUN:   -Rpass=asyncpipe-pipeline -Rpass-missed=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME --implicit-check-not=remark:

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/pipeline_annotation.h>

static int Tile[64];

#ifndef SAME
long two_counts(const int *restrict Src, int Tiles) {
  long Sum = 0;
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(2);
    // CHECK: annotation-conflicts.c:[[@LINE+1]]:5: error: asyncpipe_pipeline() asks for 3 stages but this loop already asks for 2 (annotation 'asyncpipe.pipeline.stages'); keep one request per loop
    asyncpipe_pipeline(3);
    asyncpipe_copy(&Tile[0], &Src[T], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    Sum += Tile[0];
  }
  return Sum;
}

float two_register_counts(const float *Row, int N) {
  float Acc = 0;
  for (int K = 0; K < N; ++K) {
    asyncpipe_pipeline_registers(2);
    // CHECK: annotation-conflicts.c:[[@LINE+1]]:5: error: asyncpipe_pipeline_registers() asks for 4 register stages but this loop already asks for 2 (annotation 'asyncpipe.pipeline.registers'); keep one request per loop
    asyncpipe_pipeline_registers(4);
    Acc += Row[K];
  }
  return Acc;
}

long both_kinds(const int *restrict Src, int Tiles) {
  long Sum = 0;
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    // CHECK: annotation-conflicts.c:[[@LINE+1]]:5: error: asyncpipe_pipeline() and asyncpipe_pipeline_registers() are both in this loop (annotations 'asyncpipe.pipeline.stages' and 'asyncpipe.pipeline.registers'): async stages are for a loop that issues copies, a register stage for a loop of plain loads; keep the one that fits
    asyncpipe_pipeline_registers(2);
    asyncpipe_copy(&Tile[0], &Src[T], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    Sum += Tile[0];
  }
  return Sum;
}
#else
long same_twice(const int *restrict Src, int Tiles) {
  long Sum = 0;
  // SAME: annotation-conflicts.c:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    asyncpipe_copy(&Tile[0], &Src[T], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    asyncpipe_pipeline(3);
    Sum += Tile[0];
  }
  return Sum;
}
#endif
