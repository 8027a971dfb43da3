// clang -fpass-plugin= runs the plugin on CUDA device code for sm_80 with the
// installed CUDA toolkit's headers.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx \
// RUN:   --cuda-path=%cuda_path -Wno-unknown-cuda-version -O2 -S %s -o /dev/null \
// RUN:   -Rpass-analysis=asyncpipe 2>&1 | FileCheck %s
// REQUIRES: nvptx-registered-target, cuda-sdk

// CHECK: remark: 'copy_one' at optimizer end: 1 async copies, 1 marks, 1 waits
// CHECK: remark: 'copy_one' at codegen: 1 async copies, 1 marks, 1 waits
extern "C" __device__ __attribute__((noinline)) void copy_one(void *shared, const void *global) {
  __nvvm_cp_async_ca_shared_global_4(
      (__attribute__((address_space(3))) void *)shared,
      (__attribute__((address_space(1))) const void *)global);
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_group(0);
}

__global__ void k(const int *g) {
  __shared__ int s[32];
  copy_one(s, g);
}
