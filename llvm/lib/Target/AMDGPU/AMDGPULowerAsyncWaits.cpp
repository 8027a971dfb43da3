//===- AMDGPULowerAsyncWaits.cpp - wait.asyncmark to s_waitcnt vmcnt ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A wait.asyncmark(N) must hold the thread until every async DMA issued before
// its (N+1)-th most recent mark has landed. Each DMA increments vmcnt, which
// retires in issue order, so once at most K vmcnt events are outstanding every
// event older than the K newest is done. If at least K events were issued
// after the newest async DMA preceding that mark, on every path to the wait,
// then s_waitcnt vmcnt(K) is enough, and it is the weakest such wait. Plain
// loads issued between that DMA and the mark count too: they may stay in
// flight.
//
// The pass runs right after the stock si-insert-waitcnts, so that the waits it
// inserted (and every other s_waitcnt) are known, and computes K by a forward
// dataflow over the machine CFG that is exact at joins and loop headers: for
// each of the marks a wait can name (no fixed window) it keeps the minimum
// over paths of the vmcnt events since the newest DMA before it.
//
// gfx1250 and gfx1251 track their async copies between global memory and LDS
// (loads into LDS, cluster loads, stores from LDS) on ASYNCcnt instead, which
// nothing else increments but the async barrier arrive; the same dataflow
// then counts those copies only and emits s_wait_asynccnt K. Copies retire in
// issue order, as LLVM's own SIInsertWaitcnts models the counter.
//
// Their tensor DMA (tensor_load_to_lds, tensor_store_from_lds) is
// asynchronous too and is covered by the marks as upstream LLVM covers it
// (llvm-project PR #200775), but it counts on a counter of its own, TENSORcnt,
// which retires independently of ASYNCcnt. So the state keeps one entry per
// counter, each with its own counts per mark, in the one dataflow: a wait
// needs, per counter, the weakest count that completes that counter's
// operations before its (N+1)-th newest mark, and gets s_wait_asynccnt K
// and s_wait_tensorcnt T, each only where that counter has such an operation
// on some path.
//
// AsyncPipe queues (llvm/docs/AsyncPipeModel.rst, "Queues") share these
// counters, so a wait of queue Q is lowered here too, to the exact combined
// count: the weakest count that completes every operation before Q's
// (N+1)-th newest mark. The state keeps the counts per mark of several
// sequences: one of every mark, which a plain wait counts, and one per queue
// of that queue's marks (a plain mark is queue 0's). Counting here, on the
// machine CFG, rather than on the IR's, matters because the structurizer
// adds edges that no lane takes, along which a count proven on the IR leaves
// a queue's operation in flight; the checker follows those edges too.
//
// Termination. A block's state is, per counter, one count per nameable mark of
// each of its S sequences plus one for the newest DMA, each in
// {0, ..., Cap, Done} (counts saturate at Cap, one more than the largest
// encodable count, where the wait is clamped anyway), and one out-of-order
// bit: a finite lattice of height H = C * ((S * Depth + 1) * (Cap + 1) + 1)
// for C counters (one, or two on gfx1250), ordered by "at most as much is
// known" (smaller counts, bit set).
// Depth, the number of nameable marks, is capped at MaxMarkDepth: a wait
// naming more marks is lowered as a wait naming MaxMarkDepth - 1, which is
// stronger. The transfer of a wait is not monotone (the count it emits, which
// completes everything older, depends on its own input), so the solver does
// not rely on monotonicity: every update replaces a block's out-state by its
// meet with the newly computed one. Out-states therefore only descend, each
// at most H times, and a sweep that lowers none of them ends the solve: at
// most NumBlocks * H + 1 sweeps. The result is a post-fixpoint: every
// out-state is at most the transfer of its in-state with the waits decided
// from that same in-state, which are exactly the waits emitted, so it
// describes every run of the final code. As a guard against a mistake in
// this argument, a hard sweep bound (-amdgpu-async-wait-max-sweeps) makes
// every wait of the function wait for zero on each counter, always correct,
// with a missed-optimization remark.
//
// The file is longer than AsyncPipe's ~500-line guideline on purpose: the
// state, the transfer function and the solver share the invariants the
// termination argument above states, and are kept beside it.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncDMAState.h"
#include "AMDGPUAsyncMarkers.h"
#include "AMDGPUAsyncSubtarget.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Support/CommandLine.h"
#include <array>
#include <climits>

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

#define DEBUG_TYPE "amdgpu-lower-async-waits"

ASYNCPIPE_STATISTIC(NumWaitsLowered, "Number of async waits lowered");
ASYNCPIPE_STATISTIC(NumWaitsWeakened,
                    "Number of async waits lowered to vmcnt(N), N > 0");
ASYNCPIPE_STATISTIC(NumWaitsDropped,
                    "Number of async waits that needed no s_waitcnt");
ASYNCPIPE_STATISTIC(NumWaitcntsMerged,
                    "Number of async waits merged into an s_waitcnt");

cl::opt<bool> llvm::AMDGPUAsyncAssumeCalleeWaits(
    "amdgpu-async-assume-callee-waits", cl::init(true), cl::Hidden,
    cl::desc("Assume every callee returns with vmcnt(0), as LLVM's AMDGPU "
             "calling convention makes it (default true); when false, a call "
             "may leave async DMAs and out-of-order loads in flight"));

static cl::opt<bool> WeakenWaitsForTesting(
    "amdgpu-async-weaken-waits-for-testing", cl::init(false), cl::Hidden,
    cl::desc("Emit every async wait one vmcnt too weak (wrong code), to test "
             "-amdgpu-enable-check-async-waits"));

static cl::opt<bool> MergeTensorIntoAsynccntForTesting(
    "amdgpu-async-merge-tensor-into-asynccnt-for-testing", cl::init(false),
    cl::Hidden,
    cl::desc(
        "Testing only: count gfx1250's tensor DMA on ASYNCcnt, as if it "
        "shared the async copies' counter, so that no s_wait_tensorcnt "
        "is emitted (wrong code), to test -amdgpu-enable-check-async-waits"));

static cl::opt<bool> VerifyTSFlags(
    "amdgpu-async-verify-tsflags", cl::init(false), cl::Hidden,
    cl::desc("Check AsyncPipe's pinned AMDGPU TSFlags bits against known "
             "opcodes and report the result"));

static cl::opt<unsigned> MaxSweeps(
    "amdgpu-async-wait-max-sweeps", cl::init(1000), cl::Hidden,
    cl::desc("Sweeps of the async wait dataflow after which every wait of "
             "the function becomes vmcnt(0) (a guard; never reached by the "
             "finite lattice in practice)"));

static cl::opt<bool> DataflowStats(
    "amdgpu-async-wait-dataflow-stats", cl::init(false), cl::Hidden,
    cl::desc("Print, per function, the sweeps of the async wait dataflow "
             "and the blocks they stepped (exact work counts for tests)"));

static cl::opt<bool> RemoveUselessWaits(
    "amdgpu-async-remove-useless-waits", cl::init(true), cl::Hidden,
    cl::desc("Drop the vmcnt part of stock s_waitcnt instructions that "
             "AsyncPipe's own waits make useless (default true)"));

namespace {

/// The most marks a wait can name exactly: the state has one entry per mark.
/// A wait naming more waits for MaxMarkDepth - 1, a stronger wait.
constexpr unsigned MaxMarkDepth = 1024;

/// Nothing to wait for: no outstanding async DMA is covered.
constexpr unsigned Done = UINT_MAX;

/// The counters a wait may have to wait on. The first is the one the async
/// copies count on (vmcnt, or ASYNCcnt on gfx1250); the second is gfx1250's
/// TENSORcnt, on which the tensor DMA alone counts.
enum CounterIndex : unsigned { CopyCounter = 0, TensorCounter = 1 };
constexpr unsigned MaxCounters = 2;

/// What is known about the operations of one counter that the marks of the
/// current activation cover, at a program point. Counts are lower bounds over
/// all paths, saturated at the counter's Cap.
struct CounterState {
  /// Events of the counter issued since its newest async DMA, or Done.
  unsigned SinceNewestDMA = Done;
  /// Per sequence of marks S (AllMarks, or queueSequence(Q)), Depth entries
  /// from S * Depth: the J-th is the events of the counter issued since its
  /// newest async DMA older than the sequence's J-th most recent mark
  /// (J = 0 is the most recent), or Done.
  SmallVector<unsigned, 4> SinceMark;
  /// An event that may retire out of order is in flight: only a wait for 0
  /// proves anything complete.
  bool OutOfOrderPending = false;

  bool operator==(const CounterState &O) const {
    return SinceNewestDMA == O.SinceNewestDMA && SinceMark == O.SinceMark &&
           OutOfOrderPending == O.OutOfOrderPending;
  }

  void meet(const CounterState &O) { meetChanged(O); }

  /// The meet, in place; returns whether it changed anything.
  bool meetChanged(const CounterState &O) {
    bool Changed = false;
    auto Lower = [&](unsigned &X, unsigned Y) {
      if (Y < X) {
        X = Y;
        Changed = true;
      }
    };
    Lower(SinceNewestDMA, O.SinceNewestDMA);
    for (unsigned J = 0, E = SinceMark.size(); J != E; ++J)
      Lower(SinceMark[J], O.SinceMark[J]);
    if (O.OutOfOrderPending && !OutOfOrderPending) {
      OutOfOrderPending = true;
      Changed = true;
    }
    return Changed;
  }
};

/// What is known about the marks of the current activation at a program
/// point: one entry per counter.
struct MarkState {
  SmallVector<CounterState, MaxCounters> Counters;

  bool operator==(const MarkState &O) const { return Counters == O.Counters; }

  void meet(const MarkState &O) { meetChanged(O); }

  bool meetChanged(const MarkState &O) {
    bool Changed = false;
    for (unsigned C = 0, E = Counters.size(); C != E; ++C)
      Changed |= Counters[C].meetChanged(O.Counters[C]);
    return Changed;
  }
};

/// The sequence of marks that a plain wait counts: every mark, of any queue.
constexpr unsigned AllMarks = 0;
/// The sequence of the marks of queue \p Queue.
constexpr unsigned queueSequence(unsigned Queue) { return 1 + Queue; }

/// One wait marker and the count it needs on each counter (Done: none).
struct WaitDecision {
  MachineInstr *Marker;
  unsigned N;
  /// The queue whose marks it counts, or none for every queue's.
  std::optional<unsigned> Queue;
  std::array<unsigned, MaxCounters> Count = {Done, Done};
  /// Per counter: an out-of-order event made the count 0.
  std::array<bool, MaxCounters> ForcedByOutOfOrder = {false, false};
  /// The dataflow hit its sweep bound: every count is 0.
  bool ForcedBySweepBound = false;

  bool needsWait() const {
    return llvm::any_of(Count, [](unsigned K) { return K != Done; });
  }
};

/// True for the calling conventions of a program's entry point (a kernel or
/// a graphics shader): it starts with nothing in flight, since no caller can
/// have issued anything before it.
bool startsWithNothingInFlight(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::AMDGPU_KERNEL:
  case CallingConv::SPIR_KERNEL:
  case CallingConv::AMDGPU_VS:
  case CallingConv::AMDGPU_GS:
  case CallingConv::AMDGPU_PS:
  case CallingConv::AMDGPU_CS:
  case CallingConv::AMDGPU_HS:
  case CallingConv::AMDGPU_ES:
  case CallingConv::AMDGPU_LS:
    return true;
  default:
    return false;
  }
}

class AsyncWaitLowering {
public:
  AsyncWaitLowering(MachineFunction &MF, const AsyncSubtarget &ST,
                    const WaitcntOpcodes &Opcodes,
                    MachineOptimizationRemarkEmitter &ORE)
      : MF(MF), ST(ST), TII(*MF.getSubtarget().getInstrInfo()),
        Opcodes(Opcodes), ORE(ORE), AsyncCnt(ST.hasAsyncCnt()),
        TensorCnt(ST.hasTensorCnt() && !MergeTensorIntoAsynccntForTesting),
        NumCounters(TensorCnt ? 2 : 1), HasDMA(ST.hasLDSDMA() || AsyncCnt) {
    MaxCount[CopyCounter] = AsyncCnt ? ST.getMaxAsynccnt() : ST.getMaxVmcnt();
    MaxCount[TensorCounter] = ST.getMaxTensorcnt();
    for (unsigned C = 0; C != MaxCounters; ++C)
      Cap[C] = MaxCount[C] + 1;
    CounterName[CopyCounter] = AsyncCnt ? "asynccnt" : "vmcnt";
    CounterName[TensorCounter] = "tensorcnt";
  }

  bool run();

private:
  unsigned countWaitDepth() const;
  unsigned countSequences() const;
  MarkState entryState() const;
  void transfer(MachineInstr &MI, MarkState &S,
                SmallVectorImpl<WaitDecision> *Decisions) const;
  void transferAsyncCnt(MachineInstr &MI, MarkState &S) const;
  void countEvent(unsigned C, VmcntEvent E, CounterState &Q) const;
  void bump(unsigned C, CounterState &Q) const;
  void applyCount(CounterState &Q, unsigned Count) const;
  void transferWait(MachineInstr &MI, const WaitMarker &Wait, MarkState &S,
                    SmallVectorImpl<WaitDecision> *Decisions) const;
  void transferMark(unsigned Queue, MarkState &S) const;
  MarkState stateAtBlockStart(const MachineBasicBlock &MBB) const;
  unsigned markIndex(unsigned N) const { return std::min(N, Depth - 1); }
  /// The entry of sequence \p Seq for its \p J-th most recent mark.
  unsigned &sinceMark(CounterState &Q, unsigned Seq, unsigned J) const {
    return Q.SinceMark[Seq * Depth + J];
  }
  bool solve();
  SmallVector<WaitDecision, 8> decide();
  SmallVector<MachineInstr *, 2> emit(const WaitDecision &D);
  MachineInstr *emitCount(unsigned C, unsigned Count, MachineInstr &Marker);
  bool mayHaveTensorDMA() const;
  unsigned vmcntUpperBoundStep(const MachineInstr &MI, unsigned U) const;
  void removeUselessWaits(const SmallPtrSetImpl<const MachineInstr *> &Ours);
  MachineInstr *findAdjacentWait(unsigned C, MachineInstr &Marker);
  bool isCounterWait(unsigned C, const MachineInstr &MI) const {
    if (!AsyncCnt)
      return Opcodes.isWaitcnt(MI);
    return C == CopyCounter ? Opcodes.isWaitAsynccnt(MI)
                            : Opcodes.isWaitTensorcnt(MI);
  }
  bool isAnyCounterWait(const MachineInstr &MI) const {
    for (unsigned C = 0; C != NumCounters; ++C)
      if (isCounterWait(C, MI))
        return true;
    return false;
  }
  std::string describeCounts(const WaitDecision &D) const;
  void remark(const WaitDecision &D);

  MachineFunction &MF;
  const AsyncSubtarget &ST;
  const TargetInstrInfo &TII;
  const WaitcntOpcodes &Opcodes;
  MachineOptimizationRemarkEmitter &ORE;
  /// gfx1250: the copies' counter is ASYNCcnt, waited for by s_wait_asynccnt,
  /// and only the async copies count on it. Elsewhere: vmcnt and s_waitcnt.
  const bool AsyncCnt;
  /// gfx1250: the tensor DMA counts on TENSORcnt, the second counter.
  const bool TensorCnt;
  const unsigned NumCounters;
  const bool HasDMA;
  std::array<unsigned, MaxCounters> MaxCount;
  std::array<unsigned, MaxCounters> Cap;
  std::array<StringRef, MaxCounters> CounterName;
  unsigned Depth = 0;
  /// The sequences of marks tracked: every mark, and, in a function whose
  /// markers name queues, each queue's up to the largest one named.
  unsigned NumSequences = 1;
  DenseMap<const MachineBasicBlock *, MarkState> Out;
};

unsigned AsyncWaitLowering::countWaitDepth() const {
  unsigned MaxN = 0;
  bool Any = false;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (std::optional<WaitMarker> Wait = getWaitMarker(MI)) {
        MaxN = std::max(MaxN, Wait->N);
        Any = true;
      }
  return Any ? std::min(MaxN, MaxMarkDepth - 1) + 1 : 0;
}

// Only a queue's wait reads a queue's sequence, so without one the function
// keeps the one sequence of every mark, whatever queues its marks name.
unsigned AsyncWaitLowering::countSequences() const {
  unsigned Sequences = 1;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (std::optional<WaitMarker> Wait = getWaitMarker(MI);
          Wait && Wait->Queue)
        Sequences = std::max(Sequences, queueSequence(*Wait->Queue) + 1);
  return Sequences;
}

// An entry point (a kernel or a shader) starts with nothing in flight. Any
// other function may be entered with its caller's DMAs in flight; on gfx9
// and gfx10 the stock pass's entry s_waitcnt then completes them, while
// LLVM 22 waits at entry for neither ASYNCcnt nor TENSORcnt. Without LDS DMA
// (GFX11, GFX12 before gfx1250) no async DMA can exist at all.
MarkState AsyncWaitLowering::entryState() const {
  MarkState S;
  S.Counters.resize(NumCounters);
  bool CallerMayHaveDMA = !startsWithNothingInFlight(MF.getFunction());
  for (unsigned C = 0; C != NumCounters; ++C) {
    CounterState &Q = S.Counters[C];
    Q.SinceMark.assign(NumSequences * Depth, Done);
    if (CallerMayHaveDMA && (C == TensorCounter || HasDMA))
      Q.SinceNewestDMA = 0;
  }
  return S;
}

void AsyncWaitLowering::bump(unsigned C, CounterState &Q) const {
  auto Inc = [&](unsigned &X) {
    if (X != Done)
      X = std::min(X + 1, Cap[C]);
  };
  Inc(Q.SinceNewestDMA);
  for (unsigned &X : Q.SinceMark)
    Inc(X);
}

// At most Count events remain, so every event with at least Count newer ones
// has retired, provided events retire in order.
void AsyncWaitLowering::applyCount(CounterState &Q, unsigned Count) const {
  if (Q.OutOfOrderPending && Count != 0)
    return;
  auto Apply = [&](unsigned &X) {
    if (X != Done && X >= Count)
      X = Done;
  };
  Apply(Q.SinceNewestDMA);
  for (unsigned &X : Q.SinceMark)
    Apply(X);
  Q.OutOfOrderPending = false;
}

void AsyncWaitLowering::countEvent(unsigned C, VmcntEvent E,
                                   CounterState &Q) const {
  switch (E) {
  case VmcntEvent::NotCounted:
    return;
  case VmcntEvent::OutOfOrder:
    Q.OutOfOrderPending = true;
    bump(C, Q);
    return;
  case VmcntEvent::InOrder:
    bump(C, Q);
    return;
  case VmcntEvent::LDSDMA:
    bump(C, Q);
    Q.SinceNewestDMA = 0;
    return;
  }
}

// A wait of the sequence of marks it counts: every mark for a plain wait,
// its queue's for a queue's wait.
void AsyncWaitLowering::transferWait(
    MachineInstr &MI, const WaitMarker &Wait, MarkState &S,
    SmallVectorImpl<WaitDecision> *Decisions) const {
  WaitDecision D{&MI, Wait.N, Wait.Queue};
  unsigned N = Wait.N;
  unsigned Seq = D.Queue ? queueSequence(*D.Queue) : AllMarks;
  std::optional<WaitOnlyOn> Only = Wait.Only;
  for (unsigned C = 0; C != NumCounters; ++C) {
    // A wait of upstream's draft stages limited to one counter neither
    // waits on the other nor completes anything there. Where the tensor
    // DMA has no counter of its own, the one counter is the copies'.
    if (Only &&
        C != (*Only == WaitOnlyOn::TensorCnt && TensorCnt ? TensorCounter
                                                          : CopyCounter))
      continue;
    CounterState &Q = S.Counters[C];
    unsigned Needed = sinceMark(Q, Seq, markIndex(N));
    bool Forced = Needed != Done && Needed != 0 && Q.OutOfOrderPending;
    if (Forced)
      Needed = 0;
    D.Count[C] = Needed;
    D.ForcedByOutOfOrder[C] = Forced;
    // The marks the wait names are complete now. For a plain wait only
    // those, and everything else only when the wait is for 0, as this
    // lowering has always done. A queue's wait completes whatever it leaves
    // at most Needed events newer than, in every sequence: so a later wait
    // of another queue, or of this one for an older mark, knows what the
    // combined count already waited for, as it would if the wait were
    // lowered to a plain wait for the combined count.
    for (unsigned J = markIndex(N); J < Depth; ++J)
      sinceMark(Q, Seq, J) = Done;
    if (Needed == 0 || (D.Queue && Needed != Done))
      applyCount(Q, Needed);
  }
  if (Decisions)
    Decisions->push_back(D);
}

// A mark of \p Queue is the newest of every mark, and of its queue's.
void AsyncWaitLowering::transferMark(unsigned Queue, MarkState &S) const {
  if (!Depth)
    return;
  auto Push = [&](CounterState &Q, unsigned Seq) {
    unsigned *Row = Q.SinceMark.data() + Seq * Depth;
    std::move_backward(Row, Row + Depth - 1, Row + Depth);
    Row[0] = Q.SinceNewestDMA;
  };
  for (CounterState &Q : S.Counters) {
    Push(Q, AllMarks);
    if (queueSequence(Queue) < NumSequences)
      Push(Q, queueSequence(Queue));
  }
}

// Bundled instructions are visited one by one (MachineBasicBlock::instrs),
// their BUNDLE header not at all: it has no TSFlags of its own.
void AsyncWaitLowering::transfer(
    MachineInstr &MI, MarkState &S,
    SmallVectorImpl<WaitDecision> *Decisions) const {
  if (MI.isBundle())
    return;
  if (std::optional<WaitMarker> Wait = getWaitMarker(MI)) {
    transferWait(MI, *Wait, S, Decisions);
    return;
  }
  if (std::optional<unsigned> Queue = getMarkMarkerQueue(MI)) {
    transferMark(*Queue, S);
    return;
  }
  if (AsyncCnt) {
    transferAsyncCnt(MI, S);
    return;
  }
  CounterState &Q = S.Counters[CopyCounter];
  if (Opcodes.isWaitcnt(MI)) {
    applyCount(Q, ST.decodeVmcnt(MI.getOperand(0).getImm()));
    return;
  }
  if (MI.isCall()) {
    if (AMDGPUAsyncAssumeCalleeWaits || !HasDMA) {
      applyCount(Q, 0);
      return;
    }
    // The callee's last vmcnt event may be an async DMA, and its loads may
    // return in any order.
    Q.SinceNewestDMA = 0;
    Q.OutOfOrderPending = true;
    return;
  }
  VmcntEvent E = ST.classifyVmcnt(MI);
  // An ordinary LDS DMA is an in-order event like a load; only one that
  // came from an async DMA is covered by the marks.
  if (E == VmcntEvent::LDSDMA && !isTaggedAsyncDMA(MI))
    E = VmcntEvent::InOrder;
  countEvent(CopyCounter, E, Q);
}

// gfx1250. The user's own s_wait_asynccnt and s_wait_tensorcnt (intrinsics)
// complete what they name; one written as inline asm is not decoded, which
// is safe (a wait not modelled only makes later waits stronger). LLVM 22
// waits for ASYNCcnt and TENSORcnt neither at calls nor at returns, so a
// callee may leave its async copies, a barrier arrive and its tensor DMA in
// flight: they are then the newest, on their counters. Only asynccnt(0)
// proves an async copy complete behind a barrier arrive, whose order with
// the copies is not known; the callee's tensor DMA retires in order with
// this function's, on a counter nothing else but a tensor save or stop
// changes.
void AsyncWaitLowering::transferAsyncCnt(MachineInstr &MI, MarkState &S) const {
  CounterState &Copies = S.Counters[CopyCounter];
  if (Opcodes.isWaitAsynccnt(MI)) {
    applyCount(Copies, MI.getOperand(0).getImm());
    return;
  }
  if (Opcodes.isWaitTensorcnt(MI)) {
    // Under -amdgpu-async-merge-tensor-into-asynccnt-for-testing the tensor
    // DMA is taken for a copy, which a tensor wait does not retire.
    if (TensorCnt)
      applyCount(S.Counters[TensorCounter], MI.getOperand(0).getImm());
    return;
  }
  if (MI.isCall()) {
    Copies.SinceNewestDMA = 0;
    Copies.OutOfOrderPending = true;
    if (TensorCnt)
      S.Counters[TensorCounter].SinceNewestDMA = 0;
    return;
  }
  countEvent(CopyCounter, Opcodes.classifyAsynccnt(MI), Copies);
  unsigned TensorQueue = TensorCnt ? TensorCounter : CopyCounter;
  countEvent(TensorQueue, Opcodes.classifyTensorcnt(MI),
             S.Counters[TensorQueue]);
}

MarkState
AsyncWaitLowering::stateAtBlockStart(const MachineBasicBlock &MBB) const {
  MarkState S = entryState();
  bool Seeded = &MBB == &MF.front();
  for (const MachineBasicBlock *Pred : MBB.predecessors()) {
    auto It = Out.find(Pred);
    if (It == Out.end())
      continue;
    if (Seeded)
      S.meet(It->second);
    else
      S = It->second;
    Seeded = true;
  }
  return S;
}

// Returns false if the sweep bound was reached (see the file comment).
//
// A block none of whose predecessors' out-states changed since it was last
// stepped would compute the same state again, whose meet with its out-state
// changes nothing: it is skipped. So the sweeps, their order and every
// out-state are those of stepping every block every sweep, and a sweep
// costs only the blocks whose input changed: after the first, in a loop
// nest, those the back edges reach.
bool AsyncWaitLowering::solve() {
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  BitVector Stale(MF.getNumBlockIDs(), true);
  unsigned BlocksStepped = 0;
  auto Report = [&](unsigned Sweeps) {
    if (DataflowStats)
      errs() << "amdgpu-lower-async-waits: " << MF.getName() << ": "
             << MF.size() << " blocks, " << Sweeps << " sweeps, "
             << BlocksStepped << " blocks stepped\n";
  };
  for (unsigned Sweep = 0; Sweep != MaxSweeps; ++Sweep) {
    bool Changed = false;
    auto Propagate = [&](const MachineBasicBlock &MBB) {
      Changed = true;
      for (const MachineBasicBlock *Succ : MBB.successors())
        Stale.set(Succ->getNumber());
    };
    for (MachineBasicBlock *MBB : RPOT) {
      if (!Stale.test(MBB->getNumber()))
        continue;
      Stale.reset(MBB->getNumber());
      ++BlocksStepped;
      MarkState S = stateAtBlockStart(*MBB);
      for (MachineInstr &MI : MBB->instrs())
        transfer(MI, S, nullptr);
      auto [It, Inserted] = Out.try_emplace(MBB, S);
      if (Inserted) {
        Propagate(*MBB);
        continue;
      }
      // Descend only: the meet keeps the sequence of out-states finite even
      // though a wait's transfer is not monotone.
      if (It->second.meetChanged(S))
        Propagate(*MBB);
    }
    if (!Changed) {
      Report(Sweep + 1);
      return true;
    }
  }
  Report(MaxSweeps);
  return false;
}

SmallVector<WaitDecision, 8> AsyncWaitLowering::decide() {
  SmallVector<WaitDecision, 8> Decisions;
  for (MachineBasicBlock &MBB : MF) {
    MarkState S = stateAtBlockStart(MBB);
    for (MachineInstr &MI : MBB.instrs())
      transfer(MI, S, &Decisions);
  }
  return Decisions;
}

// A wait for counter \p C right before the marker (other markers and the
// waits for other counters aside) can carry the count instead of a new
// instruction; so can one right after it, once moved before the marker, so
// that the wait holds where the program asked for it.
MachineInstr *AsyncWaitLowering::findAdjacentWait(unsigned C,
                                                  MachineInstr &Marker) {
  auto IsSkipped = [&](const MachineInstr &MI) {
    return isMarkMarker(MI) || getWaitMarker(MI).has_value() ||
           MI.isMetaInstruction() || isAnyCounterWait(MI);
  };
  MachineBasicBlock &MBB = *Marker.getParent();
  for (MachineBasicBlock::reverse_iterator It(Marker), E = MBB.rend();
       ++It != E;) {
    if (isCounterWait(C, *It))
      return &*It;
    if (!IsSkipped(*It))
      break;
  }
  for (MachineBasicBlock::iterator It(Marker), E = MBB.end(); ++It != E;) {
    if (isCounterWait(C, *It)) {
      MBB.splice(Marker.getIterator(), &MBB, It);
      return &*It;
    }
    if (!IsSkipped(*It))
      break;
  }
  return nullptr;
}

MachineInstr *AsyncWaitLowering::emitCount(unsigned C, unsigned Count,
                                           MachineInstr &Marker) {
  Count = std::min(Count + WeakenWaitsForTesting, MaxCount[C]);
  if (AsyncCnt) {
    // s_wait_asynccnt K, s_wait_tensorcnt K: SOPP, their simm16 the count.
    if (MachineInstr *Wait = findAdjacentWait(C, Marker)) {
      MachineOperand &Imm = Wait->getOperand(0);
      if (uint64_t(Imm.getImm()) > Count)
        Imm.setImm(Count);
      return Wait;
    }
    std::optional<unsigned> Opcode =
        C == CopyCounter ? Opcodes.WaitAsynccnt : Opcodes.WaitTensorcnt;
    if (!Opcode)
      report_fatal_error(Twine("AsyncPipe: no s_wait_") + CounterName[C] +
                         " on this target");
    return BuildMI(*Marker.getParent(), Marker, Marker.getDebugLoc(),
                   TII.get(*Opcode))
        .addImm(Count);
  }
  if (MachineInstr *Waitcnt = findAdjacentWait(C, Marker)) {
    ++NumWaitcntsMerged;
    MachineOperand &Imm = Waitcnt->getOperand(0);
    if (ST.decodeVmcnt(Imm.getImm()) > Count)
      Imm.setImm(ST.replaceVmcnt(Imm.getImm(), Count));
    return Waitcnt;
  }
  return BuildMI(*Marker.getParent(), Marker, Marker.getDebugLoc(),
                 TII.get(*Opcodes.Waitcnt))
      .addImm(ST.encodeVmcntOnly(Count));
}

// The copies' wait first, then the tensor wait, both before the marker.
SmallVector<MachineInstr *, 2> AsyncWaitLowering::emit(const WaitDecision &D) {
  SmallVector<MachineInstr *, 2> Emitted;
  for (unsigned C = 0; C != NumCounters; ++C)
    if (D.Count[C] != Done)
      Emitted.push_back(emitCount(C, D.Count[C], *D.Marker));
  return Emitted;
}

// Whether TENSORcnt can hold a tensor DMA the marks cover anywhere in the
// function: one issued here, by a callee or by a caller.
bool AsyncWaitLowering::mayHaveTensorDMA() const {
  if (!startsWithNothingInFlight(MF.getFunction()))
    return true;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB.instrs())
      if (MI.isCall() ||
          Opcodes.classifyTensorcnt(MI) != VmcntEvent::NotCounted)
        return true;
  return false;
}

/// "asynccnt(1) and tensorcnt(0)", "vmcnt(2)".
std::string AsyncWaitLowering::describeCounts(const WaitDecision &D) const {
  std::string Text;
  for (unsigned C = 0; C != NumCounters; ++C) {
    if (D.Count[C] == Done)
      continue;
    if (!Text.empty())
      Text += " and ";
    Text +=
        (CounterName[C] + "(" + Twine(std::min(D.Count[C], MaxCount[C])) + ")")
            .str();
  }
  return Text;
}

/// Names the wait \p D in \p R: "wait_asyncmark(2)", or for a queue's wait
/// "wait of queue 1 for at most 2 of its marks".
static void appendWait(DiagnosticInfoOptimizationBase &R,
                       const WaitDecision &D) {
  if (!D.Queue) {
    R << "wait_asyncmark(" << ore::NV("N", D.N) << ")";
    return;
  }
  R << "wait of queue " << ore::NV("Queue", *D.Queue) << " for at most "
    << ore::NV("N", D.N) << " of its marks";
}

void AsyncWaitLowering::remark(const WaitDecision &D) {
  const MachineInstr &MI = *D.Marker;
  if (asyncpipe::isOpenCLKernelBody(MI.getMF()->getFunction()))
    return;
  if (D.ForcedBySweepBound) {
    ORE.emit([&] {
      MachineOptimizationRemarkMissed R("asyncpipe", "WaitSweepBound",
                                        MI.getDebugLoc(), MI.getParent());
      appendWait(R, D);
      return R << " uses " << describeCounts(D)
               << ": the wait analysis of this function reached its "
                  "iteration bound";
    });
    return;
  }
  for (unsigned C = 0; C != NumCounters; ++C) {
    if (!D.ForcedByOutOfOrder[C])
      continue;
    ORE.emit([&] {
      StringRef Why =
          C == TensorCounter
              ? "a tensor save or stop, whose order with the tensor DMA is "
                "not known, is in flight"
          : AsyncCnt ? "a callee's copies or a barrier arrive, which "
                       "may complete out of order, are in flight"
                     : "loads that may return out of order (an image "
                       "access, or a callee's loads) are in flight";
      MachineOptimizationRemarkMissed R("asyncpipe", "WaitForcedToZero",
                                        MI.getDebugLoc(), MI.getParent());
      appendWait(R, D);
      return R << " needs " << CounterName[C] << "(0): " << Why;
    });
  }
  if (llvm::any_of(D.ForcedByOutOfOrder, [](bool B) { return B; }))
    return;
  ORE.emit([&] {
    MachineOptimizationRemarkAnalysis R("asyncpipe", "AsyncWait",
                                        MI.getDebugLoc(), MI.getParent());
    appendWait(R, D);
    R << " ";
    if (!D.needsWait())
      R << "needs no wait";
    else if (NumCounters == 1)
      R << "needs " << CounterName[CopyCounter] << "("
        << ore::NV("Vmcnt",
                   std::min(D.Count[CopyCounter], MaxCount[CopyCounter]))
        << ")";
    else
      R << "needs " << describeCounts(D);
    // A count above N is not a weaker wait: the counter also counts the
    // loads and stores issued after the copies waited for, which may stay
    // in flight.
    if (llvm::any_of(D.Count, [&](unsigned K) { return K != Done && K > D.N; }))
      R << ": the copies it waits for are done while at most that many "
           "newer memory operations (later copies, loads, stores) are "
           "still in flight";
    return R;
  });
  if (D.N >= MaxMarkDepth)
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed("asyncpipe", "WaitDepthClamped",
                                             MI.getDebugLoc(), MI.getParent())
             << "wait_asyncmark(" << ore::NV("N", D.N)
             << ") names more marks than are tracked: waiting as for "
                "wait_asyncmark("
             << ore::NV("Tracked", MaxMarkDepth - 1) << ")";
    });
  for (unsigned C = 0; C != NumCounters; ++C) {
    if (D.Count[C] == Done || D.Count[C] <= MaxCount[C])
      continue;
    StringRef Newer = C == TensorCounter ? "tensor DMAs"
                      : AsyncCnt         ? "copies"
                                         : "loads";
    ORE.emit([&] {
      MachineOptimizationRemarkMissed R("asyncpipe", "WaitClamped",
                                        MI.getDebugLoc(), MI.getParent());
      appendWait(R, D);
      return R << " could leave more newer " << Newer << " in flight than "
               << CounterName[C] << " counts: using " << CounterName[C] << "("
               << ore::NV("Vmcnt", MaxCount[C]) << ")";
    });
  }
}

bool AsyncWaitLowering::run() {
  Depth = countWaitDepth();
  if (!Depth)
    return false;
  NumSequences = countSequences();
  ASYNCPIPE_DEBUG(dbgs() << "********** AMDGPU async wait lowering: "
                         << MF.getName() << " (" << Depth
                         << " marks tracked) **********\n");
  if (!solve()) {
    // The safe answer: every wait drains the copies' counter, and
    // TENSORcnt where a tensor DMA can be in flight.
    bool Tensors = TensorCnt && mayHaveTensorDMA();
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : MBB.instrs())
        if (std::optional<WaitMarker> Wait = getWaitMarker(MI)) {
          WaitDecision D{&MI, Wait->N, Wait->Queue};
          D.Count[CopyCounter] = 0;
          if (Tensors)
            D.Count[TensorCounter] = 0;
          D.ForcedBySweepBound = true;
          remark(D);
          emit(D);
        }
    return true;
  }
  SmallPtrSet<const MachineInstr *, 8> Ours;
  for (const WaitDecision &D : decide()) {
    ++NumWaitsLowered;
    if (!D.needsWait())
      ++NumWaitsDropped;
    else if (llvm::any_of(D.Count,
                          [](unsigned K) { return K != Done && K != 0; }))
      ++NumWaitsWeakened;
    ASYNCPIPE_DEBUG({
      dbgs() << "wait_asyncmark(" << D.N << ")"
             << (D.Queue ? " of queue " + std::to_string(*D.Queue) : "")
             << " in " << printMBBReference(*D.Marker->getParent()) << ": ";
      if (!D.needsWait())
        dbgs() << "no wait needed\n";
      else
        dbgs() << describeCounts(D)
               << (llvm::any_of(D.ForcedByOutOfOrder, [](bool B) { return B; })
                       ? ", forced by out-of-order events"
                       : "")
               << "\n";
    });
    remark(D);
    for (MachineInstr *Wait : emit(D))
      Ours.insert(Wait);
  }
  if (!AsyncCnt && RemoveUselessWaits)
    removeUselessWaits(Ours);
  return true;
}

// An upper bound on the vmcnt events outstanding after \p MI, given at most
// \p U before it (Cap: unknown). Over-counts: anything that may access
// memory other than LDS and scalar memory alone (which count on lgkmcnt),
// counts one; inline asm and calls may issue any number.
unsigned AsyncWaitLowering::vmcntUpperBoundStep(const MachineInstr &MI,
                                                unsigned U) const {
  const unsigned Cap = this->Cap[CopyCounter];
  if (MI.isBundle() || MI.isMetaInstruction())
    return U;
  if (Opcodes.isWaitcnt(MI))
    return std::min(U, ST.decodeVmcnt(MI.getOperand(0).getImm()));
  if (MI.isInlineAsm())
    return isMarkMarker(MI) || getWaitMarker(MI) ? U : Cap;
  if (MI.isCall())
    return Cap;
  uint64_t Flags = MI.getDesc().TSFlags;
  bool LGKMOnly = (Flags & TSFlags::LGKM_CNT) && !(Flags & TSFlags::VM_CNT) &&
                  !(Flags & TSFlags::FLAT);
  if ((Flags & TSFlags::VM_CNT) ||
      ((MI.mayLoad() || MI.mayStore() || MI.hasUnmodeledSideEffects()) &&
       !LGKMOnly))
    return std::min(U + 1, Cap);
  return U;
}

// A stock s_waitcnt whose vmcnt is at least the most events that can be
// outstanding where it stands (now that AsyncPipe's own waits are in place)
// waits for nothing in its vmcnt part: that part is dropped, and the whole
// instruction if it waits for nothing else. A forward dataflow of that upper
// bound, the maximum over paths, on {0, ..., Cap}: the transfer is monotone
// and out-states only grow, so it terminates after at most
// NumBlocks * (Cap + 1) + 1 sweeps; past the sweep bound nothing is removed.
void AsyncWaitLowering::removeUselessWaits(
    const SmallPtrSetImpl<const MachineInstr *> &Ours) {
  const bool AtEntryNothing = startsWithNothingInFlight(MF.getFunction());
  const unsigned Cap = this->Cap[CopyCounter];
  DenseMap<const MachineBasicBlock *, unsigned> UpperOut;
  auto In = [&](const MachineBasicBlock &MBB) {
    unsigned U = &MBB == &MF.front() ? (AtEntryNothing ? 0 : Cap) : 0;
    for (const MachineBasicBlock *Pred : MBB.predecessors())
      if (auto It = UpperOut.find(Pred); It != UpperOut.end())
        U = std::max(U, It->second);
    return U;
  };
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  bool Converged = false;
  // As in solve(): a block whose predecessors did not change is skipped.
  BitVector Stale(MF.getNumBlockIDs(), true);
  for (unsigned Sweep = 0; Sweep != MaxSweeps && !Converged; ++Sweep) {
    Converged = true;
    for (MachineBasicBlock *MBB : RPOT) {
      if (!Stale.test(MBB->getNumber()))
        continue;
      Stale.reset(MBB->getNumber());
      unsigned U = In(*MBB);
      for (const MachineInstr &MI : MBB->instrs())
        U = vmcntUpperBoundStep(MI, U);
      auto [It, Inserted] = UpperOut.try_emplace(MBB, U);
      if (Inserted || It->second < U) {
        It->second = std::max(It->second, U);
        Converged = false;
        for (const MachineBasicBlock *Succ : MBB->successors())
          Stale.set(Succ->getNumber());
      }
    }
  }
  if (!Converged)
    return;
  const unsigned NoVmcntWait = ST.getMaxVmcnt();
  for (MachineBasicBlock *MBB : RPOT) {
    unsigned U = In(*MBB);
    for (MachineInstr &MI : make_early_inc_range(MBB->instrs())) {
      unsigned Before = U;
      U = vmcntUpperBoundStep(MI, U);
      if (!Opcodes.isWaitcnt(MI) || Ours.contains(&MI) || MI.isBundled())
        continue;
      unsigned Imm = MI.getOperand(0).getImm();
      unsigned Vmcnt = ST.decodeVmcnt(Imm);
      if (Vmcnt >= NoVmcntWait || Before > Vmcnt)
        continue;
      ORE.emit([&] {
        return MachineOptimizationRemarkAnalysis("asyncpipe", "UselessWaitcnt",
                                                 MI.getDebugLoc(), MBB)
               << "s_waitcnt vmcnt(" << ore::NV("Vmcnt", Vmcnt)
               << ") waits for nothing: at most " << ore::NV("Bound", Before)
               << " vmcnt events can be outstanding here";
      });
      unsigned Relaxed = ST.replaceVmcnt(Imm, NoVmcntWait);
      if (Relaxed == ST.encodeVmcntOnly(NoVmcntWait))
        MI.eraseFromParent();
      else
        MI.getOperand(0).setImm(Relaxed);
    }
  }
}

bool restoreMemOperands(MachineFunction &MF, AMDGPUAsyncDMAState &State) {
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB.instrs()) {
      auto It = State.SavedMemOperands.find(&MI);
      if (It == State.SavedMemOperands.end())
        continue;
      MI.setMemRefs(MF, It->second);
      State.SavedMemOperands.erase(It);
      Changed = true;
    }
  State.SavedMemOperands.clear();
  return Changed;
}

void verifyPinsOnce(const TargetInstrInfo &TII, const Function &F) {
  unsigned Checked = 0;
  std::string Mismatches = verifyTSFlagPins(TII, Checked);
  if (Mismatches.empty())
    F.getContext().diagnose(DiagnosticInfoGeneric(
        "AsyncPipe: " + Twine(Checked) + " AMDGPU TSFlags pins verified",
        DS_Remark));
  else
    F.getContext().diagnose(DiagnosticInfoGeneric(
        "AsyncPipe: AMDGPU TSFlags pins do not match this LLVM: " + Mismatches,
        DS_Error));
}

class AMDGPULowerAsyncWaits : public MachineFunctionPass {
public:
  static char ID;
  AMDGPULowerAsyncWaits() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU lower async waits (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AMDGPUAsyncDMAState>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!getAnalysis<AMDGPUAsyncDMAState>().mayHaveAsyncOps())
      return false;
    if (!checkTSFlagPins(MF))
      return false;
    if (VerifyTSFlags && !PinsVerified) {
      verifyPinsOnce(*MF.getSubtarget().getInstrInfo(), MF.getFunction());
      PinsVerified = true;
    }
    bool Changed = restoreMemOperands(MF, getAnalysis<AMDGPUAsyncDMAState>());
    AsyncSubtarget ST(MF.getSubtarget().getCPU());
    MachineOptimizationRemarkEmitter ORE(MF, nullptr);
    // Every AMDGPU subtarget shares one opcode table: look up once.
    if (!Opcodes)
      Opcodes.emplace(*MF.getSubtarget().getInstrInfo());
    return AsyncWaitLowering(MF, ST, *Opcodes, ORE).run() || Changed;
  }

private:
  bool PinsVerified = false;
  std::optional<WaitcntOpcodes> Opcodes;
};
} // namespace

char AMDGPULowerAsyncWaits::ID = 0;

MachineFunctionPass *llvm::createAMDGPULowerAsyncWaitsPass() {
  return new AMDGPULowerAsyncWaits();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPULowerAsyncWaits, "amdgpu-lower-async-waits",
                "AMDGPU lower async waits (AsyncPipe)", false, false)
