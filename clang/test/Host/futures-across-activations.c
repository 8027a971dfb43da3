// Futures that cross function activations: one returned by a helper that is
// not inlined, one kept in a static variable from the previous call, one
// passed to a helper that is not inlined, and one passed to an always_inline
// helper that has external linkage (so a standalone copy of it is compiled
// too). A wait of one activation does not count another's marks, so each
// wait counts from a mark added where its future appears in the function
// (AsyncPipeFutures.rst). Before, the first three read copies still in
// flight under the lazy policy (each wait lowered to wait(0) on a sequence
// without the mark), at -O0 the third too, and -O2 rejected the fourth's
// standalone copy. Every build prints the plain values under every policy.
// RUN: %clang -O0 -I%asyncpipe_include %s %asyncpipe_rt_lib -o %t0
// RUN: %clang -O2 -I%asyncpipe_include %s %asyncpipe_rt_lib -o %t2
// RUN: env ASYNCPIPE_POLICY=eager %t0 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t0 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t0 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=eager %t2 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t2 | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t2 | FileCheck %s
// The lowering before anchors (a testing option) is caught: under lazy the
// first three read copies still in flight, and AsyncSan reports the first.
// RUN: %clang -O2 -g -I%asyncpipe_include -Xclang -load -Xclang %plugin \
// RUN:   -mllvm -asyncpipe-futures-skip-anchors-for-testing %s \
// RUN:   %asyncpipe_rt_lib -o %t.wrong
// RUN: env ASYNCPIPE_POLICY=eager %t.wrong | FileCheck %s
// RUN: env ASYNCPIPE_POLICY=lazy %t.wrong | FileCheck %s --check-prefix=WRONG
// RUN: %clang -O2 -g -I%asyncpipe_include -Xclang -load -Xclang %plugin \
// RUN:   -mllvm -asyncpipe-futures-skip-anchors-for-testing \
// RUN:   -mllvm -asyncpipe-sanitize %s %asyncpipe_rt_lib -o %t.wrong.san
// RUN: env ASYNCPIPE_POLICY=lazy not %t.wrong.san 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAN
// REQUIRES: x86-registered-target

// WRONG: returned 0
// WRONG-NEXT: static 0
// WRONG-NEXT: argument 0
// SAN: read-after-async-write: load of 4 bytes at {{.*}}futures-across-activations.c:{{[0-9]+}}:{{[0-9]+}} in 'returned'

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>
#include <stdio.h>

static int Source[4] = {1, 2, 3, 4};
static int Shared[4];

__attribute__((noinline)) asyncpipe_future_t startCopy(int I) {
  asyncpipe_copy(&Shared[I], &Source[I], sizeof(int));
  return asyncpipe_commit_future();
}

// CHECK: returned 1
__attribute__((noinline)) int returned(void) {
  asyncpipe_future_t F = startCopy(0);
  asyncpipe_wait_future(F);
  return Shared[0];
}

// CHECK: static 1234
static asyncpipe_future_t Pending;
__attribute__((noinline)) int step(int I) {
  int Value = 0;
  if (I > 0) {
    asyncpipe_wait_future(Pending);
    Value = Shared[I - 1];
  }
  if (I < 4) {
    asyncpipe_copy(&Shared[I], &Source[I], sizeof(int));
    Pending = asyncpipe_commit_future();
  }
  return Value;
}

// CHECK: argument 3
__attribute__((noinline)) int finish(asyncpipe_future_t F, int I) {
  asyncpipe_wait_future(F);
  return Shared[I];
}

__attribute__((noinline)) int passed(void) {
  asyncpipe_copy(&Shared[2], &Source[2], sizeof(int));
  return finish(asyncpipe_commit_future(), 2);
}

// CHECK: always_inline 4
__attribute__((always_inline)) inline int finishInline(asyncpipe_future_t F,
                                                       int I) {
  asyncpipe_wait_future(F);
  return Shared[I];
}
extern int finishInline(asyncpipe_future_t F, int I);

__attribute__((noinline)) int passedInline(void) {
  asyncpipe_copy(&Shared[3], &Source[3], sizeof(int));
  return finishInline(asyncpipe_commit_future(), 3);
}

int main(void) {
  printf("returned %d\n", returned());
  int Sum = 0;
  for (int I = 0; I <= 4; ++I)
    Sum = Sum * 10 + step(I);
  printf("static %d\n", Sum);
  for (int I = 0; I < 4; ++I)
    Shared[I] = 0;
  printf("argument %d\n", passed());
  printf("always_inline %d\n", passedInline());
  return 0;
}
