//===- asyncpipe_rt.cpp - AsyncPipe host runtime and AsyncSan checks ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// There is no GPU to run kernels on, so the async model of
// llvm/docs/AsyncPipeModel.rst is executed on the host instead: copies, marks
// and waits become calls into this library. It keeps, per host thread, the
// copies still in flight and a stack of function activations, each with its own
// mark sequence, and decides when a copy completes by a policy chosen at run
// time:
//
//   eager   every copy completes at issue (a synchronous memcpy);
//   lazy    a copy completes only when a wait forces it (the latest legal
//           moment), so any read that relies on a too-weak wait sees stale
//           data and AsyncSan sees the copy still pending;
//   random  seeded random stretches of copies complete at issue, the others
//           at seeded random moments, in random order, or at the wait
//           (reproducible with ASYNCPIPE_SEED).
//
// A copy moves its bytes when it completes, not when it is issued: a program
// that overwrites a copy's source too early gets the overwritten bytes, as on
// hardware where the DMA may read the source late.
//
// Native NVPTX code (llvm.nvvm.cp.async.*) runs here too, with hardware
// semantics rather than the activation model: each thread has one queue of
// commit groups, shared by every function it runs, so a group committed in
// one function is waited for by a wait_group in any other
// (__asyncpipe_rt_hw_*).
//
// The AsyncSan checks (__asyncpipe_rt_san_*) look each instrumented access up
// among the pending copies of every thread, since shared memory is shared by
// the work-items a work-group runner maps onto threads. The copies are kept in
// an interval index by address (interval_index.h), one entry per run of
// adjacent copies issued back to back, so a check, an issue and a completion
// each cost O(log n) in the copies in flight, whatever their layout. A run
// enters the index when a check first needs it (a source run seldom does),
// and the runs a wait empties leave it together. The settings and the
// reports' text live in config.cpp and asyncsan_report.cpp.
//
// The rest stays one file, longer than AsyncPipe's ~500-line guideline: the
// policies (the random one's schedule), the activation stacks, the
// commit-group queues and the AsyncSan checks and runs all work on the
// per-thread state under the one lock (stateLock), which stays private to
// this translation unit.
//
//===----------------------------------------------------------------------===//

#include "asyncpipe_rt.h"
#include "asyncpipe_rt_internal.h"
#include "asyncpipe_trace.h"
#include "interval_index.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

/// Copies in flight in all threads. Exported so that the checks AsyncSan
/// inlines (a relaxed atomic load) call into the runtime only when some copy
/// is pending; updated under the state lock.
extern "C" std::atomic<uint64_t> __asyncpipe_rt_san_pending;
std::atomic<uint64_t> __asyncpipe_rt_san_pending{0};
static_assert(sizeof(std::atomic<uint64_t>) == sizeof(uint64_t) &&
                  std::atomic<uint64_t>::is_always_lock_free,
              "the instrumentation reads __asyncpipe_rt_san_pending as an i64");

namespace {

std::atomic<uint64_t> &PendingTotal = __asyncpipe_rt_san_pending;

using namespace asyncpipe_rt;

/// One function activation. A mark is represented by the issue sequence
/// number it closes: it completes once every copy with a smaller number has.
struct Frame {
  uint64_t EntrySeq;
  /// The caller's stack depth at __asyncpipe_rt_enter: inside the
  /// activation's own stack frame (see popUnwoundFrames).
  uintptr_t EnterFrame;
  std::deque<uint64_t> Marks; // Outstanding marks, oldest first.
  /// Empty until the activation marks a queue other than 0
  /// (llvm/docs/AsyncPipeModel.rst, "Queues"); then, per queue (0 included,
  /// Marks moved into it), its outstanding groups as [begin, end) issue
  /// numbers, oldest first: a wait on a queue completes its groups' copies
  /// and no others.
  std::vector<std::deque<std::pair<uint64_t, uint64_t>>> Queues;
  /// Where the next group of a queue begins: the issue number at the
  /// activation's newest mark of any queue (0 before its first).
  uint64_t GroupBegin = 0;
};

/// The caller's stack pointer at its call into the runtime entry point that
/// uses this (the entry's canonical frame address, the same whatever the
/// entry's own frame layout), identifying the caller's depth on the
/// downward-growing stack. The plugin emits the runtime calls `notail`, so
/// the caller really is the function that marks or waits.
#define ASYNCPIPE_CALLER_DEPTH()                                               \
  reinterpret_cast<uintptr_t>(__builtin_dwarf_cfa())

struct CopyRun;

/// A thread's pending copies in issue order. A wait completes them at the
/// front; the random policy anywhere, which leaves a hole (Done) that the
/// front skips. Issue numbers are consecutive within a thread, so the entries
/// live in a ring indexed by issue number: issuing, completing and finding
/// an issue number cost O(1), with no allocation once the ring is large
/// enough (a deque allocated and freed a block every eight copies). The ring
/// only grows, which moves the copies; nothing points at them (the AsyncSan
/// index names copies by issue number).
struct PendingQueue {
  struct Entry {
    PendingCopy C;
    bool Done; // 64 bytes in all: an index is a shift, not a multiply.
  };
  std::vector<Entry> Ring; // A power of two long, or empty.
  /// Beside Ring, for each copy: the runs of the AsyncSan index holding its
  /// destination and its source, while the index is kept and the copy is
  /// pending (apart: the index is usually not kept).
  std::vector<std::array<CopyRun *, 2>> RunRing;
  uint64_t Front = 0; // Entries [Front, End) by issue number; Front is
  uint64_t End = 0;   // pending unless the range is empty. Entries
                      // before Front are complete, their slots reused.
  size_t NumLive = 0;

  bool empty() const { return NumLive == 0; }
  size_t size() const { return NumLive; }
  bool full() {
    if (End - Front != Ring.size())
      return false;
    advanceFront();
    return End - Front == Ring.size();
  }
  Entry &at(uint64_t Seq) { return Ring[Seq & (Ring.size() - 1)]; }
  const Entry &at(uint64_t Seq) const { return Ring[Seq & (Ring.size() - 1)]; }
  std::array<CopyRun *, 2> &runsOf(uint64_t Seq) {
    return RunRing[Seq & (Ring.size() - 1)];
  }
  /// The oldest pending copy's issue number, or end() if none is pending.
  uint64_t front() {
    advanceFront();
    return Front;
  }
  uint64_t end() const { return End; }

  /// Doubles the ring, moving every entry; front() must have been asked for.
  void grow() {
    std::vector<Entry> Old = std::move(Ring);
    std::vector<std::array<CopyRun *, 2>> OldRuns = std::move(RunRing);
    Ring.assign(Old.empty() ? 64 : 2 * Old.size(), Entry{});
    RunRing.assign(Ring.size(), {nullptr, nullptr});
    for (uint64_t Seq = Front; Seq != End; ++Seq) {
      at(Seq) = Old[Seq & (Old.size() - 1)];
      runsOf(Seq) = OldRuns[Seq & (Old.size() - 1)];
    }
  }
  /// Appends \p C, whose issue number must be end(); the ring must not be
  /// full.
  Entry &push(const PendingCopy &C) {
    if (End == Front)
      Front = End = C.Seq;
    Entry &E = at(End++);
    E = Entry{C, false};
    ++NumLive;
    return E;
  }
  void markDone(uint64_t Seq) {
    at(Seq).Done = true;
    --NumLive;
    // Front moves on only when it is next asked for (front(), full()): here,
    // after each completion in random order, testing whether the oldest copy
    // completed would be a mispredicted branch per copy.
  }
  void advanceFront() {
    // In a local: a store to Front per step would be kept, since the entries
    // might alias it.
    uint64_t F = Front;
    while (F != End && at(F).Done)
      ++F;
    Front = F;
  }
};

struct ThreadState {
  unsigned Id;
  Policy CompletionPolicy; // getConfig()'s, read once per thread.
  uint64_t NextSeq = 0;
  PendingQueue Pending;
  std::vector<Frame> Frames; // Frames[0] is the thread's root.
  /// Native commit groups (cp.async.commit_group) not known to be complete,
  /// oldest first, each as the issue sequence number it closes. One queue
  /// per thread, as in hardware: activations do not scope it.
  std::deque<uint64_t> HardwareGroups;
  /// The random policy's generator (xorshift64*: a few cycles a number).
  struct {
    uint64_t State;
    uint64_t operator()() {
      State ^= State >> 12;
      State ^= State << 25;
      State ^= State >> 27;
      return State * 0x2545F4914F6CDD1Dull;
    }
  } Random;
  /// Random bits for the random policy's schedule, used up from the lowest.
  uint64_t Pool = 0;
  /// Runtime calls left before the random policy's next completion moment.
  uint32_t CallsUntilMoment = 1;
  /// Whether, under the random policy, the copies issued until the next
  /// moment complete at their issue (drawn at each moment), and whether the
  /// current group (the copies since the last mark) has a pending copy yet:
  /// its first copy always stays pending. See completesAtIssue.
  bool CompleteAtIssue = false;
  bool GroupHasPendingCopy = false;
  /// The random policy's next moment, counted from the thread's first.
  uint64_t NextMoment = 0;
  /// The random policy's schedule: Wheel[M % WheelSize] lists the issue
  /// numbers of the copies due at moment M (in random order), among them
  /// copies a wait has completed since. See drawMomentsPending.
  static constexpr unsigned WheelSize = 128;
  std::vector<std::vector<uint64_t>> Wheel;
  /// Room for the issue numbers of the copies a wait or a moment completes.
  std::vector<uint64_t> Scratch;
  /// The runs that the next copy may extend (destination, source), or null.
  CopyRun *OpenRuns[2] = {nullptr, nullptr};

  explicit ThreadState(unsigned Id);
  ~ThreadState();
};

// Global state. Never destroyed: thread-local states unregister themselves
// during exit and must still find these alive.
std::mutex &stateLock() {
  static auto *M = new std::mutex;
  return *M;
}
std::vector<ThreadState *> &allThreads() {
  static auto *V = new std::vector<ThreadState *>;
  return *V;
}
std::atomic<unsigned> NextThreadId{0};
// Conservative address ranges holding every pending copy's destination
// (PendingLo[DestinationRun], PendingHi[...]) and source, for the checks'
// fast path: a load only races with destinations, and the source of a copy
// is seldom near its destination. They grow as copies are issued; once the
// index is active they shrink to its bounds as runs leave it, and they are
// reset when no copy is left. Updated under the state lock.
std::atomic<uintptr_t> PendingLo[2] = {UINTPTR_MAX, UINTPTR_MAX};
std::atomic<uintptr_t> PendingHi[2] = {0, 0};

/// The destinations and the sources of the pending copies of every thread,
/// by address, so that a check costs O(log n) in the copies in flight.
/// Updated under the state lock, and only once a program built with AsyncSan
/// made its first checking call (IndexActive): without checks nothing reads
/// it, and keeping it would cost more than the rest of a copy's bookkeeping.
///
/// An entry is a run: copies a thread issued back to back (consecutive issue
/// numbers, no mark between them) whose destinations (or sources) are
/// adjacent, in ascending order, as when a tile is copied lane by lane. The
/// next such copy extends the run's range instead of adding an entry, and the
/// run leaves the index when its last pending copy completes, so a run costs
/// one insertion and one erasure whatever its length. Copies of a run that
/// completed before the others (the random policy: waits complete whole
/// groups, and a run ends at a mark) stay in its range as holes: a check
/// looks, within the run, for a pending copy among those it overlaps (binary
/// search by address, O(log n)).
///
/// A new run is staged before it enters the index: it joins the index only
/// when a check looks up its kind (flushStagedRuns), and a run that
/// completes while staged leaves in O(1). Sources are looked up only by
/// writes near a pending source, so a program that makes none (a tiled loop
/// writing its results elsewhere) never pays for indexing them; a run
/// enters the index at most once, so a copy still costs O(log n) at most.
std::atomic<bool> IndexActive{false};
enum RunKind { DestinationRun = 0, SourceRun = 1 };
struct CopyRun {
  ThreadState *T;
  uint64_t First, Last; // Its copies' issue numbers in T, consecutive.
  uintptr_t Lo, Hi;     // Its range in the index.
  uint64_t Pending;     // Its copies not complete yet.
  RunKind Kind;
  /// Its place in stagedRuns(Kind) plus one, or 0 once it is in the index.
  size_t StagedAt;
};
using CopyIndex = asyncpipe_rt::IntervalIndex<CopyRun>;
CopyIndex &runIndex(RunKind K) {
  static auto *I = new CopyIndex[2];
  return I[K];
}
/// Runs no longer in the index, for reuse: runs come and go with the copies,
/// and an allocation each would cost as much as the rest of the run.
std::vector<CopyRun *> &freeRuns() {
  static auto *V = new std::vector<CopyRun *>;
  return *V;
}
/// The runs of kind \p K not in the index yet, in no particular order.
std::vector<CopyRun *> &stagedRuns(RunKind K) {
  static auto *V = new std::vector<CopyRun *>[2];
  return V[K];
}

void stageRun(CopyRun *R) {
  std::vector<CopyRun *> &Staged = stagedRuns(R->Kind);
  Staged.push_back(R);
  R->StagedAt = Staged.size();
}

/// Removes the staged run \p R from the staged runs, in O(1): the last one
/// takes its place.
void unstageRun(CopyRun *R) {
  std::vector<CopyRun *> &Staged = stagedRuns(R->Kind);
  CopyRun *Last = Staged.back();
  Staged[R->StagedAt - 1] = Last;
  Last->StagedAt = R->StagedAt;
  Staged.pop_back();
  R->StagedAt = 0;
}

/// Extends run \p R, of kind \p K, to end at \p Hi.
void growRun(CopyRun *R, RunKind K, uintptr_t Hi) {
  if (!R->StagedAt)
    runIndex(K).growHi(R->Lo, R, Hi);
  R->Hi = Hi;
}

uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }

/// The bytes [Lo, Hi) of \p C that a run of kind \p K covers.
std::pair<uintptr_t, uintptr_t> rangeOf(const PendingCopy &C, RunKind K) {
  if (K == DestinationRun)
    return {addr(C.Dst), addr(C.Dst) + C.Size};
  return {addr(C.Src), addr(C.Src) + C.SrcSize};
}

/// Adds \p E, \p T's copy, to the index: it extends T's open run of each
/// kind when it follows that run's last copy in issue order and in address.
void indexCopy(ThreadState &T, PendingQueue::Entry &E) {
  std::array<CopyRun *, 2> &Runs = T.Pending.runsOf(E.C.Seq);
  for (RunKind K : {DestinationRun, SourceRun}) {
    auto [Lo, Hi] = rangeOf(E.C, K);
    CopyRun *R = T.OpenRuns[K];
    if (Lo == Hi) {
      // No source (a zero fill): nothing to index, and no run continues.
      Runs[K] = T.OpenRuns[K] = nullptr;
      continue;
    }
    if (R && R->Last + 1 == E.C.Seq && R->Hi == Lo) {
      growRun(R, K, Hi);
      R->Last = E.C.Seq;
      ++R->Pending;
    } else {
      std::vector<CopyRun *> &Free = freeRuns();
      if (Free.empty()) {
        R = new CopyRun;
      } else {
        R = Free.back();
        Free.pop_back();
      }
      *R = CopyRun{&T, E.C.Seq, E.C.Seq, Lo, Hi, 1, K, 0};
      stageRun(R);
      T.OpenRuns[K] = R;
    }
    Runs[K] = R;
  }
}

/// Called with the state lock held at a mark: the next copy starts a new
/// run. Waits complete whole groups, so a run within one group leaves the
/// index whole; a run continued across the mark (the next tile's buffer
/// right after this one's) would stay with a hole where the older group
/// was, and every access there would search the run.
void closeRuns(ThreadState &T) { T.OpenRuns[0] = T.OpenRuns[1] = nullptr; }

/// Called with the state lock held when \p C, \p T's copy, completed at its
/// issue under the random policy (completeAtIssue): T's open run of each
/// kind that \p C follows in address extends over it, and the next pending
/// copy that follows \p C continues that run. Otherwise the random policy
/// would cut a tile's run at every second copy, and each piece would cost an
/// insertion and an erasure. \p C's bytes stay in the run's range as a
/// hole: a check that lands there finds no pending copy (pendingCopyIn).
void extendRunsOver(ThreadState &T, const PendingCopy &C) {
  for (RunKind K : {DestinationRun, SourceRun}) {
    auto [Lo, Hi] = rangeOf(C, K);
    CopyRun *R = T.OpenRuns[K];
    if (!R)
      continue;
    if (Lo == Hi || R->Hi != Lo) {
      // As for a pending copy (indexCopy): no run continues past it.
      T.OpenRuns[K] = nullptr;
      continue;
    }
    growRun(R, K, Hi);
  }
}

/// Called with the state lock held at a mark (or a native commit): the
/// copies after it form a new group.
void startGroup(ThreadState &T) {
  closeRuns(T);
  T.GroupHasPendingCopy = false;
}

/// While the copies a wait completes (or a moment, or a thread's exit)
/// leave the index, the runs they empty, per kind: they leave the index
/// together at the end (removeEmptiedRuns).
struct EmptiedRuns {
  bool Collecting = false;
  std::vector<CopyRun *> Runs[2];   // In the index.
  std::vector<CopyRun *> Staged[2]; // Still staged.
};
EmptiedRuns &emptiedRuns() {
  static auto *E = new EmptiedRuns;
  return *E;
}

/// Called with the state lock held when run \p R of kind \p K has left the
/// index: no copy continues it, and it is free for reuse.
void retireRun(CopyRun *R, RunKind K) {
  if (R->T->OpenRuns[K] == R)
    R->T->OpenRuns[K] = nullptr;
  freeRuns().push_back(R);
}

/// Whether the range of kind K may be wider than its runs: runs left while
/// others were staged.
bool *pendingRangeStale() {
  static bool Stale[2] = {false, false};
  return Stale;
}

/// With no run of kind \p K staged, the index holds every pending copy, so
/// its bounds are the fast path's range: without this the range only grows
/// while copies stay in flight, and a pipelined loop, which always has some,
/// would send every access near any buffer it ever filled to the index.
/// While runs are staged the range stays as it is (their bounds would cost a
/// walk over them), until a check that needs the index moves them into it.
void shrinkPendingRange(RunKind K) {
  if (!stagedRuns(K).empty()) {
    pendingRangeStale()[K] = true;
    return;
  }
  pendingRangeStale()[K] = false;
  auto [Lo, Hi] = runIndex(K).bounds();
  PendingLo[K].store(Lo, std::memory_order_relaxed);
  PendingHi[K].store(Hi, std::memory_order_relaxed);
}

/// Moves the staged runs of kind \p K into the index, which a check is
/// about to look up.
void flushStagedRuns(RunKind K) {
  std::vector<CopyRun *> &Staged = stagedRuns(K);
  if (Staged.empty())
    return;
  CopyIndex &Index = runIndex(K);
  for (CopyRun *R : Staged) {
    Index.insert(R->Lo, R->Hi, R);
    R->StagedAt = 0;
  }
  Staged.clear();
  if (pendingRangeStale()[K])
    shrinkPendingRange(K);
}

/// Removes \p E, \p T's copy that completes, from its runs; a run leaves
/// the index with its last pending copy, at once or, while a batch of
/// completions collects them, with the batch's other emptied runs.
void unindexCopy(ThreadState &T, PendingQueue::Entry &E) {
  std::array<CopyRun *, 2> &Runs = T.Pending.runsOf(E.C.Seq);
  EmptiedRuns &Emptied = emptiedRuns();
  for (RunKind K : {DestinationRun, SourceRun}) {
    CopyRun *R = Runs[K];
    if (!R)
      continue;
    Runs[K] = nullptr;
    if (--R->Pending != 0)
      continue;
    if (R->StagedAt) {
      if (Emptied.Collecting) {
        Emptied.Staged[K].push_back(R);
        continue;
      }
      unstageRun(R);
      retireRun(R, K);
      shrinkPendingRange(K);
      continue;
    }
    if (Emptied.Collecting) {
      Emptied.Runs[K].push_back(R);
      continue;
    }
    runIndex(K).erase(R->Lo, R);
    shrinkPendingRange(K);
    retireRun(R, K);
  }
}

/// Called with the state lock held at the end of a batch of completions:
/// the runs they emptied leave the index. When they are a fair share of its
/// runs (a wait for all or most of the copies in flight, as in a pipelined
/// loop) the index is rebuilt from the others, O(n) for the batch, where
/// an erasure each would cost a descent and a walk back up per run.
void removeEmptiedRuns() {
  EmptiedRuns &Emptied = emptiedRuns();
  Emptied.Collecting = false;
  for (RunKind K : {DestinationRun, SourceRun}) {
    std::vector<CopyRun *> &Staged = Emptied.Staged[K];
    if (Staged.size() == stagedRuns(K).size()) {
      // Every staged run left: no need to move the others into the holes
      // (a reused run's StagedAt is set anew).
      stagedRuns(K).clear();
    } else {
      for (CopyRun *R : Staged)
        unstageRun(R);
    }
    for (CopyRun *R : Staged)
      retireRun(R, K);
    Staged.clear();
    std::vector<CopyRun *> &Runs = Emptied.Runs[K];
    if (Runs.empty()) {
      // Staged runs may have left.
      shrinkPendingRange(K);
      continue;
    }
    CopyIndex &Index = runIndex(K);
    // A rebuild visits each range about as cheaply as an erasure's descent
    // visits one node: it pays off from an eighth of the ranges on.
    if (Runs.size() == Index.size())
      Index.clear(); // No run is left: no need to ask each.
    else if (8 * Runs.size() >= Index.size())
      Index.eraseIf([](const CopyRun *R) { return R->Pending == 0; });
    else
      for (CopyRun *R : Runs)
        Index.erase(R->Lo, R);
    for (CopyRun *R : Runs)
      retireRun(R, K);
    Runs.clear();
    shrinkPendingRange(K);
  }
}

/// Collects, for its lifetime, the runs that the completions in its scope
/// empty, and then removes them from the index at once.
class CompletionBatch {
public:
  CompletionBatch()
      : Active(IndexActive.load(std::memory_order_relaxed) &&
               !emptiedRuns().Collecting) {
    if (Active)
      emptiedRuns().Collecting = true;
  }
  ~CompletionBatch() {
    if (Active)
      removeEmptiedRuns();
  }
  CompletionBatch(const CompletionBatch &) = delete;
  CompletionBatch &operator=(const CompletionBatch &) = delete;

private:
  bool Active;
};

/// A pending copy of run \p R whose range overlaps [Lo, Hi), or null: the
/// one at the lowest address.
const PendingCopy *pendingCopyIn(const CopyRun *R, uintptr_t Lo, uintptr_t Hi) {
  PendingQueue &Q = R->T->Pending;
  // The copies before Q.Front are complete and their slots may hold newer
  // copies.
  uint64_t Begin = std::max(R->First, Q.Front), End = R->Last + 1;
  // The first copy ending after Lo: the run's copies are ascending, adjacent
  // but for the copies between them that completed at their issue.
  while (Begin < End) {
    uint64_t Mid = Begin + (End - Begin) / 2;
    if (rangeOf(Q.at(Mid).C, R->Kind).second <= Lo)
      Begin = Mid + 1;
    else
      End = Mid;
  }
  for (uint64_t Seq = Begin; Seq <= R->Last; ++Seq) {
    const PendingQueue::Entry &E = Q.at(Seq);
    if (rangeOf(E.C, R->Kind).first >= Hi)
      break;
    if (!E.Done)
      return &E.C;
  }
  return nullptr;
}

/// Called with the state lock held when \p E, \p T's copy, enters the
/// pending set.
void notePending(ThreadState &T, PendingQueue::Entry &E) {
  const PendingCopy &C = E.C;
  // Src's range is no longer than Dst's, so Size covers both. Only written
  // under the lock, so a plain load and store: a locked increment (and the
  // decrement in noteCompleted) cost more than the rest of a copy's
  // bookkeeping.
  PendingTotal.store(PendingTotal.load(std::memory_order_relaxed) + 1,
                     std::memory_order_relaxed);
  for (RunKind K : {DestinationRun, SourceRun}) {
    auto [Lo, Hi] = rangeOf(C, K);
    if (Lo < PendingLo[K].load(std::memory_order_relaxed))
      PendingLo[K].store(Lo, std::memory_order_relaxed);
    if (Hi > PendingHi[K].load(std::memory_order_relaxed))
      PendingHi[K].store(Hi, std::memory_order_relaxed);
  }
  if (IndexActive.load(std::memory_order_relaxed))
    indexCopy(T, E);
}

/// Called with the state lock held when \p E, \p T's copy, leaves the set
/// (completed, or dropped with its thread), before it is marked done.
void noteCompleted(ThreadState &T, PendingQueue::Entry &E) {
  if (IndexActive.load(std::memory_order_relaxed))
    unindexCopy(T, E);
  uint64_t Left = PendingTotal.load(std::memory_order_relaxed) - 1;
  PendingTotal.store(Left, std::memory_order_relaxed);
  if (Left != 0)
    return;
  for (RunKind K : {DestinationRun, SourceRun}) {
    PendingLo[K].store(UINTPTR_MAX, std::memory_order_relaxed);
    PendingHi[K].store(0, std::memory_order_relaxed);
  }
}

ThreadState::ThreadState(unsigned Id)
    : Id(Id), CompletionPolicy(getConfig().CompletionPolicy),
      Random{(getConfig().Seed + 1) * 0x9E3779B97F4A7C15ull + Id} {
  if (CompletionPolicy == Policy::Random)
    Wheel.resize(WheelSize);
  Frames.push_back(Frame{0, UINTPTR_MAX, {}, {}, 0});
  std::lock_guard<std::mutex> Guard(stateLock());
  allThreads().push_back(this);
}

ThreadState::~ThreadState() {
  std::lock_guard<std::mutex> Guard(stateLock());
  // Copies still pending die with their thread: no wait can force them now.
  CompletionBatch Batch;
  for (uint64_t Seq = Pending.front(); Seq != Pending.end(); ++Seq)
    if (!Pending.at(Seq).Done)
      noteCompleted(*this, Pending.at(Seq));
  std::vector<ThreadState *> &All = allThreads();
  for (size_t I = 0; I < All.size(); ++I)
    if (All[I] == this) {
      All.erase(All.begin() + I);
      break;
    }
}

ThreadState &currentThread() {
  thread_local ThreadState State(NextThreadId++);
  return State;
}

//===----------------------------------------------------------------------===//
// Completion
//===----------------------------------------------------------------------===//

void performCopy(const PendingCopy &C) {
  std::memmove(C.Dst, C.Src, C.SrcSize);
  if (C.SrcSize != C.Size)
    std::memset(C.Dst + C.SrcSize, 0, C.Size - C.SrcSize);
}

/// Completes \p T's pending copy with issue number \p Seq. The trace
/// numbers copies from 1 (its copy 0 is an eager one).
void complete(ThreadState &T, uint64_t Seq) {
  PendingQueue::Entry &E = T.Pending.at(Seq);
  performCopy(E.C);
  asyncpipe_trace::note(asyncpipe_trace::Event::Complete, E.C.Seq + 1);
  noteCompleted(T, E);
  T.Pending.markDone(Seq);
}

/// Lists in T.Scratch, in order, those of the \p N issue numbers
/// SeqAt(0..N-1) of \p T's copies that are still pending (not completed by
/// a wait or a moment of the random policy) and returns how many. Without a
/// branch per copy: under the random policy whether a copy is still pending
/// is a coin toss, and a branch on it is mispredicted half of the time.
template <typename SeqAtT>
size_t listPending(ThreadState &T, size_t N, SeqAtT SeqAt) {
  if (T.Scratch.size() < N)
    T.Scratch.resize(N);
  // In locals: the stores to the list might alias the fields.
  uint64_t *List = T.Scratch.data();
  const PendingQueue::Entry *Ring = T.Pending.Ring.data();
  uint64_t Mask = T.Pending.Ring.size() - 1, Front = T.Pending.Front;
  size_t Count = 0;
  for (size_t I = 0; I < N; ++I) {
    uint64_t Seq = SeqAt(I);
    List[Count] = Seq;
    // Slots before Front may hold newer copies: read, but not trusted.
    Count += (Seq >= Front) & !Ring[Seq & Mask].Done;
  }
  return Count;
}

/// Completes, in issue order, every copy of \p T issued before \p Boundary.
void completeBefore(ThreadState &T, uint64_t Boundary) {
  uint64_t Front = T.Pending.front();
  if (Front >= Boundary)
    return;
  size_t Count = listPending(T, std::min(Boundary, T.Pending.end()) - Front,
                             [Front](size_t I) { return Front + I; });
  CompletionBatch Batch;
  for (size_t I = 0; I < Count; ++I)
    complete(T, T.Scratch[I]);
}

/// Under the random policy, draws how many moments the copy just issued
/// stays pending through: none (it completes at the next moment) half of the
/// time, one a quarter, and so on. The policy completes pending copies at
/// random runtime calls, the moments (one call in sixteen on average, apart
/// by 1 to 31 calls), and at each moment each pending copy completes with
/// probability 1/2: about half of them, a uniformly random subset. Drawing
/// at its issue how many moments a copy survives (the trailing zeros of
/// random bits) gives each copy that same law, and it is filed under the
/// moment it completes at (fileAtMoment). A moment walks its list from a
/// random place in a random direction, so copies due together complete in
/// neither issue order nor any fixed order, and skips the copies a wait
/// completed first. Nothing else is drawn or walked: two random bits and an
/// append per pending copy, and per moment a draw and the walk.
unsigned drawMomentsPending(ThreadState &T) {
  // The trailing zeros of the pool and the one after them are used up; a
  // pool with no one left is refilled (its last zeros are dropped). Two bits
  // a copy on average: a draw every 32 copies.
  if (T.Pool == 0)
    T.Pool = T.Random();
  unsigned Moments = __builtin_ctzll(T.Pool);
  T.Pool = (T.Pool >> Moments) >> 1;
  return Moments;
}

/// Files \p T's pending copy \p Seq under the moment \p Moments moments
/// after the next one.
void fileAtMoment(ThreadState &T, uint64_t Seq, unsigned Moments) {
  static_assert(ThreadState::WheelSize > 63, "a copy waits up to 63 moments");
  T.Wheel[(T.NextMoment + Moments) % ThreadState::WheelSize].push_back(Seq);
}

/// A random policy's moment: completes the copies due now that no wait
/// completed before.
__attribute__((noinline)) void completeDueAtRandom(ThreadState &T) {
  uint64_t Bits = T.Random();
  T.CallsUntilMoment = 1 + (Bits & 15) + ((Bits >> 4) & 15);
  T.CompleteAtIssue = Bits & 512;
  std::vector<uint64_t> &Due = T.Wheel[T.NextMoment++ % ThreadState::WheelSize];
  if (Due.empty())
    return;
  const uint64_t *DueSeqs = Due.data();
  size_t Count =
      listPending(T, Due.size(), [DueSeqs](size_t I) { return DueSeqs[I]; });
  Due.clear();
  // Where the walk starts (the high bits, scaled to Count) and which way it
  // goes (bit 8; bit 9 is CompleteAtIssue).
  size_t Start = static_cast<size_t>(
      (static_cast<unsigned __int128>(Bits >> 10) * Count) >> 54);
  bool Backward = Bits & 256;
  CompletionBatch Batch;
  for (size_t K = 0; K < Count; ++K) {
    size_t I = Start + K < Count ? Start + K : Start + K - Count;
    complete(T, T.Scratch[Backward ? Count - 1 - I : I]);
  }
}

/// At every runtime call: under the random policy, counts down to the next
/// moment; nothing else, inline, for the other policies.
__attribute__((always_inline)) inline void
completeSomeAtRandom(ThreadState &T) {
  if (T.CompletionPolicy == Policy::Random && --T.CallsUntilMoment == 0)
    completeDueAtRandom(T);
}

/// Drops marks (or native commit groups) in \p Marks that are already
/// complete so that a loop that marks without waiting does not grow the
/// sequence without bound.
void forgetCompleteMarks(ThreadState &T, std::deque<uint64_t> &Marks) {
  uint64_t OldestPending = T.Pending.empty() ? T.NextSeq : T.Pending.front();
  while (!Marks.empty() && Marks.front() <= OldestPending)
    Marks.pop_front();
}

/// Returns once at most \p N of \p Marks are outstanding: completes every
/// copy issued before the (N+1)-th most recent mark.
void waitForMarks(ThreadState &T, std::deque<uint64_t> &Marks, uint64_t N) {
  if (Marks.size() > N) {
    // The oldest mark allowed to stay outstanding is the N-th most recent;
    // every older one, and so every copy before it, must complete.
    size_t MustComplete = Marks.size() - N;
    completeBefore(T, Marks[MustComplete - 1]);
    Marks.erase(Marks.begin(), Marks.begin() + MustComplete);
  }
  forgetCompleteMarks(T, Marks);
}

/// Completes, in issue order, every pending copy of \p T issued in
/// [\p Begin, \p End).
void completeRange(ThreadState &T, uint64_t Begin, uint64_t End) {
  uint64_t From = std::max(T.Pending.front(), Begin);
  uint64_t To = std::min(End, T.Pending.end());
  if (From >= To)
    return;
  size_t Count =
      listPending(T, To - From, [From](size_t I) { return From + I; });
  CompletionBatch Batch;
  for (size_t I = 0; I < Count; ++I)
    complete(T, T.Scratch[I]);
}

using QueueGroups = std::deque<std::pair<uint64_t, uint64_t>>;

/// Drops \p Groups' oldest groups once every copy before their end is
/// complete.
void forgetCompleteGroups(ThreadState &T, QueueGroups &Groups) {
  uint64_t OldestPending = T.Pending.empty() ? T.NextSeq : T.Pending.front();
  while (!Groups.empty() && Groups.front().second <= OldestPending)
    Groups.pop_front();
}

/// Returns once at most \p N of \p Groups are outstanding: completes the
/// copies of the older groups, and of no other queue. Adjacent groups
/// complete as one range, in issue order.
void waitForGroups(ThreadState &T, QueueGroups &Groups, uint64_t N) {
  if (Groups.size() > N) {
    size_t MustComplete = Groups.size() - N;
    uint64_t Begin = Groups[0].first, End = Groups[0].second;
    for (size_t I = 1; I < MustComplete; ++I) {
      if (Groups[I].first != End) {
        completeRange(T, Begin, End);
        Begin = Groups[I].first;
      }
      End = Groups[I].second;
    }
    completeRange(T, Begin, End);
    Groups.erase(Groups.begin(), Groups.begin() + MustComplete);
  }
  forgetCompleteGroups(T, Groups);
}

/// Makes \p F keep its marks per queue, from its first mark of a queue
/// other than 0: queue 0's outstanding marks become groups, each beginning
/// where the one before it ends (the oldest at 0: what precedes it is
/// complete or its own).
void startQueues(Frame &F) {
  F.Queues.resize(asyncpipe_rt::MaxQueues);
  uint64_t Begin = 0;
  for (uint64_t End : F.Marks) {
    F.Queues[0].push_back({Begin, End});
    Begin = End;
  }
  F.Marks.clear();
}

//===----------------------------------------------------------------------===//
// AsyncSan reports
//===----------------------------------------------------------------------===//

/// Starts the index at a program's first checking call: indexes the copies
/// already pending in every thread, then keeps it up to date.
__attribute__((noinline)) void startIndex() {
  std::lock_guard<std::mutex> Guard(stateLock());
  if (IndexActive.load(std::memory_order_relaxed))
    return;
  for (ThreadState *T : allThreads())
    for (uint64_t Seq = T->Pending.front(); Seq != T->Pending.end(); ++Seq)
      if (!T->Pending.at(Seq).Done)
        indexCopy(*T, T->Pending.at(Seq));
  IndexActive.store(true, std::memory_order_relaxed);
}

inline void activateIndex() {
  if (!IndexActive.load(std::memory_order_relaxed))
    startIndex();
}

/// Whether [Addr, Addr+Size) lies near the pending ranges of kind \p K:
/// within the conservative range that holds them all.
bool mayRaceWith(RunKind K, uintptr_t Addr, uint64_t Size) {
  return Addr < PendingHi[K].load(std::memory_order_relaxed) &&
         Addr + Size > PendingLo[K].load(std::memory_order_relaxed);
}

/// Whether \p Access of [P, P+Size) needs a look at the index: something is
/// in flight near it (never the case under eager), in a range it may race
/// with. The index must be active (activateIndex).
bool mayRace(AccessKind Access, const void *P, uint64_t Size) {
  auto Addr = reinterpret_cast<uintptr_t>(P);
  return Size != 0 && PendingTotal.load(std::memory_order_relaxed) != 0 &&
         (mayRaceWith(DestinationRun, Addr, Size) ||
          (isWrite(Access) && mayRaceWith(SourceRun, Addr, Size)));
}

/// Reports the first pending copy that \p Access at [P, P+Size) by thread
/// \p Self races with; the state lock is held in \p Lock.
void checkAccessLocked(std::unique_lock<std::mutex> &Lock, unsigned Self,
                       AccessKind Access, const void *P, uint64_t Size,
                       const Site *AccessSite) {
  auto Addr = reinterpret_cast<uintptr_t>(P);
  auto PendingIn = [Addr, Size](const CopyRun *R) {
    return pendingCopyIn(R, Addr, Addr + Size);
  };
  // Only the kinds whose ranges the access is near: the staged runs of the
  // others stay out of the index.
  const PendingCopy *C = nullptr;
  if (mayRaceWith(DestinationRun, Addr, Size)) {
    flushStagedRuns(DestinationRun);
    C = runIndex(DestinationRun).findFirst(Addr, Addr + Size, PendingIn);
  }
  if (C) {
    reportRace(Lock,
               isWrite(Access) ? "write-after-async-write"
                               : "read-after-async-write",
               "destination", Access, P, Size, AccessSite, Self, *C, C->Thread);
    return;
  }
  if (!isWrite(Access))
    return;
  if (!mayRaceWith(SourceRun, Addr, Size))
    return;
  flushStagedRuns(SourceRun);
  if ((C = runIndex(SourceRun).findFirst(Addr, Addr + Size, PendingIn)))
    reportRace(Lock, "async-source-overwrite", "source", Access, P, Size,
               AccessSite, Self, *C, C->Thread);
}

/// Reports the first pending copy that \p Access at [P, P+Size) races with.
void checkAccess(AccessKind Access, const void *P, uint64_t Size,
                 const Site *AccessSite) {
  activateIndex();
  if (!mayRace(Access, P, Size))
    return;
  // Taken before locking: the first call in a thread registers it.
  unsigned Self = currentThread().Id;
  std::unique_lock<std::mutex> Lock(stateLock());
  checkAccessLocked(Lock, Self, Access, P, Size, AccessSite);
}

/// Warns about copies issued during the activation \p F that are still
/// pending when it returns: no wait in it covered them. Each pair of exit and
/// issue site is reported once.
void checkExit(ThreadState &T, const Frame &F, const Site *ExitSite) {
  static auto *Reported = new std::set<std::pair<const Site *, const Site *>>;
  PendingQueue &Q = T.Pending;
  uint64_t Seq = std::max(F.EntrySeq, Q.front());
  while (Seq < Q.end() && Q.at(Seq).Done)
    ++Seq;
  if (Seq >= Q.end())
    return;
  const PendingCopy *First = &Q.at(Seq).C;
  if (!Reported->insert({ExitSite, First->IssueSite}).second)
    return;
  // Counted only for the report: each pair is reported once.
  uint64_t Count = 0;
  for (; Seq < Q.end(); ++Seq)
    Count += !Q.at(Seq).Done;
  reportPendingAtExit(Count, ExitSite, First->IssueSite);
}

//===----------------------------------------------------------------------===//
// The model's operations
//===----------------------------------------------------------------------===//

/// Moves the bytes of \p C, a copy that completes at its issue: copy 0 in
/// the trace, issued and complete at once.
void completeAtOnce(const PendingCopy &C) {
  asyncpipe_trace::note(asyncpipe_trace::Event::Issue, 0, C.Size);
  performCopy(C);
  asyncpipe_trace::note(asyncpipe_trace::Event::Complete, 0);
}

/// AsyncSan's checks of \p C's read of its source and write of its
/// destination, made by thread \p Self at the copy's issue with the state
/// lock held in \p Lock.
void checkIssueLocked(std::unique_lock<std::mutex> &Lock, unsigned Self,
                      const PendingCopy &C) {
  AccessKind Read =
      C.IsStore ? AccessKind::AsyncStoreRead : AccessKind::CopyRead;
  AccessKind Write =
      C.IsStore ? AccessKind::AsyncStoreWrite : AccessKind::CopyWrite;
  if (mayRace(Read, C.Src, C.SrcSize))
    checkAccessLocked(Lock, Self, Read, C.Src, C.SrcSize, C.IssueSite);
  if (mayRace(Write, C.Dst, C.Size))
    checkAccessLocked(Lock, Self, Write, C.Dst, C.Size, C.IssueSite);
}

/// Whether \p T's copy about to be issued completes at its issue, as under
/// eager. Under the random policy a coin drawn at each moment decides
/// whether the copies issued until the next moment complete at their issue
/// or stay pending, so a run mixes stretches of eager and of lazy completion
/// with the moments' random completions. A group's first copy stays pending
/// whatever the coin: every group keeps a copy in flight that a wait too
/// weak for it leaves behind, where AsyncSan sees it. With this rule
/// AsyncSan catches a generated negative program in 92.0% of the random
/// runs, and every one of 500 with one of six seeds; when no copy completed
/// at its issue, 93.9% (bench/random-policy-detection.sh).
///
/// Why (bench/asyncsan-overhead.sh): a copy that completes at its issue
/// costs what an eager copy does, a pending one what a lazy copy does plus
/// its filing (drawMomentsPending), and each moment a mispredicted branch
/// and a walk. When no copy completed at its issue, random cost 1.15 times
/// lazy (1.04-1.12 with AsyncSan); with a coin per copy, 1.09, the coin's
/// mispredicted branch costing about what the copies completed at issue
/// saved. A coin per stretch is one more bit of the moment's draw.
bool completesAtIssue(const ThreadState &T) {
  return T.CompletionPolicy == Policy::Random && T.CompleteAtIssue &&
         T.GroupHasPendingCopy;
}

/// Under the random policy, completes \p T's copy \p C at its issue, which
/// counts as a runtime call towards the next moment. Like an eager copy it
/// enters neither the pending queue nor AsyncSan's index, and it takes the
/// state lock only for AsyncSan (its checks and extendRunsOver) and for a
/// moment. \p Checked: AsyncSan checks its read and its write first.
void completeAtIssue(ThreadState &T, const PendingCopy &C, bool Checked) {
  std::unique_lock<std::mutex> Lock(stateLock(), std::defer_lock);
  // Checked copies made the index active.
  if (IndexActive.load(std::memory_order_relaxed)) {
    Lock.lock();
    if (Checked)
      checkIssueLocked(Lock, T.Id, C);
    extendRunsOver(T, C);
  }
  completeAtOnce(C);
  if (--T.CallsUntilMoment == 0) {
    if (!Lock.owns_lock())
      Lock.lock();
    completeDueAtRandom(T);
  }
}

/// Issues a copy of \p N bytes to \p Dst of which the first \p SrcN come
/// from \p Src and the rest are zeros. \p Checked: AsyncSan first checks its
/// read of the source and its write of the destination against the copies
/// in flight, under the same lock as the issue (a lock each cost more than
/// the rest of the checks). \p IsStore: an async store (shared to global
/// memory), which only its reports tell from a copy.
void issueCopy(void *Dst, const void *Src, uint64_t N, uint64_t SrcN,
               const Site *S, bool Checked = false, bool IsStore = false) {
  PendingCopy C{0,
                static_cast<char *>(Dst),
                static_cast<const char *>(Src),
                N,
                std::min(SrcN, N),
                S,
                0,
                IsStore};
  if (Checked)
    activateIndex();
  // Read once: getConfig() is a call into another file at every copy.
  static const Policy CompletionPolicy = getConfig().CompletionPolicy;
  if (CompletionPolicy == Policy::Eager || N == 0) {
    if (Checked) {
      checkAccess(IsStore ? AccessKind::AsyncStoreRead : AccessKind::CopyRead,
                  Src, C.SrcSize, S);
      checkAccess(IsStore ? AccessKind::AsyncStoreWrite : AccessKind::CopyWrite,
                  Dst, N, S);
    }
    if (N != 0)
      completeAtOnce(C);
    return;
  }
  ThreadState &T = currentThread();
  if (completesAtIssue(T)) {
    completeAtIssue(T, C, Checked);
    return;
  }
  std::unique_lock<std::mutex> Lock(stateLock());
  if (Checked)
    checkIssueLocked(Lock, T.Id, C);
  C.Seq = T.NextSeq++;
  C.Thread = T.Id;
  asyncpipe_trace::note(asyncpipe_trace::Event::Issue, C.Seq + 1, N);
  if (T.Pending.full())
    T.Pending.grow();
  notePending(T, T.Pending.push(C));
  T.GroupHasPendingCopy = true;
  // The moment this call may be comes first: a pending copy completes at a
  // later call, never at its issue.
  completeSomeAtRandom(T);
  if (T.CompletionPolicy == Policy::Random)
    fileAtMoment(T, C.Seq, drawMomentsPending(T));
}

/// Forgets activations that were left without __asyncpipe_rt_exit, because an
/// exception or longjmp unwound their function: a runtime call from a
/// shallower stack depth than an activation's entry means that activation is
/// gone. Without this, a caller's later marks and waits would apply to a dead
/// callee's sequence.
void popUnwoundFrames(ThreadState &T, uintptr_t CallerDepth) {
  while (T.Frames.size() > 1 && T.Frames.back().EnterFrame < CallerDepth)
    T.Frames.pop_back();
}

void leaveActivation(const Site *S, bool Check, uintptr_t CallerDepth) {
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, CallerDepth);
  // An exit without a matching enter (hand-written IR) leaves the root alone.
  if (T.Frames.size() > 1) {
    if (Check)
      checkExit(T, T.Frames.back(), S);
    T.Frames.pop_back();
  }
  completeSomeAtRandom(T);
}

} // namespace

extern "C" {

void __asyncpipe_rt_enter(void) noexcept {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  T.Frames.push_back(Frame{T.NextSeq, Depth, {}, {}, 0});
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_exit(const Site *S) noexcept {
  leaveActivation(S, /*Check=*/false, ASYNCPIPE_CALLER_DEPTH());
}

void __asyncpipe_rt_copy(void *Dst, const void *Src, uint64_t N,
                         const Site *S) noexcept {
  issueCopy(Dst, Src, N, N, S);
}

void __asyncpipe_rt_copy_zfill(void *Dst, const void *Src, uint64_t N,
                               uint64_t SrcN, const Site *S) noexcept {
  issueCopy(Dst, Src, N, SrcN, S);
}

void __asyncpipe_rt_store(void *Dst, const void *Src, uint64_t N,
                          const Site *S) noexcept {
  issueCopy(Dst, Src, N, N, S, /*Checked=*/false, /*IsStore=*/true);
}

// Weak: a work-group runner with several work-items per group replaces it.
__attribute__((weak)) void __asyncpipe_rt_barrier(void) noexcept {}

void __asyncpipe_rt_mark(void) noexcept {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  Frame &F = T.Frames.back();
  if (F.Queues.empty()) {
    F.Marks.push_back(T.NextSeq);
  } else {
    F.Queues[0].push_back({F.GroupBegin, T.NextSeq});
    forgetCompleteGroups(T, F.Queues[0]);
  }
  F.GroupBegin = T.NextSeq;
  startGroup(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::Mark);
  forgetCompleteMarks(T, F.Marks);
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_mark_queue(uint32_t Q) noexcept {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  Frame &F = T.Frames.back();
  if (F.Queues.empty())
    startQueues(F);
  QueueGroups &Groups = F.Queues[Q % asyncpipe_rt::MaxQueues];
  Groups.push_back({F.GroupBegin, T.NextSeq});
  F.GroupBegin = T.NextSeq;
  startGroup(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::Mark);
  forgetCompleteGroups(T, Groups);
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_wait_queue(uint32_t Q, uint64_t N) noexcept {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitEnter, 0, N);
  Frame &F = T.Frames.back();
  if (F.Queues.empty())
    startQueues(F);
  waitForGroups(T, F.Queues[Q % asyncpipe_rt::MaxQueues], N);
  completeSomeAtRandom(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitReturn);
}

void __asyncpipe_rt_wait(uint64_t N) noexcept {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitEnter, 0, N);
  Frame &F = T.Frames.back();
  if (F.Queues.empty())
    waitForMarks(T, F.Marks, N);
  else
    waitForGroups(T, F.Queues[0], N);
  completeSomeAtRandom(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitReturn);
}

// The native forms need no caller depth: no activation scopes them.
void __asyncpipe_rt_hw_commit(void) noexcept {
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  T.HardwareGroups.push_back(T.NextSeq);
  startGroup(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::Mark);
  forgetCompleteMarks(T, T.HardwareGroups);
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_hw_wait(uint64_t N) noexcept {
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitEnter, 0, N);
  waitForMarks(T, T.HardwareGroups, N);
  completeSomeAtRandom(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitReturn);
}

void __asyncpipe_rt_hw_wait_all(void) noexcept {
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  // cp.async.wait_all: commit the copies no group holds yet, then wait for
  // every group.
  T.HardwareGroups.push_back(T.NextSeq);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitEnter, 0, 0);
  waitForMarks(T, T.HardwareGroups, 0);
  completeSomeAtRandom(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitReturn);
}

void __asyncpipe_rt_san_copy(void *Dst, const void *Src, uint64_t N,
                             const Site *S) noexcept {
  issueCopy(Dst, Src, N, N, S, /*Checked=*/true);
}

void __asyncpipe_rt_san_copy_zfill(void *Dst, const void *Src, uint64_t N,
                                   uint64_t SrcN, const Site *S) noexcept {
  issueCopy(Dst, Src, N, SrcN, S, /*Checked=*/true);
}

void __asyncpipe_rt_san_async_store(void *Dst, const void *Src, uint64_t N,
                                    const Site *S) noexcept {
  issueCopy(Dst, Src, N, N, S, /*Checked=*/true, /*IsStore=*/true);
}

void __asyncpipe_rt_san_exit(const Site *S) noexcept {
  activateIndex();
  leaveActivation(S, /*Check=*/true, ASYNCPIPE_CALLER_DEPTH());
}

void __asyncpipe_rt_san_load(const void *P, uint64_t N,
                             const Site *S) noexcept {
  checkAccess(AccessKind::Load, P, N, S);
}

void __asyncpipe_rt_san_store(const void *P, uint64_t N,
                              const Site *S) noexcept {
  checkAccess(AccessKind::Store, P, N, S);
}

uint64_t __asyncpipe_rt_san_report_count(void) noexcept {
  return ReportCount.load();
}

} // extern "C"
