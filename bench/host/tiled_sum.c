// A double-buffered tiled reduction written against the portable async calls:
// while tile t is summed, the copy of tile t+1 is in flight. Used by
// bench/asyncsan-overhead.sh to measure the host runtime and AsyncSan.
//
// The helper issue() only issues copies; the mark that closes each tile's
// group is in tiled_sum(), the activation whose waits count it
// (llvm/docs/AsyncPipeModel.rst: a wait counts the marks of its own
// activation, and a mark covers the copies its callees issued). Every result
// is checked against a plain loop over the source; a mismatch exits 1.
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
}

__attribute__((noinline)) uint32_t tiled_sum(const uint32_t *src, int tiles) {
  uint32_t sum = 0;
  if (tiles > 0) {
    issue(src, 0);
    asyncpipe_mark();
  }
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      issue(src, t + 1);
      asyncpipe_mark();
      asyncpipe_wait(1);
    } else {
      asyncpipe_wait(0);
    }
    for (int w = 0; w < TileWords; ++w)
      sum = sum * 31 + tile[t % 2][w];
  }
  return sum;
}

// The same reduction read straight from the source: what tiled_sum() must
// return.
static uint32_t reference_sum(const uint32_t *src, int tiles) {
  uint32_t sum = 0;
  for (size_t i = 0; i < (size_t)tiles * TileWords; ++i)
    sum = sum * 31 + src[i];
  return sum;
}

int main(int argc, char **argv) {
  int tiles = argc > 1 ? atoi(argv[1]) : 1000;
  int repeats = argc > 2 ? atoi(argv[2]) : 10;
  if (tiles < 1 || repeats < 1) {
    fprintf(stderr, "usage: %s [TILES >= 1 [REPEATS >= 1]]\n", argv[0]);
    return 2;
  }
  uint32_t *src = malloc((size_t)tiles * TileWords * sizeof(uint32_t));
  if (!src) {
    fprintf(stderr, "tiled_sum: out of memory\n");
    return 2;
  }
  for (size_t i = 0; i < (size_t)tiles * TileWords; ++i)
    src[i] = (uint32_t)(i * 2654435761u);
  uint32_t expected = reference_sum(src, tiles);
  // Each repeat's result enters the checksum at a different weight, so that
  // repeats do not cancel out.
  uint32_t checksum = 0;
  for (int r = 0; r < repeats; ++r) {
    uint32_t sum = tiled_sum(src, tiles);
    if (sum != expected) {
      fprintf(stderr,
              "tiled_sum: MISMATCH in repeat %d: got %08x, expected %08x\n",
              r, sum, expected);
      free(src);
      return 1;
    }
    checksum = checksum * 1000003u + sum;
  }
  printf("%08x\n", checksum);
  free(src);
  return 0;
}
