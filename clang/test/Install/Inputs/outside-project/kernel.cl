#include <asyncpipe/asyncpipe.h>
#include "tile.h"

kernel void copy_tile(global const int *in, global int *out) {
  local int tile[256];
  uint i = __builtin_amdgcn_workitem_id_x();
  asyncpipe_copy(&tile[i], in + i, sizeof(int));
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[i] = TILE_SCALE * tile[i];
}
