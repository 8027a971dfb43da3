// On AMDGPU an async copy writes lane i of a wave at lane 0's destination +
// i * size whatever the lane's own destination (LDS DMA has one LDS base per
// wave). Destinations that provably do not follow (stride 8 for 4-byte
// copies, reversed lanes) are errors at the call; ones that cannot be proven
// either way (padding through a division) are warnings saying why.
// RUN: not %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -O2 -I%asyncpipe_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/hip.h>

__global__ void stride8(const int *src, int *out) {
  __shared__ int tile[512];
  asyncpipe_copy(&tile[2 * threadIdx.x], src + threadIdx.x, 4);
  // CHECK: diag-copy-lane-destinations.hip:[[@LINE-1]]:3: error: on AMDGPU the copies of a wave land in consecutive shared-memory slots (lane i at lane 0's destination + i * 4 bytes), but this destination moves by 8 bytes from one lane to the next: make each lane's destination the next element, e.g. dst = tile + lane
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void reversed(const int *src, int *out) {
  __shared__ int tile[256];
  asyncpipe_copy(&tile[255 - threadIdx.x], src + threadIdx.x, 4);
  // CHECK: diag-copy-lane-destinations.hip:[[@LINE-1]]:3: error: on AMDGPU the copies of a wave land in consecutive shared-memory slots (lane i at lane 0's destination + i * 4 bytes), but this destination moves by -4 bytes from one lane to the next: make each lane's destination the next element, e.g. dst = tile + lane
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void padded(const int *src, int *out) {
  __shared__ int tile[8][33];
  asyncpipe_copy(&tile[threadIdx.x % 8][threadIdx.x / 8], src + threadIdx.x, 4);
  // CHECK: diag-copy-lane-destinations.hip:[[@LINE-1]]:3: warning: on AMDGPU the copies of a wave land in consecutive shared-memory slots (lane i at lane 0's destination + i * 4 bytes), which cannot be proven here: the destination depends on the lane through 'lshr'; make each lane's destination the next element, e.g. dst = tile + lane
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[threadIdx.x] = tile[0][threadIdx.x];
}

// Consecutive destinations in a double buffer: no diagnostic.
__global__ void good(const int *src, int *out, int n) {
  __shared__ int tile[2][256];
  for (int t = 0; t < n; ++t) {
    asyncpipe_copy(&tile[t & 1][threadIdx.x], src + t * 256 + threadIdx.x, 4);
    asyncpipe_commit();
    asyncpipe_wait(0);
    out[threadIdx.x] += tile[t & 1][threadIdx.x];
  }
}
// CHECK: 1 warning and 2 errors generated
