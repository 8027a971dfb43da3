// Zero-filling copies through the portable C API (asyncpipe/asyncpipe.h) on
// the host: the first src_size bytes come from the source and the rest of the
// destination is zeroed, when the copy completes (not before, under lazy).
// The source size may be a run-time value. AsyncSan treats only the bytes
// actually read as the copy's source.
// RUN: %clang -O1 -g -I%asyncpipe_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s --check-prefixes=CHECK,LAZY
// RUN: env ASYNCPIPE_POLICY=eager %t | FileCheck %s --check-prefixes=CHECK,EAGER
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWRITE_SOURCE=14 \
// RUN:   -I%asyncpipe_include %s %asyncpipe_rt_lib -o %t.tail
// RUN: env ASYNCPIPE_POLICY=lazy %t.tail 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWRITE_SOURCE=3 \
// RUN:   -I%asyncpipe_include %s %asyncpipe_rt_lib -o %t.head
// RUN: env ASYNCPIPE_POLICY=lazy not %t.head 2>&1 | FileCheck %s --check-prefix=HEAD

#include <asyncpipe/asyncpipe.h>
#include <stdio.h>
#include <string.h>

static unsigned char source[16];
static unsigned char shared[16];
volatile unsigned runtime_source_size = 5;

static void show(const char *when) {
  printf("%s:", when);
  for (int i = 0; i < 16; ++i)
    printf(" %d", shared[i]);
  printf("\n");
}

__attribute__((noinline)) void run(void) {
  asyncpipe_copy_zfill(shared, source, 16, 12, 0);
#ifdef WRITE_SOURCE
  source[WRITE_SOURCE] = 99;
#endif
  asyncpipe_commit();
#ifndef WRITE_SOURCE
  show("issued"); // A peek at a pending copy: not in the AsyncSan builds.
#endif
  asyncpipe_wait(0);
  show("constant");
  asyncpipe_copy_zfill(shared, source, 16, runtime_source_size, 0);
  asyncpipe_commit();
  asyncpipe_wait(0);
  show("run-time");
}

int main(void) {
  for (int i = 0; i < 16; ++i) {
    source[i] = (unsigned char)(i + 1);
    shared[i] = 7;
  }
  run();
  return 0;
}

// LAZY: issued: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
// EAGER: issued: 1 2 3 4 5 6 7 8 9 10 11 12 0 0 0 0
// CHECK-NEXT: constant: 1 2 3 4 5 6 7 8 9 10 11 12 0 0 0 0
// CHECK-NEXT: run-time: 1 2 3 4 5 0 0 0 0 0 0 0 0 0 0 0

// TAIL-NOT: AsyncSan
// TAIL: constant: 1 2 3 4 5 6 7 8 9 10 11 12 0 0 0 0
// TAIL-NOT: AsyncSan

// HEAD: ==AsyncSan== ERROR: async-source-overwrite: store of 1 bytes at {{.*}}zero-fill.c:34:24 in 'run' overlaps the source of a pending async copy
// HEAD: the copy of 16 bytes ({{.*}}) was issued at {{.*}}zero-fill.c:32:3 in 'run'
