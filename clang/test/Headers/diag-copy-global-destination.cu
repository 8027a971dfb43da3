// A destination that provably is not shared memory is an error at the call
// (in HIP global kernel arguments reach the copy as address space 1 cast to 3,
// and the copy would land who knows where; in CUDA a generic kernel argument);
// one that is global on some paths only is a warning that says which.
// RUN: not %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -O2 -I%asyncpipe_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HIP --implicit-check-not=error: \
// RUN:     --implicit-check-not=warning:
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx \
// RUN:   -nocudainc -nocudalib -Wno-unknown-cuda-version -O2 \
// RUN:   -I%asyncpipe_include -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,CUDA --implicit-check-not=error: \
// RUN:     --implicit-check-not=warning:
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

__attribute__((global)) void to_global(const int *src, int *gdst, int i) {
  asyncpipe_copy(gdst + i, src + i, 4);
  // HIP: diag-copy-global-destination.cu:[[@LINE-1]]:3: error: the destination of an async copy must be shared memory, but it points to global memory (address space 1): copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
  // CUDA: diag-copy-global-destination.cu:[[@LINE-2]]:3: error: the destination of an async copy must be shared memory, but it points to global memory (argument 2 of the kernel: kernel arguments cannot point to shared memory): copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
  asyncpipe_commit();
  asyncpipe_wait(0);
}

__attribute__((global)) void maybe_global(const int *src, int *gdst, int i,
                                          bool staged) {
  __attribute__((shared)) int tile[64];
  int *dst = staged ? tile + i : gdst + i;
  asyncpipe_copy(dst, src + i, 4);
  // HIP: diag-copy-global-destination.cu:[[@LINE-1]]:3: warning: the destination of an async copy may not be shared memory: on some paths it points to global memory (address space 1); copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
  // CUDA: diag-copy-global-destination.cu:[[@LINE-2]]:3: warning: the destination of an async copy may not be shared memory: on some paths it points to global memory (argument 2 of the kernel: kernel arguments cannot point to shared memory); copy into a __shared__ (CUDA, HIP) or local (OpenCL) array
  asyncpipe_commit();
  asyncpipe_wait(0);
  gdst[i] = tile[i];
}

// A shared destination, through a device function: no diagnostic.
__attribute__((device)) void stage(int *dst, const int *src) {
  asyncpipe_copy(dst, src, 4);
}
__attribute__((global)) void to_shared(const int *src, int *out, int i) {
  __attribute__((shared)) int tile[64];
  stage(tile + i, src + i);
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[i] = tile[i];
}
// CHECK: 1 warning and 1 error generated
