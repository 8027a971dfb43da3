// GPUs without LDS DMA (gfx11, gfx12) cannot use the async LDS builtins.
// RUN: not clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 \
// RUN:   -nogpulib -I%asyncpipe_include -fsyntax-only %s 2>&1 | FileCheck %s
// REQUIRES: amdgpu-registered-target

// CHECK: error: "asyncpipe/amdgcn_async.h: no LDS DMA on this GPU (needs gfx9 or gfx10)"
#include <asyncpipe/amdgcn_async.h>
