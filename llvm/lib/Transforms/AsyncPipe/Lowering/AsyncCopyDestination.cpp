//===- AsyncCopyDestination.cpp - What a copy's destination is -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// asyncpipe-lower checks a GPU copy's shared-memory destination before it
// emits the copy: one proven to be elsewhere (global, constant or private
// memory, a kernel argument) is an error at the call, and where the copies of
// a wave land in consecutive slots (AMDGPU LDS DMA) the per-lane
// destinations must be lane 0's + lane * size.
//
//===----------------------------------------------------------------------===//

#include "AsyncLowerImpl.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::lowering;

std::string lowering::describeAddressSpace(unsigned AS) {
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

namespace {
bool isGPUKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::AMDGPU_KERNEL ||
         F.getCallingConv() == CallingConv::PTX_Kernel;
}
} // namespace

/// Follows \p V (a shared pointer operand or its generic origin) back
/// through offsets and address-space casts. A cast from an address space
/// other than shared or generic, or a generic kernel argument (CUDA and HIP
/// kernel arguments cannot point into the kernel's own shared memory), proves
/// the copy would write elsewhere: on AMDGPU M0 gets a global address, on
/// NVPTX cp.async faults. Through a select or phi, some but not all inputs
/// proven so is a "maybe".
DestinationOrigin lowering::classifyDestination(const Value *V,
                                                unsigned Depth) {
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

namespace {
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

bool sameTerm(const LaneTerm &A, const LaneTerm &B) {
  return A.K == B.K && A.Coef == B.Coef;
}

/// Computes LaneTerms, each value once: a value on a cycle (a loop phi) is
/// taken as uniform while it is being computed, so the cycle's lane
/// dependence is that of its inputs from outside it.
class LaneAnalysis {
  DenseMap<const Value *, LaneTerm> Cache;
  /// The values in Cache in the order they were added, so that what was
  /// computed under a hypothesis that failed can be forgotten.
  SmallVector<const Value *, 32> Added;
  /// Dominance in the function of the loop phis met (one function per copy).
  std::unique_ptr<DominatorTree> DT;

public:
  LaneTerm get(const Value *V, unsigned Depth = 0) {
    if (Depth > 32)
      return {LaneTerm::Unknown, 0, ""};
    auto [It, Inserted] = Cache.try_emplace(V);
    if (!Inserted)
      return It->second;
    Added.push_back(V);
    LaneTerm T = compute(V, Depth);
    Cache[V] = T;
    return T;
  }

private:
  /// A loop counter that starts at a value affine in the lane and steps by a
  /// lane-uniform amount: `for (i = lane; i < n; i += count)`, the way a
  /// work-group shares a copy. The lanes of a wave that execute a loop's
  /// body together are on the same trip (a wave runs the trip for all of its
  /// lanes still in the loop), so each adds the same steps to its own start,
  /// and the counter keeps the start's lane term. Proven by induction:
  /// assuming the phi has its start's term, the value it gets on the back
  /// edge must have it too.
  std::optional<LaneTerm> inductionTerm(const PHINode &Phi, unsigned Depth) {
    if (Phi.getNumIncomingValues() != 2)
      return std::nullopt;
    const Function &F = *Phi.getFunction();
    if (!DT || DT->getRoot() != &F.getEntryBlock())
      DT = std::make_unique<DominatorTree>(const_cast<Function &>(F));
    const BasicBlock *Header = Phi.getParent();
    bool Back0 = DT->dominates(Header, Phi.getIncomingBlock(0));
    bool Back1 = DT->dominates(Header, Phi.getIncomingBlock(1));
    if (Back0 == Back1)
      return std::nullopt;
    const Value *Start = Phi.getIncomingValue(Back0 ? 1 : 0);
    const Value *Next = Phi.getIncomingValue(Back0 ? 0 : 1);
    LaneTerm StartTerm = get(Start, Depth + 1);
    if (StartTerm.K != LaneTerm::Affine)
      return std::nullopt;
    size_t Mark = Added.size();
    Cache[&Phi] = StartTerm;
    if (sameTerm(get(Next, Depth + 1), StartTerm))
      return StartTerm;
    // Not inductive: forget every term computed from the hypothesis.
    for (size_t I = Mark, E = Added.size(); I != E; ++I)
      Cache.erase(Added[I]);
    Added.truncate(Mark);
    Cache[&Phi] = LaneTerm();
    return std::nullopt;
  }

  LaneTerm compute(const Value *V, unsigned Depth) {
    using namespace PatternMatch;
    if (isLaneIndex(V))
      return LaneTerm::affine(1);
    auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return {}; // Constants and arguments are the same for every lane.
    if (auto *Phi = dyn_cast<PHINode>(I))
      if (std::optional<LaneTerm> T = inductionTerm(*Phi, Depth))
        return *T;
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
} // namespace

/// The lane term of a destination's byte offset from a wave-uniform base.
LaneTerm lowering::analyzeLaneOffset(const Value *Ptr, const DataLayout &DL) {
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
