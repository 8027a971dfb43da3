// Host driver of examples/tvm-two-queues/two_queues.cl: runs the pipelined
// kernel over one work-group of 64 work-items (one thread each, through the
// work-group runner) and compares every element with the unpipelined
// computation d[i] = (a[i] + 1) + e[i].
#include "asyncpipe_workgroup.h"
#include <stdio.h>

enum { Tile = 64, Steps = 16, N = Steps * Tile };

void two_queues(const int *a, const int *e, int *d, int n);

static int a[N], e[N], d[N];

static void run_work_item(void *ctx) {
  (void)ctx;
  two_queues(a, e, d, Steps);
}

int main(void) {
  for (int i = 0; i < N; ++i) {
    a[i] = i * 3 + 1;
    e[i] = 1000 - i;
  }
  struct ap_ndrange range = {1, {Tile}, {Tile}, {0}};
  ap_run_ndrange(&range, run_work_item, 0);
  int mismatches = 0;
  for (int i = 0; i < N; ++i)
    mismatches += d[i] != (a[i] + 1) + e[i];
  printf("%d of %d elements wrong\n", mismatches, N);
  return mismatches != 0;
}
