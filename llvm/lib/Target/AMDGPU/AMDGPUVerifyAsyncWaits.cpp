//===- AMDGPUVerifyAsyncWaits.cpp - Prove every async wait sufficient -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The independent checker (-amdgpu-verify-async-waits). After the last pass
// that can move or drop instructions it re-simulates the load counter over
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
// That is also why it is one file, longer than AsyncPipe's ~500-line
// guideline: its decoding, classification and simulation stay private
// together, so that nothing else can come to share them.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncChecker.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/TargetParser/TargetParser.h"
#include <climits>

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

static cl::opt<bool>
    VerifyAsyncWaits("amdgpu-verify-async-waits", cl::init(false),
                     cl::desc("Record every source async wait at the start "
                              "of the pipeline and check that it, and every "
                              "wait.asyncmark, is satisfied by the s_waitcnt "
                              "instructions of the final AMDGPU machine "
                              "code"));

static cl::opt<std::string> PretendMissingOpcode(
    "amdgpu-verify-async-waits-pretend-missing-opcode", cl::Hidden,
    cl::desc("Testing only: act as if the target had no opcode of this name, "
             "to test the checker's startup self-check"));

bool asyncpipe::amdgpu::isAsyncWaitCheckerEnabled() { return VerifyAsyncWaits; }

namespace {

//===----------------------------------------------------------------------===//
// Instruction classification, by opcode name.
//===----------------------------------------------------------------------===//

enum class OpClass : uint8_t {
  Other,       ///< Never counted as a newer in-order event.
  InOrderLoad, ///< A vector-memory load into VGPRs, counted and in order.
  /// A vector-memory store or atomic: in order with loads up to GFX9, on
  /// GFX10 and later counted by vscnt or of unknown order, so not counted.
  VectorMemoryOther,
  LDSDMA,      ///< A load from global or buffer memory into LDS.
  Waitcnt,     ///< s_waitcnt (GFX6-GFX11): a combined counter wait.
  WaitLoadcnt, ///< s_wait_loadcnt (GFX12): the load counter alone.
  /// A GFX12.5 async copy between global (or cluster) memory and LDS,
  /// counted by ASYNCcnt and retired in order.
  AsyncCopy,
  WaitAsynccnt, ///< s_wait_asynccnt (GFX12.5): the async counter alone.
};

OpClass classifyByName(StringRef Name, const MCInstrDesc &Desc) {
  if (Name == "S_WAITCNT" || Name == "S_WAITCNT_soft")
    return OpClass::Waitcnt;
  if (Name == "S_WAIT_LOADCNT" || Name == "S_WAIT_LOADCNT_soft")
    return OpClass::WaitLoadcnt;
  if (Name == "S_WAIT_ASYNCCNT" || Name == "S_WAIT_ASYNCCNT_soft")
    return OpClass::WaitAsynccnt;
  if ((Name.starts_with("GLOBAL_LOAD_ASYNC_TO_LDS_") ||
       Name.starts_with("CLUSTER_LOAD_ASYNC_TO_LDS_") ||
       Name.starts_with("GLOBAL_STORE_ASYNC_FROM_LDS_")) &&
      (Desc.mayLoad() || Desc.mayStore()))
    return OpClass::AsyncCopy;
  // Image and flat accesses are left out: the former may return out of
  // order, the latter may go to LDS and not be counted at all.
  bool VectorMemory =
      Name.starts_with("BUFFER_") || Name.starts_with("TBUFFER_") ||
      Name.starts_with("GLOBAL_") || Name.starts_with("SCRATCH_");
  // Cache control (BUFFER_WBINVL1, BUFFER_GL0_INV, ...) is no access.
  bool CacheControl = Name.starts_with("BUFFER_WB") ||
                      Name.starts_with("BUFFER_INV") ||
                      Name.starts_with("BUFFER_GL");
  if (!VectorMemory || CacheControl || !(Desc.mayLoad() || Desc.mayStore()))
    return OpClass::Other;
  if (Desc.mayLoad() && !Desc.mayStore())
    return OpClass::InOrderLoad;
  // An LDS DMA loads and writes LDS (the GFX12.5 async forms are above).
  bool IsLoad = Name.starts_with("BUFFER_LOAD_") ||
                Name.starts_with("GLOBAL_LOAD_") ||
                Name.starts_with("SCRATCH_LOAD_");
  if (IsLoad && Desc.mayLoad() && Name.contains("_LDS_") &&
      !Name.contains("_ASYNC_"))
    return OpClass::LDSDMA;
  return OpClass::VectorMemoryOther;
}

StringRef describe(OpClass C) {
  switch (C) {
  case OpClass::Other:
    return "other";
  case OpClass::InOrderLoad:
    return "in-order load";
  case OpClass::VectorMemoryOther:
    return "vector-memory store or atomic";
  case OpClass::LDSDMA:
    return "LDS DMA";
  case OpClass::Waitcnt:
    return "s_waitcnt";
  case OpClass::WaitLoadcnt:
    return "s_wait_loadcnt";
  case OpClass::AsyncCopy:
    return "async copy (ASYNCcnt)";
  case OpClass::WaitAsynccnt:
    return "s_wait_asynccnt";
  }
  llvm_unreachable("unknown class");
}

/// The class of every opcode of one target, computed once.
class OpcodeTable {
public:
  explicit OpcodeTable(const TargetInstrInfo &TII) {
    Classes.resize(TII.getNumOpcodes());
    for (unsigned Op = 0, E = TII.getNumOpcodes(); Op != E; ++Op) {
      StringRef Name = TII.getName(Op);
      if (Name == PretendMissingOpcode)
        continue;
      Classes[Op] = classifyByName(Name, TII.get(Op));
      ByName.try_emplace(Name, Op);
    }
    selfCheck();
  }
  OpClass classOf(const MachineInstr &MI) const {
    return MI.getOpcode() < Classes.size() ? Classes[MI.getOpcode()]
                                           : OpClass::Other;
  }

private:
  /// The names above are a fact of LLVM 22's AMDGPU backend; a backend that
  /// renamed them would make the checker silently blind, so it stops.
  void selfCheck() const {
    const std::pair<StringLiteral, OpClass> Known[] = {
        {"S_WAITCNT", OpClass::Waitcnt},
        {"S_WAITCNT_soft", OpClass::Waitcnt},
        {"S_WAIT_LOADCNT", OpClass::WaitLoadcnt},
        {"S_WAIT_ASYNCCNT", OpClass::WaitAsynccnt},
        {"GLOBAL_LOAD_ASYNC_TO_LDS_B32", OpClass::AsyncCopy},
        {"GLOBAL_STORE_ASYNC_FROM_LDS_B32", OpClass::AsyncCopy},
        {"GLOBAL_LOAD_LDS_DWORD", OpClass::LDSDMA},
        {"GLOBAL_LOAD_LDS_DWORD_SADDR", OpClass::LDSDMA},
        {"BUFFER_LOAD_DWORD_LDS_OFFSET", OpClass::LDSDMA},
        {"GLOBAL_LOAD_DWORD", OpClass::InOrderLoad},
        {"BUFFER_LOAD_DWORD_OFFSET", OpClass::InOrderLoad},
        {"DS_READ_B32", OpClass::Other},
        {"BUFFER_WBINVL1", OpClass::Other},
        {"GLOBAL_STORE_DWORD", OpClass::VectorMemoryOther},
        {"BUFFER_STORE_LDS_DWORD", OpClass::VectorMemoryOther},
        {"GLOBAL_ATOMIC_ADD_RTN", OpClass::VectorMemoryOther},
        {"FLAT_LOAD_DWORD", OpClass::Other},
        {"IMAGE_LOAD_V1_V1", OpClass::Other},
    };
    std::string Problems;
    for (auto [Name, Expected] : Known) {
      auto It = ByName.find(Name);
      if (It == ByName.end())
        Problems += ("no opcode " + Name + "; ").str();
      else if (Classes[It->second] != Expected)
        Problems += (Name + " is classified " + describe(Classes[It->second]) +
                     ", expected " + describe(Expected) + "; ")
                        .str();
    }
    if (!Problems.empty())
      reportFatalUsageError(
          "AsyncPipe: -amdgpu-verify-async-waits cannot classify the AMDGPU "
          "instructions of LLVM " LLVM_VERSION_STRING
          " (it was written against LLVM 22.1): " +
          Twine(Problems));
  }

  std::vector<OpClass> Classes;
  StringMap<unsigned> ByName;
};

//===----------------------------------------------------------------------===//
// Load-counter decoding, per generation.
//===----------------------------------------------------------------------===//

/// Where a wait instruction's immediate keeps the load counter: a low field
/// and an optional high field whose bits continue it.
struct LoadCountField {
  uint8_t LoShift, LoBits, HiShift, HiBits;
  unsigned decode(unsigned Imm) const {
    unsigned Lo = (Imm >> LoShift) & ((1u << LoBits) - 1);
    unsigned Hi = HiBits ? (Imm >> HiShift) & ((1u << HiBits) - 1) : 0;
    return Lo | (Hi << LoBits);
  }
  /// One more than the largest count the field can hold.
  unsigned limit() const { return 1u << (LoBits + HiBits); }
};

/// The s_waitcnt vmcnt field by ISA major version: [3:0] up to GFX8, GFX9
/// and GFX10 add [15:14] as bits 5:4, GFX11 moved it to [15:10]. GFX12 has
/// no s_waitcnt; its s_wait_loadcnt holds the count in [5:0]. GFX12.5's
/// s_wait_asynccnt holds the async counter in [5:0].
std::optional<LoadCountField> getWaitcntField(unsigned Major) {
  if (Major <= 8)
    return LoadCountField{0, 4, 0, 0};
  if (Major <= 10)
    return LoadCountField{0, 4, 14, 2};
  if (Major == 11)
    return LoadCountField{10, 6, 0, 0};
  return std::nullopt;
}
std::optional<LoadCountField> getWaitLoadcntField(unsigned Major) {
  if (Major >= 12)
    return LoadCountField{0, 6, 0, 0};
  return std::nullopt;
}
constexpr LoadCountField WaitAsynccntField = {0, 6, 0, 0};

/// True for the generations whose async copies count on ASYNCcnt (GFX12.5).
bool hasAsyncCounter(const AMDGPU::IsaVersion &V) {
  return V.Major > 12 || (V.Major == 12 && V.Minor >= 5);
}

//===----------------------------------------------------------------------===//
// Markers, parsed from the inline-asm text.
//===----------------------------------------------------------------------===//

/// One kind of marks and waits to check.
struct MarkerFamily {
  StringLiteral MarkAsm, WaitAsm;
  bool Recorded;
};
constexpr MarkerFamily Emitted = {"; asyncmark", "; wait_asyncmark($0)", false};
constexpr MarkerFamily Recorded = {RecordedMarkAsm, RecordedWaitAsm, true};

StringRef asmText(const MachineInstr &MI) {
  if (!MI.isInlineAsm())
    return "";
  return MI.getOperand(InlineAsm::MIOp_AsmString).getSymbolName();
}

/// The value of inline-asm "i" operand \p K: a flag word, then the value.
std::optional<int64_t> asmImm(const MachineInstr &MI, unsigned K) {
  unsigned Idx = InlineAsm::MIOp_FirstOperand + 2 * K + 1;
  if (Idx >= MI.getNumOperands() || !MI.getOperand(Idx).isImm())
    return std::nullopt;
  return MI.getOperand(Idx).getImm();
}

/// A parked recorded requirement: KILL ParkedMagic, the count (or
/// ParkedMark), the activation.
constexpr int64_t ParkedMagic = 0x41505257; // "APRW"
constexpr int64_t ParkedMark = -1;

struct Parked {
  int64_t Value, Activation;
};

std::optional<Parked> parked(const MachineInstr &MI) {
  if (!MI.isKill() || MI.getNumOperands() != 3 ||
      !llvm::all_of(MI.operands(),
                    [](const MachineOperand &MO) { return MO.isImm(); }) ||
      MI.getOperand(0).getImm() != ParkedMagic)
    return std::nullopt;
  return Parked{MI.getOperand(1).getImm(), MI.getOperand(2).getImm()};
}

/// The activation a recorded mark or wait in \p MF counts in: 0 (recorded in
/// an always_inline function) is the activation of \p MF itself.
int64_t resolveActivation(const MachineFunction &MF, int64_t Activation) {
  if (Activation != 0)
    return Activation;
  Attribute A = MF.getFunction().getFnAttribute(ActivationAttr);
  int64_t Own = 0;
  if (A.isStringAttribute() && !A.getValueAsString().getAsInteger(10, Own))
    return Own;
  return 0;
}

bool isMark(const MachineInstr &MI, const MarkerFamily &F,
            int64_t Activation = 0) {
  if (F.Recorded) {
    std::optional<Parked> P = parked(MI);
    return P && P->Value == ParkedMark &&
           resolveActivation(*MI.getMF(), P->Activation) == Activation;
  }
  return asmText(MI) == F.MarkAsm;
}

std::optional<unsigned> waitCount(const MachineInstr &MI, const MarkerFamily &F,
                                  int64_t Activation = 0) {
  if (F.Recorded) {
    std::optional<Parked> P = parked(MI);
    if (!P || P->Value < 0 ||
        resolveActivation(*MI.getMF(), P->Activation) != Activation)
      return std::nullopt;
    return std::min<int64_t>(P->Value, INT_MAX - 2);
  }
  if (asmText(MI) != F.WaitAsm)
    return std::nullopt;
  // An "i" operand is a flag word followed by the immediate.
  unsigned Idx = InlineAsm::MIOp_FirstOperand + 1;
  if (Idx >= MI.getNumOperands() || !MI.getOperand(Idx).isImm())
    return std::nullopt;
  return std::min<int64_t>(MI.getOperand(Idx).getImm(), INT_MAX - 2);
}

/// An LDS DMA of the async model: amdgpu-tag-async-dma made its LDS memory
/// operand point at an instruction carrying !asyncpipe.async (the contract
/// between IR and machine code, documented in AsyncPipeAMDGPU.rst).
bool isAsyncDMA(const MachineInstr &MI) {
  for (const MachineMemOperand *MMO : MI.memoperands())
    if (const auto *I = dyn_cast_or_null<Instruction>(MMO->getValue()))
      if (I->hasMetadata("asyncpipe.async"))
        return true;
  return false;
}

//===----------------------------------------------------------------------===//
// The dataflow.
//===----------------------------------------------------------------------===//

constexpr unsigned Done = UINT_MAX;

/// Newer[M]: how many in-order loads were issued after the youngest async
/// DMA, possibly still in flight, that at least M marks follow; Done if none.
using InFlight = SmallVector<unsigned, 8>;

class Checker {
public:
  Checker(MachineFunction &MF, const OpcodeTable &Ops,
          const MarkerFamily &Family, int64_t Activation = 0)
      : MF(MF), Ops(Ops), Family(Family), Activation(Activation) {
    AMDGPU::IsaVersion V = AMDGPU::getIsaVersion(MF.getSubtarget().getCPU());
    Major = V.Major;
    AsyncCounter = hasAsyncCounter(V);
    WaitcntField = getWaitcntField(Major);
    WaitLoadcntField = getWaitLoadcntField(Major);
    const LoadCountField *Any =
        WaitcntField ? &*WaitcntField
                     : (WaitLoadcntField ? &*WaitLoadcntField : nullptr);
    // No wait can tell more than "at least limit() newer loads".
    Saturation = AsyncCounter ? WaitAsynccntField.limit()
                              : (Any ? Any->limit() : 1);
  }

  /// Reports each unsatisfied wait; returns how many there were.
  unsigned run();

private:
  void step(const MachineInstr &MI, InFlight &S) const;
  void age(InFlight &S) const;
  void retire(InFlight &S, unsigned AllowedOutstanding) const;
  InFlight atBlockStart(const MachineBasicBlock &MBB) const;
  bool check(const MachineInstr &MI, const InFlight &S) const;

  MachineFunction &MF;
  const OpcodeTable &Ops;
  const MarkerFamily &Family;
  /// For recorded requirements: the activation whose marks and waits count.
  int64_t Activation;
  unsigned Major;
  /// The async copies count on ASYNCcnt (GFX12.5): only they are events, only
  /// s_wait_asynccnt retires them, and calls and returns do not wait for
  /// them.
  bool AsyncCounter = false;
  std::optional<LoadCountField> WaitcntField, WaitLoadcntField;
  unsigned Saturation;
  unsigned Levels = 0;
  DenseMap<const MachineBasicBlock *, InFlight> End;
};

void Checker::age(InFlight &S) const {
  for (unsigned &N : S)
    if (N != Done)
      N = std::min(N + 1, Saturation);
}

void Checker::retire(InFlight &S, unsigned AllowedOutstanding) const {
  for (unsigned &N : S)
    if (N != Done && N >= AllowedOutstanding)
      N = Done;
}

void Checker::step(const MachineInstr &MI, InFlight &S) const {
  if (MI.isBundle())
    return; // Its members come next, one by one.
  if (isMark(MI, Family, Activation)) {
    // Every DMA in flight gains one mark after it.
    for (unsigned M = Levels - 1; M > 0; --M)
      S[M] = S[M - 1];
    return;
  }
  if (MI.isCall()) {
    if (AMDGPUAsyncAssumeCalleeWaits && !AsyncCounter) {
      retire(S, 0);
      return;
    }
    // The callee may leave DMAs of its own in flight, followed by none of
    // this function's marks, and its loads are counted as nothing.
    S[0] = 0;
    return;
  }
  OpClass C = Ops.classOf(MI);
  if (AsyncCounter) {
    // On ASYNCcnt only the async copies are events, retired in order.
    // Every such copy is asynchronous, whether or not a mark follows it
    // (LLVM 22 never waits for ASYNCcnt on its own): no tag is needed.
    if (C == OpClass::AsyncCopy) {
      age(S);
      S[0] = 0;
    } else if (C == OpClass::WaitAsynccnt) {
      retire(S, WaitAsynccntField.decode(MI.getOperand(0).getImm()));
    }
    return;
  }
  switch (C) {
  case OpClass::Other:
  case OpClass::AsyncCopy:
  case OpClass::WaitAsynccnt:
    return;
  case OpClass::VectorMemoryOther:
    if (Major <= 9)
      age(S);
    return;
  case OpClass::Waitcnt:
    if (WaitcntField)
      retire(S, WaitcntField->decode(MI.getOperand(0).getImm()));
    return;
  case OpClass::WaitLoadcnt:
    if (WaitLoadcntField)
      retire(S, WaitLoadcntField->decode(MI.getOperand(0).getImm()));
    return;
  case OpClass::InOrderLoad:
    age(S);
    return;
  case OpClass::LDSDMA:
    age(S);
    if (isAsyncDMA(MI))
      S[0] = 0;
    return;
  }
}

bool Checker::check(const MachineInstr &MI, const InFlight &S) const {
  std::optional<unsigned> N = waitCount(MI, Family, Activation);
  if (!N || S[*N + 1] == Done)
    return true;
  const Function &F = MF.getFunction();
  std::string Msg =
      Family.Recorded
          ? ("the source's wait for at most " + Twine(*N) +
             " outstanding marks is not satisfied by the emitted s_waitcnt: "
             "an async DMA followed by " +
             Twine(*N + 1) +
             " or more marks may still be in flight; a pass deleted or "
             "weakened this wait before or during code generation")
                .str()
          : ("wait_asyncmark(" + Twine(*N) +
             ") is not satisfied by the emitted s_waitcnt: an async DMA "
             "followed by " +
             Twine(*N + 1) + " or more marks may still be in flight")
                .str();
  F.getContext().diagnose(
      DiagnosticInfoUnsupported(F, Msg, DiagnosticLocation(MI.getDebugLoc())));
  return false;
}

InFlight Checker::atBlockStart(const MachineBasicBlock &MBB) const {
  InFlight S(Levels, Done);
  // A callee may start with its caller's DMAs in flight, followed by none of
  // its own marks (on the generations that have LDS DMA).
  if (&MBB == &MF.front() && (Major <= 10 || AsyncCounter) &&
      MF.getFunction().getCallingConv() != CallingConv::AMDGPU_KERNEL)
    S[0] = 0;
  for (const MachineBasicBlock *Pred : MBB.predecessors()) {
    auto It = End.find(Pred);
    if (It == End.end())
      continue;
    for (unsigned M = 0; M < Levels; ++M)
      S[M] = std::min(S[M], It->second[M]);
  }
  return S;
}

unsigned Checker::run() {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB.instrs())
      if (std::optional<unsigned> N = waitCount(MI, Family, Activation))
        Levels = std::max(Levels, *N + 2);
  if (!Levels)
    return 0;
  // Values only decrease towards "younger, more marks in flight" at joins
  // and a step is monotone, so the iteration reaches a fixed point.
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (MachineBasicBlock *MBB : RPOT) {
      InFlight S = atBlockStart(*MBB);
      for (const MachineInstr &MI : MBB->instrs())
        step(MI, S);
      auto [It, New] = End.try_emplace(MBB, S);
      if (New || It->second != S) {
        It->second = S;
        Changed = true;
      }
    }
  }
  // Reported in layout order, which is source order for most programs.
  unsigned Failures = 0;
  for (const MachineBasicBlock &MBB : MF) {
    InFlight S = atBlockStart(MBB);
    for (const MachineInstr &MI : MBB.instrs()) {
      Failures += !check(MI, S);
      step(MI, S);
    }
  }
  return Failures;
}

/// Recorded requirements are for the checker only; they leave the code
/// whether or not the checker ran.
bool eraseRecorded(MachineFunction &MF) {
  SmallVector<MachineInstr *, 8> Dead;
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB.instrs())
      if (parked(MI) || asmText(MI) == RecordedMarkAsm ||
          asmText(MI) == RecordedWaitAsm)
        Dead.push_back(&MI);
  for (MachineInstr *MI : Dead)
    MI->eraseFromBundle();
  return !Dead.empty();
}

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
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
    SmallVector<std::pair<MachineInstr *, Parked>, 8> ToPark;
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : MBB.instrs()) {
        std::optional<int64_t> A, N;
        if (asmText(MI) == RecordedMarkAsm && (A = asmImm(MI, 0)))
          ToPark.push_back({&MI, {ParkedMark, *A}});
        else if (asmText(MI) == RecordedWaitAsm && (N = asmImm(MI, 0)) &&
                 (A = asmImm(MI, 1)))
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

class AMDGPUVerifyAsyncWaits : public MachineFunctionPass {
public:
  static char ID;
  AMDGPUVerifyAsyncWaits() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU verify async waits (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (VerifyAsyncWaits) {
      const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
      if (!Ops || OpsOf != &TII) {
        Ops.emplace(TII);
        OpsOf = &TII;
      }
      Checker(MF, *Ops, Emitted).run();
      // One pass per activation with recorded waits here: the function's
      // own, and those of functions inlined into it.
      SmallVector<int64_t, 4> Activations;
      for (const MachineBasicBlock &MBB : MF)
        for (const MachineInstr &MI : MBB.instrs())
          if (std::optional<Parked> P = parked(MI); P && P->Value >= 0)
            Activations.push_back(resolveActivation(MF, P->Activation));
      llvm::sort(Activations);
      Activations.erase(llvm::unique(Activations), Activations.end());
      for (int64_t A : Activations)
        Checker(MF, *Ops, Recorded, A).run();
    }
    return eraseRecorded(MF);
  }

private:
  std::optional<OpcodeTable> Ops;
  const TargetInstrInfo *OpsOf = nullptr;
};
} // namespace

char AMDGPUVerifyAsyncWaits::ID = 0;
char AMDGPUParkRecordedAsyncWaits::ID = 0;

MachineFunctionPass *llvm::createAMDGPUParkRecordedAsyncWaitsPass() {
  return new AMDGPUParkRecordedAsyncWaits();
}

MachineFunctionPass *llvm::createAMDGPUVerifyAsyncWaitsPass() {
  return new AMDGPUVerifyAsyncWaits();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUVerifyAsyncWaits, "amdgpu-check-async-waits",
                "AMDGPU verify async waits (AsyncPipe)", false, false)
