//===- AMDGPUParkRecordedAsyncWaits.cpp - Records out of the way ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The recorded requirements (AMDGPURecordAsyncWaits.cpp) reach the machine
// code as side-effecting inline asm, which keeps them in place, next to the
// mark or wait each records, through instruction selection and scheduling.
// The stock si-insert-waitcnts and amdgpu-lower-async-waits would see that
// inline asm as an instruction like any other, so right before them each
// record is parked in a meta instruction, which both look through: the code
// checked is the code built without the checker. amdgpu-check-async-waits
// reads the parked records and erases them.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsyncChecker.h"
#include "AMDGPUAsyncDMAState.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/InlineAsm.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

StringRef asyncpipe::amdgpu::getAsmText(const MachineInstr &MI) {
  if (!MI.isInlineAsm())
    return "";
  return MI.getOperand(InlineAsm::MIOp_AsmString).getSymbolName();
}

std::optional<int64_t> asyncpipe::amdgpu::getAsmImm(const MachineInstr &MI,
                                                    unsigned K) {
  unsigned Idx = InlineAsm::MIOp_FirstOperand + 2 * K + 1;
  if (Idx >= MI.getNumOperands() || !MI.getOperand(Idx).isImm())
    return std::nullopt;
  return MI.getOperand(Idx).getImm();
}

std::optional<ParkedRecord>
asyncpipe::amdgpu::getParked(const MachineInstr &MI) {
  if (!MI.isKill() || MI.getNumOperands() != 3 ||
      !llvm::all_of(MI.operands(),
                    [](const MachineOperand &MO) { return MO.isImm(); }) ||
      MI.getOperand(0).getImm() != ParkedMagic)
    return std::nullopt;
  return ParkedRecord{MI.getOperand(1).getImm(), MI.getOperand(2).getImm()};
}

namespace {
/// Before si-insert-waitcnts, each recorded requirement becomes a KILL with
/// two immediates: a meta instruction, which the stock wait insertion and
/// amdgpu-lower-async-waits look through like every debug or meta
/// instruction, so that the checked code is the code built without the
/// checker. Until then the inline asm kept it in place, a scheduling barrier
/// next to the mark or wait it records; after it no pass reorders memory
/// instructions.
class AMDGPUParkRecordedAsyncWaits : public MachineFunctionPass {
public:
  static char ID;
  AMDGPUParkRecordedAsyncWaits() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU park recorded async waits (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AMDGPUAsyncDMAState>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!getAnalysis<AMDGPUAsyncDMAState>().mayHaveAsyncOps())
      return false;
    const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
    SmallVector<std::pair<MachineInstr *, ParkedRecord>, 8> ToPark;
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : MBB.instrs()) {
        std::optional<int64_t> A, N;
        if (getAsmText(MI) == RecordedMarkAsm && (A = getAsmImm(MI, 0)))
          ToPark.push_back({&MI, {ParkedMark, *A}});
        else if (getAsmText(MI) == RecordedWaitAsm && (N = getAsmImm(MI, 0)) &&
                 (A = getAsmImm(MI, 1)))
          ToPark.push_back({&MI, {*N, *A}});
      }
    for (auto [MI, P] : ToPark) {
      BuildMI(*MI->getParent(), MI, MI->getDebugLoc(),
              TII.get(TargetOpcode::KILL))
          .addImm(ParkedMagic)
          .addImm(P.Value)
          .addImm(P.Activation);
      MI->eraseFromBundle();
    }
    return !ToPark.empty();
  }
};
} // namespace

char AMDGPUParkRecordedAsyncWaits::ID = 0;

MachineFunctionPass *llvm::createAMDGPUParkRecordedAsyncWaitsPass() {
  return new AMDGPUParkRecordedAsyncWaits();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUParkRecordedAsyncWaits,
                "amdgpu-park-recorded-async-waits",
                "AMDGPU park recorded async waits (AsyncPipe)", false, false)
