// The double-buffered loop of clang/test/CodeGenOpenCL/asyncpipe-last-trip-wait.cl
// on the host: the loop's wait(1) and the last trip's wait(0) stay two waits
// at -O2 (SimplifyCFG used to merge them into one wait(0), so every tile
// waited for the next one too), and the result is the plain loop's under
// every completion policy.
// RUN: %clang -O2 -I%asyncpipe_rt_include -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=lazy %t | FileCheck %s --check-prefix=RESULT
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 %t | FileCheck %s --check-prefix=RESULT

#include "asyncpipe_host.h"
#include <stdint.h>
#include <stdio.h>

enum { Lanes = 8, LaneBytes = 16, TileWords = Lanes * LaneBytes / 4 };

static uint32_t tile[2][TileWords];

__attribute__((noinline)) uint32_t tiled_sum(const uint32_t *src, int tiles) {
  uint32_t sum = 0;
  if (tiles > 0) {
    for (int l = 0; l < Lanes; ++l)
      asyncpipe_copy((char *)tile[0] + l * LaneBytes,
                     (const char *)src + l * LaneBytes, LaneBytes, 0);
    asyncpipe_mark();
  }
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      for (int l = 0; l < Lanes; ++l)
        asyncpipe_copy((char *)tile[(t + 1) % 2] + l * LaneBytes,
                       (const char *)(src + (t + 1) * TileWords) +
                           l * LaneBytes,
                       LaneBytes, 0);
      asyncpipe_mark();
      asyncpipe_wait(1);
    } else {
      asyncpipe_wait(0);
    }
    for (int w = 0; w < TileWords; ++w)
      sum = sum * 31 + tile[t % 2][w];
  }
  return sum;
}

// CHECK-LABEL: define {{.*}} i32 @tiled_sum(
// CHECK:         call void @__asyncpipe_rt_mark()
// CHECK:         call void @__asyncpipe_rt_mark()
// CHECK-NEXT:    call void @__asyncpipe_rt_wait(i64 1)
// CHECK:         call void @__asyncpipe_rt_wait(i64 0)
// CHECK-NOT:     call void @__asyncpipe_rt_wait
// CHECK:       }

int main(void) {
  static uint32_t src[5 * TileWords];
  uint32_t expected = 0;
  for (int i = 0; i < 5 * TileWords; ++i) {
    src[i] = (uint32_t)i * 2654435761u;
    expected = expected * 31 + src[i];
  }
  uint32_t got = tiled_sum(src, 5);
  printf("%s\n", got == expected ? "same as the plain loop" : "DIFFERENT");
  return got != expected;
}
// RESULT: same as the plain loop
