// A tiled sum over the host runtime, the shape of a GPU tile loop: copy a
// tile into a small "shared" buffer, wait for it, compute on it. Built with
// -DSTAGES=1 the annotation is compiled away and every copy is waited for
// before its tile is used; with -DSTAGES=3 the pipeliner keeps the next two
// tiles' copies in flight while a tile is computed on.
// utils/asyncpipe_timeline.sh draws both runs' traces (ASYNCPIPE_TRACE).
#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/pipeline_annotation.h>
#include <stdio.h>

#ifndef STAGES
#define STAGES 3
#endif

enum { TILE = 4, TILES = 8 };

static int Source[TILES * TILE];
static int Tile[TILE];

// Enough arithmetic per element that computing a tile takes visibly longer
// than issuing its copies.
static int work(int V) {
  unsigned H = (unsigned)V;
  for (int K = 0; K < 20000; ++K)
    H = H * 1664525u + 1013904223u;
  return (int)(H >> 16);
}

__attribute__((noinline)) long tiled_sum(const int *restrict Src, int Tiles) {
  long Sum = 0;
  for (int T = 0; T < Tiles; ++T) {
    asyncpipe_pipeline(STAGES);
    for (int L = 0; L < TILE; ++L)
      asyncpipe_copy(&Tile[L], &Src[T * TILE + L], 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    for (int L = 0; L < TILE; ++L)
      Sum += work(Tile[L]);
  }
  return Sum;
}

int main(void) {
  for (int I = 0; I < TILES * TILE; ++I)
    Source[I] = I;
  long Expected = 0;
  for (int I = 0; I < TILES * TILE; ++I)
    Expected += work(Source[I]);
  long Sum = tiled_sum(Source, TILES);
  printf("sum %ld %s\n", Sum, Sum == Expected ? "ok" : "WRONG");
  return Sum == Expected ? 0 : 1;
}
