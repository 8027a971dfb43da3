// The interval index's operations for runs of adjacent copies
// (interval_index.h): growHi extends a range in place, and findFirst asks a
// predicate about the overlapping ranges until it accepts one (a run whose
// overlapping copies all completed is refused). Against a brute-force list:
// random inserts, erases and extensions of overlapping and equal ranges, and
// random queries with a predicate that refuses about half of the owners;
// each query must return an accepted overlapping owner exactly when one
// exists.
// RUN: %clang -O1 -std=c++17 -I%asyncpipe_src/runtime/lib/asyncpipe %s \
// RUN:   -lstdc++ -o %t
// RUN: %t | FileCheck %s
// CHECK: interval index runs: 60000 operations, {{[0-9]+}} extended, {{[0-9]+}} accepted, {{[0-9]+}} refused only, 0 wrong

#include "interval_index.h"

#include <cstdio>
#include <random>
#include <vector>

struct Range {
  uintptr_t Lo, Hi;
  bool Accepted; // What the query's predicate says about this owner.
};

int main() {
  asyncpipe_rt::IntervalIndex<Range> Index;
  std::vector<Range *> Live;
  std::mt19937_64 Rng(11);
  unsigned Extended = 0, Accepted = 0, RefusedOnly = 0, Wrong = 0;
  for (int Op = 0; Op < 60000; ++Op) {
    unsigned Kind = Rng() % 10;
    if (Kind < 3 || Live.empty()) {
      uintptr_t Lo = Rng() % 2 ? Rng() % 4096 : Rng() % (1 << 20);
      uintptr_t Len = 1 + Rng() % 64;
      auto *R = new Range{Lo, Lo + Len, Rng() % 2 == 0};
      Live.push_back(R);
      Index.insert(R->Lo, R->Hi, R);
    } else if (Kind < 5) {
      // A copy appended to a run: the range grows at its end.
      Range *R = Live[Rng() % Live.size()];
      R->Hi += 1 + Rng() % 64;
      Index.growHi(R->Lo, R, R->Hi);
      ++Extended;
    } else if (Kind < 7) {
      size_t I = Rng() % Live.size();
      Range *R = Live[I];
      Index.erase(R->Lo, R);
      Live[I] = Live.back();
      Live.pop_back();
      delete R;
    } else {
      uintptr_t Lo = Rng() % 2 ? Rng() % 4200 : Rng() % (1 << 20);
      uintptr_t Hi = Lo + 1 + Rng() % 16;
      bool Overlaps = false, AcceptedExists = false;
      for (const Range *R : Live)
        if (R->Lo < Hi && Lo < R->Hi) {
          Overlaps = true;
          AcceptedExists |= R->Accepted;
        }
      const Range *Got =
          Index.findFirst(Lo, Hi, [Lo, Hi, &Wrong](const Range *R) {
            // Only overlapping owners may be asked.
            if (!(R->Lo < Hi && Lo < R->Hi))
              ++Wrong;
            return R->Accepted ? R : nullptr;
          });
      if (Got)
        ++Accepted;
      else if (Overlaps)
        ++RefusedOnly;
      if (bool(Got) != AcceptedExists ||
          (Got && !(Got->Accepted && Got->Lo < Hi && Lo < Got->Hi)))
        ++Wrong;
      // findOverlap still sees every range, accepted or not.
      if (bool(Index.findOverlap(Lo, Hi)) != Overlaps)
        ++Wrong;
    }
    if (Index.empty() != Live.empty())
      ++Wrong;
  }
  std::printf("interval index runs: 60000 operations, %u extended, %u "
              "accepted, %u refused only, %u wrong\n",
              Extended, Accepted, RefusedOnly, Wrong);
  return Wrong != 0;
}
