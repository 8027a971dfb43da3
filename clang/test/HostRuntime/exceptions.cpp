// The host headers in a C++ try block (-fexceptions): asyncpipe_host.h
// declares the portable calls nothrow and asyncpipe_rt.h the runtime's entry
// points noexcept (the runtime never throws), so clang calls them rather than
// invoking them (checked on clang's own IR, before any pass: the plugin's
// passes now turn such invokes into calls themselves, see
// Transforms/AsyncPipe/hostile-invoke.ll). The program is right under every
// policy, the exception included. -std=c++98 takes the header's throw()
// spelling.
// RUN: %clang -fexceptions -O0 -Xclang -disable-llvm-passes \
// RUN:   -I%asyncpipe_rt_include -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -fexceptions -O2 -Xclang -disable-llvm-passes \
// RUN:   -I%asyncpipe_rt_include -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -fexceptions -std=c++98 -O0 -Xclang -disable-llvm-passes \
// RUN:   -I%asyncpipe_rt_include -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -fexceptions -O0 -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t0
// RUN: %clang -fexceptions -O2 -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t2
// RUN: env ASYNCPIPE_POLICY=eager %t0 | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=lazy %t0 | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=lazy %t2 | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 %t2 \
// RUN:   | FileCheck %s --check-prefix=RESULT
// REQUIRES: x86-registered-target

#include "asyncpipe_host.h"
#include "asyncpipe_rt.h"
#include <cstdio>

// CHECK-LABEL: @_Z6copiedPKii(
// CHECK-NOT: invoke {{.*}}@asyncpipe.
// CHECK-NOT: invoke {{.*}}@__asyncpipe_rt_
// CHECK: call void @asyncpipe.mark()
// CHECK-LABEL: @_Z14reportsChecked
// CHECK-NOT: invoke {{.*}}@__asyncpipe_rt_
// CHECK: call {{.*}}i64 @__asyncpipe_rt_san_report_count()

static int Tile[2];

__attribute__((noinline)) void mayThrow(int Fail) {
  if (Fail)
    throw Fail;
}

__attribute__((noinline)) int copied(const int *Src, int Fail) {
  try {
    asyncpipe_copy(&Tile[0], &Src[0], sizeof(int), 0);
    asyncpipe_copy(&Tile[1], &Src[1], sizeof(int), 0);
    mayThrow(Fail);
    asyncpipe_mark();
    asyncpipe_wait(0);
  } catch (int E) {
    asyncpipe_mark();
    asyncpipe_wait(0);
    return -E;
  }
  return Tile[0] + Tile[1];
}

// A runtime entry point called from C++ as it is declared.
__attribute__((noinline)) unsigned long long reportsChecked(int Fail) {
  try {
    mayThrow(Fail);
    return __asyncpipe_rt_san_report_count();
  } catch (int) {
    return __asyncpipe_rt_san_report_count();
  }
}

// RESULT: 30 -7 0
int main() {
  int Src[2] = {10, 20};
  int First = copied(Src, 0);
  int Second = copied(Src, 7);
  std::printf("%d %d %llu\n", First, Second, reportsChecked(1));
}
