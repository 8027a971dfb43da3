// Host driver of examples/double-buffer/double_buffer.cl: runs scale_tiles
// over two work-groups of 256 work-items (one thread each, through the
// work-group runner of the fusion tests) and checks every output element.
#include "asyncpipe_workgroup.h"
#include <stdio.h>

enum { Tile = 256, Groups = 2, Tiles = 5, N = Groups * Tiles * Tile };

void scale_tiles(const int *in, int *out, int ntiles);

static int in[N], out[N];

static void run_work_item(void *ctx) {
  (void)ctx;
  scale_tiles(in, out, Tiles);
}

int main(void) {
  for (int i = 0; i < N; ++i)
    in[i] = i * 7 + 1;
  struct ap_ndrange range = {1, {Groups * Tile}, {Tile}, {0}};
  ap_run_ndrange(&range, run_work_item, 0);
  int mismatches = 0;
  for (int tile = 0; tile < Groups * Tiles; ++tile)
    for (int lid = 0; lid < Tile; ++lid)
      mismatches +=
          out[tile * Tile + lid] != 3 * in[tile * Tile + (lid + 1) % Tile];
  printf("%d of %d elements wrong\n", mismatches, N);
  return mismatches != 0;
}
