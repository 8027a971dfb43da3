// Runs the loops of copy_loop_schedules.ll, after pipelining and lowering to
// the host runtime, against a plain C reference; prints the number of wrong
// results.
#include <stdio.h>

void three_copy_loops(const int *a, int *out, long n, long m);

enum { MaxTrips = 9 };

int main(void) {
  static int a[MaxTrips * 8], out[MaxTrips];
  for (int i = 0; i < MaxTrips * 8; ++i)
    a[i] = 3 * i * i + 1;
  int failures = 0;
  // A do-while loop: at least one iteration.
  for (long n = 1; n <= MaxTrips; ++n) {
    three_copy_loops(a, out, n, 8);
    for (long t = 0; t < n; ++t)
      failures += out[t] != a[t * 8 + (t & 7)];
  }
  printf("failures: %d\n", failures);
  return 0;
}
