// Inputs/tile-loop.hip as a whole HIP program, host and device: ROCm's
// headers first, as a HIP source ported from CUDA has them, then the kernel.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cstdio>

#include "tile-loop.hip"

int main() {
  constexpr unsigned Blocks = 2, Tiles = 3, Threads = 256;
  int *in, *out;
  // Without a GPU the program links and starts, and HIP reports no device.
  if (hipMalloc(&in, Blocks * Tiles * TileElems * sizeof(int)) != hipSuccess ||
      hipMalloc(&out, Blocks * Threads * sizeof(int)) != hipSuccess) {
    std::printf("tile-loop: no HIP device\n");
    return 0;
  }
  hipLaunchKernelGGL(weighted_tile_sum, dim3(Blocks), dim3(Threads), 0, 0, in,
                     out, Tiles);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
