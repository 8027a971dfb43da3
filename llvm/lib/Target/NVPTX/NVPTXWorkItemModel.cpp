//===- NVPTXWorkItemModel.cpp - NVPTX work-item queries -------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// How NVPTX code asks about its work-item: the special registers tid, ctaid,
// ntid and nctaid. CUDA has no global id or global size register; code
// computes them from those four. The barrier is LLVM 22's spelling of
// __syncthreads(), llvm.nvvm.barrier.cta.sync.aligned.all(0).
//
//===----------------------------------------------------------------------===//

#include "NVPTXAsync.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/KernelFusion/WorkItemModel.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

struct SpecialRegister {
  Intrinsic::ID ID;
  WorkItemQueryKind Kind;
  unsigned Dim;
};

constexpr SpecialRegister SpecialRegisters[] = {
    {Intrinsic::nvvm_read_ptx_sreg_tid_x, WorkItemQueryKind::LocalId, 0},
    {Intrinsic::nvvm_read_ptx_sreg_tid_y, WorkItemQueryKind::LocalId, 1},
    {Intrinsic::nvvm_read_ptx_sreg_tid_z, WorkItemQueryKind::LocalId, 2},
    {Intrinsic::nvvm_read_ptx_sreg_ctaid_x, WorkItemQueryKind::GroupId, 0},
    {Intrinsic::nvvm_read_ptx_sreg_ctaid_y, WorkItemQueryKind::GroupId, 1},
    {Intrinsic::nvvm_read_ptx_sreg_ctaid_z, WorkItemQueryKind::GroupId, 2},
    {Intrinsic::nvvm_read_ptx_sreg_ntid_x, WorkItemQueryKind::LocalSize, 0},
    {Intrinsic::nvvm_read_ptx_sreg_ntid_y, WorkItemQueryKind::LocalSize, 1},
    {Intrinsic::nvvm_read_ptx_sreg_ntid_z, WorkItemQueryKind::LocalSize, 2},
    {Intrinsic::nvvm_read_ptx_sreg_nctaid_x, WorkItemQueryKind::NumGroups, 0},
    {Intrinsic::nvvm_read_ptx_sreg_nctaid_y, WorkItemQueryKind::NumGroups, 1},
    {Intrinsic::nvvm_read_ptx_sreg_nctaid_z, WorkItemQueryKind::NumGroups, 2},
};

class NVPTXWorkItemModel final : public WorkItemModel {
public:
  StringRef getName() const override { return "NVPTX"; }
  bool hasGlobalIdQuery() const override { return false; }
  bool hasGlobalOffset() const override { return false; }
  unsigned getLocalAddressSpace() const override { return 3; }

  std::optional<WorkItemQuery> matchQuery(Instruction &I) const override {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      return std::nullopt;
    for (const SpecialRegister &Reg : SpecialRegisters)
      if (II->getIntrinsicID() == Reg.ID)
        return WorkItemQuery{
            &I, Reg.Kind,
            ConstantInt::get(Type::getInt32Ty(I.getContext()), Reg.Dim)};
    return std::nullopt;
  }

  StringRef getUnmodelledQuery(const Instruction &I) const override {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      return "";
    // Lanes and warps depend on how work-items are packed into warps, and
    // clusters on the launch: none follows a remapped nd-range.
    StringRef Name = II->getCalledFunction()->getName();
    for (StringRef Unmodelled :
         {"llvm.nvvm.read.ptx.sreg.laneid", "llvm.nvvm.read.ptx.sreg.warpid",
          "llvm.nvvm.read.ptx.sreg.nwarpid",
          "llvm.nvvm.read.ptx.sreg.lanemask.",
          "llvm.nvvm.read.ptx.sreg.cluster",
          "llvm.nvvm.read.ptx.sreg.nclusterid",
          "llvm.nvvm.read.ptx.sreg.clusterid"})
      if (Name.starts_with(Unmodelled))
        return Name;
    return "";
  }

  bool isBarrier(const Instruction &I) const override {
    // bar.sync / barrier.sync and their arrive and reduction forms.
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    return II && II->getCalledFunction()->getName().starts_with(
                     "llvm.nvvm.barrier.cta.");
  }

  Value *createGlobalId(IRBuilderBase &B, unsigned Dim) const override {
    auto Read = [&](WorkItemQueryKind Kind) -> Value * {
      for (const SpecialRegister &Reg : SpecialRegisters)
        if (Reg.Kind == Kind && Reg.Dim == Dim)
          return B.CreateZExt(B.CreateIntrinsic(Reg.ID, ArrayRef<Type *>(), {}),
                              B.getInt64Ty());
      llvm_unreachable("every dimension has every register");
    };
    Value *Group = Read(WorkItemQueryKind::GroupId);
    Value *Size = Read(WorkItemQueryKind::LocalSize);
    Value *Local = Read(WorkItemQueryKind::LocalId);
    return B.CreateAdd(B.CreateMul(Group, Size), Local);
  }

  void createBarrier(IRBuilderBase &B) const override {
    B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_aligned_all,
                      ArrayRef<Type *>(), {B.getInt32(0)});
  }
};

} // namespace

static std::unique_ptr<WorkItemModel> getNVPTXWorkItemModel(const Module &M) {
  if (!M.getTargetTriple().isNVPTX())
    return nullptr;
  return std::make_unique<NVPTXWorkItemModel>();
}

void asyncpipe::registerNVPTXWorkItemModel() {
  WorkItemModel::registerFactory(getNVPTXWorkItemModel);
}
