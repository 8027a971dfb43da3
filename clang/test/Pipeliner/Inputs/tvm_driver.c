// Runs the TVM schedule loops of asyncpipe-pipeline-tvm.ll, after pipelining
// and lowering to the host runtime, against plain C references; prints the
// number of wrong results.
#include <stdio.h>

void simple_three(const int *a, int *c, long n, long tid);
void gemm_simple(const float *a, const float *b, float *c, long n, long tid);
void gemm_nested(const float *a, const float *b, float *c, long n, long tid);
void gemm_bad_annotation(const float *a, const float *b, float *c, long n,
                         long tid);
void gemm_nested_registers(const float *a, const float *b, float *c, long n,
                           long tid);
void gemm_nested_registers_m(const float *a, const float *b, float *c, long n,
                             long m);

enum { MaxTrips = 9, Tid = 3 };

int main(void) {
  static int a[MaxTrips + 16], out[MaxTrips];
  static float fa[MaxTrips * 64], fb[MaxTrips * 64];
  for (int i = 0; i < MaxTrips + 16; ++i)
    a[i] = 3 * i * i + 1;
  for (int i = 0; i < MaxTrips * 64; ++i) {
    fa[i] = (float)(i % 13);
    fb[i] = (float)(i % 5) - 2.0f;
  }
  int failures = 0;
  // The loops are do-while loops: at least one iteration.
  for (long n = 1; n <= MaxTrips; ++n) {
    simple_three(a, out, n, Tid);
    for (long i = 0; i < n; ++i)
      failures += out[i] != 2 * a[i + Tid];
    float got, want = 0.0f;
    gemm_simple(fa, fb, &got, n, Tid);
    for (long k = 0; k < n; ++k)
      want += fa[k * 64 + Tid] * fb[k * 64 + Tid];
    failures += got != want;
    float nested, bad, tiles = 0.0f;
    gemm_nested(fa, fb, &nested, n, Tid);
    gemm_bad_annotation(fa, fb, &bad, n, Tid);
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < 4; ++j)
        tiles += fa[k * 64 + j] * fb[k * 64 + j];
    failures += nested != tiles;
    failures += bad != tiles;
    float registers;
    gemm_nested_registers(fa, fb, &registers, n, Tid);
    failures += registers != tiles;
    // m slices of each tile (at least slice 0): the register stage of the
    // inner loop runs 0 (guarded), 0, 1, 2 and 3 times.
    for (long m = 0; m <= 4; ++m) {
      float got_m, want_m = 0.0f;
      gemm_nested_registers_m(fa, fb, &got_m, n, m);
      for (long k = 0; k < n; ++k)
        for (long j = 0; j < (m > 1 ? m : 1); ++j)
          want_m += fa[k * 64 + j] * fb[k * 64 + j];
      failures += got_m != want_m;
    }
  }
  printf("failures: %d\n", failures);
  return failures != 0;
}
