// The HIP port of a CUDA double-buffered tile loop with
// cooperative_groups::memcpy_async (Inputs/tile-loop.hip), and of a
// cuda::pipeline loop (Inputs/pipeline-loop.hip), on the host, with
// the AsyncPipe runtime and AsyncSan, under every completion policy: the
// kernel's own source compiled as C++ (Inputs/hip-host-env.h gives the HIP
// keywords; one work-item per block, which copies every chunk of each tile
// itself), with the block as cg::this_thread_block() and as
// asyncpipe::hip_cg::this_thread_block<256>() (whose size the host does not
// check), and with cuda::aligned_size_t<16>. AsyncSan is silent and every
// sum is right. With wait_prior<2> in place of wait_prior<1> (one batch too
// few waited for), AsyncSan reports the read of the tile still in flight.
// REQUIRES: x86-registered-target
//
// RUN: %clang -x c++ -std=c++17 -O1 -g -mllvm -asyncpipe-sanitize \
// RUN:   -I%asyncpipe_include %s -x none %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 %t 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=17 %t 2>&1 | FileCheck %s
// RUN: %clang -x c++ -std=c++17 -O0 -g -mllvm -asyncpipe-sanitize \
// RUN:   -DBLOCK_SIZE=256 -DALIGNED16 -I%asyncpipe_include %s -x none \
// RUN:   %asyncpipe_rt_lib -o %t.sized
// RUN: env ASYNCPIPE_POLICY=eager %t.sized 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t.sized 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 %t.sized 2>&1 | FileCheck %s
// RUN: sed 's/wait_prior<1>/wait_prior<2>/' %S/Inputs/tile-loop.hip > %t-weak.hip
// RUN: %clang -x c++ -std=c++17 -O1 -g -mllvm -asyncpipe-sanitize \
// RUN:   -DTILE_LOOP='"%t-weak.hip"' -I%asyncpipe_include %s -x none \
// RUN:   %asyncpipe_rt_lib -o %t.weak
// RUN: env ASYNCPIPE_POLICY=lazy not %t.weak 2>&1 | FileCheck %s --check-prefix=WEAK

// CHECK-NOT: AsyncSan
// CHECK: tile loop: 3 blocks, 0 sums wrong
// CHECK-NOT: AsyncSan
// CHECK: pipeline loop: 3 blocks, 0 sums wrong
// CHECK-NOT: AsyncSan
// WEAK: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}-weak.hip:[[#]]:[[#]] in 'weighted_tile_sum' overlaps the destination of a pending async copy

#include "Inputs/hip-host-env.h"
#if defined(TILE_LOOP)
#include TILE_LOOP
#else
#include "Inputs/tile-loop.hip"
#endif
#include "Inputs/pipeline-loop.hip"

#include <stdio.h>

int main() {
  constexpr unsigned Blocks = 3, Tiles = 5;
  static int in[Blocks * Tiles * TileElems], out[Blocks];
  static float fin[Blocks * Tiles * TileElems], fout[Blocks];
  for (unsigned i = 0; i < Blocks * Tiles * TileElems; ++i) {
    in[i] = static_cast<int>(i % 97) - 40;
    fin[i] = static_cast<float>(i % 13);
  }
  unsigned wrong = 0, fwrong = 0;
  for (unsigned b = 0; b < Blocks; ++b) {
    blockIdx.x = b;
    weighted_tile_sum(in, out, Tiles);
    pipeline_sum(fin, fout, Tiles);
    int expected = 0;
    float fexpected = 0;
    for (unsigned t = 0; t < Tiles; ++t)
      for (unsigned i = 0; i < TileElems; ++i) {
        unsigned k = (b * Tiles + t) * TileElems + i;
        expected += in[k] * static_cast<int>(t + 1);
        fexpected += fin[k];
      }
    wrong += out[b] != expected;
    fwrong += fout[b] != fexpected;
  }
  printf("tile loop: %u blocks, %u sums wrong\n", Blocks, wrong);
  printf("pipeline loop: %u blocks, %u sums wrong\n", Blocks, fwrong);
  return 0;
}
