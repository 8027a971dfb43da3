// A tile loop whose copies are issued by an inner loop is refused, and the
// remark says which inner loop by its source line (clang names no blocks in
// release builds, so the header's name would be empty).
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I%asyncpipe_include -c %s -o /dev/null \
// RUN:   -Rpass-missed=asyncpipe-pipeline 2>&1 | FileCheck %s

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/pipeline_annotation.h>

static int Tile[64];

long sum(const int *restrict Src, int Tiles) {
  long Sum = 0;
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: loop not pipelined: the inner loop at line [[#@LINE+3]] has async operations (nested pipelining is not supported; annotate the innermost loop) [-Rpass-missed=asyncpipe-pipeline]
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    for (int L = 0; L < 64; ++L)
      asyncpipe_copy(&Tile[L], &Src[T * 64 + L], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    for (int L = 0; L < 64; ++L)
      Sum += Tile[L];
  }
  return Sum;
}
