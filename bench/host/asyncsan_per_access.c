/*===- bench/host/asyncsan_per_access.c - AsyncSan cost per check --------===*
 *
 * Part of the AsyncPipe project.
 *
 *===----------------------------------------------------------------------===*
 *
 * Measures what one AsyncSan check, and one copy from issue to completion,
 * cost with N copies in flight, calling the runtime's entry points directly
 * (what the instrumentation emits), so the figure is the runtime's and nothing
 * else's. Run it under ASYNCPIPE_POLICY=lazy: every copy stays pending until
 * the final wait. Times are CPU time of the process
 * (CLOCK_PROCESS_CPUTIME_ID): on a shared machine a wall clock also counts
 * the time other processes held the core.
 *
 * The N copies of Slot bytes each are laid out one of four ways:
 *   adjacent     destinations every other slot, ascending; sources adjacent
 *                and ascending (the sources form one run of the index)
 *   scattered    destinations and sources every other slot of their buffers,
 *                each in its own seeded random order (no runs, and neither
 *                issue order nor address order helps the index)
 *   overlapping  destinations as adjacent; each source starts a quarter slot
 *                after the one before, so it overlaps three on each side
 *   strided      destinations and sources one slot every four (a column of
 *                a 2-D tile), ascending
 * The checked loads read the gap after each destination, so every check
 * takes the slow path (the address lies among the pending destinations) and
 * finds no race. While the loads are timed, one more copy is pending, to a
 * slot above every other destination, so that even with a single copy the
 * loads lie within the pending destinations and look the index up. The
 * program sums what it loads and compares the sum, and after the wait every
 * copied slot, with a plain computation; it exits 1 with MISMATCH otherwise.
 *
 * MODE san times __asyncpipe_rt_san_copy (two checks, the index) and the
 * checked loads; MODE rt times __asyncpipe_rt_copy, the runtime alone (no
 * AsyncSan call is made, so the index is never started), and no loads. The
 * two are separate processes because the index, once started, stays.
 *
 *   asyncsan_per_access LAYOUT N CHECKS MODE
 *     prints "LAYOUT N MODE ns_per_check ns_per_copy" (ns_per_check 0 for rt)
 *
 *===----------------------------------------------------------------------===*/

#include "asyncpipe_rt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { Slot = 64 };

enum Layout { Adjacent, Scattered, Overlapping, Strided };
static const char *const LayoutNames[] = {"adjacent", "scattered",
                                          "overlapping", "strided"};

static double cpuNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

/* A seeded random permutation of 0..N-1 (xorshift64, Fisher-Yates). */
static long *permutation(long N, uint64_t Seed) {
  long *P = malloc(N * sizeof *P);
  if (!P)
    exit(2);
  for (long I = 0; I < N; ++I)
    P[I] = I;
  for (long I = N - 1; I > 0; --I) {
    Seed ^= Seed << 13;
    Seed ^= Seed >> 7;
    Seed ^= Seed << 17;
    long J = (long)(Seed % (uint64_t)(I + 1)), T = P[I];
    P[I] = P[J];
    P[J] = T;
  }
  return P;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr,
            "usage: %s adjacent|scattered|overlapping|strided "
            "COPIES CHECKS san|rt\n",
            argv[0]);
    return 2;
  }
  int L = -1;
  for (int I = 0; I < 4; ++I)
    if (!strcmp(argv[1], LayoutNames[I]))
      L = I;
  long N = atol(argv[2]), Checks = atol(argv[3]);
  int San = !strcmp(argv[4], "san");
  if (L < 0 || N < 1 || Checks < 1 || (!San && strcmp(argv[4], "rt")))
    return 2;

  /* Byte offsets of copy I's destination and source, and of the far copy
   * (index N). Every destination is followed by a gap of at least a slot,
   * where the checked loads read. */
  long *DstOff = malloc((N + 1) * sizeof *DstOff);
  long *SrcOff = malloc((N + 1) * sizeof *SrcOff);
  long *DstPerm = permutation(N, 0x9E3779B97F4A7C15ull);
  long *SrcPerm = permutation(N, 0xD1B54A32D192ED03ull);
  if (!DstOff || !SrcOff)
    return 2;
  for (long I = 0; I < N; ++I) {
    switch (L) {
    case Adjacent:
      DstOff[I] = 2 * I * Slot;
      SrcOff[I] = I * Slot;
      break;
    case Scattered:
      DstOff[I] = 2 * DstPerm[I] * Slot;
      SrcOff[I] = 2 * SrcPerm[I] * Slot;
      break;
    case Overlapping:
      DstOff[I] = 2 * I * Slot;
      SrcOff[I] = I * (Slot / 4);
      break;
    case Strided:
      DstOff[I] = 4 * I * Slot;
      SrcOff[I] = 4 * I * Slot;
      break;
    }
  }
  long DstSize = 4 * (N + 1) * Slot, SrcSize = 4 * (N + 1) * Slot;
  DstOff[N] = DstSize - Slot;
  SrcOff[N] = SrcSize - Slot;
  unsigned char *Dst = malloc(DstSize), *Src = malloc(SrcSize);
  if (!Dst || !Src)
    return 2;
  for (long I = 0; I < DstSize; ++I)
    Dst[I] = (unsigned char)(I * 7 + 3);
  for (long I = 0; I < SrcSize; ++I)
    Src[I] = (unsigned char)(I * 13 + 1);

  /* Issue: the N copies, then wait for all; repeated so that the clock is
   * read seldom. The time per copy covers its issue (under AsyncSan two
   * checks and the insertions) and its completion at the wait. */
  long Rounds = 200000 / N + 1;
  double T0 = cpuNs();
  if (San) {
    for (long R = 0; R < Rounds; ++R) {
      for (long I = 0; I < N; ++I)
        __asyncpipe_rt_san_copy(Dst + DstOff[I], Src + SrcOff[I], Slot, 0);
      __asyncpipe_rt_mark();
      __asyncpipe_rt_wait(0);
    }
  } else {
    for (long R = 0; R < Rounds; ++R) {
      for (long I = 0; I < N; ++I)
        __asyncpipe_rt_copy(Dst + DstOff[I], Src + SrcOff[I], Slot, 0);
      __asyncpipe_rt_mark();
      __asyncpipe_rt_wait(0);
    }
  }
  double IssueNs = (cpuNs() - T0) / ((double)Rounds * N);

  /* Check: loads of the gaps after the destinations, all copies pending. */
  double CheckNs = 0;
  uint64_t Sum = 0, Expected = 0;
  if (San) {
    for (long I = 0; I <= N; ++I)
      __asyncpipe_rt_san_copy(Dst + DstOff[I], Src + SrcOff[I], Slot, 0);
    T0 = cpuNs();
    for (long K = 0; K < Checks; ++K) {
      const uint32_t *P = (const uint32_t *)(Dst + DstOff[K % N] + Slot);
      __asyncpipe_rt_san_load(P, sizeof *P, 0);
      Sum += *P;
    }
    CheckNs = (cpuNs() - T0) / (double)Checks;
    for (long K = 0; K < Checks; ++K) {
      long Off = DstOff[K % N] + Slot;
      uint32_t V;
      unsigned char Bytes[4];
      for (int B = 0; B < 4; ++B)
        Bytes[B] = (unsigned char)((Off + B) * 7 + 3);
      memcpy(&V, Bytes, 4);
      Expected += V;
    }
    __asyncpipe_rt_mark();
    __asyncpipe_rt_wait(0);
  }

  int Bad = Sum != Expected;
  for (long I = 0; I < N + San && !Bad; ++I)
    Bad = memcmp(Dst + DstOff[I], Src + SrcOff[I], Slot) != 0;
  if (Bad || __asyncpipe_rt_san_report_count() != 0) {
    printf("MISMATCH: %s, %ld copies: sum %llu, expected %llu, %llu reports\n",
           LayoutNames[L], N, (unsigned long long)Sum,
           (unsigned long long)Expected,
           (unsigned long long)__asyncpipe_rt_san_report_count());
    return 1;
  }
  printf("%s %ld %s %.1f %.1f\n", LayoutNames[L], N, San ? "san" : "rt",
         CheckNs, IssueNs);
  free(Dst);
  free(Src);
  free(DstOff);
  free(SrcOff);
  free(DstPerm);
  free(SrcPerm);
  return 0;
}
