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
// source of an async copy (or of an async store, whose source is the shared
// staging buffer and whose destination is global memory: the write-back
// hazards), and switches the runtime calls to their checking variants, which
// also warn about copies still pending when a function returns. Every check
// carries its source location, and every copy its issue site, so a report names
// both ends of the race.
//
// On the host every address may be "shared memory" (a copy's destination is
// any buffer), so all accesses are checked except those that cannot race
// with a copy: accesses to stack objects and internal globals whose address
// never escapes (a copy names its buffers by pointer, so such memory can only
// be one by passing its address, which is an escape); loads from stack
// objects and internal globals whose address escapes only as the source of
// copies (a copy only reads its source, and two reads do not race; stores to
// them stay checked, since they may overwrite a pending copy's source); and
// loads from constant globals. An access through a phi or select is skipped
// only if every object it may be based on is. Each check first reads the
// runtime's count of copies in flight inline and calls the runtime only when
// it is not zero.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncSanitize.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/AsyncPipe/HostRuntime.h"
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

/// How a copy may reach an object: what an access to it must be checked for.
enum class CopyReach {
  None,     // No copy can name it: no access races.
  ReadOnly, // Copies may only read it: only stores race.
  Any,      // A copy may write it: every access may race.
};

/// Follows the uses of an object's address: is it captured other than as the
/// source operand of host copies?
struct CopySourceTracker : CaptureTracker {
  bool CapturedElsewhere = false;
  bool CopySource = false;

  void tooManyUses() override { CapturedElsewhere = true; }
  Action captured(const Use *U, UseCaptureInfo) override {
    if (const auto *Call = dyn_cast<CallBase>(U->getUser())) {
      AsyncOp Op = AsyncOp::get(*Call);
      // The runtime reads the source when the copy (or store) completes
      // and keeps the pointer no longer; a pointer that is also the
      // destination is not only read.
      if (Op.isCopy() && Op.getForm() == AsyncOpForm::Host &&
          U->get() == Op.getCopySource() &&
          U->get() != Op.getCopyDestination()) {
        CopySource = true;
        return ContinueIgnoringReturn;
      }
    }
    CapturedElsewhere = true;
    return Stop;
  }

  CopyReach result() const {
    if (CapturedElsewhere)
      return CopyReach::Any;
    return CopySource ? CopyReach::ReadOnly : CopyReach::None;
  }
};

/// How copies may reach \p Object, a stack object or an internal global.
CopyReach classifyUnescaped(const Value *Object) {
  CopySourceTracker Tracker;
  PointerMayBeCaptured(Object, &Tracker);
  return Tracker.result();
}

/// The runtime entry points of one module.
struct SanitizerRuntime {
  explicit SanitizerRuntime(Module &M) : Sites(M) {
    // Before any check is inserted: a check passes the accessed address to
    // the runtime, which would make every checked global look escaping.
    for (GlobalVariable &GV : M.globals())
      if (GV.hasLocalLinkage() && !GV.isConstant())
        if (CopyReach R = classifyUnescaped(&GV); R != CopyReach::Any)
          PrivateGlobals[&GV] = R;
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
  /// Internal globals whose address never escapes, or escapes only as the
  /// source of copies.
  SmallDenseMap<const GlobalVariable *, CopyReach, 8> PrivateGlobals;
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
  CopyReach classify(const Value *Object);
  void instrument(const Access &A);
  unsigned redirectRuntimeCalls();
  void emitRemark(unsigned CheckedRuntimeCalls);

  Function &F;
  SanitizerRuntime &RT;
  OptimizationRemarkEmitter &ORE;
  const DataLayout &DL;
  SmallVector<Access, 32> Accesses;
  DenseMap<const Value *, CopyReach> StackObjects;
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
/// the function (a stack object) or the module (an internal global) cannot be
/// one, and memory whose address leaves only as copies' source is only read
/// by them; constant memory is never written by a copy.
bool FunctionInstrumenter::cannotReachAsyncCopy(const Value *Ptr,
                                                bool IsWrite) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects);
  return all_of(Objects, [&](const Value *Object) {
    CopyReach R = classify(Object);
    return R == CopyReach::None || (R == CopyReach::ReadOnly && !IsWrite);
  });
}

CopyReach FunctionInstrumenter::classify(const Value *Object) {
  if (auto *GV = dyn_cast<GlobalVariable>(Object)) {
    if (GV->isConstant())
      return CopyReach::ReadOnly;
    auto It = RT.PrivateGlobals.find(GV);
    return It == RT.PrivateGlobals.end() ? CopyReach::Any : It->second;
  }
  if (!isa<AllocaInst>(Object))
    return CopyReach::Any;
  auto [It, Inserted] = StackObjects.try_emplace(Object, CopyReach::Any);
  if (Inserted)
    It->second = classifyUnescaped(Object);
  return It->second;
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
    else if (Op.isStore() && Op.getForm() == AsyncOpForm::Host &&
             Name == hostrt::StoreName)
      Checked = hostrt::SanAsyncStoreName;
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
      << " accesses skipped (stack objects and internal globals that do not "
         "escape, loads from those only copies read, constant globals)";
    return R;
  });
}

bool isRuntimeFunction(const Function &F) {
  return F.getName().starts_with("__asyncpipe_");
}

} // namespace

bool AsyncSanitizePass::appliesTo(const Module &M) {
  if (!moduleMayHaveAsyncOps(M))
    return false;
  // GPU code has no host runtime to check against; in an offloading build the
  // flag reaches the device compilation too, which stays untouched.
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(M);
  return Target && Target->supportsSanitizer();
}

PreservedAnalyses AsyncSanitizePass::run(Module &M, ModuleAnalysisManager &AM) {
  if (OnlyWhenRequested && !SanitizeRequested)
    return PreservedAnalyses::all();
  if (!appliesTo(M))
    return PreservedAnalyses::all();
  // asyncpipe-lower has run: the checks see the runtime calls of the copies
  // and their issue sites.
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
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
