#include <asyncpipe/asyncpipe_host.h>
#include <stdio.h>

static int source[2] = {7, 9};
static int shared[2];

int main(void) {
  asyncpipe_copy(&shared[0], &source[0], sizeof(int), 0);
  asyncpipe_mark();
  asyncpipe_copy(&shared[1], &source[1], sizeof(int), 0);
  asyncpipe_mark();
  asyncpipe_wait(0);
  printf("host: %d %d\n", shared[0], shared[1]);
  return 0;
}
