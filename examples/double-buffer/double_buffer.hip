// A double-buffered tile copy + compute kernel in HIP, with the AsyncPipe
// C++ pipeline API: while the workgroup computes on one shared-memory tile,
// the asynchronous copy of the next tile is in flight (AMDGPU LDS DMA).
//
// Each work-item copies one int per tile: work-item i writes tile[i], so the
// LDS destinations of a wavefront are consecutive, as LDS DMA requires.
//
// Without ROCm:
//   clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc --cuda-device-only \
//     -O2 -I<AsyncPipe>/include -fpass-plugin=<AsyncPipe>/lib/AsyncPipe.so \
//     -S double_buffer.hip

#include <asyncpipe/hip.h>
#include <asyncpipe/pipeline.h>

constexpr unsigned Tile = 256;
constexpr unsigned Stages = 2;

__global__ void __launch_bounds__(Tile)
    scale_tiles(const int *in, int *out, int ntiles) {
  __shared__ int tiles[Stages][Tile];
  __shared__
      asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, Stages>
          state;
  // Unified block scope: every work-item copies and computes, and the
  // pipeline's waits include the barriers that make the whole tile visible.
  auto pipe = asyncpipe::make_pipeline(asyncpipe::this_thread_block(), &state);
  unsigned lid = threadIdx.x;
  size_t base = blockIdx.x * static_cast<size_t>(ntiles) * Tile;

  if (ntiles <= 0)
    return;

  // Every stage copies one tile, so that every wait sees the same schedule:
  // past the last tile, a stage copies the last tile again into a buffer
  // nobody reads any more, rather than branching around the copy.
  auto tile_index = [ntiles](unsigned t) {
    return t < static_cast<unsigned>(ntiles) ? t : ntiles - 1;
  };
  // Fill the pipeline: one stage per buffer.
  for (unsigned s = 0; s < Stages; ++s) {
    pipe.producer_acquire();
    asyncpipe::memcpy_async(&tiles[s][lid],
                            in + base + tile_index(s) * Tile + lid, sizeof(int),
                            pipe);
    pipe.producer_commit();
  }
  for (int t = 0; t < ntiles; ++t) {
    unsigned buffer = t % Stages;
    pipe.consumer_wait(); // tile t has landed; tile t + 1 may still fly
    out[base + t * Tile + lid] = 3 * tiles[buffer][(lid + 1) % Tile];
    pipe.consumer_release();
    // Refill the buffer just consumed with tile t + Stages.
    pipe.producer_acquire();
    asyncpipe::memcpy_async(&tiles[buffer][lid],
                            in + base + tile_index(t + Stages) * Tile + lid,
                            sizeof(int), pipe);
    pipe.producer_commit();
  }
}
