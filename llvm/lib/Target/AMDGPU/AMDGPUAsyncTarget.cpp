//===- AMDGPUAsyncTarget.cpp - The async model on AMDGPU LDS DMA ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Copies become llvm.amdgcn.global.load.async.lds, marks and waits the
// upstream llvm.amdgcn.asyncmark / wait.asyncmark; the AMDGPU codegen passes
// of this directory lower those to LDS DMA and s_waitcnt.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace llvm::asyncpipe;

namespace {
constexpr unsigned GlobalAS = 1;
constexpr unsigned LDSAS = 3;

class AMDGPUAsyncTarget final : public AsyncTarget {
public:
  StringRef getName() const override { return "AMDGPU"; }
  unsigned getSharedAddressSpace() const override { return LDSAS; }
  unsigned getGlobalAddressSpace() const override { return GlobalAS; }
  // The counters themselves, which count every copy of the wave.
  std::string describeWaitForAllCopies() const override {
    return "__builtin_amdgcn_s_waitcnt(0) (on gfx1250 "
           "__builtin_amdgcn_s_wait_asynccnt(0))";
  }

  // Every size some generation copies: LDS DMA's 1, 2 and 4 (12 and 16 on
  // gfx950), gfx1250's 1, 4, 8 and 16. The subtarget is a function's
  // attribute: codegen diagnoses a size its generation cannot move.
  bool isLegalCopySize(uint64_t Bytes) const override {
    return Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8 ||
           Bytes == 12 || Bytes == 16;
  }

  bool needsConsecutiveLaneDestinations() const override { return true; }

  // Marks are counted at compile time, so a wait may name any count.
  std::optional<uint64_t> getMaxWaitCount() const override {
    return std::nullopt;
  }

  // LDS DMA writes lane L's data at the wave-uniform LDS base + L * Bytes; the
  // portable per-lane destination contract makes Dst - L * Bytes that base.
  CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                       uint64_t Bytes) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    Value *Lane = createLaneInWave(B);
    Value *LDSDst = B.CreateAddrSpaceCast(Dst, B.getPtrTy(LDSAS));
    Value *GlobalSrc = B.CreateAddrSpaceCast(Src, B.getPtrTy(GlobalAS));
    Value *Base =
        B.CreateGEP(B.getInt8Ty(), LDSDst,
                    B.CreateNeg(B.CreateMul(Lane, B.getInt32(Bytes))));
    FunctionCallee Copy = M.getOrInsertFunction(
        "llvm.amdgcn.global.load.async.lds", B.getVoidTy(),
        B.getPtrTy(GlobalAS), B.getPtrTy(LDSAS), B.getInt32Ty(), B.getInt32Ty(),
        B.getInt32Ty());
    return B.CreateCall(Copy, {GlobalSrc, Base, B.getInt32(Bytes),
                               B.getInt32(0), B.getInt32(0)});
  }

  // gfx1250's global_store_async_from_lds_b8/b32/b64/b128, each lane with
  // its own addresses; codegen (amdgpu-lower-async-intrinsics) makes the
  // store one of them, or reports it on a generation without them.
  bool supportsAsyncStores() const override { return true; }
  bool isLegalStoreSize(uint64_t Bytes) const override {
    return Bytes == 1 || Bytes == 4 || Bytes == 8 || Bytes == 16;
  }
  std::string describeLegalStoreSizes() const override {
    return "1, 4, 8 or 16";
  }
  CallInst *createStore(IRBuilderBase &B, Value *Dst, Value *Src,
                        uint64_t Bytes) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Store = M.getOrInsertFunction(
        "llvm.amdgcn.global.store.async.lds", B.getVoidTy(),
        B.getPtrTy(GlobalAS), B.getPtrTy(LDSAS), B.getInt32Ty());
    return B.CreateCall(Store,
                        {B.CreateAddrSpaceCast(Dst, B.getPtrTy(GlobalAS)),
                         B.CreateAddrSpaceCast(Src, B.getPtrTy(LDSAS)),
                         B.getInt32(Bytes)});
  }

  CallInst *createMark(IRBuilderBase &B) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    return B.CreateCall(
        M.getOrInsertFunction("llvm.amdgcn.asyncmark", B.getVoidTy()));
  }

  CallInst *createWait(IRBuilderBase &B, uint64_t N) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Wait = M.getOrInsertFunction("llvm.amdgcn.wait.asyncmark",
                                                B.getVoidTy(), B.getInt16Ty());
    // The native count is read as signed: clamp to its largest positive
    // value, still more marks than are ever tracked (so the same wait),
    // where 0xffff would read as -1 and reject a valid program.
    return B.CreateCall(Wait, {B.getInt16(std::min<uint64_t>(N, 0x7fff))});
  }

  // amdgpu-lower-async-waits counts a queue's wait on the machine CFG, the
  // one the structurizer makes and the checker reads (AMDGPUAsyncMarkers.h).
  bool countsQueueWaitsInCodegen() const override { return true; }

  // A wait becomes a marker that needs a constant count, so asyncpipe-lower
  // resolves run-time counts in the native form too, with the same per-wait
  // bounds as for any target.
  std::optional<AsyncOpForm> getRewrittenNativeForm() const override {
    return AsyncOpForm::AMDGPU;
  }

  bool isZeroForFirstWorkItem(const Value &V) const override {
    const auto *Call = dyn_cast<IntrinsicInst>(&V);
    if (!Call)
      return false;
    switch (Call->getIntrinsicID()) {
    case Intrinsic::amdgcn_workitem_id_x:
    case Intrinsic::amdgcn_workitem_id_y:
    case Intrinsic::amdgcn_workitem_id_z:
      return true;
    case Intrinsic::amdgcn_mbcnt_lo:
    case Intrinsic::amdgcn_mbcnt_hi: {
      // mbcnt(~0, X) adds the lanes below this one to X: X for lane 0.
      const auto *Mask = dyn_cast<ConstantInt>(Call->getArgOperand(0));
      const Value *Base = Call->getArgOperand(1);
      return Mask && Mask->isAllOnesValue() &&
             (match(Base, m_Zero()) || isZeroForFirstWorkItem(*Base));
    }
    default:
      return false;
    }
  }

  bool isBarrier(const Instruction &I) const override {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    return II && II->getIntrinsicID() == Intrinsic::amdgcn_s_barrier;
  }

  CallInst *createBarrier(IRBuilderBase &B) const override {
    return B.CreateIntrinsic(Intrinsic::amdgcn_s_barrier, ArrayRef<Type *>(),
                             ArrayRef<Value *>());
  }
  bool barrierNeedsWorkGroupFences() const override { return true; }

  // LLVM 22's own gfx1250 operations are intrinsics the model does not
  // know: only the codegen lowering counts them (ASYNCcnt, TENSORcnt).
  std::string describeUnmodeledAsyncOp(const Instruction &I) const override {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      return "";
    StringRef What;
    Intrinsic::ID ID = II->getIntrinsicID();
    if (isTensorDMA(ID))
      What = "tensor DMA";
    else if (isAsyncCntCopy(ID))
      What = "own async copy";
    else
      return "";
    return ("gfx1250's " + What + " '" + II->getCalledFunction()->getName() +
            "'")
        .str();
  }
};
} // namespace

bool asyncpipe::isAsyncCntCopy(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::amdgcn_global_load_async_to_lds_b8:
  case Intrinsic::amdgcn_global_load_async_to_lds_b32:
  case Intrinsic::amdgcn_global_load_async_to_lds_b64:
  case Intrinsic::amdgcn_global_load_async_to_lds_b128:
  case Intrinsic::amdgcn_global_store_async_from_lds_b8:
  case Intrinsic::amdgcn_global_store_async_from_lds_b32:
  case Intrinsic::amdgcn_global_store_async_from_lds_b64:
  case Intrinsic::amdgcn_global_store_async_from_lds_b128:
  case Intrinsic::amdgcn_cluster_load_async_to_lds_b8:
  case Intrinsic::amdgcn_cluster_load_async_to_lds_b32:
  case Intrinsic::amdgcn_cluster_load_async_to_lds_b64:
  case Intrinsic::amdgcn_cluster_load_async_to_lds_b128:
    return true;
  default:
    return false;
  }
}

bool asyncpipe::isTensorDMA(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::amdgcn_tensor_load_to_lds:
  case Intrinsic::amdgcn_tensor_load_to_lds_d2:
  case Intrinsic::amdgcn_tensor_store_from_lds:
  case Intrinsic::amdgcn_tensor_store_from_lds_d2:
    return true;
  default:
    return false;
  }
}

static bool isAllOnes(const Value *V) {
  const auto *C = dyn_cast<ConstantInt>(V);
  return C && C->isMinusOne();
}

/// The lane's index in its wave, mbcnt.hi(-1, mbcnt.lo(-1, 0)), if the pair
/// starts at \p At; null otherwise.
static Instruction *getLaneInWaveAt(BasicBlock::iterator At,
                                    BasicBlock::iterator End) {
  if (At == End)
    return nullptr;
  const auto *Lo = dyn_cast<IntrinsicInst>(&*At);
  if (!Lo || Lo->getIntrinsicID() != Intrinsic::amdgcn_mbcnt_lo ||
      !isAllOnes(Lo->getArgOperand(0)) ||
      !isa<ConstantInt>(Lo->getArgOperand(1)) ||
      !cast<ConstantInt>(Lo->getArgOperand(1))->isZero())
    return nullptr;
  auto Next = std::next(At);
  if (Next == End)
    return nullptr;
  auto *Hi = dyn_cast<IntrinsicInst>(&*Next);
  if (!Hi || Hi->getIntrinsicID() != Intrinsic::amdgcn_mbcnt_hi ||
      !isAllOnes(Hi->getArgOperand(0)) || Hi->getArgOperand(1) != Lo)
    return nullptr;
  return Hi;
}

Value *asyncpipe::createLaneInWave(IRBuilderBase &B) {
  // The lane's index is the same everywhere in a function, so one pair in
  // the entry block serves every copy: a pair per copy leaves codegen's IR
  // passes (StraightLineStrengthReduce above all) hundreds of identical
  // chains to chew on in a large kernel.
  //
  // The pair lives at one place, right after the entry block's allocas
  // (which stay grouped at the top, where codegen makes them static), so
  // that finding it again costs the allocas, not the block: a flat kernel
  // has all its copies in the entry block.
  BasicBlock &Entry = B.GetInsertBlock()->getParent()->getEntryBlock();
  BasicBlock::iterator Here = B.GetInsertPoint();
  bool BuilderInEntry = B.GetInsertBlock() == &Entry;
  BasicBlock::iterator At = Entry.getFirstInsertionPt();
  while (At != Entry.end() && isa<AllocaInst>(*At) &&
         !(BuilderInEntry && At == Here))
    ++At;
  // Where the builder stands among the allocas, the pair goes there.
  if (!(BuilderInEntry && At == Here))
    if (Instruction *Lane = getLaneInWaveAt(At, Entry.end());
        Lane && !(BuilderInEntry && Here == Lane->getIterator()))
      return Lane;
  IRBuilder<> EntryB(&Entry, At);
  // Two statements: the order of the two calls must not depend on the
  // compiler that built the plugin.
  Value *Low =
      EntryB.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {},
                             {EntryB.getInt32(~0u), EntryB.getInt32(0)});
  return EntryB.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {},
                                {EntryB.getInt32(~0u), Low});
}

static std::unique_ptr<AsyncTarget> getAMDGPUAsyncTarget(const Triple &TT) {
  if (!TT.isAMDGCN())
    return nullptr;
  return std::make_unique<AMDGPUAsyncTarget>();
}

void asyncpipe::registerAMDGPUAsyncTarget() {
  AsyncTarget::registerFactory(getAMDGPUAsyncTarget);
}
