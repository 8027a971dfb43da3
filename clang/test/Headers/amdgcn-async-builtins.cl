// The upstream async LDS builtins of <asyncpipe/amdgcn_async.h> in OpenCL C
// become calls of the upstream intrinsics (AsyncPipe's spelling for the
// buffer forms), with every operand as written, at -O0 and -O2.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fno-discard-value-names -O2 -S -emit-llvm %s \
// RUN:   -o - | FileCheck %s
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O0 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib \
// RUN:   -I%asyncpipe_include -fno-discard-value-names -O2 -S -emit-llvm %s \
// RUN:   -o - -DGFX950 | FileCheck %s --check-prefixes=CHECK,GFX950
// With the plugin, each builtin becomes its LDS DMA instruction on gfx942
// (aux bits as cache policy: 1 = sc0, 2 = nt).
// RUN: %clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -mllvm -amdgpu-enable-check-async-waits \
// RUN:   -I%asyncpipe_include -O2 -S %s -o - | FileCheck %s --check-prefix=ASM
// REQUIRES: amdgpu-registered-target

// ASM-LABEL: global_load:
// ASM:         global_load_lds_dword v[0:1], off offset:16 sc0
// ASM-NEXT:    global_load_lds_ubyte v[0:1], off
// ASM-NEXT:    global_load_lds_ushort v[0:1], off
// ASM-LABEL: load_to_lds:
// ASM:         global_load_lds_dword v[0:1], off
// ASM:         buffer_load_ushort v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:8 lds
// ASM-LABEL: buffer_loads:
// ASM:         buffer_load_dword v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], s{{[0-9]+}} offen lds
// ASM:         buffer_load_ubyte v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], 4 idxen offen offset:12 nt lds

#include <asyncpipe/amdgcn_async.h>

typedef __attribute__((address_space(7))) int buffer_int;

// CHECK-LABEL: @global_load(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %g, ptr addrspace(3) noundef %l, i32 noundef 4, i32 noundef 16, i32 noundef 1)
// CHECK-NEXT:    tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %g, ptr addrspace(3) noundef %l, i32 noundef 1, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %g, ptr addrspace(3) noundef %l, i32 noundef 2, i32 noundef 0, i32 noundef 0)
// GFX950-NEXT:   tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %g, ptr addrspace(3) noundef %l, i32 noundef 12, i32 noundef 0, i32 noundef 0)
// GFX950-NEXT:   tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %g, ptr addrspace(3) noundef %l, i32 noundef 16, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    ret void
// O0-LABEL: @global_load(
// O0: call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) noundef %{{[0-9]+}}, ptr addrspace(3) noundef %{{[0-9]+}}, i32 noundef 4, i32 noundef 16, i32 noundef 1)
void global_load(global int *g, local int *l) {
  __builtin_amdgcn_global_load_async_lds(g, l, 4, 16, 1);
  __builtin_amdgcn_global_load_async_lds(g, l, 1, 0, 0);
  __builtin_amdgcn_global_load_async_lds(g, l, sizeof(short), 0, 0);
#ifdef GFX950
  __builtin_amdgcn_global_load_async_lds(g, l, 12, 0, 0);
  __builtin_amdgcn_global_load_async_lds(g, l, 16, 0, 0);
#endif
}

// The source selects the overload: global memory (.p1) or a buffer fat
// pointer (.p7).
// CHECK-LABEL: @load_to_lds(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) noundef %g, ptr addrspace(3) noundef %l, i32 noundef 4, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.load.async.to.lds.p7(ptr addrspace(7) noundef %b, ptr addrspace(3) noundef %l, i32 noundef 2, i32 noundef 8, i32 noundef 0)
// CHECK-NEXT:    ret void
// O0-LABEL: @load_to_lds(
// O0: call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) noundef %{{[0-9]+}}, ptr addrspace(3) noundef %{{[0-9]+}}, i32 noundef 4, i32 noundef 0, i32 noundef 0)
// O0: call void @llvm.amdgcn.load.async.to.lds.p7(ptr addrspace(7) noundef %{{[0-9]+}}, ptr addrspace(3) noundef %{{[0-9]+}}, i32 noundef 2, i32 noundef 8, i32 noundef 0)
void load_to_lds(global int *g, local int *l, buffer_int *b) {
  __builtin_amdgcn_load_async_to_lds(g, l, 4, 0, 0);
  __builtin_amdgcn_load_async_to_lds(b, l, 2, 8, 0);
}

// voffset, soffset and vindex may vary at run time.
// CHECK-LABEL: @buffer_loads(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    tail call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) noundef %l, i32 noundef 4, i32 noundef %voffset, i32 noundef %soffset, i32 noundef 0, i32 noundef 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.struct.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc, ptr addrspace(3) noundef %l, i32 noundef 1, i32 noundef %vindex, i32 noundef %voffset, i32 noundef 4, i32 noundef 12, i32 noundef 2)
// CHECK-NEXT:    ret void
void buffer_loads(__amdgpu_buffer_rsrc_t rsrc, local int *l, int vindex,
                  int voffset, int soffset) {
  __builtin_amdgcn_raw_ptr_buffer_load_async_lds(rsrc, l, 4, voffset, soffset,
                                                 0, 0);
  __builtin_amdgcn_struct_ptr_buffer_load_async_lds(rsrc, l, 1, vindex,
                                                    voffset, 4, 12, 2);
}

// CHECK-LABEL: @marks(
// CHECK-NEXT:  entry:
// CHECK-NEXT:    tail call void @llvm.amdgcn.asyncmark()
// CHECK-NEXT:    tail call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 0)
// CHECK-NEXT:    tail call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 3)
// CHECK-NEXT:    ret void
// O0-LABEL: @marks(
// O0: call void @llvm.amdgcn.asyncmark()
// O0: call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 0)
// O0: call void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext 3)
void marks(void) {
  __builtin_amdgcn_asyncmark();
  __builtin_amdgcn_wait_asyncmark(0);
  __builtin_amdgcn_wait_asyncmark(3);
}

// CHECK: declare hidden void @llvm.amdgcn.asyncmark()
// CHECK: declare hidden void @llvm.amdgcn.wait.asyncmark(i16 noundef zeroext)
