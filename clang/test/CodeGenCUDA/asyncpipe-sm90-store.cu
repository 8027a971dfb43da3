// asyncpipe_store from CUDA on sm_90: each store is a bulk copy from shared to
// global memory (cp.async.bulk.global.shared::cta) after the proxy fence that
// makes the block's ordinary stores into the staging buffer visible to it;
// each asyncpipe_commit also commits a bulk async-group and each
// asyncpipe_wait(N) also waits until N bulk groups are left
// (cp.async.bulk.wait_group N: the store's writes are done). A kernel that
// only stores has no cp.async instruction at all; one that also copies gets
// both counters, each at the same count. The loop pipeliner's write-back
// stage (asyncpipe_pipeline) works the same way. ptxas accepts every kernel
// at -O2 and -O0. Compiled for sm_80 the store is an error at its line, with
// the flags to use; a size that is not a multiple of 16 is the header's
// error.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90a %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S %s \
// RUN:   -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90a %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S %s \
// RUN:   -DSTORES_ONLY -o %t.only.ptx
// RUN: FileCheck %s --check-prefix=ONLY < %t.only.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.only.ptx -o /dev/null %}
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90a %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O0 -S %s \
// RUN:   -o %t.O0.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null %}
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 \
// RUN:   -gline-tables-only -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80 --implicit-check-not=error:
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90a %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S %s \
// RUN:   -o /dev/null -DBAD_SIZE 2>&1 | FileCheck %s --check-prefix=SIZE
// REQUIRES: nvptx-registered-target

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/pipeline_annotation.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define THREAD_INDEX __nvvm_read_ptx_sreg_tid_x()

struct __attribute__((aligned(16))) vec4 {
  float x, y, z, w;
};

// Two staging buffers: the wait at the top of each tile leaves the newest
// store in flight and completes the one that read the buffer about to be
// filled. Alone in its module (no copy anywhere), it has no cp.async
// instruction; beside the kernels below it gets the cp.async twins too (one
// decision per module: a commit in a helper commits its callers' stores).
// ONLY-LABEL: .entry _Z10write_backP4vec4PKfi(
// ONLY-NOT:     cp.async.commit_group
// ONLY-NOT:     cp.async.wait
// ONLY:         cp.async.bulk.wait_group 1;
// ONLY:         st.shared.v4
// ONLY:         fence.proxy.async.shared::cta;
// ONLY:         cp.async.bulk.global.shared::cta.bulk_group
// ONLY-NEXT:    cp.async.bulk.commit_group;
// ONLY:         cp.async.bulk.wait_group 0;
// ONLY-NOT:     cp.async.commit_group
// ONLY-NOT:     cp.async.wait
// ONLY:         ret;
// CHECK-LABEL: .entry _Z10write_backP4vec4PKfi(
// CHECK:         cp.async.wait_group 1;
// CHECK-NEXT:    cp.async.bulk.wait_group 1;
__global__ void write_back(vec4 *out, const float *in, int tiles) {
  __shared__ vec4 stage[2][128];
  unsigned i = THREAD_INDEX;
  for (int t = 0; t < tiles; ++t) {
    asyncpipe_wait(1);
    vec4 v = {in[t * 128 + i] * 2.0f, 0, 0, 0};
    stage[t & 1][i] = v;
    // SM80: asyncpipe-sm90-store.cu:[[@LINE+1]]:5: error: async stores (cp.async.bulk) need sm_90 and PTX ISA 8.0 or newer, but this function is compiled for sm_80: use -mcpu=sm_90a (llc) or --cuda-gpu-arch=sm_90a (clang)
    asyncpipe_store(&out[t * 128 + i], &stage[t & 1][i], 16);
    asyncpipe_commit();
  }
  asyncpipe_wait(0);
}

#ifndef STORES_ONLY
// Tiles in by cp.async, out by bulk stores: one commit per tile commits the
// next tile's copy and this tile's store, on both counters.
// CHECK-LABEL: .entry _Z11scale_tilesP4vec4PKS_i(
// CHECK:         cp.async.ca.shared.global
// CHECK:         cp.async.commit_group;
// CHECK-NEXT:    cp.async.bulk.commit_group;
// CHECK:         cp.async.wait_group 1;
// CHECK-NEXT:    cp.async.bulk.wait_group 1;
// CHECK:         fence.proxy.async.shared::cta;
// CHECK:         cp.async.bulk.global.shared::cta.bulk_group
// CHECK:         cp.async.wait_all;
// CHECK-NEXT:    cp.async.bulk.wait_group 0;
__global__ void scale_tiles(vec4 *out, const vec4 *in, int tiles) {
  __shared__ vec4 tile[2][128];
  __shared__ vec4 stage[2][128];
  unsigned i = THREAD_INDEX;
  asyncpipe_copy(&tile[0][i], &in[i], 16);
  asyncpipe_commit();
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles)
      asyncpipe_copy(&tile[(t + 1) & 1][i], &in[(t + 1) * 128 + i], 16);
    asyncpipe_commit();
    asyncpipe_wait(1);
    vec4 v = tile[t & 1][i];
    v.x *= 2.0f;
    stage[t & 1][i] = v;
    // SM80: asyncpipe-sm90-store.cu:[[@LINE+1]]:5: error: async stores (cp.async.bulk) need sm_90
    asyncpipe_store(&out[t * 128 + i], &stage[t & 1][i], 16);
  }
  asyncpipe_commit();
  asyncpipe_wait(0);
}

// The synchronous form, pipelined at 2 stages: the copy runs one tile ahead
// and the store's staging buffer is doubled; with two groups per tile each
// wait leaves 2 groups of each counter in flight.
// CHECK-LABEL: .entry _Z9pipelinedP4vec4PKS_i(
// CHECK:         cp.async.wait_group 2;
// CHECK-NEXT:    cp.async.bulk.wait_group 2;
// CHECK:         fence.proxy.async.shared::cta;
// CHECK:         cp.async.bulk.global.shared::cta.bulk_group
// CHECK:         cp.async.wait_group 2;
// CHECK-NEXT:    cp.async.bulk.wait_group 2;
// CHECK:         cp.async.wait_all;
// CHECK-NEXT:    cp.async.bulk.wait_group 0;
__global__ void pipelined(vec4 *__restrict__ out, const vec4 *__restrict__ in,
                          int tiles) {
  __shared__ vec4 tile[128];
  __shared__ vec4 stage[128];
  unsigned i = THREAD_INDEX;
  for (int t = 0; t < tiles; ++t) {
    asyncpipe_pipeline(2);
    asyncpipe_copy(&tile[i], &in[t * 128 + i], 16);
    asyncpipe_commit();
    asyncpipe_wait(0);
    vec4 v = tile[i];
    v.x = v.x * 2.0f + v.w;
    stage[i] = v;
    // SM80: asyncpipe-sm90-store.cu:[[@LINE+1]]:5: error: async stores (cp.async.bulk) need sm_90
    asyncpipe_store(&out[t * 128 + i], &stage[i], 16);
    asyncpipe_commit();
    asyncpipe_wait(0);
  }
}

#endif

#ifdef BAD_SIZE
__global__ void eight_bytes(float *out) {
  __shared__ float stage[256];
  unsigned i = THREAD_INDEX;
  // SIZE: asyncpipe-sm90-store.cu:[[@LINE+1]]:3: error: 'asyncpipe_store' cannot store this size on this target: size must be a multiple of 16
  asyncpipe_store(&out[2 * i], &stage[2 * i], 8);
  asyncpipe_commit();
  asyncpipe_wait(0);
}
#endif
