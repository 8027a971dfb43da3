// Errors for CUDA code: async copies compiled for a GPU older than sm_80 (the
// portable calls pass clang's own checks, which reject the cp.async builtins
// there), and a negative wait count. With line tables the error points at the
// call; without, at the function.
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_75 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -gline-tables-only -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_75 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O0 -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM75-NODEBUG
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -gline-tables-only -S %s \
// RUN:   -o /dev/null -DNEGATIVE 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// REQUIRES: nvptx-registered-target

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

extern "C" __device__ void asyncpipe_copy(void *dst, const void *src, int size,
                                          int flags) __asm__("asyncpipe.copy");
extern "C" __device__ void asyncpipe_mark(void) __asm__("asyncpipe.mark");
extern "C" __device__ void asyncpipe_wait(int n) __asm__("asyncpipe.wait");

#ifndef NEGATIVE
// SM75: asyncpipe-nvptx-errors.cu:[[#@LINE+7]]:3: error: async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75 with PTX ISA {{[0-9.]+}}: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang)
// SM75-NOT: error:
// SM75-NODEBUG: asyncpipe-nvptx-errors.cu:[[#@LINE+2]]:28: error: async copies (cp.async) need sm_80
// SM75-NODEBUG-NOT: error:
extern "C" __global__ void copy(int *out, const int *in) {
  __shared__ int tile[32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  asyncpipe_copy(&tile[t], &in[t], 4, 0);
  asyncpipe_mark();
  asyncpipe_wait(0);
  out[t] = tile[31 - t];
}
#else
// NEGATIVE: asyncpipe-nvptx-errors.cu:[[#@LINE+5]]:3: error: async wait count -1 is negative
extern "C" __global__ void negative(int *out, const int *in) {
  __shared__ int tile[32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_group(-1);
  out[t] = tile[31 - t];
}
#endif
