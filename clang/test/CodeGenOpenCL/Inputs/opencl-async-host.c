// Host driver of opencl-async.cl: runs scale_tiles over two work-groups and
// column_to_row over one work-group per column (one thread per work-item,
// through the work-group runner of the fusion tests) and checks every output
// element.
#include "asyncpipe_workgroup.h"
#include <stdio.h>

enum { Tile = 256, Groups = 2, Tiles = 3, N = Groups * Tiles * Tile, Cols = 3 };

void scale_tiles(const float *in, float *out, int ntiles);
void column_to_row(const float *in, float *out, int cols);

static float in[N], out[N], matrix[Tile * Cols], rows[Cols * Tile];

static void run_scale(void *ctx) {
  (void)ctx;
  scale_tiles(in, out, Tiles);
}

static void run_columns(void *ctx) {
  (void)ctx;
  column_to_row(matrix, rows, Cols);
}

int main(void) {
  for (int i = 0; i < N; ++i)
    in[i] = (float)(i * 7 + 1);
  for (int i = 0; i < Tile * Cols; ++i)
    matrix[i] = (float)(i * 3 + 2);
  struct ap_ndrange range = {1, {Groups * Tile}, {Tile}, {0}};
  ap_run_ndrange(&range, run_scale, 0);
  int wrong = 0;
  for (int tile = 0; tile < Groups * Tiles; ++tile)
    for (int lid = 0; lid < Tile; ++lid)
      wrong += out[tile * Tile + lid] != 3 * in[tile * Tile + (lid + 1) % Tile];
  struct ap_ndrange columns = {1, {Cols * Tile}, {Tile}, {0}};
  ap_run_ndrange(&columns, run_columns, 0);
  for (int c = 0; c < Cols; ++c)
    for (int i = 0; i < Tile; ++i)
      wrong += rows[c * Tile + i] != 2 * matrix[(Tile - 1 - i) * Cols + c];
  printf("%d of %d elements wrong\n", wrong, N + Cols * Tile);
  return wrong != 0;
}
