/*===- bench/host/asyncsan_per_access.c - AsyncSan cost per check --------===*
 *
 * Part of the AsyncPipe project.
 *
 *===----------------------------------------------------------------------===*
 *
 * Measures what one AsyncSan check, and one copy from issue to completion,
 * cost with N copies in flight, calling the runtime's entry points directly
 * (what the instrumentation emits), so the figure is the runtime's and nothing
 * else's.
 * Run it under ASYNCPIPE_POLICY=lazy: every copy stays pending until the
 * final wait.
 *
 * The N copies go to every other 64-byte slot of one buffer; the checked
 * loads read the slots in between, so every check takes the slow path (the
 * address lies inside the range of pending destinations) and finds no race.
 * While the loads are timed, one more copy is pending, to the buffer's last
 * slot: above every checked slot, so that even with a single copy the loads
 * lie within the pending destinations and look the index up. The
 * program sums what it loads and compares the sum, and after the wait every
 * copied slot, with a plain computation; it exits 1 with MISMATCH otherwise.
 *
 *   asyncsan_per_access N CHECKS   prints "N ns_per_check ns_per_copy"
 *
 *===----------------------------------------------------------------------===*/

#include "asyncpipe_rt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { Slot = 64 };

static double now_ns(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s COPIES CHECKS\n", argv[0]);
    return 2;
  }
  long N = atol(argv[1]), Checks = atol(argv[2]);
  if (N < 1 || Checks < 1)
    return 2;
  /* Slot 2N + 1 is the far copy's. */
  unsigned char *Dst = calloc(2 * N + 2, Slot), *Src = malloc((N + 1) * Slot);
  if (!Dst || !Src)
    return 2;
  for (long I = 0; I < (2 * N + 2) * Slot; ++I)
    Dst[I] = (unsigned char)(I * 7 + 3);
  for (long I = 0; I < (N + 1) * Slot; ++I)
    Src[I] = (unsigned char)(I * 13 + 1);

  /* Issue: copy I to slot 2I, then wait for all; repeated so that the
   * clock is read seldom. The time per copy covers its issue (two checks and
   * the insertion) and its completion at the wait. */
  long Rounds = 200000 / N + 1;
  double T0 = now_ns();
  for (long R = 0; R < Rounds; ++R) {
    for (long I = 0; I < N; ++I)
      __asyncpipe_rt_san_copy(Dst + 2 * I * Slot, Src + I * Slot, Slot, 0);
    __asyncpipe_rt_mark();
    __asyncpipe_rt_wait(0);
  }
  double IssueNs = (now_ns() - T0) / ((double)Rounds * N);
  for (long I = 0; I < N; ++I)
    __asyncpipe_rt_san_copy(Dst + 2 * I * Slot, Src + I * Slot, Slot, 0);
  __asyncpipe_rt_san_copy(Dst + (2 * N + 1) * Slot, Src + N * Slot, Slot, 0);

  /* Check: loads of the slots between the copies, all pending. */
  uint64_t Sum = 0, Expected = 0;
  T0 = now_ns();
  for (long K = 0; K < Checks; ++K) {
    long I = K % N;
    const uint32_t *P = (const uint32_t *)(Dst + (2 * I + 1) * Slot);
    __asyncpipe_rt_san_load(P, sizeof *P, 0);
    Sum += *P;
  }
  double CheckNs = (now_ns() - T0) / (double)Checks;
  for (long K = 0; K < Checks; ++K) {
    long Off = (2 * (K % N) + 1) * Slot;
    uint32_t V;
    unsigned char Bytes[4];
    for (int B = 0; B < 4; ++B)
      Bytes[B] = (unsigned char)((Off + B) * 7 + 3);
    memcpy(&V, Bytes, 4);
    Expected += V;
  }

  __asyncpipe_rt_mark();
  __asyncpipe_rt_wait(0);
  int Bad = Sum != Expected;
  for (long I = 0; I < N && !Bad; ++I)
    Bad = memcmp(Dst + 2 * I * Slot, Src + I * Slot, Slot) != 0;
  Bad |= memcmp(Dst + (2 * N + 1) * Slot, Src + N * Slot, Slot) != 0;
  if (Bad || __asyncpipe_rt_san_report_count() != 0) {
    printf("MISMATCH: %ld copies: sum %llu, expected %llu, %llu reports\n", N,
           (unsigned long long)Sum, (unsigned long long)Expected,
           (unsigned long long)__asyncpipe_rt_san_report_count());
    return 1;
  }
  printf("%ld %.1f %.1f\n", N, CheckNs, IssueNs);
  free(Dst);
  free(Src);
  return 0;
}
