// OpenCL 2.0 emits each kernel's body twice (the kernel and its callable
// copy __clang_ocl_kern_imp_<kernel>): an invalid or conflicting marker is
// still reported once, at -O0 (the kernel calls its body) and at -O2 (each
// holds the loop).
// REQUIRES: amdgpu-registered-target
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 \
// RUN:   -nogpulib -O0 -gline-tables-only -I %asyncpipe_include -c %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 \
// RUN:   -nogpulib -O2 -gline-tables-only -I %asyncpipe_include -c %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include "asyncpipe/pipeline_annotation.h"

kernel void sum(global int *out, int n) {
  int acc = 0;
  for (int t = 0; t < n; ++t) {
    asyncpipe_pipeline(2);
    // CHECK: opencl-annotation-conflicts.cl:[[@LINE+1]]:5: error: asyncpipe_pipeline() asks for 3 stages but this loop already asks for 2 (annotation 'asyncpipe.pipeline.stages'); keep one request per loop
    asyncpipe_pipeline(3);
    acc += out[t];
  }
  for (int t = 0; t < n; ++t) {
    // CHECK: opencl-annotation-conflicts.cl:[[@LINE+1]]:5: error: asyncpipe_pipeline() needs a compile-time stage count from 1 to 16
    asyncpipe_pipeline(0);
    acc += out[t];
  }
  out[0] = acc;
}
