// A tile loop whose copies are issued by an inner loop (one group per tile,
// committed after it) is pipelined: the copy loop runs ahead as a whole
// (copy-loop-host.c runs such loops). The inner loops it cannot move are
// refused, each with its own remark naming the inner loop by its source line
// (clang names no blocks in release builds, so the header's name would be
// empty).
// REQUIRES: x86-registered-target
// RUN: %clang -O2 -I%asyncpipe_include -c %s -o /dev/null \
// RUN:   -Rpass=asyncpipe-pipeline -Rpass-missed=asyncpipe-pipeline 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark:
// Each refusal has a remark name of its own.
// RUN: %clang -O2 -I%asyncpipe_include -c %s -o /dev/null \
// RUN:   -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: FileCheck %s --check-prefix=NAME < %t.yaml

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/pipeline_annotation.h>

static int Tile[64];

long sum(const int *restrict Src, int Tiles) {
  long Sum = 0;
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'Tile' x3 [-Rpass=asyncpipe-pipeline]
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

static int Gather[64];

// A gather: the copy loop reads its indices, which would be read ahead.
// NAME: Name: CopyLoopWork
// NAME: Function: gather
long gather(const int *restrict Src, const int *restrict Idx, int Tiles) {
  long Sum = 0;
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: loop not pipelined: the inner loop at line [[#@LINE+3]] issues async copies and also reads memory; only a loop of copies and their address arithmetic can run ahead (move the rest to a loop of its own) [-Rpass-missed=asyncpipe-pipeline]
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    for (int L = 0; L < 64; ++L)
      asyncpipe_copy(&Gather[L], &Src[Idx[T * 64 + L]], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    for (int L = 0; L < 64; ++L)
      Sum += Gather[L];
  }
  return Sum;
}

static int PerElement[64];

// A group per element is not a group per tile.
// NAME: Name: NestedAsyncOps
// NAME: Function: per_element
long per_element(const int *restrict Src, int Tiles) {
  long Sum = 0;
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: loop not pipelined: the inner loop at line [[#@LINE+3]] has a mark, so the groups of an iteration are not a constant (nested pipelining is not supported: mark once after the inner loop, or annotate the innermost loop) [-Rpass-missed=asyncpipe-pipeline]
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    for (int L = 0; L < 64; ++L) {
      asyncpipe_copy(&PerElement[L], &Src[T * 64 + L], 4);
      asyncpipe_commit();
    }
    asyncpipe_wait(0);
    for (int L = 0; L < 64; ++L)
      Sum += PerElement[L];
  }
  return Sum;
}

static int Sized[64];

// The tile's length is read in the loop, so the copy loop cannot be
// recomputed for a later tile before the load: it stays in the last stage.
// NAME: Name: NoEarlyGroup
// NAME: Function: sized
long sized(const int *restrict Src, const int *restrict Len, int Tiles) {
  long Sum = 0;
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: loop not pipelined: no group can run ahead of its consumers (statement 0: the copy's operands depend on 'load' instruction, which reads memory in the loop (the count of a predicated or data-dependent producer cannot be derived)) [-Rpass-missed=asyncpipe-pipeline]
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    int N = Len[T];
    for (int L = 0; L < N; ++L)
      asyncpipe_copy(&Sized[L], &Src[T * 64 + L], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    for (int L = 0; L < 64; ++L)
      Sum += Sized[L];
  }
  return Sum;
}

static int Rows[64];

// A copy loop with a loop of its own.
// NAME: Name: CopyLoopNotInnermost
// NAME: Function: rows
long rows(const int *restrict Src, int Tiles, int R, int C) {
  long Sum = 0;
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: loop not pipelined: the inner loop at line [[#@LINE+3]] issues async copies and has loops of its own; only an innermost copy loop can run ahead [-Rpass-missed=asyncpipe-pipeline]
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(3);
    for (int I = 0; I < R; ++I)
      for (int J = 0; J < C; ++J)
        asyncpipe_copy(&Rows[(I * 8 + J) & 63], &Src[T * 64 + I * C + J], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    for (int L = 0; L < 64; ++L)
      Sum += Rows[L];
  }
  return Sum;
}

static int Batch[64];

// A store in the loop that may write what the copy loop reads: the loop is
// versioned on a run-time check over the copy loop's whole range (its
// constant step times its constant maximal trip count).
void batch(const int *Src, int *Dst, int Batches) {
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: 1 async groups per iteration, buffers 'Batch' x3; versioned with run-time checks that no store in the loop writes what a copy reads ahead (the loop runs unpipelined when they fail) [-Rpass=asyncpipe-pipeline]
  for (int B = 0; B < Batches; ++B) {
    asyncpipe_pipeline(3);
    for (int L = 0; L < 64; ++L)
      asyncpipe_copy(&Batch[L], &Src[B * 64 + L], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    Dst[B] = Batch[B & 63];
  }
}

static int Strided[64];

// With a step known only at run time no check can bound the copy loop's
// range; the remark names the pointer to declare restrict.
// NAME: Name: ReadAheadStore
// NAME: Function: strided
void strided(const int *Src, int *Dst, int Batches, int Tid, int Threads) {
  // CHECK: inner-copy-loop-remark.c:[[@LINE+1]]:3: remark: loop not pipelined: a store to parameter 2 of 'strided' may write the memory of parameter 1 of 'strided' that an early copy reads ahead of its iteration, and no run-time check can tell (the address 'getelementptr' instruction moves in an inner loop by a step or a number of steps unknown at compile time); if they never overlap, declare parameter 1 of 'strided' __restrict__ [-Rpass-missed=asyncpipe-pipeline]
  for (int B = 0; B < Batches; ++B) {
    asyncpipe_pipeline(3);
    for (int L = Tid; L < 64; L += Threads)
      asyncpipe_copy(&Strided[L], &Src[B * 64 + L], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    Dst[B] = Strided[B & 63];
  }
}
