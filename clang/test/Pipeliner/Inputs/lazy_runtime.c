// A minimal host runtime for the pipeliner's execution tests, standing in
// for the AsyncPipe host runtime until it lands: the "lazy" completion
// policy, under which an async copy reads its source and writes its
// destination only when a wait forces its group to complete (the latest
// legal moment). A wait that allows one group too many in flight leaves a
// consumer reading stale data, and the test's result differs from the
// unpipelined reference.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxOps = 1 << 16 };

struct PendingOp {
  void *Dst;
  const void *Src;
  unsigned long Bytes; // 0 for a mark.
};

static struct PendingOp Ops[MaxOps];
static unsigned Head, Tail;
static unsigned long OutstandingMarks;

void __asyncpipe_copy(void *Dst, const void *Src, unsigned long Bytes) {
  if (Tail == MaxOps) {
    fprintf(stderr, "lazy runtime: too many pending ops\n");
    exit(2);
  }
  Ops[Tail++] = (struct PendingOp){Dst, Src, Bytes};
}

void __asyncpipe_mark(void) {
  Ops[Tail++] = (struct PendingOp){0, 0, 0};
  ++OutstandingMarks;
}

void __asyncpipe_wait(unsigned long N) {
  while (OutstandingMarks > N) {
    for (;;) {
      struct PendingOp Op = Ops[Head++];
      if (!Op.Bytes)
        break;
      memcpy(Op.Dst, Op.Src, Op.Bytes);
    }
    --OutstandingMarks;
  }
}

// One work-item per work-group: the barrier has nothing to wait for.
void __asyncpipe_barrier(void) {}

// Drops what a finished kernel left in flight, as a new activation would.
void lazy_runtime_reset(void) {
  Head = Tail = 0;
  OutstandingMarks = 0;
}
