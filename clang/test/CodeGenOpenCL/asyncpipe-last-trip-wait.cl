// A double-buffered loop as users write it: the next tile is copied and
// committed and wait(1) lets it fly, except on the last trip, which has no
// next tile and waits with wait(0). asyncpipe-bind-waits ties both waits to
// the same group (the current tile's), and SimplifyCFG used to sink the two
// identical calls into one at the join, where lower-futures can only count
// the fewer marks of the two paths: every trip then waited for everything
// (cp.async.wait_all on NVPTX, no overlap at all). The bound waits are
// nomerge now, so each branch keeps its own count.
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 %nvptx_ptx \
// RUN:   -nogpulib -DNVPTX -I%asyncpipe_include -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=NVPTX
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=AMDGPU
// The same source at -O0 (nothing merges there) and at -O2 give the same waits
// in the PTX.
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 %nvptx_ptx \
// RUN:   -nogpulib -DNVPTX -I%asyncpipe_include -O0 -S %s -o - \
// RUN:   | FileCheck %s --check-prefix=PTX
// RUN: %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 %nvptx_ptx \
// RUN:   -nogpulib -DNVPTX -I%asyncpipe_include -O2 -S %s -o - \
// RUN:   | FileCheck %s --check-prefix=PTX
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

#ifdef NVPTX
#define LANE_WORDS 4
#else
#define LANE_WORDS 1
#endif
#define TILE_WORDS 256

__kernel void last_trip_wait(__global const uint *src, __global uint *out,
                             int tiles) {
  __local uint tile[2][TILE_WORDS];
  int lane = get_local_id(0);
  uint sum = 0;
  if (tiles > 0) {
    asyncpipe_copy(tile[0] + lane * LANE_WORDS, src + lane * LANE_WORDS,
                   LANE_WORDS * 4);
    asyncpipe_commit();
  }
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      asyncpipe_copy(tile[(t + 1) % 2] + lane * LANE_WORDS,
                     src + (t + 1) * TILE_WORDS + lane * LANE_WORDS,
                     LANE_WORDS * 4);
      asyncpipe_commit();
      asyncpipe_wait(1);
    } else {
      asyncpipe_wait(0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = 0; w < TILE_WORDS; ++w)
      sum = sum * 31 + tile[t % 2][w];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lane] = sum;
}

// NVPTX-LABEL: define {{.*}} void @last_trip_wait(
// NVPTX:         call void @llvm.nvvm.cp.async.ca.shared.global.16(
// NVPTX-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// NVPTX:         call void @llvm.nvvm.cp.async.ca.shared.global.16(
// NVPTX-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// NVPTX-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
// NVPTX-NEXT:    br label %[[JOIN:[0-9]+]]
// NVPTX:         call void @llvm.nvvm.cp.async.wait.all()
// NVPTX-NEXT:    br label %[[JOIN]]
// NVPTX-NOT:     call void @llvm.nvvm.cp.async.wait
// NVPTX:       }

// AMDGPU-LABEL: define {{.*}} void @last_trip_wait(
// AMDGPU:         call void @llvm.amdgcn.asyncmark()
// AMDGPU:         call void @llvm.amdgcn.asyncmark()
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
// AMDGPU:         call void @llvm.amdgcn.wait.asyncmark(i16 0)
// AMDGPU-NOT:     call void @llvm.amdgcn.wait.asyncmark
// AMDGPU:       }

// PTX-LABEL: .entry last_trip_wait(
// PTX-DAG:     cp.async.wait_group 1;
// PTX-DAG:     cp.async.wait_all;
// PTX-NOT:     cp.async.wait
// PTX:       }
