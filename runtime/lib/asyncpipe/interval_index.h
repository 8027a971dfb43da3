//===- interval_index.h - Pending copies by address range -------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// AsyncSan asks, for every checked access, whether any pending copy's
// destination (or source) overlaps the accessed bytes. Walking the pending
// copies makes that linear in the copies in flight; this index answers it in
// O(log n) expected time, and adds or removes a range in O(log n) expected
// time too.
//
// It is a treap (a binary search tree by range start, heap-ordered by random
// priorities, so expected depth O(log n) whatever the insertion order), each
// node augmented with the largest range end in its subtree. Overlapping
// ranges are allowed: two copies may target the same bytes. Not thread-safe:
// the runtime calls it under its state lock.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_RUNTIME_INTERVAL_INDEX_H
#define ASYNCPIPE_RUNTIME_INTERVAL_INDEX_H

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace asyncpipe_rt {

/// Half-open address ranges [Lo, Hi), each with an owner pointer that tells
/// ranges with equal bounds apart and is what a query returns.
template <typename OwnerT> class IntervalIndex {
public:
  IntervalIndex() = default;
  IntervalIndex(const IntervalIndex &) = delete;
  IntervalIndex &operator=(const IntervalIndex &) = delete;

  void insert(uintptr_t Lo, uintptr_t Hi, const OwnerT *Owner) {
    Node *N;
    if (Free.empty()) {
      Storage.push_back(std::make_unique<Node>());
      N = Storage.back().get();
    } else {
      // Reused: copies are issued and completed over and over, and an
      // allocation would cost as much as the rest of the insertion.
      N = Free.back();
      Free.pop_back();
    }
    *N = Node{Lo, Hi, Hi, Owner, nextPriority(), nullptr, nullptr};
    insertAt(Root, N);
  }

  /// Removes the range inserted with this start and owner.
  void erase(uintptr_t Lo, const OwnerT *Owner) {
    eraseAt(Root, Key{Lo, Owner});
  }

  /// An owner whose range overlaps [Lo, Hi), or null.
  const OwnerT *findOverlap(uintptr_t Lo, uintptr_t Hi) const {
    const Node *N = Root;
    while (N) {
      if (N->Lo < Hi && Lo < N->Hi)
        return N->Owner;
      // Left is safe when a range there ends after Lo: if that range does
      // not overlap, it starts at or after Hi, and so does N and everything
      // to its right. Otherwise nothing on the left ends after Lo.
      if (N->Left && N->Left->MaxHi > Lo)
        N = N->Left;
      else if (N->Lo < Hi)
        N = N->Right;
      else
        return nullptr;
    }
    return nullptr;
  }

  /// A non-null result of \p Accept(Owner) for an owner whose range
  /// overlaps [Lo, Hi), or null if Accept refuses every such owner. An owner
  /// may stand for several copies, some of them no longer pending (the
  /// runtime's runs of adjacent copies): Accept tells whether a pending one
  /// overlaps. The owner findOverlap returns is asked first; only if Accept
  /// refuses it are the overlapping owners asked in order of range start,
  /// each refusal costing one more O(log n) descent, so a query stays
  /// O(log n) while at most a few ranges overlap the queried bytes.
  template <typename AcceptT>
  auto findFirst(uintptr_t Lo, uintptr_t Hi, AcceptT Accept) const
      -> decltype(Accept(static_cast<const OwnerT *>(nullptr))) {
    const OwnerT *First = findOverlap(Lo, Hi);
    if (!First)
      return nullptr;
    if (auto *Got = Accept(First))
      return Got;
    return findFirstAt(Root, Lo, Hi, Accept);
  }

  /// Extends the range inserted with this start and owner to end at \p Hi,
  /// which must not be smaller than its end: no node moves, only the
  /// largest ends on the path to it grow. O(log n) expected, and cheaper
  /// than an erase and an insert.
  void growHi(uintptr_t Lo, const OwnerT *Owner, uintptr_t Hi) {
    Key K{Lo, Owner};
    for (Node *N = Root; N;) {
      if (N->MaxHi < Hi)
        N->MaxHi = Hi;
      if (K < keyOf(*N)) {
        N = N->Left;
      } else if (keyOf(*N) < K) {
        N = N->Right;
      } else {
        N->Hi = Hi;
        return;
      }
    }
  }

  bool empty() const { return !Root; }

  /// The smallest start and the largest end of the ranges ({UINTPTR_MAX, 0}
  /// when there are none): the leftmost node and the root's largest end,
  /// O(log n) expected.
  std::pair<uintptr_t, uintptr_t> bounds() const {
    if (!Root)
      return {UINTPTR_MAX, 0};
    const Node *N = Root;
    while (N->Left)
      N = N->Left;
    return {N->Lo, Root->MaxHi};
  }

private:
  struct Node {
    uintptr_t Lo, Hi, MaxHi;
    const OwnerT *Owner;
    uint64_t Priority;
    Node *Left, *Right;
  };

  /// Nodes are ordered by (Lo, Owner): unique per range.
  struct Key {
    uintptr_t Lo;
    const OwnerT *Owner;
    bool operator<(const Key &O) const {
      return Lo != O.Lo ? Lo < O.Lo : Owner < O.Owner;
    }
  };
  static Key keyOf(const Node &N) { return Key{N.Lo, N.Owner}; }

  template <typename AcceptT>
  static auto findFirstAt(const Node *N, uintptr_t Lo, uintptr_t Hi,
                          AcceptT &Accept)
      -> decltype(Accept(static_cast<const OwnerT *>(nullptr))) {
    // In order of start, skipping the subtrees that end at or before Lo; the
    // first node starting at or after Hi ends the walk (so does every node
    // after it).
    if (!N || N->MaxHi <= Lo)
      return nullptr;
    if (auto *Got = findFirstAt(N->Left, Lo, Hi, Accept))
      return Got;
    if (N->Lo >= Hi)
      return nullptr;
    if (N->Hi > Lo)
      if (auto *Got = Accept(N->Owner))
        return Got;
    return findFirstAt(N->Right, Lo, Hi, Accept);
  }

  static void update(Node &N) {
    N.MaxHi = N.Hi;
    if (N.Left && N.Left->MaxHi > N.MaxHi)
      N.MaxHi = N.Left->MaxHi;
    if (N.Right && N.Right->MaxHi > N.MaxHi)
      N.MaxHi = N.Right->MaxHi;
  }

  /// Splits \p T into the nodes ordered before \p K and the others.
  static void split(Node *T, const Key &K, Node *&Less, Node *&Rest) {
    if (!T) {
      Less = Rest = nullptr;
    } else if (keyOf(*T) < K) {
      split(T->Right, K, T->Right, Rest);
      update(*T);
      Less = T;
    } else {
      split(T->Left, K, Less, T->Left);
      update(*T);
      Rest = T;
    }
  }

  /// Joins two treaps whose keys are all ordered \p A before \p B.
  static Node *merge(Node *A, Node *B) {
    if (!A || !B)
      return A ? A : B;
    if (A->Priority > B->Priority) {
      A->Right = merge(A->Right, B);
      update(*A);
      return A;
    }
    B->Left = merge(A, B->Left);
    update(*B);
    return B;
  }

  static void insertAt(Node *&T, Node *N) {
    if (!T) {
      T = N;
    } else if (N->Priority > T->Priority) {
      split(T, keyOf(*N), N->Left, N->Right);
      update(*N);
      T = N;
    } else {
      insertAt(keyOf(*N) < keyOf(*T) ? T->Left : T->Right, N);
      update(*T);
    }
  }

  void eraseAt(Node *&T, const Key &K) {
    if (!T)
      return;
    if (keyOf(*T) < K) {
      eraseAt(T->Right, K);
    } else if (K < keyOf(*T)) {
      eraseAt(T->Left, K);
    } else {
      Free.push_back(T);
      T = merge(T->Left, T->Right);
      return;
    }
    update(*T);
  }

  /// Priorities need only look random to the insertion order; a fixed-seed
  /// xorshift keeps runs reproducible.
  uint64_t nextPriority() {
    State ^= State << 13;
    State ^= State >> 7;
    State ^= State << 17;
    return State;
  }

  Node *Root = nullptr;
  std::vector<std::unique_ptr<Node>> Storage; // Every node ever made.
  std::vector<Node *> Free;                   // Erased, for reuse.
  uint64_t State = 0x9E3779B97F4A7C15ull;
};

} // namespace asyncpipe_rt

#endif // ASYNCPIPE_RUNTIME_INTERVAL_INDEX_H
