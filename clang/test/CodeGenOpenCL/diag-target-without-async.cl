// A target without async copies: the error is at the user's call (clang's
// !srcloc, no -g needed), names the copy and the targets that have it, and
// gives the flags of the language compiled (OpenCL: -march, never
// --cuda-gpu-arch).
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib \
// RUN:   -O2 -I%asyncpipe_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GFX11 --implicit-check-not=error:
// (At -O2 the call is in both of the functions clang makes of an OpenCL
// kernel, the kernel and its body inlined into it; it is reported once.)
// RUN: not %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib \
// RUN:   -O0 -I%asyncpipe_include -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GFX11 --implicit-check-not=error:
// RUN: not %clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_70 \
// RUN:   -O2 -I%asyncpipe_include -S %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM70 --implicit-check-not=error:
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

kernel void copy_tile(global const int *src, global int *out) {
  local int tile[64];
  size_t i = get_local_id(0);
  asyncpipe_copy(tile + i, src + i, 4);
  // GFX11: diag-target-without-async.cl:[[@LINE-1]]:3: error: async copy to LDS ('llvm.amdgcn.global.load.async.lds') needs global loads into LDS, which gfx11 (gfx1100) does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, --offload-arch=gfx942)
  // SM70: diag-target-without-async.cl:[[@LINE-2]]:3: error: async copies (cp.async) need sm_80 and PTX ISA 7.0 or newer, but this function is compiled for sm_70 with PTX ISA {{[0-9.]+}}: use -mcpu=sm_80 (llc) or -march=sm_80 (clang)
  asyncpipe_commit();
  asyncpipe_wait(0);
  out[i] = tile[i];
}
