//===- AMDGPUCheckAsyncWaits.cpp - Prove every async wait sufficient ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The independent checker (-amdgpu-enable-check-async-waits). After the last
// pass that can move or drop instructions it re-simulates the load counter over
// the final machine code, trusting only the s_waitcnt instructions actually
// there, and checks two kinds of requirement:
//
// * every wait marker the lowering left ("; wait_asyncmark(N)"), counted
//   over the mark markers it left: this checks amdgpu-lower-async-waits;
// * every requirement recorded before any optimization
//   (AMDGPURecordAsyncWaits.cpp), counted over the recorded marks: this
//   checks that no pass before codegen deleted or weakened a source wait. A
//   recorded wait stays where the source wait stood even when the wait call
//   itself is gone.
//
// Both say "at most N marks outstanding": every async DMA followed by N+1 or
// more marks must have completed. The checker tracks, for every number m of
// marks, the youngest async DMA still possibly in flight that at least m
// marks follow, as the number of load-counter events issued after it.
//
// Soundness rests on one hardware fact: the loads the counter tracks, LDS DMA
// included, complete in the order they were issued. So if a DMA has k newer
// in-order loads and an s_waitcnt lets at most n <= k loads be outstanding,
// the DMA has completed. Only loads surely counted and surely in order are
// counted as newer; anything else (stores, atomics, image and flat accesses,
// inline assembly, a callee's events) is counted as nothing, which can only
// make the checker stricter than the hardware.
//
// It deliberately shares no code with the lowering: instructions are
// classified by opcode name here (checked at startup against opcodes of known
// class, a fatal error naming the LLVM version on mismatch), the s_waitcnt
// immediate is decoded by its own per-generation table, and markers are
// parsed from the inline-asm text. Only the -amdgpu-async-assume-callee-waits
// setting, an ABI assumption both must agree on, is read from the lowering.
// Its files share AMDGPUCheckAsyncWaits.h, which nothing else includes, so
// that nothing else can come to share them: this one says what is checked,
// AMDGPUCheckAsyncWaitsOpcodes.cpp classifies and decodes instructions,
// AMDGPUCheckAsyncWaitsDataflow.cpp follows the counters and
// AMDGPUCheckAsyncWaitsReports.cpp says what fails and why.
//
// It follows one lane through divergent code
// (AMDGPUCheckAsyncWaitsDataflow.cpp, "One lane's view of the execution mask").
//
// A report says where; -amdgpu-check-async-waits-explain also says why
// (AMDGPUCheckAsyncWaitsReports.cpp).
//
//===----------------------------------------------------------------------===//

#include "AMDGPUCheckAsyncWaits.h"
#include "AMDGPUAsync.h"
#include "AMDGPUAsyncChecker.h"
#include "AMDGPUAsyncDMAState.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;
using namespace llvm::asyncpipe::amdgpu::checker;

// Named like AMDGPU's -amdgpu-enable-<pass> options: the pass itself is
// amdgpu-check-async-waits, and opt makes every registered pass name an
// option of its own, so the two cannot share one spelling.
static cl::opt<bool> EnableCheckAsyncWaits(
    "amdgpu-enable-check-async-waits", cl::init(false),
    cl::desc("Record every source async wait at the start of the pipeline "
             "and check that it, and every wait.asyncmark, is satisfied by the "
             "s_waitcnt instructions of the final AMDGPU machine code"));

// Deprecated spellings from before the checker had one name; existing
// command lines keep working.
static cl::alias
    VerifyAsyncWaitsAlias("amdgpu-verify-async-waits", cl::Hidden,
                          cl::aliasopt(EnableCheckAsyncWaits),
                          cl::desc("Deprecated: use "
                                   "-amdgpu-enable-check-async-waits"));

bool asyncpipe::amdgpu::isAsyncWaitCheckerEnabled() {
  return EnableCheckAsyncWaits;
}

int64_t asyncpipe::amdgpu::checker::resolveActivation(const MachineFunction &MF,
                                                      int64_t Recorded) {
  // The record's operand is an i32, whichever way the selector extended it.
  int64_t Activation = int32_t(Recorded);
  if (Activation > 0 || Activation <= -RecordedQueues)
    return Activation;
  Attribute A = MF.getFunction().getFnAttribute(ActivationAttr);
  int64_t Own = 0;
  if (!A.isStringAttribute() || A.getValueAsString().getAsInteger(10, Own))
    Own = 0;
  return getRecordedQueueActivation(Own, uint64_t(-Activation));
}

/// What names a queue in the lowering's markers.
static constexpr StringLiteral QueueMarkSuffix = " queue($0)";
static constexpr StringLiteral QueueWaitSuffix = " queue($1)";

/// The queue operand of a wait marker that names one (its second).
static std::optional<int64_t> getWaitQueueOperand(const MachineInstr &MI) {
  std::optional<int64_t> Queue = getAsmImm(MI, 1);
  if (!Queue || *Queue < 0)
    return std::nullopt;
  return Queue;
}

bool asyncpipe::amdgpu::checker::isMark(const MachineInstr &MI,
                                        const MarkerFamily &F,
                                        int64_t Activation) {
  if (F.Recorded) {
    std::optional<ParkedRecord> P = getParked(MI);
    return P && P->Value == ParkedMark &&
           resolveActivation(*MI.getMF(), P->Activation) == Activation;
  }
  StringRef Text = getAsmText(MI);
  if (!Text.consume_front(F.MarkAsm))
    return false;
  // A mark of any queue is one of every mark's sequence.
  std::optional<int64_t> Queue = 0;
  if (Text.consume_front(QueueMarkSuffix))
    Queue = getAsmImm(MI, 0);
  if (!Text.empty() || !Queue)
    return false;
  return Activation == 0 ||
         Activation == getEmittedQueueSequence(unsigned(*Queue));
}

std::optional<unsigned> asyncpipe::amdgpu::checker::waitCount(
    const MachineInstr &MI, const MarkerFamily &F, int64_t Activation) {
  if (F.Recorded) {
    std::optional<ParkedRecord> P = getParked(MI);
    if (!P || P->Value < 0 ||
        resolveActivation(*MI.getMF(), P->Activation) != Activation)
      return std::nullopt;
    return std::min<int64_t>(P->Value, INT_MAX - 2);
  }
  StringRef Text = getAsmText(MI);
  bool OfQueue = Text.consume_back(QueueWaitSuffix);
  if (Text != F.WaitAsm &&
      (F.WaitHereOnlyAsm.empty() || Text != F.WaitHereOnlyAsm))
    return std::nullopt;
  // A queue's wait counts its queue's sequence alone, a plain wait every
  // mark's.
  int64_t Sequence = 0;
  if (OfQueue) {
    std::optional<int64_t> Queue = getWaitQueueOperand(MI);
    if (!Queue)
      return std::nullopt;
    Sequence = getEmittedQueueSequence(unsigned(*Queue));
  }
  if (Sequence != Activation)
    return std::nullopt;
  std::optional<int64_t> N = getAsmImm(MI, 0);
  if (!N)
    return std::nullopt;
  return std::min<int64_t>(*N, INT_MAX - 2);
}

bool asyncpipe::amdgpu::checker::isAsyncDMA(const MachineInstr &MI) {
  for (const MachineMemOperand *MMO : MI.memoperands())
    if (const auto *I = dyn_cast_or_null<Instruction>(MMO->getValue()))
      if (I->hasMetadata("asyncpipe.async"))
        return true;
  return false;
}

/// The queue a wait marker of the lowering names, if any.
static std::optional<int64_t> getEmittedWaitQueue(const MachineInstr &MI) {
  StringRef Text = getAsmText(MI);
  if (!Text.starts_with(Emitted.WaitAsm) || !Text.ends_with(QueueWaitSuffix))
    return std::nullopt;
  return getWaitQueueOperand(MI);
}

/// The activations the recorder limited to one counter
/// (ActivationCountersMetadata): !{i32 activation, !"asynccnt"|"tensorcnt"}.
static DenseMap<int64_t, Queue>
getActivationCounters(const MachineFunction &MF) {
  DenseMap<int64_t, Queue> OnlyOn;
  const NamedMDNode *List = MF.getFunction().getParent()->getNamedMetadata(
      ActivationCountersMetadata);
  if (!List)
    return OnlyOn;
  for (const MDNode *Entry : List->operands()) {
    if (Entry->getNumOperands() != 2)
      continue;
    auto *A = mdconst::dyn_extract<ConstantInt>(Entry->getOperand(0));
    auto *Counter = dyn_cast<MDString>(Entry->getOperand(1));
    if (!A || !Counter)
      continue;
    // Listed as recorded: a queue of an always_inline function is resolved
    // to the function it ended up in.
    int64_t Activation = resolveActivation(MF, A->getSExtValue());
    if (Counter->getString() == "asynccnt")
      OnlyOn[Activation] = Queue::Copies;
    else if (Counter->getString() == "tensorcnt")
      OnlyOn[Activation] = Queue::Tensor;
  }
  return OnlyOn;
}

/// Recorded requirements are for the checker only; they leave the code
/// whether or not the checker ran.
static bool eraseRecorded(MachineFunction &MF) {
  SmallVector<MachineInstr *, 8> Dead;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB.instrs())
      if (getParked(MI) || getAsmText(MI) == RecordedMarkAsm ||
          getAsmText(MI) == RecordedWaitAsm)
        Dead.push_back(&MI);
  for (MachineInstr *MI : Dead)
    MI->eraseFromBundle();
  return !Dead.empty();
}

namespace {
class AMDGPUCheckAsyncWaits : public MachineFunctionPass {
public:
  static char ID;
  AMDGPUCheckAsyncWaits() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU check async waits (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AMDGPUAsyncDMAState>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!getAnalysis<AMDGPUAsyncDMAState>().mayHaveAsyncOps())
      return false;
    if (EnableCheckAsyncWaits) {
      const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
      if (!Ops || OpsOf != &TII) {
        Ops.emplace(TII, *MF.getSubtarget().getRegisterInfo());
        OpsOf = &TII;
      }
      // One check per counter: the copies', and on GFX12.5 TENSORcnt too.
      SmallVector<Queue, 2> Queues = {Queue::Copies};
      if (hasAsyncCounter(AMDGPU::getIsaVersion(MF.getSubtarget().getCPU())))
        Queues.push_back(Queue::Tensor);
      // The lowering's markers: one check of every mark, and one per queue
      // its waits name.
      SmallVector<int64_t, 4> Sequences = {0};
      for (const MachineBasicBlock &MBB : MF)
        for (const MachineInstr &MI : MBB.instrs())
          if (std::optional<int64_t> Queue = getEmittedWaitQueue(MI))
            Sequences.push_back(getEmittedQueueSequence(unsigned(*Queue)));
      llvm::sort(Sequences);
      Sequences.erase(llvm::unique(Sequences), Sequences.end());
      for (int64_t Sequence : Sequences)
        for (Queue Q : Queues)
          Checker(MF, *Ops, Q == Queue::Tensor ? EmittedTensor : Emitted, Q,
                  Sequence)
              .run();
      // One pass per activation with recorded waits here: the function's
      // own, and those of functions inlined into it.
      SmallVector<int64_t, 4> Activations;
      for (const MachineBasicBlock &MBB : MF)
        for (const MachineInstr &MI : MBB.instrs())
          if (std::optional<ParkedRecord> P = getParked(MI); P && P->Value >= 0)
            Activations.push_back(resolveActivation(MF, P->Activation));
      llvm::sort(Activations);
      Activations.erase(llvm::unique(Activations), Activations.end());
      // A sequence the recorder limited to one counter (a class of
      // upstream's draft stages) is checked on that counter alone.
      DenseMap<int64_t, Queue> OnlyOn = getActivationCounters(MF);
      for (int64_t A : Activations)
        for (Queue Q : Queues)
          if (auto It = OnlyOn.find(A); It == OnlyOn.end() || It->second == Q)
            Checker(MF, *Ops, Recorded, Q, A).run();
    }
    return eraseRecorded(MF);
  }

private:
  std::optional<OpcodeTable> Ops;
  const TargetInstrInfo *OpsOf = nullptr;
};
} // namespace

char AMDGPUCheckAsyncWaits::ID = 0;

MachineFunctionPass *llvm::createAMDGPUCheckAsyncWaitsPass() {
  return new AMDGPUCheckAsyncWaits();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUCheckAsyncWaits, "amdgpu-check-async-waits",
                "AMDGPU check async waits (AsyncPipe)", false, false)
