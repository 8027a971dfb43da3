// The write-back hazards of an async store (asyncpipe_store, shared to
// global memory): the store may read its shared source late, so writing the
// staging buffer again before a wait covers the store is a race
// (async-source-overwrite), and its global destination holds the new bytes
// only once a wait covers it (read-after-async-write). AsyncSan reports both
// at the user's line, naming the store and where it was issued; the program
// that waits before reusing the staging buffer and before reading the result
// is silent under every policy and writes back every tile.
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=lazy not %t 2>&1 | FileCheck %s --check-prefix=OVERWRITE
// RUN: %clang -O0 -g -mllvm -asyncpipe-sanitize -I%asyncpipe_rt_include %s \
// RUN:   %asyncpipe_rt_lib -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy not %t.O0 2>&1 | FileCheck %s --check-prefix=OVERWRITE
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWAIT_BEFORE_REUSE -DREAD_EARLY \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.read
// RUN: env ASYNCPIPE_POLICY=lazy not %t.read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %clang -O1 -g -mllvm -asyncpipe-sanitize -DWAIT_BEFORE_REUSE \
// RUN:   -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.ok
// RUN: env ASYNCPIPE_POLICY=eager %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=lazy %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=7 %t.ok 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK
// Without AsyncSan the lazy policy shows the effect of the race: the first
// tile's stores, completed late, write back the second tile's values.
// RUN: %clang -O1 -g -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t.nosan
// RUN: env ASYNCPIPE_POLICY=lazy %t.nosan | FileCheck %s --check-prefix=LATE

#include "asyncpipe_host.h"
#include <stdio.h>

static int staging[4]; // the shared tile
static int out[8];     // global memory

__attribute__((noinline)) int write_back(void) {
  for (int t = 0; t < 2; ++t) {
#ifdef WAIT_BEFORE_REUSE
    asyncpipe_wait(0); // the last tile's stores have read the staging buffer
#endif
    for (int i = 0; i < 4; ++i)
      staging[i] = 10 * t + i;
    for (int i = 0; i < 4; ++i)
      asyncpipe_store(&out[4 * t + i], &staging[i], sizeof(int));
    asyncpipe_mark();
  }
  int early = 0;
#ifdef READ_EARLY
  early = out[4]; // the second tile's store is still in flight
#endif
  asyncpipe_wait(0);
  return early;
}

int main(void) {
  write_back();
  int sum = 0;
  for (int i = 0; i < 8; ++i)
    sum += out[i];
  printf("out[0] = %d, sum = %d\n", out[0], sum);
  return 0;
}

// OVERWRITE: ==AsyncSan== ERROR: async-source-overwrite: store of 4 bytes at {{.*}}async-store-write-back.c:42:18 in 'write_back' overlaps the source of a pending async store
// OVERWRITE-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T0
// OVERWRITE-NEXT: ==AsyncSan==   the store of 4 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}async-store-write-back.c:44:7 in 'write_back' in thread T0; no wait has completed it yet
// OVERWRITE-NOT: sum =

// READ: ==AsyncSan== ERROR: read-after-async-write: load of 4 bytes at {{.*}}async-store-write-back.c:49:11 in 'write_back' overlaps the destination of a pending async store
// READ-NEXT: ==AsyncSan==   accessed [0x{{[0-9a-f]+}}, +4) in thread T0
// READ-NEXT: ==AsyncSan==   the store of 4 bytes (0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}) was issued at {{.*}}async-store-write-back.c:44:7 in 'write_back' in thread T0; no wait has completed it yet
// READ-NOT: sum =

// OK-NOT: AsyncSan
// OK: out[0] = 0, sum = 52
// OK-NOT: AsyncSan

// LATE: out[0] = 10, sum = 92
