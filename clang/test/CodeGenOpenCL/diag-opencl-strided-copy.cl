// A strided copy of elements under 4 bytes cannot be cp.async on NVPTX, so it
// is copied synchronously, with a warning at the call. On AMDGPU, LDS DMA
// copies 1 and 2 bytes per lane, and nothing is said.
// RUN: clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=NVPTX
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Werror %s
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/opencl_async.h>

kernel void shorts(global const short *in, int stride) {
  local short column[64];
  local int words[64];
  // NVPTX: diag-opencl-strided-copy.cl:[[#@LINE+1]]:15: warning: async_work_group_strided_copy of elements under 4 bytes is copied synchronously on NVPTX (cp.async copies 4, 8 or 16 bytes); copy whole 4-byte words, or use async_work_group_copy for contiguous data [-Wuser-defined-warnings]
  event_t e = async_work_group_strided_copy(column, in, 64, stride, 0);
  // NVPTX-NOT: warning:
  event_t f = async_work_group_strided_copy(words, (global const int *)in, 64,
                                            stride, 0);
  wait_group_events(1, &e);
  wait_group_events(1, &f);
}
