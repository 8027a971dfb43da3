//===- WorkItemModel.cpp - Work-item queries as OpenCL builtin calls ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The factory choosing a target's WorkItemModel, and the model for code that
// asks through OpenCL builtin calls (SPIR mangling: get_global_id is
// _Z13get_global_idj): SPIR/SPIR-V modules and OpenCL C compiled for the
// host, which AsyncPipe's tests run with a small work-group runner.
//
//===----------------------------------------------------------------------===//

#include "WorkItemModels.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace llvm::asyncpipe;

WorkItemModel::~WorkItemModel() = default;

StringRef asyncpipe::getWorkItemQueryName(WorkItemQueryKind Kind) {
  switch (Kind) {
  case WorkItemQueryKind::GlobalId:
    return "global_id";
  case WorkItemQueryKind::LocalId:
    return "local_id";
  case WorkItemQueryKind::GroupId:
    return "group_id";
  case WorkItemQueryKind::GlobalSize:
    return "global_size";
  case WorkItemQueryKind::LocalSize:
    return "local_size";
  case WorkItemQueryKind::NumGroups:
    return "num_groups";
  case WorkItemQueryKind::GlobalOffset:
    return "global_offset";
  case WorkItemQueryKind::WorkDim:
    return "work_dim";
  }
  llvm_unreachable("unknown work-item query");
}

std::unique_ptr<WorkItemModel> WorkItemModel::get(const Module &M) {
  const Triple &TT = M.getTargetTriple();
  if (TT.isAMDGCN())
    return createAMDGPUWorkItemModel();
  if (TT.isNVPTX())
    return createNVPTXWorkItemModel();
  return createOpenCLBuiltinWorkItemModel(TT.isSPIROrSPIRV() ? 3 : 0);
}

namespace {

class OpenCLBuiltinWorkItemModel final : public WorkItemModel {
public:
  explicit OpenCLBuiltinWorkItemModel(unsigned LocalAddressSpace)
      : LocalAddressSpace(LocalAddressSpace) {}

  StringRef getName() const override { return "OpenCL builtins"; }
  bool hasGlobalIdQuery() const override { return true; }
  bool hasGlobalOffset() const override { return true; }
  unsigned getLocalAddressSpace() const override { return LocalAddressSpace; }

  std::optional<WorkItemQuery> matchQuery(Instruction &I) const override {
    auto *Call = dyn_cast<CallInst>(&I);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee)
      return std::nullopt;
    std::optional<WorkItemQueryKind> Kind =
        StringSwitch<std::optional<WorkItemQueryKind>>(Callee->getName())
            .Case("_Z13get_global_idj", WorkItemQueryKind::GlobalId)
            .Case("_Z12get_local_idj", WorkItemQueryKind::LocalId)
            .Case("_Z12get_group_idj", WorkItemQueryKind::GroupId)
            .Case("_Z15get_global_sizej", WorkItemQueryKind::GlobalSize)
            .Case("_Z14get_local_sizej", WorkItemQueryKind::LocalSize)
            .Case("_Z14get_num_groupsj", WorkItemQueryKind::NumGroups)
            .Case("_Z17get_global_offsetj", WorkItemQueryKind::GlobalOffset)
            .Case("_Z12get_work_dimv", WorkItemQueryKind::WorkDim)
            .Default(std::nullopt);
    if (!Kind || !Call->getType()->isIntegerTy())
      return std::nullopt;
    bool TakesDim = *Kind != WorkItemQueryKind::WorkDim;
    if (Call->arg_size() != (TakesDim ? 1u : 0u))
      return std::nullopt;
    return WorkItemQuery{&I, *Kind,
                         TakesDim ? Call->getArgOperand(0) : nullptr};
  }

  bool isBarrier(const Instruction &I) const override {
    const auto *Call = dyn_cast<CallInst>(&I);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee)
      return false;
    StringRef Name = Callee->getName();
    // barrier(flags) and work_group_barrier(flags[, scope]).
    return Name == "_Z7barrierj" || Name.starts_with("_Z18work_group_barrierj");
  }

  Value *createGlobalId(IRBuilderBase &B, unsigned Dim) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    Type *SizeT = M.getDataLayout().getIntPtrType(M.getContext());
    FunctionCallee GetGlobalId =
        getBuiltin(M, "_Z13get_global_idj",
                   FunctionType::get(SizeT, {B.getInt32Ty()}, false));
    Value *Id = B.CreateCall(GetGlobalId, {B.getInt32(Dim)});
    return B.CreateZExtOrTrunc(Id, B.getInt64Ty());
  }

  void createBarrier(IRBuilderBase &B) const override {
    Module &M = *B.GetInsertBlock()->getModule();
    FunctionCallee Barrier =
        getBuiltin(M, "_Z7barrierj",
                   FunctionType::get(B.getVoidTy(), {B.getInt32Ty()}, false));
    // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE.
    CallInst *Call = B.CreateCall(Barrier, {B.getInt32(3)});
    Call->addFnAttr(Attribute::Convergent);
  }

private:
  /// The module's declaration of \p Name, or a new one of type \p Ty.
  static FunctionCallee getBuiltin(Module &M, StringRef Name,
                                   FunctionType *Ty) {
    if (Function *F = M.getFunction(Name))
      return F;
    Function *F = Function::Create(Ty, GlobalValue::ExternalLinkage, Name, M);
    F->addFnAttr(Attribute::Convergent);
    F->addFnAttr(Attribute::NoUnwind);
    return F;
  }

  unsigned LocalAddressSpace;
};

} // namespace

std::unique_ptr<WorkItemModel>
asyncpipe::createOpenCLBuiltinWorkItemModel(unsigned LocalAddressSpace) {
  return std::make_unique<OpenCLBuiltinWorkItemModel>(LocalAddressSpace);
}
