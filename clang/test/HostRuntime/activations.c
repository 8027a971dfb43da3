// Each function activation has its own mark sequence: a callee's marks are
// not part of its caller's, so a callee's wait(1) does not complete the
// caller's group, and the caller's wait(0) does not complete the copy the
// callee left behind its own mark (llvm/docs/AsyncPipeModel.rst). A caller's mark does
// cover copies its callees issued before it.
// RUN: %clang -O1 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s

#include "asyncpipe_host.h"
#include <stdio.h>

static int source[3] = {1, 2, 3};
static int shared[3];

__attribute__((noinline)) void callee_marks(void) {
  asyncpipe_copy(&shared[1], &source[1], sizeof(int), 0);
  asyncpipe_mark();
  asyncpipe_wait(1); // One mark of its own outstanding: waits for nothing.
}

__attribute__((noinline)) void callee_copies(void) {
  asyncpipe_copy(&shared[2], &source[2], sizeof(int), 0);
}

__attribute__((noinline)) void caller(void) {
  asyncpipe_copy(&shared[0], &source[0], sizeof(int), 0);
  asyncpipe_mark();
  callee_marks();
  printf("after callee: %d %d %d\n", shared[0], shared[1], shared[2]);
  asyncpipe_wait(0);
  printf("after caller wait: %d %d %d\n", shared[0], shared[1], shared[2]);
  callee_copies();
  asyncpipe_mark();
  asyncpipe_wait(0);
  printf("after second group: %d %d %d\n", shared[0], shared[1], shared[2]);
}

int main(void) {
  caller();
  return 0;
}

// CHECK: after callee: 0 0 0
// CHECK-NEXT: after caller wait: 1 0 0
// The caller's new mark follows the callee's copy in program order.
// CHECK-NEXT: after second group: 1 2 3
