// Runs pipelined loops on the host under the lazy completion policy and
// compares them with the unpipelined loop, for 2, 3 and 4 stages and trip
// counts 0 to 9 (fewer than the stages, zero, exactly the stages, and many),
// with each drain.
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=2 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -Rpass=asyncpipe-pipeline -o %t.2 2>&1 | FileCheck %s --check-prefix=REMARK2
// RUN: env ASYNCPIPE_POLICY=lazy %t.2 | FileCheck %s
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=3 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -Rpass=asyncpipe-pipeline -o %t.3 2>&1 | FileCheck %s --check-prefix=REMARK3
// RUN: env ASYNCPIPE_POLICY=lazy %t.3 | FileCheck %s
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=4 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -Rpass=asyncpipe-pipeline -o %t.4 2>&1 | FileCheck %s --check-prefix=REMARK4
// RUN: env ASYNCPIPE_POLICY=lazy %t.4 | FileCheck %s
// The same with the empty-groups drain (the host's default is the epilogue).
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=2 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=empty-groups -o %t.g2
// RUN: env ASYNCPIPE_POLICY=lazy %t.g2 | FileCheck %s
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=3 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=empty-groups -o %t.g3
// RUN: env ASYNCPIPE_POLICY=lazy %t.g3 | FileCheck %s
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=4 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=empty-groups -o %t.g4
// RUN: env ASYNCPIPE_POLICY=lazy %t.g4 | FileCheck %s
// The same repeating the last copies.
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=2 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=repeat-last -o %t.r2
// RUN: env ASYNCPIPE_POLICY=lazy %t.r2 | FileCheck %s
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=3 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=repeat-last -o %t.r3
// RUN: env ASYNCPIPE_POLICY=lazy %t.r3 | FileCheck %s
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=4 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -mllvm -asyncpipe-pipeline-drain=repeat-last -o %t.r4
// RUN: env ASYNCPIPE_POLICY=lazy %t.r4 | FileCheck %s
// The reference: the same source with the annotation compiled away.
// RUN: %clang -O2 -I %asyncpipe_include -DSTAGES=1 %s %S/Inputs/lazy_runtime.c \
// RUN:   %asyncpipe_rt_lib -o %t.1
// RUN: env ASYNCPIPE_POLICY=lazy %t.1 | FileCheck %s

#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

void asyncpipe_copy(void *dst, const void *src, unsigned size,
                    unsigned flags) __asm__("asyncpipe.copy");
void asyncpipe_mark(void) __asm__("asyncpipe.mark");
void asyncpipe_wait(unsigned n) __asm__("asyncpipe.wait");
void lazy_runtime_reset(void);

#define TILE 4
static int TileA[TILE];
static int TileB[TILE];

// Two groups per iteration (A, then B), one wait, a consumer of both.
__attribute__((noinline)) int two_groups(const int *restrict a,
                                         const int *restrict b,
                                         int *restrict out, int n) {
  int acc = 0;
  for (int t = 0; t < n; ++t) {
    asyncpipe_pipeline(STAGES);
    for (int l = 0; l < TILE; ++l)
      asyncpipe_copy(&TileA[l], &a[t * TILE + l], 4, 0);
    asyncpipe_mark();
    for (int l = 0; l < TILE; ++l)
      asyncpipe_copy(&TileB[l], &b[t * TILE + l], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    int v = 0;
    for (int l = 0; l < TILE; ++l)
      v += TileA[l] * (l + 1) - TileB[l];
    out[t] = v;
    acc += v;
  }
  return acc;
}

// A local buffer (an alloca) and a dynamic stride.
__attribute__((noinline)) long strided(const long *restrict src,
                                       long *restrict out, int n,
                                       int stride) {
  long tile[2];
  long acc = 0;
  for (int t = 0; t < n; ++t) {
    asyncpipe_pipeline(STAGES);
    asyncpipe_copy(&tile[0], &src[t * stride], 8, 0);
    asyncpipe_copy(&tile[1], &src[t * stride + 1], 8, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    out[t] = tile[0] - 3 * tile[1];
    acc ^= out[t];
  }
  return acc;
}

// A predicated group (it stays in the consumers' stage, its wait falls back
// to 0) next to one that runs ahead, and conditional consumer code.
static int TileP[2];
static int TileQ[1];
__attribute__((noinline)) int predicated(const int *restrict a,
                                         const int *restrict b,
                                         int *restrict out, int n, int every) {
  int acc = 0;
  for (int t = 0; t < n; ++t) {
    asyncpipe_pipeline(STAGES);
    asyncpipe_copy(&TileP[0], &a[2 * t], 4, 0);
    asyncpipe_copy(&TileP[1], &a[2 * t + 1], 4, 0);
    asyncpipe_mark();
    if (t % every == 0)
      asyncpipe_copy(&TileQ[0], &b[t], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    int v = TileP[0] + TileP[1];
    if (t % every == 0)
      v += TileQ[0];
    if (v & 1)
      out[t] = v;
    else
      out[t] = -v;
    acc += out[t];
  }
  return acc;
}

static int reference_two_groups(const int *a, const int *b, int *out,
                                int n) {
  int acc = 0;
  for (int t = 0; t < n; ++t) {
    int v = 0;
    for (int l = 0; l < TILE; ++l)
      v += a[t * TILE + l] * (l + 1) - b[t * TILE + l];
    out[t] = v;
    acc += v;
  }
  return acc;
}

int main(void) {
  enum { MaxTrips = 9 };
  int a[MaxTrips * TILE], b[MaxTrips * TILE], out[MaxTrips], ref[MaxTrips];
  long src[MaxTrips * 3 + 2], lout[MaxTrips];
  unsigned seed = 12345;
  for (int i = 0; i < MaxTrips * TILE; ++i) {
    seed = seed * 1103515245u + 12345u;
    a[i] = (int)(seed >> 16) % 1000;
    b[i] = (int)(seed >> 8) % 777;
  }
  for (int i = 0; i < MaxTrips * 3 + 2; ++i)
    src[i] = 7 * i * i - 5 * i + 3;
  int failures = 0;
  for (int n = 0; n <= MaxTrips; ++n) {
    for (int i = 0; i < MaxTrips; ++i)
      out[i] = ref[i] = lout[i] = -1;
    lazy_runtime_reset();
    int got = two_groups(a, b, out, n);
    int want = reference_two_groups(a, b, ref, n);
    for (int i = 0; i < MaxTrips; ++i)
      failures += out[i] != ref[i];
    failures += got != want;
    lazy_runtime_reset();
    long lgot = strided(src, lout, n, 3);
    long lwant = 0;
    for (int t = 0; t < n; ++t) {
      long v = src[t * 3] - 3 * src[t * 3 + 1];
      failures += lout[t] != v;
      lwant ^= v;
    }
    failures += lgot != lwant;
    lazy_runtime_reset();
    int pgot = predicated(a, b, out, n, 3);
    int pwant = 0;
    for (int t = 0; t < n; ++t) {
      int v = a[2 * t] + a[2 * t + 1] + (t % 3 == 0 ? b[t] : 0);
      v = (v & 1) ? v : -v;
      failures += out[t] != v;
      pwant += v;
    }
    failures += pgot != pwant;
  }
  printf("failures: %d\n", failures);
  return failures != 0;
}

// CHECK: failures: 0
// REMARK2-COUNT-3: remark: pipelined loop with 2 stages
// REMARK3-COUNT-3: remark: pipelined loop with 3 stages
// REMARK4-COUNT-3: remark: pipelined loop with 4 stages
