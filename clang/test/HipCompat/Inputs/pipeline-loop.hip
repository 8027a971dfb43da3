// cuda::pipeline code (the Programming Guide's multi-stage pattern: a
// block-scope unified pipeline fed by collective memcpy_async) ported to
// HIP through <asyncpipe/hip_cooperative_groups.h>, which brings
// cuda_compat.h's cuda::pipeline along. BLOCK_SIZE: the block size stated.
#include <asyncpipe/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
namespace cuda = asyncpipe::cuda_compat;

__global__ void pipeline_sum(const float *in, float *out, int tiles) {
  constexpr int Tile = 1024, Stages = 2;
  __shared__ float buf[Stages][Tile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, Stages> state;
#if defined(BLOCK_SIZE)
  auto block = asyncpipe::hip_cg::this_thread_block<BLOCK_SIZE>();
#else
  cg::thread_block block = cg::this_thread_block();
#endif
  auto pipe = cuda::make_pipeline(block, &state);
  const float *src = in + blockIdx.x * tiles * Tile;
  for (int t = 0; t < Stages - 1 && t < tiles; ++t) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, buf[t], src + t * Tile, sizeof(float) * Tile,
                       pipe);
    pipe.producer_commit();
  }
  float sum = 0;
  for (int t = 0; t < tiles; ++t) {
    int next = t + Stages - 1;
    if (next < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[next % Stages], src + next * Tile,
                         sizeof(float) * Tile, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    for (unsigned i = block.thread_rank(); i < Tile; i += block.size())
      sum += buf[t % Stages][i];
    pipe.consumer_release();
  }
  out[blockIdx.x * block.size() + block.thread_rank()] = sum;
}
