//===- asyncpipe_rt.cpp - AsyncPipe host runtime and AsyncSan checks ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// There is no GPU to run kernels on, so the async model of
// llvm/docs/AsyncPipeModel.rst is executed on the host instead: copies, marks and waits become calls into
// this library. It keeps, per host thread, the copies still in flight and a
// stack of function activations, each with its own mark sequence, and decides
// when a copy completes by a policy chosen at run time:
//
//   eager   every copy completes at issue (a synchronous memcpy);
//   lazy    a copy completes only when a wait forces it (the latest legal
//           moment), so any read that relies on a too-weak wait sees stale
//           data and AsyncSan sees the copy still pending;
//   random  pending copies complete at seeded random moments, in random
//           order (reproducible with ASYNCPIPE_SEED).
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
// an interval index by address (interval_index.h), so a check, an issue and a
// completion each cost O(log n) in the copies in flight. The settings and the
// reports' text live in config.cpp and asyncsan_report.cpp.
//
// The rest stays one file, a little longer than AsyncPipe's ~500-line
// guideline: the policies, the activation stacks, the commit-group queues and
// the AsyncSan checks all work on the per-thread state under the one lock
// (stateLock), which stays private to this translation unit.
//
//===----------------------------------------------------------------------===//

#include "asyncpipe_rt.h"
#include "asyncpipe_rt_internal.h"
#include "asyncpipe_trace.h"
#include "interval_index.h"

#include <algorithm>
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
};

/// The caller's stack pointer at its call into the runtime entry point that
/// uses this (the entry's canonical frame address, the same whatever the
/// entry's own frame layout), identifying the caller's depth on the
/// downward-growing stack. The plugin emits the runtime calls `notail`, so
/// the caller really is the function that marks or waits.
#define ASYNCPIPE_CALLER_DEPTH()                                               \
  reinterpret_cast<uintptr_t>(__builtin_dwarf_cfa())

/// A thread's pending copies in issue order. A wait completes them at the
/// front; the random policy anywhere, which leaves a hole (Done) that the
/// front skips. Issue numbers are consecutive within a thread, so the entries
/// live in a ring indexed by issue number: issuing, completing and finding
/// an issue number cost O(1), with no allocation once the ring is large
/// enough (a deque allocated and freed a block every eight copies). The ring
/// only grows, which moves the copies: the caller re-indexes them then (see
/// issueCopy). Under the random policy (TrackLive), Live also lists the issue
/// numbers of the copies not yet done, in no order, so that a uniformly
/// random pending copy costs one draw instead of draws that land on holes.
struct PendingQueue {
  struct Entry {
    PendingCopy C;
    bool Done;
    uint32_t Slot; // Its position in Live, when TrackLive.
  };
  std::vector<Entry> Ring; // A power of two long, or empty.
  uint64_t Front = 0;      // Entries [Front, End) by issue number; Front is
  uint64_t End = 0;        // pending unless the range is empty.
  std::vector<uint64_t> Live;
  size_t NumLive = 0;
  bool TrackLive = false;

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
  /// The oldest pending copy's issue number, or end() if none is pending.
  uint64_t front() {
    advanceFront();
    return Front;
  }
  uint64_t end() const { return End; }

  /// Doubles the ring, moving every entry; front() must have been asked for.
  void grow() {
    std::vector<Entry> Old = std::move(Ring);
    Ring.assign(Old.empty() ? 64 : 2 * Old.size(), Entry{});
    for (uint64_t Seq = Front; Seq != End; ++Seq)
      at(Seq) = Old[Seq & (Old.size() - 1)];
  }
  /// Appends \p C, whose issue number must be end(); the ring must not be
  /// full.
  PendingCopy &push(const PendingCopy &C) {
    if (End == Front)
      Front = End = C.Seq;
    Entry &E = at(End++);
    E = Entry{C, false, static_cast<uint32_t>(Live.size())};
    if (TrackLive)
      Live.push_back(C.Seq);
    ++NumLive;
    return E.C;
  }
  void markDone(uint64_t Seq) {
    Entry &E = at(Seq);
    E.Done = true;
    --NumLive;
    if (TrackLive) {
      uint64_t Moved = Live.back();
      Live[E.Slot] = Moved;
      at(Moved).Slot = E.Slot;
      Live.pop_back();
    }
    // Front moves on only when it is next asked for (front(), full()): here,
    // after each completion in random order, testing whether the oldest copy
    // completed would be a mispredicted branch per copy.
  }
  void advanceFront() {
    while (Front != End && at(Front).Done)
      ++Front;
  }
};

struct ThreadState {
  unsigned Id;
  Policy CompletionPolicy; // getConfig()'s, read once per thread.
  uint64_t NextSeq = 0;
  PendingQueue Pending;
  std::vector<Frame> Frames;       // Frames[0] is the thread's root.
  /// Native commit groups (cp.async.commit_group) not known to be complete,
  /// oldest first, each as the issue sequence number it closes. One queue
  /// per thread, as in hardware: activations do not scope it.
  std::deque<uint64_t> HardwareGroups;
  /// The random policy's generator (xorshift64*: a few cycles a number,
  /// which the policy draws at every runtime call).
  struct {
    uint64_t State;
    uint64_t operator()() {
      State ^= State >> 12;
      State ^= State << 25;
      State ^= State >> 27;
      return State * 0x2545F4914F6CDD1Dull;
    }
  } Random;
  /// Runtime calls left before the random policy's next completion moment.
  uint32_t CallsUntilMoment = 1;

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
// A conservative address range holding every pending copy's source and
// destination, for the checks' fast path. It only grows while copies are in
// flight and is reset when none is left. Updated under the state lock.
std::atomic<uintptr_t> PendingLo{UINTPTR_MAX};
std::atomic<uintptr_t> PendingHi{0};

/// The destinations and the sources of the pending copies of every thread,
/// by address, so that a check costs O(log n) in the copies in flight.
/// Updated under the state lock, and only once a program built with AsyncSan
/// made its first checking call (IndexActive): without checks nothing reads
/// it, and keeping it would cost more than the rest of a copy's bookkeeping.
std::atomic<bool> IndexActive{false};
using CopyIndex = asyncpipe_rt::IntervalIndex<PendingCopy>;
CopyIndex &destinations() {
  static auto *I = new CopyIndex;
  return *I;
}
CopyIndex &sources() {
  static auto *I = new CopyIndex;
  return *I;
}

uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }

void indexCopy(const PendingCopy &C) {
  destinations().insert(addr(C.Dst), addr(C.Dst) + C.Size, &C);
  if (C.SrcSize)
    sources().insert(addr(C.Src), addr(C.Src) + C.SrcSize, &C);
}

void unindexCopy(const PendingCopy &C) {
  destinations().erase(addr(C.Dst), &C);
  if (C.SrcSize)
    sources().erase(addr(C.Src), &C);
}

/// Called with the state lock held when \p C (at its final address) enters
/// the pending set.
void notePending(const PendingCopy &C) {
  // Src's range is no longer than Dst's, so Size covers both. Only written
  // under the lock, so a plain load and store: a locked increment (and the
  // decrement in noteCompleted) cost more than the rest of a copy's
  // bookkeeping.
  PendingTotal.store(PendingTotal.load(std::memory_order_relaxed) + 1,
                     std::memory_order_relaxed);
  for (auto Addr : {addr(C.Dst), addr(C.Src)}) {
    if (Addr < PendingLo.load(std::memory_order_relaxed))
      PendingLo.store(Addr, std::memory_order_relaxed);
    if (Addr + C.Size > PendingHi.load(std::memory_order_relaxed))
      PendingHi.store(Addr + C.Size, std::memory_order_relaxed);
  }
  if (IndexActive.load(std::memory_order_relaxed))
    indexCopy(C);
}

/// Called with the state lock held when \p C leaves the set (completed, or
/// dropped with its thread), before it is destroyed.
void noteCompleted(const PendingCopy &C) {
  if (IndexActive.load(std::memory_order_relaxed))
    unindexCopy(C);
  uint64_t Left = PendingTotal.load(std::memory_order_relaxed) - 1;
  PendingTotal.store(Left, std::memory_order_relaxed);
  if (Left != 0)
    return;
  PendingLo.store(UINTPTR_MAX, std::memory_order_relaxed);
  PendingHi.store(0, std::memory_order_relaxed);
}

ThreadState::ThreadState(unsigned Id)
    : Id(Id), CompletionPolicy(getConfig().CompletionPolicy),
      Random{(getConfig().Seed + 1) * 0x9E3779B97F4A7C15ull + Id} {
  Pending.TrackLive = CompletionPolicy == Policy::Random;
  Frames.push_back(Frame{0, UINTPTR_MAX, {}});
  std::lock_guard<std::mutex> Guard(stateLock());
  allThreads().push_back(this);
}

ThreadState::~ThreadState() {
  std::lock_guard<std::mutex> Guard(stateLock());
  // Copies still pending die with their thread: no wait can force them now.
  for (uint64_t Seq = Pending.front(); Seq != Pending.end(); ++Seq)
    if (!Pending.at(Seq).Done)
      noteCompleted(Pending.at(Seq).C);
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
  const PendingCopy &C = T.Pending.at(Seq).C;
  performCopy(C);
  asyncpipe_trace::note(asyncpipe_trace::Event::Complete, C.Seq + 1);
  noteCompleted(C);
  T.Pending.markDone(Seq);
}

/// Completes, in issue order, every copy of \p T issued before \p Boundary.
void completeBefore(ThreadState &T, uint64_t Boundary) {
  while (!T.Pending.empty() && T.Pending.front() < Boundary)
    complete(T, T.Pending.front());
}

/// Under the random policy, at random runtime calls (the moments: one call
/// in eight on average, apart by 1 to 15 calls) completes about half of the
/// pending copies, chosen at random, in random order; the other policies do
/// nothing here. O(1) per copy completed, never a walk over the pending
/// copies, and nothing but a countdown at the calls in between: each copy
/// completes once, so over a run this costs no more than lazy. (Deciding at
/// every call instead, as this did first, cost twice lazy: a random number
/// of completions at each call is a mispredicted branch at each call; a
/// moment still costs a few, so moments are rare and complete many copies.)
void completeSomeAtRandom(ThreadState &T) {
  if (T.CompletionPolicy != Policy::Random || --T.CallsUntilMoment != 0)
    return;
  uint64_t Bits = T.Random();
  T.CallsUntilMoment = 1 + (Bits & 7) + ((Bits >> 3) & 7);
  uint64_t N = T.Pending.size();
  if (N == 0)
    return;
  // How many: n trials of probability 1/2 for n <= 64 (a trial is one bit
  // of a random word); beyond that, 64 such trials scaled to n.
  uint64_t Hits = T.Random();
  if (N < 64)
    Hits &= (uint64_t(1) << N) - 1;
  uint64_t Count = __builtin_popcountll(Hits);
  if (N > 64)
    Count = Count * N / 64;
  // Each pick: a uniformly random pending copy.
  const std::vector<uint64_t> &Live = T.Pending.Live;
  for (; Count; --Count) {
    size_t J = static_cast<size_t>(
        (static_cast<unsigned __int128>(T.Random()) * Live.size()) >> 64);
    complete(T, Live[J]);
  }
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

//===----------------------------------------------------------------------===//
// AsyncSan reports
//===----------------------------------------------------------------------===//

/// Starts the index at a program's first checking call: indexes the copies
/// already pending in every thread, then keeps it up to date.
void activateIndex() {
  if (IndexActive.load(std::memory_order_relaxed))
    return;
  std::lock_guard<std::mutex> Guard(stateLock());
  if (IndexActive.load(std::memory_order_relaxed))
    return;
  for (ThreadState *T : allThreads())
    for (uint64_t Seq = T->Pending.front(); Seq != T->Pending.end(); ++Seq)
      if (!T->Pending.at(Seq).Done)
        indexCopy(T->Pending.at(Seq).C);
  IndexActive.store(true, std::memory_order_relaxed);
}

/// Reports the first pending copy that \p Access at [P, P+Size) races with.
void checkAccess(AccessKind Access, const void *P, uint64_t Size,
                 const Site *AccessSite) {
  activateIndex();
  // Fast path: nothing in flight anywhere (always the case under eager), or
  // nothing in flight near this access.
  auto Addr = reinterpret_cast<uintptr_t>(P);
  if (Size == 0 || PendingTotal.load(std::memory_order_relaxed) == 0 ||
      Addr >= PendingHi.load(std::memory_order_relaxed) ||
      Addr + Size <= PendingLo.load(std::memory_order_relaxed))
    return;
  // Taken before locking: the first call in a thread registers it.
  unsigned Self = currentThread().Id;
  std::unique_lock<std::mutex> Lock(stateLock());
  if (const PendingCopy *C = destinations().findOverlap(Addr, Addr + Size)) {
    reportRace(Lock,
               isWrite(Access) ? "write-after-async-write"
                               : "read-after-async-write",
               "destination", Access, P, Size, AccessSite, Self, *C, C->Thread);
    return;
  }
  if (!isWrite(Access))
    return;
  if (const PendingCopy *C = sources().findOverlap(Addr, Addr + Size))
    reportRace(Lock, "async-source-overwrite", "source", Access, P, Size,
               AccessSite, Self, *C, C->Thread);
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

/// Issues a copy of \p N bytes to \p Dst of which the first \p SrcN come
/// from \p Src and the rest are zeros.
void issueCopy(void *Dst, const void *Src, uint64_t N, uint64_t SrcN,
               const Site *S) {
  if (N == 0)
    return;
  PendingCopy C{0, static_cast<char *>(Dst), static_cast<const char *>(Src),
                N, std::min(SrcN, N),        S,
                0};
  if (getConfig().CompletionPolicy == Policy::Eager) {
    // Copy 0 in the trace: issued and complete at once.
    asyncpipe_trace::note(asyncpipe_trace::Event::Issue, 0, N);
    performCopy(C);
    asyncpipe_trace::note(asyncpipe_trace::Event::Complete, 0);
    return;
  }
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  C.Seq = T.NextSeq++;
  C.Thread = T.Id;
  asyncpipe_trace::note(asyncpipe_trace::Event::Issue, C.Seq + 1, N);
  if (T.Pending.full()) {
    // Growing the ring moves the copies the index points at.
    bool Reindex = IndexActive.load(std::memory_order_relaxed);
    for (uint64_t Seq = T.Pending.front(); Reindex && Seq != T.Pending.end();
         ++Seq)
      if (!T.Pending.at(Seq).Done)
        unindexCopy(T.Pending.at(Seq).C);
    T.Pending.grow();
    for (uint64_t Seq = T.Pending.front(); Reindex && Seq != T.Pending.end();
         ++Seq)
      if (!T.Pending.at(Seq).Done)
        indexCopy(T.Pending.at(Seq).C);
  }
  // Indexed at its final address: the index points at it.
  notePending(T.Pending.push(C));
  completeSomeAtRandom(T);
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

void __asyncpipe_rt_enter(void) {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  T.Frames.push_back(Frame{T.NextSeq, Depth, {}});
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_exit(const Site *S) {
  leaveActivation(S, /*Check=*/false, ASYNCPIPE_CALLER_DEPTH());
}

void __asyncpipe_rt_copy(void *Dst, const void *Src, uint64_t N,
                         const Site *S) {
  issueCopy(Dst, Src, N, N, S);
}

void __asyncpipe_rt_copy_zfill(void *Dst, const void *Src, uint64_t N,
                               uint64_t SrcN, const Site *S) {
  issueCopy(Dst, Src, N, SrcN, S);
}

// Weak: a work-group runner with several work-items per group replaces it.
__attribute__((weak)) void __asyncpipe_rt_barrier(void) {}

void __asyncpipe_rt_mark(void) {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  Frame &F = T.Frames.back();
  F.Marks.push_back(T.NextSeq);
  asyncpipe_trace::note(asyncpipe_trace::Event::Mark);
  forgetCompleteMarks(T, F.Marks);
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_wait(uint64_t N) {
  uintptr_t Depth = ASYNCPIPE_CALLER_DEPTH();
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  popUnwoundFrames(T, Depth);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitEnter, 0, N);
  waitForMarks(T, T.Frames.back().Marks, N);
  completeSomeAtRandom(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitReturn);
}

// The native forms need no caller depth: no activation scopes them.
void __asyncpipe_rt_hw_commit(void) {
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  T.HardwareGroups.push_back(T.NextSeq);
  asyncpipe_trace::note(asyncpipe_trace::Event::Mark);
  forgetCompleteMarks(T, T.HardwareGroups);
  completeSomeAtRandom(T);
}

void __asyncpipe_rt_hw_wait(uint64_t N) {
  ThreadState &T = currentThread();
  std::lock_guard<std::mutex> Guard(stateLock());
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitEnter, 0, N);
  waitForMarks(T, T.HardwareGroups, N);
  completeSomeAtRandom(T);
  asyncpipe_trace::note(asyncpipe_trace::Event::WaitReturn);
}

void __asyncpipe_rt_hw_wait_all(void) {
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
                             const Site *S) {
  checkAccess(AccessKind::CopyRead, Src, N, S);
  checkAccess(AccessKind::CopyWrite, Dst, N, S);
  issueCopy(Dst, Src, N, N, S);
}

void __asyncpipe_rt_san_copy_zfill(void *Dst, const void *Src, uint64_t N,
                                   uint64_t SrcN, const Site *S) {
  checkAccess(AccessKind::CopyRead, Src, std::min(SrcN, N), S);
  checkAccess(AccessKind::CopyWrite, Dst, N, S);
  issueCopy(Dst, Src, N, SrcN, S);
}

void __asyncpipe_rt_san_exit(const Site *S) {
  activateIndex();
  leaveActivation(S, /*Check=*/true, ASYNCPIPE_CALLER_DEPTH());
}

void __asyncpipe_rt_san_load(const void *P, uint64_t N, const Site *S) {
  checkAccess(AccessKind::Load, P, N, S);
}

void __asyncpipe_rt_san_store(const void *P, uint64_t N, const Site *S) {
  checkAccess(AccessKind::Store, P, N, S);
}

uint64_t __asyncpipe_rt_san_report_count(void) { return ReportCount.load(); }

} // extern "C"
