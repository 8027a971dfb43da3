// Runs the loops of asyncpipe-pipeline-queues.ll (TVM's two-queue schedule)
// and asyncpipe-pipeline-write-back.ll (async write-back stages), lowered to
// the host runtime, for 1 to 9 iterations: prints every result, so that a
// pipelined build's output can be compared with the unpipelined build's, and
// the number of results that differ from plain C references.
#include <stdio.h>

void two_queues(const int *a, const int *b, int *c, long n, long tid);
void write_back_queues(const int *src, int *dst, long n, long tid);
void write_back_auto(const int *src, int *dst, long n, long tid);

enum { MaxTrips = 9, Tile = 16, Tid = 5, Size = MaxTrips * Tile + Tile };

static unsigned Hash = 2166136261u;
static void hash(int V) { Hash = (Hash ^ (unsigned)V) * 16777619u; }

int main(void) {
  static int a[Size], b[Size], out[Size];
  for (int i = 0; i < Size; ++i) {
    a[i] = 3 * i * i + 1;
    b[i] = 1000 - 7 * i;
  }
  int failures = 0;
  // The loops are do-while loops: at least one iteration.
  for (long n = 1; n <= MaxTrips; ++n) {
    for (int i = 0; i < Size; ++i)
      out[i] = -1;
    two_queues(a, b, out, n, Tid);
    for (long i = 0; i < n; ++i) {
      int k = i * Tile + Tid, v = out[k];
      failures += v != a[k] * b[k] + a[k];
      hash(v);
    }
    write_back_queues(a, out, n, Tid);
    for (long i = 0; i < n; ++i) {
      int k = i * Tile + Tid, v = out[k];
      failures += v != a[k] * 3 + (int)i;
      hash(v);
    }
    write_back_auto(b, out, n, Tid);
    for (long i = 0; i < n; ++i) {
      int k = i * Tile + Tid, v = out[k];
      failures += v != b[k] * 2 - 5;
      hash(v);
    }
    printf("n=%ld hash=%08x\n", n, Hash);
  }
  printf("failures: %d\n", failures);
  return failures != 0;
}
