// The runtime's interval index of pending copies (interval_index.h), against
// a brute-force list: random inserts and erases of overlapping and equal
// ranges, and random queries, each of which must find an overlapping range
// exactly when one exists, and only ranges that do overlap.
// RUN: %clang -O1 -std=c++17 -I%asyncpipe_src/runtime/lib/asyncpipe %s \
// RUN:   -lstdc++ -o %t
// RUN: %t | FileCheck %s
// CHECK: interval index: 50000 operations, {{[0-9]+}} overlaps found, 0 wrong

#include "interval_index.h"

#include <cstdio>
#include <random>
#include <vector>

struct Range {
  uintptr_t Lo, Hi;
};

int main() {
  asyncpipe_rt::IntervalIndex<Range> Index;
  std::vector<Range *> Live;
  std::mt19937_64 Rng(7);
  unsigned Found = 0, Wrong = 0;
  for (int Op = 0; Op < 50000; ++Op) {
    // 40% inserts, 30% erases: the index grows to thousands of ranges.
    unsigned Kind = Rng() % 10;
    if (Kind < 4 || Live.empty()) {
      // Half in a narrow window (many overlaps and equal starts), half
      // spread out (queries that miss).
      uintptr_t Lo = Rng() % 2 ? Rng() % 4096 : Rng() % (1 << 20);
      uintptr_t Len = 1 + Rng() % 64;
      auto *R = new Range{Lo, Lo + Len};
      Live.push_back(R);
      Index.insert(R->Lo, R->Hi, R);
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
      bool Exists = false;
      for (const Range *R : Live)
        Exists |= R->Lo < Hi && Lo < R->Hi;
      const Range *Got = Index.findOverlap(Lo, Hi);
      if (Got)
        ++Found;
      if (bool(Got) != Exists || (Got && !(Got->Lo < Hi && Lo < Got->Hi)))
        ++Wrong;
    }
    if (Index.empty() != Live.empty())
      ++Wrong;
  }
  std::printf("interval index: 50000 operations, %u overlaps found, %u wrong\n",
              Found, Wrong);
  return Wrong != 0;
}
