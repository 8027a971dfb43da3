// A double-buffered tiled reduction written against the portable async calls:
// while tile t is summed, the copy of tile t+1 is in flight. Used by
// bench/asyncsan-overhead.sh to measure the host runtime and AsyncSan.
#include "asyncpipe_host.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { Lanes = 64, LaneBytes = 16, TileWords = Lanes * LaneBytes / 4 };

static uint32_t tile[2][TileWords];

static void issue(const uint32_t *src, int t) {
  for (int l = 0; l < Lanes; ++l)
    asyncpipe_copy((char *)tile[t % 2] + l * LaneBytes,
                   (const char *)(src + (size_t)t * TileWords) + l * LaneBytes,
                   LaneBytes, 0);
  asyncpipe_mark();
}

__attribute__((noinline)) uint32_t tiled_sum(const uint32_t *src, int tiles) {
  uint32_t sum = 0;
  if (tiles > 0)
    issue(src, 0);
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      issue(src, t + 1);
      asyncpipe_wait(1);
    } else {
      asyncpipe_wait(0);
    }
    for (int w = 0; w < TileWords; ++w)
      sum = sum * 31 + tile[t % 2][w];
  }
  return sum;
}

int main(int argc, char **argv) {
  int tiles = argc > 1 ? atoi(argv[1]) : 1000;
  int repeats = argc > 2 ? atoi(argv[2]) : 10;
  uint32_t *src = malloc((size_t)tiles * TileWords * sizeof(uint32_t));
  for (size_t i = 0; i < (size_t)tiles * TileWords; ++i)
    src[i] = (uint32_t)(i * 2654435761u);
  uint32_t sum = 0;
  for (int r = 0; r < repeats; ++r)
    sum ^= tiled_sum(src, tiles);
  printf("%08x\n", sum);
  free(src);
  return 0;
}
