//===- AsyncLowerCopies.cpp - Lower portable copies to a target ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The copies of asyncpipe-lower (AsyncLower.cpp): each portable copy becomes
// the target's native copy, with its destination checked, its policy hints
// honoured or reported as ignored, and a zero-fill source size passed on or
// selected among constants.
//
//===----------------------------------------------------------------------===//

#include "AsyncLowerImpl.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::lowering;

#define DEBUG_TYPE "asyncpipe-lower"

void PortableLowering::lowerCopy(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  std::optional<uint64_t> Size = Op.getCopySize();
  std::optional<uint32_t> Flags;
  Value *SourceSize = nullptr;
  // On the GPUs the destination operand is a shared pointer by type; the
  // headers cast the user's generic pointer to it, which hides a pointer to
  // global memory until the optimizer exposes its origin here.
  DestinationOrigin Dst;
  if (Op.getSharedPointer()->getType()->getPointerAddressSpace() == 3)
    Dst = classifyDestination(Op.getSharedPointer());
  if (Dst.K == DestinationOrigin::NotShared) {
    reportAsyncError(*Call, "the destination of an async copy must be shared "
                            "memory, but it points to " +
                                Dst.Reason +
                                ": copy into a __shared__ (CUDA, HIP) or "
                                "local (OpenCL) array");
    Call->eraseFromParent();
    return;
  }
  if (Size && Target->needsConsecutiveLaneDestinations()) {
    LaneTerm Lane = analyzeLaneOffset(Op.getSharedPointer(),
                                      Call->getModule()->getDataLayout());
    std::string Contract = "the copies of a wave land in consecutive "
                           "shared-memory slots (lane i at lane 0's "
                           "destination + i * " +
                           std::to_string(*Size) + " bytes)";
    std::string Fix = "make each lane's destination the next element, e.g. "
                      "dst = tile + lane";
    if (Lane.K == LaneTerm::Affine && Lane.Coef != int64_t(*Size)) {
      reportAsyncError(*Call, "on " + Target->getName() + " " + Contract +
                                  ", but this destination moves by " +
                                  std::to_string(Lane.Coef) +
                                  " bytes from one lane to the next: " + Fix);
      Call->eraseFromParent();
      return;
    }
    if (Lane.K == LaneTerm::NonAffine)
      reportAsyncWarning(*Call, "on " + Target->getName() + " " + Contract +
                                    ", which cannot be proven here: the "
                                    "destination depends on the lane " +
                                    Lane.Why + "; " + Fix);
  }
  if (Dst.K == DestinationOrigin::MaybeNotShared)
    reportAsyncWarning(*Call, "the destination of an async copy may not be "
                              "shared memory: on some paths it points to " +
                                  Dst.Reason +
                                  "; copy into a __shared__ (CUDA, HIP) or "
                                  "local (OpenCL) array");
  if (!Size) {
    reportAsyncError(*Call, "async copy size must be a compile-time constant");
  } else if (!Target->isLegalCopySize(*Size)) {
    reportAsyncError(*Call, Twine("async copy of ") + Twine(*Size) +
                                " bytes is not supported on " +
                                Target->getName());
  } else if ((Flags = getCopyFlags(Op)) &&
             getZeroFillSourceSize(Op, *Size, SourceSize)) {
    uint32_t Honoured = Target->getHonouredCopyFlags(*Size, *Flags);
    remarkIgnoredHints(Op, *Size, *Flags & ~Honoured);
    if (SourceSize && !isa<ConstantInt>(SourceSize) &&
        Target->prefersConstantSourceSize()) {
      lowerZeroFillCopyBySwitch(Op, *Size, Honoured);
      return;
    }
    IRBuilder<> B(Call);
    CallInst *New = Target->createCopyWithPolicy(B, Op.getSharedPointer(),
                                                 Op.getGlobalPointer(), *Size,
                                                 Honoured, SourceSize);
    inheritLocation(*New, *Call);
  }
  Call->eraseFromParent();
}

/// A run-time zero-fill source size as a switch over copies with the
/// constant sizes in its known range (sizes past the copy are undefined, and
/// go to the full copy).
void PortableLowering::lowerZeroFillCopyBySwitch(const AsyncOp &Op,
                                                 uint64_t Bytes,
                                                 uint32_t Flags) {
  CallBase *Call = Op.getCall();
  Value *SourceSize = Op.getSourceSizeOperand();
  PossibleValues Sizes = getPossibleValues(SourceSize, Bytes + 1, Call);
  if (Sizes.AlsoAtLeastLimit && !is_contained(Sizes.Below, Bytes))
    Sizes.Below.push_back(Bytes);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "ZeroFillSourceSize", Call)
           << "zero-fill source size is not a compile-time constant: "
              "selecting among "
           << ore::NV("Cases", Sizes.Below.size())
           << " copies with constant source sizes";
  });
  emitSwitchOnConstants(
      Call, SourceSize, Sizes.Below, "asyncpipe.copy.zfill",
      [&](IRBuilderBase &B, uint64_t Read) {
        Value *ReadSize = Read == Bytes ? nullptr : B.getInt32(Read);
        CallInst *New = Target->createCopyWithPolicy(B, Op.getSharedPointer(),
                                                     Op.getGlobalPointer(),
                                                     Bytes, Flags, ReadSize);
        inheritLocation(*New, *Call);
      },
      SwitchDefault::LastCase);
}

/// The copy's policy hints, or none after reporting flags that are not a
/// constant or not defined.
std::optional<uint32_t> PortableLowering::getCopyFlags(const AsyncOp &Op) {
  Value *Operand = Op.getCopyFlagsOperand();
  if (!Operand)
    return 0;
  auto *Flags = dyn_cast<ConstantInt>(Operand);
  if (!Flags) {
    reportAsyncError(*Op.getCall(),
                     "async copy flags must be a compile-time constant");
    return std::nullopt;
  }
  uint64_t Value = Flags->getZExtValue();
  if (Value & ~uint64_t(KnownCopyFlags)) {
    reportAsyncError(*Op.getCall(), "unknown async copy flags 0x" +
                                        Twine::utohexstr(Value) +
                                        " (defined: bit 0, bypass L1)");
    return std::nullopt;
  }
  return uint32_t(Value);
}

/// Sets \p SourceSize to the number of bytes a zero-filling copy reads, or to
/// null when it reads them all (a plain copy). Returns false after reporting
/// a zero-fill the target lacks or a source larger than the copy.
bool PortableLowering::getZeroFillSourceSize(const AsyncOp &Op, uint64_t Bytes,
                                             Value *&SourceSize) {
  SourceSize = Op.getSourceSizeOperand();
  if (!SourceSize)
    return true;
  if (!Target->supportsZeroFill()) {
    reportAsyncError(*Op.getCall(),
                     Twine("zero-filling async copies are not supported on ") +
                         Target->getName());
    return false;
  }
  auto *Constant = dyn_cast<ConstantInt>(SourceSize);
  if (!Constant)
    return true;
  if (Constant->isNegative() || Constant->getZExtValue() > Bytes) {
    reportAsyncError(*Op.getCall(), "zero-fill source size " +
                                        Twine(Constant->getSExtValue()) +
                                        " is outside the copy's 0.." +
                                        Twine(Bytes) + " bytes");
    return false;
  }
  if (Constant->getZExtValue() == Bytes)
    SourceSize = nullptr;
  return true;
}

void PortableLowering::remarkIgnoredHints(const AsyncOp &Op, uint64_t Bytes,
                                          uint32_t Ignored) {
  if (!(Ignored & BypassL1))
    return;
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "IgnoredCopyHint", Op.getCall())
           << "L1-bypass hint ignored for this " << ore::NV("Bytes", Bytes)
           << "-byte async copy: " << Target->getName()
           << " does not support it at this size";
  });
}
