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
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Pass.h"
#include "llvm/Transforms/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Transforms/AsyncPipe/AsyncLowerFutures.h"
#include "llvm/Transforms/AsyncPipe/AsyncOps.h"
#include "llvm/Transforms/AsyncPipe/AsyncTagRuntimeCounts.h"
#include "llvm/Transforms/AsyncPipe/AsyncTarget.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

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
}

/// What the shared-memory destination of a GPU copy is known to point to.
struct DestinationOrigin {
  enum Kind { Unknown, NotShared, MaybeNotShared } K = Unknown;
  /// Why, for the diagnostic ("global memory (address space 1)").
  std::string Reason;
};

std::string describeAddressSpace(unsigned AS) {
  switch (AS) {
  case 1:
    return "global memory (address space 1)";
  case 4:
    return "constant memory (address space 4)";
  case 5:
    return "private memory (address space 5)";
  default:
    return "address space " + std::to_string(AS);
  }
}

bool isGPUKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::AMDGPU_KERNEL ||
         F.getCallingConv() == CallingConv::PTX_Kernel;
}

/// Follows \p V (a shared pointer operand or its generic origin) back
/// through offsets and address-space casts. A cast from an address space
/// other than shared or generic, or a generic kernel argument (CUDA and HIP
/// kernel arguments cannot point into the kernel's own shared memory), proves
/// the copy would write elsewhere: on AMDGPU M0 gets a global address, on
/// NVPTX cp.async faults. Through a select or phi, some but not all inputs
/// proven so is a "maybe".
DestinationOrigin classifyDestination(const Value *V, unsigned Depth = 0) {
  DestinationOrigin Result;
  if (Depth > 8)
    return Result;
  // Not Value::strip*: they look through the address-space casts this is
  // about.
  while (true) {
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      V = GEP->getPointerOperand();
      continue;
    }
    if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(V)) {
      unsigned From = Cast->getSrcAddressSpace();
      if (From == 3)
        return Result;
      if (From != 0) {
        Result.K = DestinationOrigin::NotShared;
        Result.Reason = describeAddressSpace(From);
        return Result;
      }
      V = Cast->getPointerOperand();
      continue;
    }
    break;
  }
  if (auto *Arg = dyn_cast<Argument>(V)) {
    if (Arg->getType()->getPointerAddressSpace() == 0 &&
        isGPUKernel(*Arg->getParent())) {
      Result.K = DestinationOrigin::NotShared;
      // Names are often discarded: number the argument.
      Result.Reason = "global memory (argument " +
                      std::to_string(Arg->getArgNo() + 1) +
                      " of the kernel: kernel arguments cannot point to "
                      "shared memory)";
    }
    return Result;
  }
  SmallVector<const Value *, 4> Inputs;
  if (auto *Select = dyn_cast<SelectInst>(V))
    Inputs.assign({Select->getTrueValue(), Select->getFalseValue()});
  else if (auto *Phi = dyn_cast<PHINode>(V))
    Inputs.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
  unsigned Proven = 0;
  for (const Value *In : Inputs) {
    DestinationOrigin Origin = classifyDestination(In, Depth + 1);
    if (Origin.K == DestinationOrigin::Unknown)
      continue;
    Proven += Origin.K == DestinationOrigin::NotShared;
    if (Result.Reason.empty())
      Result.Reason = Origin.Reason;
    Result.K = DestinationOrigin::MaybeNotShared;
  }
  if (!Inputs.empty() && Proven == Inputs.size())
    Result.K = DestinationOrigin::NotShared;
  return Result;
}

/// How a per-lane value depends on the lane: not at all, as Coef * lane (plus
/// something wave-uniform), in a way that is not affine (Why names how), or
/// too deep to tell.
struct LaneTerm {
  enum Kind { Uniform, Affine, NonAffine, Unknown } K = Uniform;
  int64_t Coef = 0;
  std::string Why;

  static LaneTerm affine(int64_t Coef) { return {Affine, Coef, ""}; }
  static LaneTerm nonAffine(std::string Why) {
    return {NonAffine, 0, std::move(Why)};
  }
};

/// The lane's position in the workgroup's x dimension: workitem.id.x (for a
/// one-dimensional workgroup, lane i of a wave is id w * wavesize + i) or the
/// lane id itself (mbcnt).
bool isLaneIndex(const Value *V) {
  auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::amdgcn_workitem_id_x:
    return true;
  case Intrinsic::amdgcn_mbcnt_hi:
    return PatternMatch::match(II->getArgOperand(0),
                               PatternMatch::m_AllOnes()) &&
           isa<IntrinsicInst>(II->getArgOperand(1)) &&
           cast<IntrinsicInst>(II->getArgOperand(1))->getIntrinsicID() ==
               Intrinsic::amdgcn_mbcnt_lo;
  default:
    return false;
  }
}

LaneTerm combineLinear(const LaneTerm &A, const LaneTerm &B, int64_t Sign) {
  if (A.K == LaneTerm::Unknown || B.K == LaneTerm::Unknown)
    return {LaneTerm::Unknown, 0, ""};
  if (A.K == LaneTerm::NonAffine)
    return A;
  if (B.K == LaneTerm::NonAffine)
    return B;
  if (A.K == LaneTerm::Uniform && B.K == LaneTerm::Uniform)
    return {};
  return LaneTerm::affine(A.Coef + Sign * B.Coef);
}

LaneTerm scaleLinear(const LaneTerm &A, int64_t Factor) {
  if (A.K != LaneTerm::Affine)
    return A;
  return LaneTerm::affine(A.Coef * Factor);
}

/// Computes LaneTerms, each value once: a value on a cycle (a loop phi) is
/// taken as uniform while it is being computed, so the cycle's lane
/// dependence is that of its inputs from outside it.
class LaneAnalysis {
  DenseMap<const Value *, LaneTerm> Cache;

public:
  LaneTerm get(const Value *V, unsigned Depth = 0) {
    if (Depth > 32)
      return {LaneTerm::Unknown, 0, ""};
    auto [It, Inserted] = Cache.try_emplace(V);
    if (!Inserted)
      return It->second;
    LaneTerm T = compute(V, Depth);
    Cache[V] = T;
    return T;
  }

private:
  LaneTerm compute(const Value *V, unsigned Depth) {
    using namespace PatternMatch;
    if (isLaneIndex(V))
      return LaneTerm::affine(1);
    auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return {}; // Constants and arguments are the same for every lane.
    const Value *X, *Y;
    const APInt *C;
    if (match(I, m_ZExtOrSExt(m_Value(X))) || match(I, m_Trunc(m_Value(X))))
      return get(X, Depth + 1);
    if (match(I, m_Add(m_Value(X), m_Value(Y))) ||
        match(I, m_DisjointOr(m_Value(X), m_Value(Y))))
      return combineLinear(get(X, Depth + 1), get(Y, Depth + 1), 1);
    if (match(I, m_Sub(m_Value(X), m_Value(Y))))
      return combineLinear(get(X, Depth + 1), get(Y, Depth + 1), -1);
    if ((match(I, m_Mul(m_Value(X), m_APInt(C))) ||
         match(I, m_Mul(m_APInt(C), m_Value(X)))) &&
        C->getSignificantBits() <= 32)
      return scaleLinear(get(X, Depth + 1), C->getSExtValue());
    if (match(I, m_Shl(m_Value(X), m_APInt(C))) && C->ult(32))
      return scaleLinear(get(X, Depth + 1), int64_t(1) << C->getZExtValue());
    // Anything else is uniform if no operand depends on the lane.
    for (const Value *Op : I->operands()) {
      LaneTerm T = get(Op, Depth + 1);
      if (T.K == LaneTerm::Unknown)
        return T;
      if (T.K == LaneTerm::NonAffine)
        return T;
      if (T.K == LaneTerm::Affine)
        return LaneTerm::nonAffine("through '" +
                                   std::string(I->getOpcodeName()) + "'");
    }
    return {};
  }
};

/// The lane term of a destination's byte offset from a wave-uniform base.
LaneTerm analyzeLaneOffset(const Value *Ptr, const DataLayout &DL) {
  LaneAnalysis Lanes;
  LaneTerm Total;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(Ptr)) {
      Ptr = Cast->getPointerOperand();
      continue;
    }
    auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP) {
      LaneTerm Base = Lanes.get(Ptr);
      if (Base.K == LaneTerm::Affine)
        Base = LaneTerm::nonAffine("through a pointer");
      return combineLinear(Total, Base, 1);
    }
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
         GTI != E; ++GTI) {
      if (GTI.isStruct())
        continue; // Constant field offsets.
      TypeSize Stride = GTI.getSequentialElementStride(DL);
      if (Stride.isScalable())
        return {LaneTerm::Unknown, 0, ""};
      Total = combineLinear(Total,
                            scaleLinear(Lanes.get(GTI.getOperand()),
                                        int64_t(Stride.getFixedValue())),
                            1);
    }
    Ptr = GEP->getPointerOperand();
  }
  return {LaneTerm::Unknown, 0, ""};
}

/// \p V as a select between two constants, or null.
SelectInst *asSelectOfConstants(Value *V) {
  auto *Select = dyn_cast<SelectInst>(V);
  if (Select && isa<ConstantInt>(Select->getTrueValue()) &&
      isa<ConstantInt>(Select->getFalseValue()))
    return Select;
  return nullptr;
}

/// The values below \p Limit that a run-time operand \p V can take, in
/// increasing order: both constants of a select between constants (the common
/// `last ? 0 : 1`), or else every value in its known range.
struct PossibleValues {
  SmallVector<uint64_t, 16> Below;
  /// True if \p V can also be \p Limit or more (or outside the known range).
  bool AlsoAtLeastLimit = false;
};

PossibleValues getPossibleValues(Value *V, uint64_t Limit,
                                 const Instruction *Context) {
  PossibleValues Result;
  auto Add = [&](uint64_t Value) {
    if (Value >= Limit)
      Result.AlsoAtLeastLimit = true;
    else if (!is_contained(Result.Below, Value))
      Result.Below.push_back(Value);
  };
  if (SelectInst *Select = asSelectOfConstants(V)) {
    for (Value *Arm : {Select->getTrueValue(), Select->getFalseValue()})
      Add(cast<ConstantInt>(Arm)->getValue().getLimitedValue());
    llvm::sort(Result.Below);
    return Result;
  }
  // An empty range (of an undefined value, say) has no values to switch on.
  ConstantRange Known = computeConstantRangeIncludingKnownBits(
      V, /*ForSigned=*/false, SimplifyQuery(Context->getDataLayout(), Context));
  uint64_t First = Known.getUnsignedMin().getLimitedValue();
  uint64_t Last = Known.getUnsignedMax().getLimitedValue();
  for (uint64_t I = First; I <= Last && I < Limit; ++I)
    Result.Below.push_back(I);
  Result.AlsoAtLeastLimit = Last >= Limit || Result.Below.empty();
  return Result;
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

/// \p V, frozen unless it is known to be well defined: the call it came from
/// accepted undef or poison, a branch on them is undefined behaviour.
Value *freezeForBranch(IRBuilderBase &B, Value *V) {
  if (isGuaranteedNotToBeUndefOrPoison(V))
    return V;
  return B.CreateFreeze(V, V->getName() + ".frozen");
}

/// Replaces \p Switch on \p Select, a select between two constants, by a
/// branch on the select's condition; codegen alone would materialize the
/// select and compare it.
void branchOnSelectCondition(SwitchInst &Switch, SelectInst &Select) {
  auto *TrueValue = cast<ConstantInt>(Select.getTrueValue());
  auto *FalseValue = cast<ConstantInt>(Select.getFalseValue());
  BasicBlock *IfTrue = Switch.findCaseValue(TrueValue)->getCaseSuccessor();
  BasicBlock *IfFalse = Switch.findCaseValue(FalseValue)->getCaseSuccessor();
  IRBuilder<> B(&Switch);
  B.CreateCondBr(freezeForBranch(B, Select.getCondition()), IfTrue, IfFalse);
  SmallPtrSet<BasicBlock *, 4> Kept = {IfTrue, IfFalse};
  for (BasicBlock *Succ : successors(Switch.getParent()))
    if (!Kept.contains(Succ))
      Succ->removePredecessor(Switch.getParent());
  Value *OldCondition = Switch.getCondition();
  Switch.eraseFromParent();
  if (OldCondition != &Select && OldCondition->use_empty())
    cast<Instruction>(OldCondition)->eraseFromParent();
}

/// What a switch built by emitSwitchOnConstants does for values without a
/// case of their own.
enum class SwitchDefault { Nothing, LastCase, Emit };

/// Replaces \p Call by a switch on \p V whose case for each of \p Values
/// holds what \p EmitCase emits for it: the way to give an operand that must
/// be (or is best) an immediate a run-time value. Other values do nothing, go
/// to the last case, or run what \p EmitDefault emits.
void emitSwitchOnConstants(
    CallBase *Call, Value *V, ArrayRef<uint64_t> Values, StringRef Name,
    function_ref<void(IRBuilderBase &, uint64_t)> EmitCase,
    SwitchDefault Default,
    function_ref<void(IRBuilderBase &)> EmitDefault = nullptr) {
  Function &F = *Call->getFunction();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Head = Call->getParent();
  BasicBlock *Tail = SplitBlock(Head, Call);
  Head->getTerminator()->eraseFromParent();
  BasicBlock *DefaultBlock = Tail;
  if (Default == SwitchDefault::Emit) {
    DefaultBlock = BasicBlock::Create(Ctx, Name + ".default", &F, Tail);
    IRBuilder<> DB(DefaultBlock);
    EmitDefault(DB);
    DB.CreateBr(Tail);
  }
  IRBuilder<> HB(Head);
  SwitchInst *Switch =
      HB.CreateSwitch(freezeForBranch(HB, V), DefaultBlock, Values.size());
  auto *Ty = cast<IntegerType>(V->getType());
  for (uint64_t Value : Values) {
    BasicBlock *Case =
        BasicBlock::Create(Ctx, Name + "." + Twine(Value), &F, Tail);
    IRBuilder<> CB(Case);
    EmitCase(CB, Value);
    CB.CreateBr(Tail);
    if (Default == SwitchDefault::LastCase && Value == Values.back())
      Switch->setDefaultDest(Case);
    else
      Switch->addCase(ConstantInt::get(Ty, Value), Case);
  }
  if (SelectInst *Select = asSelectOfConstants(V))
    branchOnSelectCondition(*Switch, *Select);
  Call->eraseFromParent();
}

class PortableLowering {
public:
  PortableLowering(Function &F, const AsyncTarget *Target,
                   OptimizationRemarkEmitter &ORE)
      : F(F), Target(Target), ORE(ORE) {}

  bool run();

private:
  SmallVector<AsyncOp, 16> collectOps() const;
  void lowerCopy(const AsyncOp &Op);
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
  /// Upper bound of the range of constant waits a run-time count selects
  /// among when the target needs constants and the marks are unbounded.
  static constexpr uint64_t UnboundedWaitCases = 8;
  /// With more marks than this outstanding, a run-time count selects among
  /// UnboundedWaitCases waits, not one per possible count.
  static constexpr uint64_t MaxWaitSwitchCases = 32;

  Function &F;
  const AsyncTarget *Target;
  OptimizationRemarkEmitter &ORE;
  std::optional<OutstandingMarkBounds> MarkBounds;
};

/// The portable calls, and the waits in the target's native form when the
/// target wants them rewritten too (each target's own intrinsics are the same
/// model, so a run-time count in them needs the same treatment).
SmallVector<AsyncOp, 16> PortableLowering::collectOps() const {
  std::optional<AsyncOpForm> NativeForm;
  if (Target)
    NativeForm = Target->getRewrittenNativeForm();
  SmallVector<AsyncOp, 16> Ops;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op)
      continue;
    if (Op.getForm() == AsyncOpForm::Portable ||
        (Op.isWait() && Op.getForm() == NativeForm))
      Ops.push_back(Op);
  }
  return Ops;
}

bool PortableLowering::run() {
  bool Changed = removeMalformedAsyncCalls(F);
  // Futures first: their waits become counting waits lowered below.
  Changed |= lowerAsyncFutures(F, ORE);
  SmallVector<AsyncOp, 16> Ops = collectOps();
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
  bool OwnsMarkSequence = false;
  for (const AsyncOp &Op : Ops) {
    OwnsMarkSequence |= !Op.isCopy() && Op.getForm() == AsyncOpForm::Portable;
    if (Op.isCopy())
      lowerCopy(Op);
    else if (Op.isMark())
      lowerMark(Op);
    else
      lowerWait(Op);
  }
  if (OwnsMarkSequence)
    Target->createActivationBounds(F);
  return true;
}

void PortableLowering::lowerCopy(const AsyncOp &Op) {
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

void PortableLowering::lowerMark(const AsyncOp &Op) {
  IRBuilder<> B(Op.getCall());
  inheritLocation(*Target->createMark(B), *Op.getCall());
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
                                        " is negative");
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
    Op.getCall()->eraseFromParent();
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
  inheritLocation(*Target->createWait(B, N), *Op.getCall());
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
        inheritLocation(*Target->createWait(B, I), *Call);
      },
      Default,
      [&](IRBuilderBase &B) {
        inheritLocation(*Target->createWait(B, 0), *Call);
      });
}

bool lowerModule(Module &M,
                 function_ref<OptimizationRemarkEmitter &(Function &)> GetORE) {
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // Another target's native forms the target runs (NVPTX's on the host).
    if (Target)
      Changed |= Target->lowerEmulatedNativeOps(F);
    Changed |= PortableLowering(F, Target.get(), GetORE(F)).run();
  }
  // Drop the now unused portable declarations so none reaches codegen.
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() && F.getName().starts_with("asyncpipe."))
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
    std::unique_ptr<OptimizationRemarkEmitter> ORE;
    return lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
      ORE = std::make_unique<OptimizationRemarkEmitter>(&F);
      return *ORE;
    });
  }
};
} // namespace

char AsyncLowerLegacy::ID = 0;

PreservedAnalyses AsyncLowerPass::run(Module &M, ModuleAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(M))
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
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
