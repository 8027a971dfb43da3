// The kernel of double_buffer.cl written for stock LLVM 22: the ordinary LDS
// DMA builtin instead of the async copy, and no marks or waits, since stock
// LLVM decides on its own when the DMA must have landed. utils/demo.sh puts
// its gfx942 code next to AsyncPipe's.

#define TILE 256

#define get_local_id(dim) ((size_t)__builtin_amdgcn_workitem_id_x())
#define get_group_id(dim) ((size_t)__builtin_amdgcn_workgroup_id_x())
#define barrier(flags)                                                         \
  (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local"),             \
   __builtin_amdgcn_s_barrier(),                                               \
   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local"))

// LDS DMA writes lane i's element at the wave's LDS base + 4 * i.
static void copy_elem(local int *dst, global const int *src) {
  uint lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  __builtin_amdgcn_global_load_lds(src, (local int *)((local char *)dst - 4 * lane),
                                   4, 0, 0);
}

kernel void scale_tiles(global const int *in, global int *out, int ntiles) {
  local int tiles[2][TILE];
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * (size_t)ntiles * TILE;
  if (ntiles <= 0)
    return;

  copy_elem(&tiles[0][lid], in + base + lid);
  for (int t = 0; t < ntiles; ++t) {
    int next = t + 1 < ntiles ? t + 1 : t;
    copy_elem(&tiles[(t + 1) & 1][lid], in + base + next * TILE + lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + t * TILE + lid] = 3 * tiles[t & 1][(lid + 1) % TILE];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
