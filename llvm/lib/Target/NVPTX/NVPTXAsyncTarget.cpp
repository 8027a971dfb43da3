//===- NVPTXAsyncTarget.cpp - The async model on NVPTX cp.async -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Copies become cp.async, marks cp.async.commit_group, waits
// cp.async.wait_group (sm_80 and PTX 7.0 or newer; NVPTXAsyncSubtargetCheck
// diagnoses older targets). PTX's commit groups are exactly the model's marks,
// so the native intrinsics already in the IR (CUDA's builtins) are the same
// model and asyncpipe-lower rewrites their waits too. Async stores become
// sm_90's bulk copies (cp.async.bulk, PTX 8.0), which complete on bulk
// async-groups: in a module with stores each mark also commits a bulk group
// and each wait also waits on them, so that both counters follow the marks.
//
//===----------------------------------------------------------------------===//

#include "NVPTXAsync.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::asyncpipe;

// A register source-size operand costs ptxas registers (measured in
// bench/nvptx/compare.sh: 16 instead of 11 for zfill_tail), which is why
// CUDA's cuda_pipeline.h dispatches to immediate sizes too.
static cl::opt<bool> ZeroFillSizeInRegister(
    "asyncpipe-nvptx-zfill-in-register",
    cl::desc("Pass a run-time cp.async zero-fill source size in a register "
             "instead of selecting among immediate sizes (smaller code, more "
             "registers)"),
    cl::init(false));

namespace {
constexpr unsigned GlobalAS = 1;
constexpr unsigned SharedAS = 3;

/// The cp.async intrinsic for a copy of \p Bytes bytes: .cg (L2 only) or .ca
/// (L1 and L2), with (".s") or without a zero-fill source size.
Intrinsic::ID getCopyIntrinsic(uint64_t Bytes, bool BypassL1, bool ZeroFill) {
  switch (Bytes) {
  case 4:
    return ZeroFill ? Intrinsic::nvvm_cp_async_ca_shared_global_4_s
                    : Intrinsic::nvvm_cp_async_ca_shared_global_4;
  case 8:
    return ZeroFill ? Intrinsic::nvvm_cp_async_ca_shared_global_8_s
                    : Intrinsic::nvvm_cp_async_ca_shared_global_8;
  default:
    if (BypassL1)
      return ZeroFill ? Intrinsic::nvvm_cp_async_cg_shared_global_16_s
                      : Intrinsic::nvvm_cp_async_cg_shared_global_16;
    return ZeroFill ? Intrinsic::nvvm_cp_async_ca_shared_global_16_s
                    : Intrinsic::nvvm_cp_async_ca_shared_global_16;
  }
}

class NVPTXAsyncTarget final : public AsyncTarget {
public:
  StringRef getName() const override { return "NVPTX"; }
  bool countsWaitsInGroups() const override { return true; }
  bool marksCommitHardwareGroups() const override { return true; }
  unsigned getSharedAddressSpace() const override { return SharedAS; }
  unsigned getGlobalAddressSpace() const override { return GlobalAS; }
  // Hardware semantics: one counter of the thread's commit groups.
  std::string describeWaitForAllCopies() const override {
    return "the hardware spelling __nvvm_cp_async_wait_all() "
           "(cp.async.wait_all)";
  }

  bool isLegalCopySize(uint64_t Bytes) const override {
    return Bytes == 4 || Bytes == 8 || Bytes == 16;
  }

  // PTX puts no limit on the number of outstanding commit groups.
  std::optional<uint64_t> getMaxWaitCount() const override {
    return std::nullopt;
  }

  // wait_group's operand is a 32-bit signed immediate in PTX.
  uint64_t getMaxEncodableWaitCount() const override { return INT32_MAX; }

  // PTX defines .cg for 16-byte copies only.
  uint32_t getHonouredCopyFlags(uint64_t Bytes, uint32_t Flags) const override {
    return Bytes == 16 ? Flags & BypassL1 : 0;
  }

  // sm_90's bulk copy from shared to global memory (cp.async.bulk), one
  // per work-item: 16-byte aligned, a multiple of 16 bytes. It completes on
  // the bulk async-groups, a counter apart from cp.async's commit groups
  // (storesCompleteInGroupsOfTheirOwn). NVPTXAsyncSubtargetCheck reports it
  // below sm_90 or PTX ISA 8.0.
  bool supportsAsyncStores() const override { return true; }
  bool isLegalStoreSize(uint64_t Bytes) const override {
    return Bytes >= 16 && Bytes % 16 == 0 && Bytes <= UINT32_MAX;
  }
  std::string describeLegalStoreSizes() const override {
    return "a multiple of 16";
  }
  // The bulk copy reads shared memory through the async proxy: the
  // work-group's ordinary stores into its source (made visible to this
  // work-item by a barrier, or its own) reach it only across a proxy fence.
  CallInst *createStore(IRBuilderBase &B, Value *Dst, Value *Src,
                        uint64_t Bytes) const override {
    B.CreateIntrinsic(Intrinsic::nvvm_fence_proxy_async_shared_cta,
                      ArrayRef<Type *>(), ArrayRef<Value *>());
    return B.CreateIntrinsic(
        Intrinsic::nvvm_cp_async_bulk_shared_cta_to_global, ArrayRef<Type *>(),
        {B.CreateAddrSpaceCast(Dst, B.getPtrTy(GlobalAS)),
         B.CreateAddrSpaceCast(Src, B.getPtrTy(SharedAS)),
         B.getInt32(uint32_t(Bytes)), B.getInt64(0), B.getFalse()});
  }
  bool storesCompleteInGroupsOfTheirOwn() const override { return true; }
  CallInst *createStoreGroupMark(IRBuilderBase &B) const override {
    return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_bulk_commit_group,
                             ArrayRef<Type *>(), ArrayRef<Value *>());
  }
  // The full wait: the model's wait completes a store, destination written
  // (wait_group.read would only release its source).
  CallInst *createStoreGroupWait(IRBuilderBase &B, uint64_t N) const override {
    return B.CreateIntrinsic(
        Intrinsic::nvvm_cp_async_bulk_wait_group, ArrayRef<Type *>(),
        {B.getInt32(
            uint32_t(std::min<uint64_t>(N, getMaxEncodableWaitCount())))});
  }

  bool supportsZeroFill() const override { return true; }

  bool prefersConstantSourceSize() const override {
    return !ZeroFillSizeInRegister;
  }

  // Every wait is a wait_group instruction the warp executes.
  bool dropsRedundantWaits() const override { return true; }

  std::optional<AsyncOpForm> getRewrittenNativeForm() const override {
    return AsyncOpForm::NVPTX;
  }

  CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                       uint64_t Bytes) const override {
    return createCopyWithPolicy(B, Dst, Src, Bytes, /*Flags=*/0,
                                /*SourceSize=*/nullptr);
  }

  CallInst *createCopyWithPolicy(IRBuilderBase &B, Value *Dst, Value *Src,
                                 uint64_t Bytes, uint32_t Flags,
                                 Value *SourceSize) const override {
    Intrinsic::ID ID =
        getCopyIntrinsic(Bytes, Flags & BypassL1, SourceSize != nullptr);
    SmallVector<Value *, 3> Args = {
        B.CreateAddrSpaceCast(Dst, B.getPtrTy(SharedAS)),
        B.CreateAddrSpaceCast(Src, B.getPtrTy(GlobalAS))};
    if (SourceSize)
      Args.push_back(B.CreateZExtOrTrunc(SourceSize, B.getInt32Ty()));
    return B.CreateIntrinsic(ID, ArrayRef<Type *>(), Args);
  }

  CallInst *createMark(IRBuilderBase &B) const override {
    return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_commit_group,
                             ArrayRef<Type *>(), ArrayRef<Value *>());
  }

  // wait_all is a commit followed by wait_group 0: it waits for the same
  // groups, plus copies not yet committed (stronger, still correct), and
  // needs no operand.
  CallInst *createWait(IRBuilderBase &B, uint64_t N) const override {
    if (N == 0)
      return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_wait_all,
                               ArrayRef<Type *>(), ArrayRef<Value *>());
    return B.CreateIntrinsic(Intrinsic::nvvm_cp_async_wait_group,
                             ArrayRef<Type *>(), {B.getInt32(N)});
  }

  // __syncthreads() is barrier.cta.sync.aligned.all(0) in LLVM 22,
  // __nvvm_barrier_sync(id) barrier.cta.sync.all(id).
  bool isZeroForFirstWorkItem(const Value &V) const override {
    const auto *Call = dyn_cast<IntrinsicInst>(&V);
    if (!Call)
      return false;
    switch (Call->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    case Intrinsic::nvvm_read_ptx_sreg_laneid:
      return true;
    default:
      return false;
    }
  }

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

static std::unique_ptr<AsyncTarget> getNVPTXAsyncTarget(const Triple &TT) {
  if (!TT.isNVPTX())
    return nullptr;
  return std::make_unique<NVPTXAsyncTarget>();
}

void asyncpipe::registerNVPTXAsyncTarget() {
  AsyncTarget::registerFactory(getNVPTXAsyncTarget);
}
