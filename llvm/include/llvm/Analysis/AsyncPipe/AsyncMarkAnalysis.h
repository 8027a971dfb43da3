//===- AsyncMarkAnalysis.h - Outstanding marks over all paths ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The one place where AsyncPipe counts marks over the paths of a function
/// (llvm/docs/AsyncPipeModel.rst). Every transform that removes, weakens or
/// recounts a mark or a wait asks this analysis; the independent checkers
/// (-asyncpipe-verify-futures, -amdgpu-enable-check-async-waits) keep their own
/// code on purpose.
///
/// Two questions are answered:
///  * AsyncMarkCounts: before any instruction, the lower and upper bound over
///    all paths of the marks that can be outstanding, for each semantic kind
///    (the current activation's sequence, or the thread's hardware groups).
///  * MarkDistances: for chosen "tracked" values (marks, futures), the fewest
///    marks issued since the value was made, over all paths, optionally cut
///    at waits that complete it.
///
/// Both are forward dataflows over finite-height lattices; the termination
/// arguments are in AsyncMarkAnalysis.cpp.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCMARKANALYSIS_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCMARKANALYSIS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/PassManager.h"
#include <cstdint>
#include <functional>
#include <optional>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Value;

namespace asyncpipe {

/// Waits for more marks than this are treated as "count unknown": they cap
/// nothing and observe everything. Real programs wait for a handful of marks;
/// the limit only keeps the lattices short.
constexpr uint64_t LargestTrackedWaitCount = 1024;

/// The count of a wait the analysis can use: its constant count when it is
/// at most LargestTrackedWaitCount (0 for wait-all forms), else none.
std::optional<uint64_t> getTrackedWaitCount(const AsyncOp &Wait);

/// True if \p Mark is counted by the sequence of kind \p K: the activation
/// sequence holds only activation-model marks, the hardware counter every
/// mark (a portable mark becomes a commit on targets that count groups).
bool countsMark(const AsyncOp &Mark, AsyncSemantics K);

/// What can be outstanding at one program point for one semantic kind.
struct MarkBounds {
  static constexpr uint64_t Unbounded = UINT64_MAX;
  /// Fewest marks outstanding on any path (0 where unknown).
  uint64_t Min = 0;
  /// Most marks outstanding on any path; Unbounded where a cycle marks more
  /// than it waits, or (hardware kind) where an earlier activation or a call
  /// may have left any number pending.
  uint64_t Max = 0;
  /// Some path made a mark (or, for the hardware kind, may have).
  bool MarkSeen = false;
  /// Some path may have issued a copy after its last mark.
  bool MayHaveUncommittedCopies = false;

  bool operator==(const MarkBounds &O) const {
    return Min == O.Min && Max == O.Max && MarkSeen == O.MarkSeen &&
           MayHaveUncommittedCopies == O.MayHaveUncommittedCopies;
  }
  bool operator!=(const MarkBounds &O) const { return !(*this == O); }
  bool isBounded() const { return Max != Unbounded; }
};

/// \p F's blocks reachable from its entry, in reverse post-order: the order
/// every forward solve here sweeps.
SmallVector<const BasicBlock *, 32> blocksInReversePostOrder(const Function &F);

/// A function's reachable blocks in reverse post-order (as
/// blocksInReversePostOrder() gives them), with the edges between them as
/// positions in that order, read from the IR once. A solve sweeping a large
/// function then reads these arrays instead of each block's terminator and
/// use list, which lie scattered over memory that no longer fits the caches;
/// and the solves of one CFG (the counts and the observers, round after
/// round of elimination) share one.
class ReachableBlocks {
public:
  explicit ReachableBlocks(const Function &F);

  /// The blocks; position 0 is the entry.
  ArrayRef<const BasicBlock *> order() const { return Order; }
  /// The number of the block at \p Pos (without reading the block).
  unsigned number(unsigned Pos) const { return Numbers[Pos]; }
  unsigned size() const { return Order.size(); }
  /// The positions of the blocks with an edge to (from) the block at
  /// \p Pos, one per edge, unreachable blocks left out.
  ArrayRef<unsigned> predecessors(unsigned Pos) const {
    return ArrayRef(Preds).slice(PredBegin[Pos],
                                 PredBegin[Pos + 1] - PredBegin[Pos]);
  }
  ArrayRef<unsigned> successors(unsigned Pos) const {
    return ArrayRef(Succs).slice(SuccBegin[Pos],
                                 SuccBegin[Pos + 1] - SuccBegin[Pos]);
  }

private:
  SmallVector<const BasicBlock *, 32> Order;
  SmallVector<unsigned, 0> Numbers;
  /// Edges by position: those of the block at P are [Begin[P], Begin[P+1]).
  SmallVector<unsigned, 0> PredBegin, Preds, SuccBegin, Succs;
};

/// Outstanding-mark bounds at every instruction of a function, per kind.
class AsyncMarkCounts {
public:
  explicit AsyncMarkCounts(const Function &F);
  /// The same, sweeping \p Blocks, which must be \p F's as they are now (a
  /// client solving the same CFG again reads it once).
  AsyncMarkCounts(const Function &F, const ReachableBlocks &Blocks);
  /// The same, decoding only \p Candidates instead of walking the function:
  /// a superset of the instructions that can change the counts (the
  /// function's calls, or the events() of an earlier solve less those erased
  /// since), block by block in the function's order, each block in program
  /// order. On a large function each walk costs more than the solve.
  AsyncMarkCounts(const Function &F, const ReachableBlocks &Blocks,
                  ArrayRef<const Instruction *> Candidates);

  /// The bounds just before \p I (which must be in the function).
  MarkBounds before(const Instruction &I, AsyncSemantics Kind) const;

  /// True if the fixed point was reached within the iteration bound (always,
  /// unless the termination argument is wrong); otherwise every query
  /// answers the safe "unknown" (Max = Unbounded, Min = 0).
  bool converged() const { return Converged; }

  /// In a function that uses queues (usesAsyncQueues()): the bounds just
  /// before \p I of the marks of queue \p Queue outstanding; its activation
  /// waits count only their own queue's marks, and the activation bounds
  /// (before()) count the marks of every queue, which no wait caps from
  /// above. Elsewhere: before(I, Activation).
  MarkBounds beforeInQueue(const Instruction &I, unsigned Queue) const;

  /// In a function that uses queues, the question a target whose queues
  /// share one counter asks of a wait for queue \p Queue that leaves \p N of
  /// its marks outstanding: the fewest marks of any queue issued since
  /// queue \p Queue's (N+1)-th newest mark before \p I, over the paths that
  /// have made that many marks of the queue (MarkBounds::Unbounded when no
  /// path has). Never less than N. None where it is not known: the function
  /// does not use queues, the solve did not converge, or N is past the depth
  /// tracked (QueueDistanceDepth marks per queue).
  std::optional<uint64_t> marksSinceQueueMark(const Instruction &I,
                                              unsigned Queue, uint64_t N) const;
  /// How many of each queue's newest marks marksSinceQueueMark() follows.
  static constexpr unsigned QueueDistanceDepth = 16;

  /// A wait that waits for nothing: at most its count can be outstanding on
  /// every path (and, for a native wait-all, no copy can be uncommitted). In
  /// a function that uses queues, an activation wait counts its queue's
  /// marks only.
  /// \p Why is set to the rule that proves it (for remarks).
  bool isRedundantWait(const AsyncOp &Wait, std::string *Why = nullptr) const;

  /// Invalidation for the new pass manager: any change to the function.
  bool invalidate(Function &, const PreservedAnalyses &PA,
                  FunctionAnalysisManager::Invalidator &);

  /// Transfer steps taken (for -asyncpipe-mark-analysis-stats and the
  /// tests that keep the analysis linear).
  uint64_t steps() const { return Steps; }

  /// The instructions that can change the counts (every mark, copy and
  /// wait among them), block by block in the function's order, each block
  /// in program order: a client looking for marks and waits need not walk
  /// the function again. Valid until one of them is erased.
  ArrayRef<const Instruction *> events() const { return Events; }

private:
  /// \p Candidates null: every instruction is one.
  AsyncMarkCounts(const Function &F, const ReachableBlocks &Blocks,
                  const ArrayRef<const Instruction *> *Candidates);

  /// What one instruction does to the counts, decoded once.
  struct Event {
    enum Kind : uint8_t {
      Mark,
      Copy,
      Wait,
      FutureWait,
      OpaqueToHardware,
      RealCall
    } What = Mark;
    /// Mark: it counts in the activation's sequence too.
    bool CountsActivation = false;
    /// Mark and wait of the activation kind: its queue, or NumQueues for
    /// a queue the analysis does not know.
    uint8_t Queue = 0;
    /// Wait: it drops any copy not yet committed.
    bool AlsoWaitsForUncommittedCopies = false;
    /// Wait: the sequence it counts, and its tracked count, or else the
    /// largest its run-time count can be.
    AsyncSemantics Kind = AsyncSemantics::Activation;
    std::optional<uint64_t> Count;
    std::optional<uint64_t> LargestRunTimeCount;
  };
  /// What \p I (whose AsyncOp is \p Op) does, or none if it leaves every
  /// state as it is.
  static std::optional<Event> decode(const Instruction &I, const AsyncOp &Op);

  struct State {
    MarkBounds Kinds[2];
    /// Only in a function that uses queues: per queue, its outstanding
    /// marks; and per queue Q and depth D < QueueDistanceDepth (at
    /// Q * QueueDistanceDepth + D) the fewest marks of any queue since Q's
    /// (D+1)-th newest mark, NoQueueMark where no path made it.
    SmallVector<MarkBounds, 0> Queues;
    SmallVector<uint32_t, 0> Since;
    bool operator==(const State &O) const {
      return Kinds[0] == O.Kinds[0] && Kinds[1] == O.Kinds[1] &&
             Queues == O.Queues && Since == O.Since;
    }
  };
  static constexpr uint32_t NoQueueMark = UINT32_MAX;
  /// The state just before \p I, or none where the analysis has none.
  std::optional<State> stateBefore(const Instruction &I) const;
  State entryState() const;
  void step(const Event &E, State &S) const;
  /// A mark of queue \p Queue (NumQueues: unknown) in a function that uses
  /// queues.
  void stepQueuedMark(unsigned Queue, State &S) const;
  static void join(State &Into, const State &From);

  /// Per block, by block number (arrays, not hashed maps: on functions of
  /// many thousand blocks the lookups are what a sweep costs): its events,
  /// Events[Begin, End), and, once reached by the fixed point, its entry
  /// state.
  struct BlockInfo {
    const BasicBlock *BB = nullptr;
    unsigned Begin = 0;
    unsigned End = 0;
    bool Reached = false;
    State In;
  };
  /// \p BB's entry, or null for a block the analysis never saw.
  const BlockInfo *infoOf(const BasicBlock *BB) const;

  /// The function is a kernel: the hardware counter starts empty.
  bool KernelEntry = false;
  /// The queues tracked (1 + the largest queue used), or 0 in a function
  /// that uses no queue but 0.
  unsigned NumQueues = 0;
  /// Per kind: above this a finite Max can only be growing around a cycle.
  uint64_t Limit[2] = {0, 0};
  SmallVector<BlockInfo, 0> Blocks;
  /// The instructions whose transfer can change a state (marks, copies,
  /// waits, calls), block by block in order: sweeps step only these,
  /// decoded.
  SmallVector<const Instruction *, 0> Events;
  SmallVector<Event, 0> Decoded;
  /// The state just before each event, once converged: a query is a binary
  /// search in its block, never a rerun of the block.
  SmallVector<State, 0> BeforeEvent;
  uint64_t Steps = 0;
  bool Converged = true;
};

/// Fewest marks since each tracked value was made, over all paths.
///
/// Clients describe what makes a tracked value (a mark's own future, a
/// select of tracked values, a dummy future naming no mark) through the
/// callbacks; the solver owns the counting: which marks count, how states
/// meet at joins and PHIs, and the fixed point.
class MarkDistances {
public:
  using Distance = uint32_t;
  /// No mark made the value on any path so far (or it was completed).
  static constexpr Distance None = UINT32_MAX;
  /// Distances saturate here: a finite-height lattice.
  static constexpr Distance Saturated = 1u << 20;

  struct Options {
    /// Only marks of this kind are counted.
    AsyncSemantics Kind = AsyncSemantics::Activation;
    /// At a wait of Kind with a tracked count N, a tracked value more than N
    /// marks old is complete on that path: its distance becomes None. (Each
    /// such wait looks at every value present in the state: ObservedMarks
    /// answers the same question in linear time.)
    bool CompleteAtWaits = false;
    /// The client asks for a value only where an instruction uses it (at()
    /// at a user, valueIn() in a Define of a user): a block then keeps only
    /// the values live in it, so the work is linear in the function plus
    /// the values' live ranges, for any number of tracked values. Without
    /// it every value is kept from its definition on.
    bool OnlyAtUses = false;
    /// In a function that uses queues (usesAsyncQueues()): only the marks
    /// of this queue are counted (with Kind Activation), and only its
    /// waits complete values. A mark whose queue is not known is not
    /// counted: a distance may then be smaller, which only makes a wait
    /// counted from it stronger.
    std::optional<unsigned> Queue;
  };

  /// The distances at one program point. A block's state holds a counter of
  /// the marks issued since its entry and, per tracked value present, that
  /// counter's value when the value was just made: a mark costs O(1), and a
  /// state costs the values present in it, not every tracked value.
  class State {
    friend class MarkDistances;
    /// Marks counted since the block's entry.
    int64_t Marks = 0;
    /// Per tracked value: Marks minus its distance (NoStamp: None); valid
    /// where Gen holds Current.
    SmallVector<int64_t, 8> Stamp;
    SmallVector<uint32_t, 8> Gen;
    uint32_t Current = 0;
    /// The values set since the block's entry.
    SmallVector<unsigned, 8> Present;
  };

  /// \p Tracked are the values to follow (instructions; PHIs among them are
  /// met from their incoming values). For a tracked non-PHI instruction
  /// \p Define gives its distance right after it, from the state before it
  /// (the default: 0, "just made").
  using DefineFn = std::function<std::optional<Distance>(
      const Instruction &, const MarkDistances &, const State &)>;
  MarkDistances(const Function &F, ArrayRef<Value *> Tracked, Options Opts,
                DefineFn Define = nullptr);
  /// Solves only where the distances at \p Points come from: \p From and
  /// the blocks that reach a point's block without passing it, with every
  /// value None at From's entry; the work is that region's, not the
  /// function's. Asked at the points (only there), it answers as the whole
  /// function's solve when From dominates them and every path from From to
  /// a point makes each tracked value again: the last time a value was made
  /// before a point is then after the last time the path passed From. The
  /// client proves this (AsyncPipelineVerify.cpp).
  MarkDistances(const Function &F, ArrayRef<Value *> Tracked, Options Opts,
                const BasicBlock &From, ArrayRef<const Instruction *> Points);

  /// The distance of \p V just before \p At; an untracked value (argument,
  /// constant) counts as just made (0). Queries in program order within a
  /// block continue one sweep of it (a cursor): all the queries of a
  /// function in order cost one pass over its blocks; a query behind the
  /// cursor, or in another block, restarts at its block's entry.
  Distance at(const Value *V, const Instruction &At) const;
  /// The distance of \p V in \p S (a state of this solver).
  Distance valueIn(const Value *V, const State &S) const;
  bool converged() const { return Converged; }
  /// Calls \p Visit with the state just before every call in a reached block.
  void
  forEachCall(function_ref<void(const CallBase &, const State &)> Visit) const;
  /// Transfer steps taken so far, queries included.
  uint64_t steps() const { return Steps; }
  /// Per-value work so far, queries included: distances met at block
  /// entries, recorded at block exits and completed at waits. It grows with
  /// the values' live ranges (with OnlyAtUses), never with the tracked
  /// values times the blocks.
  uint64_t entries() const { return Entries; }

private:
  /// A reached block's exit: the distances of the values present and not
  /// None (with OnlyAtUses: live out of it), by index.
  using ExitVec = SmallVector<std::pair<unsigned, Distance>, 4>;
  unsigned indexOf(const Value *V) const;
  Distance get(const State &S, unsigned Idx) const;
  void set(State &S, unsigned Idx, Distance D) const;
  Distance valueInExit(const Value *V, const ExitVec &Exit) const;
  void enterBlock(const BasicBlock &BB, State &S) const;
  ExitVec exitOf(const BasicBlock &BB, const State &S) const;
  void step(const Instruction &I, State &S) const;
  bool changesDistances(const Instruction &I) const;
  /// True if \p Op is a mark this solve counts, or a wait it completes
  /// values at (with CompleteAtWaits).
  bool countsMarkHere(const AsyncOp &Op) const;
  bool completesAtWait(const AsyncOp &Op) const;
  void computeLiveOut();
  void listEvents(const BasicBlock &BB);
  void solve(ArrayRef<const BasicBlock *> Order);

  const Function &F;
  /// Where every value is None on entry: the function's entry block, or
  /// the region's start.
  const BasicBlock *Source = nullptr;
  Options Opts;
  SmallVector<Value *, 16> Tracked;
  DenseMap<const Value *, unsigned> Index;
  DefineFn Define;
  DenseMap<const BasicBlock *, ExitVec> Out;
  /// With OnlyAtUses: the tracked values live out of each block, by index.
  DenseMap<const BasicBlock *, SmallVector<unsigned, 2>> LiveOut;
  /// The instructions whose transfer can change a state (counted marks,
  /// completing waits, tracked definitions), block by block in order.
  SmallVector<const Instruction *, 0> Events;
  DenseMap<const BasicBlock *, std::pair<unsigned, unsigned>> Range;
  /// at()'s cursor: the state just before Events[Next] of block BB.
  struct Cursor {
    const BasicBlock *BB = nullptr;
    unsigned Next = 0;
    State S;
  };
  mutable Cursor Cur;
  mutable uint64_t Steps = 0;
  mutable uint64_t Entries = 0;
  bool Converged = true;
};

/// Which marks of one kind some wait may observe: the question of
/// MarkDistances with CompleteAtWaits, asked for every mark at every wait
/// (a wait of the kind with a tracked count N observes the marks at most N
/// marks old and completes the older ones; any other wait observes every
/// mark not yet completed), with the same answer, but solved backwards with
/// one number per program point: the oldest mark (in marks issued since it)
/// that a later wait would still observe. Its cost is linear in the
/// function for any number of marks.
class ObservedMarks {
public:
  ObservedMarks(const Function &F, AsyncSemantics Kind);
  /// The same, from \p MarksAndWaits: every mark and wait of the function
  /// (others may be among them), block by block in program order, as
  /// AsyncMarkCounts::events() lists them; the function is not walked again.
  ObservedMarks(const Function &F, AsyncSemantics Kind,
                ArrayRef<const Instruction *> MarksAndWaits,
                const ReachableBlocks &Blocks);
  /// True if a wait may observe \p Mark (a mark of the function); always
  /// true if the fixed point was not reached.
  bool isObserved(const Instruction &Mark) const;
  bool converged() const { return Converged; }
  uint64_t steps() const { return Steps; }

private:
  ObservedMarks(const Function &F, AsyncSemantics Kind,
                std::optional<ArrayRef<const Instruction *>> MarksAndWaits,
                const ReachableBlocks &Blocks);
  /// Marks issued in a reachable block and found observed.
  DenseMap<const Instruction *, bool> Observed;
  uint64_t Steps = 0;
  bool Converged = true;
};

/// The new-PM analysis handing out AsyncMarkCounts.
class AsyncMarkAnalysis : public AnalysisInfoMixin<AsyncMarkAnalysis> {
  friend AnalysisInfoMixin<AsyncMarkAnalysis>;
  static AnalysisKey Key;

public:
  using Result = AsyncMarkCounts;
  Result run(Function &F, FunctionAnalysisManager &);
};

/// Prints every wait's bounds: `opt -passes='print<asyncpipe-marks>'`.
class AsyncMarkPrinterPass : public PassInfoMixin<AsyncMarkPrinterPass> {
  raw_ostream &OS;

public:
  explicit AsyncMarkPrinterPass(raw_ostream &OS) : OS(OS) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCMARKANALYSIS_H
