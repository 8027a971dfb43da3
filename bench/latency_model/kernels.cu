// ===-- bench/latency_model/kernels.cu - Pipelined loops for the model ---===//
//
// Part of the AsyncPipe project.
//
// ===---------------------------------------------------------------------===//
//
// Three shapes of a pipelined tile loop, for bench/latency_model/run.py to
// compile for gfx942 (HIP) and sm_80 (CUDA) with STAGES = 2..4 and feed the
// emitted assembly to simulate.py:
//   KIND=0 single        one producer: copy A and B tiles, one mark, wait,
//                        use both
//   KIND=1 interleaved   copy A, mark, wait, use A, copy B, mark, wait, use B
//   KIND=2 multi         two producers, each its own mark: copy A, mark,
//                        copy B, mark, wait for both, use both
// There is no GPU here: the kernels are only compiled; the model reads their
// assembly. (The pipeliner's results are checked on the host by
// bench/pipeliner/differential.sh.)
//
// ===---------------------------------------------------------------------===//

#include "asyncpipe/pipeline_annotation.h"

#ifndef STAGES
#define STAGES 3
#endif
#ifndef KIND
#define KIND 0
#endif
#define TILE 16

#include "device.h"

extern "C" KERNEL void tiles(const float *__restrict__ A,
                             const float *__restrict__ B,
                             float *__restrict__ Out, int n) {
  SHARED float As[TILE];
  SHARED float Bs[TILE];
  int tx = THREAD_X;
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    asyncpipe_pipeline(STAGES);
#if KIND == 0
    asyncpipe_copy(&As[tx], &A[t * TILE + tx], 4, 0);
    asyncpipe_copy(&Bs[tx], &B[t * TILE + tx], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    BARRIER();
    for (int k = 0; k < TILE; ++k)
      acc += As[k] * Bs[(k + tx) % TILE];
    BARRIER();
#elif KIND == 1
    asyncpipe_copy(&As[tx], &A[t * TILE + tx], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    BARRIER();
    for (int k = 0; k < TILE; ++k)
      acc += As[k] * (float)k;
    BARRIER();
    asyncpipe_copy(&Bs[tx], &B[t * TILE + tx], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    BARRIER();
    for (int k = 0; k < TILE; ++k)
      acc -= Bs[k] * (float)(k + 1);
    BARRIER();
#else
    asyncpipe_copy(&As[tx], &A[t * TILE + tx], 4, 0);
    asyncpipe_mark();
    asyncpipe_copy(&Bs[tx], &B[t * TILE + tx], 4, 0);
    asyncpipe_mark();
    asyncpipe_wait(0);
    BARRIER();
    for (int k = 0; k < TILE; ++k)
      acc += As[k] * Bs[(k + tx) % TILE];
    BARRIER();
#endif
  }
  Out[tx] = acc;
}
