// AsyncSan keeps copies issued back to back to adjacent addresses (a tile
// copied lane by lane) as one run in its index; a race is still reported
// against the one copy it overlaps, and a copy of the run that completed
// is not reported. Eight 4-byte copies to shared[0..7] from source[0..7] form
// runs; a mark after the fourth splits them into two groups and ends the runs
// (no run spans a mark), so a wait for the first group takes its runs out
// whole (holes in a run come from the random policy: run-holes-random.c).
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
//
// A load of the middle copy's destination names that copy (4 bytes, its own
// source and destination), not the run.
// RUN: env ASYNCPIPE_POLICY=lazy not %t middle 2>&1 | FileCheck %s --check-prefix=MIDDLE
// MIDDLE: copy 5: [[SRC:0x[0-9a-f]+]] -> [[DST:0x[0-9a-f]+]]
// MIDDLE: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}adjacent-copy-runs.c:68:59 in 'load' overlaps the destination of a pending async copy
// MIDDLE-NEXT: ==AsyncSan==   accessed [[[DST]], +4) in thread T0
// MIDDLE-NEXT: ==AsyncSan==   the copy of 4 bytes ([[SRC]] -> [[DST]]) was issued at {{.*}}adjacent-copy-runs.c:72:5 in 'run' in thread T0; no wait has completed it yet
// MIDDLE-NEXT: ==AsyncSan== aborting
//
// After the wait for the first group, the completed first half is
// silent and every load of the pending half is reported, each against its
// own copy (ASYNCPIPE_SAN_CONTINUE=1 goes on after each report).
// RUN: env ASYNCPIPE_POLICY=lazy ASYNCPIPE_SAN_CONTINUE=1 %t partial 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: copy 4: [[SRC4:0x[0-9a-f]+]] -> [[DST4:0x[0-9a-f]+]]
// PARTIAL-NEXT: copy 5: [[SRC5:0x[0-9a-f]+]] -> [[DST5:0x[0-9a-f]+]]
// PARTIAL-NEXT: copy 6: [[SRC6:0x[0-9a-f]+]] -> [[DST6:0x[0-9a-f]+]]
// PARTIAL-NEXT: copy 7: [[SRC7:0x[0-9a-f]+]] -> [[DST7:0x[0-9a-f]+]]
// PARTIAL-NEXT: ==AsyncSan== ERROR: read-after-async-write
// PARTIAL-NEXT: accessed [[[DST4]], +4)
// PARTIAL-NEXT: the copy of 4 bytes ([[SRC4]] -> [[DST4]])
// PARTIAL-NEXT: ==AsyncSan== ERROR: read-after-async-write
// PARTIAL-NEXT: accessed [[[DST5]], +4)
// PARTIAL-NEXT: the copy of 4 bytes ([[SRC5]] -> [[DST5]])
// PARTIAL-NEXT: ==AsyncSan== ERROR: read-after-async-write
// PARTIAL-NEXT: accessed [[[DST6]], +4)
// PARTIAL-NEXT: the copy of 4 bytes ([[SRC6]] -> [[DST6]])
// PARTIAL-NEXT: ==AsyncSan== ERROR: read-after-async-write
// PARTIAL-NEXT: accessed [[[DST7]], +4)
// PARTIAL-NEXT: the copy of 4 bytes ([[SRC7]] -> [[DST7]])
// PARTIAL-NEXT: loaded 8: 4 reports (sum 10)
//
// A store to the source of a copy in the middle of the pending half names
// that copy's source.
// RUN: env ASYNCPIPE_POLICY=lazy not %t source 2>&1 | FileCheck %s --check-prefix=SOURCE
// SOURCE: copy 6: [[SRC:0x[0-9a-f]+]] -> [[DST:0x[0-9a-f]+]]
// SOURCE: ==AsyncSan== ERROR: async-source-overwrite: store of 4 bytes at {{.*}}adjacent-copy-runs.c:84:15 in 'run' overlaps the source of a pending async copy
// SOURCE-NEXT: ==AsyncSan==   accessed [[[SRC]], +4) in thread T0
// SOURCE-NEXT: ==AsyncSan==   the copy of 4 bytes ([[SRC]] -> [[DST]]) was issued at {{.*}}adjacent-copy-runs.c:72:5 in 'run' in thread T0; no wait has completed it yet
//
// The right program is silent under every policy.
// RUN: env ASYNCPIPE_POLICY=lazy %t ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=eager %t ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t ok 2>&1 | FileCheck %s --check-prefix=OK
// OK-NOT: AsyncSan
// OK: loaded 8: 0 reports (sum 36)

#include "asyncpipe_host.h"
#include "asyncpipe_rt.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum { N = 8 };
static int source[N] = {1, 2, 3, 4, 5, 6, 7, 8};
static int shared[N];

__attribute__((noinline)) static int load(int i) { return shared[i]; }

__attribute__((noinline)) void run(const char *mode) {
  for (int i = 0; i < N; ++i) {
    asyncpipe_copy(&shared[i], &source[i], sizeof(int), 0);
    if (i == N / 2 - 1)
      asyncpipe_mark();
  }
  asyncpipe_mark();
  for (int i = N / 2; i < N; ++i)
    fprintf(stderr, "copy %d: %p -> %p\n", i, (void *)&source[i],
            (void *)&shared[i]);
  if (!strcmp(mode, "middle"))
    printf("%d\n", load(5));
  asyncpipe_wait(strcmp(mode, "ok") ? 1 : 0);
  if (!strcmp(mode, "source"))
    source[6] = 0;
  int sum = 0;
  for (int i = 0; i < N; ++i)
    sum += load(i);
  printf("loaded %d: %" PRIu64 " reports (sum %d)\n", N,
         __asyncpipe_rt_san_report_count(), sum);
  asyncpipe_wait(0);
}

int main(int argc, char **argv) {
  run(argc > 1 ? argv[1] : "ok");
  return 0;
}
