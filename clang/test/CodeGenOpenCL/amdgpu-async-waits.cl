// OpenCL C through clang -fpass-plugin: the upstream async intrinsics, reached
// through __asm__ labels, get exact waits at every optimization level, and
// the checker proves them.
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O0 -S %s -o - -mllvm -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=O0
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O1 -S %s -o - -mllvm -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=OPT
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -S %s -o - -mllvm -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=OPT
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O3 -S %s -o - -mllvm -amdgpu-enable-check-async-waits | FileCheck %s --check-prefix=OPT
// Stock clang emits calls to the undefined intrinsics.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -O2 -S %s -o - | FileCheck %s --check-prefix=STOCK
// REQUIRES: amdgpu-registered-target

void async_copy(global const int *src, local int *dst, int size, int offset,
                int aux) __asm__("llvm.amdgcn.global.load.async.lds");
void asyncmark(void) __asm__("llvm.amdgcn.asyncmark");
void wait_asyncmark(short n) __asm__("llvm.amdgcn.wait.asyncmark");

// OPT-LABEL: two_tiles:
// OPT: global_load_lds_dword v0, s[0:1]{{$}}
// OPT: ;;#ASMSTART
// OPT-NEXT: ; asyncmark
// OPT-NEXT: ;;#ASMEND
// OPT-NEXT: s_nop 0
// OPT-NEXT: global_load_lds_dword v0, s[0:1]{{$}}
// OPT-NEXT: ;;#ASMSTART
// OPT-NEXT: ; asyncmark
// OPT-NEXT: ;;#ASMEND
// OPT-NEXT: s_waitcnt vmcnt(1)
// OPT-NEXT: ;;#ASMSTART
// OPT-NEXT: ; wait_asyncmark(1)
// OPT-NEXT: ;;#ASMEND
// OPT-NEXT: ds_read_b32 v1, v0
// OPT-NEXT: s_waitcnt lgkmcnt(0)
// OPT-NEXT: global_store_dword v0, v1, s[2:3]
// OPT-NEXT: s_waitcnt vmcnt(1)
// OPT-NEXT: ;;#ASMSTART
// OPT-NEXT: ; wait_asyncmark(0)
// OPT-NEXT: ;;#ASMEND
// O0-LABEL: two_tiles:
// O0: global_load_lds_dword
// O0: ; asyncmark
// O0: global_load_lds_dword
// O0: ; asyncmark
// O0: ; wait_asyncmark(1)
// O0: ; wait_asyncmark(0)
// STOCK-LABEL: two_tiles:
// STOCK: llvm.amdgcn.global.load.async.lds@rel32@lo
// STOCK: llvm.amdgcn.asyncmark@rel32@lo
// STOCK: llvm.amdgcn.wait.asyncmark@rel32@lo
kernel void two_tiles(global const int *in, global int *out) {
  local int tiles[2][64];
  async_copy(in, tiles[0], 4, 0, 0);
  asyncmark();
  async_copy(in + 64, tiles[1], 4, 0, 0);
  asyncmark();
  wait_asyncmark(1);
  out[0] = tiles[0][0];
  wait_asyncmark(0);
  out[1] = tiles[1][0];
}
