//===- HostAsyncTarget.cpp - The async model on the host runtime ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// On the host, copies, marks and waits are calls into the AsyncPipe runtime
// (runtime/include/asyncpipe_rt.h), which completes copies by a policy chosen
// at run time (llvm/docs/AsyncSan.rst). Hardware keeps one counter for a whole
// wave, but the model gives every function activation its own mark sequence;
// the runtime learns about activations from the enter/exit calls placed
// around functions that mark or wait. Copies carry their issue site so that
// AsyncSan can say which copy an access raced with.
//
// Native NVPTX code (llvm.nvvm.cp.async.*) also runs here, so that CUDA-style
// kernels get the same policies and AsyncSan checks as portable code. Those
// forms are written against PTX's per-thread commit-group counter, not the
// activation model: commits and waits become the runtime's __asyncpipe_rt_hw_*
// calls, which keep one queue per thread, and get no activation bounds.
//
//===----------------------------------------------------------------------===//

#include "HostAsync.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/AsyncPipe/HostRuntime.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {
class HostAsyncTarget final : public AsyncTarget {
public:
  StringRef getName() const override { return "host"; }
  unsigned getSharedAddressSpace() const override { return 0; }
  unsigned getGlobalAddressSpace() const override { return 0; }
  bool isLegalCopySize(uint64_t Bytes) const override {
    return Bytes > 0 && Bytes <= 16;
  }
  std::optional<uint64_t> getMaxWaitCount() const override {
    return std::nullopt;
  }
  bool supportsSanitizer() const override { return true; }

  CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                       uint64_t Bytes) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Copy =
        M.getOrInsertFunction(hostrt::CopyName, B.getVoidTy(), B.getPtrTy(),
                              B.getPtrTy(), B.getInt64Ty(), B.getPtrTy());
    Constant *Site = getSites(M).get(B.getCurrentDebugLocation(),
                                     *B.GetInsertBlock()->getParent());
    return noTail(B.CreateCall(Copy, {B.CreatePointerCast(Dst, B.getPtrTy()),
                                      B.CreatePointerCast(Src, B.getPtrTy()),
                                      B.getInt64(Bytes), Site}));
  }

  // The runtime moves a store's bytes like a copy's, when the policy
  // completes it; only AsyncSan's reports tell them apart.
  bool supportsAsyncStores() const override { return true; }
  bool isLegalStoreSize(uint64_t Bytes) const override {
    return isLegalCopySize(Bytes);
  }
  std::string describeLegalStoreSizes() const override { return "1 to 16"; }

  CallInst *createStore(IRBuilderBase &B, Value *Dst, Value *Src,
                        uint64_t Bytes) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Store =
        M.getOrInsertFunction(hostrt::StoreName, B.getVoidTy(), B.getPtrTy(),
                              B.getPtrTy(), B.getInt64Ty(), B.getPtrTy());
    Constant *Site = getSites(M).get(B.getCurrentDebugLocation(),
                                     *B.GetInsertBlock()->getParent());
    return noTail(B.CreateCall(Store, {B.CreatePointerCast(Dst, B.getPtrTy()),
                                       B.CreatePointerCast(Src, B.getPtrTy()),
                                       B.getInt64(Bytes), Site}));
  }

  bool supportsZeroFill() const override { return true; }

  CallInst *createCopyWithPolicy(IRBuilderBase &B, Value *Dst, Value *Src,
                                 uint64_t Bytes, uint32_t Flags,
                                 Value *SourceSize) const override {
    // The host has no cache hierarchy to steer: policy hints do nothing.
    (void)Flags;
    if (!SourceSize)
      return createCopy(B, Dst, Src, Bytes);
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Copy = M.getOrInsertFunction(
        hostrt::CopyZeroFillName, B.getVoidTy(), B.getPtrTy(), B.getPtrTy(),
        B.getInt64Ty(), B.getInt64Ty(), B.getPtrTy());
    Constant *Site = getSites(M).get(B.getCurrentDebugLocation(),
                                     *B.GetInsertBlock()->getParent());
    return noTail(B.CreateCall(
        Copy, {B.CreatePointerCast(Dst, B.getPtrTy()),
               B.CreatePointerCast(Src, B.getPtrTy()), B.getInt64(Bytes),
               B.CreateZExtOrTrunc(SourceSize, B.getInt64Ty()), Site}));
  }

  CallInst *createMark(IRBuilderBase &B) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    return noTail(
        B.CreateCall(M.getOrInsertFunction(hostrt::MarkName, B.getVoidTy())));
  }

  bool queuesShareOneCounter() const override { return false; }
  CallInst *createQueueMark(IRBuilderBase &B, unsigned Queue) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    return noTail(
        B.CreateCall(M.getOrInsertFunction(hostrt::MarkQueueName, B.getVoidTy(),
                                           B.getInt32Ty()),
                     {B.getInt32(Queue)}));
  }
  CallInst *createQueueWait(IRBuilderBase &B, unsigned Queue,
                            Value *N) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Wait = M.getOrInsertFunction(
        hostrt::WaitQueueName, B.getVoidTy(), B.getInt32Ty(), B.getInt64Ty());
    return noTail(B.CreateCall(
        Wait, {B.getInt32(Queue), B.CreateZExtOrTrunc(N, B.getInt64Ty())}));
  }
  CallInst *createWait(IRBuilderBase &B, uint64_t N) const override {
    return noTail(B.CreateCall(getWait(B), {B.getInt64(N)}));
  }

  CallInst *createVariableWait(IRBuilderBase &B, Value *N) const override {
    return noTail(
        B.CreateCall(getWait(B), {B.CreateZExtOrTrunc(N, B.getInt64Ty())}));
  }

  void createActivationBounds(Function &F) const override {
    Module &M = *F.getParent();
    LLVMContext &Ctx = M.getContext();
    Type *VoidTy = Type::getVoidTy(Ctx);
    FunctionCallee Enter = M.getOrInsertFunction(hostrt::EnterName, VoidTy);
    FunctionCallee Exit = M.getOrInsertFunction(hostrt::ExitName, VoidTy,
                                                PointerType::getUnqual(Ctx));
    BasicBlock &Entry = F.getEntryBlock();
    // After the static allocas, which must stay at the top of the entry.
    IRBuilder<> EB(&Entry, Entry.getFirstNonPHIOrDbgOrAlloca());
    noTail(EB.CreateCall(Enter))->setDebugLoc(firstLocationIn(Entry));
    for (BasicBlock &BB : F) {
      auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
      if (!Ret)
        continue;
      // Nothing may come between a musttail call and its return.
      Instruction *InsertPt = Ret;
      if (CallInst *Tail = BB.getTerminatingMustTailCall())
        InsertPt = Tail;
      IRBuilder<> XB(InsertPt);
      noTail(XB.CreateCall(Exit, {getSites(M).get(Ret->getDebugLoc(), F)}))
          ->setDebugLoc(Ret->getDebugLoc());
    }
  }

  bool lowerEmulatedNativeOps(Function &F) const override {
    // The intrinsics only: the runtime calls they become are the NVPTX form
    // too.
    SmallVector<AsyncOp, 16> Ops;
    for (Instruction &I : instructions(F))
      if (AsyncOp Op = AsyncOp::get(I);
          Op && Op.getForm() == AsyncOpForm::NVPTX &&
          Op.getCall()->getCalledFunction()->isIntrinsic())
        Ops.push_back(Op);
    SmallPtrSet<Function *, 8> Callees;
    for (const AsyncOp &Op : Ops) {
      CallBase *Call = Op.getCall();
      IRBuilder<> B(Call);
      B.SetCurrentDebugLocation(Call->getDebugLoc());
      CallInst *New = nullptr;
      if (Op.isCopy()) {
        // The size is part of every cp.async name; the ".s" forms read only
        // their source-size operand's bytes and zero the rest.
        New = createCopyWithPolicy(B, Op.getSharedPointer(),
                                   Op.getGlobalPointer(), *Op.getCopySize(),
                                   /*Flags=*/0, Op.getSourceSizeOperand());
      } else if (Op.isMark()) {
        New = noTail(B.CreateCall(getHardwareCall(B, hostrt::HardwareCommitName,
                                                  /*WithCount=*/false)));
      } else if (Value *N = Op.getWaitCountOperand()) {
        New = noTail(B.CreateCall(
            getHardwareCall(B, hostrt::HardwareWaitName, /*WithCount=*/true),
            {B.CreateZExtOrTrunc(N, B.getInt64Ty())}));
      } else {
        New = noTail(B.CreateCall(getHardwareCall(
            B, hostrt::HardwareWaitAllName, /*WithCount=*/false)));
      }
      New->setDebugLoc(Call->getDebugLoc());
      Callees.insert(Call->getCalledFunction());
      Call->eraseFromParent();
    }
    // No intrinsic of another target is left for the host's code generator.
    for (Function *Callee : Callees)
      if (Callee->use_empty())
        Callee->eraseFromParent();
    return !Ops.empty();
  }

  // The runtime's barrier joins the work-items run as one work-group (a
  // work-group runner provides it; the runtime's own is for one work-item).
  bool isBarrier(const Instruction &I) const override {
    const auto *Call = dyn_cast<CallInst>(&I);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    return Callee && Callee->getName() == hostrt::BarrierName;
  }

  CallInst *createBarrier(IRBuilderBase &B) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    return B.CreateCall(
        M.getOrInsertFunction(hostrt::BarrierName, B.getVoidTy()));
  }

private:
  /// The runtime tells activations apart by the stack depth of its caller,
  /// so its calls must never become tail calls (which would run them from
  /// the caller's caller).
  static CallInst *noTail(CallInst *Call) {
    Call->setTailCallKind(CallInst::TCK_NoTail);
    return Call;
  }

  static FunctionCallee getHardwareCall(IRBuilderBase &B, StringRef Name,
                                        bool WithCount) {
    Module &M = *B.GetInsertBlock()->getModule();
    if (WithCount)
      return M.getOrInsertFunction(Name, B.getVoidTy(), B.getInt64Ty());
    return M.getOrInsertFunction(Name, B.getVoidTy());
  }

  static FunctionCallee getWait(IRBuilderBase &B) {
    Module &M = *B.GetInsertBlock()->getModule();
    return M.getOrInsertFunction(hostrt::WaitName, B.getVoidTy(),
                                 B.getInt64Ty());
  }

  /// A location for the inserted enter call, so that calls in functions with
  /// debug info keep one (the verifier requires it when inlining).
  static DebugLoc firstLocationIn(BasicBlock &BB) {
    for (Instruction &I : BB)
      if (I.getDebugLoc())
        return I.getDebugLoc();
    if (DISubprogram *SP = BB.getParent()->getSubprogram())
      return DILocation::get(SP->getContext(), SP->getScopeLine(), 0, SP);
    return DebugLoc();
  }

  hostrt::SiteTable &getSites(Module &M) const {
    if (!Sites || SitesModule != &M) {
      Sites = std::make_unique<hostrt::SiteTable>(M);
      SitesModule = &M;
    }
    return *Sites;
  }

  // Sites are a cache of constants the target creates while emitting code.
  mutable std::unique_ptr<hostrt::SiteTable> Sites;
  mutable const Module *SitesModule = nullptr;
};
} // namespace

/// The CPUs the runtime is built and tested for; a module with no triple is
/// taken to be for the host.
static std::unique_ptr<AsyncTarget> getHostAsyncTarget(const Triple &TT) {
  if (!(TT.isX86() || TT.isAArch64() || TT.isRISCV() || TT.isPPC64() ||
        TT.getArch() == Triple::UnknownArch))
    return nullptr;
  return std::make_unique<HostAsyncTarget>();
}

void asyncpipe::registerHostAsyncTarget() {
  AsyncTarget::registerFactory(getHostAsyncTarget);
}
