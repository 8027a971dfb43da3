// ===-- bench/pipeliner/hand_pipelined.cu - Loops pipelined by hand -------===//
//
// Part of the AsyncPipe project.
//
// ===---------------------------------------------------------------------===//
//
// The single (KIND=0) and multi-producer (KIND=2) loops of
// bench/latency_model/kernels.cu, pipelined by hand into STAGES stages the
// way a kernel author writes them: a prologue of STAGES - 1 groups, then one
// loop that issues the group of iteration t + STAGES - 1 into its buffer
// version, waits for the oldest group and consumes it. Past the last
// iteration the copies read the last tile again (the source clamped), so
// that every iteration issues the same copies and one count per wait is
// exact on a target whose waits count memory operations; the exit waits for
// everything. bench/pipeliner/code_size.py compares the code size of these
// loops with what asyncpipe-pipeline makes of kernels.cu.
//
// ===---------------------------------------------------------------------===//

#ifndef STAGES
#define STAGES 3
#endif
#ifndef KIND
#define KIND 0
#endif
#define TILE 16

#include "../latency_model/device.h"

#if KIND == 0
#define GROUPS 1
#else
#define GROUPS 2
#endif

static DEVICE void issue(float (*As)[TILE], float (*Bs)[TILE],
                         const float *A, const float *B, int t, int n,
                         int tx) {
  int from = t < n ? t : n - 1;
  int slot = t % STAGES;
  asyncpipe_copy(&As[slot][tx], &A[from * TILE + tx], 4, 0);
#if KIND == 2
  asyncpipe_mark();
#endif
  asyncpipe_copy(&Bs[slot][tx], &B[from * TILE + tx], 4, 0);
  asyncpipe_mark();
}

extern "C" KERNEL void tiles(const float *__restrict__ A,
                             const float *__restrict__ B,
                             float *__restrict__ Out, int n) {
  SHARED float As[STAGES][TILE];
  SHARED float Bs[STAGES][TILE];
  int tx = THREAD_X;
  float acc = 0.0f;
  if (n > 0) {
    for (int s = 0; s < STAGES - 1; ++s)
      issue(As, Bs, A, B, s, n, tx);
    for (int t = 0; t < n; ++t) {
      issue(As, Bs, A, B, t + STAGES - 1, n, tx);
      asyncpipe_wait(GROUPS * (STAGES - 1));
      BARRIER();
      int slot = t % STAGES;
      for (int k = 0; k < TILE; ++k)
        acc += As[slot][k] * Bs[slot][(k + tx) % TILE];
      BARRIER();
    }
    asyncpipe_wait(0);
  }
  Out[tx] = acc;
}
