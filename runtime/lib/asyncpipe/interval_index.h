//===- interval_index.h - Pending copies by address range -------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// AsyncSan asks, for every checked access, whether any pending copy's
// destination (or source) overlaps the accessed bytes, and adds and removes
// a range at every copy's issue and completion. This index answers the
// question in O(log n) and adds or removes a range in O(log n) amortized,
// whatever the layout of the ranges: scattered, overlapping or strided.
//
// It is a B+-tree keyed by (range start, owner): leaves hold up to Fanout - 1
// ranges in key order; an inner node holds, for each child, the smallest
// key and the largest end in the child's subtree. An earlier version was a
// treap (a binary tree by start, augmented the same way): about 2 ln n deep,
// a pointer to chase and, for keys in no particular order, a mispredicted
// branch about every other level, so that with 1024 scattered copies in
// flight its insertions and erasures cost about 600 ns a copy
// (bench/asyncsan-per-access.sh). Here a node is a few cache lines scanned in
// order, one mispredicted branch where the scan stops, and the tree is
// log_12 n deep: three levels for a thousand ranges.
//
// Nodes never merge: an erasure only removes a node that became empty. The
// tree is rebuilt, packed, in O(n) when it holds more than one node for
// every two ranges (which takes Omega(n) erasures after a packed rebuild, so
// it costs O(1) amortized) or grows deeper than a packed tree would be by
// two levels (which takes several root splits, each filling a root with
// twice the children a packed one has): the depth stays O(log n). eraseIf
// removes many ranges by one such rebuild, for a wait that completes many
// copies.
//
// Overlapping ranges are allowed: two copies may target the same bytes.
// Not thread-safe: the runtime calls it under its state lock.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_RUNTIME_INTERVAL_INDEX_H
#define ASYNCPIPE_RUNTIME_INTERVAL_INDEX_H

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace asyncpipe_rt {

/// Half-open address ranges [Lo, Hi), each with an owner pointer that tells
/// ranges with equal bounds apart and is what a query returns. A range must
/// not be empty.
template <typename OwnerT> class IntervalIndex {
public:
  IntervalIndex() = default;
  IntervalIndex(const IntervalIndex &) = delete;
  IntervalIndex &operator=(const IntervalIndex &) = delete;
  ~IntervalIndex() {
    freeSubtree(Root);
    for (Node *N : FreeNodes)
      delete N;
  }

  void insert(uintptr_t Lo, uintptr_t Hi, const OwnerT *Owner) {
    assert(Lo < Hi && "an empty range overlaps nothing");
    ++NumRanges;
    if (!Root) {
      Root = newNode(/*Leaf=*/true);
      Height = 1;
    }
    Path P;
    Node *N = descend(Lo, Owner, P, [Lo, Hi, Owner](Node &Inner, unsigned I) {
      // The new range joins child I's subtree.
      if (Hi > Inner.Hi[I])
        Inner.Hi[I] = Hi;
      if (keyLess(Lo, Owner, Inner.Lo[I], Inner.Owner[I])) {
        Inner.Lo[I] = Lo;
        Inner.Owner[I] = Owner;
      }
    });
    insertInLeaf(*N, Lo, Owner, Hi);
    // A node is split as it fills, so every node keeps a free slot.
    while (N->Count == Fanout) {
      Node *Right = splitOff(*N);
      if (P.Depth == 0) {
        Node *NewRoot = newNode(/*Leaf=*/false);
        insertSlot(*NewRoot, 0, N->Lo[0], N->Owner[0], maxHi(*N), N);
        insertSlot(*NewRoot, 1, Right->Lo[0], Right->Owner[0], maxHi(*Right),
                   Right);
        Root = NewRoot;
        ++Height;
        if (Height > packedHeight(NumRanges) + 2)
          rebuild();
        return;
      }
      --P.Depth;
      Node *Parent = P.Nodes[P.Depth];
      unsigned I = P.Slots[P.Depth];
      Parent->Hi[I] = maxHi(*N);
      insertSlot(*Parent, I + 1, Right->Lo[0], Right->Owner[0], maxHi(*Right),
                 Right);
      N = Parent;
    }
  }

  /// Removes the range inserted with this start and owner.
  void erase(uintptr_t Lo, const OwnerT *Owner) {
    if (!Root)
      return;
    Path P;
    Node *N = descend(Lo, Owner, P, [](Node &, unsigned) {});
    unsigned I = countLess(*N, Lo, Owner);
    if (I == N->Count || N->Lo[I] != Lo || N->Owner[I] != Owner)
      return;
    removeSlot(*N, I);
    --NumRanges;
    // Up the path: drop the nodes that became empty, and refresh each
    // parent's smallest key and largest end of the child below it.
    while (P.Depth != 0) {
      --P.Depth;
      Node *Parent = P.Nodes[P.Depth];
      unsigned J = P.Slots[P.Depth];
      if (N->Count == 0) {
        releaseNode(N);
        removeSlot(*Parent, J);
      } else {
        Parent->Lo[J] = N->Lo[0];
        Parent->Owner[J] = N->Owner[0];
        Parent->Hi[J] = maxHi(*N);
      }
      N = Parent;
    }
    // A root with a single child is a level too many.
    while (!Root->Leaf && Root->Count == 1) {
      Node *Only = Root->Child[0];
      releaseNode(Root);
      Root = Only;
      --Height;
    }
    // An empty root leaf stays: with one copy in flight at a time, the
    // index would otherwise make and clear a node at every copy.
    if (Root->Count != 0 && NumNodes > 8 && 2 * NumNodes > NumRanges)
      rebuild();
  }

  /// An owner whose range overlaps [Lo, Hi), or null: the first in key
  /// order.
  const OwnerT *findOverlap(uintptr_t Lo, uintptr_t Hi) const {
    return findFirst(Lo, Hi, [](const OwnerT *O) { return O; });
  }

  /// A non-null result of \p Accept(Owner) for an owner whose range
  /// overlaps [Lo, Hi), or null if Accept refuses every such owner. An owner
  /// may stand for several copies, some of them no longer pending (the
  /// runtime's runs of adjacent copies): Accept tells whether a pending one
  /// overlaps. The overlapping owners are asked in key order (start, then
  /// owner), and only they are. A query visits the nodes on the paths to the
  /// owners it asks and on one more path (the subtree whose starts straddle
  /// Lo), so it costs O((1 + k) log n) with k the owners asked: O(log n)
  /// while at most a few ranges overlap the queried bytes.
  template <typename AcceptT>
  auto findFirst(uintptr_t Lo, uintptr_t Hi, AcceptT Accept) const
      -> decltype(Accept(static_cast<const OwnerT *>(nullptr))) {
    if (!Root || Lo >= Hi)
      return nullptr;
    return findFirstIn(*Root, Lo, Hi, Accept);
  }

  /// Extends the range inserted with this start and owner to end at \p Hi,
  /// which must not be smaller than its end: no range moves, only the
  /// largest ends on the path to it grow. O(log n).
  void growHi(uintptr_t Lo, const OwnerT *Owner, uintptr_t Hi) {
    if (!Root)
      return;
    Path P;
    Node *N = descend(Lo, Owner, P, [Hi](Node &Inner, unsigned I) {
      if (Hi > Inner.Hi[I])
        Inner.Hi[I] = Hi;
    });
    unsigned I = countLess(*N, Lo, Owner);
    if (I != N->Count && N->Lo[I] == Lo && N->Owner[I] == Owner)
      N->Hi[I] = Hi;
  }

  bool empty() const { return !Root || Root->Count == 0; }

  /// Removes every range, in O(nodes), without asking about their owners.
  void clear() {
    if (!Root)
      return;
    releaseSubtree(Root);
    Root = newNode(/*Leaf=*/true);
    Height = 1;
    NumRanges = 0;
  }
  std::size_t size() const { return NumRanges; }

  /// Removes every range whose owner \p Doomed accepts, by one rebuild of
  /// the tree from the others: O(n), where erasing k ranges one by one costs
  /// O(k log n) with a larger constant (a descent and a walk back up each).
  /// For a wait that completes a fair share of the copies in flight.
  template <typename PredT> void eraseIf(PredT Doomed) {
    if (!Root)
      return;
    if (Root->Leaf) {
      // One node: no rebuild needed.
      for (unsigned I = Root->Count; I-- > 0;)
        if (Doomed(Root->Owner[I])) {
          removeSlot(*Root, I);
          --NumRanges;
        }
      return;
    }
    Scratch.clear();
    gather(Root, Doomed);
    NumRanges = Scratch.size();
    pack();
  }

  /// The smallest start and the largest end of the ranges ({UINTPTR_MAX, 0}
  /// when there are none): the root's first key and its largest end, O(1).
  std::pair<uintptr_t, uintptr_t> bounds() const {
    if (empty())
      return {UINTPTR_MAX, 0};
    return {Root->Lo[0], maxHi(*Root)};
  }

  /// The tree's depth (0 when empty) and node count, for the tests.
  unsigned height() const { return Height; }
  std::size_t nodeCount() const { return NumNodes; }

private:
  /// Slots per node; a node holds at most Fanout - 1 between operations. 16
  /// keeps a node's starts in two cache lines, and a tree of a thousand
  /// ranges three levels deep.
  static constexpr unsigned Fanout = 16;
  /// A rebuilt tree fills its nodes to this many slots, leaving room for
  /// insertions before the first splits.
  static constexpr unsigned PackedFill = 12;
  /// Deeper than any tree can grow: the height exceeds a packed tree's by
  /// at most two before a rebuild (log_12 of 2^64 is under 18).
  static constexpr unsigned MaxHeight = 24;

  /// Slots [0, Count) are used, in key order; the others are garbage.
  /// Aligned to a cache line, so that the header and the first seven
  /// starts, all that most scans read, share one.
  struct alignas(64) Node {
    // First: read at every node a walk enters, with the first starts.
    unsigned Count;
    bool Leaf;
    /// A leaf's ranges: start, owner, end. An inner node's children: the
    /// smallest key and the largest end in each child's subtree.
    uintptr_t Lo[Fanout];
    uintptr_t Hi[Fanout];
    const OwnerT *Owner[Fanout];
    Node *Child[Fanout]; // Inner nodes only.
  };

  /// The inner nodes a descent went through, and the child taken in each.
  struct Path {
    Node *Nodes[MaxHeight];
    unsigned Slots[MaxHeight];
    unsigned Depth = 0;
  };

  /// Whether key A precedes key B. The owners are compared only when the
  /// starts are equal, which is seldom: a branch that is predicted.
  static bool keyLess(uintptr_t ALo, const OwnerT *AOwner, uintptr_t BLo,
                      const OwnerT *BOwner) {
    if (ALo != BLo)
      return ALo < BLo;
    return reinterpret_cast<uintptr_t>(AOwner) <
           reinterpret_cast<uintptr_t>(BOwner);
  }

  /// How many of \p N's keys precede (Lo, Owner): where that key is, or
  /// would be, in a leaf.
  /// A scan that stops at the first key not before it: one mispredicted
  /// branch per node, where a binary search over random keys mispredicts
  /// about half of its steps, and a scan of every slot costs more than the
  /// branch.
  static unsigned countLess(const Node &N, uintptr_t Lo, const OwnerT *Owner) {
    unsigned I = 0;
    while (I < N.Count && keyLess(N.Lo[I], N.Owner[I], Lo, Owner))
      ++I;
    return I;
  }

  /// Walks from the root to the leaf where (Lo, Owner) belongs, calling
  /// \p Visit(Node, Slot) on each inner node and the child it takes.
  template <typename VisitT>
  Node *descend(uintptr_t Lo, const OwnerT *Owner, Path &P, VisitT Visit) {
    Node *N = Root;
    while (!N->Leaf) {
      // The last child whose smallest key is not after the key; the first
      // child when the key precedes them all.
      unsigned I = 0;
      while (I + 1 < N->Count &&
             !keyLess(Lo, Owner, N->Lo[I + 1], N->Owner[I + 1]))
        ++I;
      Visit(*N, I);
      P.Nodes[P.Depth] = N;
      P.Slots[P.Depth++] = I;
      N = N->Child[I];
    }
    return N;
  }

  static uintptr_t maxHi(const Node &N) {
    uintptr_t Max = 0;
    for (unsigned I = 0; I < N.Count; ++I)
      Max = N.Hi[I] > Max ? N.Hi[I] : Max;
    return Max;
  }

  template <typename AcceptT>
  static auto findFirstIn(const Node &N, uintptr_t Lo, uintptr_t Hi,
                          AcceptT &Accept)
      -> decltype(Accept(static_cast<const OwnerT *>(nullptr))) {
    // The slots that may overlap: a range (or a subtree's smallest start)
    // before Hi, and a range (or a subtree's largest end) after Lo. The
    // starts ascend, so the scan stops at the first start not before Hi.
    for (unsigned I = 0; I < N.Count && N.Lo[I] < Hi; ++I) {
      if (N.Hi[I] <= Lo)
        continue;
      if (N.Leaf) {
        if (auto *Got = Accept(N.Owner[I]))
          return Got;
      } else if (auto *Got = findFirstIn(*N.Child[I], Lo, Hi, Accept)) {
        return Got;
      }
    }
    return nullptr;
  }

  static void insertSlot(Node &N, unsigned I, uintptr_t Lo, const OwnerT *Owner,
                         uintptr_t Hi, Node *Child) {
    assert(N.Count < Fanout && "a full node is split before it overflows");
    for (unsigned J = N.Count; J > I; --J) {
      N.Lo[J] = N.Lo[J - 1];
      N.Owner[J] = N.Owner[J - 1];
      N.Hi[J] = N.Hi[J - 1];
    }
    N.Lo[I] = Lo;
    N.Owner[I] = Owner;
    N.Hi[I] = Hi;
    if (!N.Leaf) {
      for (unsigned J = N.Count; J > I; --J)
        N.Child[J] = N.Child[J - 1];
      N.Child[I] = Child;
    }
    ++N.Count;
  }

  /// Inserts a range into the leaf \p N in key order: the ranges after it
  /// move up as the scan from the end passes them, one loop (and one
  /// mispredicted branch where it stops) instead of a scan and a shift.
  static void insertInLeaf(Node &N, uintptr_t Lo, const OwnerT *Owner,
                           uintptr_t Hi) {
    assert(N.Leaf && N.Count < Fanout && "a full node is split before");
    unsigned J = N.Count;
    for (; J > 0 && keyLess(Lo, Owner, N.Lo[J - 1], N.Owner[J - 1]); --J) {
      N.Lo[J] = N.Lo[J - 1];
      N.Owner[J] = N.Owner[J - 1];
      N.Hi[J] = N.Hi[J - 1];
    }
    N.Lo[J] = Lo;
    N.Owner[J] = Owner;
    N.Hi[J] = Hi;
    ++N.Count;
  }

  static void removeSlot(Node &N, unsigned I) {
    for (unsigned J = I; J + 1 < N.Count; ++J) {
      N.Lo[J] = N.Lo[J + 1];
      N.Owner[J] = N.Owner[J + 1];
      N.Hi[J] = N.Hi[J + 1];
    }
    if (!N.Leaf)
      for (unsigned J = I; J + 1 < N.Count; ++J)
        N.Child[J] = N.Child[J + 1];
    --N.Count;
  }

  /// Moves the upper half of the full node \p N into a new node, its right
  /// sibling.
  Node *splitOff(Node &N) {
    Node *Right = newNode(N.Leaf);
    unsigned Keep = Fanout / 2;
    for (unsigned I = Keep; I < Fanout; ++I) {
      insertSlot(*Right, I - Keep, N.Lo[I], N.Owner[I], N.Hi[I], N.Child[I]);
    }
    N.Count = Keep;
    return Right;
  }

  Node *newNode(bool Leaf) {
    Node *N;
    if (FreeNodes.empty()) {
      N = new Node;
    } else {
      // Reused: nodes come and go with the copies, and an allocation would
      // cost as much as the rest of the operation.
      N = FreeNodes.back();
      FreeNodes.pop_back();
    }
    N->Count = 0;
    N->Leaf = Leaf;
    ++NumNodes;
    return N;
  }

  void releaseNode(Node *N) {
    FreeNodes.push_back(N);
    --NumNodes;
  }

  void releaseSubtree(Node *N) {
    if (!N->Leaf)
      for (unsigned I = 0; I < N->Count; ++I)
        releaseSubtree(N->Child[I]);
    releaseNode(N);
  }

  void freeSubtree(Node *N) {
    if (!N)
      return;
    if (!N->Leaf)
      for (unsigned I = 0; I < N->Count; ++I)
        freeSubtree(N->Child[I]);
    delete N;
  }

  /// The height of a tree of \p NumRanges ranges packed PackedFill to a
  /// node.
  static unsigned packedHeight(std::size_t NumRanges) {
    unsigned H = 1;
    for (std::size_t Nodes = (NumRanges + PackedFill - 1) / PackedFill;
         Nodes > 1; Nodes = (Nodes + PackedFill - 1) / PackedFill)
      ++H;
    return H;
  }

  /// Gathers the ranges of \p N's subtree that \p Doomed refuses, in key
  /// order, into Scratch, and releases its nodes.
  template <typename PredT> void gather(Node *N, PredT &Doomed) {
    if (N->Leaf) {
      for (unsigned I = 0; I < N->Count; ++I)
        if (!Doomed(N->Owner[I]))
          Scratch.push_back({N->Lo[I], N->Owner[I], N->Hi[I], nullptr});
    } else {
      for (unsigned I = 0; I < N->Count; ++I)
        gather(N->Child[I], Doomed);
    }
    releaseNode(N);
  }

  /// Rebuilds the tree packed: each level's nodes filled evenly with at most
  /// PackedFill slots. O(n).
  void rebuild() {
    Scratch.clear();
    auto Keep = [](const OwnerT *) { return false; };
    gather(Root, Keep);
    pack();
  }

  /// Builds the tree from the ranges in Scratch, in key order, bottom-up.
  void pack() {
    bool Leaf = true;
    Height = 0;
    do {
      std::size_t NumSlots = Scratch.size();
      std::size_t NumParents = (NumSlots + PackedFill - 1) / PackedFill;
      if (NumParents == 0) {
        // Nothing left: an empty root leaf.
        Root = newNode(/*Leaf=*/true);
        Height = 1;
        return;
      }
      Level.clear();
      for (std::size_t P = 0, Begin = 0; P < NumParents; ++P) {
        // Even shares: no node ends up with a single slot.
        std::size_t End = NumSlots * (P + 1) / NumParents;
        Node *N = newNode(Leaf);
        for (std::size_t S = Begin; S < End; ++S)
          insertSlot(*N, S - Begin, Scratch[S].Lo, Scratch[S].Owner,
                     Scratch[S].Hi, Scratch[S].Child);
        Level.push_back({N->Lo[0], N->Owner[0], maxHi(*N), N});
        Begin = End;
      }
      std::swap(Scratch, Level);
      Leaf = false;
      ++Height;
    } while (Scratch.size() > 1);
    Root = Scratch.front().Child;
  }

  struct SlotCopy {
    uintptr_t Lo;
    const OwnerT *Owner;
    uintptr_t Hi;
    Node *Child;
  };

  Node *Root = nullptr;
  unsigned Height = 0;
  std::size_t NumRanges = 0, NumNodes = 0;
  std::vector<Node *> FreeNodes;        // Released, for reuse.
  std::vector<SlotCopy> Scratch, Level; // The rebuild's levels.
};

} // namespace asyncpipe_rt

#endif // ASYNCPIPE_RUNTIME_INTERVAL_INDEX_H
