// A double-buffered tile copy + compute kernel in CUDA, with the AsyncPipe
// C++ pipeline API: while the thread block computes on one shared-memory
// tile, the asynchronous copy (cp.async) of the next tile is in flight.
//
//   clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
//     -Wno-unknown-cuda-version -O2 -I<AsyncPipe>/include \
//     -fpass-plugin=<AsyncPipe>/lib/AsyncPipe.so -S double_buffer.cu

#include <asyncpipe/pipeline.h>

constexpr unsigned Tile = 256;
constexpr unsigned Stages = 2;

__global__ void __launch_bounds__(Tile)
    scale_tiles(const int4 *in, int4 *out, int ntiles) {
  // cp.async copies 4, 8 or 16 bytes per thread: one int4 here. Each tile is
  // read once, so the copies bypass L1 (cp.async.cg).
  __shared__ int4 tiles[Stages][Tile];
  __shared__
      asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, Stages>
          state;
  // Unified block scope: every thread copies and computes, and the
  // pipeline's waits include the barriers that make the whole tile visible.
  auto pipe = asyncpipe::make_pipeline(asyncpipe::this_thread_block(), &state);
  unsigned tid = threadIdx.x;
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
    asyncpipe::memcpy_async(&tiles[s][tid],
                            in + base + tile_index(s) * Tile + tid,
                            sizeof(int4), pipe, ASYNCPIPE_COPY_BYPASS_L1);
    pipe.producer_commit();
  }
  for (int t = 0; t < ntiles; ++t) {
    unsigned buffer = t % Stages;
    pipe.consumer_wait(); // tile t has landed; tile t + 1 may still fly
    int4 v = tiles[buffer][(tid + 1) % Tile];
    out[base + t * Tile + tid] = make_int4(3 * v.x, 3 * v.y, 3 * v.z, 3 * v.w);
    pipe.consumer_release();
    // Refill the buffer just consumed with tile t + Stages.
    pipe.producer_acquire();
    asyncpipe::memcpy_async(&tiles[buffer][tid],
                            in + base + tile_index(t + Stages) * Tile + tid,
                            sizeof(int4), pipe, ASYNCPIPE_COPY_BYPASS_L1);
    pipe.producer_commit();
  }
}
