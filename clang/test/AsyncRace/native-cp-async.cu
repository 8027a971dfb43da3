// The race warning on native cp.async, written with clang's builtins as
// hand-pipelined CUDA does (hardware semantics): right as written, and with
// cp.async.wait_group one group too weak, a warning in PTX's own words.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -O2 -g -DWAIT=1 -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -O2 -g -DWAIT=2 -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: nvptx-registered-target

// QUIET-NOT: {{.}}
// CHECK: native-cp-async.cu:[[#@LINE+19]]:28: warning: this load of shared memory overlaps the destination of the async copy at line [[#@LINE+14]] while it is still in flight: in iteration 1 of the loop at line [[#@LINE+13]] (counting from 0), with the copy issued in the previous iteration; the wait at line [[#@LINE+17]] leaves the copy's group (the 2nd newest at the load) pending; wait until at most 1 of the commit groups are pending (cp.async.wait_group 1) before the load
// CHECK-NOT: warning:

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef __attribute__((address_space(3))) void SharedVoid;
typedef const __attribute__((address_space(1))) void GlobalVoid;

__global__ void native_double_buffer(const int *in, int *out, int n) {
  __shared__ int tile[2][256];
  unsigned i = __nvvm_read_ptx_sreg_tid_x();
  __nvvm_cp_async_ca_shared_global_4((SharedVoid *)&tile[0][i], (GlobalVoid *)(in + i));
  __nvvm_cp_async_commit_group();
  for (int t = 0; t < n; ++t) {
    __nvvm_cp_async_ca_shared_global_4((SharedVoid *)&tile[(t + 1) & 1][i],
                                       (GlobalVoid *)(in + (t + 1) * 256 + i));
    __nvvm_cp_async_commit_group();
    __nvvm_cp_async_wait_group(WAIT);
    __syncthreads();
    out[t * 256 + i] = 3 * tile[t & 1][i];
    __syncthreads();
  }
  __nvvm_cp_async_wait_all();
}
