//===- AMDGPULowerAsyncIntrinsics.cpp - Async intrinsics into codegen -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// LLVM 22 accepts the upstream AMDGPU async intrinsics only as unknown external
// declarations: left alone they become real calls, which also make the
// backend's own IR passes (LDS lowering, resource usage) assume an unknown
// callee. As the first IR pass of codegen this pass gives each a form the
// backend understands (see AMDGPUAsyncMarkers.h), and reports what the target
// cannot do: an async DMA on a generation without LDS DMA, a size it cannot
// move, a signature that does not match.
//
// gfx1250 has no LDS DMA but its own async copies (global_load_async_to_lds,
// counted on ASYNCcnt), which take each lane's LDS address. The portable
// copy (llvm.amdgcn.global.load.async.lds, with the wave's LDS base that
// AMDGPUAsyncTarget computes from the per-lane destination) becomes one of
// them there, so that asyncpipe_copy runs on every generation with async
// copies into LDS. The portable store (llvm.amdgcn.global.store.async.lds)
// becomes gfx1250's global_store_async_from_lds, also on ASYNCcnt; no other
// generation stores from LDS asynchronously, so elsewhere it is an error at
// the call.
//
// LLVM's own LDS DMA intrinsics on a generation without LDS DMA (gfx11,
// gfx12), and gfx1250's own copies, its tensor DMA and their waits
// (s_wait_asynccnt, s_wait_tensorcnt) on another generation, would stop
// instruction selection ("Cannot select"); they are reported at the call
// instead, with the generations that have them and the portable form. So are
// gfx1250's copies, written or made from the portable copy, where GlobalISel
// selects and may not fall back: LLVM 22's GlobalISel has no pattern for them.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncMarkers.h"
#include "AMDGPUAsyncSubtarget.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/AMDGPUAddrSpace.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncImmediateOperands.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::amdgpu;

#define DEBUG_TYPE "amdgpu-lower-async-intrinsics"

ASYNCPIPE_STATISTIC(NumCopiesLowered, "Number of async copies lowered");
ASYNCPIPE_STATISTIC(NumMarksLowered, "Number of marks lowered to markers");
ASYNCPIPE_STATISTIC(NumWaitsLowered, "Number of waits lowered to markers");

namespace {

/// The LDS DMA intrinsic an async spelling stands for, and what it needs.
struct DMAForm {
  Intrinsic::ID ID = Intrinsic::not_intrinsic;
  bool NeedsBufferDMA = false; // else global_load_lds
  bool Overloaded = false;
};

DMAForm getDMAForm(StringRef Name) {
  if (Name == "llvm.amdgcn.global.load.async.lds")
    return {Intrinsic::amdgcn_global_load_lds, false, false};
  if (Name == "llvm.amdgcn.load.async.to.lds.p1")
    return {Intrinsic::amdgcn_load_to_lds, false, true};
  if (Name == "llvm.amdgcn.load.async.to.lds.p7")
    return {Intrinsic::amdgcn_load_to_lds, true, true};
  if (Name == "llvm.amdgcn.raw.ptr.buffer.load.lds.async")
    return {Intrinsic::amdgcn_raw_ptr_buffer_load_lds, true, false};
  if (Name == "llvm.amdgcn.struct.ptr.buffer.load.lds.async")
    return {Intrinsic::amdgcn_struct_ptr_buffer_load_lds, true, false};
  // The <4 x i32> resource forms, spelled like the pointer forms above.
  if (Name == "llvm.amdgcn.raw.buffer.load.lds.async")
    return {Intrinsic::amdgcn_raw_buffer_load_lds, true, false};
  if (Name == "llvm.amdgcn.struct.buffer.load.lds.async")
    return {Intrinsic::amdgcn_struct_buffer_load_lds, true, false};
  return {};
}

/// Whether \p ID is one of gfx1250's async copies or its wait for them, which
/// only a generation with ASYNCcnt can select.
bool needsAsyncCnt(Intrinsic::ID ID) {
  return asyncpipe::isAsyncCntCopy(ID) ||
         ID == Intrinsic::amdgcn_s_wait_asynccnt;
}

/// Whether \p ID is gfx1250's tensor DMA or its wait, which only a
/// generation with TENSORcnt can select.
bool needsTensorCnt(Intrinsic::ID ID) {
  return asyncpipe::isTensorDMA(ID) || ID == Intrinsic::amdgcn_s_wait_tensorcnt;
}

/// "gfx9 (gfx942)": the generation and the processor, as diagnostics name
/// them.
std::string describeGeneration(const AsyncSubtarget &ST) {
  const AMDGPU::IsaVersion &Isa = ST.getIsaVersion();
  char Stepping =
      Isa.Stepping < 10 ? '0' + Isa.Stepping : 'a' + (Isa.Stepping - 10);
  return ("gfx" + Twine(Isa.Major) + " (gfx" + Twine(Isa.Major) +
          Twine(Isa.Minor) + Twine(Stepping) + ")")
      .str();
}

/// The declaration of the LDS DMA intrinsic \p Form names, overloaded on
/// \p Call's source pointer where the intrinsic is.
Function *getNativeDMA(CallBase &Call, const DMAForm &Form) {
  Module &M = *Call.getModule();
  if (Form.Overloaded)
    return Intrinsic::getOrInsertDeclaration(
        &M, Form.ID, {Call.getArgOperand(0)->getType()});
  return Intrinsic::getOrInsertDeclaration(&M, Form.ID);
}

/// The operands of \p Call, an async spelling of the LDS DMA \p Form, that
/// the DMA intrinsic takes as immediates (immarg): its size, offset and aux
/// bits.
SmallVector<unsigned, 4> getImmediateArgNos(CallBase &Call,
                                            const DMAForm &Form) {
  SmallVector<unsigned, 4> ArgNos;
  if (Form.ID == Intrinsic::not_intrinsic)
    return ArgNos;
  // Read from the intrinsic's attributes, not from a declaration: asking
  // must not add one to a module that never calls the intrinsic.
  LLVMContext &Ctx = Call.getContext();
  SmallVector<Type *, 1> Overloads;
  if (Form.Overloaded)
    Overloads.push_back(Call.getArgOperand(0)->getType());
  FunctionType *NativeType = Intrinsic::getType(Ctx, Form.ID, Overloads);
  AttributeList Attrs = Intrinsic::getAttributes(Ctx, Form.ID, NativeType);
  unsigned NumParams =
      std::min<unsigned>(Call.arg_size(), NativeType->getNumParams());
  for (unsigned ArgNo = 0; ArgNo != NumParams; ++ArgNo)
    if (Attrs.hasParamAttr(ArgNo, Attribute::ImmArg))
      ArgNos.push_back(ArgNo);
  return ArgNos;
}

/// "offset (operand 4)": an immediate operand of an LDS DMA, named as LLVM's
/// documentation names it. Every form has the size third and ends with the
/// offset and the aux (cache policy) bits.
std::string describeImmediate(const CallBase &Call, unsigned ArgNo) {
  unsigned Last = Call.arg_size() - 1;
  StringRef Name = ArgNo == 2          ? "size"
                   : ArgNo == Last     ? "aux"
                   : ArgNo == Last - 1 ? "offset"
                                       : "immediate";
  return (Name + " (operand " + Twine(ArgNo + 1) + ")").str();
}

/// Whether every operand \p ArgNos of \p Call, an LDS DMA's immediates, is a
/// constant; reports the first that is not.
bool allImmediatesConstant(CallBase &Call, ArrayRef<unsigned> ArgNos) {
  for (unsigned ArgNo : ArgNos)
    if (!isa<ConstantInt>(Call.getArgOperand(ArgNo))) {
      reportAsyncError(Call, "the " + describeImmediate(Call, ArgNo) + " of '" +
                                 Call.getCalledFunction()->getName() +
                                 "' must be a constant: write an integer "
                                 "constant there (0 where in doubt), not a "
                                 "value computed at run time");
      return false;
    }
  return true;
}

/// Whether \p ID is one of LLVM's own LDS DMA intrinsics, which only gfx9 and
/// gfx10 can select.
bool isLDSDMA(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::amdgcn_global_load_lds:
  case Intrinsic::amdgcn_load_to_lds:
  case Intrinsic::amdgcn_raw_buffer_load_lds:
  case Intrinsic::amdgcn_struct_buffer_load_lds:
  case Intrinsic::amdgcn_raw_ptr_buffer_load_lds:
  case Intrinsic::amdgcn_struct_ptr_buffer_load_lds:
    return true;
  default:
    return false;
  }
}

/// Whether the LDS DMA \p Call reads through a buffer (else from global
/// memory).
bool readsThroughBuffer(const CallBase &Call) {
  switch (Call.getIntrinsicID()) {
  case Intrinsic::amdgcn_global_load_lds:
    return false;
  case Intrinsic::amdgcn_load_to_lds:
    return Call.getArgOperand(0)->getType()->getPointerAddressSpace() !=
           AMDGPUAS::GLOBAL_ADDRESS;
  default:
    return true;
  }
}

/// If \p ST has no loads into LDS of the kind a copy needs (through a buffer
/// if \p NeedsBuffer, else from global memory), what it misses and where to
/// compile instead, to follow the copy's name in a diagnostic.
std::optional<std::string> missingLDSDMA(bool NeedsBuffer,
                                         const AsyncSubtarget &ST) {
  if (NeedsBuffer ? ST.hasBufferLoadLDS() : ST.hasGlobalLoadLDS())
    return std::nullopt;
  return ("needs " + Twine(NeedsBuffer ? "buffer" : "global") +
          " loads into LDS, which " + describeGeneration(ST) +
          " does not have: compile for gfx9 or gfx10 (e.g. -mcpu=gfx942, "
          "--offload-arch=gfx942)")
      .str();
}

/// What is wrong with \p Call on \p ST, and how to fix it, if \p ST cannot
/// select it.
std::optional<std::string> whyUnselectable(const CallBase &Call,
                                           const AsyncSubtarget &ST) {
  StringRef Name = Call.getCalledFunction()->getName();
  Intrinsic::ID ID = Call.getIntrinsicID();
  if (isLDSDMA(ID)) {
    std::optional<std::string> Missing =
        missingLDSDMA(readsThroughBuffer(Call), ST);
    if (!Missing)
      return std::nullopt;
    return ("LDS DMA ('" + Name + "') " + *Missing +
            (ST.hasAsyncCnt()
                 ? ", or copy from global memory with asyncpipe_copy, which "
                   "gfx1250 makes an async copy"
                 : ""))
        .str();
  }
  std::string Missing = " which " + describeGeneration(ST) +
                        " does not have: compile for gfx1250 "
                        "(-mcpu=gfx1250, --offload-arch=gfx1250)";
  if (needsTensorCnt(ID)) {
    if (ST.hasTensorCnt())
      return std::nullopt;
    if (ID == Intrinsic::amdgcn_s_wait_tensorcnt)
      return ("'" + Name + "' waits on gfx1250's TENSORcnt," + Missing +
              ", or wait with llvm.amdgcn.wait.asyncmark (asyncpipe_wait), "
              "which every generation lowers to its own counter")
          .str();
    bool Load = ID == Intrinsic::amdgcn_tensor_load_to_lds ||
                ID == Intrinsic::amdgcn_tensor_load_to_lds_d2;
    return ("'" + Name + "' is gfx1250's tensor DMA " +
            (Load ? "into" : "out of") + " LDS, counted on TENSORcnt," +
            Missing +
            (Load ? ", or copy into LDS with llvm.amdgcn.global.load.async.lds "
                    "(asyncpipe_copy), which every generation with async "
                    "copies into LDS lowers"
                  : "; no other generation copies out of LDS asynchronously "
                    "(store from registers there)"))
        .str();
  }
  if (!needsAsyncCnt(ID) || ST.hasAsyncCnt())
    return std::nullopt;
  switch (ID) {
  case Intrinsic::amdgcn_s_wait_asynccnt:
    return ("'" + Name + "' waits on gfx1250's ASYNCcnt," + Missing +
            ", or wait with llvm.amdgcn.wait.asyncmark (asyncpipe_wait), "
            "which every generation lowers to its own counter")
        .str();
  case Intrinsic::amdgcn_global_store_async_from_lds_b8:
  case Intrinsic::amdgcn_global_store_async_from_lds_b32:
  case Intrinsic::amdgcn_global_store_async_from_lds_b64:
  case Intrinsic::amdgcn_global_store_async_from_lds_b128:
    return ("'" + Name +
            "' is gfx1250's async copy from LDS to global memory, counted on "
            "ASYNCcnt," +
            Missing +
            "; no other generation copies out of LDS asynchronously (store "
            "from registers there)")
        .str();
  default:
    return ("'" + Name +
            "' is gfx1250's async copy into LDS, counted on "
            "ASYNCcnt," +
            Missing +
            ", or copy with llvm.amdgcn.global.load.async.lds "
            "(asyncpipe_copy), which every generation with async copies into "
            "LDS lowers")
        .str();
  }
}

/// Reports and removes each call in \p F to one of \p Decls (LDS DMA,
/// ASYNCcnt and TENSORcnt intrinsics) that \p ST cannot select; returns
/// whether there was one.
bool rejectUnselectableCopies(Function &F, ArrayRef<Function *> Decls,
                              const AsyncSubtarget &ST) {
  SmallVector<std::pair<CallBase *, std::string>, 4> Rejected;
  for (Function *Decl : Decls)
    for (User *U : Decl->users())
      if (auto *Call = dyn_cast<CallBase>(U); Call &&
                                              Call->getFunction() == &F &&
                                              Call->getCalledFunction() == Decl)
        if (std::optional<std::string> Why = whyUnselectable(*Call, ST))
          Rejected.push_back({Call, std::move(*Why)});
  for (auto &[Call, Why] : Rejected) {
    reportAsyncError(*Call, Why);
    Call->eraseFromParent();
  }
  return !Rejected.empty();
}

/// Reports and removes each of gfx1250's async copies in \p F, for a
/// GlobalISel that may not fall back to SelectionDAG; returns whether there
/// was one.
bool rejectCopiesForGlobalISel(Function &F) {
  SmallVector<CallBase *, 4> Copies;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I);
        Call && needsAsyncCnt(Call->getIntrinsicID()) &&
        Call->getIntrinsicID() != Intrinsic::amdgcn_s_wait_asynccnt)
      Copies.push_back(Call);
  for (CallBase *Call : Copies) {
    reportAsyncError(*Call,
                     "LLVM " LLVM_VERSION_STRING "'s GlobalISel cannot select "
                     "gfx1250's async copies ('" +
                         Call->getCalledFunction()->getName() +
                         "'): compile with SelectionDAG, the default (without "
                         "-global-isel), or let GlobalISel fall back to it "
                         "(-global-isel-abort=2)");
    Call->eraseFromParent();
  }
  return !Copies.empty();
}

/// A queue's mark or wait, which asyncpipe-lower leaves as it is on AMDGPU
/// (AMDGPUAsyncTarget::countsQueueWaitsInCodegen): its marker keeps the
/// queue, and amdgpu-lower-async-waits computes the combined count on the
/// machine CFG.
bool isKeptQueueOp(const AsyncOp &Op) {
  return Op.getForm() == AsyncOpForm::Portable && Op.hasQueueOperand() &&
         (Op.isMark() || Op.isWait());
}

class AsyncIntrinsicLowering {
public:
  AsyncIntrinsicLowering(Function &F, const AsyncSubtarget &ST,
                         OptimizationRemarkEmitter &ORE)
      : F(F), ST(ST), ORE(ORE) {}
  bool run();

private:
  void lowerCopy(CallBase &Call);
  void lowerCopyWithConstantOperands(CallBase &Call, const DMAForm &Form);
  void lowerStore(CallBase &Call);
  void lowerStoreWithConstantSize(CallBase &Call);
  bool lowerCopyToAsyncCnt(CallBase &Call);
  void lowerWait(const AsyncOp &Op);
  bool checkCopyIsSupported(CallBase &Call, const DMAForm &Form);

  Function &F;
  const AsyncSubtarget &ST;
  OptimizationRemarkEmitter &ORE;
};

bool AsyncIntrinsicLowering::run() {
  SmallVector<AsyncOp, 16> Ops;
  for (Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I);
        Op && (Op.getForm() == AsyncOpForm::AMDGPU || isKeptQueueOp(Op)))
      Ops.push_back(Op);
  for (const AsyncOp &Op : Ops) {
    CallBase &Call = *Op.getCall();
    ASYNCPIPE_DEBUG(dbgs() << "AMDGPULowerAsyncIntrinsics: lowering" << Call
                           << "\n");
    if (Op.isStore()) {
      ++NumCopiesLowered;
      lowerStore(Call);
    } else if (Op.isCopy()) {
      ++NumCopiesLowered;
      lowerCopy(Call);
    } else if (Op.isMark()) {
      ++NumMarksLowered;
      IRBuilder<> B(&Call);
      createMarkMarker(B, Op.getQueue().value_or(0))
          ->setDebugLoc(Call.getDebugLoc());
      Call.eraseFromParent();
    } else {
      ++NumWaitsLowered;
      lowerWait(Op);
    }
  }
  return !Ops.empty();
}

bool AsyncIntrinsicLowering::checkCopyIsSupported(CallBase &Call,
                                                  const DMAForm &Form) {
  StringRef Name = Call.getCalledFunction()->getName();
  if (Form.ID == Intrinsic::not_intrinsic) {
    reportAsyncError(Call, "'" + Name + "' is not an AMDGPU async DMA " +
                               "AsyncPipe knows (expected .p1 or .p7)");
    return false;
  }
  if (std::optional<std::string> Missing =
          missingLDSDMA(Form.NeedsBufferDMA, ST)) {
    // The kernel holds the same copy and reports it.
    if (isOpenCLKernelBody(*Call.getFunction()))
      return false;
    // The user wrote asyncpipe_copy, a pipeline copy or a builtin, not this
    // intrinsic: say what it is, and which GPUs can run it.
    reportAsyncError(Call, "async copy to LDS ('" + Name + "') " + *Missing);
    return false;
  }
  Function *Native = getNativeDMA(Call, Form);
  if (Native->getFunctionType() != Call.getFunctionType()) {
    std::string Expected;
    raw_string_ostream OS(Expected);
    Native->getFunctionType()->print(OS);
    reportAsyncError(Call, "'" + Name + "' must have the type " + Expected);
    return false;
  }
  auto *Size = dyn_cast<ConstantInt>(Call.getArgOperand(2));
  if (!Size || !ST.isLegalDMASize(Size->getZExtValue())) {
    reportAsyncError(Call, "'" + Name + "' moves " +
                               (Size ? Twine(Size->getZExtValue()) + " bytes"
                                     : Twine("a non-constant size")) +
                               " per lane; this target moves " +
                               ST.describeLegalDMASizes());
    return false;
  }
  return allImmediatesConstant(Call, getImmediateArgNos(Call, Form));
}

/// gfx1250's async copy of \p Bytes per lane, if it has one.
std::optional<Intrinsic::ID> getAsyncCntCopy(uint64_t Bytes) {
  switch (Bytes) {
  case 1:
    return Intrinsic::amdgcn_global_load_async_to_lds_b8;
  case 4:
    return Intrinsic::amdgcn_global_load_async_to_lds_b32;
  case 8:
    return Intrinsic::amdgcn_global_load_async_to_lds_b64;
  case 16:
    return Intrinsic::amdgcn_global_load_async_to_lds_b128;
  default:
    return std::nullopt;
  }
}

/// The offset of \p Call, an LDS DMA made a gfx1250 async copy, which moves
/// its global and its LDS address alike; none after reporting an offset or
/// aux bits that copy cannot take (its cache-policy bits mean something
/// else, and a run-time value is no immediate).
std::optional<uint64_t> getDMAOffsetForAsyncCnt(CallBase &Call) {
  StringRef Name = Call.getCalledFunction()->getName();
  if (!allImmediatesConstant(Call, {3, 4}))
    return std::nullopt;
  if (uint64_t Aux = cast<ConstantInt>(Call.getArgOperand(4))->getZExtValue()) {
    reportAsyncError(Call, "the aux (operand 5) of '" + Name + "' is " +
                               Twine(Aux) +
                               ": gfx1250's async copies encode their cache "
                               "policy differently; pass 0 (the default "
                               "policy) there");
    return std::nullopt;
  }
  return cast<ConstantInt>(Call.getArgOperand(3))->getZExtValue();
}

/// On a generation with ASYNCcnt copies (gfx1250), replaces the portable
/// global-to-LDS copy \p Call by one of them; returns false if \p Call is
/// not that copy or the target has no such copies.
bool AsyncIntrinsicLowering::lowerCopyToAsyncCnt(CallBase &Call) {
  if (!ST.hasAsyncCnt() || Call.getCalledFunction()->getName() !=
                               "llvm.amdgcn.global.load.async.lds")
    return false;
  auto *Size = dyn_cast<ConstantInt>(Call.getArgOperand(2));
  std::optional<Intrinsic::ID> ID =
      Size ? getAsyncCntCopy(Size->getZExtValue()) : std::nullopt;
  if (!ID || Call.arg_size() != 5 ||
      !Call.getArgOperand(0)->getType()->isPointerTy() ||
      !Call.getArgOperand(1)->getType()->isPointerTy()) {
    if (!isOpenCLKernelBody(*Call.getFunction()))
      reportAsyncError(Call, "an async copy of " +
                                 (Size ? Twine(Size->getZExtValue()) + " bytes"
                                       : Twine("a non-constant size")) +
                                 " per lane: gfx1250's async copies into LDS "
                                 "move 1, 4, 8 or 16 bytes per lane");
    Call.eraseFromParent();
    return true;
  }
  std::optional<uint64_t> Offset = getDMAOffsetForAsyncCnt(Call);
  if (!Offset) {
    Call.eraseFromParent();
    return true;
  }
  // The operand is the wave's LDS base (lane 0's destination): each lane's
  // own destination is base + lane * size, as the portable contract states.
  // The DMA's offset moves both addresses.
  IRBuilder<> B(&Call);
  Value *LaneOffset =
      B.CreateMul(createLaneInWave(B), B.getInt32(Size->getZExtValue()));
  Value *LaneDst =
      B.CreateGEP(B.getInt8Ty(), Call.getArgOperand(1),
                  B.CreateAdd(LaneOffset, B.getInt32(*Offset)), "lane.dst");
  Value *Src = Call.getArgOperand(0);
  if (*Offset)
    Src = B.CreateGEP(B.getInt8Ty(), Src, B.getInt64(*Offset), "src");
  CallInst *Copy =
      B.CreateIntrinsic(*ID, {}, {Src, LaneDst, B.getInt32(0), B.getInt32(0)});
  Copy->setDebugLoc(Call.getDebugLoc());
  Call.eraseFromParent();
  return true;
}

/// gfx1250's async store from LDS of \p Bytes per lane, if it has one.
std::optional<Intrinsic::ID> getAsyncCntStore(uint64_t Bytes) {
  switch (Bytes) {
  case 1:
    return Intrinsic::amdgcn_global_store_async_from_lds_b8;
  case 4:
    return Intrinsic::amdgcn_global_store_async_from_lds_b32;
  case 8:
    return Intrinsic::amdgcn_global_store_async_from_lds_b64;
  case 16:
    return Intrinsic::amdgcn_global_store_async_from_lds_b128;
  default:
    return std::nullopt;
  }
}

/// Whether \p ID is one of gfx1250's async stores from LDS, which read LDS
/// and write global memory only.
bool isAsyncCntStore(Intrinsic::ID ID) {
  return ID == Intrinsic::amdgcn_global_store_async_from_lds_b8 ||
         ID == Intrinsic::amdgcn_global_store_async_from_lds_b32 ||
         ID == Intrinsic::amdgcn_global_store_async_from_lds_b64 ||
         ID == Intrinsic::amdgcn_global_store_async_from_lds_b128;
}

/// Whether an s_wait_dscnt 0 comes before \p I in its block with nothing
/// between that may write LDS: only other async stores, which the lowering
/// below put there, or instructions that write no memory. Each store of a
/// tile written back as several stores then needs no wait of its own.
bool followsDSWait(const Instruction &I) {
  for (const Instruction *Prev = I.getPrevNode(); Prev;
       Prev = Prev->getPrevNode()) {
    Intrinsic::ID ID = Intrinsic::not_intrinsic;
    if (const auto *Call = dyn_cast<CallBase>(Prev))
      ID = Call->getIntrinsicID();
    if (ID == Intrinsic::amdgcn_s_wait_dscnt)
      return cast<ConstantInt>(cast<CallBase>(Prev)->getArgOperand(0))
          ->isZero();
    if (!isAsyncCntStore(ID) && Prev->mayWriteToMemory())
      return false;
  }
  return false;
}

/// Replaces AsyncPipe's store from LDS \p Call
/// (llvm.amdgcn.global.store.async.lds, what AMDGPUAsyncTarget makes of
/// asyncpipe_store) by gfx1250's store of its size, which counts on ASYNCcnt
/// like the async copies, so the marks' waits and the checker count it; on
/// a generation without it, reports the call (stock llc would stop with
/// "Cannot select" on the gfx1250 intrinsic).
void AsyncIntrinsicLowering::lowerStore(CallBase &Call) {
  // Two stores the optimizer sank into one call with a phi of their sizes
  // are lowered as the two stores written.
  for (CallBase *Store : splitMergedImmediates(Call, {2}))
    lowerStoreWithConstantSize(*Store);
}

void AsyncIntrinsicLowering::lowerStoreWithConstantSize(CallBase &Call) {
  auto *Size = dyn_cast<ConstantInt>(Call.getArgOperand(2));
  std::optional<Intrinsic::ID> ID =
      Size ? getAsyncCntStore(Size->getZExtValue()) : std::nullopt;
  // The kernel holds the same store and reports it.
  bool Report = !isOpenCLKernelBody(*Call.getFunction());
  auto HasAddressSpace = [&](unsigned ArgNo, unsigned AS) {
    return Call.getArgOperand(ArgNo)->getType()->getPointerAddressSpace() == AS;
  };
  if (Call.arg_size() != 3 || !HasAddressSpace(0, AMDGPUAS::GLOBAL_ADDRESS) ||
      !HasAddressSpace(1, AMDGPUAS::LOCAL_ADDRESS)) {
    if (Report)
      reportAsyncError(Call, "'" + Call.getCalledFunction()->getName() +
                                 "' must have the type void (ptr "
                                 "addrspace(1), ptr addrspace(3), i32)");
  } else if (!ST.hasAsyncCnt()) {
    if (Report)
      reportAsyncError(
          Call, "an async store from LDS (asyncpipe_store, '" +
                    Call.getCalledFunction()->getName() +
                    "') needs gfx1250's async stores "
                    "(global_store_async_from_lds), which " +
                    describeGeneration(ST) +
                    " does not have: compile for gfx1250 (-mcpu=gfx1250, "
                    "--offload-arch=gfx1250), or write the LDS data back "
                    "with ordinary stores once a wait and a barrier have "
                    "made it ready");
  } else if (!ID) {
    if (Report)
      reportAsyncError(Call, "an async store of " +
                                 (Size ? Twine(Size->getZExtValue()) + " bytes"
                                       : Twine("a non-constant size")) +
                                 " per lane: gfx1250's async stores from LDS "
                                 "move 1, 4, 8 or 16 bytes per lane");
  } else {
    IRBuilder<> B(&Call);
    // LLVM 22 gives the store a memory operand for its global destination
    // only, so the machine scheduler would move it above the LDS writes that
    // fill its source (ds_store); and the async engine may read the LDS
    // before those writes complete. An s_wait_dscnt 0 (a side effect, which
    // no memory access crosses) keeps them before the store, and done.
    if (!followsDSWait(Call))
      B.CreateIntrinsic(Intrinsic::amdgcn_s_wait_dscnt, {}, {B.getInt16(0)})
          ->setDebugLoc(Call.getDebugLoc());
    CallInst *Store =
        B.CreateIntrinsic(*ID, {},
                          {Call.getArgOperand(0), Call.getArgOperand(1),
                           B.getInt32(0), B.getInt32(0)});
    Store->setDebugLoc(Call.getDebugLoc());
  }
  Call.eraseFromParent();
}

/// Lowers \p Call, first undoing any merge of its immediates: two DMAs the
/// optimizer sank into one call with a phi of their sizes or offsets are
/// lowered as the two DMAs written.
void AsyncIntrinsicLowering::lowerCopy(CallBase &Call) {
  DMAForm Form = getDMAForm(Call.getCalledFunction()->getName());
  for (CallBase *Copy :
       splitMergedImmediates(Call, getImmediateArgNos(Call, Form)))
    lowerCopyWithConstantOperands(*Copy, Form);
}

void AsyncIntrinsicLowering::lowerCopyWithConstantOperands(
    CallBase &Call, const DMAForm &Form) {
  if (lowerCopyToAsyncCnt(Call))
    return;
  if (checkCopyIsSupported(Call, Form)) {
    Function *Native = getNativeDMA(Call, Form);
    SmallVector<Value *, 8> Args(Call.args());
    CallInst *DMA = CallInst::Create(Native, Args, "", Call.getIterator());
    DMA->setDebugLoc(Call.getDebugLoc());
    DMA->copyMetadata(Call);
    DMA->setMetadata(AsyncDMAMetadata, MDNode::get(F.getContext(), {}));
  }
  Call.eraseFromParent();
}

// asyncpipe-lower, which runs first, turns run-time counts into constant
// waits (AMDGPUAsyncTarget asks it to). Should one still get here, the
// strongest wait is correct, and the remark says why it was chosen.
void AsyncIntrinsicLowering::lowerWait(const AsyncOp &Op) {
  CallBase &Call = *Op.getCall();
  std::optional<uint64_t> N = Op.getConstantWaitCount();
  if (!N) {
    ORE.emit([&] {
      return OptimizationRemarkMissed("asyncpipe", "VariableWaitCount", &Call)
             << "wait count is not a compile-time constant: waiting for all "
                "outstanding marks";
    });
    N = 0;
  }
  IRBuilder<> B(&Call);
  std::optional<WaitOnlyOn> Only;
  if (auto *Wait = dyn_cast<CallInst>(&Call))
    Only = getWaitOnlyOn(*Wait);
  // A queue's wait whose queue is not known waits for every queue's marks,
  // which is never weaker.
  std::optional<unsigned> Queue;
  if (Op.hasQueueOperand())
    Queue = Op.getQueue();
  createWaitMarker(B, *N, Only, Queue)->setDebugLoc(Call.getDebugLoc());
  Call.eraseFromParent();
}

class AMDGPULowerAsyncIntrinsics : public FunctionPass {
public:
  static char ID;
  AMDGPULowerAsyncIntrinsics() : FunctionPass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU lower async intrinsics (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
  }
  bool doInitialization(Module &M) override {
    CopyDecls.clear();
    for (Function &Decl : M)
      if (isLDSDMA(Decl.getIntrinsicID()) ||
          needsAsyncCnt(Decl.getIntrinsicID()) ||
          needsTensorCnt(Decl.getIntrinsicID()))
        CopyDecls.push_back(&Decl);
    return false;
  }
  bool runOnFunction(Function &F) override {
    bool MayHaveAsyncOps = moduleMayHaveAsyncOps(*F.getParent());
    if (!MayHaveAsyncOps && CopyDecls.empty())
      return false;
    const TargetPassConfig &TPC = getAnalysis<TargetPassConfig>();
    const TargetMachine &TM = TPC.getTM<TargetMachine>();
    AsyncSubtarget ST(TM.getSubtargetImpl(F)->getCPU());
    bool Changed = false;
    Changed |= rejectUnselectableCopies(F, CopyDecls, ST);
    if (MayHaveAsyncOps) {
      OptimizationRemarkEmitter ORE(&F);
      Changed |= AsyncIntrinsicLowering(F, ST, ORE).run();
    }
    if (ST.hasAsyncCnt() && TM.Options.EnableGlobalISel &&
        TPC.isGlobalISelAbortEnabled())
      Changed |= rejectCopiesForGlobalISel(F);
    return Changed;
  }

private:
  /// The module's LDS DMA, ASYNCcnt and TENSORcnt intrinsics, which some
  /// generations cannot select.
  SmallVector<Function *, 4> CopyDecls;
};
} // namespace

char AMDGPULowerAsyncIntrinsics::ID = 0;

FunctionPass *llvm::createAMDGPULowerAsyncIntrinsicsPass() {
  return new AMDGPULowerAsyncIntrinsics();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPULowerAsyncIntrinsics, "amdgpu-lower-async-intrinsics",
                "AMDGPU lower async intrinsics (AsyncPipe)", false, false)
