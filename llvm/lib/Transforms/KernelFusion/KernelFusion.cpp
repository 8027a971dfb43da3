//===- KernelFusion.cpp - Fuse a list of kernels into one -----------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The library entry point a runtime calls: plan (every check that may
// refuse), then build the fused kernel step by step. A refusal can come from
// any step, even after the module has been changed (an unsupported use of a
// promoted pointer is only found in the inlined code), so the module is
// snapshotted first and everything added since is removed on refusal: the
// caller's module is exactly as it was.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

/// Remembers the global values of a module, to remove any added later.
class ModuleSnapshot {
public:
  explicit ModuleSnapshot(Module &M) : M(M) {
    for (GlobalValue &GV : M.global_values())
      Existing.insert(&GV);
  }

  /// Erases every function and global variable created since the snapshot.
  void rollback() {
    SmallVector<GlobalValue *, 8> Added;
    for (GlobalValue &GV : M.global_values())
      if (!Existing.contains(&GV))
        Added.push_back(&GV);
    for (GlobalValue *GV : Added)
      if (auto *F = dyn_cast<Function>(GV))
        F->deleteBody();
    for (GlobalValue *GV : Added)
      GV->eraseFromParent();
  }

private:
  Module &M;
  SmallPtrSet<GlobalValue *, 32> Existing;
};

/// OpenCL's per-argument kernel metadata: one operand per parameter.
constexpr StringLiteral ArgMetadataKinds[] = {
    "kernel_arg_addr_space", "kernel_arg_access_qual", "kernel_arg_type",
    "kernel_arg_base_type",  "kernel_arg_type_qual",   "kernel_arg_name"};

/// Work-group size metadata: kept when every kernel carrying it agrees.
constexpr StringLiteral GroupSizeMetadataKinds[] = {"reqd_work_group_size",
                                                    "work_group_size_hint"};

/// Refuses kernels that require different work-group sizes: no one launch
/// satisfies them all.
Error checkRequiredGroupSizes(const FusionPlan &Plan) {
  const KernelPlan *First = nullptr;
  for (const KernelPlan &K : Plan.Kernels) {
    MDNode *Reqd = K.Kernel->getMetadata("reqd_work_group_size");
    if (!Reqd)
      continue;
    if (!First) {
      First = &K;
      continue;
    }
    if (First->Kernel->getMetadata("reqd_work_group_size") != Reqd)
      return refuse("conflicting-reqd-work-group-size",
                    describeKernel(Plan, First - Plan.Kernels.begin()) +
                        " and " +
                        describeKernel(Plan, &K - Plan.Kernels.begin()) +
                        " require different work-group sizes "
                        "(reqd_work_group_size); fuse only kernels that "
                        "require the same one");
  }
  return Error::success();
}

/// Gives the fused kernel the OpenCL kernel metadata of the kernels: the
/// per-argument lists of the parameters it kept (when every kernel has
/// them), and the work-group sizes the kernels agree on. A runtime reading
/// argument types or work-group sizes from them sees the same as unfused.
void copyKernelMetadata(Function &Fused, const FusionPlan &Plan,
                        ArrayRef<KernelArgRef> Params) {
  LLVMContext &Ctx = Fused.getContext();
  for (StringRef Kind : ArgMetadataKinds) {
    SmallVector<Metadata *, 8> Ops;
    bool Complete = true;
    for (KernelArgRef Param : Params) {
      Function &Kernel = *Plan.Kernels[Param.Kernel].Kernel;
      MDNode *MD = Kernel.getMetadata(Kind);
      if (!MD || MD->getNumOperands() != Kernel.arg_size()) {
        Complete = false;
        break;
      }
      Ops.push_back(MD->getOperand(Param.Arg));
    }
    if (Complete && !Plan.Kernels.front().Kernel->getMetadata(Kind))
      Complete = false;
    if (Complete)
      Fused.setMetadata(Kind, MDNode::get(Ctx, Ops));
  }
  for (StringRef Kind : GroupSizeMetadataKinds) {
    MDNode *Common = nullptr;
    bool Agree = true;
    for (const KernelPlan &K : Plan.Kernels)
      if (MDNode *MD = K.Kernel->getMetadata(Kind)) {
        Agree &= !Common || Common == MD;
        Common = MD;
      }
    if (Common && Agree)
      Fused.setMetadata(Kind, Common);
  }
}

Error planFusion(FusionPlan &Plan, const KernelFusionSpec &Spec) {
  if (Error E = planKernels(Plan, Spec))
    return E;
  if (Error E = planArgClasses(Plan, Spec))
    return E;
  if (Error E = checkArgPassing(Plan))
    return E;
  if (Error E = planNDRanges(Plan))
    return E;
  if (Error E = checkRequiredGroupSizes(Plan))
    return E;
  if (Error E = planPromotions(Plan, Spec))
    return E;
  return planConstants(Plan, Spec);
}

/// Gives \p Fused its name, replacing the unused stub declaration that may
/// hold it.
void takeFusedName(Function &Fused, const FusionPlan &Plan) {
  if (GlobalValue *Stub = Plan.M.getNamedValue(Plan.FusedName))
    Stub->eraseFromParent();
  Fused.setName(Plan.FusedName);
}

Expected<FusedKernel> buildFusedKernel(FusionPlan &Plan,
                                       const KernelFusionSpec &Spec) {
  if (Error E = planFusion(Plan, Spec))
    return E;
  Expected<Function *> Entry = createFusedEntry(Plan);
  if (!Entry)
    return Entry.takeError();
  if (Error E = internalizePromotedArgs(**Entry, Plan))
    return E;
  propagateConstants(**Entry, Plan);

  FusedKernel Result;
  Result.Kernel = elideParams(**Entry, Plan, Result.Params);
  copyKernelMetadata(*Result.Kernel, Plan, Result.Params);
  takeFusedName(*Result.Kernel, Plan);
  Result.Range = Plan.FusedRange;
  for (const ArgClass &Class : Plan.Classes) {
    Result.LocalBuffers += Class.Kind == Promotion::Local;
    Result.PrivateBuffers += Class.Kind == Promotion::Private;
  }
  for (const KernelPlan &K : Plan.Kernels)
    Result.RemappedKernels += K.RemapSizes || K.RemapGlobalId;
  Result.DroppedPromotions = Plan.DroppedPromotions;
  return Result;
}

} // namespace

Expected<FusedKernel> asyncpipe::fuseKernels(Module &M,
                                             const KernelFusionSpec &Spec) {
  ModuleSnapshot Snapshot(M);
  std::unique_ptr<WorkItemModel> Model = WorkItemModel::get(M);
  FusionPlan Plan(M, *Model);
  Expected<FusedKernel> Result = buildFusedKernel(Plan, Spec);
  if (!Result)
    Snapshot.rollback();
  return Result;
}
