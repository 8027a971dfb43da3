//===- NVPTXAsyncSubtargetCheck.cpp - cp.async needs sm_80 ----------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// cp.async exists from sm_80 and PTX ISA 7.0. Compiled for an older target,
// the stock NVPTX backend stops with "Cannot select: intrinsic
// %llvm.nvvm.cp.async..." and a crash dump, which tells a CUDA user neither
// where nor what to change. This pass runs first in NVPTX codegen, after
// asyncpipe-lower has turned the portable calls into cp.async, reads the
// function's subtarget and reports the first async operation of each function
// that cannot be compiled (the native intrinsics, their mbarrier arrive
// forms, and cp.async written as inline PTX that the recognizer models), with
// the flags that select a suitable target, and removes the function's async
// operations so that codegen ends normally with the error.
//
// The sm_90 bulk operations async stores become (and the same written as
// intrinsics) need sm_90 and PTX ISA 8.0; below that they are reported the
// same way, with the flags that select such a target.
//
// It also stops what stock codegen compiles but ptxas always rejects, each an
// error at the call: cp.async written as inline PTX for an older target,
// calls to llvm.nvvm.cp.async.* names that are not intrinsics and to AMDGPU's
// async operations (a call to an external function whose name ptxas cannot
// parse), and a constant zero-fill source size larger than the copy (an
// immediate ptxas refuses). Output that can never be assembled is no program
// to keep compiling: the error says at the source line what ptxas would say
// later about a line of PTX.
//
//===----------------------------------------------------------------------===//

#include "NVPTXAsync.h"
#include "NVPTXInlineAsm.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/AsyncPipe/AsyncTagRuntimeCounts.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

constexpr unsigned MinAsyncSM = 80;
constexpr unsigned MinAsyncPTX = 70;
// The bulk copies async stores become, their groups and the proxy fence
// before them.
constexpr unsigned MinBulkSM = 90;
constexpr unsigned MinBulkPTX = 80;

/// What the NVPTX subtarget of a function provides for cp.async.
struct AsyncSubtarget {
  std::string CPU;
  /// The SM number of CPU ("sm_90a" -> 90), or 0 if it has none.
  unsigned SM = 0;
  /// The PTX ISA version set by a "+ptxNN" feature, or 0 when the backend
  /// picks its default, which is always new enough for the SM.
  unsigned ExplicitPTX = 0;

  bool hasAsyncCopies() const {
    return SM >= MinAsyncSM && (!ExplicitPTX || ExplicitPTX >= MinAsyncPTX);
  }
  /// The PTX ISA version the function is compiled for: the one asked for,
  /// or the backend's default, the oldest the SM exists in (sm_90 7.8,
  /// sm_90a 8.0, sm_100 8.6).
  unsigned getPTXVersion() const {
    if (ExplicitPTX)
      return ExplicitPTX;
    if (SM >= 100)
      return 86;
    if (SM >= 90)
      return StringRef(CPU).ends_with("a") ? 80 : 78;
    return 0;
  }
  bool hasBulkAsync() const {
    return SM >= MinBulkSM && getPTXVersion() >= MinBulkPTX;
  }
};

unsigned parseSMNumber(StringRef CPU) {
  unsigned SM = 0;
  if (CPU.consume_front("sm_"))
    CPU.consumeInteger(10, SM);
  return SM;
}

AsyncSubtarget getAsyncSubtarget(const TargetMachine &TM, const Function &F) {
  const TargetSubtargetInfo *STI = TM.getSubtargetImpl(F);
  AsyncSubtarget Sub;
  // An empty CPU is the backend's default, sm_30.
  Sub.CPU = STI->getCPU().empty() ? "sm_30" : STI->getCPU().str();
  Sub.SM = parseSMNumber(Sub.CPU);
  for (const SubtargetFeatureKV &Feature : STI->getAllProcessorFeatures()) {
    StringRef Key = Feature.Key;
    unsigned Version = 0;
    if (Key.consume_front("ptx") && !Key.getAsInteger(10, Version) &&
        STI->getFeatureBits()[Feature.Value])
      Sub.ExplicitPTX = std::max(Sub.ExplicitPTX, Version);
  }
  return Sub;
}

/// "7.0" for 70.
std::string formatPTXVersion(unsigned Version) {
  return std::to_string(Version / 10) + "." + std::to_string(Version % 10);
}

/// The flags that select a target, for llc and for the clang driver of the
/// module's source language: --cuda-gpu-arch and --cuda-feature exist only
/// for CUDA; OpenCL C compiled for nvptx64 takes -march.
std::string describeMissingRequirements(const AsyncSubtarget &Sub,
                                        bool IsOpenCL) {
  std::string Msg = "async copies (cp.async) need sm_80 and PTX ISA 7.0 or "
                    "newer, but this function is compiled for " +
                    Sub.CPU;
  if (Sub.ExplicitPTX)
    Msg += " with PTX ISA " + formatPTXVersion(Sub.ExplicitPTX);
  Msg += ": use";
  if (Sub.SM < MinAsyncSM)
    Msg += IsOpenCL ? " -mcpu=sm_80 (llc) or -march=sm_80 (clang)"
                    : " -mcpu=sm_80 (llc) or --cuda-gpu-arch=sm_80 (clang)";
  if (Sub.SM < MinAsyncSM && Sub.ExplicitPTX && Sub.ExplicitPTX < MinAsyncPTX)
    Msg += ", and";
  if (Sub.ExplicitPTX && Sub.ExplicitPTX < MinAsyncPTX)
    Msg += IsOpenCL ? " -mattr=+ptx70 (llc) or -Xclang -target-feature "
                      "-Xclang +ptx70 (clang)"
                    : " -mattr=+ptx70 (llc) or --cuda-feature=+ptx70 (clang)";
  return Msg;
}

/// The flags that select a target with sm_90's bulk copies.
std::string describeMissingBulkRequirements(const AsyncSubtarget &Sub,
                                            bool IsOpenCL) {
  std::string Msg = "async stores (cp.async.bulk) need sm_90 and PTX ISA 8.0 "
                    "or newer, but this function is compiled for " +
                    Sub.CPU;
  if (Sub.SM >= MinBulkSM)
    return Msg + " with PTX ISA " + formatPTXVersion(Sub.getPTXVersion()) +
           (IsOpenCL ? ": use -mattr=+ptx80 (llc) or -Xclang -target-feature "
                       "-Xclang +ptx80 (clang), or sm_90a"
                     : ": use -mattr=+ptx80 (llc) or --cuda-feature=+ptx80 "
                       "(clang), or sm_90a");
  return Msg + (IsOpenCL ? ": use -mcpu=sm_90a (llc) or -march=sm_90a (clang)"
                         : ": use -mcpu=sm_90a (llc) or --cuda-gpu-arch=sm_90a "
                           "(clang)");
}

/// How to write a source size a copy of \p Bytes bytes can take.
std::string describeSourceSizeFix(uint64_t Bytes) {
  return "use a source size from 0 (all zeros) to " + std::to_string(Bytes) +
         " (the whole copy)";
}

class NVPTXAsyncSubtargetCheck : public FunctionPass {
public:
  static char ID;
  NVPTXAsyncSubtargetCheck() : FunctionPass(ID) {}

  StringRef getPassName() const override {
    return "AsyncPipe NVPTX cp.async subtarget check";
  }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
  }

  bool runOnFunction(Function &F) override;
};

/// True for llvm.nvvm.cp.async.mbarrier.arrive{.noinc}{.shared}: not an
/// AsyncOp (it arms an mbarrier, not the group counter), but a cp.async
/// instruction of sm_80 and PTX ISA 7.0 that stock codegen cannot select on
/// older targets either.
bool isCpAsyncMbarrierArrive(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->isIntrinsic() &&
         Callee->getName().starts_with("llvm.nvvm.cp.async.mbarrier.arrive");
}

/// The calls that need cp.async: the native intrinsics, the mbarrier arrive
/// forms, and cp.async statements written as inline PTX that the recognizer
/// models (all of them sm_80 and PTX ISA 7.0 instructions, which ptxas
/// would reject for an older target; inline PTX it does not model, such as
/// the sm_90 bulk forms, is left to ptxas).
SmallVector<CallBase *, 8> collectNVPTXAsyncOps(Function &F) {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (Op && (Op.getForm() == AsyncOpForm::NVPTX ||
               Op.getForm() == AsyncOpForm::NVPTXInlineAsm))
      Calls.push_back(Op.getCall());
    else if (isCpAsyncMbarrierArrive(I))
      Calls.push_back(cast<CallBase>(&I));
  }
  return Calls;
}

void eraseCalls(ArrayRef<CallBase *> Calls) {
  for (CallBase *Call : Calls) {
    // Inline PTX may have outputs; nothing reads them once this fails.
    if (!Call->use_empty())
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
    Call->eraseFromParent();
  }
}

/// The sm_90 bulk operations (native, or what asyncpipe-lower made of
/// async stores): stock codegen cannot select them for an older target.
SmallVector<CallBase *, 8> collectBulkAsyncOps(Function &F) {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && Callee->isIntrinsic() &&
          (Callee->getName().starts_with("llvm.nvvm.cp.async.bulk.") ||
           Callee->getName().starts_with("llvm.nvvm.fence.proxy.async")))
        Calls.push_back(Call);
  return Calls;
}

/// Reports the first bulk operation of \p F if its subtarget has none, and
/// removes them all.
bool removeBulkAsyncOpsWithoutSubtarget(Function &F,
                                        const AsyncSubtarget &Sub) {
  SmallVector<CallBase *, 8> Calls = collectBulkAsyncOps(F);
  if (Calls.empty() || Sub.hasBulkAsync())
    return false;
  // At the store, the reason for the others (the marks' and waits' bulk
  // groups, the proxy fence).
  auto IsCopy = [](const CallBase *Call) {
    StringRef Name = Call->getCalledFunction()->getName();
    return Name.starts_with("llvm.nvvm.cp.async.bulk.") &&
           !Name.contains(".commit.") && !Name.contains(".wait.");
  };
  const auto *Copy = find_if(Calls, IsCopy);
  bool IsOpenCL = F.getParent()->getNamedMetadata("opencl.ocl.version");
  reportAsyncError(Copy != Calls.end() ? **Copy : *Calls.front(),
                   describeMissingBulkRequirements(Sub, IsOpenCL));
  eraseCalls(Calls);
  return true;
}

/// Reports and removes the calls to functions named like cp.async intrinsics
/// that LLVM does not know ("llvm.nvvm.cp.async.ca.shared.global.12"): the
/// IR verifier accepts them as declarations, and stock codegen emits a call
/// to an external function whose name ptxas cannot parse.
bool removeUnknownCpAsyncIntrinsics(Function &F) {
  SmallVector<CallBase *, 4> Unknown;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && Callee->getIntrinsicID() == Intrinsic::not_intrinsic &&
          Callee->getName().starts_with("llvm.nvvm.cp.async."))
        Unknown.push_back(Call);
  for (CallBase *Call : Unknown)
    reportAsyncError(
        *Call,
        "'" + Call->getCalledFunction()->getName() +
            "' is not an intrinsic this LLVM knows, and ptxas would reject "
            "the call: the cp.async copies are "
            "llvm.nvvm.cp.async.ca.shared.global.{4,8,16}{,.s} and "
            "llvm.nvvm.cp.async.cg.shared.global.16{,.s}, the group "
            "operations llvm.nvvm.cp.async.commit.group, wait.group(i32 N) "
            "and wait.all");
  eraseCalls(Unknown);
  return !Unknown.empty();
}

/// Reports and removes AMDGPU's async operations (IR written for that
/// target): NVPTX codegen emits each as a call to an external function whose
/// name ptxas cannot parse.
bool removeAMDGPUAsyncOps(Function &F) {
  SmallVector<CallBase *, 4> Foreign;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction();
          Callee && Callee->getName().starts_with("llvm.amdgcn.") &&
          isUnknownAsyncName(Callee->getName()))
        Foreign.push_back(Call);
  for (CallBase *Call : Foreign)
    reportAsyncError(*Call, "'" + Call->getCalledFunction()->getName() +
                                "' is an AMDGPU async operation, which NVPTX "
                                "does not have (ptxas would reject the "
                                "call): use asyncpipe_copy(), "
                                "asyncpipe_commit() and asyncpipe_wait() "
                                "(<asyncpipe/asyncpipe.h>), which become "
                                "cp.async here");
  eraseCalls(Foreign);
  return !Foreign.empty();
}

/// The constant \p V becomes once instruction selection folds the constant
/// operations that compute it (select on a constant condition, arithmetic on
/// constants, or bits known without the rest), or null; selection writes
/// such a value as cp.async's immediate source size.
const ConstantInt *getFoldedConstant(const Value *V, const DataLayout &DL,
                                     unsigned Depth = 0) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C;
  auto *I = dyn_cast<Instruction>(V);
  // Deep enough for what unoptimized IR computes from constants.
  if (!I || Depth > 6 || !V->getType()->isIntegerTy())
    return nullptr;
  SmallVector<Constant *, 4> Ops;
  if (!isa<PHINode, CallBase>(I) && !I->mayReadOrWriteMemory())
    for (const Value *Op : I->operands()) {
      if (isa<Constant>(Op) && !isa<ConstantExpr>(Op)) {
        Ops.push_back(const_cast<Constant *>(cast<Constant>(Op)));
        continue;
      }
      const ConstantInt *C = getFoldedConstant(Op, DL, Depth + 1);
      if (!C)
        break;
      Ops.push_back(const_cast<ConstantInt *>(C));
    }
  if (Ops.size() == I->getNumOperands())
    if (auto *C = dyn_cast_or_null<ConstantInt>(
            ConstantFoldInstOperands(const_cast<Instruction *>(I), Ops, DL)))
      return C;
  KnownBits Known = computeKnownBits(V, DL);
  return Known.isConstant()
             ? ConstantInt::get(V->getContext(), Known.getConstant())
             : nullptr;
}

/// Reports and removes the cp.async intrinsics (and statements written as
/// inline PTX) whose source size is, or folds to, a constant outside
/// 0..cp-size: PTX leaves such a copy undefined, and ptxas rejects the
/// immediate. (A size known only at run time stays in a register, where PTX
/// only leaves the larger values undefined.) A size the source computed at
/// run time and optimization folded on this path is undefined only if the
/// path runs: it becomes the copy's size, as the portable lowering reads
/// such sizes.
bool fixOutOfRangeSourceSizes(Function &F) {
  SmallVector<CallBase *, 4> Bad;
  bool Changed = false;
  std::optional<OptimizationRemarkEmitter> ORE;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op.isCopy() || Op.getForm() != AsyncOpForm::NVPTX ||
        !Op.getSourceSizeOperand())
      continue;
    const ConstantInt *Size =
        getFoldedConstant(Op.getSourceSizeOperand(), F.getDataLayout());
    std::optional<uint64_t> Bytes = Op.getCopySize();
    if (!Size || !Bytes ||
        (!Size->isNegative() && Size->getZExtValue() <= *Bytes))
      continue;
    CallBase &Call = *Op.getCall();
    if (hadRuntimeCount(Call)) {
      if (!ORE)
        ORE.emplace(&F);
      // The name the portable lowering's remark has, for one filter.
      ORE->emit([&] {
        return OptimizationRemarkMissed("asyncpipe-lower", "SourceSizePastCopy",
                                        &Call)
               << "zero-fill source size computed at run time is "
               << ore::NV("SourceSize", Size->getSExtValue())
               << " on this path, outside the copy's "
               << ore::NV("Bytes", *Bytes)
               << " bytes (undefined): copying all of them here";
      });
      // Each .s intrinsic takes the source size last.
      unsigned SizeArg = Call.arg_size() - 1;
      Call.setArgOperand(
          SizeArg,
          ConstantInt::get(Call.getArgOperand(SizeArg)->getType(), *Bytes));
      Changed = true;
      continue;
    }
    reportAsyncError(Call, "zero-fill source size " +
                               Twine(Size->getSExtValue()) +
                               " is outside the copy's 0.." + Twine(*Bytes) +
                               " bytes: " + describeSourceSizeFix(*Bytes));
    Bad.push_back(&Call);
  }
  // cp.async written as inline PTX with a constant source size past the
  // copy: the recognizer leaves it opaque, and ptxas rejects it.
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || !Call->isInlineAsm())
      continue;
    NVPTXInlineAsmAsyncOp P = parseNVPTXInlineAsmAsyncOp(*Call);
    if (!P.SourceSizePastCopy)
      continue;
    reportAsyncError(
        *Call, "zero-fill source size " + Twine(*P.SourceSizePastCopy) +
                   " is outside the copy's 0.." + Twine(unsigned(P.Bytes)) +
                   " bytes: " + describeSourceSizeFix(P.Bytes));
    Bad.push_back(Call);
  }
  eraseCalls(Bad);
  return Changed || !Bad.empty();
}

bool NVPTXAsyncSubtargetCheck::runOnFunction(Function &F) {
  if (!moduleMayHaveAsyncOps(*F.getParent()) &&
      !F.getMetadata(RemovedHardwareOpMD))
    return false;
  bool Changed = removeUnknownCpAsyncIntrinsics(F);
  Changed |= removeAMDGPUAsyncOps(F);
  Changed |= fixOutOfRangeSourceSizes(F);
  auto *PassConfig = getAnalysisIfAvailable<TargetPassConfig>();
  if (!PassConfig)
    return Changed;
  AsyncSubtarget Sub = getAsyncSubtarget(PassConfig->getTM<TargetMachine>(), F);
  Changed |= removeBulkAsyncOpsWithoutSubtarget(F, Sub);
  SmallVector<CallBase *, 8> Calls = collectNVPTXAsyncOps(F);
  // A native wait an AsyncPipe pass proved redundant and removed (in opt, or
  // in asyncpipe-lower just before) was still written for cp.async: the
  // program needs sm_80 all the same, at every -O level.
  auto *Removed = cast_or_null<MDTuple>(F.getMetadata(RemovedHardwareOpMD));
  if (Calls.empty() && !Removed)
    return Changed;
  if (Sub.hasAsyncCopies())
    return Changed;
  bool IsOpenCL = F.getParent()->getNamedMetadata("opencl.ocl.version");
  std::string Msg = describeMissingRequirements(Sub, IsOpenCL);
  if (!Calls.empty()) {
    reportAsyncError(*Calls.front(), Msg);
  } else {
    DebugLoc Loc;
    if (Removed->getNumOperands() == 3) {
      auto *Line = mdconst::dyn_extract<ConstantInt>(Removed->getOperand(0));
      auto *Col = mdconst::dyn_extract<ConstantInt>(Removed->getOperand(1));
      auto *Scope = dyn_cast<DILocalScope>(Removed->getOperand(2));
      if (Line && Col && Scope)
        Loc = DILocation::get(F.getContext(), Line->getZExtValue(),
                              Col->getZExtValue(), Scope);
    }
    F.getContext().diagnose(DiagnosticInfoUnsupported(
        F,
        Msg + " (for the cp.async wait here, which AsyncPipe removed as "
              "redundant)",
        DiagnosticLocation(Loc), DS_Error));
  }
  eraseCalls(Calls);
  return true;
}

} // namespace

char NVPTXAsyncSubtargetCheck::ID = 0;

FunctionPass *llvm::createNVPTXAsyncSubtargetCheckLegacyPass() {
  return new NVPTXAsyncSubtargetCheck();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(NVPTXAsyncSubtargetCheck, "nvptx-async-subtarget-check",
                "AsyncPipe NVPTX cp.async subtarget check", false, false)
