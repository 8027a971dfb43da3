//===- FusionNDRange.cpp - Fusing kernels with different nd-ranges --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Kernels of one fusion list may have been launched on different nd-ranges,
// but the fused kernel runs on one. This step checks the restrictions under
// which that is still the same work (the seed's simplified list: equal local
// sizes, equal offsets, no global-id remapping with offsets or with an
// explicit local size), picks the fused nd-range (the largest launch), and
// rewrites each kernel's work-item queries so that the kernel sees its own
// nd-range. The global linear id is the invariant: the work-item with linear
// id L in the fused grid does the work of the work-item with linear id L in
// each kernel's grid, and skips a kernel whose grid has no such work-item.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static uint64_t getOffset(const NDRange &R, unsigned Dim) {
  return Dim < R.Dimensions ? R.Offset[Dim] : 0;
}

static bool haveSameOffset(const NDRange &A, const NDRange &B) {
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    if (getOffset(A, Dim) != getOffset(B, Dim))
      return false;
  return true;
}

static bool haveSameLocalSize(const NDRange &A, const NDRange &B) {
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    if (A.getLocalSize(Dim) != B.getLocalSize(Dim))
      return false;
  return true;
}

static bool hasOffset(const NDRange &R) {
  return getOffset(R, 0) || getOffset(R, 1) || getOffset(R, 2);
}

/// Global ids need recomputing from the linear id unless the kernel's grid
/// is a prefix of the fused one: same dimensions and the same global size in
/// every dimension but the slowest-varying one.
static bool needsGlobalIdRemapping(const NDRange &Kernel,
                                   const NDRange &Fused) {
  if (Kernel.Dimensions != Fused.Dimensions)
    return true;
  for (unsigned Dim = 0; Dim + 1 < Kernel.Dimensions; ++Dim)
    if (Kernel.GlobalSize[Dim] != Fused.GlobalSize[Dim])
      return true;
  return false;
}

static Error checkLocalSizesAgree(const FusionPlan &Plan) {
  const KernelPlan *First = nullptr;
  for (const KernelPlan &K : Plan.Kernels) {
    if (!K.Range.hasLocalSize())
      continue;
    if (!First) {
      First = &K;
      continue;
    }
    if (!haveSameLocalSize(First->Range, K.Range))
      return refuse("different-local-sizes",
                    describeKernel(Plan, First - Plan.Kernels.begin()) +
                        " has " + First->Range.str() + " but " +
                        describeKernel(Plan, &K - Plan.Kernels.begin()) +
                        " has " + K.Range.str());
  }
  return Error::success();
}

static Error checkOffsetsAgree(const FusionPlan &Plan) {
  const NDRange &First = Plan.Kernels.front().Range;
  for (unsigned I = 1, E = Plan.Kernels.size(); I != E; ++I)
    if (!haveSameOffset(First, Plan.Kernels[I].Range))
      return refuse("different-offsets", describeKernel(Plan, 0) + " has " +
                                             First.str() + " but " +
                                             describeKernel(Plan, I) + " has " +
                                             Plan.Kernels[I].Range.str());
  if (hasOffset(First) && !Plan.Model.hasGlobalOffset())
    return refuse("offset-unsupported-on-target",
                  Plan.Model.getName() +
                      " has no global offset, but the nd-ranges have " +
                      First.str());
  return Error::success();
}

/// The largest launch (first on ties), with the common local size and
/// offset: the fused kernel runs no more work-items than the largest kernel.
static NDRange chooseFusedRange(const FusionPlan &Plan) {
  const KernelPlan *Largest = &Plan.Kernels.front();
  const KernelPlan *WithLocal = nullptr;
  for (const KernelPlan &K : Plan.Kernels) {
    if (K.Range.getGlobalLinearSize() > Largest->Range.getGlobalLinearSize())
      Largest = &K;
    if (!WithLocal && K.Range.hasLocalSize())
      WithLocal = &K;
  }
  NDRange Fused = Largest->Range;
  Fused.LocalSize = {0, 0, 0};
  if (WithLocal)
    for (unsigned Dim = 0; Dim < Fused.Dimensions; ++Dim)
      Fused.LocalSize[Dim] = WithLocal->Range.getLocalSize(Dim);
  return Fused;
}

Error asyncpipe::planNDRanges(FusionPlan &Plan) {
  if (Error E = checkLocalSizesAgree(Plan))
    return E;
  if (Error E = checkOffsetsAgree(Plan))
    return E;
  Plan.FusedRange = chooseFusedRange(Plan);
  const NDRange &Fused = Plan.FusedRange;
  if (Fused.hasLocalSize())
    for (unsigned Dim = 0; Dim < Fused.Dimensions; ++Dim)
      if (Fused.GlobalSize[Dim] % Fused.LocalSize[Dim])
        return refuse("fused-nd-range-not-divisible",
                      "the fused nd-range " + Fused.str() +
                          " has a global size not divisible by the local "
                          "size in dimension " +
                          Twine(Dim));

  bool Heterogeneous = false;
  for (const KernelPlan &K : Plan.Kernels)
    Heterogeneous |= K.Range != Plan.Kernels.front().Range;
  if (!Heterogeneous)
    return Error::success();

  for (unsigned I = 0, E = Plan.Kernels.size(); I != E; ++I) {
    KernelPlan &K = Plan.Kernels[I];
    K.RemapSizes = true;
    K.RemapGlobalId = needsGlobalIdRemapping(K.Range, Fused);
    K.NeedsGuard = K.Range.getGlobalLinearSize() < Fused.getGlobalLinearSize();
    if (!K.RemapGlobalId)
      continue;
    if (K.Range.hasLocalSize())
      return refuse("remapping-with-local-size",
                    describeKernel(Plan, I) + " with " + K.Range.str() +
                        " needs its global ids remapped onto the fused " +
                        Fused.str() +
                        ", which a kernel with a local size cannot have");
    if (hasOffset(K.Range))
      return refuse("remapping-with-offset",
                    describeKernel(Plan, I) + " with " + K.Range.str() +
                        " needs its global ids remapped onto the fused " +
                        Fused.str() + ", which needs zero offsets");
  }
  return Error::success();
}

Value *asyncpipe::createGlobalLinearId(IRBuilderBase &B,
                                       const FusionPlan &Plan) {
  const NDRange &Fused = Plan.FusedRange;
  Value *Linear = nullptr;
  // Horner form from the slowest dimension: ((id2 * GS1) + id1) * GS0 + id0.
  for (int Dim = Fused.Dimensions - 1; Dim >= 0; --Dim) {
    Value *Id = Plan.Model.createGlobalId(B, Dim);
    if (uint64_t Offset = getOffset(Fused, Dim))
      Id = B.CreateSub(Id, B.getInt64(Offset), "fusion.id.nooffset");
    Linear =
        Linear ? B.CreateAdd(
                     B.CreateMul(Linear, B.getInt64(Fused.GlobalSize[Dim])), Id)
               : Id;
  }
  Linear->setName("fusion.linear.id");
  return Linear;
}

namespace {

/// Computes what each work-item query of one kernel returns in the
/// kernel's own nd-range.
class QueryRemapper {
public:
  QueryRemapper(Function &Body, const KernelPlan &Kernel,
                const FusionPlan &Plan)
      : Body(Body), Kernel(Kernel), Plan(Plan), Range(Kernel.Range),
        B(Body.getContext()) {}

  Error run();

private:
  /// The replacement of \p Q as an i64, or null to leave it alone.
  Value *getReplacement(const WorkItemQuery &Q);
  /// The replacement of \p Q in dimension \p Dim, or null to leave it.
  Value *getReplacement(const WorkItemQuery &Q, unsigned Dim);
  /// Rewrites \p Q, whose dimension is only known at run time, into a
  /// choice between the values of the three dimensions.
  void remapDynamicDimension(const WorkItemQuery &Q);
  Value *getSizeReplacement(WorkItemQueryKind Kind, unsigned Dim);
  Value *getIdReplacement(WorkItemQueryKind Kind, unsigned Dim);
  /// The kernel's global id in \p Dim, recomputed from the linear id.
  Value *getRemappedGlobalId(unsigned Dim);
  /// Points the builder at the end of the entry-block prologue holding the
  /// linear id and the remapped ids. Queries are erased as they are
  /// replaced, so the position is recomputed before every use.
  void moveToPrologueEnd();

  Function &Body;
  const KernelPlan &Kernel;
  const FusionPlan &Plan;
  const NDRange &Range;
  IRBuilder<> B;
  Value *LinearId = nullptr;
  Instruction *PrologueEnd = nullptr;
  std::array<Value *, 3> RemappedIds = {nullptr, nullptr, nullptr};
};

void QueryRemapper::moveToPrologueEnd() {
  if (PrologueEnd)
    B.SetInsertPoint(PrologueEnd->getNextNode());
  else
    B.SetInsertPoint(&*Body.getEntryBlock().getFirstInsertionPt());
}

Value *QueryRemapper::getRemappedGlobalId(unsigned Dim) {
  if (Dim >= Range.Dimensions)
    return B.getInt64(0);
  if (RemappedIds[Dim])
    return RemappedIds[Dim];
  moveToPrologueEnd();
  if (!LinearId)
    LinearId = createGlobalLinearId(B, Plan);
  // Linear id L = id0 + GS0 * (id1 + GS1 * id2); the slowest dimension
  // needs no modulo because the guard keeps L below the kernel's size.
  uint64_t Stride = 1;
  for (unsigned D = 0; D < Dim; ++D)
    Stride *= Range.GlobalSize[D];
  Value *Id =
      Stride == 1 ? LinearId : B.CreateUDiv(LinearId, B.getInt64(Stride));
  if (Dim + 1 < Range.Dimensions)
    Id = B.CreateURem(Id, B.getInt64(Range.GlobalSize[Dim]));
  Id->setName("fusion.global.id." + Twine(Dim));
  PrologueEnd = &*std::prev(B.GetInsertPoint());
  RemappedIds[Dim] = Id;
  return Id;
}

Value *QueryRemapper::getSizeReplacement(WorkItemQueryKind Kind, unsigned Dim) {
  bool Explicit = Range.hasLocalSize();
  // A kernel without a local size whose global ids are recomputed on a
  // target without a global id query runs as one work-group spanning its
  // grid, so that group_id * local_size + local_id is its global id.
  bool OneGroup = Kernel.RemapGlobalId && !Plan.Model.hasGlobalIdQuery();
  switch (Kind) {
  case WorkItemQueryKind::GlobalSize:
    return B.getInt64(Range.getGlobalSize(Dim));
  case WorkItemQueryKind::GlobalOffset:
    return B.getInt64(getOffset(Range, Dim));
  case WorkItemQueryKind::WorkDim:
    return B.getInt64(Range.Dimensions);
  case WorkItemQueryKind::LocalSize:
    if (Explicit)
      return B.getInt64(Range.getLocalSize(Dim));
    return OneGroup ? B.getInt64(Range.getGlobalSize(Dim)) : nullptr;
  case WorkItemQueryKind::NumGroups:
    if (Explicit)
      return B.getInt64(Range.getGlobalSize(Dim) / Range.getLocalSize(Dim));
    return OneGroup ? B.getInt64(1) : nullptr;
  default:
    return nullptr;
  }
}

Value *QueryRemapper::getIdReplacement(WorkItemQueryKind Kind, unsigned Dim) {
  if (!Kernel.RemapGlobalId)
    return nullptr; // Ids are invariant under fusion.
  bool HasGlobalId = Plan.Model.hasGlobalIdQuery();
  switch (Kind) {
  case WorkItemQueryKind::GlobalId:
    // Remapping implies zero offsets, so the id needs no offset added.
    return getRemappedGlobalId(Dim);
  case WorkItemQueryKind::LocalId:
    return HasGlobalId ? nullptr : getRemappedGlobalId(Dim);
  case WorkItemQueryKind::GroupId:
    return HasGlobalId ? nullptr : B.getInt64(0);
  default:
    return nullptr;
  }
}

static bool isIdQuery(WorkItemQueryKind Kind) {
  return Kind == WorkItemQueryKind::GlobalId ||
         Kind == WorkItemQueryKind::LocalId ||
         Kind == WorkItemQueryKind::GroupId;
}

Value *QueryRemapper::getReplacement(const WorkItemQuery &Q, unsigned Dim) {
  return isIdQuery(Q.Kind) ? getIdReplacement(Q.Kind, Dim)
                           : getSizeReplacement(Q.Kind, Dim);
}

Value *QueryRemapper::getReplacement(const WorkItemQuery &Q) {
  if (Q.Kind == WorkItemQueryKind::WorkDim)
    return getSizeReplacement(Q.Kind, 0);
  // OpenCL: dimensions beyond 2 read as a size of 1 and an id of 0.
  unsigned D =
      std::min<uint64_t>(cast<ConstantInt>(Q.Dimension)->getZExtValue(), 3);
  if (D == 3)
    return nullptr;
  return getReplacement(Q, D);
}

void QueryRemapper::remapDynamicDimension(const WorkItemQuery &Q) {
  std::array<Value *, 3> PerDim;
  for (unsigned D = 0; D < 3; ++D)
    PerDim[D] = getReplacement(Q, D);
  if (all_of(PerDim, [](Value *V) { return !V; }))
    return;
  // Dimensions left alone keep the query's own answer; beyond 2, OpenCL
  // answers a size of 1 and an id of 0 whatever the nd-range.
  Instruction *Query = Q.Inst;
  SmallVector<Use *, 4> Uses;
  for (Use &U : Query->uses())
    Uses.push_back(&U);
  B.SetInsertPoint(Query->getNextNode());
  Value *Original = nullptr;
  if (any_of(PerDim, [](Value *V) { return !V; }))
    Original = B.CreateZExtOrTrunc(Query, B.getInt64Ty());
  Value *Dim = B.CreateZExtOrTrunc(Q.Dimension, B.getInt64Ty());
  Value *Result = B.getInt64(isIdQuery(Q.Kind) ? 0 : 1);
  for (int D = 2; D >= 0; --D) {
    Value *IsDim = B.CreateICmpEQ(Dim, B.getInt64(D));
    Value *Chosen = PerDim[D] ? PerDim[D] : Original;
    Result = B.CreateSelect(IsDim, Chosen, Result);
  }
  Result = B.CreateZExtOrTrunc(Result, Query->getType(),
                               "fusion." + getWorkItemQueryName(Q.Kind));
  for (Use *U : Uses)
    U->set(Result);
  if (Query->use_empty())
    Query->eraseFromParent();
}

Error QueryRemapper::run() {
  SmallVector<WorkItemQuery, 16> Queries;
  for (Instruction &I : instructions(Body)) {
    if (std::optional<WorkItemQuery> Q = Plan.Model.matchQuery(I))
      Queries.push_back(*Q);
    else if (StringRef Name = Plan.Model.getUnmodelledQuery(I); !Name.empty())
      return refuse("unmodelled-work-item-query",
                    Kernel.Kernel->getName() +
                        " must see its own nd-range, but it reads " + Name +
                        ", which fusion does not remap (sub-group, lane, "
                        "enqueued-size and linear-id queries); launch every "
                        "kernel of the list on the same nd-range");
    else if (Plan.Model.isUnrecognizedQuery(I))
      return refuse("unrecognized-work-item-query",
                    Kernel.Kernel->getName() +
                        " must see its own nd-range, but it reads work-item "
                        "information in a form " +
                        Plan.Model.getName() + " fusion cannot remap");
  }
  for (const WorkItemQuery &Q : Queries) {
    if (Q.Dimension && !isa<ConstantInt>(Q.Dimension)) {
      remapDynamicDimension(Q);
      continue;
    }
    Value *V = getReplacement(Q);
    if (!V)
      continue;
    if (auto *C = dyn_cast<ConstantInt>(V))
      V = ConstantInt::get(
          Q.Inst->getType(),
          C->getValue().zextOrTrunc(Q.Inst->getType()->getIntegerBitWidth()));
    else
      V = IRBuilder<>(Q.Inst).CreateZExtOrTrunc(V, Q.Inst->getType());
    Q.Inst->replaceAllUsesWith(V);
    Q.Inst->eraseFromParent();
  }
  return Error::success();
}

} // namespace

/// True if the work-items that skip \p Kernel's body (those beyond its
/// grid) form whole work-groups of the fused nd-range: its grid is a prefix
/// of the fused one ending on a work-group boundary.
static bool skipsWholeWorkGroups(const KernelPlan &Kernel,
                                 const NDRange &Fused) {
  if (!Fused.hasLocalSize() || Kernel.RemapGlobalId)
    return false;
  unsigned Slowest = Kernel.Range.Dimensions - 1;
  return Kernel.Range.GlobalSize[Slowest] % Fused.getLocalSize(Slowest) == 0;
}

Error asyncpipe::checkGuardedBarriers(Function &Body, const KernelPlan &Kernel,
                                      const FusionPlan &Plan) {
  if (!Kernel.NeedsGuard || skipsWholeWorkGroups(Kernel, Plan.FusedRange))
    return Error::success();
  for (Instruction &I : instructions(Body))
    if (Plan.Model.isBarrier(I))
      return refuse("barrier-in-partial-work-group",
                    describeKernel(Plan, &Kernel - Plan.Kernels.begin()) +
                        " with " + Kernel.Range.str() +
                        " has a work-group barrier, but on the fused " +
                        Plan.FusedRange.str() +
                        " some work-groups could run it with only part of "
                        "their work-items");
  return Error::success();
}

Error asyncpipe::remapWorkItemQueries(Function &Body, const KernelPlan &Kernel,
                                      const FusionPlan &Plan) {
  if (!Kernel.RemapSizes && !Kernel.RemapGlobalId)
    return Error::success();
  return QueryRemapper(Body, Kernel, Plan).run();
}
