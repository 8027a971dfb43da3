//===- HostAsyncTarget.cpp - The async model on the host runtime ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// On the host, copies, marks and waits are calls into the AsyncPipe runtime,
// which completes copies by a policy chosen at run time (DESIGN.md section 5).
//
//===----------------------------------------------------------------------===//

#include "AsyncTargets.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

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

  CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                       uint64_t Bytes) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Copy =
        M.getOrInsertFunction("__asyncpipe_copy", B.getVoidTy(), B.getPtrTy(),
                              B.getPtrTy(), B.getInt64Ty());
    return B.CreateCall(Copy, {B.CreatePointerCast(Dst, B.getPtrTy()),
                               B.CreatePointerCast(Src, B.getPtrTy()),
                               B.getInt64(Bytes)});
  }

  CallInst *createMark(IRBuilderBase &B) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    return B.CreateCall(
        M.getOrInsertFunction("__asyncpipe_mark", B.getVoidTy()));
  }

  CallInst *createWait(IRBuilderBase &B, uint64_t N) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Wait = M.getOrInsertFunction(
        "__asyncpipe_wait", B.getVoidTy(), B.getInt64Ty());
    return B.CreateCall(Wait, {B.getInt64(N)});
  }

  CallInst *createVariableWait(IRBuilderBase &B, Value *N) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Wait = M.getOrInsertFunction(
        "__asyncpipe_wait", B.getVoidTy(), B.getInt64Ty());
    return B.CreateCall(Wait, {B.CreateZExtOrTrunc(N, B.getInt64Ty())});
  }

  // The runtime's barrier joins the work-items it runs as one work-group.
  bool isBarrier(const Instruction &I) const override {
    const auto *Call = dyn_cast<CallInst>(&I);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    return Callee && Callee->getName() == "__asyncpipe_barrier";
  }

  CallInst *createBarrier(IRBuilderBase &B) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    return B.CreateCall(
        M.getOrInsertFunction("__asyncpipe_barrier", B.getVoidTy()));
  }
};
} // namespace

std::unique_ptr<AsyncTarget> asyncpipe::createHostAsyncTarget() {
  return std::make_unique<HostAsyncTarget>();
}
