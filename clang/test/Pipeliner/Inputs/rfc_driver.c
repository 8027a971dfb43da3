// Runs the RFC example loops of asyncpipe-pipeline-rfc.ll, after pipelining
// and lowering to the host runtime, against plain C references.
#include <stdio.h>

void two_stages(const int *a, int *c, long n, long tid);
void three_stages(const int *a, int *d, long n, long tid);
void interleaved(const int *a, const int *b, int *c, long n, long tid);
void consumer_in_producer_stage(const int *a, int *d, long n, long tid);
void gemm(const float *a, const float *b, float *c, long n, long tid);
void lazy_runtime_reset(void);

enum { MaxTrips = 9, Tid = 3 };

int main(void) {
  int a[MaxTrips + 16], b[MaxTrips + 16], out[MaxTrips];
  float fa[MaxTrips * 64], fb[MaxTrips * 64];
  for (int i = 0; i < MaxTrips + 16; ++i) {
    a[i] = 3 * i * i + 1;
    b[i] = 1000 - 7 * i;
  }
  for (int i = 0; i < MaxTrips * 64; ++i) {
    fa[i] = (float)(i % 13);
    fb[i] = (float)(i % 5) - 2.0f;
  }
  int failures = 0;
  // The loops are do-while loops: at least one iteration.
  for (long n = 1; n <= MaxTrips; ++n) {
    lazy_runtime_reset();
    two_stages(a, out, n, Tid);
    for (long i = 0; i < n; ++i)
      failures += out[i] != a[i + Tid];
    lazy_runtime_reset();
    three_stages(a, out, n, Tid);
    for (long i = 0; i < n; ++i)
      failures += out[i] != a[i + Tid];
    lazy_runtime_reset();
    interleaved(a, b, out, n, Tid);
    for (long i = 0; i < n; ++i)
      failures += out[i] != a[i + Tid] + b[i + Tid];
    lazy_runtime_reset();
    consumer_in_producer_stage(a, out, n, Tid);
    for (long i = 0; i < n; ++i)
      failures += out[i] != a[i + Tid];
    lazy_runtime_reset();
    float got;
    gemm(fa, fb, &got, n, Tid);
    float want = 0.0f;
    for (long k = 0; k < n; ++k)
      want += fa[k * 64 + Tid] * fb[k * 64 + Tid];
    failures += got != want;
  }
  printf("failures: %d\n", failures);
  return failures != 0;
}
