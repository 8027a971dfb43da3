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
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include <tuple>

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

/// Work-group and sub-group size metadata: kept when every kernel carrying
/// it agrees.
constexpr StringLiteral GroupSizeMetadataKinds[] = {
    "reqd_work_group_size", "work_group_size_hint",
    "intel_reqd_sub_group_size"};

/// Refuses kernels that require different work-group or sub-group sizes: no
/// one launch (or compilation) satisfies them all.
Error checkRequiredGroupSizes(const FusionPlan &Plan) {
  for (auto [Kind, Restriction, What] :
       {std::tuple<StringRef, StringRef, StringRef>{
            "reqd_work_group_size", "conflicting-reqd-work-group-size",
            "work-group"},
        {"intel_reqd_sub_group_size", "conflicting-reqd-sub-group-size",
         "sub-group"}}) {
    const KernelPlan *First = nullptr;
    for (const KernelPlan &K : Plan.Kernels) {
      MDNode *Reqd = K.Kernel->getMetadata(Kind);
      if (!Reqd)
        continue;
      if (!First) {
        First = &K;
        continue;
      }
      if (First->Kernel->getMetadata(Kind) != Reqd)
        return refuse(Restriction,
                      describeKernel(Plan, First - Plan.Kernels.begin()) +
                          " and " +
                          describeKernel(Plan, &K - Plan.Kernels.begin()) +
                          " require different " + What + " sizes (" + Kind +
                          "); fuse only kernels that require the same one");
    }
  }
  return Error::success();
}

/// "a,b,c" as up to \p Max numbers; empty if malformed.
SmallVector<uint64_t, 3> parseSizeList(StringRef Text, unsigned Max) {
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  SmallVector<uint64_t, 3> Values;
  for (StringRef Part : Parts) {
    uint64_t V = 0;
    if (Parts.size() > Max || Part.trim().getAsInteger(10, V))
      return {};
    Values.push_back(V);
  }
  return Values;
}

/// A work-group size of 1 to 3 dimensions as a 3-D one: missing sizes are 1.
std::array<uint64_t, 3> toGroupSize(ArrayRef<uint64_t> Sizes) {
  std::array<uint64_t, 3> Size = {1, 1, 1};
  for (unsigned D = 0; D < Sizes.size() && D < 3; ++D)
    Size[D] = Sizes[D];
  return Size;
}

std::string formatGroupSize(const std::array<uint64_t, 3> &Size) {
  return std::to_string(Size[0]) + "," + std::to_string(Size[1]) + "," +
         std::to_string(Size[2]);
}

/// The work-group size bounds the kernels' attributes give, merged for the
/// fused kernel: what every kernel allows. A launch outside them is
/// undefined, and the compiler relies on them (a kernel whose work-groups
/// fit in one wave may lose its barriers), so the fused kernel must promise
/// no more than each kernel did, and the fused nd-range must keep them.
struct GroupSizeAttrs {
  /// amdgpu-flat-work-group-size: the range of work-items per work-group.
  std::optional<std::pair<uint64_t, uint64_t>> FlatSize;
  /// nvvm.reqntid: the exact work-group size.
  std::optional<std::array<uint64_t, 3>> ReqNTid;
  /// nvvm.maxntid: the largest work-group size in each dimension.
  std::optional<std::array<uint64_t, 3>> MaxNTid;
  /// uniform-work-group-size: "true" when every kernel says so.
  bool Uniform = false;
};

Expected<GroupSizeAttrs> mergeGroupSizeAttrs(const FusionPlan &Plan) {
  GroupSizeAttrs Merged;
  const NDRange &Fused = Plan.FusedRange;
  std::array<uint64_t, 3> Local = {Fused.getLocalSize(0), Fused.getLocalSize(1),
                                   Fused.getLocalSize(2)};
  const KernelPlan *FlatOwner = nullptr, *ReqOwner = nullptr;
  Merged.Uniform = true;
  for (const KernelPlan &K : Plan.Kernels) {
    const Function &F = *K.Kernel;
    unsigned Index = &K - Plan.Kernels.begin();
    Merged.Uniform &=
        F.getFnAttribute("uniform-work-group-size").getValueAsString() ==
        "true";
    if (F.hasFnAttribute("amdgpu-flat-work-group-size")) {
      SmallVector<uint64_t, 3> Range = parseSizeList(
          F.getFnAttribute("amdgpu-flat-work-group-size").getValueAsString(),
          2);
      if (Range.size() != 2 || Range[0] > Range[1])
        return refuse("malformed-group-size-attribute",
                      describeKernel(Plan, Index) +
                          " has an amdgpu-flat-work-group-size that is not "
                          "\"min,max\"");
      if (!Merged.FlatSize) {
        Merged.FlatSize = {Range[0], Range[1]};
      } else {
        Merged.FlatSize->first = std::max(Merged.FlatSize->first, Range[0]);
        Merged.FlatSize->second = std::min(Merged.FlatSize->second, Range[1]);
      }
      if (Merged.FlatSize->first > Merged.FlatSize->second)
        return refuse("conflicting-flat-work-group-size",
                      describeKernel(Plan, FlatOwner - Plan.Kernels.begin()) +
                          " and " + describeKernel(Plan, Index) +
                          " allow no common work-group size "
                          "(amdgpu-flat-work-group-size); fuse only kernels "
                          "whose ranges overlap");
      FlatOwner = &K;
    }
    for (StringRef Kind : {"nvvm.reqntid", "nvvm.maxntid"}) {
      if (!F.hasFnAttribute(Kind))
        continue;
      SmallVector<uint64_t, 3> Sizes =
          parseSizeList(F.getFnAttribute(Kind).getValueAsString(), 3);
      if (Sizes.empty() || is_contained(Sizes, 0u))
        return refuse("malformed-group-size-attribute",
                      describeKernel(Plan, Index) + " has a " + Kind +
                          " that is not 1 to 3 non-zero sizes");
      std::array<uint64_t, 3> Size = toGroupSize(Sizes);
      if (Kind == "nvvm.maxntid") {
        if (!Merged.MaxNTid)
          Merged.MaxNTid = Size;
        for (unsigned D = 0; D < 3; ++D)
          (*Merged.MaxNTid)[D] = std::min((*Merged.MaxNTid)[D], Size[D]);
        continue;
      }
      if (Merged.ReqNTid && *Merged.ReqNTid != Size)
        return refuse("conflicting-reqd-work-group-size",
                      describeKernel(Plan, ReqOwner - Plan.Kernels.begin()) +
                          " and " + describeKernel(Plan, Index) +
                          " require different work-group sizes "
                          "(nvvm.reqntid); fuse only kernels that require "
                          "the same one");
      Merged.ReqNTid = Size;
      ReqOwner = &K;
    }
  }
  if (!Fused.hasLocalSize())
    return Merged;
  // The fused launch uses the common local size: it must suit every bound.
  uint64_t Count = Local[0] * Local[1] * Local[2];
  std::string LocalText = formatGroupSize(Local);
  if (Merged.FlatSize &&
      (Count < Merged.FlatSize->first || Count > Merged.FlatSize->second))
    return refuse("local-size-outside-group-size-bounds",
                  "the fused local size (" + LocalText + ", " +
                      std::to_string(Count) + " work-items) is outside the " +
                      std::to_string(Merged.FlatSize->first) + " to " +
                      std::to_string(Merged.FlatSize->second) +
                      " work-items the kernels allow "
                      "(amdgpu-flat-work-group-size); launch them with a "
                      "local size in that range");
  if (Merged.ReqNTid && *Merged.ReqNTid != Local)
    return refuse("local-size-outside-group-size-bounds",
                  "the fused local size (" + LocalText +
                      ") is not the one the kernels require (nvvm.reqntid " +
                      formatGroupSize(*Merged.ReqNTid) +
                      "); launch them with that local size");
  if (Merged.MaxNTid)
    for (unsigned D = 0; D < 3; ++D)
      if (Local[D] > (*Merged.MaxNTid)[D])
        return refuse("local-size-outside-group-size-bounds",
                      "the fused local size (" + LocalText +
                          ") exceeds the largest the kernels allow "
                          "(nvvm.maxntid " +
                          formatGroupSize(*Merged.MaxNTid) +
                          "); launch them with a smaller local size");
  return Merged;
}

/// Refuses a fused local size that a kernel's required work-group size
/// (reqd_work_group_size) rules out.
Error checkRequiredGroupSizeFits(const FusionPlan &Plan) {
  const NDRange &Fused = Plan.FusedRange;
  for (const KernelPlan &K : Plan.Kernels) {
    MDNode *Reqd = K.Kernel->getMetadata("reqd_work_group_size");
    if (!Reqd || !Fused.hasLocalSize() || Reqd->getNumOperands() > 3)
      continue;
    for (unsigned D = 0; D < Reqd->getNumOperands(); ++D) {
      auto *Size = mdconst::dyn_extract<ConstantInt>(Reqd->getOperand(D));
      if (Size && Size->getZExtValue() != Fused.getLocalSize(D))
        return refuse("local-size-outside-group-size-bounds",
                      describeKernel(Plan, &K - Plan.Kernels.begin()) +
                          " requires work-groups of " +
                          std::to_string(Size->getZExtValue()) +
                          " in dimension " + std::to_string(D) +
                          " (reqd_work_group_size), but the fused local size "
                          "is " +
                          std::to_string(Fused.getLocalSize(D)) +
                          "; launch every kernel with its required size");
    }
  }
  return Error::success();
}

/// The AMDGPU wave size \p F's target features ask for (32 or 64), or 0.
unsigned getRequestedWaveSize(const Function &F) {
  SmallVector<StringRef, 8> Features;
  F.getFnAttribute("target-features").getValueAsString().split(Features, ',');
  unsigned Size = 0;
  for (StringRef Feature : Features) {
    if (Feature == "+wavefrontsize32")
      Size = 32;
    else if (Feature == "+wavefrontsize64")
      Size = 64;
  }
  return Size;
}

/// Refuses kernels compiled for different wave sizes: the fused kernel takes
/// the first kernel's target features, so a later kernel's sub-groups (and
/// what the compiler assumes of its waves) would change size.
Error checkWaveSizes(const FusionPlan &Plan) {
  const KernelPlan *First = nullptr;
  for (const KernelPlan &K : Plan.Kernels) {
    unsigned Size = getRequestedWaveSize(*K.Kernel);
    if (!Size)
      continue;
    if (!First) {
      First = &K;
      continue;
    }
    unsigned FirstSize = getRequestedWaveSize(*First->Kernel);
    if (Size != FirstSize)
      return refuse("different-wave-sizes",
                    describeKernel(Plan, First - Plan.Kernels.begin()) +
                        " was compiled for waves of " +
                        std::to_string(FirstSize) + " and " +
                        describeKernel(Plan, &K - Plan.Kernels.begin()) +
                        " for waves of " + std::to_string(Size) +
                        " (target-features); compile the kernels of one "
                        "fusion list for one wave size");
  }
  return Error::success();
}

/// Gives the fused kernel the work-group size attributes merged from the
/// kernels'.
void setGroupSizeAttrs(Function &Fused, const GroupSizeAttrs &Attrs) {
  if (Attrs.FlatSize)
    Fused.addFnAttr("amdgpu-flat-work-group-size",
                    std::to_string(Attrs.FlatSize->first) + "," +
                        std::to_string(Attrs.FlatSize->second));
  if (Attrs.ReqNTid)
    Fused.addFnAttr("nvvm.reqntid", formatGroupSize(*Attrs.ReqNTid));
  if (Attrs.MaxNTid)
    Fused.addFnAttr("nvvm.maxntid", formatGroupSize(*Attrs.MaxNTid));
  if (Attrs.Uniform)
    Fused.addFnAttr("uniform-work-group-size", "true");
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
  if (Error E = checkRequiredGroupSizeFits(Plan))
    return E;
  if (Error E = checkWaveSizes(Plan))
    return E;
  if (Expected<GroupSizeAttrs> Attrs = mergeGroupSizeAttrs(Plan); !Attrs)
    return Attrs.takeError();
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
  // Checked while planning: cannot fail here.
  setGroupSizeAttrs(*Result.Kernel, cantFail(mergeGroupSizeAttrs(Plan)));
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
