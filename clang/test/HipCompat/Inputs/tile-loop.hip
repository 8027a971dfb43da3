// A double-buffered tile loop as CUDA code writes it with
// cooperative_groups::memcpy_async (the CUDA Programming Guide's pattern:
// copy the next tile while the block computes on the current one), ported
// to HIP: only the includes changed (<cuda/barrier>, for aligned_size_t, is
// the namespace alias). Each block sums its tiles, weighted by
// tile number, per work-item. BLOCK_SIZE: the one line a port adds for
// exact waits on AMDGPU; ALIGNED16: the size as cuda::aligned_size_t<16>, as
// CUDA code may write it.
#include <asyncpipe/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
namespace cuda = asyncpipe::cuda_compat;

constexpr unsigned TileElems = 1024;
#if defined(ALIGNED16)
#define TILE_BYTES cuda::aligned_size_t<16>(sizeof(int) * TileElems)
#else
#define TILE_BYTES sizeof(int) * TileElems
#endif

__global__ void weighted_tile_sum(const int *in, int *out, unsigned tiles) {
  __shared__ int stage[2][TileElems];
#if defined(BLOCK_SIZE)
  auto block = asyncpipe::hip_cg::this_thread_block<BLOCK_SIZE>();
#else
  cg::thread_block block = cg::this_thread_block();
#endif
  const int *src = in + blockIdx.x * tiles * TileElems;

  cg::memcpy_async(block, stage[0], src, TILE_BYTES);
  int sum = 0;
  for (unsigned t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      // Fetch the next tile; wait for the current one only.
      cg::memcpy_async(block, stage[(t + 1) % 2], src + (t + 1) * TileElems,
                       TILE_BYTES);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    for (unsigned i = block.thread_rank(); i < TileElems; i += block.size())
      sum += stage[t % 2][i] * static_cast<int>(t + 1);
    // Every work-item is done with the tile before it is refilled.
    block.sync();
  }
  out[blockIdx.x * block.size() + block.thread_rank()] = sum;
}
