//===- FusionParamElision.cpp - One fused parameter per identical group ---===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A runtime often passes the same buffer to several kernels of a fusion list
// (the producer's output is the consumer's input). The fused kernel takes
// such a group of identical arguments as one parameter, so the inlined
// bodies visibly share one pointer, which is what lets internalization
// replace it by local or private memory. Parameters whose value the fused
// kernel no longer needs (promoted buffers, constants) are dropped last.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;

/// Flat index of every kernel argument, so that groups are sets of integers.
namespace {
class ArgNumbering {
public:
  explicit ArgNumbering(const FusionPlan &Plan) {
    unsigned Next = 0;
    for (const KernelPlan &K : Plan.Kernels) {
      FirstOfKernel.push_back(Next);
      Next += K.Kernel->arg_size();
    }
  }
  unsigned get(KernelArgRef Ref) const {
    return FirstOfKernel[Ref.Kernel] + Ref.Arg;
  }

private:
  SmallVector<unsigned, 4> FirstOfKernel;
};
} // namespace

static Error checkArgRef(const FusionPlan &Plan, KernelArgRef Ref,
                         StringRef Where) {
  if (Ref.Kernel >= Plan.Kernels.size())
    return refuse("invalid-argument-reference",
                  Where + " names kernel " + Twine(Ref.Kernel) +
                      ", but the list has " + Twine(Plan.Kernels.size()) +
                      " kernels");
  unsigned NumArgs = Plan.Kernels[Ref.Kernel].Kernel->arg_size();
  if (Ref.Arg >= NumArgs)
    return refuse("invalid-argument-reference",
                  Where + " names argument " + Twine(Ref.Arg) + " of " +
                      describeKernel(Plan, Ref.Kernel) + ", which has " +
                      Twine(NumArgs) + " arguments");
  return Error::success();
}

Error asyncpipe::planArgClasses(FusionPlan &Plan,
                                const KernelFusionSpec &Spec) {
  for (const auto &Group : Spec.IdenticalArgs)
    for (KernelArgRef Ref : Group)
      if (Error E = checkArgRef(Plan, Ref, "an identical-argument group"))
        return E;
  for (const PromotionHint &Hint : Spec.Promotions)
    if (Error E = checkArgRef(Plan, Hint.Arg, "a promotion hint"))
      return E;
  for (const ConstantArg &C : Spec.Constants)
    if (Error E = checkArgRef(Plan, C.Arg, "a constant"))
      return E;

  ArgNumbering Numbering(Plan);
  EquivalenceClasses<unsigned> Groups;
  for (const auto &Group : Spec.IdenticalArgs)
    for (KernelArgRef Ref : Group)
      Groups.unionSets(Numbering.get(Group.front()), Numbering.get(Ref));

  // Classes in order of their first member, so that the fused parameters
  // follow the kernels' parameter order.
  DenseMap<unsigned, unsigned> ClassOfLeader;
  for (unsigned KI = 0, KE = Plan.Kernels.size(); KI != KE; ++KI) {
    KernelPlan &K = Plan.Kernels[KI];
    for (Argument &A : K.Kernel->args()) {
      KernelArgRef Ref{KI, A.getArgNo()};
      unsigned Leader = Groups.getOrInsertLeaderValue(Numbering.get(Ref));
      auto [It, Inserted] =
          ClassOfLeader.try_emplace(Leader, Plan.Classes.size());
      if (Inserted) {
        Plan.Classes.emplace_back();
        Plan.Classes.back().Ty = A.getType();
      }
      ArgClass &Class = Plan.Classes[It->second];
      if (Class.Ty != A.getType())
        return refuse("identical-argument-type-mismatch",
                      describeArg(Plan, Ref) + " is declared identical to " +
                          describeArg(Plan, Class.Members.front()) +
                          " but their types differ");
      Class.Members.push_back(Ref);
      K.ArgClasses.push_back(It->second);
    }
  }
  return Error::success();
}

Function *asyncpipe::elideParams(Function &Fused, FusionPlan &Plan,
                                 SmallVectorImpl<KernelArgRef> &ParamsOut) {
  SmallVector<Type *, 8> KeptTypes;
  for (const ArgClass &Class : Plan.Classes)
    if (!Class.isElided()) {
      KeptTypes.push_back(Class.Ty);
      ParamsOut.push_back(Class.Members.front());
    }
  auto *Ty = FunctionType::get(Fused.getReturnType(), KeptTypes, false);
  Function *Kept = Function::Create(Ty, Fused.getLinkage(),
                                    Fused.getAddressSpace(), "", &Plan.M);
  Kept->copyAttributesFrom(&Fused);
  SmallVector<AttributeSet, 8> KeptParamAttrs;
  for (auto [Index, Class] : enumerate(Plan.Classes))
    if (!Class.isElided())
      KeptParamAttrs.push_back(Fused.getAttributes().getParamAttrs(Index));
  Kept->setAttributes(
      AttributeList::get(Fused.getContext(), Fused.getAttributes().getFnAttrs(),
                         Fused.getAttributes().getRetAttrs(), KeptParamAttrs));
  Kept->splice(Kept->begin(), &Fused);

  auto KeptArg = Kept->arg_begin();
  for (auto [Class, OldArg] : zip(Plan.Classes, Fused.args())) {
    if (Class.isElided())
      continue;
    KeptArg->takeName(&OldArg);
    OldArg.replaceAllUsesWith(&*KeptArg);
    ++KeptArg;
  }
  Kept->takeName(&Fused);
  Fused.eraseFromParent();
  return Kept;
}
