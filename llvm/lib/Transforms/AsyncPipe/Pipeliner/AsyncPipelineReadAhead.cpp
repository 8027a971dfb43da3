//===- AsyncPipelineReadAhead.cpp - What an early copy may read ahead of --===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Early copies read global memory iterations ahead of their own iteration.
// Here the pipeliner checks that nothing they used to follow can write what
// they read (stores and calls in the loop, writes before the loop when it
// synchronizes the group, fences wider than the group), and builds the
// run-time checks under which a store that alias analysis cannot separate
// from a copy's source is allowed.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelinePlanner.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::pipeliner;

// Early copies read global memory iterations ahead of their own iteration,
// across the rest of the body and its synchronization. Nothing the copy used
// to follow may write what it reads: no instruction of the loop (every
// work-item of the group runs the same loop, so alias analysis on this one
// covers them all), and when the loop synchronizes the group, nothing before
// the loop either: another work-item's earlier write reached the copy through
// a barrier of the loop, which the copy now precedes. Barriers and fences that
// stay in the group write nothing a copy reads and are pipelined across.
bool PipelinePlanner::checkReadAhead() {
  SmallVector<const Value *, 4> Sources;
  for (const PipelineStatement &S : Sched.Statements)
    if (Sched.isEarly(S))
      for (CallBase *Copy : S.Copies) {
        const Value *Src =
            getUnderlyingObject(AsyncOp::get(*Copy).getGlobalPointer(), 0);
        if (!is_contained(Sources, Src))
          Sources.push_back(Src);
      }
  bool Synchronizes = false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      LoopSynchronizes |= classifySync(I, Target) == SyncKind::Barrier ||
                          classifySync(I, Target) == SyncKind::GroupSync;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (!checkReadAheadOf(I, Sources, /*BeforeLoop=*/false, Synchronizes))
        return false;
  if (!Synchronizes)
    return true;
  Function &F = *L.getHeader()->getParent();
  for (BasicBlock &BB : F) {
    if (L.contains(&BB) ||
        !isPotentiallyReachable(&BB, L.getHeader(), nullptr, &DT, &LI))
      continue;
    for (Instruction &I : BB)
      if (!checkReadAheadOf(I, Sources, /*BeforeLoop=*/true, Synchronizes))
        return false;
  }
  if (Sched.NeedsEntryBarrier && !Target)
    return fail("NoBarrier", "a barrier is needed before the prologue and the "
                             "target has none");
  return true;
}

bool PipelinePlanner::checkReadAheadOf(Instruction &I,
                                       ArrayRef<const Value *> Sources,
                                       bool BeforeLoop, bool &Synchronizes) {
  if (AsyncOp::get(I))
    return true;
  switch (classifySync(I, Target)) {
  case SyncKind::Barrier:
  case SyncKind::GroupSync:
    Synchronizes |= !BeforeLoop;
    return true;
  case SyncKind::WideFence:
    if (BeforeLoop)
      return true;
    return fail("ReadAheadWideFence",
                formatv("{0} orders memory beyond the work group, so writes "
                        "of other groups may become visible to a copy that "
                        "now runs ahead of it; only work-group barriers and "
                        "work-group or LDS-only fences can be pipelined across",
                        describeSync(I)));
  case SyncKind::None:
    break;
  }
  if (!I.mayWriteToMemory())
    return true;
  if (auto *II = dyn_cast<IntrinsicInst>(&I);
      II && (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd()))
    return true;
  for (const Value *Src : Sources) {
    if (!isModSet(AA.getModRefInfo(&I, MemoryLocation::getBeforeOrAfter(Src))))
      continue;
    // Another work-item's write before the loop reached this copy through
    // a barrier of the loop, which the copy now precedes: a barrier before
    // the prologue keeps it visible.
    if (BeforeLoop) {
      Sched.NeedsEntryBarrier = true;
      return true;
    }
    if (auto *Store = dyn_cast<StoreInst>(&I)) {
      std::string WhyNoCheck;
      if (addAliasCheck(*Store, Src, WhyNoCheck))
        continue;
      const Value *Dst = getUnderlyingObject(Store->getPointerOperand(), 0);
      const Function &F = *L.getHeader()->getParent();
      if (BaseNotUniform) {
        // The loop synchronizes the group, so both versions of it must be
        // taken by the whole group; a check on pointers each work-item may
        // have its own of cannot promise that.
        StringRef Kernel = F.getName();
        bool OpenCLBody = Kernel.consume_front("__clang_ocl_kern_imp_");
        return fail(
            "AliasCheckNotUniform",
            formatv("a store to {0} may write the memory of {1} that an early "
                    "copy reads ahead of its iteration, and a run-time check "
                    "would not be the same for the whole work group: {2}; if "
                    "they never overlap, declare {1} {3}",
                    describePointer(Dst), describePointer(Src),
                    OpenCLBody
                        ? formatv("the loop is in OpenCL's callable copy of "
                                  "kernel '{0}', whose arguments may differ "
                                  "between work-items",
                                  Kernel)
                              .str()
                        : formatv("'{0}' is not a kernel, so its arguments "
                                  "may differ between work-items",
                                  demangleName(F.getName()))
                              .str(),
                    restrictKeyword(F)));
      }
      return fail("ReadAheadStore",
                  formatv("a store to {0} may write the memory of {1} that "
                          "an early copy reads ahead of its iteration, and no "
                          "run-time check can tell ({2}); if they never "
                          "overlap, declare {1} {3}",
                          describePointer(Dst), describePointer(Src),
                          WhyNoCheck, restrictKeyword(F)));
    }
    return fail("ReadAheadWrite",
                formatv("{0} may write the memory of {1} that an early copy "
                        "reads ahead of its iteration",
                        describeSync(I), describePointer(Src)));
  }
  return true;
}

// A value the whole work group agrees on: a kernel's argument, a constant,
// the group's id. In a device function an argument may differ between
// work-items, which is harmless only if they never meet at a barrier: the two
// versions of a loop must be taken by the whole group. The host runtime runs
// one work-item per work-group (asyncpipe_rt.h), so there every argument is
// the group's.
bool PipelinePlanner::isUniform(const SCEV *S) const {
  const Function &F = *L.getHeader()->getParent();
  bool Kernel = isKernelEntry(F) || (Target && Target->supportsSanitizer());
  return !SCEVExprContains(S, [&](const SCEV *E) {
    const auto *U = dyn_cast<SCEVUnknown>(E);
    if (!U)
      return false;
    const Value *V = U->getValue();
    if (isa<Constant>(V))
      return false;
    if (isa<Argument>(V))
      return !Kernel && LoopSynchronizes;
    const auto *Call = dyn_cast<CallBase>(V);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee)
      return true;
    StringRef Name = Callee->getName();
    return !(Name.starts_with("llvm.amdgcn.workgroup.id.") ||
             Name.starts_with("llvm.nvvm.read.ptx.sreg.ctaid.") ||
             Name == "_Z12get_group_idj");
  });
}

// The bytes an access touches in any iteration by any work-item of the group,
// as a range the whole group computes alike: the terms of the start address
// that differ between work-items (their local id) are replaced by the bounds
// of their value range, and the induction's step runs over the trip count.
std::optional<PipelineSchedule::GroupRange>
PipelinePlanner::getGroupRange(Value *Ptr, uint64_t Bytes,
                               std::string &WhyNot) {
  const SCEV *P = SE.getSCEV(Ptr);
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(P));
  if (!Base || !isUniform(Base)) {
    BaseNotUniform |= Base != nullptr;
    WhyNot = formatv("the base of {0} is not known to the whole work group",
                     describe(Ptr));
    return std::nullopt;
  }
  const SCEV *Off = SE.removePointerBase(P);
  Type *Ty = Off->getType();
  // A copy loop's address moves in the inner loop too: its constant steps,
  // at most the inner loop's constant maximal trip count of them, widen the
  // range by a constant (both kept small so that the sums below stay far
  // from overflowing).
  int64_t InnerMin = 0, InnerMax = 0;
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Off);
      AR && AR->getLoop()->getParentLoop() == &L && AR->isAffine()) {
    const auto *InnerStep = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    const auto *InnerMaxBTC = dyn_cast<SCEVConstant>(
        SE.getConstantMaxBackedgeTakenCount(AR->getLoop()));
    if (!InnerStep || !InnerMaxBTC ||
        InnerMaxBTC->getAPInt().getActiveBits() > 24 ||
        InnerStep->getAPInt().getSignificantBits() > 24) {
      WhyNot = formatv("the address {0} moves in an inner loop by a step or "
                       "a number of steps unknown at compile time",
                       describe(Ptr));
      return std::nullopt;
    }
    int64_t Extent = InnerStep->getAPInt().getSExtValue() *
                     int64_t(InnerMaxBTC->getAPInt().getZExtValue());
    (Extent < 0 ? InnerMin : InnerMax) = Extent;
    Off = AR->getStart();
  }
  const SCEV *Start = Off;
  const SCEV *Step = SE.getZero(Ty);
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Off)) {
    if (AR->getLoop() != &L || !AR->isAffine()) {
      WhyNot =
          formatv("the address {0} is not affine in the loop", describe(Ptr));
      return std::nullopt;
    }
    Start = AR->getStart();
    Step = AR->getStepRecurrence(SE);
  } else if (!SE.isLoopInvariant(Off, &L)) {
    WhyNot =
        formatv("the address {0} is not affine in the loop", describe(Ptr));
    return std::nullopt;
  }
  const auto *StepC = dyn_cast<SCEVConstant>(Step);
  if (!StepC) {
    WhyNot = formatv("the address {0} moves by a step unknown at compile time",
                     describe(Ptr));
    return std::nullopt;
  }
  SmallVector<const SCEV *, 4> Terms;
  if (const auto *Add = dyn_cast<SCEVAddExpr>(Start))
    append_range(Terms, Add->operands());
  else
    Terms.push_back(Start);
  SmallVector<const SCEV *, 4> Shared;
  int64_t Min = InnerMin, Max = InnerMax;
  const int64_t Limit = int64_t(1) << 40;
  for (const SCEV *T : Terms) {
    if (isUniform(T)) {
      Shared.push_back(T);
      continue;
    }
    ConstantRange R = SE.getSignedRange(T);
    if (R.isFullSet() || R.isEmptySet() || R.getBitWidth() > 64 ||
        R.getSignedMin().abs().sgt(Limit) ||
        R.getSignedMax().abs().sgt(Limit)) {
      WhyNot = formatv("the address {0} differs between work-items by an "
                       "unbounded amount",
                       describe(Ptr));
      return std::nullopt;
    }
    Min += R.getSignedMin().getSExtValue();
    Max += R.getSignedMax().getSExtValue();
  }
  const SCEV *Common = Shared.empty() ? SE.getZero(Ty) : SE.getAddExpr(Shared);
  const SCEV *Trips = SE.getTruncateOrZeroExtend(Sched.BackedgeTakenCount, Ty);
  const SCEV *Span = SE.getMulExpr(Trips, Step);
  bool Up = !StepC->getAPInt().isNegative();
  const SCEV *Lo = SE.getAddExpr(Common, SE.getConstant(Ty, Min, true));
  const SCEV *Hi =
      SE.getAddExpr(Common, SE.getConstant(Ty, Max + int64_t(Bytes), true));
  if (Up)
    Hi = SE.getAddExpr(Hi, Span);
  else
    Lo = SE.getAddExpr(Lo, Span);
  return PipelineSchedule::GroupRange{Base->getValue(), Lo, Hi};
}

// A store that may write what an early copy reads is allowed if a run-time
// check, the same for the whole group, can show that the bytes it writes and
// the bytes the copies read never overlap; the loop is then versioned.
bool PipelinePlanner::addAliasCheck(StoreInst &Store, const Value *Src,
                                    std::string &WhyNot) {
  if (LI.getLoopFor(Store.getParent()) != &L) {
    WhyNot = "the store is in an inner loop";
    return false;
  }
  const DataLayout &DL = Store.getDataLayout();
  std::optional<PipelineSchedule::GroupRange> StoreRange = getGroupRange(
      Store.getPointerOperand(),
      DL.getTypeStoreSize(Store.getValueOperand()->getType()), WhyNot);
  if (!StoreRange)
    return false;
  for (const PipelineStatement &S : Sched.Statements) {
    if (!Sched.isEarly(S))
      continue;
    for (CallBase *Copy : S.Copies) {
      AsyncOp Op = AsyncOp::get(*Copy);
      Value *Ptr = Op.getGlobalPointer();
      if (getUnderlyingObject(Ptr, 0) != Src)
        continue;
      std::optional<uint64_t> Bytes = Op.getCopySize();
      if (!Bytes) {
        WhyNot = "a copy's size is not a constant";
        return false;
      }
      // CUDA's copies take global pointers cast from the generic ones its
      // stores use; the cast keeps the address (the global window of the
      // generic space is the identity on NVPTX and AMDGPU).
      if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(Ptr);
          Cast && Cast->getSrcAddressSpace() == Store.getPointerAddressSpace())
        Ptr = Cast->getPointerOperand();
      if (Ptr->getType()->getPointerAddressSpace() !=
          Store.getPointerAddressSpace()) {
        WhyNot = "they are in different address spaces";
        return false;
      }
      std::optional<PipelineSchedule::GroupRange> SourceRange =
          getGroupRange(Ptr, *Bytes, WhyNot);
      if (!SourceRange)
        return false;
      if (SourceRange->Lo->getType() != StoreRange->Lo->getType()) {
        WhyNot = "their offsets have different widths";
        return false;
      }
      Sched.AliasChecks.push_back({*StoreRange, *SourceRange});
    }
  }
  return true;
}
