//===- AMDGPUCheckAsyncWaitsOpcodes.cpp - The checker's instructions ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The checker classifies instructions by opcode name, and decodes the wait
// instructions' immediates with a per-generation table of its own, rather
// than share the lowering's classification (AMDGPUAsyncSubtarget.h): a
// mistake there must not hide from the check. The names are a fact of LLVM
// 22's AMDGPU backend, so the table checks, once per target, the class of
// opcodes whose class is known, and stops with a fatal error naming the LLVM
// version where one is missing or classified otherwise.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUCheckAsyncWaits.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu::checker;

static cl::opt<std::string> PretendMissingOpcode(
    "amdgpu-check-async-waits-pretend-missing-opcode", cl::Hidden,
    cl::desc("Testing only: act as if the target had no opcode of this name, "
             "to test the checker's startup self-check"));
/// The class of an opcode, from its name and description.
static OpClass classifyByName(StringRef Name, const MCInstrDesc &Desc) {
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

static StringRef describe(OpClass C) {
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

/// The mask semantics of an opcode, by name (S_AND_SAVEEXEC_B64,
/// S_XOR_B32_term, V_CMPX_EQ_U32_e32, ...).
static MaskOp classifyMaskOp(StringRef Name) {
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

OpcodeTable::OpcodeTable(const TargetInstrInfo &TII,
                         const TargetRegisterInfo &TRI) {
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

void OpcodeTable::selfCheck() const {
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
       {"S_CBRANCH_VCCNZ", "S_CBRANCH_VCCZ", "S_CBRANCH_SCC0", "S_CBRANCH_SCC1",
        "S_CBRANCH_EXECZ", "S_CBRANCH_EXECNZ", "S_BRANCH"})
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

std::optional<LoadCountField>
asyncpipe::amdgpu::checker::getWaitcntField(unsigned Major) {
  if (Major <= 8)
    return LoadCountField{0, 4, 0, 0};
  if (Major <= 10)
    return LoadCountField{0, 4, 14, 2};
  if (Major == 11)
    return LoadCountField{10, 6, 0, 0};
  return std::nullopt;
}
std::optional<LoadCountField>
asyncpipe::amdgpu::checker::getWaitLoadcntField(unsigned Major) {
  if (Major >= 12)
    return LoadCountField{0, 6, 0, 0};
  return std::nullopt;
}

bool asyncpipe::amdgpu::checker::hasAsyncCounter(const AMDGPU::IsaVersion &V) {
  return V.Major > 12 || (V.Major == 12 && V.Minor >= 5);
}
