//===- AMDGPUWorkItemModel.cpp - AMDGPU work-item queries -----------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// How AMDGPU code asks about its work-item: workitem.id / workgroup.id
// intrinsics, and sizes loaded from the HSA dispatch packet
// (workgroup_size_{x,y,z} at byte 4/6/8, grid_size_{x,y,z} at 12/16/20) or,
// with code object v5, from the implicit kernel arguments
// (hidden_block_count_{x,y,z} at 0/4/8, hidden_group_size_{x,y,z} at
// 12/14/16). There is no global id query: code computes it from the group
// id, the local size and the local id.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/KernelFusion/WorkItemModel.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

/// A field of the dispatch packet or of the implicit arguments.
struct SizeField {
  Intrinsic::ID Base;
  int64_t Offset;
  unsigned Bytes;
  WorkItemQueryKind Kind;
  unsigned Dim;
};

constexpr SizeField SizeFields[] = {
    {Intrinsic::amdgcn_dispatch_ptr, 4, 2, WorkItemQueryKind::LocalSize, 0},
    {Intrinsic::amdgcn_dispatch_ptr, 6, 2, WorkItemQueryKind::LocalSize, 1},
    {Intrinsic::amdgcn_dispatch_ptr, 8, 2, WorkItemQueryKind::LocalSize, 2},
    {Intrinsic::amdgcn_dispatch_ptr, 12, 4, WorkItemQueryKind::GlobalSize, 0},
    {Intrinsic::amdgcn_dispatch_ptr, 16, 4, WorkItemQueryKind::GlobalSize, 1},
    {Intrinsic::amdgcn_dispatch_ptr, 20, 4, WorkItemQueryKind::GlobalSize, 2},
    {Intrinsic::amdgcn_implicitarg_ptr, 0, 4, WorkItemQueryKind::NumGroups, 0},
    {Intrinsic::amdgcn_implicitarg_ptr, 4, 4, WorkItemQueryKind::NumGroups, 1},
    {Intrinsic::amdgcn_implicitarg_ptr, 8, 4, WorkItemQueryKind::NumGroups, 2},
    {Intrinsic::amdgcn_implicitarg_ptr, 12, 2, WorkItemQueryKind::LocalSize, 0},
    {Intrinsic::amdgcn_implicitarg_ptr, 14, 2, WorkItemQueryKind::LocalSize, 1},
    {Intrinsic::amdgcn_implicitarg_ptr, 16, 2, WorkItemQueryKind::LocalSize, 2},
};

class AMDGPUWorkItemModel final : public WorkItemModel {
public:
  StringRef getName() const override { return "AMDGPU"; }
  bool hasGlobalIdQuery() const override { return false; }
  bool hasGlobalOffset() const override { return false; }
  unsigned getLocalAddressSpace() const override { return 3; }

  std::optional<WorkItemQuery> matchQuery(Instruction &I) const override {
    if (auto *Load = dyn_cast<LoadInst>(&I))
      return matchSizeLoad(*Load);
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      return std::nullopt;
    switch (II->getIntrinsicID()) {
    case Intrinsic::amdgcn_workitem_id_x:
      return query(I, WorkItemQueryKind::LocalId, 0);
    case Intrinsic::amdgcn_workitem_id_y:
      return query(I, WorkItemQueryKind::LocalId, 1);
    case Intrinsic::amdgcn_workitem_id_z:
      return query(I, WorkItemQueryKind::LocalId, 2);
    case Intrinsic::amdgcn_workgroup_id_x:
      return query(I, WorkItemQueryKind::GroupId, 0);
    case Intrinsic::amdgcn_workgroup_id_y:
      return query(I, WorkItemQueryKind::GroupId, 1);
    case Intrinsic::amdgcn_workgroup_id_z:
      return query(I, WorkItemQueryKind::GroupId, 2);
    default:
      return std::nullopt;
    }
  }

  StringRef getUnmodelledQuery(const Instruction &I) const override {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      return "";
    // A lane's index in its wave (mbcnt of an all-ones mask) depends on how
    // work-items are packed into waves, which a remapped nd-range changes.
    switch (II->getIntrinsicID()) {
    case Intrinsic::amdgcn_mbcnt_lo:
    case Intrinsic::amdgcn_mbcnt_hi:
    case Intrinsic::amdgcn_wave_id:
      return II->getCalledFunction()->getName();
    default:
      return "";
    }
  }

  bool isBarrier(const Instruction &I) const override {
    // s_barrier and the split signal / wait barriers of newer targets.
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    return II && II->getCalledFunction()->getName().starts_with(
                     "llvm.amdgcn.s.barrier");
  }

  bool isUnrecognizedQuery(Instruction &I) const override {
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || matchSizeLoad(*Load))
      return false;
    std::optional<std::pair<Intrinsic::ID, int64_t>> Field =
        getPacketOffset(*Load);
    if (!Field)
      return false;
    // Reads overlapping the size fields in a shape of its own.
    auto [Base, Offset] = *Field;
    if (Base == Intrinsic::amdgcn_dispatch_ptr)
      return Offset < 24 && Offset + int64_t(getLoadBytes(*Load)) > 4;
    return Offset < 18;
  }

  Value *createGlobalId(IRBuilderBase &B, unsigned Dim) const override {
    static constexpr Intrinsic::ID GroupIds[] = {
        Intrinsic::amdgcn_workgroup_id_x, Intrinsic::amdgcn_workgroup_id_y,
        Intrinsic::amdgcn_workgroup_id_z};
    static constexpr Intrinsic::ID LocalIds[] = {
        Intrinsic::amdgcn_workitem_id_x, Intrinsic::amdgcn_workitem_id_y,
        Intrinsic::amdgcn_workitem_id_z};
    Value *Group = B.CreateIntrinsic(GroupIds[Dim], ArrayRef<Type *>(), {});
    Value *Local = B.CreateIntrinsic(LocalIds[Dim], ArrayRef<Type *>(), {});
    Value *Packet = B.CreateIntrinsic(Intrinsic::amdgcn_dispatch_ptr,
                                      ArrayRef<Type *>(), {});
    Value *SizeAddr =
        B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Packet, 4 + 2 * Dim);
    Value *Size = B.CreateLoad(B.getInt16Ty(), SizeAddr);
    // One builder call per statement: the order of the emitted instructions
    // must not depend on the order the host compiler evaluates arguments in.
    Value *Group64 = B.CreateZExt(Group, B.getInt64Ty());
    Value *Size64 = B.CreateZExt(Size, B.getInt64Ty());
    Value *Start = B.CreateMul(Group64, Size64);
    Value *Local64 = B.CreateZExt(Local, B.getInt64Ty());
    return B.CreateAdd(Start, Local64);
  }

  void createBarrier(IRBuilderBase &B) const override {
    LLVMContext &Ctx = B.getContext();
    SyncScope::ID WorkGroup = Ctx.getOrInsertSyncScopeID("workgroup");
    B.CreateFence(AtomicOrdering::Release, WorkGroup);
    B.CreateIntrinsic(Intrinsic::amdgcn_s_barrier, ArrayRef<Type *>(), {});
    B.CreateFence(AtomicOrdering::Acquire, WorkGroup);
  }

private:
  static WorkItemQuery query(Instruction &I, WorkItemQueryKind Kind,
                             unsigned Dim) {
    return WorkItemQuery{
        &I, Kind, ConstantInt::get(Type::getInt32Ty(I.getContext()), Dim)};
  }

  static uint64_t getLoadBytes(LoadInst &Load) {
    return Load.getModule()->getDataLayout().getTypeStoreSize(Load.getType());
  }

  /// The dispatch or implicit-argument pointer \p Load reads from, and the
  /// byte offset, if it reads from one at a constant offset.
  static std::optional<std::pair<Intrinsic::ID, int64_t>>
  getPacketOffset(LoadInst &Load) {
    const DataLayout &DL = Load.getModule()->getDataLayout();
    APInt Offset(DL.getIndexTypeSizeInBits(Load.getPointerOperandType()), 0);
    Value *Base = Load.getPointerOperand()->stripAndAccumulateConstantOffsets(
        DL, Offset, /*AllowNonInbounds=*/true);
    auto *BaseCall = dyn_cast<IntrinsicInst>(Base);
    if (!BaseCall ||
        (BaseCall->getIntrinsicID() != Intrinsic::amdgcn_dispatch_ptr &&
         BaseCall->getIntrinsicID() != Intrinsic::amdgcn_implicitarg_ptr))
      return std::nullopt;
    return std::make_pair(BaseCall->getIntrinsicID(), Offset.getSExtValue());
  }

  static std::optional<WorkItemQuery> matchSizeLoad(LoadInst &Load) {
    std::optional<std::pair<Intrinsic::ID, int64_t>> Packet =
        getPacketOffset(Load);
    if (!Packet || !Load.getType()->isIntegerTy())
      return std::nullopt;
    for (const SizeField &Field : SizeFields)
      if (Packet->first == Field.Base && Packet->second == Field.Offset &&
          getLoadBytes(Load) == Field.Bytes)
        return query(Load, Field.Kind, Field.Dim);
    return std::nullopt;
  }
};

} // namespace

static std::unique_ptr<WorkItemModel> getAMDGPUWorkItemModel(const Module &M) {
  if (!M.getTargetTriple().isAMDGCN())
    return nullptr;
  return std::make_unique<AMDGPUWorkItemModel>();
}

void asyncpipe::registerAMDGPUWorkItemModel() {
  WorkItemModel::registerFactory(getAMDGPUWorkItemModel);
}
