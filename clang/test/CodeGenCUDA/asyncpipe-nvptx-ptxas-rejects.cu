// CUDA code that stock clang compiles into PTX ptxas rejects, an error at the
// user's line with the plugin (issue 36): cp.async written as inline PTX for
// a GPU older than sm_80, and zero-fill source sizes past the copy, written
// with the builtin or as an immediate operand of inline PTX. The sizes in
// range compile and assemble.
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_75 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -gline-tables-only -S %s \
// RUN:   -o /dev/null -DOLD_GPU 2>&1 | FileCheck %s --check-prefix=OLD --implicit-check-not=error:
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -gline-tables-only -S %s \
// RUN:   -o /dev/null -DPAST 2>&1 | FileCheck %s --check-prefix=PAST --implicit-check-not=error:
// RUN: not %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O0 -gline-tables-only -S %s \
// RUN:   -o /dev/null -DPAST 2>&1 | FileCheck %s --check-prefix=PAST --implicit-check-not=error:
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REQUIRES: nvptx-registered-target

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

#define SHARED(p) ((__attribute__((address_space(3))) void *)(p))
#define GLOBAL(p) ((__attribute__((address_space(1))) const void *)(p))

// What CUDA's __cvta_generic_to_shared gives.
static __device__ unsigned long long to_shared(const void *p) {
  unsigned long long a;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
  return a;
}

#if defined(OLD_GPU)
// OLD: asyncpipe-nvptx-ptxas-rejects.cu:[[#@LINE+4]]:3: error: async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_75 with PTX ISA {{[0-9.]+}}: use -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang)
extern "C" __global__ void inline_ptx(int *out, const int *in) {
  __shared__ int tile[32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"l"(to_shared(&tile[t])), "l"(&in[t]) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  out[t] = tile[31 - t];
}
#elif defined(PAST)
// PAST: asyncpipe-nvptx-ptxas-rejects.cu:[[#@LINE+5]]:3: error: zero-fill source size 8 is outside the copy's 0..4 bytes: use a source size from 0 (all zeros) to 4 (the whole copy)
// PAST: asyncpipe-nvptx-ptxas-rejects.cu:[[#@LINE+5]]:3: error: zero-fill source size 20 is outside the copy's 0..16 bytes: use a source size from 0 (all zeros) to 16 (the whole copy)
extern "C" __global__ void past(int *out, const int *in) {
  __shared__ int tile[32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  __nvvm_cp_async_ca_shared_global_4(SHARED(&tile[t]), GLOBAL(&in[t]), 8);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"l"(to_shared(&tile[t])), "l"(&in[t]), "n"(20) : "memory");
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_all();
  out[t] = tile[31 - t];
}
#else
extern "C" __global__ void in_range(int *out, const int *in, int n) {
  __shared__ int tile[32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  __nvvm_cp_async_ca_shared_global_4(SHARED(&tile[t]), GLOBAL(&in[t]), 4);
  __nvvm_cp_async_ca_shared_global_16(SHARED(&tile[t & ~3u]), GLOBAL(&in[t & ~3u]), n);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"l"(to_shared(&tile[t & ~1u])), "l"(&in[t & ~1u]), "n"(5) : "memory");
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_all();
  out[t] = tile[31 - t];
}
#endif
