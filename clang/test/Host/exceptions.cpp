// The portable calls in a C++ try block (-fexceptions): the headers declare
// them nothrow, so clang calls them rather than invoking them, and the
// plugin lowers them at every -O level. Without nothrow, clang emitted an
// invoke, and removing or lowering it deleted its block's terminator (a
// crash in the verifier). The program is right under every policy, the
// exception included.
// RUN: %clang -fexceptions -O0 -I%asyncpipe_include -S -emit-llvm %s \
// RUN:   -o - | FileCheck %s
// RUN: %clang -fexceptions -O2 -I%asyncpipe_include -S -emit-llvm %s \
// RUN:   -o - | FileCheck %s
// RUN: %clang -fexceptions -O0 -I%asyncpipe_include %s \
// RUN:   %asyncpipe_rt_lib -o %t0
// RUN: %clang -fexceptions -O2 -I%asyncpipe_include %s \
// RUN:   %asyncpipe_rt_lib -o %t2
// RUN: env ASYNCPIPE_POLICY=eager %t0 | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=lazy %t0 | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=lazy %t2 | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t2 \
// RUN:   | FileCheck %s --check-prefix=RESULT
// REQUIRES: x86-registered-target

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>
#include <cstdio>

// CHECK-LABEL: @_Z6copiedPKii(
// CHECK-NOT: invoke {{.*}}@asyncpipe.
// CHECK-NOT: invoke {{.*}}@__asyncpipe_rt_
// CHECK: call void @__asyncpipe_rt_mark()
// CHECK: ret i32

static int Tile[4];

__attribute__((noinline)) void mayThrow(int Fail) {
  if (Fail)
    throw Fail;
}

__attribute__((noinline)) int copied(const int *Src, int Fail) {
  try {
    asyncpipe_copy(&Tile[0], &Src[0], sizeof(int));
    asyncpipe_future_t First = asyncpipe_commit_future();
    asyncpipe_copy(&Tile[1], &Src[1], sizeof(int));
    mayThrow(Fail);
    asyncpipe_commit();
    asyncpipe_wait_future(First);
    asyncpipe_wait(0);
  } catch (int E) {
    asyncpipe_wait(0);
    return -E;
  }
  return Tile[0] + Tile[1];
}

// RESULT: 30 -7
int main() {
  int Src[2] = {10, 20};
  std::printf("%d %d\n", copied(Src, 0), copied(Src, 7));
}
