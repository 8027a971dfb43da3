//===- asyncpipe_rt.cpp - AsyncPipe host runtime and AsyncSan checks ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// There is no GPU to run kernels on, so the async model of llvm/docs/AsyncPipeModel.rst
// is executed on the host instead: copies, marks and waits become calls into
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
// The AsyncSan checks (__asyncpipe_rt_san_*) compare each instrumented access
// with the pending copies of every thread, since shared memory is shared by
// the work-items a work-group runner maps onto threads.
//
// One file, longer than AsyncPipe's ~500-line guideline: the policies, the
// activation stacks, the commit-group queues and the AsyncSan checks all
// work on the per-thread state under the one lock (stateLock), which stays
// private to this translation unit.
//
//===----------------------------------------------------------------------===//

#include "asyncpipe_rt.h"
#include "asyncpipe_trace.h"

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <random>
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

using Site = __asyncpipe_rt_site;

enum class Policy { Eager, Lazy, Random };

struct Config {
  Policy CompletionPolicy = Policy::Eager;
  uint64_t Seed = 1;
  bool ContinueAfterError = false;
};

[[noreturn]] void fatalConfigError(const char *Var, const char *Value,
                                   const char *Expected) {
  std::fprintf(stderr, "asyncpipe runtime: %s='%s' is invalid; expected %s\n",
               Var, Value, Expected);
  std::exit(2);
}

Config readConfig() {
  asyncpipe_trace::initialize();
  Config C;
  if (const char *P = std::getenv("ASYNCPIPE_POLICY"); P && *P) {
    if (!std::strcmp(P, "eager"))
      C.CompletionPolicy = Policy::Eager;
    else if (!std::strcmp(P, "lazy"))
      C.CompletionPolicy = Policy::Lazy;
    else if (!std::strcmp(P, "random"))
      C.CompletionPolicy = Policy::Random;
    else
      fatalConfigError("ASYNCPIPE_POLICY", P, "eager, lazy or random");
  }
  if (const char *S = std::getenv("ASYNCPIPE_SEED"); S && *S) {
    char *End = nullptr;
    C.Seed = std::strtoull(S, &End, 0);
    if (*End)
      fatalConfigError("ASYNCPIPE_SEED", S, "an unsigned integer");
  }
  if (const char *K = std::getenv("ASYNCPIPE_SAN_CONTINUE"); K && *K)
    C.ContinueAfterError = std::strcmp(K, "0") != 0;
  return C;
}

const Config &getConfig() {
  static const Config C = readConfig();
  return C;
}

struct PendingCopy {
  uint64_t Seq; // Issue order within the issuing thread.
  char *Dst;
  const char *Src;
  uint64_t Size;    // Bytes written to Dst.
  uint64_t SrcSize; // Bytes read from Src (<= Size); the rest is zero-filled.
  const Site *IssueSite;
};

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

struct ThreadState {
  unsigned Id;
  uint64_t NextSeq = 0;
  std::deque<PendingCopy> Pending; // Issue order.
  std::vector<Frame> Frames;       // Frames[0] is the thread's root.
  /// Native commit groups (cp.async.commit_group) not known to be complete,
  /// oldest first, each as the issue sequence number it closes. One queue
  /// per thread, as in hardware: activations do not scope it.
  std::deque<uint64_t> HardwareGroups;
  std::mt19937_64 Random;

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
std::atomic<uint64_t> ReportCount{0};
std::atomic<unsigned> NextThreadId{0};
// A conservative address range holding every pending copy's source and
// destination, for the checks' fast path. It only grows while copies are in
// flight and is reset when none is left. Updated under the state lock.
std::atomic<uintptr_t> PendingLo{UINTPTR_MAX};
std::atomic<uintptr_t> PendingHi{0};

/// Called with the state lock held when a copy enters the pending set.
void notePending(const void *Dst, const void *Src, uint64_t Size) {
  // Src's range is no longer than Dst's, so Size covers both.
  ++PendingTotal;
  for (auto Addr :
       {reinterpret_cast<uintptr_t>(Dst), reinterpret_cast<uintptr_t>(Src)}) {
    if (Addr < PendingLo.load(std::memory_order_relaxed))
      PendingLo.store(Addr, std::memory_order_relaxed);
    if (Addr + Size > PendingHi.load(std::memory_order_relaxed))
      PendingHi.store(Addr + Size, std::memory_order_relaxed);
  }
}

/// Called with the state lock held when \p Count copies left the set
/// (completed, or dropped with their thread).
void noteCompleted(uint64_t Count) {
  if ((PendingTotal -= Count) != 0)
    return;
  PendingLo.store(UINTPTR_MAX, std::memory_order_relaxed);
  PendingHi.store(0, std::memory_order_relaxed);
}

ThreadState::ThreadState(unsigned Id)
    : Id(Id), Random(getConfig().Seed * 0x9E3779B97F4A7C15ull + Id) {
  Frames.push_back(Frame{0, UINTPTR_MAX, {}});
  std::lock_guard<std::mutex> Guard(stateLock());
  allThreads().push_back(this);
}

ThreadState::~ThreadState() {
  std::lock_guard<std::mutex> Guard(stateLock());
  // Copies still pending die with their thread: no wait can force them now.
  noteCompleted(Pending.size());
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
  std::memset(C.Dst + C.SrcSize, 0, C.Size - C.SrcSize);
}

/// Completes a pending copy. The trace numbers copies from 1 (its copy 0 is
/// an eager one).
void completePending(const PendingCopy &C) {
  performCopy(C);
  asyncpipe_trace::note(asyncpipe_trace::Event::Complete, C.Seq + 1);
}

/// Completes, in issue order, every copy of \p T issued before \p Boundary.
void completeBefore(ThreadState &T, uint64_t Boundary) {
  while (!T.Pending.empty() && T.Pending.front().Seq < Boundary) {
    completePending(T.Pending.front());
    T.Pending.pop_front();
    noteCompleted(1);
  }
}

/// Under the random policy, completes a random subset of the pending copies
/// in a random order; the other policies do nothing here.
void completeSomeAtRandom(ThreadState &T) {
  if (getConfig().CompletionPolicy != Policy::Random || T.Pending.empty())
    return;
  std::vector<size_t> Chosen;
  for (size_t I = 0; I < T.Pending.size(); ++I)
    if (T.Random() % 4 == 0)
      Chosen.push_back(I);
  std::shuffle(Chosen.begin(), Chosen.end(), T.Random);
  for (size_t I : Chosen)
    completePending(T.Pending[I]);
  // Erase back to front so the remaining indices stay valid.
  std::sort(Chosen.begin(), Chosen.end());
  for (size_t K = Chosen.size(); K-- > 0;)
    T.Pending.erase(T.Pending.begin() + Chosen[K]);
  noteCompleted(Chosen.size());
}

/// Drops marks (or native commit groups) in \p Marks that are already
/// complete so that a loop that marks without waiting does not grow the
/// sequence without bound.
void forgetCompleteMarks(ThreadState &T, std::deque<uint64_t> &Marks) {
  uint64_t OldestPending =
      T.Pending.empty() ? T.NextSeq : T.Pending.front().Seq;
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

void printSite(const Site *S) {
  if (!S) {
    std::fprintf(stderr, "<unknown location>");
    return;
  }
  std::fprintf(stderr, "%s:%" PRIu32 ":%" PRIu32 " in '%s'",
               S->file ? S->file : "<unknown file>", S->line, S->column,
               S->function ? S->function : "<unknown function>");
}

enum class AccessKind { Load, Store, CopyRead, CopyWrite };

const char *describeAccess(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::CopyRead:
    return "async copy read";
  case AccessKind::CopyWrite:
    return "async copy write";
  }
  return "access";
}

bool isWrite(AccessKind K) {
  return K == AccessKind::Store || K == AccessKind::CopyWrite;
}

bool overlaps(const void *A, uint64_t ASize, const void *B, uint64_t BSize) {
  auto Lo = reinterpret_cast<uintptr_t>(A);
  auto Other = reinterpret_cast<uintptr_t>(B);
  return Lo < Other + BSize && Other < Lo + ASize;
}

/// Called with the state lock held; releases it before exiting the process.
void reportRace(std::unique_lock<std::mutex> &Lock, const char *Kind,
                const char *Overlapped, AccessKind Access, const void *P,
                uint64_t Size, const Site *AccessSite, unsigned AccessingThread,
                const PendingCopy &C, unsigned IssuingThread) {
  ++ReportCount;
  std::fflush(stdout);
  std::fprintf(stderr, "==AsyncSan== ERROR: %s: %s of %" PRIu64 " bytes at ",
               Kind, describeAccess(Access), Size);
  printSite(AccessSite);
  std::fprintf(stderr, " overlaps the %s of a pending async copy\n",
               Overlapped);
  std::fprintf(stderr,
               "==AsyncSan==   accessed [%p, +%" PRIu64 ") in thread T%u\n", P,
               Size, AccessingThread);
  std::fprintf(
      stderr,
      "==AsyncSan==   the copy of %" PRIu64 " bytes (%p -> %p) was issued at ",
      C.Size, static_cast<const void *>(C.Src), static_cast<void *>(C.Dst));
  printSite(C.IssueSite);
  std::fprintf(stderr, " in thread T%u; no wait has completed it yet\n",
               IssuingThread);
  if (getConfig().ContinueAfterError)
    return;
  std::fprintf(stderr, "==AsyncSan== aborting (set ASYNCPIPE_SAN_CONTINUE=1 "
                       "to continue after errors)\n");
  Lock.unlock();
  std::fflush(stderr);
  std::_Exit(1);
}

/// Reports the first pending copy that \p Access at [P, P+Size) races with.
void checkAccess(AccessKind Access, const void *P, uint64_t Size,
                 const Site *AccessSite) {
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
  for (ThreadState *T : allThreads())
    for (const PendingCopy &C : T->Pending) {
      if (overlaps(P, Size, C.Dst, C.Size)) {
        reportRace(Lock,
                   isWrite(Access) ? "write-after-async-write"
                                   : "read-after-async-write",
                   "destination", Access, P, Size, AccessSite, Self, C, T->Id);
        return;
      }
      if (isWrite(Access) && overlaps(P, Size, C.Src, C.SrcSize)) {
        reportRace(Lock, "async-source-overwrite", "source", Access, P, Size,
                   AccessSite, Self, C, T->Id);
        return;
      }
    }
}

/// Warns about copies issued during the activation \p F that are still
/// pending when it returns: no wait in it covered them. Each pair of exit and
/// issue site is reported once.
void checkExit(ThreadState &T, const Frame &F, const Site *ExitSite) {
  static auto *Reported = new std::set<std::pair<const Site *, const Site *>>;
  uint64_t Count = 0;
  const PendingCopy *First = nullptr;
  for (const PendingCopy &C : T.Pending)
    if (C.Seq >= F.EntrySeq) {
      ++Count;
      if (!First)
        First = &C;
    }
  if (!First || !Reported->insert({ExitSite, First->IssueSite}).second)
    return;
  ++ReportCount;
  std::fflush(stdout);
  std::fprintf(stderr,
               "==AsyncSan== WARNING: pending-at-exit: %" PRIu64
               " async copies issued in this activation are still pending at "
               "its exit at ",
               Count);
  printSite(ExitSite);
  std::fprintf(stderr, " with no covering wait\n==AsyncSan==   the first was "
                       "issued at ");
  printSite(First->IssueSite);
  std::fprintf(stderr, "\n");
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
                N, std::min(SrcN, N),        S};
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
  asyncpipe_trace::note(asyncpipe_trace::Event::Issue, C.Seq + 1, N);
  T.Pending.push_back(C);
  notePending(Dst, Src, N);
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
