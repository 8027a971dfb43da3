//===- FusionEntry.cpp - The fused kernel's entry point -------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Builds the fused kernel: one parameter per group of identical arguments,
// then each kernel of the list in order, inlined, with a work-group barrier
// between consecutive kernels so that a kernel sees everything its
// predecessors wrote within the work-group (what separate launches
// guaranteed). Each kernel's body is first copied and flattened (its callees
// inlined) so that its work-item queries can be remapped to its own
// nd-range; work-items beyond that range skip the body but still reach the
// barriers, which every work-item of a work-group must execute. Recursive
// callees cannot be inlined: they stay calls, which is only sound for a
// kernel that needs remapping if they ask for no work-item information.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

/// Which defined functions are recursive (part of a cycle of direct calls).
/// Their bodies cannot be inlined completely, so a kernel keeps its calls to
/// them; answers are cached across the kernels of one fusion.
class RecursionInfo {
public:
  bool isRecursive(Function &F) {
    auto [It, Inserted] = Cache.try_emplace(&F, false);
    if (Inserted)
      It->second = reaches(F, F);
    return It->second;
  }

  /// \p F and every defined function it reaches through direct calls, in
  /// the order first reached.
  static SmallVector<Function *, 8> getReachable(Function &F) {
    SmallVector<Function *, 8> Order = {&F};
    SmallPtrSet<Function *, 8> Seen = {&F};
    for (unsigned I = 0; I != Order.size(); ++I)
      for (Function *Callee : getDefinedCallees(*Order[I]))
        if (Seen.insert(Callee).second)
          Order.push_back(Callee);
    return Order;
  }

private:
  static SmallVector<Function *, 8> getDefinedCallees(Function &F) {
    SmallVector<Function *, 8> Callees;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration())
          Callees.push_back(Callee);
    return Callees;
  }

  static bool reaches(Function &From, Function &Target) {
    for (Function *F : getReachable(From))
      if (is_contained(getDefinedCallees(*F), &Target))
        return true;
    return false;
  }

  DenseMap<Function *, bool> Cache;
};

} // namespace

/// Inlines every direct call to a defined function in \p Body, except calls
/// to recursive functions, which are kept (and collected in \p Kept, each
/// once, in the order first met).
static Error flattenCalls(Function &Body, const FusionPlan &Plan,
                          unsigned KernelIndex, RecursionInfo &Recursion,
                          SmallVectorImpl<Function *> &Kept) {
  while (true) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(Body)) {
      auto *Call = dyn_cast<CallBase>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || Callee->isDeclaration())
        continue;
      if (!Recursion.isRecursive(*Callee))
        Calls.push_back(Call);
      else if (!is_contained(Kept, Callee))
        Kept.push_back(Callee);
    }
    if (Calls.empty())
      return Error::success();
    for (CallBase *Call : Calls) {
      std::string CalleeName = Call->getCalledFunction()->getName().str();
      InlineFunctionInfo IFI;
      InlineResult Result = InlineFunction(*Call, IFI);
      if (!Result.isSuccess())
        return refuse(
            "call-not-inlinable",
            describeKernel(Plan, KernelIndex) + " calls " + CalleeName +
                ", which cannot be inlined: " + Result.getFailureReason());
    }
  }
}

/// If \p I asks for work-item information that kernel \p K's remapping
/// would have to rewrite, what it asks for; empty otherwise. Sub-group uses
/// keep their meaning when the kernel has a local size (see
/// remapWorkItemQueries).
static std::string getRemappableUse(Instruction &I, const KernelPlan &K,
                                    const FusionPlan &Plan) {
  const WorkItemModel &Model = Plan.Model;
  if (std::optional<WorkItemQuery> Q = Model.matchQuery(I))
    return getWorkItemQueryName(Q->Kind).str();
  if (StringRef Name = Model.getUnmodelledQuery(I); !Name.empty())
    return Name.str();
  if (Model.isUnrecognizedQuery(I))
    return "work-item information in a form " + Model.getName().str() +
           " fusion does not know";
  if (StringRef Name = Model.getSubGroupUse(I);
      !Name.empty() && !K.Range.hasLocalSize())
    return Name.str();
  return "";
}

/// Checks the recursive functions kernel \p KernelIndex keeps calling: they
/// are not inlined, so their work-item queries could not be remapped and
/// their barriers not checked against the kernel's guard. Refuses if one of
/// them, or a function it calls, asks for work-item information.
static Error checkKeptRecursiveCalls(ArrayRef<Function *> Kept,
                                     const FusionPlan &Plan,
                                     unsigned KernelIndex) {
  const KernelPlan &K = Plan.Kernels[KernelIndex];
  for (Function *Recursive : Kept) {
    for (Function *F : RecursionInfo::getReachable(*Recursive)) {
      for (Instruction &I : instructions(*F)) {
        std::string Use = getRemappableUse(I, K, Plan);
        if (Use.empty())
          continue;
        return refuse(
            "recursive-call",
            describeKernel(Plan, KernelIndex) +
                " reaches the recursive function " + Recursive->getName() +
                (F == Recursive ? "" : " calling " + F->getName().str()) +
                ", which reads " + Use +
                " and cannot be inlined to remap it; launch the kernel on "
                "the fused nd-range " +
                Plan.FusedRange.str());
      }
      // Work-items beyond the kernel's grid skip the call, and with it
      // any barrier in there.
      if (Error E = checkGuardedBarriers(*F, K, Plan))
        return E;
    }
  }
  return Error::success();
}

/// A private copy of kernel \p KernelIndex's body, flattened and with its
/// work-item queries remapped to the kernel's nd-range.
static Expected<Function *> createKernelBody(const FusionPlan &Plan,
                                             unsigned KernelIndex,
                                             RecursionInfo &Recursion) {
  const KernelPlan &K = Plan.Kernels[KernelIndex];
  // Only a kernel whose work-item queries are rewritten, or which some
  // work-items skip, needs every query and barrier in one body; the others
  // keep the calls they cannot inline, as the fusion design does.
  bool NeedsFlatBody = K.RemapSizes || K.RemapGlobalId || K.NeedsGuard;
  ValueToValueMapTy VMap;
  Function *Body = CloneFunction(K.Kernel, VMap);
  Body->setName(K.Kernel->getName() + ".body");
  Body->setLinkage(GlobalValue::InternalLinkage);
  // Kernel calling conventions (amdgpu_kernel, ptx_kernel) forbid calls.
  Body->setCallingConv(CallingConv::C);
  // noalias held within one launch; across the fused bodies a buffer may
  // well be passed to several kernels.
  for (Argument &A : Body->args())
    A.removeAttr(Attribute::NoAlias);
  // Callees are inlined where possible, recursive ones kept; only a kernel
  // that needs it flat is refused when one cannot be, or when a recursive
  // one it keeps asks for work-item information.
  SmallVector<Function *, 2> Kept;
  if (Error E = flattenCalls(*Body, Plan, KernelIndex, Recursion, Kept)) {
    if (NeedsFlatBody)
      return E;
    consumeError(std::move(E));
    return Body;
  }
  if (!NeedsFlatBody)
    return Body;
  if (Error E = checkKeptRecursiveCalls(Kept, Plan, KernelIndex))
    return E;
  if (Error E = checkGuardedBarriers(*Body, K, Plan))
    return E;
  if (Error E = remapWorkItemQueries(*Body, K, Plan))
    return E;
  return Body;
}

/// Attributes that change how an argument is passed: every kernel receiving
/// the same value must agree on them.
static constexpr Attribute::AttrKind PassingAttrs[] = {
    Attribute::ByVal,    Attribute::ByRef,        Attribute::StructRet,
    Attribute::InAlloca, Attribute::Preallocated, Attribute::InReg,
    Attribute::ZExt,     Attribute::SExt};

/// Attributes that describe the value passed, not what one kernel does with
/// it, so they hold for the fused kernel's parameter too. noalias, readonly,
/// captures and the like only held within one kernel and are dropped.
static constexpr Attribute::AttrKind ValueAttrs[] = {
    Attribute::Alignment,       Attribute::NonNull,
    Attribute::Dereferenceable, Attribute::DereferenceableOrNull,
    Attribute::NoUndef,         Attribute::Range};

static AttributeSet getPassingAttrs(const Argument &A) {
  AttributeSet All = A.getParent()->getAttributes().getParamAttrs(A.getArgNo());
  AttrBuilder B(A.getContext());
  for (Attribute::AttrKind Kind : PassingAttrs)
    if (All.hasAttribute(Kind))
      B.addAttribute(All.getAttribute(Kind));
  return AttributeSet::get(A.getContext(), B);
}

Error asyncpipe::checkArgPassing(const FusionPlan &Plan) {
  for (const ArgClass &Class : Plan.Classes) {
    KernelArgRef First = Class.Members.front();
    const Argument &FirstArg =
        *Plan.Kernels[First.Kernel].Kernel->getArg(First.Arg);
    AttributeSet Expected = getPassingAttrs(FirstArg);
    for (KernelArgRef Member : Class.Members)
      if (getPassingAttrs(*Plan.Kernels[Member.Kernel].Kernel->getArg(
              Member.Arg)) != Expected)
        return refuse("identical-argument-passing-mismatch",
                      describeArg(Plan, Member) + " is declared identical to " +
                          describeArg(Plan, First) +
                          " but is passed differently (byval, byref, inreg, "
                          "zeroext or signext differ); declare only arguments "
                          "passed the same way identical");
  }
  return Error::success();
}

/// The parameter attributes of the fused kernel's parameter for \p Class:
/// how it is passed, and what every kernel knows about the value.
static AttributeSet getFusedParamAttrs(const FusionPlan &Plan,
                                       const ArgClass &Class) {
  KernelArgRef First = Class.Members.front();
  Function &Kernel = *Plan.Kernels[First.Kernel].Kernel;
  AttributeSet Attrs = Kernel.getAttributes().getParamAttrs(First.Arg);
  AttrBuilder B(Kernel.getContext());
  for (Attribute::AttrKind Kind : PassingAttrs)
    if (Attrs.hasAttribute(Kind))
      B.addAttribute(Attrs.getAttribute(Kind));
  for (Attribute::AttrKind Kind : ValueAttrs)
    if (Attrs.hasAttribute(Kind))
      B.addAttribute(Attrs.getAttribute(Kind));
  return AttributeSet::get(Kernel.getContext(), B);
}

/// An empty function with one parameter per argument class, with the
/// kernels' calling convention and the attributes they share.
static Function *createEmptyEntry(const FusionPlan &Plan) {
  SmallVector<Type *, 8> ParamTypes;
  for (const ArgClass &Class : Plan.Classes)
    ParamTypes.push_back(Class.Ty);
  Function &First = *Plan.Kernels.front().Kernel;
  auto *Ty = FunctionType::get(Type::getVoidTy(Plan.M.getContext()), ParamTypes,
                               false);
  Function *Entry = Function::Create(Ty, GlobalValue::ExternalLinkage,
                                     "asyncpipe.fused.entry", Plan.M);
  Entry->setCallingConv(First.getCallingConv());
  for (StringRef Kind : {"target-cpu", "target-features"})
    if (First.hasFnAttribute(Kind))
      Entry->addFnAttr(First.getFnAttribute(Kind));
  bool AllNoUnwind = all_of(Plan.Kernels, [](const KernelPlan &K) {
    return K.Kernel->hasFnAttribute(Attribute::NoUnwind);
  });
  if (AllNoUnwind)
    Entry->addFnAttr(Attribute::NoUnwind);
  Entry->addFnAttr(Attribute::Convergent);
  for (auto [Class, Param] : zip(Plan.Classes, Entry->args())) {
    KernelArgRef Owner = Class.Members.front();
    Param.setName(
        Plan.Kernels[Owner.Kernel].Kernel->getArg(Owner.Arg)->getName());
    // byval and the like are part of the kernel's ABI: the runtime passes
    // the fused kernel's arguments as it passed the originals'.
    AttrBuilder Attrs(Entry->getContext(), getFusedParamAttrs(Plan, Class));
    Param.addAttrs(Attrs);
  }
  return Entry;
}

Expected<Function *> asyncpipe::createFusedEntry(FusionPlan &Plan) {
  Function *Entry = createEmptyEntry(Plan);
  LLVMContext &Ctx = Plan.M.getContext();
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Entry));
  Value *LinearId = nullptr;
  if (any_of(Plan.Kernels, [](const KernelPlan &K) { return K.NeedsGuard; }))
    LinearId = createGlobalLinearId(B, Plan);

  SmallVector<CallInst *, 4> Calls;
  RecursionInfo Recursion;
  for (unsigned I = 0, E = Plan.Kernels.size(); I != E; ++I) {
    const KernelPlan &K = Plan.Kernels[I];
    Expected<Function *> Body = createKernelBody(Plan, I, Recursion);
    if (!Body)
      return Body.takeError();
    BasicBlock *Done = nullptr;
    if (K.NeedsGuard) {
      // Work-items outside this kernel's grid skip its body only.
      BasicBlock *Run = BasicBlock::Create(Ctx, "kernel." + Twine(I), Entry);
      Done = BasicBlock::Create(Ctx, "kernel." + Twine(I) + ".done", Entry);
      Value *InRange =
          B.CreateICmpULT(LinearId, B.getInt64(K.Range.getGlobalLinearSize()),
                          "kernel." + Twine(I) + ".in.range");
      B.CreateCondBr(InRange, Run, Done);
      B.SetInsertPoint(Run);
    }
    SmallVector<Value *, 8> Args;
    for (unsigned ClassIndex : K.ArgClasses)
      Args.push_back(Entry->getArg(ClassIndex));
    CallInst *Call = B.CreateCall(*Body, Args);
    Call->setCallingConv((*Body)->getCallingConv());
    Calls.push_back(Call);
    if (Done) {
      B.CreateBr(Done);
      B.SetInsertPoint(Done);
    }
    if (I + 1 != E && !Plan.NoBarriers)
      Plan.Model.createBarrier(B);
  }
  B.CreateRetVoid();

  // Inline once the whole entry exists, so that no builder points into a
  // block the inliner splits.
  for (CallInst *Call : Calls) {
    Function *Body = Call->getCalledFunction();
    InlineFunctionInfo IFI;
    InlineResult Result = InlineFunction(*Call, IFI);
    if (!Result.isSuccess())
      return refuse("call-not-inlinable",
                    "the body of " + Body->getName() +
                        " cannot be inlined: " + Result.getFailureReason());
    Body->eraseFromParent();
  }
  return Entry;
}
