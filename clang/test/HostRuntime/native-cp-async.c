// Native NVPTX cp.async code (asyncpipe_host_nvvm.h) runs on the host with
// the hardware's semantics: one queue of commit groups per thread, not one
// per activation. A group committed in one function is waited for by a
// wait_group in another, whatever kind of function each is (noinline,
// internal, always_inline), at every -O level, under every completion policy
// and with AsyncSan silent. The -O0 build is the reference.
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=eager %t.O0 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t.O0 2>&1 | FileCheck %s
// The same at -O2 needs the native forms kept under hardware semantics
// (issue 12); with the activation rule applied to them the helpers' commits
// and waits are deleted and AsyncSan reports the loads.
// RUN: %clang -O2 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O2
// RUN: env ASYNCPIPE_POLICY=lazy %t.O2 2>&1 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t.O2 2>&1 | FileCheck %s

#include "asyncpipe_host_nvvm.h"
#include <stdio.h>

static int source[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static int shared[8];

__attribute__((noinline)) void commit(void) { nvvm_cp_async_commit_group(); }
static void wait0(void) { nvvm_cp_async_wait_group(0); }
__attribute__((always_inline)) static inline void wait1(void) {
  nvvm_cp_async_wait_group(1);
}
__attribute__((noinline)) void issue(int i) {
  nvvm_cp_async_ca_shared_global_4(&shared[i], &source[i]);
}

// The first stage's data after two stages: wait_group(1) in a helper
// completes the group a different helper committed first.
__attribute__((noinline)) static int two_stages(void) {
  issue(0);
  commit();
  issue(1);
  commit();
  wait1();
  int first = shared[0];
  wait0();
  return first * 10 + shared[1];
}

// Copies no group holds yet are not waited for by wait_group; wait_all
// commits them first.
__attribute__((noinline)) static int uncommitted(void) {
  nvvm_cp_async_ca_shared_global_8(&shared[2], &source[2]);
  commit();
  nvvm_cp_async_ca_shared_global_16_s(&shared[4], &source[4], 8);
  wait0();
  int committed = shared[2] + shared[3];
  nvvm_cp_async_wait_all();
  return committed * 1000 + shared[4] * 100 + shared[5] * 10 + shared[6] +
         shared[7];
}

// A group committed in a loop of one function, waited for in another.
__attribute__((noinline)) static void prefetch(int n) {
  for (int i = 0; i < n; ++i) {
    nvvm_cp_async_cg_shared_global_16(&shared[4 * (i & 1)],
                                      &source[4 * (i & 1)]);
    commit();
  }
}

int main(void) {
  printf("two stages: %d\n", two_stages());
  printf("uncommitted: %d\n", uncommitted());
  for (int i = 0; i < 8; ++i)
    shared[i] = 0;
  prefetch(2);
  wait1();
  printf("after wait_group 1: %d\n", shared[0]);
  wait0();
  printf("after wait_group 0: %d\n", shared[4]);
  return 0;
}

// CHECK-NOT: AsyncSan
// CHECK: two stages: 12
// The 16-byte copy reads 8 bytes (5, 6) and zero-fills the rest (0, 0).
// CHECK-NEXT: uncommitted: 7560
// CHECK-NEXT: after wait_group 1: 1
// CHECK-NEXT: after wait_group 0: 5
// CHECK-NOT: AsyncSan
