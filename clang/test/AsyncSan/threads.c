// Shared memory is shared by the work-items a work-group runner maps onto
// host threads, so AsyncSan checks each access against the pending copies of
// every thread and names both threads. Each thread has its own activations.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWAIT_BEFORE_SHARING \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK

#include "asyncpipe_host.h"
#include <pthread.h>
#include <stdio.h>

static int source[4] = {1, 2, 3, 4};
static int shared[4];

static void *reader(void *arg) {
  (void)arg;
  int sum = 0;
  for (int i = 0; i < 4; ++i)
    sum += shared[i];
  return (void *)(long)sum;
}

__attribute__((noinline)) long producer(void) {
  asyncpipe_copy(shared, source, sizeof(source), 0);
  asyncpipe_mark();
#ifdef WAIT_BEFORE_SHARING
  asyncpipe_wait(0);
#endif
  pthread_t t;
  void *sum;
  pthread_create(&t, NULL, reader, NULL);
  pthread_join(t, &sum);
  asyncpipe_wait(0);
  return (long)sum;
}

int main(void) {
  printf("sum %ld\n", producer());
  return 0;
}

// CHECK: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}threads.c:22:12 in 'reader' overlaps the destination of a pending async copy
// CHECK-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T1
// CHECK-NEXT: ==AsyncSan==   the copy of 16 bytes ({{.*}}) was issued at {{.*}}threads.c:27:3 in 'producer' in thread T0; no wait has completed it yet

// OK-NOT: AsyncSan
// OK: sum 10
