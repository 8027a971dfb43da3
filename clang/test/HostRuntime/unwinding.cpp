// An exception (or longjmp) that unwinds a function which marks skips its
// __asyncpipe_rt_exit; the runtime notices the dead activation at its caller's
// next mark or wait (a call from a shallower stack depth) and drops it, so
// the caller's wait(0) applies to the caller's own sequence: it completes the
// caller's copy, not the one behind the dead callee's mark.
// RUN: %clang -O1 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s
// RUN: %clang -O0 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0 | FileCheck %s

#include "asyncpipe_host.h"
#include <cstdio>

static int source[2] = {7, 9};
static int shared[2];

__attribute__((noinline)) void mark_and_throw() {
  asyncpipe_copy(&shared[1], &source[1], sizeof(int), 0);
  asyncpipe_mark();
  throw 1;
}

__attribute__((noinline)) void caller() {
  asyncpipe_copy(&shared[0], &source[0], sizeof(int), 0);
  asyncpipe_mark();
  try {
    mark_and_throw();
  } catch (int) {
    std::printf("caught\n");
  }
  asyncpipe_wait(0);
  std::printf("after caller wait: %d %d\n", shared[0], shared[1]);
}

int main() {
  caller();
  return 0;
}

// CHECK: caught
// CHECK-NEXT: after caller wait: 7 0
