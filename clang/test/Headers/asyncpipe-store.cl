// asyncpipe_store of <asyncpipe/asyncpipe.h> in OpenCL C: one call of the
// portable IR form @asyncpipe.store(global dst, local src, i32 size) with the
// operands as written, on every target (where a target has no async store the
// plugin reports the call). Its size must be an integer constant, and on
// gfx1250 one its async stores move: each is an error at the user's call.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -fno-discard-value-names -O2 -S -emit-llvm %s \
// RUN:   -o - | FileCheck %s
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fno-discard-value-names -O2 -S -emit-llvm %s \
// RUN:   -o - | FileCheck %s
// RUN: clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 %nvptx_ptx \
// RUN:   -nogpulib -I%asyncpipe_include -fno-discard-value-names -O2 -S \
// RUN:   -emit-llvm %s -o - | FileCheck %s
// At -O0 the size stays a constant.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -O0 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1250 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note -DBAD %s
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

// CHECK-LABEL: @write_back(
// CHECK:         call void @asyncpipe.store(ptr addrspace(1) noundef %out, ptr addrspace(3) noundef %tile, i32 noundef 16)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// O0: call void @asyncpipe.store(ptr addrspace(1) noundef %{{.*}}, ptr addrspace(3) noundef %{{.*}}, i32 noundef 16)
void write_back(global int *out, local int *tile) {
  asyncpipe_store(out, tile, 16);
  asyncpipe_commit();
  asyncpipe_wait(0);
}

#ifdef BAD
void bad(global int *out, local int *tile, unsigned n) {
  asyncpipe_store(out, tile, n); // expected-error {{argument 'size' of 'asyncpipe_store' must be an integer constant}}
  asyncpipe_store(out, tile, 2); // expected-error {{'asyncpipe_store' cannot store this size on this target: size must be 1, 4, 8 or 16}}
  asyncpipe_store(tile, out, 4); // expected-error {{passing '__local int *__private' to parameter of type '__global void *' changes address space of pointer}}
}
#endif
