//===- AMDGPUHideAsyncDMA.cpp - Keep si-insert-waitcnts off async DMAs ----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The stock si-insert-waitcnts waits for an LDS DMA before any LDS access that
// may alias it. For an async DMA that wait is exactly what the program's
// wait.asyncmark is for, and the stock wait is vmcnt(0) in a multi-buffered
// loop: no overlap at all. The stock pass reasons about LDS DMA through the
// scoped alias metadata of memory operands, so right before it runs this pass
// gives every LDS DMA and every LDS access canonical alias info:
//
//   async DMA:    scope {async}
//   other DMA:    scope {other-dma}
//   LDS accesses: scope {access}, noalias {async}
//
// Accesses then alias every non-async DMA and no async one. The stock pass
// asks alias analysis, where BasicAA answers first and would see that a DMA
// and a load address the same LDS variable; an async DMA's memory operands
// therefore also lose their IR value for the duration. Canonical info
// also fixes a stock 22.1.8 bug: an LDS load with only !tbaa after a DMA
// without alias scope got no wait at all (in functions with an async DMA:
// the plugin leaves every other function to the stock pass). With only two
// distinct DMA infos the stock pass never runs out of its per-scope DMA slots.
// amdgpu-lower-async-waits restores the original operands after the stock pass.
//
// A release fence covering LDS makes the memory legalizer insert
// S_WAITCNT_lds_direct, which the stock pass turns into a wait for every LDS
// DMA in flight. Async DMAs are ordered by waits alone, not by fences, so in a
// function whose only LDS DMAs are async ones those pseudos are removed:
// otherwise every barrier in a multi-buffered loop would wait for the copies
// meant to stay in flight.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncDMAState.h"
#include "AMDGPUAsyncMarkers.h"
#include "AMDGPUAsyncSubtarget.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/MDBuilder.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

namespace {
constexpr unsigned FlatAS = 0;
constexpr unsigned LDSAS = 3;

bool mayAccessLDS(const MachineInstr &MI) {
  return any_of(MI.memoperands(), [](const MachineMemOperand *MMO) {
    return MMO->getAddrSpace() == LDSAS || MMO->getAddrSpace() == FlatAS;
  });
}

struct CanonicalAAInfo {
  AAMDNodes AsyncDMA, OtherDMA, LDSAccess;

  explicit CanonicalAAInfo(LLVMContext &Ctx) {
    MDBuilder MDB(Ctx);
    MDNode *Domain = MDB.createAnonymousAliasScopeDomain("asyncpipe.waitcnt");
    MDNode *Async = MDB.createAnonymousAliasScope(Domain, "async");
    MDNode *Other = MDB.createAnonymousAliasScope(Domain, "other-dma");
    MDNode *Access = MDB.createAnonymousAliasScope(Domain, "access");
    AsyncDMA.Scope = MDNode::get(Ctx, {Async});
    OtherDMA.Scope = MDNode::get(Ctx, {Other});
    LDSAccess.Scope = MDNode::get(Ctx, {Access});
    LDSAccess.NoAlias = MDNode::get(Ctx, {Async});
  }
};

class AMDGPUHideAsyncDMA : public MachineFunctionPass {
public:
  static char ID;
  AMDGPUHideAsyncDMA() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU hide async DMA from si-insert-waitcnts (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AMDGPUAsyncDMAState>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  void rewrite(MachineFunction &MF, MachineInstr &MI, const AAMDNodes &AA,
               bool DropValue, AMDGPUAsyncDMAState &State);

  /// The opcode of S_WAITCNT_lds_direct, looked up once.
  std::optional<std::optional<unsigned>> LDSDMAWaitOpcode;
};
} // namespace

char AMDGPUHideAsyncDMA::ID = 0;

/// \p MMO with alias info \p AA and, if \p DropValue, a poison pointer for
/// its IR value, which alias analysis cannot relate to anything.
static MachineMemOperand *canonicalize(MachineFunction &MF,
                                       const MachineMemOperand &MMO,
                                       const AAMDNodes &AA, bool DropValue) {
  if (!DropValue)
    return MF.getMachineMemOperand(&MMO, AA);
  LLVMContext &Ctx = MF.getFunction().getContext();
  MachinePointerInfo Opaque(
      PoisonValue::get(PointerType::get(Ctx, MMO.getAddrSpace())),
      MMO.getOffset());
  return MF.getMachineMemOperand(Opaque, MMO.getFlags(), MMO.getSize(),
                                 MMO.getBaseAlign(), AA, MMO.getRanges(),
                                 MMO.getSyncScopeID(), MMO.getSuccessOrdering(),
                                 MMO.getFailureOrdering());
}

void AMDGPUHideAsyncDMA::rewrite(MachineFunction &MF, MachineInstr &MI,
                                 const AAMDNodes &AA, bool DropValue,
                                 AMDGPUAsyncDMAState &State) {
  SmallVector<MachineMemOperand *, 2> Original(MI.memoperands());
  SmallVector<MachineMemOperand *, 2> Canonical;
  for (MachineMemOperand *MMO : Original)
    Canonical.push_back(canonicalize(MF, *MMO, AA, DropValue));
  State.SavedMemOperands[&MI] = std::move(Original);
  MI.setMemRefs(MF, Canonical);
}

bool AMDGPUHideAsyncDMA::runOnMachineFunction(MachineFunction &MF) {
  if (!getAnalysis<AMDGPUAsyncDMAState>().mayHaveAsyncOps())
    return false;
  if (!checkTSFlagPins(MF))
    return false;
  AsyncSubtarget ST(MF.getSubtarget().getCPU());
  SmallVector<MachineInstr *, 8> AsyncDMAs, OtherDMAs, LDSAccesses;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB.instrs()) {
      if (MI.isBundle() || MI.memoperands_empty())
        continue;
      if (ST.classifyVmcnt(MI) == VmcntEvent::LDSDMA)
        (isTaggedAsyncDMA(MI) ? AsyncDMAs : OtherDMAs).push_back(&MI);
      else if (mayAccessLDS(MI))
        LDSAccesses.push_back(&MI);
    }
  // Without an async DMA the function is compiled exactly as stock LLVM
  // compiles it, the stock bug below included.
  if (AsyncDMAs.empty())
    return false;
  if (!LDSDMAWaitOpcode)
    LDSDMAWaitOpcode =
        findOpcode(*MF.getSubtarget().getInstrInfo(), "S_WAITCNT_lds_direct");
  if (OtherDMAs.empty() && *LDSDMAWaitOpcode)
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : make_early_inc_range(MBB.instrs()))
        if (MI.getOpcode() == **LDSDMAWaitOpcode)
          MI.eraseFromParent();
  CanonicalAAInfo AA(MF.getFunction().getContext());
  auto &State = getAnalysis<AMDGPUAsyncDMAState>();
  for (MachineInstr *MI : AsyncDMAs)
    rewrite(MF, *MI, AA.AsyncDMA, /*DropValue=*/true, State);
  for (MachineInstr *MI : OtherDMAs)
    rewrite(MF, *MI, AA.OtherDMA, /*DropValue=*/false, State);
  for (MachineInstr *MI : LDSAccesses)
    rewrite(MF, *MI, AA.LDSAccess, /*DropValue=*/false, State);
  return true;
}

MachineFunctionPass *llvm::createAMDGPUHideAsyncDMAPass() {
  return new AMDGPUHideAsyncDMA();
}

char AMDGPUAsyncDMAState::ID = 0;
AMDGPUAsyncDMAState::AMDGPUAsyncDMAState() : ImmutablePass(ID) {}
static RegisterPass<AMDGPUAsyncDMAState>
    RegisterState("amdgpu-async-dma-state",
                  "AsyncPipe AMDGPU memory operands set aside", false, true);

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUHideAsyncDMA, "amdgpu-hide-async-dma",
                "AMDGPU hide async DMA from si-insert-waitcnts (AsyncPipe)",
                false, false)
