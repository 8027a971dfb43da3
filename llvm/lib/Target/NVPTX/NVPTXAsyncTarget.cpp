//===- NVPTXAsyncTarget.cpp - The async model on NVPTX cp.async -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Copies become cp.async, marks cp.async.commit_group, waits
// cp.async.wait_group (sm_80 and PTX 7.0 or newer).
//
//===----------------------------------------------------------------------===//

#include "Transforms/AsyncPipe/AsyncTargets.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {
constexpr unsigned GlobalAS = 1;
constexpr unsigned SharedAS = 3;

class NVPTXAsyncTarget final : public AsyncTarget {
public:
  StringRef getName() const override { return "NVPTX"; }
  unsigned getSharedAddressSpace() const override { return SharedAS; }
  unsigned getGlobalAddressSpace() const override { return GlobalAS; }

  bool isLegalCopySize(uint64_t Bytes) const override {
    return Bytes == 4 || Bytes == 8 || Bytes == 16;
  }

  std::optional<uint64_t> getMaxWaitCount() const override {
    return std::nullopt;
  }

  // .cg (L2 only) exists for 16-byte copies alone; smaller ones use .ca.
  CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                       uint64_t Bytes) const override {
    Intrinsic::ID ID = Bytes == 16  ? Intrinsic::nvvm_cp_async_cg_shared_global_16
                       : Bytes == 8 ? Intrinsic::nvvm_cp_async_ca_shared_global_8
                                    : Intrinsic::nvvm_cp_async_ca_shared_global_4;
    Value *SharedDst = B.CreateAddrSpaceCast(Dst, B.getPtrTy(SharedAS));
    Value *GlobalSrc = B.CreateAddrSpaceCast(Src, B.getPtrTy(GlobalAS));
    return B.CreateIntrinsic(ID, ArrayRef<Type *>(), {SharedDst, GlobalSrc});
  }

  CallInst *createMark(IRBuilderBase &B) const override {
    return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_commit_group,
                             ArrayRef<Type *>(), ArrayRef<Value *>());
  }

  CallInst *createWait(IRBuilderBase &B, uint64_t N) const override {
    if (N == 0)
      return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_wait_all,
                               ArrayRef<Type *>(), ArrayRef<Value *>());
    return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_wait_group,
                             ArrayRef<Type *>(), {B.getInt32(N)});
  }

  // __syncthreads() is barrier.cta.sync.aligned.all(0) in LLVM 22,
  // __nvvm_barrier_sync(id) barrier.cta.sync.all(id).
  bool isBarrier(const Instruction &I) const override {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      return false;
    Intrinsic::ID ID = II->getIntrinsicID();
    return ID == Intrinsic::nvvm_barrier_cta_sync_aligned_all ||
           ID == Intrinsic::nvvm_barrier_cta_sync_all;
  }

  CallInst *createBarrier(IRBuilderBase &B) const override {
    return B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_aligned_all,
                             ArrayRef<Type *>(), {B.getInt32(0)});
  }
};
} // namespace

std::unique_ptr<AsyncTarget> asyncpipe::createNVPTXAsyncTarget() {
  return std::make_unique<NVPTXAsyncTarget>();
}
