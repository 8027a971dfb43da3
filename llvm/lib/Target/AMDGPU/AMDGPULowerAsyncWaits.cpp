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
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncDMAState.h"
#include "AMDGPUAsyncMarkers.h"
#include "AMDGPUAsyncSubtarget.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/AsyncPipe/AsyncDebug.h"
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
             "-amdgpu-verify-async-waits"));

static cl::opt<bool> VerifyTSFlags(
    "amdgpu-async-verify-tsflags", cl::init(false), cl::Hidden,
    cl::desc("Check AsyncPipe's pinned AMDGPU TSFlags bits against known "
             "opcodes and report the result"));

namespace {

/// Nothing to wait for: no outstanding async DMA is covered.
constexpr unsigned Done = UINT_MAX;

/// What is known about the marks of the current activation at a program
/// point. Counts are lower bounds over all paths, saturated at Cap.
struct MarkState {
  /// vmcnt events issued since the newest async DMA, or Done.
  unsigned SinceNewestDMA = Done;
  /// SinceMark[J]: vmcnt events issued since the newest async DMA older than
  /// the J-th most recent mark (J = 0 is the most recent), or Done.
  SmallVector<unsigned, 4> SinceMark;
  /// An event that may return out of order is in flight: only vmcnt(0)
  /// proves anything complete.
  bool OutOfOrderPending = false;

  bool operator==(const MarkState &O) const {
    return SinceNewestDMA == O.SinceNewestDMA && SinceMark == O.SinceMark &&
           OutOfOrderPending == O.OutOfOrderPending;
  }

  void meet(const MarkState &O) {
    SinceNewestDMA = std::min(SinceNewestDMA, O.SinceNewestDMA);
    for (unsigned J = 0, E = SinceMark.size(); J != E; ++J)
      SinceMark[J] = std::min(SinceMark[J], O.SinceMark[J]);
    OutOfOrderPending |= O.OutOfOrderPending;
  }
};

/// One wait marker and the vmcnt it needs (Done: none).
struct WaitDecision {
  MachineInstr *Marker;
  unsigned N;
  unsigned Vmcnt;
  bool ForcedByOutOfOrder;
};

class AsyncWaitLowering {
public:
  AsyncWaitLowering(MachineFunction &MF, const AsyncSubtarget &ST,
                    const WaitcntOpcodes &Opcodes,
                    MachineOptimizationRemarkEmitter &ORE)
      : MF(MF), ST(ST), TII(*MF.getSubtarget().getInstrInfo()), Opcodes(Opcodes),
        ORE(ORE), Cap(ST.getMaxVmcnt() + 1),
        HasDMA(ST.hasLDSDMA()) {}

  bool run();

private:
  unsigned countWaitDepth() const;
  MarkState entryState() const;
  void transfer(MachineInstr &MI, MarkState &S,
                SmallVectorImpl<WaitDecision> *Decisions) const;
  void bump(MarkState &S) const;
  void applyVmcnt(MarkState &S, unsigned Vmcnt) const;
  MarkState stateAtBlockStart(const MachineBasicBlock &MBB) const;
  void solve();
  SmallVector<WaitDecision, 8> decide();
  void emit(const WaitDecision &D);
  MachineInstr *findAdjacentWaitcnt(MachineInstr &Marker);
  void remark(const WaitDecision &D);

  MachineFunction &MF;
  const AsyncSubtarget &ST;
  const TargetInstrInfo &TII;
  const WaitcntOpcodes &Opcodes;
  MachineOptimizationRemarkEmitter &ORE;
  const unsigned Cap;
  const bool HasDMA;
  unsigned Depth = 0;
  DenseMap<const MachineBasicBlock *, MarkState> Out;
};

unsigned AsyncWaitLowering::countWaitDepth() const {
  unsigned MaxN = 0;
  bool Any = false;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (std::optional<unsigned> N = getWaitMarkerCount(MI)) {
        MaxN = std::max(MaxN, *N);
        Any = true;
      }
  return Any ? MaxN + 1 : 0;
}

// A kernel starts with nothing in flight. Any other function may be entered
// with its caller's DMAs in flight; the stock pass's entry s_waitcnt then
// completes them. Without LDS DMA (GFX11 on) no async DMA can exist at all.
MarkState AsyncWaitLowering::entryState() const {
  MarkState S;
  S.SinceMark.assign(Depth, Done);
  if (HasDMA &&
      MF.getFunction().getCallingConv() != CallingConv::AMDGPU_KERNEL)
    S.SinceNewestDMA = 0;
  return S;
}

void AsyncWaitLowering::bump(MarkState &S) const {
  auto Inc = [&](unsigned &X) {
    if (X != Done)
      X = std::min(X + 1, Cap);
  };
  Inc(S.SinceNewestDMA);
  for (unsigned &X : S.SinceMark)
    Inc(X);
}

// At most Vmcnt events remain, so every event with at least Vmcnt newer ones
// has retired, provided events retire in order.
void AsyncWaitLowering::applyVmcnt(MarkState &S, unsigned Vmcnt) const {
  if (S.OutOfOrderPending && Vmcnt != 0)
    return;
  auto Apply = [&](unsigned &X) {
    if (X != Done && X >= Vmcnt)
      X = Done;
  };
  Apply(S.SinceNewestDMA);
  for (unsigned &X : S.SinceMark)
    Apply(X);
  S.OutOfOrderPending = false;
}

// Bundled instructions are visited one by one (MachineBasicBlock::instrs),
// their BUNDLE header not at all: it has no TSFlags of its own.
void AsyncWaitLowering::transfer(
    MachineInstr &MI, MarkState &S,
    SmallVectorImpl<WaitDecision> *Decisions) const {
  if (MI.isBundle())
    return;
  if (std::optional<unsigned> N = getWaitMarkerCount(MI)) {
    unsigned Needed = *N < Depth ? S.SinceMark[*N] : Done;
    bool Forced = Needed != Done && Needed != 0 && S.OutOfOrderPending;
    if (Forced)
      Needed = 0;
    if (Decisions)
      Decisions->push_back({&MI, *N, Needed, Forced});
    // The marks the wait names are complete now. Only those: keeping the
    // transfer monotone lets the dataflow converge.
    for (unsigned J = *N; J < Depth; ++J)
      S.SinceMark[J] = Done;
    if (Needed == 0)
      applyVmcnt(S, 0);
    return;
  }
  if (isMarkMarker(MI)) {
    if (Depth) {
      S.SinceMark.insert(S.SinceMark.begin(), S.SinceNewestDMA);
      S.SinceMark.pop_back();
    }
    return;
  }
  if (Opcodes.isWaitcnt(MI)) {
    applyVmcnt(S, ST.decodeVmcnt(MI.getOperand(0).getImm()));
    return;
  }
  if (MI.isCall()) {
    if (AMDGPUAsyncAssumeCalleeWaits || !HasDMA) {
      applyVmcnt(S, 0);
      return;
    }
    // The callee's last vmcnt event may be an async DMA, and its loads may
    // return in any order.
    S.SinceNewestDMA = 0;
    S.OutOfOrderPending = true;
    return;
  }
  switch (ST.classifyVmcnt(MI)) {
  case VmcntEvent::NotCounted:
    return;
  case VmcntEvent::OutOfOrder:
    S.OutOfOrderPending = true;
    bump(S);
    return;
  case VmcntEvent::InOrder:
    bump(S);
    return;
  case VmcntEvent::LDSDMA:
    bump(S);
    if (isTaggedAsyncDMA(MI))
      S.SinceNewestDMA = 0;
    return;
  }
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

void AsyncWaitLowering::solve() {
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (MachineBasicBlock *MBB : RPOT) {
      MarkState S = stateAtBlockStart(*MBB);
      for (MachineInstr &MI : MBB->instrs())
        transfer(MI, S, nullptr);
      auto [It, Inserted] = Out.try_emplace(MBB, S);
      if (Inserted || !(It->second == S)) {
        It->second = S;
        Changed = true;
      }
    }
  }
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

// An s_waitcnt right before the marker (other markers aside) can carry the
// vmcnt instead of a new instruction; so can one right after it, once moved
// before the marker, so that the wait holds where the program asked for it.
MachineInstr *AsyncWaitLowering::findAdjacentWaitcnt(MachineInstr &Marker) {
  auto IsMarker = [](const MachineInstr &MI) {
    return isMarkMarker(MI) || getWaitMarkerCount(MI).has_value() ||
           MI.isMetaInstruction();
  };
  MachineBasicBlock &MBB = *Marker.getParent();
  for (MachineBasicBlock::reverse_iterator It(Marker), E = MBB.rend();
       ++It != E;) {
    if (Opcodes.isWaitcnt(*It))
      return &*It;
    if (!IsMarker(*It))
      break;
  }
  for (MachineBasicBlock::iterator It(Marker), E = MBB.end(); ++It != E;) {
    if (Opcodes.isWaitcnt(*It)) {
      MBB.splice(Marker.getIterator(), &MBB, It);
      return &*It;
    }
    if (!IsMarker(*It))
      break;
  }
  return nullptr;
}

void AsyncWaitLowering::emit(const WaitDecision &D) {
  unsigned Vmcnt = std::min(D.Vmcnt + WeakenWaitsForTesting, ST.getMaxVmcnt());
  if (MachineInstr *Waitcnt = findAdjacentWaitcnt(*D.Marker)) {
    ++NumWaitcntsMerged;
    MachineOperand &Imm = Waitcnt->getOperand(0);
    if (ST.decodeVmcnt(Imm.getImm()) > Vmcnt)
      Imm.setImm(ST.replaceVmcnt(Imm.getImm(), Vmcnt));
    return;
  }
  BuildMI(*D.Marker->getParent(), D.Marker, D.Marker->getDebugLoc(),
          TII.get(*Opcodes.Waitcnt))
      .addImm(ST.encodeVmcntOnly(Vmcnt));
}

void AsyncWaitLowering::remark(const WaitDecision &D) {
  const MachineInstr &MI = *D.Marker;
  if (D.ForcedByOutOfOrder) {
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed("asyncpipe", "WaitForcedToZero",
                                             MI.getDebugLoc(), MI.getParent())
             << "wait_asyncmark(" << ore::NV("N", D.N)
             << ") needs vmcnt(0): loads that may return out of order (an "
                "image access, or a callee's loads) are in flight";
    });
    return;
  }
  ORE.emit([&] {
    MachineOptimizationRemarkAnalysis R("asyncpipe", "AsyncWait",
                                        MI.getDebugLoc(), MI.getParent());
    R << "wait_asyncmark(" << ore::NV("N", D.N) << ") ";
    if (D.Vmcnt == Done)
      R << "needs no wait";
    else
      R << "needs vmcnt("
        << ore::NV("Vmcnt", std::min(D.Vmcnt, ST.getMaxVmcnt()))
        << ")";
    return R;
  });
  if (D.Vmcnt != Done && D.Vmcnt > ST.getMaxVmcnt())
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed("asyncpipe", "WaitClamped",
                                             MI.getDebugLoc(), MI.getParent())
             << "wait_asyncmark(" << ore::NV("N", D.N)
             << ") could leave more newer loads in flight than vmcnt "
                "counts: using vmcnt("
             << ore::NV("Vmcnt", ST.getMaxVmcnt()) << ")";
    });
}

bool AsyncWaitLowering::run() {
  Depth = countWaitDepth();
  if (!Depth)
    return false;
  solve();
  ASYNCPIPE_DEBUG(dbgs() << "********** AMDGPU async wait lowering: "
                         << MF.getName() << " (" << Depth
                         << " marks tracked) **********\n");
  for (const WaitDecision &D : decide()) {
    ++NumWaitsLowered;
    if (D.Vmcnt == Done)
      ++NumWaitsDropped;
    else if (D.Vmcnt != 0)
      ++NumWaitsWeakened;
    ASYNCPIPE_DEBUG({
      dbgs() << "wait_asyncmark(" << D.N << ") in "
             << printMBBReference(*D.Marker->getParent()) << ": ";
      if (D.Vmcnt == Done)
        dbgs() << "no wait needed\n";
      else
        dbgs() << "vmcnt(" << std::min(D.Vmcnt, ST.getMaxVmcnt()) << ")"
               << (D.ForcedByOutOfOrder ? ", forced by out-of-order loads" : "")
               << "\n";
    });
    remark(D);
    if (D.Vmcnt != Done)
      emit(D);
  }
  return true;
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
    if (!checkTSFlagPins(MF))
      return false;
    if (VerifyTSFlags && !PinsVerified) {
      verifyPinsOnce(*MF.getSubtarget().getInstrInfo(), MF.getFunction());
      PinsVerified = true;
    }
    bool Changed =
        restoreMemOperands(MF, getAnalysis<AMDGPUAsyncDMAState>());
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
