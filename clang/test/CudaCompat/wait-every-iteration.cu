// A thread-scope cuda::pipeline that waits for everything on every
// iteration: consumer_wait's count (head - tail - 1) is 0 each time, but a
// `continue` that skips both counters' increments keeps the optimizer from
// folding it, so the lowering used to emit a switch over 8 wait_group counts
// and wait_all. The lowering proves the count from the loop-carried counters
// (they keep one difference on every iteration) and emits the one wait.
// At -O0 (the counters in memory) the switch stays: the same waits as
// before, still correct.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h -O2 -S %s -o %t.ptx \
// RUN:   -Rpass-analysis=asyncpipe-lower 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -include %S/Inputs/cuda-env.h -O0 -S %s -o %t-O0.ptx
// RUN: FileCheck %s --check-prefix=O0 < %t-O0.ptx
// REQUIRES: nvptx-registered-target

#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

// REMARK: remark: wait count is not a compile-time constant but is always 0 (the loop-carried counters it is computed from keep the same difference on every iteration)
// CHECK-LABEL: .entry _Z4eachPKiS0_Pii(
// CHECK:         cp.async.ca.shared.global
// CHECK-NEXT:    cp.async.commit_group;
// CHECK-NOT:     cp.async
// CHECK:         cp.async.wait_all;
// CHECK-NOT:     cp.async.wait
// CHECK:         ret;
// O0-LABEL: .entry _Z4eachPKiS0_Pii(
// O0:         cp.async.wait_group 7;
__global__ void each(const int *in, const int *skip, int *out, int n) {
  __shared__ int tile[256];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  int i = __nvvm_read_ptx_sreg_tid_x();
  int acc = 0;
  for (int t = 0; t < n; ++t) {
    if (skip[t])
      continue;
    pipe.producer_acquire();
    cuda::memcpy_async(&tile[i], &in[t * 256 + i], sizeof(int), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    acc += tile[i];
    pipe.consumer_release();
  }
  out[i] = acc;
}
