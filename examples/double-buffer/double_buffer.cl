// A double-buffered tile copy + compute kernel: while the work-group computes
// on one shared-memory tile, the asynchronous copy of the next tile is in
// flight. One source for AMDGPU (LDS DMA) and NVPTX (cp.async).
//
// Each work-item copies one int per tile: work-item i writes tile[i], so on
// AMDGPU the LDS destinations of a wave are contiguous, as LDS DMA requires.

#define TILE 256

#if defined(__AMDGCN__)
void async_copy_lds(global const int *src, local int *dst, int size,
                    int offset, int aux)
    __asm__("llvm.amdgcn.global.load.async.lds");
void async_mark(void) __asm__("llvm.amdgcn.asyncmark");
void async_wait(short n) __asm__("llvm.amdgcn.wait.asyncmark");

static void copy_elem(local int *tile, global const int *src) {
  // LDS DMA writes lane i's element at the wave's LDS base + 4 * i.
  uint lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  async_copy_lds(src, (local int *)((local char *)tile - 4 * lane), 4, 0, 0);
}
#elif defined(__NVPTX__)
// Without libclc, OpenCL's work-item functions come from PTX special registers.
#define get_local_id(dim) ((size_t)__nvvm_read_ptx_sreg_tid_x())
#define get_group_id(dim) ((size_t)__nvvm_read_ptx_sreg_ctaid_x())
#define barrier(flags) __nvvm_barrier_sync(0)

void async_copy4(local int *dst, global const int *src)
    __asm__("llvm.nvvm.cp.async.ca.shared.global.4");
void async_mark(void) __asm__("llvm.nvvm.cp.async.commit.group");
void async_wait(int n) __asm__("llvm.nvvm.cp.async.wait.group");

static void copy_elem(local int *tile, global const int *src) {
  async_copy4(tile, src);
}
#endif

kernel void scale_tiles(global const int *in, global int *out, int ntiles) {
  local int tiles[2][TILE];
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * (size_t)ntiles * TILE;

  copy_elem(&tiles[0][lid], in + base + lid);
  async_mark();
  for (int t = 0; t < ntiles; ++t) {
    if (t + 1 < ntiles)
      copy_elem(&tiles[(t + 1) & 1][lid], in + base + (t + 1) * TILE + lid);
    async_mark();
    async_wait(1); // the tile of iteration t has landed; t + 1 may fly
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + t * TILE + lid] = 3 * tiles[t & 1][(lid + 1) % TILE];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  async_wait(0);
}
