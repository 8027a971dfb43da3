// Remarks about the waits a user wrote name the call as written
// (asyncpipe_wait, __builtin_amdgcn_wait_asyncmark) and its groups in the
// API's words, not the futures the plugin uses inside: a count that inlining
// changes is a -Rpass remark saying why, one that stays is a
// -Rpass-analysis remark.
// REQUIRES: amdgpu-registered-target
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S %s -o /dev/null -Rpass=asyncpipe-lower-futures \
// RUN:   2>&1 | FileCheck %s --check-prefix=PASS --implicit-check-not=remark:
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S %s -o /dev/null \
// RUN:   -Rpass-analysis=asyncpipe-lower-futures 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KEPT --implicit-check-not=remark:
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S %s -o /dev/null \
// RUN:   -Rpass-analysis=asyncpipe-bind-waits 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BIND --implicit-check-not=remark:

#include <asyncpipe/asyncpipe.h>

// A helper that starts a group of its own and, on some calls, waits for it.
static void prefetch(global const int *src, local int *dst, int c) {
  asyncpipe_copy(dst + get_local_id(0), src + get_local_id(0), 4);
  asyncpipe_commit();
  if (c)
    asyncpipe_wait(0);
  // KEPT-COUNT-2: asyncpipe-remarks-user-words.cl:[[@LINE-1]]:5: remark: asyncpipe_wait(0) waits for at most 0 outstanding commit groups, as written [-Rpass-analysis=asyncpipe-lower-futures]
  // BIND-DAG: asyncpipe-remarks-user-words.cl:[[@LINE-2]]:5: remark: asyncpipe_wait(0) tied to the group it waits for, so that inlining a call that commits cannot change what it waits for [-Rpass-analysis=asyncpipe-bind-waits]
}

kernel void tiles(global const int *src, global int *out, int c) {
  local int a[96], b[64];
  size_t i = get_local_id(0);
  asyncpipe_copy(&a[i], src + i, 4);
  asyncpipe_commit();
  asyncpipe_copy(&a[32 + i], src + 32 + i, 4);
  asyncpipe_commit();
  prefetch(src + 64, b, c);
  // Waits for the first group. Once the helper is inlined its group is a
  // third one after it: the count the plugin emits is 2.
  asyncpipe_wait(1);
  // PASS: asyncpipe-remarks-user-words.cl:[[@LINE-1]]:3: remark: asyncpipe_wait(1) waits for at most 2 outstanding commit groups: calls inlined after the group it waits for commit 1 more [-Rpass=asyncpipe-lower-futures]
  // BIND-DAG: asyncpipe-remarks-user-words.cl:[[@LINE-2]]:3: remark: asyncpipe_wait(1) tied to the group it waits for, so that inlining a call that commits cannot change what it waits for [-Rpass-analysis=asyncpipe-bind-waits]
  out[i] = a[i];
  // After the helper's group, which stays in flight: the helper's own
  // wait(0) completes it only when c is set.
  asyncpipe_wait(0);
  // PASS: asyncpipe-remarks-user-words.cl:[[@LINE-1]]:3: remark: asyncpipe_wait(0) waits for at most 1 outstanding commit groups: calls inlined after the group it waits for commit 1 more [-Rpass=asyncpipe-lower-futures]
  // BIND-DAG: asyncpipe-remarks-user-words.cl:[[@LINE-2]]:3: remark: asyncpipe_wait(0) tied to the group it waits for, so that inlining a call that commits cannot change what it waits for [-Rpass-analysis=asyncpipe-bind-waits]
}
