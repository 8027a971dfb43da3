//===- AMDGPUVerifyAsyncWaits.cpp - Prove every async wait sufficient -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// An independent check of amdgpu-lower-async-waits: after the last pass that
// can move or drop instructions, it re-simulates the vmcnt counter over the
// final machine code, trusting only the s_waitcnt instructions actually
// there, and reports every wait.asyncmark whose async DMAs might still be in
// flight when execution passes it. It deliberately shares no counting code
// with the pass it checks and uses a different abstraction: rather than the
// events since each mark's newest DMA, it tracks, for every number m of marks,
// the youngest in-flight DMA followed by at least m marks.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncMarkers.h"
#include "AMDGPUAsyncSubtarget.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include <climits>

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

static cl::opt<bool>
    VerifyAsyncWaits("amdgpu-verify-async-waits", cl::init(false),
                     cl::desc("Check that every wait.asyncmark is satisfied "
                              "by the s_waitcnt instructions of the final "
                              "AMDGPU machine code"));

namespace {
constexpr unsigned Retired = UINT_MAX;

/// Youngest[M]: how many vmcnt events are newer than the youngest in-flight
/// async DMA that at least M marks follow; Retired if there is none.
struct InFlight {
  SmallVector<unsigned, 8> Youngest;
  bool MayReturnOutOfOrder = false;

  bool operator==(const InFlight &O) const {
    return Youngest == O.Youngest &&
           MayReturnOutOfOrder == O.MayReturnOutOfOrder;
  }
};

enum class Effect { None, Load, ImageLoad, AsyncDMA, Waitcnt, Call, Mark };

class WaitChecker {
public:
  WaitChecker(MachineFunction &MF, const WaitcntOpcodes &Opcodes)
      : MF(MF), ST(MF.getSubtarget().getCPU()), Opcodes(Opcodes),
        // Counts saturate: "at least 64 newer events" is all any s_waitcnt
        // can make use of.
        Saturation(ST.getMaxVmcnt() + 1) {}

  /// Reports each unsatisfied wait; returns how many there were.
  unsigned run();

private:
  Effect effectOf(const MachineInstr &MI) const;
  InFlight atEntry() const;
  InFlight atBlockStart(const MachineBasicBlock &MBB) const;
  void step(const MachineInstr &MI, InFlight &S) const;
  void age(InFlight &S) const;
  void retireAtLeast(InFlight &S, unsigned Newer) const;
  bool check(const MachineInstr &MI, const InFlight &S) const;

  MachineFunction &MF;
  AsyncSubtarget ST;
  const WaitcntOpcodes &Opcodes;
  const unsigned Saturation;
  unsigned Levels = 0;
  DenseMap<const MachineBasicBlock *, InFlight> End;
};

// Hard clauses and memory clauses are bundles: their members are visited
// one by one, the BUNDLE header not at all.
Effect WaitChecker::effectOf(const MachineInstr &MI) const {
  if (MI.isBundle())
    return Effect::None;
  if (isMarkMarker(MI))
    return Effect::Mark;
  if (Opcodes.isWaitcnt(MI))
    return Effect::Waitcnt;
  if (MI.isCall())
    return Effect::Call;
  if (MI.isInlineAsm())
    return Effect::None;
  uint64_t Flags = MI.getDesc().TSFlags;
  bool Counted = (Flags & TSFlags::VM_CNT) && (MI.mayLoad() || MI.mayStore());
  bool PlainFlat = (Flags & TSFlags::FLAT) &&
                   !(Flags & (TSFlags::FlatGlobal | TSFlags::FlatScratch));
  if (!Counted || PlainFlat)
    return Effect::None;
  bool Stores = MI.mayStore() && !MI.mayLoad();
  if (ST.getIsaVersion().Major >= 10 &&
      (Stores || (Flags & TSFlags::IsAtomicNoRet)))
    return Effect::None; // vscnt
  if (isTaggedAsyncDMA(MI))
    return Effect::AsyncDMA;
  if (Flags & (TSFlags::MIMG | TSFlags::VIMAGE | TSFlags::VSAMPLE))
    return Effect::ImageLoad;
  return Effect::Load;
}

InFlight WaitChecker::atEntry() const {
  InFlight S;
  S.Youngest.assign(Levels, Retired);
  // A callee may start with its caller's DMAs in flight, followed by no mark.
  if (ST.hasLDSDMA() &&
      MF.getFunction().getCallingConv() != CallingConv::AMDGPU_KERNEL)
    S.Youngest[0] = 0;
  return S;
}

void WaitChecker::age(InFlight &S) const {
  for (unsigned &Newer : S.Youngest)
    if (Newer != Retired)
      Newer = std::min(Newer + 1, Saturation);
}

void WaitChecker::retireAtLeast(InFlight &S, unsigned Newer) const {
  if (S.MayReturnOutOfOrder && Newer != 0)
    return;
  for (unsigned &Y : S.Youngest)
    if (Y != Retired && Y >= Newer)
      Y = Retired;
  S.MayReturnOutOfOrder = false;
}

void WaitChecker::step(const MachineInstr &MI, InFlight &S) const {
  switch (effectOf(MI)) {
  case Effect::None:
    return;
  case Effect::Mark:
    // Every in-flight DMA gains a mark after it: level M+1 now holds what
    // level M held, and level 0 keeps everything.
    for (unsigned M = Levels - 1; M > 0; --M)
      S.Youngest[M] = S.Youngest[M - 1];
    return;
  case Effect::Waitcnt:
    retireAtLeast(S, ST.decodeVmcnt(MI.getOperand(0).getImm()));
    return;
  case Effect::Call:
    if (AMDGPUAsyncAssumeCalleeWaits) {
      retireAtLeast(S, 0);
      return;
    }
    age(S);
    S.Youngest[0] = 0;
    S.MayReturnOutOfOrder = true;
    return;
  case Effect::ImageLoad:
    S.MayReturnOutOfOrder = true;
    age(S);
    return;
  case Effect::Load:
    age(S);
    return;
  case Effect::AsyncDMA:
    age(S);
    S.Youngest[0] = 0;
    return;
  }
}

bool WaitChecker::check(const MachineInstr &MI, const InFlight &S) const {
  std::optional<unsigned> N = getWaitMarkerCount(MI);
  if (!N || S.Youngest[*N + 1] == Retired)
    return true;
  const Function &F = MF.getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F,
      "wait_asyncmark(" + Twine(*N) +
          ") is not satisfied by the emitted s_waitcnt: an async DMA "
          "followed by " +
          Twine(*N + 1) + " or more marks may still be in flight",
      DiagnosticLocation(MI.getDebugLoc())));
  return false;
}

InFlight WaitChecker::atBlockStart(const MachineBasicBlock &MBB) const {
  InFlight S = atEntry();
  bool Have = &MBB == &MF.front();
  for (const MachineBasicBlock *Pred : MBB.predecessors()) {
    auto It = End.find(Pred);
    if (It == End.end())
      continue;
    if (!Have) {
      S = It->second;
      Have = true;
      continue;
    }
    for (unsigned M = 0; M < Levels; ++M)
      S.Youngest[M] = std::min(S.Youngest[M], It->second.Youngest[M]);
    S.MayReturnOutOfOrder |= It->second.MayReturnOutOfOrder;
  }
  return S;
}

unsigned WaitChecker::run() {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (std::optional<unsigned> N = getWaitMarkerCount(MI))
        Levels = std::max(Levels, *N + 2);
  if (!Levels)
    return 0;
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (MachineBasicBlock *MBB : RPOT) {
      InFlight S = atBlockStart(*MBB);
      for (const MachineInstr &MI : MBB->instrs())
        step(MI, S);
      auto [It, New] = End.try_emplace(MBB, S);
      if (New || !(It->second == S)) {
        It->second = S;
        Changed = true;
      }
    }
  }
  unsigned Failures = 0;
  for (MachineBasicBlock &MBB : MF) {
    InFlight S = atBlockStart(MBB);
    for (const MachineInstr &MI : MBB.instrs()) {
      Failures += !check(MI, S);
      step(MI, S);
    }
  }
  return Failures;
}

class AMDGPUVerifyAsyncWaits : public MachineFunctionPass {
public:
  static char ID;
  AMDGPUVerifyAsyncWaits() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU verify async waits (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!VerifyAsyncWaits)
      return false;
    if (!checkTSFlagPins(MF))
      return false;
    if (!Opcodes)
      Opcodes.emplace(*MF.getSubtarget().getInstrInfo());
    WaitChecker(MF, *Opcodes).run();
    return false;
  }

private:
  std::optional<WaitcntOpcodes> Opcodes;
};
} // namespace

char AMDGPUVerifyAsyncWaits::ID = 0;

MachineFunctionPass *llvm::createAMDGPUVerifyAsyncWaitsPass() {
  return new AMDGPUVerifyAsyncWaits();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUVerifyAsyncWaits, "amdgpu-check-async-waits",
                "AMDGPU verify async waits (AsyncPipe)", false, false)
