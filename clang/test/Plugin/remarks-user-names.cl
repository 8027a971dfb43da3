// Remarks speak of what the user wrote: the kernel's name (once per kernel,
// although clang makes two functions of an OpenCL kernel), and why a wait
// for every copy may leave a count above zero (a newer store).
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -I%asyncpipe_include -c %s -o /dev/null -Rpass-analysis='^asyncpipe$' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark:
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O0 -I%asyncpipe_include -c %s -o /dev/null -Rpass-analysis='^asyncpipe$' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0 --implicit-check-not=remark:
// REQUIRES: amdgpu-registered-target

#include <asyncpipe/asyncpipe.h>

kernel void copy_then_store(global const int *src, global int *out) {
  // CHECK: remarks-user-names.cl:[[@LINE-1]]:1: remark: 'copy_then_store' at optimizer end: 1 async copies, 1 marks, 1 waits
  // CHECK: remarks-user-names.cl:[[@LINE-2]]:1: remark: 'copy_then_store' at codegen: 1 async copies, 1 marks, 1 waits
  // O0: remarks-user-names.cl:[[@LINE-3]]:1: remark: 'copy_then_store' at optimizer end: 1 async copies, 1 marks, 1 waits
  // O0: remarks-user-names.cl:[[@LINE-4]]:1: remark: 'copy_then_store' at codegen: 1 async copies, 1 marks, 1 waits
  local int tile[64];
  uint i = __builtin_amdgcn_workitem_id_x();
  asyncpipe_copy(&tile[i], src + i, 4);
  asyncpipe_commit();
  out[64 + i] = 1;
  asyncpipe_wait(0);
  // CHECK: remarks-user-names.cl:[[@LINE-1]]:3: remark: wait_asyncmark(0) needs vmcnt(1): the copies it waits for are done while at most that many newer memory operations (later copies, loads, stores) are still in flight
  // Unoptimized, a load from the stack (vmcnt counts it) after the copy
  // already waited for it:
  // O0: remarks-user-names.cl:[[@LINE-4]]:3: remark: wait_asyncmark(0) needs no wait
  out[i] = tile[i];
}
