#include <asyncpipe/asyncpipe.h>

kernel void copy_tile(global const int *in, global int *out) {
  local int tile[256];
  uint i = __nvvm_read_ptx_sreg_tid_x();
  asyncpipe_copy(&tile[i], in + i, sizeof(int));
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[i] = tile[i];
}
