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

Error planFusion(FusionPlan &Plan, const KernelFusionSpec &Spec) {
  if (Error E = planKernels(Plan, Spec))
    return E;
  if (Error E = planArgClasses(Plan, Spec))
    return E;
  if (Error E = checkArgPassing(Plan))
    return E;
  if (Error E = planNDRanges(Plan))
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
