// The three-stage, two-queue software pipeline of TVM's async pipeline RFC
// ("Three stages of compute, where the first two stages are async"), written
// by hand with AsyncPipe's queue calls (llvm/docs/AsyncPipeModel.rst,
// "Queues"). Per work-item, for i in 0..n-1:
//
//   stage 0 (queue 0): b[i % 2] <- a[i]                  (async copy)
//   stage 1 (queue 1): s[i % 2] = b[i % 2] + 1; c[i % 2] <- e[i] (async copy)
//   stage 2          : d[i] = s[i % 2] + c[i % 2]
//
// Stage 1 waits on queue 0 (its input b) and commits to queue 1; stage 2
// waits on queue 1 (its input c). The RFC's stage 1 is asynchronous compute;
// an AsyncPipe copy moves global memory into shared memory, so stage 1 here
// computes synchronously and starts an async copy. Prologue, body and
// epilogue are the RFC's, with its counts. Each work-item reads back only
// the elements it copied, so no barrier is needed. n must be at least 2.

#include <asyncpipe/asyncpipe.h>

#define TILE 64

#if defined(__NVPTX__)
#define get_local_id(dim) ((size_t)__nvvm_read_ptx_sreg_tid_x())
#elif defined(__AMDGCN__)
#define get_local_id(dim) ((size_t)__builtin_amdgcn_workitem_id_x())
#endif

kernel void two_queues(global const int *a, global const int *e,
                       global int *d, int n) {
  local int b[2][TILE];
  local int c[2][TILE];
  int s[2];
  size_t lid = get_local_id(0);

  // Prologue.
  asyncpipe_copy(&b[0][lid], a + lid, sizeof(int));
  asyncpipe_commit_queue(0);
  asyncpipe_copy(&b[1][lid], a + TILE + lid, sizeof(int));
  asyncpipe_commit_queue(0);
  asyncpipe_wait_queue(0, 1); // b[0] has landed; b[1] may fly
  s[0] = b[0][lid] + 1;
  asyncpipe_copy(&c[0][lid], e + lid, sizeof(int));
  asyncpipe_commit_queue(1);

  // Body: iteration i runs stage 0 of i + 2, stage 1 of i + 1, stage 2 of i.
  for (int i = 0; i < n - 2; ++i) {
    asyncpipe_copy(&b[i % 2][lid], a + (i + 2) * TILE + lid, sizeof(int));
    asyncpipe_commit_queue(0);
    asyncpipe_wait_queue(0, 1);
    s[(i + 1) % 2] = b[(i + 1) % 2][lid] + 1;
    asyncpipe_copy(&c[(i + 1) % 2][lid], e + (i + 1) * TILE + lid,
                   sizeof(int));
    asyncpipe_commit_queue(1);
    asyncpipe_wait_queue(1, 1);
    d[i * TILE + lid] = s[i % 2] + c[i % 2][lid];
  }

  // Epilogue: stage 1 and 2 of n - 1, stage 2 of n - 2 before it.
  asyncpipe_wait_queue(0, 0);
  s[(n - 1) % 2] = b[(n - 1) % 2][lid] + 1;
  asyncpipe_copy(&c[(n - 1) % 2][lid], e + (n - 1) * TILE + lid, sizeof(int));
  asyncpipe_commit_queue(1);
  asyncpipe_wait_queue(1, 1);
  d[(n - 2) * TILE + lid] = s[(n - 2) % 2] + c[(n - 2) % 2][lid];
  asyncpipe_wait_queue(1, 0);
  d[(n - 1) * TILE + lid] = s[(n - 1) % 2] + c[(n - 1) % 2][lid];
}
