//===- AsyncSanitize.cpp - AsyncSan instrumentation -----------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Without a GPU, the only way to see that a wait count is too weak is to run
// the program on the host runtime and catch the access that relies on it. A
// lazy completion policy makes such a program read stale data, but a wrong
// result says neither where nor why. This pass makes the runtime say it: it
// puts a check before every load and store that may touch the destination or
// source of an async copy, and switches the runtime calls to their checking
// variants, which also warn about copies still pending when a function
// returns. Every check carries its source location, and every copy its issue
// site, so a report names both ends of the race.
//
// On the host every address may be "shared memory" (a copy's destination is
// any buffer), so all accesses are checked except those that cannot reach a
// copy: accesses to stack objects whose address never escapes, and loads from
// constant globals. Each check first reads the runtime's count of copies in
// flight inline and calls the runtime only when it is not zero.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncSanitize.h"
#include "llvm/Transforms/Utils/AsyncPipe/HostRuntime.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-sanitize"

ASYNCPIPE_STATISTIC(NumFunctionsInstrumented,
                    "Number of functions instrumented");
ASYNCPIPE_STATISTIC(NumAccessesChecked, "Number of loads and stores checked");

static cl::opt<bool> SanitizeRequested(
    "asyncpipe-sanitize",
    cl::desc("Instrument host code with AsyncSan in the default pipelines "
             "(clang: -fpass-plugin=AsyncPipe.so -mllvm -asyncpipe-sanitize)"),
    cl::init(false));

namespace {

/// One memory access to check: \p Size bytes at \p Ptr, before \p I.
struct Access {
  Instruction *I;
  Value *Ptr;
  Value *Size;
  bool IsWrite;
};

/// The runtime entry points of one module.
struct SanitizerRuntime {
  explicit SanitizerRuntime(Module &M) : Sites(M) {
    LLVMContext &Ctx = M.getContext();
    Type *VoidTy = Type::getVoidTy(Ctx);
    Type *Ptr = PointerType::getUnqual(Ctx);
    Type *I64 = Type::getInt64Ty(Ctx);
    Load = M.getOrInsertFunction(hostrt::SanLoadName, VoidTy, Ptr, I64, Ptr);
    Store = M.getOrInsertFunction(hostrt::SanStoreName, VoidTy, Ptr, I64, Ptr);
    Pending = M.getOrInsertGlobal(hostrt::SanPendingName, I64);
  }

  void eraseUnusedDeclarations() {
    for (FunctionCallee Callee : {Load, Store})
      if (auto *Decl = dyn_cast<Function>(Callee.getCallee());
          Decl && Decl->use_empty())
        Decl->eraseFromParent();
    if (auto *GV = dyn_cast<GlobalVariable>(Pending); GV && GV->use_empty())
      GV->eraseFromParent();
  }

  FunctionCallee Load, Store;
  Constant *Pending;
  hostrt::SiteTable Sites;
};

class FunctionInstrumenter {
public:
  FunctionInstrumenter(Function &F, SanitizerRuntime &RT,
                       OptimizationRemarkEmitter &ORE)
      : F(F), RT(RT), ORE(ORE), DL(F.getDataLayout()) {}

  bool run();

private:
  void collectAccesses();
  void addAccess(Instruction &I, Value *Ptr, Value *Size, bool IsWrite);
  bool cannotReachAsyncCopy(const Value *Ptr, bool IsWrite);
  void instrument(const Access &A);
  unsigned redirectRuntimeCalls();
  void emitRemark(unsigned CheckedRuntimeCalls);

  Function &F;
  SanitizerRuntime &RT;
  OptimizationRemarkEmitter &ORE;
  const DataLayout &DL;
  SmallVector<Access, 32> Accesses;
  DenseMap<const Value *, bool> EscapingStackObjects;
  unsigned NumLoads = 0, NumStores = 0, NumSkipped = 0;
};

bool FunctionInstrumenter::run() {
  collectAccesses();
  for (const Access &A : Accesses)
    instrument(A);
  unsigned CheckedRuntimeCalls = redirectRuntimeCalls();
  emitRemark(CheckedRuntimeCalls);
  return !Accesses.empty() || CheckedRuntimeCalls;
}

void FunctionInstrumenter::collectAccesses() {
  LLVMContext &Ctx = F.getContext();
  auto FixedSize = [&](Type *Ty) -> Value * {
    TypeSize Bytes = DL.getTypeStoreSize(Ty);
    if (Bytes.isScalable())
      return nullptr;
    return ConstantInt::get(Type::getInt64Ty(Ctx), Bytes.getFixedValue());
  };
  for (Instruction &I : instructions(F)) {
    if (auto *LI = dyn_cast<LoadInst>(&I))
      addAccess(I, LI->getPointerOperand(), FixedSize(LI->getType()), false);
    else if (auto *SI = dyn_cast<StoreInst>(&I))
      addAccess(I, SI->getPointerOperand(),
                FixedSize(SI->getValueOperand()->getType()), true);
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      addAccess(I, RMW->getPointerOperand(),
                FixedSize(RMW->getValOperand()->getType()), true);
    else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
      addAccess(I, CX->getPointerOperand(),
                FixedSize(CX->getNewValOperand()->getType()), true);
    else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
      addAccess(I, MT->getSource(), MT->getLength(), false);
      addAccess(I, MT->getDest(), MT->getLength(), true);
    } else if (auto *MS = dyn_cast<MemSetInst>(&I))
      addAccess(I, MS->getDest(), MS->getLength(), true);
  }
}

void FunctionInstrumenter::addAccess(Instruction &I, Value *Ptr, Value *Size,
                                     bool IsWrite) {
  if (!Size)
    return;
  if (cannotReachAsyncCopy(Ptr, IsWrite)) {
    ++NumSkipped;
    return;
  }
  ++(IsWrite ? NumStores : NumLoads);
  Accesses.push_back({&I, Ptr, Size, IsWrite});
}

/// A copy names its buffers by pointer, so memory whose address never leaves
/// the function cannot be one; constant memory is never written by a copy.
bool FunctionInstrumenter::cannotReachAsyncCopy(const Value *Ptr,
                                                bool IsWrite) {
  const Value *Object = getUnderlyingObject(Ptr);
  if (auto *GV = dyn_cast<GlobalVariable>(Object))
    return !IsWrite && GV->isConstant();
  if (!isa<AllocaInst>(Object))
    return false;
  auto [It, Inserted] = EscapingStackObjects.try_emplace(Object, false);
  if (Inserted)
    It->second = PointerMayBeCaptured(Object, /*ReturnCaptures=*/true);
  return !It->second;
}

/// The check is a call into the runtime, guarded by an inline test of the
/// runtime's count of copies in flight, so code runs at nearly full speed
/// while nothing is pending (always so under the eager policy).
void FunctionInstrumenter::instrument(const Access &A) {
  IRBuilder<> B(A.I);
  LoadInst *InFlight = B.CreateAlignedLoad(B.getInt64Ty(), RT.Pending, Align(8),
                                           "asyncsan.pending");
  InFlight->setAtomic(AtomicOrdering::Monotonic);
  Instruction *Then = SplitBlockAndInsertIfThen(
      B.CreateICmpNE(InFlight, B.getInt64(0)), A.I, /*Unreachable=*/false,
      MDBuilder(F.getContext()).createUnlikelyBranchWeights());
  Then->getParent()->setName("asyncsan.check");
  IRBuilder<> CheckB(Then);
  CheckB.SetCurrentDebugLocation(A.I->getDebugLoc());
  Value *Size = CheckB.CreateZExtOrTrunc(A.Size, CheckB.getInt64Ty());
  Constant *Site = RT.Sites.get(A.I->getDebugLoc(), F);
  CheckB.CreateCall(A.IsWrite ? RT.Store : RT.Load, {A.Ptr, Size, Site});
}

/// Copies and activation exits call the checking entry points, which check
/// the copy's own buffers and warn about copies left pending at exit.
unsigned FunctionInstrumenter::redirectRuntimeCalls() {
  Module &M = *F.getParent();
  unsigned Redirected = 0;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || !Call->getCalledFunction())
      continue;
    StringRef Name = Call->getCalledFunction()->getName();
    StringRef Checked;
    AsyncOp Op = AsyncOp::get(I);
    if (Op.isCopy() && Op.getForm() == AsyncOpForm::Host &&
        Name == hostrt::CopyName)
      Checked = hostrt::SanCopyName;
    else if (Op.isCopy() && Op.getForm() == AsyncOpForm::Host &&
             Name == hostrt::CopyZeroFillName)
      Checked = hostrt::SanCopyZeroFillName;
    else if (Name == hostrt::ExitName)
      Checked = hostrt::SanExitName;
    else
      continue;
    Call->setCalledFunction(
        M.getOrInsertFunction(Checked, Call->getFunctionType()));
    ++Redirected;
  }
  return Redirected;
}

void FunctionInstrumenter::emitRemark(unsigned CheckedRuntimeCalls) {
  if (Accesses.empty() && !NumSkipped && !CheckedRuntimeCalls)
    return;
  ++NumFunctionsInstrumented;
  NumAccessesChecked += NumLoads + NumStores;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncSan: " << F.getName() << ": " << NumLoads
                         << " loads, " << NumStores << " stores checked, "
                         << NumSkipped << " skipped\n");
  ORE.emit([&] {
    OptimizationRemark R(DEBUG_TYPE, "Instrumented", &F);
    R << "AsyncSan checks " << ore::NV("Loads", NumLoads) << " loads, "
      << ore::NV("Stores", NumStores) << " stores and "
      << ore::NV("RuntimeCalls", CheckedRuntimeCalls)
      << " async runtime calls; " << ore::NV("Skipped", NumSkipped)
      << " accesses skipped (stack objects that do not escape, constant "
         "globals)";
    return R;
  });
}

bool isRuntimeFunction(const Function &F) {
  return F.getName().starts_with("__asyncpipe_");
}

} // namespace

PreservedAnalyses AsyncSanitizePass::run(Module &M, ModuleAnalysisManager &AM) {
  if (OnlyWhenRequested && !SanitizeRequested)
    return PreservedAnalyses::all();
  if (!moduleMayHaveAsyncOps(M))
    return PreservedAnalyses::all();
  // GPU code has no host runtime to check against; in an offloading build the
  // flag reaches the device compilation too, which stays untouched.
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(M);
  if (!Target || !Target->supportsSanitizer())
    return PreservedAnalyses::all();
  // Copies still in portable form are lowered first, so that the checks see
  // the runtime calls and their issue sites.
  PreservedAnalyses LowerPA = AsyncLowerPass().run(M, AM);
  bool Changed = !LowerPA.areAllPreserved();
  AM.invalidate(M, LowerPA);

  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SanitizerRuntime RT(M);
  for (Function &F : M) {
    if (F.isDeclaration() || isRuntimeFunction(F) ||
        F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
      continue;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    Changed |= FunctionInstrumenter(F, RT, ORE).run();
  }
  if (!Changed)
    RT.eraseUnusedDeclarations();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
