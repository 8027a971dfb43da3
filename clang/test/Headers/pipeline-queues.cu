// asyncpipe::pipeline on a queue (make_pipeline<Q>()): two pipelines in one
// kernel count their stages apart. On sm_80 and gfx942 every queue is on the
// one hardware counter, and each wait becomes the exact combined count: for
// stages A0 B0 A1 B1 (A on queue 0, B on queue 1), A's wait_prior<1>
// completes A0, with B0, A1, B1 left in flight (wait_group 3), and B's then
// completes B0 with A1, B1 left (wait_group 2). The same stages on one queue
// (both pipelines from make_pipeline()) wait for all but the newest stage
// (wait_group 1), and B's wait is then redundant and removed. ptxas accepts the PTX; on gfx942 the checker
// proves every wait against each queue's own marks. A queue out of range is
// an error at the pipeline's type.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S \
// RUN:   %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S \
// RUN:   -DONE_QUEUE %s -o - | FileCheck %s --check-prefix=ONE
// RUN: %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -O2 -S \
// RUN:   -mllvm -amdgpu-enable-check-async-waits %s -o - \
// RUN:   | FileCheck %s --check-prefix=GFX942
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -DBAD_QUEUE %s 2>&1 | FileCheck %s --check-prefix=BAD
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/pipeline.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#if defined(__NVPTX__)
#define THREAD_INDEX __nvvm_read_ptx_sreg_tid_x()
#else
#define THREAD_INDEX __builtin_amdgcn_workitem_id_x()
#endif

#ifdef ONE_QUEUE
enum { QueueB = 0 };
#else
enum { QueueB = 1 };
#endif

// PTX-LABEL: .entry two_pipelines(
// PTX:         cp.async.commit_group;
// PTX:         cp.async.commit_group;
// PTX:         cp.async.commit_group;
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 3;
// PTX:         cp.async.wait_group 2;
// ONE-LABEL: .entry two_pipelines(
// ONE:         cp.async.wait_group 1;
// ONE-NOT:     cp.async.wait
// GFX942-LABEL: two_pipelines:
// GFX942:         s_waitcnt vmcnt(3)
// GFX942:         s_waitcnt vmcnt(2)
extern "C" __global__ void two_pipelines(const float *a, const float *b,
                                         float *out) {
  __shared__ float a_tile[2][64];
  __shared__ float b_tile[2][64];
  unsigned i = THREAD_INDEX;
  auto pa = asyncpipe::make_pipeline();
  auto pb = asyncpipe::make_pipeline<QueueB>();
  for (unsigned s = 0; s < 2; ++s) {
    asyncpipe::memcpy_async(&a_tile[s][i], a + s * 64 + i, 4, pa);
    pa.producer_commit();
    asyncpipe::memcpy_async(&b_tile[s][i], b + s * 64 + i, 4, pb);
    pb.producer_commit();
  }
  asyncpipe::pipeline_consumer_wait_prior<1>(pa);
  float x = a_tile[0][i];
  pb.wait_prior<1>();
  out[i] = x + b_tile[0][i];
}

#ifdef BAD_QUEUE
// BAD: error: static assertion failed {{.*}}asyncpipe::pipeline's queue must be 0 to ASYNCPIPE_MAX_QUEUES - 1 (7)
__global__ void bad_queue() {
  auto p = asyncpipe::make_pipeline<8>();
  p.producer_commit();
}
#endif
