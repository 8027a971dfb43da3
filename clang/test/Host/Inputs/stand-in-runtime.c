// A minimal stand-in for AsyncPipe's host runtime, for these tests only
// until the real runtime (with AsyncSan) is merged: the three entry points
// asyncpipe-lower emits on the host, with the completion policies of
// DESIGN.md section 5 chosen by ASYNCPIPE_POLICY (eager, lazy, random; the
// random one seeded by ASYNCPIPE_SEED). A copy reads its source when issued
// and writes its destination when it completes: with the lazy policy only
// when a wait forces it, so a wait that is too weak leaves the program
// reading the old contents.

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum Policy { Eager, Lazy, Random };

struct PendingCopy {
  void *Dst;
  unsigned char Data[16];
  uint64_t Size;
  uint64_t Group;
};

static struct PendingCopy Pending[4096];
static uint64_t NumPending, MarksMade;
static enum Policy CurrentPolicy;
static int PolicyRead;
static uint64_t RandomState;

static enum Policy policy(void) {
  if (!PolicyRead) {
    const char *Name = getenv("ASYNCPIPE_POLICY");
    const char *Seed = getenv("ASYNCPIPE_SEED");
    CurrentPolicy = !Name || !strcmp(Name, "eager") ? Eager
                    : !strcmp(Name, "lazy")         ? Lazy
                                                    : Random;
    RandomState = Seed ? strtoull(Seed, 0, 10) * 2654435761u + 1 : 1;
    PolicyRead = 1;
  }
  return CurrentPolicy;
}

static int coin(void) {
  RandomState = RandomState * 6364136223846793005ull + 1442695040888963407ull;
  return (RandomState >> 33) & 1;
}

// Completes the copies for which Keep(copy) is false, in issue order.
static void completeUnless(int (*Keep)(const struct PendingCopy *)) {
  uint64_t Kept = 0;
  for (uint64_t I = 0; I != NumPending; ++I) {
    if (Keep(&Pending[I])) {
      Pending[Kept++] = Pending[I];
      continue;
    }
    memcpy(Pending[I].Dst, Pending[I].Data, Pending[I].Size);
  }
  NumPending = Kept;
}

static uint64_t Horizon;
static int inFlightAfterWait(const struct PendingCopy *C) {
  return C->Group >= Horizon;
}
static int randomlyInFlight(const struct PendingCopy *C) {
  (void)C;
  return coin();
}

void __asyncpipe_copy(void *Dst, const void *Src, uint64_t Size) {
  if (policy() == Eager || NumPending == 4096) {
    memcpy(Dst, Src, Size);
    return;
  }
  struct PendingCopy *C = &Pending[NumPending++];
  C->Dst = Dst;
  memcpy(C->Data, Src, Size);
  C->Size = Size;
  C->Group = MarksMade;
  if (policy() == Random)
    completeUnless(randomlyInFlight);
}

void __asyncpipe_mark(void) { ++MarksMade; }

// Copies of the N most recent groups (and uncommitted ones) may stay.
void __asyncpipe_wait(uint64_t N) {
  Horizon = MarksMade > N ? MarksMade - N : 0;
  completeUnless(inFlightAfterWait);
}
