// cuda::memcpy_async through <asyncpipe/cuda_compat.h>: any size, split into
// the largest async copies the pointers' alignment allows and synchronous
// bytes for the rest; aligned_size_t; the collective group overload; quit().
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h -fno-discard-value-names -O2 -S \
// RUN:   -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,NVPTX
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -include %S/Inputs/cuda-env.h \
// RUN:   -fno-discard-value-names -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefixes=CHECK,AMDGPU
// With the plugin: ptxas accepts the PTX, the gfx942 checker every wait.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h -O2 -S %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -include %S/Inputs/cuda-env.h \
// RUN:   -O2 -S %s -o /dev/null -mllvm -amdgpu-enable-check-async-waits
// gfx1250 (async copies of 1, 4, 8 or 16 bytes to each lane's own address,
// no 2-byte copy): the NVPTX split, every wait proven.
// RUN: %clang -x hip --offload-arch=gfx1250 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -include %S/Inputs/cuda-env.h \
// RUN:   -O2 -S %s -o - -mllvm -amdgpu-enable-check-async-waits \
// RUN:   | FileCheck %s --check-prefix=GFX1250
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

struct __align__(16) float4_ { float x, y, z, w; };

// aligned_size_t<16>: 16-byte copies only, no run-time alignment test and no
// synchronous tail. AMDGPU copies at most 4 bytes per lane, and several
// copies per lane are not consecutive across the wave: synchronous.
// CHECK-LABEL: @aligned16(
// NVPTX-NOT:     {{ptrtoint|load i8|store i8}}
// NVPTX:         call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 16, i32 noundef 0)
// NVPTX-NOT:     {{ptrtoint|load i8|store i8|@asyncpipe.copy}}
// NVPTX:         call void @asyncpipe.mark()
// AMDGPU-NOT:    @asyncpipe.copy
// AMDGPU:        call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
extern "C" __global__ void aligned16(float4_ *out, const float4_ *in,
                                     unsigned n) {
  __shared__ float4_ tile[256];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(tile, in, cuda::aligned_size_t<16>(n * sizeof(float4_)),
                     pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[0] = tile[1];
  pipe.consumer_release();
}

// Twenty bytes from char pointers, alignment unknown: a run-time choice
// between 16 + 4 bytes, 8-byte copies, 4-byte copies, and a synchronous copy
// when the pointers are misaligned with each other.
// CHECK-LABEL: @bytes20(
// NVPTX-DAG:     call void @asyncpipe.copy({{.*}}, i32 noundef 16, i32 noundef 0)
// NVPTX-DAG:     call void @asyncpipe.copy({{.*}}, i32 noundef 8, i32 noundef 0)
// NVPTX-DAG:     call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// NVPTX-DAG:     store i8
// AMDGPU-NOT:    @asyncpipe.copy
// CHECK:         call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
extern "C" __global__ void bytes20(char *out, const char *in, unsigned i) {
  __shared__ __align__(16) char tile[1024];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  cuda::memcpy_async(tile + i, in + i, 20, pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  out[i] = tile[i + 19];
}

// One float per thread at consecutive addresses: one 4-byte copy; on
// AMDGPU, after the test that the wave's destinations are consecutive
// (ballot of lanes whose dst - lane * 4 differs from the first lane's),
// else synchronously.
// CHECK-LABEL: @one_float(
// NVPTX:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// NVPTX-NOT:     @asyncpipe.copy
// AMDGPU:        call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
// AMDGPU:        call i32 @llvm.amdgcn.readfirstlane.i32(
// AMDGPU:        call i64 @llvm.amdgcn.ballot.i64(
// AMDGPU:        store <4 x i8> %{{.*}}, ptr addrspace(3) %add.ptr, align 4
// AMDGPU:        call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK:         call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
extern "C" __global__ void one_float(float *out, const float *in, unsigned t) {
  __shared__ float tile[256];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  cuda::memcpy_async(tile + t, in + t, sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[t] = tile[t];
  pipe.consumer_release();
}

// The collective overload: the block's threads take the 16-byte chunks
// round-robin (NVPTX), the 4-byte words on AMDGPU (consecutive per wave,
// and, the group being the whole block ranked by linear id, with no run-time
// test of the layout); a unified block pipeline then waits and synchronizes
// the block.
// CHECK-LABEL: @group_copy(
// AMDGPU-NOT:    @llvm.amdgcn.ballot
// NVPTX:         call void @asyncpipe.copy({{.*}}, i32 noundef 16, i32 noundef 0)
// AMDGPU:        call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NOT:     @asyncpipe.copy
// CHECK:         call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// AMDGPU-NEXT:   fence syncscope("workgroup") release
// AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
// CHECK-NOT:     @asyncpipe.copy
// CHECK-LABEL: @quit_early(
// GFX1250-LABEL: group_copy:
// GFX1250-NOT:   global_load_async_to_lds_b{{8|32|64}}
// GFX1250:       global_load_async_to_lds_b128
// GFX1250:       s_wait_asynccnt 0x0
extern "C" __global__ void group_copy(float *out, const float *in) {
  __shared__ __align__(16) float tile[1024];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  auto block = cooperative_groups::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  pipe.producer_acquire();
  cuda::memcpy_async(block, tile, in, cuda::aligned_size_t<16>(sizeof(tile)),
                     pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[block.thread_rank()] = tile[1023 - block.thread_rank()];
  pipe.consumer_release();
}

// quit(): a consumer that leaves a partitioned pipeline adds the uses of
// each slot it released to the consumers' quit uses, then counts itself out
// (state + 32).
// CHECK-DAG:     atomicrmw add ptr{{( addrspace\(3\))?}} %{{.*}}, i32 %div{{.*}} monotonic
// CHECK-DAG:     atomicrmw add ptr{{.*}}@_ZZ10quit_earlyE5state{{.*}} 32), i32 1 {{.*}}
extern "C" __global__ void quit_early(float *out, const float *in, int n) {
  __shared__ float tile[2][256];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cooperative_groups::this_thread_block();
  unsigned t = block.thread_rank();
  auto pipe = cuda::make_pipeline(block, &state, block.size() / 2);
  for (int s = 0; s < n; ++s) {
    if (pipe.is_producer()) {
      pipe.producer_acquire();
      cuda::memcpy_async(&tile[s % 2][t], in + s * 256 + t, sizeof(float),
                         pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      float v = tile[s % 2][t - block.size() / 2];
      pipe.consumer_release();
      if (v < 0) {
        pipe.quit();
        return;
      }
      out[s * 256 + t] = v;
    }
  }
}
