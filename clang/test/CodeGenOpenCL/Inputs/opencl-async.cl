// OpenCL C kernels written with the standard async copy builtins, compiled
// with <asyncpipe/opencl_async.h> for AMDGPU, NVPTX and the host.
#include <asyncpipe/opencl_async.h>

#define TILE 256

// Double buffering with two events: the copy of tile t + 1 is in flight
// while tile t is used. Every iteration copies (the last one copies the last
// tile again into the buffer nobody reads any more), so that every wait sees
// one newer copy.
__attribute__((reqd_work_group_size(TILE, 1, 1))) kernel void
scale_tiles(global const float *in, global float *out, int ntiles) {
  local float tiles[2][TILE];
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * (size_t)ntiles * TILE;
  prefetch(in + base, TILE);
  event_t cur = async_work_group_copy(tiles[0], in + base, TILE, 0);
  for (int t = 0; t < ntiles; ++t) {
    int next = t + 1 < ntiles ? t + 1 : t;
    event_t ahead = async_work_group_copy(tiles[(t + 1) & 1],
                                          in + base + next * TILE, TILE, 0);
#ifndef NO_WAIT
    wait_group_events(1, &cur);
#endif
    out[base + t * TILE + lid] = 3 * tiles[t & 1][(lid + 1) % TILE];
    barrier(CLK_LOCAL_MEM_FENCE);
    cur = ahead;
  }
  wait_group_events(1, &cur);
}

// A column of a row-major matrix (strided copy), doubled, written back as a
// row (local-to-global copy).
__attribute__((reqd_work_group_size(TILE, 1, 1))) kernel void
column_to_row(global const float *in, global float *out, int cols) {
  local float column[TILE];
  local float row[TILE];
  size_t lid = get_local_id(0);
  size_t c = get_group_id(0);
  event_t e = async_work_group_strided_copy(column, in + c, TILE, cols, 0);
  wait_group_events(1, &e);
  row[lid] = 2 * column[TILE - 1 - lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(out + c * TILE, row, TILE, 0);
  wait_group_events(1, &e);
}
