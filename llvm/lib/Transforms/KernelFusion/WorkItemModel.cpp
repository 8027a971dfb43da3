//===- WorkItemModel.cpp - Work-item queries as OpenCL builtin calls ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The registry of the targets' WorkItemModels, the model for code that
// asks through OpenCL builtin calls (SPIR mangling: get_global_id is
// _Z13get_global_idj): SPIR/SPIR-V modules and OpenCL C compiled for the
// host, which AsyncPipe's tests run with a small work-group runner; and the
// model for the SPIR-V builtin forms (__spirv_BuiltIn*), which extends it.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/KernelFusion/WorkItemModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

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

/// True if \p M names a SPIR-V builtin (variable or function).
static bool usesSPIRVBuiltins(const Module &M) {
  for (const GlobalValue &GV : M.global_values())
    if (GV.getName().contains("__spirv_"))
      return true;
  return false;
}

/// The registered factories. Filled when the plugin or asyncpipe-fuse
/// starts, before any fusion, so that reads need no lock.
static SmallVectorImpl<WorkItemModel::Factory> &getFactories() {
  static SmallVector<WorkItemModel::Factory, 4> Factories;
  return Factories;
}

void WorkItemModel::registerFactory(Factory F) {
  if (!is_contained(getFactories(), F))
    getFactories().push_back(F);
}

std::unique_ptr<WorkItemModel> WorkItemModel::get(const Module &M) {
  for (Factory F : getFactories())
    if (std::unique_ptr<WorkItemModel> Model = F(M))
      return Model;
  // No target claims the module: host code (OpenCL C compiled for the CPU).
  return createBuiltinWorkItemModel(M, /*LocalAddressSpace=*/0);
}

/// The source-level name of an Itanium-mangled function ("get_global_id"
/// for _Z13get_global_idj), or \p Name itself if it is not mangled.
static StringRef getUnmangledName(StringRef Name) {
  if (!Name.consume_front("_Z"))
    return Name;
  unsigned Length = 0;
  if (Name.consumeInteger(10, Length) || Length > Name.size())
    return "";
  return Name.take_front(Length);
}

static StringRef getCalleeName(const Instruction &I) {
  const auto *Call = dyn_cast<CallInst>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee ? Callee->getName() : "";
}

namespace {

class OpenCLBuiltinWorkItemModel : public WorkItemModel {
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

  StringRef getUnmodelledQuery(const Instruction &I) const override {
    StringRef Name = getUnmangledName(getCalleeName(I));
    // Enqueued sizes depend on the launch and are not remapped. (Linear ids
    // are invariant: work-item L of the fused grid does the work of
    // work-item L of each kernel's, and local ids stay as they are.)
    return Name.starts_with("get_enqueued_") ? Name : "";
  }

  StringRef getSubGroupUse(const Instruction &I) const override {
    StringRef Name = getUnmangledName(getCalleeName(I));
    return Name.contains("sub_group") && !Name.starts_with("get_enqueued_")
               ? Name
               : "";
  }

  StringRef getGroupCollective(const Instruction &I) const override {
    StringRef Name = getUnmangledName(getCalleeName(I));
    // work_group_reduce_add, sub_group_broadcast, sub_group_barrier, ...;
    // the work-group barrier is isBarrier()'s.
    bool Collective =
        (Name.starts_with("work_group_") || Name.starts_with("sub_group_")) &&
        Name != "work_group_barrier";
    return Collective ? Name : "";
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

/// The SPIR-V builtins of the OpenCL SPIR-V environment (what DPC++ and the
/// SPIR-V translator produce), next to OpenCL builtin calls: variables
/// @__spirv_BuiltInGlobalInvocationId (a 3-vector read whole and split by
/// extractelement, or one element at a constant offset) and calls
/// __spirv_BuiltInGlobalInvocationId(dim) or __spirv_GlobalInvocationId_x().
/// Barriers are __spirv_ControlBarrier at work-group scope.
class SPIRVBuiltinWorkItemModel final : public OpenCLBuiltinWorkItemModel {
public:
  using OpenCLBuiltinWorkItemModel::OpenCLBuiltinWorkItemModel;

  StringRef getName() const override { return "SPIR-V builtins"; }

  std::optional<WorkItemQuery> matchQuery(Instruction &I) const override {
    if (std::optional<WorkItemQuery> Q =
            OpenCLBuiltinWorkItemModel::matchQuery(I))
      return Q;
    if (!I.getType()->isIntegerTy())
      return std::nullopt;
    if (auto *Extract = dyn_cast<ExtractElementInst>(&I)) {
      auto *Load = dyn_cast<LoadInst>(Extract->getVectorOperand());
      std::optional<BuiltinRead> Read =
          Load ? readsBuiltin(*Load) : std::nullopt;
      if (!Read || Read->Offset || !Read->Kind)
        return std::nullopt;
      return WorkItemQuery{&I, *Read->Kind, Extract->getIndexOperand()};
    }
    if (auto *Load = dyn_cast<LoadInst>(&I)) {
      std::optional<BuiltinRead> Read = readsBuiltin(*Load);
      if (!Read || !Read->Kind)
        return std::nullopt;
      uint64_t Size = Load->getType()->getIntegerBitWidth() / 8;
      if (!Size || Read->Offset % Size)
        return std::nullopt;
      return query(I, *Read->Kind, Read->Offset / Size);
    }
    StringRef Name = getUnmangledName(getCalleeName(I));
    if (!Name.consume_front("__spirv_"))
      return std::nullopt;
    auto *Call = cast<CallInst>(&I);
    bool BuiltIn = Name.consume_front("BuiltIn");
    // __spirv_GlobalInvocationId_x(): the dimension is in the name.
    std::optional<unsigned> Dim;
    for (auto [Suffix, D] :
         {std::pair<StringRef, unsigned>{"_x", 0}, {"_y", 1}, {"_z", 2}})
      if (Name.consume_back(Suffix))
        Dim = D;
    std::optional<WorkItemQueryKind> Kind = getKind(Name);
    if (!Kind)
      return std::nullopt;
    if (*Kind == WorkItemQueryKind::WorkDim)
      return Call->arg_size() == 0
                 ? std::optional(WorkItemQuery{&I, *Kind, nullptr})
                 : std::nullopt;
    if (Dim && Call->arg_size() == 0)
      return query(I, *Kind, *Dim);
    if (BuiltIn && !Dim && Call->arg_size() == 1)
      return WorkItemQuery{&I, *Kind, Call->getArgOperand(0)};
    return std::nullopt;
  }

  bool isUnrecognizedQuery(Instruction &I) const override {
    // A builtin variable read in a shape of its own (the whole vector used
    // other than through extractelement, an odd offset or width), or a
    // builtin function this model does not know.
    if (matchQuery(I))
      return false;
    if (isa<CallInst>(I) &&
        getUnmangledName(getCalleeName(I)).contains("spirv_BuiltIn"))
      return true;
    auto *Load = dyn_cast<LoadInst>(&I);
    std::optional<BuiltinRead> Read = Load ? readsBuiltin(*Load) : std::nullopt;
    if (!Read || !Read->Kind)
      return false;
    if (Load->getType()->isVectorTy() && !Read->Offset)
      return !all_of(Load->users(),
                     [](const User *U) { return isa<ExtractElementInst>(U); });
    return true;
  }

  StringRef getUnmodelledQuery(const Instruction &I) const override {
    StringRef Unmodelled = OpenCLBuiltinWorkItemModel::getUnmodelledQuery(I);
    if (!Unmodelled.empty())
      return Unmodelled;
    StringRef Short;
    StringRef Name = getUnmodelledSPIRVName(I, Short);
    // Enqueued sizes are not remapped; linear ids are invariant.
    return Short.contains("Enqueued") ? Name : "";
  }

  StringRef getSubGroupUse(const Instruction &I) const override {
    if (StringRef Name = OpenCLBuiltinWorkItemModel::getSubGroupUse(I);
        !Name.empty())
      return Name;
    StringRef Short;
    StringRef Name = getUnmodelledSPIRVName(I, Short);
    return Short.contains("Subgroup") && !Short.contains("Enqueued") ? Name
                                                                     : "";
  }

  /// The SPIR-V built-in \p I reads that matchQuery does not model (a
  /// __spirv_BuiltIn* variable without a query kind, or a __spirv_* call),
  /// with \p Short set to it without "__spirv_" and "BuiltIn"; "" otherwise.
  StringRef getUnmodelledSPIRVName(const Instruction &I,
                                   StringRef &Short) const {
    StringRef Name;
    if (const auto *Load = dyn_cast<LoadInst>(&I)) {
      std::optional<BuiltinRead> Read = readsBuiltin(*Load);
      Name = Read && !Read->Kind ? Read->Name : "";
    } else {
      Name = getUnmangledName(getCalleeName(I));
    }
    Short = Name;
    if (!Short.consume_front("__spirv_"))
      return Short = "";
    Short.consume_front("BuiltIn");
    return Name;
  }

  StringRef getGroupCollective(const Instruction &I) const override {
    if (StringRef Name = OpenCLBuiltinWorkItemModel::getGroupCollective(I);
        !Name.empty())
      return Name;
    // __spirv_GroupIAdd, __spirv_GroupBroadcast, __spirv_GroupAll, ... at
    // any scope (the scope is their first operand).
    StringRef Name = getUnmangledName(getCalleeName(I));
    return Name.starts_with("__spirv_Group") ? Name : "";
  }

  bool isBarrier(const Instruction &I) const override {
    if (OpenCLBuiltinWorkItemModel::isBarrier(I))
      return true;
    if (getUnmangledName(getCalleeName(I)) != "__spirv_ControlBarrier")
      return false;
    // Execution scope Subgroup (3) or Invocation (4) is no work-group
    // barrier; any other, or an unknown one, is taken as one.
    auto *Scope = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
    return !Scope || Scope->getZExtValue() < 3;
  }

private:
  struct BuiltinRead {
    StringRef Name;
    std::optional<WorkItemQueryKind> Kind;
    uint64_t Offset = 0;
  };

  static std::optional<WorkItemQueryKind> getKind(StringRef Name) {
    return StringSwitch<std::optional<WorkItemQueryKind>>(Name)
        .Case("GlobalInvocationId", WorkItemQueryKind::GlobalId)
        .Case("LocalInvocationId", WorkItemQueryKind::LocalId)
        .Case("WorkgroupId", WorkItemQueryKind::GroupId)
        .Case("GlobalSize", WorkItemQueryKind::GlobalSize)
        .Case("WorkgroupSize", WorkItemQueryKind::LocalSize)
        .Case("NumWorkgroups", WorkItemQueryKind::NumGroups)
        .Case("GlobalOffset", WorkItemQueryKind::GlobalOffset)
        .Case("WorkDim", WorkItemQueryKind::WorkDim)
        .Default(std::nullopt);
  }

  static WorkItemQuery query(Instruction &I, WorkItemQueryKind Kind,
                             uint64_t Dim) {
    return WorkItemQuery{
        &I, Kind,
        Kind == WorkItemQueryKind::WorkDim
            ? nullptr
            : ConstantInt::get(Type::getInt32Ty(I.getContext()), Dim)};
  }

  /// If \p Load reads a __spirv_BuiltIn* variable: which, and at which
  /// byte offset.
  static std::optional<BuiltinRead> readsBuiltin(const LoadInst &Load) {
    const Module &M = *Load.getModule();
    APInt Offset(
        M.getDataLayout().getIndexTypeSizeInBits(Load.getPointerOperandType()),
        0);
    const Value *Base =
        Load.getPointerOperand()->stripAndAccumulateConstantOffsets(
            M.getDataLayout(), Offset, /*AllowNonInbounds=*/true);
    const auto *GV = dyn_cast<GlobalVariable>(Base);
    if (!GV || !GV->getName().starts_with("__spirv_BuiltIn") ||
        Offset.isNegative())
      return std::nullopt;
    StringRef Name = GV->getName();
    return BuiltinRead{Name,
                       getKind(Name.drop_front(strlen("__spirv_BuiltIn"))),
                       Offset.getZExtValue()};
  }
};

} // namespace

std::unique_ptr<WorkItemModel>
asyncpipe::createBuiltinWorkItemModel(const Module &M,
                                      unsigned LocalAddressSpace) {
  if (usesSPIRVBuiltins(M))
    return std::make_unique<SPIRVBuiltinWorkItemModel>(LocalAddressSpace);
  return std::make_unique<OpenCLBuiltinWorkItemModel>(LocalAddressSpace);
}
