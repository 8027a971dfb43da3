// The runtime's interval index (interval_index.h) at its edges: ranges that
// touch without overlapping are not found; overlapping owners are asked in
// order of start; erase, eraseIf and the bounds; many ranges with one start
// (copies that read one source); a tree of tens of thousands of scattered,
// overlapping or strided ranges stays shallow and drains to empty; and,
// against a brute-force list, the owner findFirst returns is the first
// accepted one in key order.
// RUN: %clang -O1 -std=c++17 -I%asyncpipe_src/runtime/lib/asyncpipe %s \
// RUN:   -lstdc++ -o %t
// RUN: %t | FileCheck %s
// CHECK: touching: ok
// CHECK-NEXT: order: ok
// CHECK-NEXT: erase: ok
// CHECK-NEXT: one start: ok
// CHECK-NEXT: scattered: ok
// CHECK-NEXT: overlapping: ok
// CHECK-NEXT: strided: ok
// CHECK-NEXT: first in key order: 40000 operations, 0 wrong

#include "interval_index.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using asyncpipe_rt::IntervalIndex;

struct Range {
  uintptr_t Lo, Hi;
  bool Accepted;
};

static int Failures = 0;

static void expect(bool Ok, const char *What, int Line) {
  if (!Ok) {
    std::printf("FAILED at line %d: %s\n", Line, What);
    ++Failures;
  }
}
#define EXPECT(C) expect((C), #C, __LINE__)

static void report(const char *Name, int Before) {
  if (Failures == Before)
    std::printf("%s: ok\n", Name);
}

// Ranges that share an end with the query, or start where it ends, do not
// overlap it: [Lo, Hi) is half-open.
static void touching() {
  int Before = Failures;
  IntervalIndex<Range> Index;
  Range A{100, 200, true}, B{200, 300, true};
  Index.insert(A.Lo, A.Hi, &A);
  EXPECT(!Index.findOverlap(200, 250));
  EXPECT(!Index.findOverlap(50, 100));
  EXPECT(Index.findOverlap(199, 200) == &A);
  EXPECT(Index.findOverlap(99, 101) == &A);
  Index.insert(B.Lo, B.Hi, &B);
  // One byte either side of the shared boundary.
  EXPECT(Index.findOverlap(199, 200) == &A);
  EXPECT(Index.findOverlap(200, 201) == &B);
  EXPECT(!Index.findOverlap(300, 400));
  EXPECT(!Index.findOverlap(0, 100));
  EXPECT(Index.findOverlap(150, 250) == &A);
  // An empty query overlaps nothing.
  EXPECT(!Index.findOverlap(150, 150));
  report("touching", Before);
}

// Every overlapping owner is asked, in order of start, and no other.
static void order() {
  int Before = Failures;
  IntervalIndex<Range> Index;
  std::vector<Range> Ranges;
  for (uintptr_t I = 0; I < 64; ++I)
    Ranges.push_back({1000 + 16 * I, 1000 + 16 * I + 40, false});
  // Inserted in a scattered order.
  std::vector<size_t> Order(Ranges.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::shuffle(Order.begin(), Order.end(), std::mt19937_64(3));
  for (size_t I : Order)
    Index.insert(Ranges[I].Lo, Ranges[I].Hi, &Ranges[I]);
  std::vector<const Range *> Asked;
  const Range *Got =
      Index.findFirst(1100, 1101, [&Asked](const Range *R) -> const Range * {
        Asked.push_back(R);
        return nullptr;
      });
  EXPECT(!Got);
  // [1100, 1101) overlaps the ranges that start after 1060 and before 1101:
  // at 1064, 1080 and 1096.
  EXPECT(Asked.size() == 3);
  EXPECT(Asked.size() == 3 && Asked[0]->Lo == 1064 && Asked[1]->Lo == 1080 &&
         Asked[2]->Lo == 1096);
  Ranges[6].Accepted = Ranges[7].Accepted = true; // Starts 1096 and 1112.
  Got = Index.findFirst(
      1100, 1120, [](const Range *R) { return R->Accepted ? R : nullptr; });
  EXPECT(Got == &Ranges[6]);
  report("order", Before);
}

static void eraseAndBounds() {
  int Before = Failures;
  IntervalIndex<Range> Index;
  EXPECT(Index.empty());
  EXPECT(Index.bounds() ==
         std::make_pair(uintptr_t(UINTPTR_MAX), uintptr_t(0)));
  Range A{10, 20, true}, B{30, 90, true}, C{40, 50, true};
  Index.insert(A.Lo, A.Hi, &A);
  Index.insert(B.Lo, B.Hi, &B);
  Index.insert(C.Lo, C.Hi, &C);
  EXPECT(Index.bounds() == std::make_pair(uintptr_t(10), uintptr_t(90)));
  Index.erase(B.Lo, &B);
  EXPECT(Index.bounds() == std::make_pair(uintptr_t(10), uintptr_t(50)));
  EXPECT(!Index.findOverlap(60, 80));
  // Erasing what is not there (another owner at the same start) is a no-op.
  Index.erase(C.Lo, &A);
  EXPECT(Index.size() == 2 && Index.findOverlap(45, 46) == &C);
  Index.erase(A.Lo, &A);
  EXPECT(Index.bounds() == std::make_pair(uintptr_t(40), uintptr_t(50)));
  Index.erase(C.Lo, &C);
  EXPECT(Index.empty() && Index.size() == 0);
  EXPECT(!Index.findOverlap(0, UINTPTR_MAX));
  EXPECT(Index.bounds() ==
         std::make_pair(uintptr_t(UINTPTR_MAX), uintptr_t(0)));
  // eraseIf keeps the others, in order.
  std::vector<Range> Many;
  for (uintptr_t I = 0; I < 1000; ++I)
    Many.push_back({I * 100, I * 100 + 50, I % 3 == 0});
  for (Range &R : Many)
    Index.insert(R.Lo, R.Hi, &R);
  Index.eraseIf([](const Range *R) { return !R->Accepted; });
  EXPECT(Index.size() == 334);
  bool Right = true;
  for (const Range &R : Many)
    Right &= (Index.findOverlap(R.Lo + 10, R.Lo + 11) == &R) == R.Accepted;
  EXPECT(Right);
  EXPECT(Index.bounds() == std::make_pair(uintptr_t(0), uintptr_t(99950)));
  Index.eraseIf([](const Range *) { return true; });
  EXPECT(Index.empty() && !Index.findOverlap(0, UINTPTR_MAX));
  report("erase", Before);
}

// A thousand copies that read one source: equal starts, told apart by
// owner, each erased in a random order.
static void oneStart() {
  int Before = Failures;
  IntervalIndex<Range> Index;
  std::vector<Range> Ranges(1000, Range{4096, 4160, false});
  for (size_t I = 0; I < Ranges.size(); ++I)
    Ranges[I].Hi += I % 7;
  for (Range &R : Ranges)
    Index.insert(R.Lo, R.Hi, &R);
  std::vector<Range *> Live;
  for (Range &R : Ranges)
    Live.push_back(&R);
  std::shuffle(Live.begin(), Live.end(), std::mt19937_64(5));
  while (!Live.empty()) {
    Range *R = Live.back();
    Live.pop_back();
    Index.erase(R->Lo, R);
    uintptr_t MaxHi = 0;
    for (Range *L : Live)
      MaxHi = std::max(MaxHi, L->Hi);
    if (Index.size() != Live.size() ||
        Index.bounds().second != (Live.empty() ? 0 : MaxHi) ||
        bool(Index.findOverlap(4160, 4161)) != (MaxHi > 4160)) {
      EXPECT(false);
      break;
    }
  }
  EXPECT(Index.empty());
  report("one start", Before);
}

// Tens of thousands of ranges in one layout, inserted in a scattered order:
// each is found by a query of its first byte, the gaps are not, the tree is
// no deeper than a packed tree by two levels, and it drains to empty (with
// every other range first, then the rest).
static void layout(const char *Name, uintptr_t (*LoOf)(uintptr_t),
                   uintptr_t Size, bool GapsFree) {
  int Before = Failures;
  constexpr uintptr_t N = 30000;
  IntervalIndex<Range> Index;
  std::vector<Range> Ranges;
  for (uintptr_t I = 0; I < N; ++I)
    Ranges.push_back({LoOf(I), LoOf(I) + Size, true});
  std::vector<size_t> Order(N);
  for (size_t I = 0; I < N; ++I)
    Order[I] = I;
  std::shuffle(Order.begin(), Order.end(), std::mt19937_64(9));
  for (size_t I : Order)
    Index.insert(Ranges[I].Lo, Ranges[I].Hi, &Ranges[I]);
  // log_12 of 30000 is 4.1: a packed tree has 5 levels.
  EXPECT(Index.height() <= 7);
  bool Found = true, GapsMissed = true;
  for (const Range &R : Ranges) {
    const Range *Got = Index.findOverlap(R.Lo, R.Lo + 1);
    Found &= Got && Got->Lo <= R.Lo && R.Lo < Got->Hi;
    if (GapsFree)
      GapsMissed &= !Index.findOverlap(R.Hi, R.Hi + 1);
  }
  EXPECT(Found);
  EXPECT(GapsMissed);
  for (size_t K = 0; K < N; K += 2)
    Index.erase(Ranges[Order[K]].Lo, &Ranges[Order[K]]);
  EXPECT(Index.size() == N / 2);
  // Half the ranges left: at most one node for every two of them.
  EXPECT(Index.nodeCount() <= N / 4 + 8);
  for (size_t K = 1; K < N; K += 2)
    Index.erase(Ranges[Order[K]].Lo, &Ranges[Order[K]]);
  EXPECT(Index.empty() && !Index.findOverlap(0, UINTPTR_MAX));
  EXPECT(Index.nodeCount() <= 1);
  report(Name, Before);
}

// Against a brute-force list: random inserts, erases, eraseIf and queries;
// findFirst must return the accepted overlapping owner with the smallest
// (start, owner), and ask only overlapping owners.
static void firstInKeyOrder() {
  IntervalIndex<Range> Index;
  std::vector<Range *> Live;
  std::mt19937_64 Rng(13);
  unsigned Wrong = 0;
  for (int Op = 0; Op < 40000; ++Op) {
    unsigned Kind = Rng() % 20;
    if (Kind < 8 || Live.empty()) {
      uintptr_t Lo = Rng() % 2 ? Rng() % 4096 : Rng() % (1 << 20);
      auto *R = new Range{Lo, Lo + 1 + Rng() % 64, Rng() % 2 == 0};
      Live.push_back(R);
      Index.insert(R->Lo, R->Hi, R);
    } else if (Kind < 14) {
      size_t I = Rng() % Live.size();
      Index.erase(Live[I]->Lo, Live[I]);
      delete Live[I];
      Live[I] = Live.back();
      Live.pop_back();
    } else if (Kind == 14) {
      // Ranges that start in a random window leave together.
      uintptr_t From = Rng() % (1 << 20), To = From + Rng() % (1 << 18);
      auto Doomed = [From, To](const Range *R) {
        return From <= R->Lo && R->Lo < To;
      };
      Index.eraseIf(Doomed);
      std::vector<Range *> Kept;
      for (Range *R : Live)
        if (Doomed(R))
          delete R;
        else
          Kept.push_back(R);
      Live.swap(Kept);
    } else {
      uintptr_t Lo = Rng() % 2 ? Rng() % 4200 : Rng() % (1 << 20);
      uintptr_t Hi = Lo + 1 + Rng() % 32;
      const Range *Best = nullptr;
      for (const Range *R : Live)
        if (R->Accepted && R->Lo < Hi && Lo < R->Hi &&
            (!Best || R->Lo < Best->Lo ||
             (R->Lo == Best->Lo && reinterpret_cast<uintptr_t>(R) <
                                       reinterpret_cast<uintptr_t>(Best))))
          Best = R;
      const Range *Got =
          Index.findFirst(Lo, Hi, [Lo, Hi, &Wrong](const Range *R) {
            if (!(R->Lo < Hi && Lo < R->Hi))
              ++Wrong;
            return R->Accepted ? R : nullptr;
          });
      Wrong += Got != Best;
    }
    Wrong += Index.size() != Live.size();
  }
  for (Range *R : Live)
    delete R;
  std::printf("first in key order: 40000 operations, %u wrong\n", Wrong);
  Failures += Wrong != 0;
}

int main() {
  touching();
  order();
  eraseAndBounds();
  oneStart();
  // Scattered: a seeded permutation of slots; overlapping: each range
  // overlaps three on either side; strided: one slot in four.
  layout(
      "scattered",
      [](uintptr_t I) { return 0x10000 + ((I * 7919) % 30000) * 128; }, 64,
      true);
  layout(
      "overlapping", [](uintptr_t I) { return 0x10000 + I * 16; }, 64, false);
  layout("strided", [](uintptr_t I) { return 0x10000 + I * 256; }, 64, true);
  firstInKeyOrder();
  return Failures != 0;
}
