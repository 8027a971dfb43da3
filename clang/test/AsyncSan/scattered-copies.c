// AsyncSan with 256 copies in flight whose sources and destinations are
// scattered: every other 8-byte slot of each buffer, in two unrelated
// orders, so no two copies form a run. The index stages a new run and moves
// it in only when a check looks its kind up (a store near the sources); the
// reports are the same as ever, each naming the one copy the access
// overlaps, and bytes that only touch a pending range are silent.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
//
// A store to the source of copy 137, after 255 others staged their sources.
// RUN: env ASYNCPIPE_POLICY=lazy not %t source 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SOURCE
// SOURCE: copy 137: [[SRC:0x[0-9a-f]+]] -> [[DST:0x[0-9a-f]+]]
// SOURCE: ==AsyncSan== ERROR: async-source-overwrite: store of 8 bytes at {{.*}}scattered-copies.c:{{[0-9]+}}:{{[0-9]+}} in 'run' overlaps the source of a pending async copy
// SOURCE-NEXT: ==AsyncSan==   accessed [[[SRC]], +8) in thread T0
// SOURCE-NEXT: ==AsyncSan==   the copy of 8 bytes ([[SRC]] -> [[DST]]) was issued at {{.*}}scattered-copies.c:{{[0-9]+}}:5 in 'run' in thread T0; no wait has completed it yet
//
// A load of the destination of copy 200.
// RUN: env ASYNCPIPE_POLICY=lazy not %t destination 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEST
// DEST: copy 200: [[SRC:0x[0-9a-f]+]] -> [[DST:0x[0-9a-f]+]]
// DEST: ==AsyncSan== ERROR: read-after-async-write: load of 8 bytes at {{.*}}scattered-copies.c:{{[0-9]+}}:{{[0-9]+}} in 'load' overlaps the destination of a pending async copy
// DEST-NEXT: ==AsyncSan==   accessed [[[DST]], +8) in thread T0
// DEST-NEXT: ==AsyncSan==   the copy of 8 bytes ([[SRC]] -> [[DST]]) was issued at {{.*}}scattered-copies.c:{{[0-9]+}}:5 in 'run' in thread T0; no wait has completed it yet
//
// Stores and loads of every gap (the slot after each pending source and
// destination: they touch the ranges, they do not overlap them) are silent.
// RUN: env ASYNCPIPE_POLICY=lazy %t touch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOUCH
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=1 %t touch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOUCH
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=2 %t touch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOUCH
// TOUCH-NOT: AsyncSan
// TOUCH: touched 512 gaps: 0 reports
//
// After a wait for the first group (copies 0 to 127), stores to every
// source of that group are silent, and one to a source of the second group
// is reported (ASYNCPIPE_SAN_CONTINUE=1 goes on).
// RUN: env ASYNCPIPE_POLICY=lazy ASYNCPIPE_SAN_CONTINUE=1 %t partial 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: copy 128: [[SRC:0x[0-9a-f]+]] -> [[DST:0x[0-9a-f]+]]
// PARTIAL-NEXT: ==AsyncSan== ERROR: async-source-overwrite
// PARTIAL-NEXT: accessed [[[SRC]], +8)
// PARTIAL-NEXT: the copy of 8 bytes ([[SRC]] -> [[DST]]) was issued at {{.*}}; no wait has completed it yet
// PARTIAL-NOT: AsyncSan
// PARTIAL: stored 129 sources: 1 reports

#include "asyncpipe_host.h"
#include "asyncpipe_rt.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum { N = 256 };
static uint64_t source[2 * N], shared[2 * N];

static unsigned dstSlot(unsigned i) { return 2 * ((i * 37) % N); }
static unsigned srcSlot(unsigned i) { return 2 * ((i * 101) % N); }

__attribute__((noinline)) static uint64_t load(unsigned slot) {
  return shared[slot];
}

__attribute__((noinline)) void run(const char *mode) {
  for (unsigned i = 0; i < N; ++i) {
    asyncpipe_copy(&shared[dstSlot(i)], &source[srcSlot(i)], 8, 0);
    if (i == N / 2 - 1)
      asyncpipe_mark();
  }
  asyncpipe_mark();
  unsigned show = !strcmp(mode, "source")        ? 137
                  : !strcmp(mode, "destination") ? 200
                                                 : 128;
  fprintf(stderr, "copy %u: %p -> %p\n", show, (void *)&source[srcSlot(show)],
          (void *)&shared[dstSlot(show)]);
  if (!strcmp(mode, "source"))
    source[srcSlot(137)] = 1;
  if (!strcmp(mode, "destination"))
    printf("%" PRIu64 "\n", load(dstSlot(200)));
  uint64_t sum = 0;
  if (!strcmp(mode, "touch")) {
    for (unsigned i = 0; i < N; ++i) {
      source[srcSlot(i) + 1] = i;
      sum += load(dstSlot(i) + 1);
    }
    printf("touched %u gaps: %" PRIu64 " reports\n", 2 * N,
           __asyncpipe_rt_san_report_count());
  }
  if (!strcmp(mode, "partial")) {
    asyncpipe_wait(1);
    for (unsigned i = 0; i < N / 2; ++i)
      source[srcSlot(i)] = i;
    source[srcSlot(N / 2)] = 0;
    printf("stored %u sources: %" PRIu64 " reports\n", N / 2 + 1,
           __asyncpipe_rt_san_report_count());
  }
  asyncpipe_wait(0);
  printf("sum %" PRIu64 "\n", sum);
}

int main(int argc, char **argv) {
  run(argc > 1 ? argv[1] : "touch");
  return 0;
}
