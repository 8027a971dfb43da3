//===- AsyncLower.cpp - Lower portable async calls to a target ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The portable headers emit one spelling for every target so that the
// middle-end passes and the user's source need no target switches. This pass
// is where that spelling meets the hardware: each call is replaced by what the
// module's AsyncTarget emits. Anything the target cannot express is reported
// at the call's location and removed, never passed on as an external call.
//
// What a copy's destination is (AsyncCopyDestination.cpp) and run-time
// operands turned into switches over constants (AsyncConstantSwitch.cpp) are
// in files of their own (AsyncLowerImpl.h). The copies and waits stay here,
// a little over AsyncPipe's ~500-line guideline: they share one per-function
// state (the mark bounds taken before anything is rewritten).
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "AsyncLowerImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncLoopCounters.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/AsyncPipe/AsyncCheckAddressTaken.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include "llvm/Transforms/AsyncPipe/AsyncTagRuntimeCounts.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncImmediateOperands.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::lowering;

#define DEBUG_TYPE "asyncpipe-lower"

ASYNCPIPE_STATISTIC(NumRedundantWaitsRemoved,
                    "Number of waits removed as redundant");

namespace {

/// Gives \p New, which replaces \p Old, its source location: the debug
/// location, and clang's !srcloc, the location of the user's call, which
/// places later diagnostics (e.g. a target without async copies) at that
/// call when compiling without -g.
void inheritLocation(Instruction &New, const Instruction &Old) {
  New.setDebugLoc(Old.getDebugLoc());
  if (MDNode *SrcLoc = Old.getMetadata("srcloc"))
    New.setMetadata("srcloc", SrcLoc);
  // A wait of some counters only stays one as it is rewritten.
  if (MDNode *Counters = Old.getMetadata(WaitCountersMD))
    New.setMetadata(WaitCountersMD, Counters);
}

/// For every wait, the upper bound (AsyncMarkAnalysis) on the marks that can
/// be outstanding when it runs, in the sequence the wait counts, taken before
/// anything is rewritten: a lowered portable mark becomes a native commit,
/// which the analysis counts in another sequence.
class OutstandingMarkBounds {
public:
  OutstandingMarkBounds(Function &F, ArrayRef<AsyncOp> Ops) {
    AsyncMarkCounts Counts(F);
    for (const AsyncOp &Op : Ops) {
      if (!Op.isWait())
        continue;
      MarkBounds B = Counts.before(*Op.getCall(), Op.getSemantics());
      if (B.isBounded())
        AtWait[Op.getCall()] = B.Max;
      std::string Why;
      if (Counts.isRedundantWait(Op, &Why))
        RedundantWhy[Op.getCall()] = Why;
    }
  }

  /// The bound at \p Wait, or none if it is unbounded or unknown.
  std::optional<uint64_t> at(const CallBase *Wait) const {
    auto It = AtWait.find(Wait);
    if (It == AtWait.end())
      return std::nullopt;
    return It->second;
  }
  /// The rule that makes \p Wait redundant, or none.
  std::optional<std::string> redundantBecause(const CallBase *Wait) const {
    auto It = RedundantWhy.find(Wait);
    if (It == RedundantWhy.end())
      return std::nullopt;
    return It->second;
  }

private:
  DenseMap<const CallBase *, uint64_t> AtWait;
  DenseMap<const CallBase *, std::string> RedundantWhy;
};

/// How a module's portable marks and waits cover its async stores where the
/// target completes them on groups of their own
/// (AsyncTarget::storesCompleteInGroupsOfTheirOwn). Only the portable marks
/// commit store groups, so the store groups follow the portable marks, which
/// are what a portable wait counts; a native wait keeps its hardware meaning
/// and waits for no store group.
enum class StoreGroups {
  /// No such groups: the marks and waits as the target spells them.
  None,
  /// Every portable mark also commits a store group and every portable wait
  /// for N marks also waits for N store groups.
  FollowMarks,
  /// The module issues async stores and no copy: the portable marks and
  /// waits are the store groups' alone.
  StoresOnly,
};

/// How \p M's marks and waits must cover its async stores on \p Target.
/// Decided for the whole module before anything is lowered: a mark in a
/// helper commits for the stores of its callers.
StoreGroups getStoreGroups(const Module &M, const AsyncTarget *Target) {
  if (!Target || !Target->storesCompleteInGroupsOfTheirOwn())
    return StoreGroups::None;
  bool HasStores = false;
  bool HasCopies = false;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      AsyncOp Op = AsyncOp::get(I);
      HasStores |= Op.isStore();
      HasCopies |= Op.isCopy() && !Op.isStore();
    }
  if (!HasStores)
    return StoreGroups::None;
  return HasCopies ? StoreGroups::FollowMarks : StoreGroups::StoresOnly;
}

class PortableLowering {
public:
  PortableLowering(Function &F, const AsyncTarget *Target,
                   OptimizationRemarkEmitter &ORE, StoreGroups Stores)
      : F(F), Target(Target), ORE(ORE), Stores(Stores) {}

  bool run();

private:
  SmallVector<AsyncOp, 16>
  collectOps(SmallVectorImpl<CallBase *> *Malformed = nullptr) const;
  void lowerCopy(const AsyncOp &Op);
  void lowerCopyWithConstantOperands(const AsyncOp &Op);
  void lowerStore(const AsyncOp &Op);
  void lowerStoreWithConstantSize(const AsyncOp &Op);
  std::optional<uint32_t> getCopyFlags(const AsyncOp &Op);
  bool getZeroFillSourceSize(const AsyncOp &Op, uint64_t Bytes,
                             Value *&SourceSize);
  void remarkIgnoredHints(const AsyncOp &Op, uint64_t Bytes, uint32_t Ignored);
  void lowerZeroFillCopyBySwitch(const AsyncOp &Op, uint64_t Bytes,
                                 uint32_t Flags);
  void lowerMark(const AsyncOp &Op);
  void lowerWait(const AsyncOp &Op);
  bool isValidConstantCount(const AsyncOp &Op, const ConstantInt &N);
  void lowerFoldedNegativeCount(const AsyncOp &Op, const ConstantInt &N);
  void lowerConstantWait(const AsyncOp &Op, uint64_t N);
  bool isRedundantWait(const AsyncOp &Op, uint64_t N);
  void lowerVariableWait(const AsyncOp &Op);
  void emitWaitSwitch(const AsyncOp &Op, const PossibleValues &Counts,
                      std::optional<uint64_t> Bound);
  void replaceWait(const AsyncOp &Op, uint64_t N);
  bool checkQueues(SmallVectorImpl<AsyncOp> &Ops);
  bool removeUnloweredFutures(ArrayRef<AsyncOp> Ops);
  void lowerQueuedMark(const AsyncOp &Op);
  /// What the one mark analysis says of a wait in a function that uses
  /// queues. It is asked before any call is rewritten: the analysis indexes
  /// the marks and waits lowering erases, and the blocks splitting a merged
  /// copy cuts.
  struct QueuedWaitFacts {
    bool Redundant = false;
    std::string WhyRedundant;
    /// The marks of all queues since the queue's mark the wait needs
    /// complete (AsyncMarkCounts::marksSinceQueueMark).
    std::optional<uint64_t> Since;
  };
  DenseMap<const CallBase *, QueuedWaitFacts>
  analyzeQueuedWaits(ArrayRef<AsyncOp> Ops);
  void lowerQueuedWait(const AsyncOp &Op, const QueuedWaitFacts &Facts);
  void keepQueueWaitForCodegen(const AsyncOp &Op, unsigned Queue,
                               const ConstantInt &N);
  /// Upper bound of the range of constant waits a run-time count selects
  /// among when the target needs constants and the marks are unbounded.
  static constexpr uint64_t UnboundedWaitCases = 8;
  /// With more marks than this outstanding, a run-time count selects among
  /// UnboundedWaitCases waits, not one per possible count.
  static constexpr uint64_t MaxWaitSwitchCases = 32;

  /// The target's mark and wait, with the store groups' where Stores asks
  /// (those at \p From's location; the caller gives the one returned its
  /// location).
  CallInst *emitMark(IRBuilderBase &B, const Instruction &From) const;
  CallInst *emitWait(IRBuilderBase &B, uint64_t N,
                     const Instruction &From) const;

  Function &F;
  const AsyncTarget *Target;
  OptimizationRemarkEmitter &ORE;
  StoreGroups Stores;
  std::optional<OutstandingMarkBounds> MarkBounds;
};

CallInst *PortableLowering::emitMark(IRBuilderBase &B,
                                     const Instruction &From) const {
  if (Stores == StoreGroups::StoresOnly)
    return Target->createStoreGroupMark(B);
  CallInst *Mark = Target->createMark(B);
  if (Stores != StoreGroups::None)
    inheritLocation(*Target->createStoreGroupMark(B), From);
  return Mark;
}

CallInst *PortableLowering::emitWait(IRBuilderBase &B, uint64_t N,
                                     const Instruction &From) const {
  if (Stores == StoreGroups::None ||
      AsyncOp::get(From).getForm() != AsyncOpForm::Portable)
    return Target->createWait(B, N);
  if (Stores == StoreGroups::StoresOnly)
    return Target->createStoreGroupWait(B, N);
  CallInst *Wait = Target->createWait(B, N);
  inheritLocation(*Target->createStoreGroupWait(B, N), From);
  return Wait;
}

/// The portable calls, and the waits in the target's native form when the
/// target wants them rewritten too (each target's own intrinsics are the same
/// model, so a run-time count in them needs the same treatment); the
/// malformed async calls into \p Malformed, if given, from the same walk.
SmallVector<AsyncOp, 16>
PortableLowering::collectOps(SmallVectorImpl<CallBase *> *Malformed) const {
  std::optional<AsyncOpForm> NativeForm;
  if (Target)
    NativeForm = Target->getRewrittenNativeForm();
  SmallVector<AsyncOp, 16> Ops;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op) {
      if (auto *Call = dyn_cast<CallBase>(&I);
          Malformed && Call && isMalformedAsyncCall(*Call))
        Malformed->push_back(Call);
      continue;
    }
    if (Op.getForm() == AsyncOpForm::Portable ||
        (Op.isWait() && Op.getForm() == NativeForm))
      Ops.push_back(Op);
  }
  return Ops;
}

bool PortableLowering::run() {
  // One walk finds both the calls to lower and the malformed ones (on large
  // functions each walk over the code costs more than the rest).
  SmallVector<CallBase *, 4> Malformed;
  SmallVector<AsyncOp, 16> Ops = collectOps(&Malformed);
  bool Changed = removeMalformedAsyncCalls(Malformed);
  // Queue ids first: a merged one is split again, a bad one reported.
  if (Target &&
      any_of(Ops, [](const AsyncOp &Op) { return Op.hasQueueOperand(); })) {
    Changed |= checkQueues(Ops);
    Ops = collectOps();
  }
  // asyncpipe-lower-futures has turned the waits on futures into counting
  // waits (PassRegistry.def schedules it first); whatever futures are left
  // go, with an error.
  if (removeUnloweredFutures(Ops)) {
    Changed = true;
    Ops = collectOps();
  }
  if (Ops.empty())
    return Changed;
  if (!Target) {
    for (const AsyncOp &Op : Ops) {
      reportAsyncError(*Op.getCall(),
                       Twine("'") + Op.getName() +
                           "' is not supported on target '" +
                           F.getParent()->getTargetTriple().str() + "'");
      Op.getCall()->eraseFromParent();
    }
    return true;
  }
  // Bound the marks before any is rewritten into a form the model may not
  // recognize (the host's runtime calls).
  MarkBounds.emplace(F, Ops);
  // In a function that uses queues, each mark and wait (those without a
  // queue are queue 0's) goes through the queue's lowering.
  bool Queued = usesAsyncQueues(F);
  DenseMap<const CallBase *, QueuedWaitFacts> QueuedWaits;
  if (Queued)
    QueuedWaits = analyzeQueuedWaits(Ops);
  bool OwnsMarkSequence = false;
  for (const AsyncOp &Op : Ops) {
    OwnsMarkSequence |= !Op.isCopy() && Op.getForm() == AsyncOpForm::Portable;
    if (Op.isStore())
      lowerStore(Op);
    else if (Op.isCopy())
      lowerCopy(Op);
    else if (Queued && Op.getForm() == AsyncOpForm::Portable && Op.isMark())
      lowerQueuedMark(Op);
    else if (Queued && Op.getForm() == AsyncOpForm::Portable)
      lowerQueuedWait(Op, QueuedWaits.lookup(Op.getCall()));
    else if (Op.isMark())
      lowerMark(Op);
    else
      lowerWait(Op);
  }
  if (OwnsMarkSequence)
    Target->createActivationBounds(F);
  return true;
}

/// Lowers the copy \p Op, first undoing any merge of its size or flags: two
/// copies the optimizer sank into one call with a phi of their constants are
/// lowered as the two copies written.
void PortableLowering::lowerCopy(const AsyncOp &Op) {
  for (CallBase *Copy :
       splitMergedImmediates(*Op.getCall(), Op.getImmediateCopyOperandNos()))
    lowerCopyWithConstantOperands(AsyncOp::get(*Copy));
}

void PortableLowering::lowerCopyWithConstantOperands(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  std::optional<uint64_t> Size = Op.getCopySize();
  std::optional<uint32_t> Flags;
  Value *SourceSize = nullptr;
  // On the GPUs the destination operand is a shared pointer by type; the
  // headers cast the user's generic pointer to it, which hides a pointer to
  // global memory until the optimizer exposes its origin here.
  DestinationOrigin Dst;
  unsigned DstAS = Op.getSharedPointer()->getType()->getPointerAddressSpace();
  if (DstAS == 3) {
    Dst = classifyDestination(Op.getSharedPointer());
  } else if (DstAS != 0) {
    // Declared with another address space (the operands swapped, say):
    // lowering it would write shared memory at a global address.
    Dst.K = DestinationOrigin::NotShared;
    Dst.Reason = describeAddressSpace(DstAS) + " by its type";
  }
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
    reportAsyncError(*Call,
                     "async copy size must be a compile-time constant: pass "
                     "an integer constant (or a value each path sets to "
                     "one), not a value computed at run time");
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

/// Lowers the async store \p Op, first undoing any merge of its size, as for
/// a copy.
void PortableLowering::lowerStore(const AsyncOp &Op) {
  for (CallBase *Store :
       splitMergedImmediates(*Op.getCall(), Op.getImmediateCopyOperandNos()))
    lowerStoreWithConstantSize(AsyncOp::get(*Store));
}

void PortableLowering::lowerStoreWithConstantSize(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  if (!Target->supportsAsyncStores()) {
    reportAsyncError(*Call, "asyncpipe_store is not supported on " +
                                Target->getName() + ": " +
                                Target->describeMissingAsyncStores());
    Call->eraseFromParent();
    return;
  }
  // The headers cast the user's pointers to the shared and global address
  // spaces, as for a copy: the source's origin shows here.
  unsigned SharedAS = Target->getSharedAddressSpace();
  unsigned SrcAS = Op.getSharedPointer()->getType()->getPointerAddressSpace();
  unsigned DstAS = Op.getGlobalPointer()->getType()->getPointerAddressSpace();
  DestinationOrigin Src;
  if (SharedAS != 0 && SrcAS == SharedAS) {
    Src = classifyDestination(Op.getSharedPointer());
  } else if (SrcAS != 0) {
    // Declared with another address space (the operands swapped, say).
    Src.K = DestinationOrigin::NotShared;
    Src.Reason = describeAddressSpace(SrcAS) + " by its type";
  }
  const char *FromShared = "store from a __shared__ (CUDA, HIP) or local "
                           "(OpenCL) array";
  if (Src.K == DestinationOrigin::NotShared) {
    reportAsyncError(*Call, "the source of an async store must be shared "
                            "memory, but it points to " +
                                Src.Reason + ": " + FromShared);
    Call->eraseFromParent();
    return;
  }
  if (SharedAS != Target->getGlobalAddressSpace() && DstAS == SharedAS) {
    reportAsyncError(*Call, "the destination of an async store must be "
                            "global memory, but it points to shared memory "
                            "(address space " +
                                Twine(DstAS) +
                                ") by its type: store to a global (OpenCL) or "
                                "device memory (CUDA, HIP) pointer");
    Call->eraseFromParent();
    return;
  }
  if (Src.K == DestinationOrigin::MaybeNotShared)
    reportAsyncWarning(*Call, "the source of an async store may not be "
                              "shared memory: on some paths it points to " +
                                  Src.Reason + "; " + FromShared);
  std::optional<uint64_t> Size = Op.getCopySize();
  if (!Size) {
    reportAsyncError(*Call,
                     "async store size must be a compile-time constant: pass "
                     "an integer constant (or a value each path sets to "
                     "one), not a value computed at run time");
  } else if (!Target->isLegalStoreSize(*Size)) {
    reportAsyncError(*Call, Twine("async store of ") + Twine(*Size) +
                                " bytes is not supported on " +
                                Target->getName() + ": it stores " +
                                Target->describeLegalStoreSizes() +
                                " bytes per work-item");
  } else {
    // The target may emit more than the store (NVPTX: a proxy fence first);
    // all of it is at the call's line.
    Instruction *Before = Call->getPrevNode();
    IRBuilder<> B(Call);
    Target->createStore(B, Op.getGlobalPointer(), Op.getSharedPointer(), *Size);
    for (Instruction *I = Before ? Before->getNextNode()
                                 : &Call->getParent()->front();
         I != Call; I = I->getNextNode())
      inheritLocation(*I, *Call);
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
                     "async copy flags must be a compile-time constant: pass "
                     "ASYNCPIPE_COPY_* constants, not a value computed at run "
                     "time");
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
  if ((Constant->isNegative() || Constant->getZExtValue() > Bytes) &&
      hadRuntimeCount(*Op.getCall())) {
    // Folded from a run-time size on this path: undefined only if it runs,
    // and read as the switch over run-time sizes reads it (the full copy).
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "SourceSizePastCopy",
                                      Op.getCall())
             << "zero-fill source size computed at run time is "
             << ore::NV("SourceSize", Constant->getSExtValue())
             << " on this path, outside the copy's " << ore::NV("Bytes", Bytes)
             << " bytes (undefined): copying all of them here";
    });
    SourceSize = nullptr;
    return true;
  }
  if (Constant->isNegative() || Constant->getZExtValue() > Bytes) {
    reportAsyncError(*Op.getCall(), "zero-fill source size " +
                                        Twine(Constant->getSExtValue()) +
                                        " is outside the copy's 0.." +
                                        Twine(Bytes) +
                                        " bytes: use a source size from 0 "
                                        "(all zeros) to " +
                                        Twine(Bytes) + " (the whole copy)");
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

/// Splits queue ids the optimizer merged into a phi or select (each call
/// then names one queue, as written), and reports a queue id that is not a
/// constant, and one past the last queue. Returns true if \p F changed.
bool PortableLowering::checkQueues(SmallVectorImpl<AsyncOp> &Ops) {
  bool Changed = false;
  SmallVector<CallBase *, 4> Bad;
  for (const AsyncOp &Op : Ops) {
    if (!Op.hasQueueOperand() || isa<ConstantInt>(Op.getQueueOperand()))
      continue;
    SmallVector<CallBase *, 4> Split =
        splitMergedImmediates(*Op.getCall(), {0u});
    Changed |= Split.size() != 1 || Split.front() != Op.getCall();
  }
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op.hasQueueOperand())
      continue;
    auto *Q = dyn_cast<ConstantInt>(Op.getQueueOperand());
    StringRef What = Op.isMark() ? "asyncpipe_commit_queue(q)"
                                 : "asyncpipe_wait_queue(q, n)";
    if (!Q)
      reportAsyncError(I, Twine("the queue of ") + What +
                              " must be a compile-time constant: queues are "
                              "told apart when the program is compiled, so "
                              "name the queue with an integer constant (e.g. "
                              "branch on the value and mark or wait on "
                              "queue 0 in one branch and queue 1 in the "
                              "other)");
    else if (!Op.getQueue())
      reportAsyncError(I, Twine("queue ") + Twine(Q->getSExtValue()) + " of " +
                              What +
                              " is out of range: queues are numbered 0 to " +
                              Twine(MaxAsyncQueues - 1));
    else
      continue;
    Bad.push_back(Op.getCall());
  }
  for (CallBase *Call : Bad)
    Call->eraseFromParent();
  Changed |= !Bad.empty();
  return Changed;
}

/// Removes the futures among \p Ops (the portable calls) that
/// asyncpipe-lower-futures left: a wait on one goes, a mark making one
/// becomes a plain mark of its queue. There are none unless the futures pass
/// did not run first.
bool PortableLowering::removeUnloweredFutures(ArrayRef<AsyncOp> Ops) {
  SmallVector<AsyncOp, 4> Left;
  for (const AsyncOp &Op : Ops)
    if (Op.isFutureWait() || Op.isFutureAny() || Op.returnsFuture())
      Left.push_back(Op);
  if (Left.empty())
    return false;
  reportAsyncError(*Left.front().getCall(),
                   "a future reaches asyncpipe-lower unlowered: run "
                   "asyncpipe-lower-futures first");
  LLVMContext &Ctx = F.getContext();
  FunctionCallee Mark = F.getParent()->getOrInsertFunction(
      "asyncpipe.mark", Type::getVoidTy(Ctx));
  FunctionCallee QueueMark = F.getParent()->getOrInsertFunction(
      "asyncpipe.mark.queue", Type::getVoidTy(Ctx), Type::getInt32Ty(Ctx));
  for (const AsyncOp &Op : Left) {
    CallBase *Call = Op.getCall();
    if (Op.returnsFuture()) {
      CallInst *New = Op.getQueueOperand()
                          ? CallInst::Create(QueueMark, {Op.getQueueOperand()},
                                             "", Call->getIterator())
                          : CallInst::Create(Mark, "", Call->getIterator());
      inheritLocation(*New, *Call);
    }
    if (!Call->use_empty())
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
  }
  for (const AsyncOp &Op : Left)
    Op.getCall()->eraseFromParent();
  return true;
}

void PortableLowering::lowerQueuedMark(const AsyncOp &Op) {
  unsigned Queue = *Op.getQueue();
  // Left as written (checkQueues made its queue a constant) for codegen.
  if (Queue != 0 && Target->countsQueueWaitsInCodegen())
    return;
  IRBuilder<> B(Op.getCall());
  CallInst *New = Target->queuesShareOneCounter() || Queue == 0
                      ? emitMark(B, *Op.getCall())
                      : Target->createQueueMark(B, Queue);
  inheritLocation(*New, *Op.getCall());
  Op.getCall()->eraseFromParent();
}

/// A wait of one queue (queue 0 for asyncpipe.wait) in a function that uses
/// queues. Where queues are apart it stays the queue's wait. Where they
/// share one counter it becomes a wait for the combined count: the fewest
/// marks of any queue issued since the queue's (N+1)-th newest mark, over
/// all paths, which the one mark analysis answers; where it cannot, N, which
/// is never more than that (the N newer marks of the queue are among them).
DenseMap<const CallBase *, PortableLowering::QueuedWaitFacts>
PortableLowering::analyzeQueuedWaits(ArrayRef<AsyncOp> Ops) {
  AsyncMarkCounts Counts(F);
  DenseMap<const CallBase *, QueuedWaitFacts> Facts;
  for (const AsyncOp &Op : Ops) {
    if (!Op.isWait() || Op.getForm() != AsyncOpForm::Portable)
      continue;
    auto *N = dyn_cast_or_null<ConstantInt>(Op.getWaitCountOperand());
    if (!N)
      continue;
    QueuedWaitFacts &Wait = Facts[Op.getCall()];
    Wait.Redundant = Counts.isRedundantWait(Op, &Wait.WhyRedundant);
    // A negative count folded from a run-time one waits for everything.
    uint64_t Leaves = N->isNegative() ? 0 : N->getZExtValue();
    if (std::optional<unsigned> Queue = Op.getQueue())
      Wait.Since = Counts.marksSinceQueueMark(*Op.getCall(), *Queue, Leaves);
  }
  return Facts;
}

void PortableLowering::lowerQueuedWait(const AsyncOp &Op,
                                       const QueuedWaitFacts &Facts) {
  CallBase *Call = Op.getCall();
  unsigned Queue = *Op.getQueue();
  Value *Count = Op.getWaitCountOperand();
  auto *N = dyn_cast<ConstantInt>(Count);
  if (N && !N->isNegative() && !isValidConstantCount(Op, *N)) {
    Call->eraseFromParent();
    return;
  }
  if (N && N->isNegative()) {
    if (!hadRuntimeCount(*Call)) {
      isValidConstantCount(Op, *N);
      Call->eraseFromParent();
      return;
    }
    Count = ConstantInt::get(Count->getType(), 0);
    N = cast<ConstantInt>(Count);
  }
  if (N && Target->dropsRedundantWaits() && Facts.Redundant) {
    ++NumRedundantWaitsRemoved;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RedundantWait", Call)
             << "wait for at most " << ore::NV("Count", N->getZExtValue())
             << " outstanding marks of queue " << ore::NV("Queue", Queue)
             << " removed: " << Facts.WhyRedundant;
    });
    eraseProvenRedundantOp(*Call);
    return;
  }
  if (N && Target->countsQueueWaitsInCodegen())
    return keepQueueWaitForCodegen(Op, Queue, *N);
  if (!Target->queuesShareOneCounter()) {
    IRBuilder<> B(Call);
    CallInst *New;
    if (Queue != 0)
      New = Target->createQueueWait(B, Queue, Count);
    else if (N)
      New = emitWait(B, N->getZExtValue(), *Call);
    else
      New = Target->createVariableWait(B, Count);
    inheritLocation(*New, *Call);
    Call->eraseFromParent();
    return;
  }
  if (!N) {
    // A run-time count: waiting for that many marks of all queues is never
    // weaker than the queue's wait.
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "QueueWaitCount", Call)
             << "wait of queue " << ore::NV("Queue", Queue)
             << " with a count known only at run time: waiting for that many "
                "marks of all queues";
    });
    if (Op.hasQueueOperand()) {
      IRBuilder<> B(Call);
      FunctionCallee Plain = F.getParent()->getOrInsertFunction(
          "asyncpipe.wait", B.getVoidTy(), B.getInt32Ty());
      CallInst *New = B.CreateCall(Plain, {Count});
      inheritLocation(*New, *Call);
      Call->eraseFromParent();
      lowerVariableWait(AsyncOp::get(*New));
      return;
    }
    lowerVariableWait(Op);
    return;
  }
  uint64_t Leaves = N->getZExtValue();
  std::optional<uint64_t> Since = Facts.Since;
  uint64_t Combined = Leaves;
  if (Since && *Since != MarkBounds::Unbounded) {
    Combined = *Since;
    if (std::optional<uint64_t> Max = Target->getMaxWaitCount())
      Combined = std::max(Leaves, std::min(Combined, *Max));
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "QueueWaitCount", Call)
             << "wait of queue " << ore::NV("Queue", Queue) << " leaving "
             << ore::NV("Count", Leaves)
             << " of its marks: " << ore::NV("Since", *Since)
             << " marks of all queues follow its mark on every path; "
                "waiting for at most "
             << ore::NV("Combined", Combined) << " outstanding marks";
    });
  } else {
    ORE.emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "QueueWaitCount", Call);
      R << "wait of queue " << ore::NV("Queue", Queue) << " leaving "
        << ore::NV("Count", Leaves) << " of its marks: ";
      if (Leaves >= AsyncMarkCounts::QueueDistanceDepth)
        R << "counts past "
          << ore::NV("Depth", AsyncMarkCounts::QueueDistanceDepth - 1)
          << " are not followed";
      else
        R << "how many marks of other queues follow its mark is not known "
             "here";
      return R << "; waiting for at most " << ore::NV("Combined", Leaves)
               << " outstanding marks of all queues";
    });
  }
  replaceWait(Op, Combined);
}

/// Leaves queue \p Queue's wait for \p N to the target's codegen
/// (AsyncTarget::countsQueueWaitsInCodegen) as asyncpipe.wait.queue(Q, N),
/// rewriting a plain wait (queue 0's) and a count folded to a constant.
void PortableLowering::keepQueueWaitForCodegen(const AsyncOp &Op,
                                               unsigned Queue,
                                               const ConstantInt &N) {
  CallBase *Call = Op.getCall();
  if (Op.hasQueueOperand() && Op.getWaitCountOperand() == &N)
    return;
  IRBuilder<> B(Call);
  FunctionCallee Wait = F.getParent()->getOrInsertFunction(
      "asyncpipe.wait.queue", B.getVoidTy(), B.getInt32Ty(), B.getInt32Ty());
  CallInst *New =
      B.CreateCall(Wait, {B.getInt32(Queue), B.getInt32(N.getZExtValue())});
  inheritLocation(*New, *Call);
  Call->eraseFromParent();
}

void PortableLowering::lowerMark(const AsyncOp &Op) {
  IRBuilder<> B(Op.getCall());
  inheritLocation(*emitMark(B, *Op.getCall()), *Op.getCall());
  Op.getCall()->eraseFromParent();
}

void PortableLowering::lowerWait(const AsyncOp &Op) {
  Value *Count = Op.getWaitCountOperand();
  if (!Count) {
    // A native wait-all also waits for copies no mark covers; keep it.
    if (Op.getForm() == AsyncOpForm::Portable)
      replaceWait(Op, 0);
    return;
  }
  if (auto *N = dyn_cast<ConstantInt>(Count)) {
    if (N->isNegative() && hadRuntimeCount(*Op.getCall())) {
      lowerFoldedNegativeCount(Op, *N);
      return;
    }
    if (isValidConstantCount(Op, *N))
      lowerConstantWait(Op, N->getZExtValue());
    else
      Op.getCall()->eraseFromParent();
    return;
  }
  lowerVariableWait(Op);
}

/// A count the source computes at run time, folded by optimization to a
/// negative constant on this path: not an error (-O0 compiles the same
/// program), but undefined at run time; the wait is made to wait for every
/// mark, the strongest reading, and a remark says so.
void PortableLowering::lowerFoldedNegativeCount(const AsyncOp &Op,
                                                const ConstantInt &N) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "NegativeRunTimeCount",
                                    Op.getCall())
           << "wait count computed at run time is "
           << ore::NV("Count", N.getSExtValue())
           << " on this path (negative counts are undefined): waiting for all "
              "marks here";
  });
  replaceWait(Op, 0);
}

/// Reports a count that is negative or that the target's wait cannot encode.
bool PortableLowering::isValidConstantCount(const AsyncOp &Op,
                                            const ConstantInt &N) {
  if (N.isNegative()) {
    reportAsyncError(*Op.getCall(), "async wait count " +
                                        Twine(N.getSExtValue()) +
                                        " is negative: use 0 to wait for "
                                        "every mark, or a larger count to "
                                        "leave that many outstanding");
    return false;
  }
  uint64_t Max = Target->getMaxEncodableWaitCount();
  if (N.getValue().ugt(Max) && !Target->getMaxWaitCount()) {
    reportAsyncError(*Op.getCall(),
                     "async wait count " + Twine(N.getZExtValue()) +
                         " is out of range: " + Target->getName() +
                         " waits encode 0.." + Twine(Max));
    return false;
  }
  return true;
}

void PortableLowering::lowerConstantWait(const AsyncOp &Op, uint64_t N) {
  if (isRedundantWait(Op, N)) {
    eraseProvenRedundantOp(*Op.getCall());
    return;
  }
  // A native wait stays as the user wrote it: wait_group 0 is not the same
  // as wait_all (which commits first), and hardware semantics are kept.
  if (Op.getForm() != AsyncOpForm::Portable)
    return;
  replaceWait(Op, N);
}

/// True (with a remark) if at most \p N marks can be outstanding at the wait
/// anyway, so it waits for nothing and the target wants it gone.
bool PortableLowering::isRedundantWait(const AsyncOp &Op, uint64_t N) {
  std::optional<uint64_t> Bound = MarkBounds->at(Op.getCall());
  if (!Target->dropsRedundantWaits() || !Bound || N < *Bound)
    return false;
  ++NumRedundantWaitsRemoved;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncLower: removing redundant wait"
                         << *Op.getCall() << "\n");
  // A count folded from a run-time value is redundant by the same bound;
  // a constant one is exactly what the analysis proved.
  std::string Why = MarkBounds->redundantBecause(Op.getCall())
                        .value_or("at most " + std::to_string(*Bound) +
                                  " marks can be outstanding here");
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "RedundantWait", Op.getCall())
           << "wait for at most " << ore::NV("Count", N)
           << " outstanding marks removed: " << Why;
  });
  return true;
}

void PortableLowering::replaceWait(const AsyncOp &Op, uint64_t N) {
  IRBuilder<> B(Op.getCall());
  inheritLocation(*emitWait(B, N, *Op.getCall()), *Op.getCall());
  Op.getCall()->eraseFromParent();
}

// A run-time count: the target either takes it as is, or the count is folded
// to a constant when only one value can matter, or a switch selects among
// the constant waits that can matter.
void PortableLowering::lowerVariableWait(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  Value *N = Op.getWaitCountOperand();
  if (Op.getForm() == AsyncOpForm::Portable) {
    IRBuilder<> B(Call);
    if (CallInst *New = Target->createVariableWait(B, N)) {
      inheritLocation(*New, *Call);
      Call->eraseFromParent();
      return;
    }
  }
  // With at most Bound marks outstanding, a count >= Bound waits for nothing;
  // without a bound (or with one too large for a switch), larger counts fall
  // back to waiting for everything.
  // A count computed from loop-carried counters that keep one difference on
  // every iteration (a pipeline's `head - tail - 1` where a branch skips
  // both increments, which no stock pass folds) is one constant.
  DominatorTree DT(*Call->getFunction());
  if (std::optional<APInt> Only =
          proveLoopCounterConstant(*N, *Call->getParent(), DT);
      Only && Only->ult(UnboundedWaitCases)) {
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "VariableWaitCount", Call)
             << "wait count is not a compile-time constant but is always "
             << ore::NV("Count", Only->getZExtValue())
             << " (the loop-carried counters it is computed from keep the "
                "same difference on every iteration)";
    });
    lowerConstantWait(Op, Only->getZExtValue());
    return;
  }
  std::optional<uint64_t> Bound = MarkBounds->at(Call);
  if (Bound && *Bound > MaxWaitSwitchCases)
    Bound = std::nullopt;
  PossibleValues Counts =
      getPossibleValues(N, Bound.value_or(UnboundedWaitCases), Call);
  if (Counts.Below.size() == 1 && !Counts.AlsoAtLeastLimit) {
    uint64_t Only = Counts.Below.front();
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "VariableWaitCount", Call)
             << "wait count is not a compile-time constant but is always "
             << ore::NV("Count", Only);
    });
    lowerConstantWait(Op, Only);
    return;
  }
  if (Counts.Below.empty() && Bound) {
    ++NumRedundantWaitsRemoved;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncLower: removing redundant wait" << *Call
                           << "\n");
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RedundantWait", Call)
             << "wait removed: its count is at least "
             << ore::NV("MinCount", *Bound) << " and at most "
             << ore::NV("MaxOutstanding", *Bound)
             << " marks can be outstanding here";
    });
    Call->eraseFromParent();
    return;
  }
  emitWaitSwitch(Op, Counts, Bound);
}

/// Replaces the wait by a switch on its count over the constant waits for
/// \p Counts; larger counts wait for nothing when \p Bound is known, for
/// everything otherwise.
void PortableLowering::emitWaitSwitch(const AsyncOp &Op,
                                      const PossibleValues &Counts,
                                      std::optional<uint64_t> Bound) {
  CallBase *Call = Op.getCall();
  bool NeedsWaitAll = !Bound && Counts.AlsoAtLeastLimit;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "VariableWaitCount", Call);
    R << "wait count is not a compile-time constant: selecting among "
      << ore::NV("Cases", Counts.Below.size()) << " constant waits";
    if (Bound && Counts.AlsoAtLeastLimit)
      R << "; larger counts wait for nothing (at most "
        << ore::NV("MaxOutstanding", *Bound) << " marks outstanding)";
    else if (NeedsWaitAll && MarkBounds->at(Call))
      R << "; larger counts wait for all marks (up to "
        << ore::NV("MaxOutstanding", *MarkBounds->at(Call))
        << " marks outstanding)";
    else if (NeedsWaitAll)
      R << "; larger counts wait for all marks (marks in a loop)";
    return R;
  });
  SwitchDefault Default = !Counts.AlsoAtLeastLimit ? SwitchDefault::LastCase
                          : NeedsWaitAll           ? SwitchDefault::Emit
                                                   : SwitchDefault::Nothing;
  emitSwitchOnConstants(
      Call, Op.getWaitCountOperand(), Counts.Below, "asyncpipe.wait",
      [&](IRBuilderBase &B, uint64_t I) {
        inheritLocation(*emitWait(B, I, *Call), *Call);
      },
      Default,
      [&](IRBuilderBase &B) {
        inheritLocation(*emitWait(B, 0, *Call), *Call);
      });
}

/// A call in the portable calls' namespace that is none of them (a
/// misspelling in hand-written IR, a name from a newer AsyncPipe) would reach
/// the linker, or ptxas, as an undefined symbol: an error at each call, which
/// goes. The pipeliner's request markers are gone by now
/// (dropLatePipelineMarkers).
bool removeUnknownPortableCalls(Module &M) {
  SmallVector<CallBase *, 4> Unknown;
  for (Function &F : M) {
    StringRef Name = F.getName();
    if (!F.isDeclaration() || !Name.starts_with("asyncpipe."))
      continue;
    for (User *U : F.users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledOperand() == &F && !AsyncOp::get(*Call) &&
          !isMalformedAsyncCall(*Call))
        Unknown.push_back(Call);
  }
  for (CallBase *Call : Unknown) {
    reportAsyncError(*Call, "'" + Call->getCalledFunction()->getName() +
                                "' is not an AsyncPipe call: the portable "
                                "calls are asyncpipe.copy, .copy.zfill, "
                                ".store, .mark, .wait, .mark.queue, "
                                ".wait.queue, .mark.future, "
                                ".mark.future.queue, .wait.future and "
                                ".future.any; check the spelling");
    if (!Call->use_empty())
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
    Call->eraseFromParent();
  }
  return !Unknown.empty();
}

bool lowerModule(Module &M,
                 function_ref<OptimizationRemarkEmitter &(Function &)> GetORE) {
  reportAddressTakenPortableCalls(M);
  bool Changed = dropLatePipelineMarkers(M, GetORE);
  Changed |= removeUnknownPortableCalls(M);
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(M);
  StoreGroups Stores = getStoreGroups(M, Target.get());
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // Another target's native forms the target runs (NVPTX's on the host).
    if (Target)
      Changed |= Target->lowerEmulatedNativeOps(F);
    Changed |= PortableLowering(F, Target.get(), GetORE(F), Stores).run();
  }
  // Drop the now unused portable declarations so none reaches codegen.
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() &&
        F.getName().starts_with("asyncpipe."))
      F.eraseFromParent();
  return Changed;
}

class AsyncLowerLegacy : public ModulePass {
public:
  static char ID;
  AsyncLowerLegacy() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "AsyncPipe portable-call lowering";
  }
  bool runOnModule(Module &M) override {
    if (!moduleMayHaveAsyncOps(M))
      return false;
    bool Changed = convertAsyncInvokesToCalls(M);
    std::unique_ptr<OptimizationRemarkEmitter> ORE;
    Changed |= lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
      ORE = std::make_unique<OptimizationRemarkEmitter>(&F);
      return *ORE;
    });
    return Changed;
  }
};
} // namespace

char AsyncLowerLegacy::ID = 0;

PreservedAnalyses AsyncLowerPass::run(Module &M, ModuleAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(M))
    return PreservedAnalyses::all();
  bool Changed = convertAsyncInvokesToCalls(M, AM);
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Changed |= lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
    return FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

ModulePass *llvm::createAsyncLowerLegacyPass() {
  return new AsyncLowerLegacy();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AsyncLowerLegacy, "asyncpipe-lower",
                "AsyncPipe portable-call lowering", false, false)
