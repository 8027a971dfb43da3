// CUDA code can reach the backend with a cp.async wait whose count is not a
// constant: clang does not verify its IR (-disable-llvm-verifier), so a
// declaration bound to the intrinsic's name passes a run-time count. The
// plugin turns it into constant waits instead of a "Cannot select" crash, at
// every -O level, and the PTX assembles.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S %s -o %t.O2.ptx \
// RUN:   -Rpass-analysis=asyncpipe-lower 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.O2.ptx
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O0 -S %s -o %t.O0.ptx
// RUN: FileCheck %s --check-prefix=O0 < %t.O0.ptx
// RUN: %ptxas -arch=sm_80 %t.O2.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.O2.ptx -o /dev/null
// RUN: %ptxas -arch=sm_90 %t.O0.ptx -o /dev/null
// REQUIRES: nvptx-registered-target, ptxas

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

extern "C" __device__ void wait_group(int n) __asm__("llvm.nvvm.cp.async.wait.group");

// Two groups, then a wait for `pending`: wait_all, wait_group 1, or nothing.
// REMARK: {{.*}}asyncpipe-nvptx-native-wait.cu:[[#@LINE+22]]:3: remark: wait count is not a compile-time constant: selecting among 2 constant waits; larger counts wait for nothing (at most 2 marks outstanding)
// CHECK-LABEL: .visible .entry two_groups(
// CHECK:         cp.async.commit_group;
// CHECK:         cp.async.commit_group;
// CHECK-DAG:     cp.async.wait_group 1;
// CHECK-DAG:     cp.async.wait_all;
// CHECK-NOT:     cp.async.wait_group %r
// O0-LABEL: .visible .entry two_groups(
// O0-DAG:        cp.async.wait_all;
// O0-DAG:        cp.async.wait_group 1;
// O0-NOT:        cp.async.wait_group %r
extern "C" __global__ void two_groups(int *out, const int *in, int pending) {
  __shared__ int tile[2][32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  __nvvm_cp_async_ca_shared_global_4(
      (__attribute__((address_space(3))) void *)&tile[0][t],
      (__attribute__((address_space(1))) const void *)&in[t]);
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_ca_shared_global_4(
      (__attribute__((address_space(3))) void *)&tile[1][t],
      (__attribute__((address_space(1))) const void *)&in[32 + t]);
  __nvvm_cp_async_commit_group();
  wait_group(pending);
  __nvvm_bar_sync(0);
  out[t] = tile[0][t] + tile[1][t];
}
