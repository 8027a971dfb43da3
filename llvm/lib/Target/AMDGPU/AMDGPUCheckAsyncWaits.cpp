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
// That is also why it is one file, longer than AsyncPipe's ~500-line
// guideline: its decoding, classification and simulation stay private
// together, so that nothing else can come to share them.
//
// It follows one lane through divergent code (see "One lane's view of the
// execution mask" below).
//
// A report says where; -amdgpu-check-async-waits-explain also says why: a
// separate search (explain) of the same lane trajectories, not merged,
// finds the DMA still in flight and a path of a lane to the wait, so that
// a report can be told true or false without a debugging build.
//
// Termination. A block's end state is a set of lane states joined into
// (joinState): a lane is its EXEC bit and a partial assignment of bits, each
// possibly marked uniform, to the function's physical registers, a finite
// set (flow booleans add nothing else to it), and its value is one
// count per level in [0, Saturation] or Done. Each sweep only adds lanes or
// lowers counts, so a block's state changes at most (lanes x Levels x
// (Saturation + 2)) times and the sweeps reach a fixed point. More than
// MaxLaneStates lanes at a block start are merged into their EXEC bit
// alone, which keeps the sets small. A hard bound
// (-amdgpu-check-async-waits-max-sweeps) falls back, with a remark, to the
// wave-level check: one lane, always active, whose counts only descend.
// Worst shapes: CodeGen/AMDGPU/async-check-termination.ll.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncChecker.h"
#include "AMDGPUAsyncDMAState.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/TargetParser/TargetParser.h"
#include <climits>
#include <set>
#include <tuple>

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

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

static cl::opt<std::string> PretendMissingOpcode(
    "amdgpu-check-async-waits-pretend-missing-opcode", cl::Hidden,
    cl::desc("Testing only: act as if the target had no opcode of this name, "
             "to test the checker's startup self-check"));

static cl::opt<bool> WaveLevel(
    "amdgpu-check-async-waits-wave-level", cl::Hidden,
    cl::desc("Check every wait as if every lane ran every instruction (the "
             "checker before it followed lanes): stricter, with false "
             "reports on structurized divergent branches"));

static cl::opt<unsigned> MaxSweeps(
    "amdgpu-check-async-waits-max-sweeps", cl::init(1000), cl::Hidden,
    cl::desc("Sweeps of the checker's per-lane analysis of a function before "
             "it falls back to the wave-level check, with a remark"));

static cl::opt<bool> ExplainReports(
    "amdgpu-check-async-waits-explain", cl::init(false),
    cl::desc("With each wait the async wait checker reports, notes naming "
             "the async DMA that may still be in flight there and one path "
             "of a lane to the wait along which it is"));
static cl::alias
    VerifyExplainAlias("amdgpu-verify-async-waits-explain", cl::Hidden,
                       cl::aliasopt(ExplainReports),
                       cl::desc("Deprecated: use "
                                "-amdgpu-check-async-waits-explain"));

static cl::opt<unsigned> ExplainMaxStates(
    "amdgpu-check-async-waits-explain-max-states", cl::init(100000), cl::Hidden,
    cl::desc("Block-start lane states the search for a path to a reported "
             "wait visits before it gives up"));

static cl::opt<bool> ReportExactness(
    "amdgpu-check-async-waits-report-exactness", cl::Hidden,
    cl::desc("Remark, for every wait the lowering left, the count of the "
             "counter wait emitted for it and the weakest count the checker "
             "proves sufficient there (bench/randir-scale.sh)"));

bool asyncpipe::amdgpu::isAsyncWaitCheckerEnabled() {
  return EnableCheckAsyncWaits;
}

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
  /// A GFX12.5 tensor DMA between global memory and LDS, counted by
  /// TENSORcnt and retired in order.
  TensorDMA,
  WaitTensorcnt, ///< s_wait_tensorcnt (GFX12.5): the tensor counter alone.
};

OpClass classifyByName(StringRef Name, const MCInstrDesc &Desc) {
  if (Name == "S_WAITCNT" || Name == "S_WAITCNT_soft")
    return OpClass::Waitcnt;
  if (Name == "S_WAIT_LOADCNT" || Name == "S_WAIT_LOADCNT_soft")
    return OpClass::WaitLoadcnt;
  if (Name == "S_WAIT_ASYNCCNT" || Name == "S_WAIT_ASYNCCNT_soft")
    return OpClass::WaitAsynccnt;
  if (Name == "S_WAIT_TENSORCNT" || Name == "S_WAIT_TENSORCNT_soft")
    return OpClass::WaitTensorcnt;
  if (Name.starts_with("TENSOR_LOAD_TO_LDS") ||
      Name.starts_with("TENSOR_STORE_FROM_LDS"))
    return OpClass::TensorDMA;
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
  case OpClass::TensorDMA:
    return "tensor DMA (TENSORcnt)";
  case OpClass::WaitTensorcnt:
    return "s_wait_tensorcnt";
  }
  llvm_unreachable("unknown class");
}

//===----------------------------------------------------------------------===//
// One lane's view of the execution mask.
//===----------------------------------------------------------------------===//
//
// Copies, marks and waits belong to a work-item, a lane; but AMDGPU runs
// both sides of a divergent branch one after the other, EXEC narrowed to
// each side's lanes. A wave-level walk of the machine CFG follows the flow
// edge from one side into the other and counts the first side's copies and
// marks against the second side's waits, which no lane executes both of
// (LLVM's SimplifyCFG hoisting a wait(0) that starts both sides leaves such
// a pair of records behind). So the checker follows one lane: whether it is
// active (its EXEC bit), and its bit of each scalar register that holds a
// mask derived from EXEC, forking where its EXEC bit depends on data.
//
// What a lane does counts only where it is active: an async copy, a mark, a
// call and a recorded or emitted wait are its own only there. What the wave
// does counts everywhere: every vector-memory event is counted in issue
// order whatever EXEC is, and an s_waitcnt, a scalar instruction, retires
// the whole wave's events. With the lane always active this is exactly the
// wave-level check (-amdgpu-check-async-waits-wave-level), so the lane view
// only drops pairs of instructions no single lane executes both of; a lane
// that runs a copy and then a too-weak wait is still caught.
//
// Soundness: every real trajectory of a lane is among those followed as long
// as each bit the checker believes is the real one. A bit is believed only
// when an instruction modelled below (moves, bitwise operations, the
// save-exec and write-exec forms, v_cmpx) computes it from believed bits,
// exact immediates (0, all ones) or EXEC itself. Any other write to a
// register (another instruction, a call's register mask, a write to part of
// it) makes its bit unknown. Where an unknown bit decides EXEC, the lane
// forks on that bit, one copy for each value, and each copy computes its
// EXEC from it: a lane that leaves a divergent loop ("exec &= ~break", the
// break mask built from a compare) keeps the break bit that deactivated it,
// and is active again where the loop's exit restores "exec |= break". Had
// it forked on EXEC alone, the inactive copy would not know why, and could
// be followed as a lane that stayed in the loop and later skipped the exit
// block, copies and all (CodeGen/AMDGPU/async-check-loop-exit.ll). Either
// way every real value of the bit is followed. Forgetting a bit only adds
// trajectories, so the checker also forgets the bits of registers not live
// into a block, and every bit (keeping EXEC) at a block reached by more
// than MaxLaneStates distinct lane states.
//
// Flow booleans. The structurizer routes a branch through Flow blocks that
// test a scalar register set to -1 or 0 on each incoming path ("s_mov_b32
// s0, -1" in the entry, "s_mov_b32 s0, 0" on the else side, then in Flow
// "s_andn2_b32 vcc_lo, exec_lo, s0; s_cbranch_vccnz"), and a walk of the
// machine CFG follows paths those values exclude: the else side into the
// then side, counting both sides' marks (Random/randir-seed616-*.ll), or a
// loop exit guard that skips the block holding the wait
// (Random/randir-seed683-*.ll). So a known bit also says whether it is
// uniform, every lane's bit the same: an immediate 0 or -1 is, EXEC is not,
// and a bitwise operation is when its uniform operands alone decide it (an
// AND with a uniform 0). s_cselect picks its operand by a known SCC; where
// SCC depends on data (a compare of a kernel argument) and both operands are
// known, the lane splits on SCC, the wave's one bit, so a boolean computed
// once before a loop and tested on every trip decides every trip the same
// way: an early exit on it is taken on the first trip or never (random seed
// 79608, CodeGen/AMDGPU/async-check-invariant-exit.ll). A bitwise
// operation's SCC ("the result is not zero") is known when its result is
// uniform. A lane leaves a block only along the edges its known
// values allow (edgeFeasible): s_cbranch_vccnz is surely taken when the
// lane's own VCC bit is set and surely not when VCC is a uniform 0;
// s_cbranch_execnz is surely taken when the lane is active; s_cbranch_scc1
// by SCC; the z forms the other way round. Anything unknown, and any other
// branch or edge, is followed both ways. Soundness is the argument above:
// an edge is dropped only when the believed bits say no real lane state
// takes it, and the bits are believed only as they are exactly computed.

enum class MaskShape : uint8_t {
  None,     ///< What it writes becomes unknown.
  Move,     ///< D = S0.
  Not,      ///< D = ~S0.
  Binary,   ///< D = S0 op S1.
  SaveExec, ///< D = EXEC; EXEC = S0 op EXEC.
  WrExec,   ///< D = EXEC = S0 op EXEC.
  CmpX,     ///< EXEC = EXEC & (a per-lane compare).
  Select,   ///< D = SCC ? S0 : S1 (s_cselect).
};

enum class MaskLogic : uint8_t {
  And,
  Or,
  Xor,
  AndN2,
  OrN2,
  Nand,
  Nor,
  Xnor,
  AndN1,
  OrN1
};

struct MaskOp {
  MaskShape Shape = MaskShape::None;
  MaskLogic Logic = MaskLogic::And;
  /// The width of its operands: an immediate is uniform only if all of
  /// these bits agree, since SCC and s_cselect see all of them, lanes or
  /// not (a wave32's 64-bit operations). 64 where the name does not say.
  uint8_t Bits = 64;
  bool operator==(const MaskOp &O) const {
    return Shape == O.Shape && Logic == O.Logic && Bits == O.Bits;
  }
};

bool evalLogic(MaskLogic L, bool A, bool B) {
  switch (L) {
  case MaskLogic::And:
    return A && B;
  case MaskLogic::Or:
    return A || B;
  case MaskLogic::Xor:
    return A != B;
  case MaskLogic::AndN2:
    return A && !B;
  case MaskLogic::OrN2:
    return A || !B;
  case MaskLogic::Nand:
    return !(A && B);
  case MaskLogic::Nor:
    return !(A || B);
  case MaskLogic::Xnor:
    return A == B;
  case MaskLogic::AndN1:
    return !A && B;
  case MaskLogic::OrN1:
    return !A || B;
  }
  llvm_unreachable("unknown logic");
}

/// The mask semantics of an opcode, by name (S_AND_SAVEEXEC_B64,
/// S_XOR_B32_term, V_CMPX_EQ_U32_e32, ...).
MaskOp classifyMaskOp(StringRef Name) {
  if (Name == "COPY")
    return {MaskShape::Move};
  if (Name.starts_with("V_CMPX_"))
    return {MaskShape::CmpX};
  Name.consume_back("_term");
  if (!Name.consume_front("S_"))
    return {};
  uint8_t Bits = 64;
  if (Name.consume_back("_B32"))
    Bits = 32;
  else if (!Name.consume_back("_B64"))
    return {};
  if (Name == "MOV")
    return {MaskShape::Move, MaskLogic::And, Bits};
  if (Name == "NOT")
    return {MaskShape::Not, MaskLogic::And, Bits};
  if (Name == "CSELECT")
    return {MaskShape::Select, MaskLogic::And, Bits};
  MaskShape Shape = MaskShape::Binary;
  if (Name.consume_back("_SAVEEXEC"))
    Shape = MaskShape::SaveExec;
  else if (Name.consume_back("_WREXEC"))
    Shape = MaskShape::WrExec;
  std::optional<MaskLogic> L = StringSwitch<std::optional<MaskLogic>>(Name)
                                   .Case("AND", MaskLogic::And)
                                   .Case("OR", MaskLogic::Or)
                                   .Case("XOR", MaskLogic::Xor)
                                   .Case("ANDN2", MaskLogic::AndN2)
                                   .Case("ORN2", MaskLogic::OrN2)
                                   .Case("NAND", MaskLogic::Nand)
                                   .Case("NOR", MaskLogic::Nor)
                                   .Case("XNOR", MaskLogic::Xnor)
                                   .Case("ANDN1", MaskLogic::AndN1)
                                   .Case("ORN1", MaskLogic::OrN1)
                                   .Default(std::nullopt);
  if (!L)
    return {};
  // The N1 forms exist only as save-exec and write-exec; write-exec only as
  // ANDN1 and ANDN2.
  bool N1 = *L == MaskLogic::AndN1 || *L == MaskLogic::OrN1;
  if ((Shape == MaskShape::Binary && N1) ||
      (Shape == MaskShape::WrExec && *L != MaskLogic::AndN1 &&
       *L != MaskLogic::AndN2))
    return {};
  return {Shape, *L, Bits};
}

/// The class of every opcode of one target, computed once.
class OpcodeTable {
public:
  OpcodeTable(const TargetInstrInfo &TII, const TargetRegisterInfo &TRI) {
    Classes.resize(TII.getNumOpcodes());
    MaskOps.resize(TII.getNumOpcodes());
    for (unsigned Op = 0, E = TII.getNumOpcodes(); Op != E; ++Op) {
      StringRef Name = TII.getName(Op);
      if (Name == PretendMissingOpcode)
        continue;
      Classes[Op] = classifyByName(Name, TII.get(Op));
      MaskOps[Op] = classifyMaskOp(Name);
      ByName.try_emplace(Name, Op);
    }
    for (unsigned Reg = 1, E = TRI.getNumRegs(); Reg != E; ++Reg) {
      StringRef Name = TRI.getName(Reg);
      if (Name == "EXEC")
        Exec = Reg;
      else if (Name == "EXEC_LO")
        ExecLo = Reg;
      else if (Name == "VCC")
        Vcc = Reg;
      else if (Name == "VCC_LO")
        VccLo = Reg;
      else if (Name == "SCC")
        Scc = Reg;
    }
    selfCheck();
  }
  OpClass classOf(const MachineInstr &MI) const {
    return MI.getOpcode() < Classes.size() ? Classes[MI.getOpcode()]
                                           : OpClass::Other;
  }
  MaskOp maskOpOf(const MachineInstr &MI) const {
    return MI.getOpcode() < MaskOps.size() ? MaskOps[MI.getOpcode()] : MaskOp();
  }
  /// The execution mask of a wave64 and of a wave32.
  unsigned exec() const { return Exec; }
  unsigned execLo() const { return ExecLo; }
  /// The registers the conditional branches test.
  unsigned vcc() const { return Vcc; }
  unsigned vccLo() const { return VccLo; }
  unsigned scc() const { return Scc; }

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
        {"S_WAIT_TENSORCNT", OpClass::WaitTensorcnt},
        {"TENSOR_LOAD_TO_LDS", OpClass::TensorDMA},
        {"TENSOR_LOAD_TO_LDS_D2", OpClass::TensorDMA},
        {"TENSOR_STORE_FROM_LDS", OpClass::TensorDMA},
        {"TENSOR_STORE_FROM_LDS_D2", OpClass::TensorDMA},
        {"TENSOR_STOP", OpClass::Other},
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
    const std::pair<StringLiteral, MaskOp> KnownMasks[] = {
        {"S_AND_SAVEEXEC_B64", {MaskShape::SaveExec, MaskLogic::And, 64}},
        {"S_ANDN2_SAVEEXEC_B32", {MaskShape::SaveExec, MaskLogic::AndN2, 32}},
        {"S_OR_SAVEEXEC_B64", {MaskShape::SaveExec, MaskLogic::Or, 64}},
        {"S_XOR_B64_term", {MaskShape::Binary, MaskLogic::Xor, 64}},
        {"S_ANDN2_B32", {MaskShape::Binary, MaskLogic::AndN2, 32}},
        {"S_CSELECT_B32", {MaskShape::Select, MaskLogic::And, 32}},
        {"S_OR_B64", {MaskShape::Binary, MaskLogic::Or, 64}},
        {"S_MOV_B64_term", {MaskShape::Move, MaskLogic::And, 64}},
        {"S_ANDN1_WREXEC_B64", {MaskShape::WrExec, MaskLogic::AndN1, 64}},
        {"V_CMPX_EQ_U32_e32", {MaskShape::CmpX, MaskLogic::And, 64}},
        {"S_CSELECT_B64", {MaskShape::Select, MaskLogic::And, 64}},
    };
    std::string Problems;
    for (auto [Name, Expected] : KnownMasks) {
      auto It = ByName.find(Name);
      if (It == ByName.end())
        Problems += ("no opcode " + Name + "; ").str();
      else if (!(MaskOps[It->second] == Expected))
        Problems += (Name + " has the wrong mask semantics; ").str();
    }
    if (!Exec || !ExecLo || !Vcc || !VccLo || !Scc)
      Problems += "no register EXEC, EXEC_LO, VCC, VCC_LO or SCC; ";
    for (StringRef Name :
         {"S_CBRANCH_VCCNZ", "S_CBRANCH_VCCZ", "S_CBRANCH_SCC0",
          "S_CBRANCH_SCC1", "S_CBRANCH_EXECZ", "S_CBRANCH_EXECNZ", "S_BRANCH"})
      if (!ByName.count(Name))
        Problems += ("no opcode " + Name + "; ").str();
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
      reportFatalUsageError("AsyncPipe: -amdgpu-enable-check-async-waits "
                            "cannot classify the AMDGPU "
                            "instructions of LLVM " LLVM_VERSION_STRING
                            " (it was written against LLVM 22.1): " +
                            Twine(Problems));
  }

  std::vector<OpClass> Classes;
  std::vector<MaskOp> MaskOps;
  StringMap<unsigned> ByName;
  unsigned Exec = 0, ExecLo = 0, Vcc = 0, VccLo = 0, Scc = 0;
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
/// s_wait_tensorcnt's count, read as all 16 bits of its immediate: LLVM 22
/// does not say how wide TENSORcnt is and encodes the immediate as written,
/// and any narrower reading of it is a smaller count, a stronger wait. So
/// this is the weakest reading, which keeps the check sound whatever the
/// width.
constexpr LoadCountField WaitTensorcntField = {0, 16, 0, 0};

/// True for the generations whose async copies count on ASYNCcnt (GFX12.5),
/// and whose tensor DMA counts on TENSORcnt.
bool hasAsyncCounter(const AMDGPU::IsaVersion &V) {
  return V.Major > 12 || (V.Major == 12 && V.Minor >= 5);
}

/// The operations a check follows, one counter each: those the async copies
/// count on (vmcnt, or ASYNCcnt on GFX12.5), or GFX12.5's tensor DMA, on
/// TENSORcnt. The counters retire independently, so a wait is proven by one
/// check per counter, each blind to the other's events and waits.
enum class Queue : uint8_t { Copies, Tensor };

/// A program's entry point (a kernel or a graphics shader) starts with
/// nothing in flight: nothing ran before it.
bool isEntryPoint(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::AMDGPU_KERNEL:
  case CallingConv::SPIR_KERNEL:
  case CallingConv::AMDGPU_PS:
  case CallingConv::AMDGPU_VS:
  case CallingConv::AMDGPU_GS:
  case CallingConv::AMDGPU_HS:
  case CallingConv::AMDGPU_ES:
  case CallingConv::AMDGPU_LS:
  case CallingConv::AMDGPU_CS:
    return true;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Markers, parsed from the inline-asm text.
//===----------------------------------------------------------------------===//

/// One kind of marks and waits to check.
struct MarkerFamily {
  StringLiteral MarkAsm, WaitAsm;
  bool Recorded;
  /// A wait marker limited to the counter this family is checked on (a wait
  /// of upstream's draft stage masks); one limited to the other counter is
  /// not a wait there.
  StringLiteral WaitHereOnlyAsm = "";
};
constexpr MarkerFamily Emitted = {"; asyncmark", "; wait_asyncmark($0)", false,
                                  "; wait_asyncmark($0) asynccnt"};
constexpr MarkerFamily EmittedTensor = {"; asyncmark", "; wait_asyncmark($0)",
                                        false,
                                        "; wait_asyncmark($0) tensorcnt"};
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

/// The activation a recorded mark or wait in \p MF counts in: 0 and -Q
/// (queue 0 and queue Q recorded in an always_inline function) are those of
/// \p MF itself.
int64_t resolveActivation(const MachineFunction &MF, int64_t Recorded) {
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
  if (asmText(MI) != F.WaitAsm &&
      (F.WaitHereOnlyAsm.empty() || asmText(MI) != F.WaitHereOnlyAsm))
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

/// A lane's bit of a mask: known, or depending on data.
enum class Bit : uint8_t { Zero, One, Unknown };

Bit toBit(bool B) { return B ? Bit::One : Bit::Zero; }

Bit applyLogic(MaskLogic L, Bit A, Bit B) {
  bool Seen[2] = {false, false};
  for (bool VA : {false, true})
    for (bool VB : {false, true})
      if ((A == Bit::Unknown || (A == Bit::One) == VA) &&
          (B == Bit::Unknown || (B == Bit::One) == VB))
        Seen[evalLogic(L, VA, VB)] = true;
  return Seen[0] && Seen[1] ? Bit::Unknown : toBit(Seen[1]);
}

/// A lane's bit of a register, and whether every lane of the wave has the
/// same bit (a flow boolean set to 0 or -1): only then is the whole register
/// known to be zero.
struct Val {
  Bit B = Bit::Unknown;
  bool Uniform = false;
};

/// The value of \p L applied to \p A and \p Bv: uniform when the uniform
/// operands alone decide it (all of them, or e.g. a uniform 0 in an AND).
Val applyLogic(MaskLogic L, Val A, Val Bv) {
  Bit W = applyLogic(L, A.Uniform ? A.B : Bit::Unknown,
                     Bv.Uniform ? Bv.B : Bit::Unknown);
  if (W != Bit::Unknown)
    return {W, true};
  return {applyLogic(L, A.B, Bv.B), false};
}

/// One lane: whether it is active, and its known bits of scalar registers
/// (sorted by register; a register not listed is unknown). A known bit is
/// encoded as bit 0 of the byte, "uniform" as bit 1.
struct Lane {
  bool Active = true;
  SmallVector<std::pair<unsigned, uint8_t>, 4> Known;

  Val get(unsigned Reg) const {
    for (auto [R, K] : Known)
      if (R == Reg)
        return {toBit(K & 1), (K & 2) != 0};
    return {};
  }
  void set(unsigned Reg, Val V) {
    if (V.B == Bit::Unknown)
      return;
    uint8_t K = (V.B == Bit::One) | (V.Uniform ? 2 : 0);
    auto It = llvm::lower_bound(Known, std::make_pair(Reg, uint8_t(0)));
    if (It != Known.end() && It->first == Reg)
      It->second = K;
    else
      Known.insert(It, {Reg, K});
  }
  template <typename Pred> void forgetIf(Pred P) {
    llvm::erase_if(Known, [&](const std::pair<unsigned, uint8_t> &K) {
      return P(K.first);
    });
  }
  bool operator<(const Lane &O) const {
    return std::tie(Active, Known) < std::tie(O.Active, O.Known);
  }
  bool operator==(const Lane &O) const {
    return Active == O.Active && Known == O.Known;
  }
};

//===----------------------------------------------------------------------===//
// The dataflow.
//===----------------------------------------------------------------------===//

constexpr unsigned Done = UINT_MAX;

/// Newer[M]: how many in-order loads were issued after the youngest async
/// DMA, possibly still in flight, that at least M marks follow; Done if none.
using InFlight = SmallVector<unsigned, 8>;

/// The lane states at one point, sorted by lane, each lane once.
using LaneStates = SmallVector<std::pair<Lane, InFlight>, 4>;

/// Joins (L, S) into \p States: a lane already there keeps, per level, the
/// younger (smaller) count. Returns true if \p States changed.
bool joinState(LaneStates &States, const Lane &L, const InFlight &S) {
  auto It = llvm::lower_bound(States, L,
                              [](const std::pair<Lane, InFlight> &E,
                                 const Lane &K) { return E.first < K; });
  if (It == States.end() || !(It->first == L)) {
    States.insert(It, {L, S});
    return true;
  }
  bool Changed = false;
  for (unsigned M = 0, E = S.size(); M != E; ++M)
    if (S[M] < It->second[M]) {
      It->second[M] = S[M];
      Changed = true;
    }
  return Changed;
}

/// A block reached by more lane states than this forgets their mask bits.
/// Flow booleans keep more states apart: the loops of random seed 683
/// (exit guards in a divergent loop) reach 48 at a block, and random seed
/// 4075 (gfx1250: switches and an irreducible region in a divergent loop)
/// more than 128; forgetting the bits there brings back a false report. The
/// bound only has to keep the sets finite and small enough to be quick.
static cl::opt<unsigned> MaxLaneStates(
    "amdgpu-check-async-waits-max-lane-states", cl::init(1024), cl::Hidden,
    cl::desc("Lane states at a block start above which the async wait "
             "checker forgets their mask bits (testing)"));

class Checker {
public:
  Checker(MachineFunction &MF, const OpcodeTable &Ops,
          const MarkerFamily &Family, Queue Q, int64_t Activation = 0)
      : MF(MF), Ops(Ops), Family(Family), Q(Q), Activation(Activation),
        TRI(*MF.getSubtarget().getRegisterInfo()) {
    AMDGPU::IsaVersion V = AMDGPU::getIsaVersion(MF.getSubtarget().getCPU());
    Major = V.Major;
    AsyncCounter = hasAsyncCounter(V);
    WaitcntField = getWaitcntField(Major);
    WaitLoadcntField = getWaitLoadcntField(Major);
    const LoadCountField *Any =
        WaitcntField ? &*WaitcntField
                     : (WaitLoadcntField ? &*WaitLoadcntField : nullptr);
    // No wait can tell more than "at least limit() newer loads".
    Saturation = Q == Queue::Tensor ? WaitTensorcntField.limit()
                 : AsyncCounter     ? WaitAsynccntField.limit()
                                    : (Any ? Any->limit() : 1);
    bool Wave32 = MF.getSubtarget().checkFeatures("+wavefrontsize32");
    ExecReg = Wave32 ? Ops.execLo() : Ops.exec();
    // A wave32's lanes are all in EXEC_LO; its save-exec and v_cmpx forms
    // still name all of EXEC as written.
    ExecAlias = Wave32 ? Ops.exec() : ExecReg;
    WaveMask = Wave32 ? 0xffffffffu : ~uint64_t(0);
    LaneAware = !WaveLevel;
  }

  /// Reports each unsatisfied wait; returns how many there were.
  unsigned run();

private:
  bool step(const MachineInstr &MI, InFlight &S, bool Active) const;
  void stepLane(const MachineInstr &MI, const Lane &L,
                SmallVectorImpl<Lane> &Out) const;
  void splitOnScc(const MachineInstr &MI, const Lane &L,
                  SmallVectorImpl<Lane> &Out) const;
  void stepAll(const MachineInstr &MI, LaneStates &States) const;
  void age(InFlight &S) const;
  void retire(InFlight &S, unsigned AllowedOutstanding) const;
  Val read(const MachineOperand &MO, const Lane &L, unsigned Bits = 64) const;
  const MachineOperand *unknownExecSource(const MachineInstr &MI, MaskOp Op,
                                          const Lane &L) const;
  bool edgeFeasible(const MachineBasicBlock &Pred, const Lane &L,
                    const MachineBasicBlock &Succ) const;
  bool isExec(unsigned Reg) const { return Reg == ExecReg || Reg == ExecAlias; }
  InFlight entryCounts() const;
  Lane laneEntering(const MachineBasicBlock &MBB, Lane L) const;
  LaneStates atBlockStart(const MachineBasicBlock &MBB) const;
  const BitVector &liveInAliases(const MachineBasicBlock &MBB) const;
  bool solve(unsigned Bound);
  bool check(const MachineInstr &MI, const LaneStates &States) const;
  void explain(const MachineInstr &Wait, unsigned Level) const;
  void noteExplanation(const MachineInstr &Wait, unsigned Level,
                       const MachineInstr *DMA,
                       ArrayRef<const MachineBasicBlock *> Path) const;
  std::optional<unsigned> allowedBy(const MachineInstr &MI) const;
  unsigned weakestSufficient(const MachineInstr &Marker,
                             const LaneStates &Before) const;
  void reportExactness(ArrayRef<const MachineInstr *> Markers,
                       const MachineInstr *Wait, const LaneStates &BeforeWait,
                       const LaneStates &AtMarkers) const;
  void reportExactness(const MachineInstr &Marker, const LaneStates &Before,
                       const MachineInstr *Wait) const;

  MachineFunction &MF;
  const OpcodeTable &Ops;
  const MarkerFamily &Family;
  /// The counter this check follows.
  Queue Q;
  /// For recorded requirements: the activation whose marks and waits count.
  int64_t Activation;
  const TargetRegisterInfo &TRI;
  unsigned Major;
  /// The async copies count on ASYNCcnt (GFX12.5): only they are events, only
  /// s_wait_asynccnt retires them, and calls and returns do not wait for
  /// them.
  bool AsyncCounter = false;
  std::optional<LoadCountField> WaitcntField, WaitLoadcntField;
  unsigned Saturation;
  unsigned Levels = 0;
  /// EXEC (wave64) or EXEC_LO (wave32), and the bits a lane mask has.
  unsigned ExecReg, ExecAlias;
  uint64_t WaveMask;
  /// False: every lane is active everywhere (the wave-level check).
  bool LaneAware;
  DenseMap<const MachineBasicBlock *, LaneStates> End;
  /// Per block, every register that overlaps one of its live-ins: built
  /// once, since atBlockStart asks for every sweep, edge and lane.
  mutable DenseMap<const MachineBasicBlock *, BitVector> LiveInAliases;
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

/// Returns whether \p MI leaves a DMA of the lane in flight, the newest.
bool Checker::step(const MachineInstr &MI, InFlight &S, bool Active) const {
  if (MI.isBundle())
    return false; // Its members come next, one by one.
  if (isMark(MI, Family, Activation)) {
    // Every DMA of this lane in flight gains one mark after it.
    if (Active)
      for (unsigned M = Levels - 1; M > 0; --M)
        S[M] = S[M - 1];
    return false;
  }
  if (MI.isCall()) {
    if (AMDGPUAsyncAssumeCalleeWaits && !AsyncCounter) {
      // The callee's waits are the wave's.
      retire(S, 0);
      return false;
    }
    // The callee may leave DMAs of its own in flight, followed by none of
    // this function's marks, and its loads are counted as nothing.
    if (Active)
      S[0] = 0;
    return Active;
  }
  OpClass C = Ops.classOf(MI);
  // On its own counter (TENSORcnt, ASYNCcnt) only one kind of DMA is an
  // event, retired in order by that counter's wait. Every such DMA is
  // asynchronous, whether or not a mark follows it (LLVM 22 never waits for
  // either counter on its own): no tag is needed. Anything else that may
  // change the counter (a tensor save or stop) is counted as nothing, which
  // can only make the check stricter.
  auto StepOwnCounter = [&](OpClass Event, OpClass Wait,
                            const LoadCountField &Field) {
    if (C == Event) {
      age(S);
      if (Active)
        S[0] = 0;
      return Active;
    }
    if (C == Wait)
      retire(S, Field.decode(MI.getOperand(0).getImm()));
    return false;
  };
  if (Q == Queue::Tensor)
    return StepOwnCounter(OpClass::TensorDMA, OpClass::WaitTensorcnt,
                          WaitTensorcntField);
  if (AsyncCounter)
    return StepOwnCounter(OpClass::AsyncCopy, OpClass::WaitAsynccnt,
                          WaitAsynccntField);
  switch (C) {
  case OpClass::Other:
  case OpClass::AsyncCopy:
  case OpClass::WaitAsynccnt:
  case OpClass::TensorDMA:
  case OpClass::WaitTensorcnt:
    return false;
  case OpClass::VectorMemoryOther:
    if (Major <= 9)
      age(S);
    return false;
  case OpClass::Waitcnt:
    if (WaitcntField)
      retire(S, WaitcntField->decode(MI.getOperand(0).getImm()));
    return false;
  case OpClass::WaitLoadcnt:
    if (WaitLoadcntField)
      retire(S, WaitLoadcntField->decode(MI.getOperand(0).getImm()));
    return false;
  case OpClass::InOrderLoad:
    age(S);
    return false;
  case OpClass::LDSDMA:
    age(S);
    if (Active && isAsyncDMA(MI)) {
      S[0] = 0;
      return true;
    }
    return false;
  }
  llvm_unreachable("every class is handled");
}

/// A register operand whose bit, unknown in \p L, decides the EXEC that
/// \p MI writes; null if there is none.
const MachineOperand *Checker::unknownExecSource(const MachineInstr &MI,
                                                 MaskOp Op,
                                                 const Lane &L) const {
  unsigned LastSource = 0;
  switch (Op.Shape) {
  case MaskShape::SaveExec:
  case MaskShape::WrExec:
    LastSource = 1;
    break;
  case MaskShape::Move:
  case MaskShape::Not:
  case MaskShape::Binary:
    if (MI.getNumOperands() && MI.getOperand(0).isReg() &&
        MI.getOperand(0).isDef() && isExec(MI.getOperand(0).getReg()))
      LastSource = Op.Shape == MaskShape::Binary ? 2 : 1;
    break;
  case MaskShape::None:
  case MaskShape::Select:
  case MaskShape::CmpX:
    break;
  }
  for (unsigned Idx = 1; Idx <= LastSource && Idx < MI.getNumOperands();
       ++Idx) {
    const MachineOperand &MO = MI.getOperand(Idx);
    if (MO.isReg() && MO.getReg().isPhysical() &&
        !TRI.regsOverlap(MO.getReg(), ExecReg) && read(MO, L).B == Bit::Unknown)
      return &MO;
  }
  return nullptr;
}

Val Checker::read(const MachineOperand &MO, const Lane &L,
                  unsigned Bits) const {
  if (MO.isImm()) {
    uint64_t V = uint64_t(MO.getImm());
    uint64_t Lanes = V & WaveMask;
    if (Lanes != 0 && Lanes != WaveMask)
      return {};
    // Uniform only if the bits beyond the lanes agree too: a wave32's
    // "s_and_b64 s[4:5], s[6:7], 0x300000000" has no lane bit set, but SCC
    // is whether bit 32 or 33 of s[6:7] is.
    uint64_t Width = Bits == 32 ? 0xffffffffu : ~uint64_t(0);
    return {toBit(Lanes != 0), (V & Width) == 0 || (V & Width) == Width};
  }
  if (!MO.isReg() || !MO.getReg().isPhysical())
    return {};
  if (isExec(MO.getReg()))
    return {toBit(L.Active), false};
  return L.get(MO.getReg());
}

void Checker::stepLane(const MachineInstr &MI, const Lane &L,
                       SmallVectorImpl<Lane> &Out) const {
  // Every value is read before anything is written.
  Val Exec = {toBit(L.Active), false};
  MaskOp Op = Ops.maskOpOf(MI);
  auto Src = [&](unsigned Idx) {
    return Idx < MI.getNumOperands() ? read(MI.getOperand(Idx), L, Op.Bits)
                                     : Val();
  };
  std::optional<Val> Dst, NewExec;
  switch (Op.Shape) {
  case MaskShape::None:
    break;
  case MaskShape::Move:
    Dst = Src(1);
    break;
  case MaskShape::Not:
    Dst = applyLogic(MaskLogic::Xor, Src(1), Val{Bit::One, true});
    break;
  case MaskShape::Select: {
    // The structurizer's "s_cselect sX, -1, 0" of a compare: known only
    // when SCC is, or when both operands are the same.
    Val Scc = L.get(Ops.scc()), A = Src(1), B = Src(2);
    if (Scc.B != Bit::Unknown)
      Dst = Scc.B == Bit::One ? A : B;
    else if (A.B == B.B && A.Uniform == B.Uniform)
      Dst = A;
    else if (A.B != Bit::Unknown && B.B != Bit::Unknown)
      return splitOnScc(MI, L, Out);
    else
      Dst = Val();
    break;
  }
  case MaskShape::Binary:
    Dst = applyLogic(Op.Logic, Src(1), Src(2));
    break;
  case MaskShape::SaveExec:
    Dst = Exec;
    NewExec = applyLogic(Op.Logic, Src(1), Exec);
    break;
  case MaskShape::WrExec:
    Dst = NewExec = applyLogic(Op.Logic, Src(1), Exec);
    break;
  case MaskShape::CmpX:
    NewExec = applyLogic(MaskLogic::And, Exec, Val());
    break;
  }
  unsigned DstReg = 0;
  if (Dst && MI.getNumOperands() && MI.getOperand(0).isReg() &&
      MI.getOperand(0).isDef() && MI.getOperand(0).getReg().isPhysical())
    DstReg = MI.getOperand(0).getReg();

  Lane N = L;
  bool ExecExact = false, ExecOther = false, DefsScc = false;
  for (const MachineOperand &MO : MI.operands()) {
    if (MO.isRegMask()) {
      // A callee returns with EXEC as it found it; other registers in the
      // mask are clobbered.
      N.forgetIf([&](unsigned R) { return MO.clobbersPhysReg(R); });
      continue;
    }
    if (!MO.isReg() || !MO.isDef() || !MO.getReg().isPhysical())
      continue;
    unsigned R = MO.getReg();
    N.forgetIf([&](unsigned K) { return TRI.regsOverlap(K, R); });
    DefsScc |= R == Ops.scc();
    if (isExec(R))
      ExecExact = true;
    else if (TRI.regsOverlap(R, ExecReg))
      ExecOther = true;
  }
  if (DstReg && isExec(DstReg)) {
    // A move or bitwise operation into EXEC.
    NewExec = Dst;
  } else if (DstReg && !TRI.regsOverlap(DstReg, ExecReg)) {
    N.set(DstReg, *Dst);
  }
  // A bitwise operation sets SCC to "the result is not zero", known when the
  // result is uniform, whatever its width.
  if (DefsScc && Dst && Dst->Uniform &&
      (Op.Shape == MaskShape::Binary || Op.Shape == MaskShape::Not))
    N.set(Ops.scc(), *Dst);
  Bit After = Exec.B;
  if (ExecOther || (ExecExact && !NewExec))
    After = Bit::Unknown;
  else if (ExecExact)
    After = NewExec->B;
  if (After != Bit::Unknown) {
    N.Active = After == Bit::One;
    Out.push_back(std::move(N));
    return;
  }
  // Split on the unknown bit that decides EXEC, if a register holds it, so
  // that each lane keeps the value that sent it where it went.
  if (const MachineOperand *Unknown = unknownExecSource(MI, Op, L)) {
    for (Bit B : {Bit::Zero, Bit::One}) {
      Lane Split = L;
      Split.set(Unknown->getReg(), Val{B, /*Uniform=*/false});
      stepLane(MI, Split, Out);
    }
    return;
  }
  N.Active = false;
  Out.push_back(N);
  N.Active = true;
  Out.push_back(std::move(N));
}

/// Steps \p MI once with SCC 0 and once with SCC 1. SCC is the wave's, the
/// same bit for every lane, so each copy believes it uniform.
void Checker::splitOnScc(const MachineInstr &MI, const Lane &L,
                         SmallVectorImpl<Lane> &Out) const {
  for (Bit B : {Bit::Zero, Bit::One}) {
    Lane Split = L;
    Split.set(Ops.scc(), Val{B, /*Uniform=*/true});
    stepLane(MI, Split, Out);
  }
}

void Checker::stepAll(const MachineInstr &MI, LaneStates &States) const {
  LaneStates Next;
  SmallVector<Lane, 2> Lanes;
  for (auto &[L, S] : States) {
    step(MI, S, L.Active);
    if (!LaneAware) {
      joinState(Next, L, S);
      continue;
    }
    Lanes.clear();
    stepLane(MI, L, Lanes);
    for (const Lane &N : Lanes)
      joinState(Next, N, S);
  }
  States = std::move(Next);
}

bool Checker::check(const MachineInstr &MI, const LaneStates &States) const {
  std::optional<unsigned> N = waitCount(MI, Family, Activation);
  // Only a lane that executes the wait needs it.
  if (!N || llvm::none_of(States, [&](const std::pair<Lane, InFlight> &E) {
        return E.first.Active && E.second[*N + 1] != Done;
      }))
    return true;
  const Function &F = MF.getFunction();
  // "s_waitcnt" names the copies' counter wait on every generation, as the
  // reports always have.
  StringRef Wait = Q == Queue::Tensor ? "s_wait_tensorcnt" : "s_waitcnt";
  StringRef DMA = Q == Queue::Tensor ? "a tensor DMA" : "an async DMA";
  std::string Msg =
      Family.Recorded
          ? ("the source's wait for at most " + Twine(*N) +
             " outstanding marks is not satisfied by the emitted " + Wait +
             ": " + DMA + " followed by " + Twine(*N + 1) +
             " or more marks may still be in flight; a pass deleted or "
             "weakened this wait before or during code generation")
                .str()
          : ("wait_asyncmark(" + Twine(*N) +
             ") is not satisfied by the emitted " + Wait + ": " + DMA +
             " followed by " + Twine(*N + 1) +
             " or more marks may still be in flight")
                .str();
  F.getContext().diagnose(
      DiagnosticInfoUnsupported(F, Msg, DiagnosticLocation(MI.getDebugLoc())));
  if (ExplainReports)
    explain(MI, *N + 1);
  return false;
}

/// "bb.3.inner": a machine block as MIR names it.
static std::string blockName(const MachineBasicBlock &MBB) {
  std::string Name = "bb." + std::to_string(MBB.getNumber());
  if (!MBB.getName().empty())
    Name += "." + MBB.getName().str();
  return Name;
}

/// The blocks of \p Path, from the entry; a long one keeps its first 8 and
/// last 24.
static std::string describePath(ArrayRef<const MachineBasicBlock *> Path) {
  std::string Text;
  raw_string_ostream OS(Text);
  for (unsigned I = 0, E = Path.size(); I != E; ++I) {
    if (E > 32 && I == 8)
      OS << "... (" << E - 32 << " blocks) -> ";
    if (E > 32 && I >= 8 && I < E - 24)
      continue;
    OS << blockName(*Path[I]) << (I + 1 != E ? " -> " : "");
  }
  return Text;
}

/// The two notes of an explained report: at \p DMA (null: a caller's, at
/// entry; a call: its callee's), and at \p Wait with \p Path.
void Checker::noteExplanation(const MachineInstr &Wait, unsigned Level,
                              const MachineInstr *DMA,
                              ArrayRef<const MachineBasicBlock *> Path) const {
  const Function &F = MF.getFunction();
  StringRef Kind = Q == Queue::Tensor ? "tensor DMA" : "async DMA";
  std::string Text;
  raw_string_ostream OS(Text);
  if (!DMA)
    OS << "a" << (Q == Queue::Tensor ? " " : "n ") << Kind
       << " left by a caller of '" << F.getName() << "'";
  else if (DMA->isCall())
    OS << "a" << (Q == Queue::Tensor ? " " : "n ") << Kind
       << " left by the callee of this call (in "
       << blockName(*DMA->getParent()) << ")";
  else
    OS << "this " << Kind << " (in " << blockName(*DMA->getParent()) << ")";
  OS << " may still be in flight at the wait, followed by " << Level
     << " or more marks";
  F.getContext().diagnose(
      DiagnosticInfoGenericWithLoc(OS.str(), F,
                                   DMA ? DiagnosticLocation(DMA->getDebugLoc())
                                       : DiagnosticLocation(F.getSubprogram()),
                                   DS_Note));
  std::string PathText = "one path of a lane to the wait (the checker takes "
                         "a branch on data either way): " +
                         describePath(Path);
  F.getContext().diagnose(DiagnosticInfoGenericWithLoc(
      PathText, F, DiagnosticLocation(Wait.getDebugLoc()), DS_Note));
}

/// For -amdgpu-check-async-waits-explain: searches the lane trajectories
/// the analysis follows, from the function's entry and without joining
/// them, breadth first, for one that reaches \p Wait active with a DMA
/// followed by \p Level or more marks in flight, and names that DMA and the
/// blocks on the way. Every real trajectory is among those followed; a
/// report with no such trajectory came from merging states (more than
/// MaxLaneStates at a block), which the search does not do.
void Checker::explain(const MachineInstr &Wait, unsigned Level) const {
  /// Beside a lane's counts: the instruction that issued the DMA each count
  /// is of (a call: its callee's; null: the caller's, at entry).
  using Origins = SmallVector<const MachineInstr *, 8>;
  struct Trajectory {
    Lane L;
    InFlight S;
    Origins O;
  };
  struct Node {
    const MachineBasicBlock *MBB;
    Trajectory T;
    unsigned Parent;
  };
  const Function &F = MF.getFunction();
  std::vector<Node> Nodes;
  std::set<std::tuple<int, Lane, InFlight, Origins>> Seen;
  auto Visit = [&](const MachineBasicBlock *MBB, Trajectory T,
                   unsigned Parent) {
    if (Seen.insert({MBB->getNumber(), T.L, T.S, T.O}).second)
      Nodes.push_back({MBB, std::move(T), Parent});
  };
  Visit(&MF.front(), {Lane(), entryCounts(), Origins(Levels, nullptr)},
        UINT_MAX);
  unsigned Next = 0;
  for (; Next < Nodes.size() && Next < unsigned(ExplainMaxStates); ++Next) {
    const MachineBasicBlock *MBB = Nodes[Next].MBB;
    SmallVector<Trajectory, 4> Current = {Nodes[Next].T}, Stepped;
    for (const MachineInstr &MI : MBB->instrs()) {
      if (&MI == &Wait)
        for (const Trajectory &T : Current) {
          if (!T.L.Active || T.S[Level] == Done)
            continue;
          SmallVector<const MachineBasicBlock *, 32> Path = {MBB};
          for (unsigned P = Next; Nodes[P].Parent != UINT_MAX;
               P = Nodes[P].Parent)
            Path.push_back(Nodes[Nodes[P].Parent].MBB);
          std::reverse(Path.begin(), Path.end());
          noteExplanation(Wait, Level, T.O[Level], Path);
          return;
        }
      Stepped.clear();
      for (const Trajectory &T : Current) {
        Trajectory U = T;
        bool Issued = step(MI, U.S, T.L.Active);
        if (isMark(MI, Family, Activation) && T.L.Active)
          for (unsigned M = Levels - 1; M > 0; --M)
            U.O[M] = U.O[M - 1];
        if (Issued)
          U.O[0] = &MI;
        for (unsigned M = 0; M != Levels; ++M)
          if (U.S[M] == Done)
            U.O[M] = nullptr;
        if (!LaneAware) {
          Stepped.push_back(std::move(U));
          continue;
        }
        SmallVector<Lane, 2> Lanes;
        stepLane(MI, T.L, Lanes);
        for (Lane &N : Lanes) {
          U.L = std::move(N);
          Stepped.push_back(U);
        }
      }
      std::swap(Current, Stepped);
    }
    for (const MachineBasicBlock *Succ : MBB->successors())
      for (const Trajectory &T : Current) {
        if (edgeFeasible(*MBB, T.L, *Succ))
          Visit(Succ, {laneEntering(*Succ, T.L), T.S, T.O}, Next);
      }
  }
  // Every trajectory followed, none failing: the report came from a block
  // whose lane states were merged.
  std::string Why =
      Next == Nodes.size()
          ? ("no single path of a lane leaves the DMA in flight at the wait: "
             "the report comes from merging the lane states of a block "
             "reached by more than " +
             Twine(unsigned(MaxLaneStates)))
                .str()
          : ("no path of a lane to the wait found within " +
             Twine(unsigned(ExplainMaxStates)) +
             " lane states (-amdgpu-check-async-waits-explain-max-states)")
                .str();
  F.getContext().diagnose(DiagnosticInfoGenericWithLoc(
      Why, F, DiagnosticLocation(Wait.getDebugLoc()), DS_Note));
}

/// Whether a lane in state \p L at the end of \p Pred may go on to \p Succ:
/// false only when the terminators' conditions, read from the lane's known
/// values, send it elsewhere. A conditional branch on VCC is surely taken
/// when the lane's own bit is set (VCC is not zero) and surely not when VCC
/// is a uniform zero; on EXEC, when the lane is active; on SCC, when SCC is
/// known. Anything else: both ways.
bool Checker::edgeFeasible(const MachineBasicBlock &Pred, const Lane &L,
                           const MachineBasicBlock &Succ) const {
  if (!LaneAware || Succ.isEHPad() || Succ.isInlineAsmBrIndirectTarget())
    return true;
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  bool SeenBranch = false;
  for (const MachineInstr &MI : Pred.terminators()) {
    if (!MI.isBranch()) {
      // A terminator after a branch would change what the branch read.
      if (SeenBranch)
        return true;
      continue;
    }
    SeenBranch = true;
    if (MI.getNumOperands() == 0 || !MI.getOperand(0).isMBB())
      return true;
    const MachineBasicBlock *Target = MI.getOperand(0).getMBB();
    StringRef Name = TII.getName(MI.getOpcode());
    if (Name == "S_BRANCH")
      return Target == &Succ;
    Bit Cond;
    if (Name == "S_CBRANCH_VCCNZ" || Name == "S_CBRANCH_VCCZ") {
      Val V = L.get(ExecReg == Ops.execLo() ? Ops.vccLo() : Ops.vcc());
      Cond =
          V.B == Bit::One ? Bit::One : (V.Uniform ? Bit::Zero : Bit::Unknown);
      if (Name == "S_CBRANCH_VCCZ")
        Cond = applyLogic(MaskLogic::Xor, Cond, Bit::One);
    } else if (Name == "S_CBRANCH_EXECNZ" || Name == "S_CBRANCH_EXECZ") {
      Cond = L.Active ? Bit::One : Bit::Unknown;
      if (Name == "S_CBRANCH_EXECZ")
        Cond = applyLogic(MaskLogic::Xor, Cond, Bit::One);
    } else if (Name == "S_CBRANCH_SCC1" || Name == "S_CBRANCH_SCC0") {
      Cond = L.get(Ops.scc()).B;
      if (Name == "S_CBRANCH_SCC0")
        Cond = applyLogic(MaskLogic::Xor, Cond, Bit::One);
    } else {
      return true;
    }
    if (Cond == Bit::One)
      return Target == &Succ;
    if (Cond == Bit::Unknown && Target == &Succ)
      return true;
  }
  // No branch taken: the lane falls through.
  return Pred.isLayoutSuccessor(&Succ);
}

const BitVector &Checker::liveInAliases(const MachineBasicBlock &MBB) const {
  auto [It, Inserted] = LiveInAliases.try_emplace(&MBB);
  if (Inserted) {
    It->second.resize(TRI.getNumRegs());
    for (const auto &LI : MBB.liveins())
      for (MCRegAliasIterator AI(LI.PhysReg, &TRI, /*IncludeSelf=*/true);
           AI.isValid(); ++AI)
        It->second.set(*AI);
  }
  return It->second;
}

/// The counts at the function's entry.
InFlight Checker::entryCounts() const {
  InFlight S(Levels, Done);
  // A callee may start with its caller's DMAs in flight, followed by none of
  // its own marks (on the generations that have LDS DMA, or ASYNCcnt and
  // TENSORcnt); a kernel or a shader starts with none.
  if ((Major <= 10 || AsyncCounter) && !isEntryPoint(MF.getFunction()))
    S[0] = 0;
  return S;
}

/// Lane \p L as it enters \p MBB along an edge.
Lane Checker::laneEntering(const MachineBasicBlock &MBB, Lane L) const {
  // A bit of a register that is dead here is never read again.
  if (MF.getRegInfo().tracksLiveness()) {
    const BitVector &Live = liveInAliases(MBB);
    L.forgetIf([&](unsigned R) { return !Live.test(R); });
  }
  return L;
}

LaneStates Checker::atBlockStart(const MachineBasicBlock &MBB) const {
  LaneStates States;
  if (&MBB == &MF.front())
    joinState(States, Lane(), entryCounts());
  for (const MachineBasicBlock *Pred : MBB.predecessors()) {
    auto It = End.find(Pred);
    if (It == End.end())
      continue;
    for (const auto &[L, S] : It->second)
      if (edgeFeasible(*Pred, L, MBB))
        joinState(States, laneEntering(MBB, L), S);
  }
  if (States.size() > unsigned(MaxLaneStates)) {
    LaneStates Coarse;
    for (auto &[L, S] : States) {
      Lane In = L;
      In.Known.clear();
      joinState(Coarse, In, S);
    }
    States = std::move(Coarse);
  }
  // A block no path reaches starts with nothing in flight.
  if (States.empty())
    joinState(States, Lane(), InFlight(Levels, Done));
  return States;
}

/// One sweep in reverse post-order after another until nothing changes, or
/// \p Bound sweeps (0: no bound). Termination: End[B] only grows, joined
/// with what each sweep computes (joinState), in a finite lattice: its
/// lanes range over the EXEC bit and partial assignments of bits to the
/// function's registers, its counts over [0, Saturation] and Done, and a
/// lane's counts only decrease. So each End[B] changes finitely often.
bool Checker::solve(unsigned Bound) {
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  for (unsigned Sweep = 0; Bound == 0 || Sweep != Bound; ++Sweep) {
    bool Changed = false;
    for (MachineBasicBlock *MBB : RPOT) {
      LaneStates States = atBlockStart(*MBB);
      for (const MachineInstr &MI : MBB->instrs())
        stepAll(MI, States);
      LaneStates &Out = End[MBB];
      for (const auto &[L, S] : States)
        Changed |= joinState(Out, L, S);
    }
    if (!Changed)
      return true;
  }
  return false;
}

unsigned Checker::run() {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB.instrs())
      if (std::optional<unsigned> N = waitCount(MI, Family, Activation))
        Levels = std::max(Levels, *N + 2);
  if (!Levels)
    return 0;
  if (!solve(LaneAware ? unsigned(MaxSweeps) : 0)) {
    // The wave-level check is the lane check with every lane active: never
    // weaker, and its own lattice (one lane) is small.
    MachineOptimizationRemarkEmitter ORE(MF, nullptr);
    ORE.emit([&] {
      return MachineOptimizationRemarkAnalysis("asyncpipe", "CheckerWaveLevel",
                                               MF.getFunction().getSubprogram(),
                                               &MF.front())
             << "the async wait checker's per-lane analysis of the "
             << (Family.Recorded ? "source's" : "lowering's")
             << " waits reached its bound of "
             << ore::NV("Sweeps", unsigned(MaxSweeps))
             << " sweeps; they are checked wave-level";
    });
    LaneAware = false;
    End.clear();
    solve(0);
  }
  // Reported in layout order, which is source order for most programs.
  unsigned Failures = 0;
  bool Exactness = ReportExactness && !Family.Recorded;
  for (const MachineBasicBlock &MBB : MF) {
    LaneStates States = atBlockStart(MBB);
    // For -amdgpu-check-async-waits-report-exactness: the last counter
    // wait, if nothing has changed the state since, the state before it, and
    // the markers since (which change nothing), reported together.
    const MachineInstr *LastWait = nullptr;
    LaneStates BeforeWait, AtMarkers;
    SmallVector<const MachineInstr *, 2> Markers;
    auto Report = [&] {
      reportExactness(Markers, LastWait, BeforeWait, AtMarkers);
      Markers.clear();
      LastWait = nullptr;
    };
    for (const MachineInstr &MI : MBB.instrs()) {
      Failures += !check(MI, States);
      if (!Exactness) {
        stepAll(MI, States);
        continue;
      }
      if (waitCount(MI, Family)) {
        if (Markers.empty())
          AtMarkers = States;
        Markers.push_back(&MI);
      }
      if (allowedBy(MI)) {
        Report();
        LastWait = &MI;
        BeforeWait = States;
        stepAll(MI, States);
        continue;
      }
      LaneStates Before = States;
      stepAll(MI, States);
      if (States != Before)
        Report();
    }
    Report();
  }
  return Failures;
}

std::optional<unsigned> Checker::allowedBy(const MachineInstr &MI) const {
  OpClass C = Ops.classOf(MI);
  if (Q == Queue::Tensor)
    return C == OpClass::WaitTensorcnt
               ? std::optional<unsigned>(
                     WaitTensorcntField.decode(MI.getOperand(0).getImm()))
               : std::nullopt;
  if (AsyncCounter)
    return C == OpClass::WaitAsynccnt
               ? std::optional<unsigned>(
                     WaitAsynccntField.decode(MI.getOperand(0).getImm()))
               : std::nullopt;
  if (C == OpClass::Waitcnt && WaitcntField)
    return WaitcntField->decode(MI.getOperand(0).getImm());
  if (C == OpClass::WaitLoadcnt && WaitLoadcntField)
    return WaitLoadcntField->decode(MI.getOperand(0).getImm());
  return std::nullopt;
}

/// The smallest number of newer events, over the lanes that run \p Marker,
/// of a DMA it must see complete, given the state \p Before; Done if none.
unsigned Checker::weakestSufficient(const MachineInstr &Marker,
                                    const LaneStates &Before) const {
  unsigned N = *waitCount(Marker, Family);
  unsigned Needed = Done;
  for (const auto &[L, S] : Before)
    if (L.Active)
      Needed = std::min(Needed, S[N + 1]);
  // Saturation newer events: no encodable count is needed.
  return Needed >= Saturation ? Done : Needed;
}

/// Reports \p Markers, which stand together after the counter wait \p Wait
/// (or none) with nothing in between that changes the state. The stock wait
/// insertion merges the counter waits emitted for markers that stand
/// together into one in front of the first, so the wait is given to the
/// marker that needs the most of it; each of the others is judged, with no
/// counter wait of its own, on what is left in flight after it.
void Checker::reportExactness(ArrayRef<const MachineInstr *> Markers,
                              const MachineInstr *Wait,
                              const LaneStates &BeforeWait,
                              const LaneStates &AtMarkers) const {
  if (Markers.empty())
    return;
  const MachineInstr *Given = nullptr;
  if (Wait) {
    Given = Markers.front();
    for (const MachineInstr *M : Markers)
      if (weakestSufficient(*M, BeforeWait) <
          weakestSufficient(*Given, BeforeWait))
        Given = M;
  }
  for (const MachineInstr *M : Markers)
    if (M == Given)
      reportExactness(*M, BeforeWait, Wait);
    else
      reportExactness(*M, AtMarkers, nullptr);
}

/// The weakest sufficient count of a wait marker is the smallest number of
/// newer events, over the lanes that run it, of a DMA it must see complete
/// (before the counter wait given to it, if any); the wait is
/// exact when the emitted counter wait allows exactly that many.
void Checker::reportExactness(const MachineInstr &Marker,
                              const LaneStates &Before,
                              const MachineInstr *Wait) const {
  unsigned N = *waitCount(Marker, Family);
  unsigned Needed = weakestSufficient(Marker, Before);
  // Done: no counter wait in front of the marker, or, where the marker needs
  // none, one whose field holds its largest value (an s_waitcnt for other
  // counters), which waits for nothing it needs. Where the marker needs that
  // largest count, the field's value is its wait: the lowering's, merged
  // into the s_waitcnt for other counters, which prints no vmcnt at all.
  unsigned Emitted = Done;
  if (Wait)
    Emitted = allowedBy(*Wait).value_or(Done);
  if (Emitted != Done && Emitted + 1 >= Saturation && Needed == Done)
    Emitted = Done;
  // TENSORcnt is reported only where a tensor DMA is waited for or could
  // be, apart from the copies' counter (which bench/randir-scale.sh reads).
  if (Q == Queue::Tensor && Emitted == Done && Needed == Done)
    return;
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "wait_asyncmark(" << N
     << (Q == Queue::Tensor ? ") on TENSORcnt: emitted " : "): emitted ");
  if (Emitted != Done)
    OS << "count(" << Emitted << ")";
  else
    OS << "none";
  OS << ", weakest sufficient ";
  if (Needed != Done)
    OS << "count(" << Needed << ")";
  else
    OS << "none";
  OS << (Emitted == Needed ? ": exact" : ": not exact");
  MachineOptimizationRemarkEmitter ORE(MF, nullptr);
  ORE.emit([&] {
    return MachineOptimizationRemarkAnalysis("asyncpipe", "WaitExactness",
                                             Marker.getDebugLoc(),
                                             Marker.getParent())
           << OS.str();
  });
}

/// The activations the recorder limited to one counter
/// (ActivationCountersMetadata): !{i32 activation, !"asynccnt"|"tensorcnt"}.
DenseMap<int64_t, Queue> getActivationCounters(const MachineFunction &MF) {
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
    AU.addRequired<AMDGPUAsyncDMAState>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!getAnalysis<AMDGPUAsyncDMAState>().mayHaveAsyncOps())
      return false;
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
      for (Queue Q : Queues)
        Checker(MF, *Ops, Q == Queue::Tensor ? EmittedTensor : Emitted, Q)
            .run();
      // One pass per activation with recorded waits here: the function's
      // own, and those of functions inlined into it.
      SmallVector<int64_t, 4> Activations;
      for (const MachineBasicBlock &MBB : MF)
        for (const MachineInstr &MI : MBB.instrs())
          if (std::optional<Parked> P = parked(MI); P && P->Value >= 0)
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
char AMDGPUParkRecordedAsyncWaits::ID = 0;

MachineFunctionPass *llvm::createAMDGPUParkRecordedAsyncWaitsPass() {
  return new AMDGPUParkRecordedAsyncWaits();
}

MachineFunctionPass *llvm::createAMDGPUCheckAsyncWaitsPass() {
  return new AMDGPUCheckAsyncWaits();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUCheckAsyncWaits, "amdgpu-check-async-waits",
                "AMDGPU check async waits (AsyncPipe)", false, false)
