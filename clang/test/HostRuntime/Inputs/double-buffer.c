// A double-buffered reduction: while the loop consumes tile i, the copy of
// tile i+1 is in flight. Prints a checksum of everything it read.
#include "asyncpipe_host.h"
#include <stdint.h>
#include <stdio.h>

#ifdef WEAK_WAIT
#define WAIT_AHEAD 2 // One too weak: tile i may still be in flight.
#else
#define WAIT_AHEAD 1
#endif

enum { Tiles = 16, TileWords = 8 };
static uint32_t input[Tiles][TileWords];
static uint32_t tile[2][TileWords];

// Copies only: a mark made here would belong to this function's own mark
// sequence, not to the caller's.
__attribute__((noinline)) static void issue(int t) {
  for (int w = 0; w < TileWords; ++w)
    asyncpipe_copy(&tile[t % 2][w], &input[t][w], sizeof(uint32_t), 0);
}

__attribute__((noinline)) uint32_t run(void) {
  uint32_t sum = 0;
  issue(0);
  asyncpipe_mark();
  for (int t = 0; t < Tiles; ++t) {
    if (t + 1 < Tiles) {
      issue(t + 1);
      asyncpipe_mark();
      asyncpipe_wait(WAIT_AHEAD);
    } else {
      asyncpipe_wait(0);
    }
    for (int w = 0; w < TileWords; ++w)
      sum = sum * 31 + tile[t % 2][w];
  }
  return sum;
}

int main(void) {
  for (int t = 0; t < Tiles; ++t)
    for (int w = 0; w < TileWords; ++w)
      input[t][w] = (uint32_t)(t * 131 + w * 7 + 1);
  printf("checksum %08x\n", run());
  return 0;
}
