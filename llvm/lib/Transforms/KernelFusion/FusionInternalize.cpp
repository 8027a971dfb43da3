//===- FusionInternalize.cpp - Promote fused buffers to local/private -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Once kernels are fused, a buffer that only carries data from one kernel to
// the next no longer needs global memory: each work-group (local promotion)
// or each work-item (private promotion) only ever touches its own slice. The
// buffer argument is replaced by a shared-memory array of
// original_size / num_work_groups elements or by a private array of
// original_size / global_size elements, and every access ptr + offset
// becomes ptr + offset % new_size, as the fusion design specifies. The user
// promises, by asking for the promotion, that this keeps the program's
// meaning. Every kernel using the argument must ask for the same promotion
// and, with different nd-ranges, need a replacement of the same size;
// otherwise the buffer stays in global memory (the promotion is dropped,
// with the reason) and the kernels still fuse.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static StringRef getPromotionName(Promotion Kind) {
  switch (Kind) {
  case Promotion::None:
    return "none";
  case Promotion::Local:
    return "local";
  case Promotion::Private:
    return "private";
  }
  llvm_unreachable("unknown promotion");
}

/// Refuses a hint that names no promotable buffer: a non-pointer argument,
/// or a buffer of zero elements. "none" hints need neither.
static Error checkHint(const FusionPlan &Plan, const PromotionHint &Hint) {
  if (Hint.Kind == Promotion::None)
    return Error::success();
  unsigned ClassIndex = Plan.Kernels[Hint.Arg.Kernel].ArgClasses[Hint.Arg.Arg];
  if (!Plan.Classes[ClassIndex].Ty->isPointerTy())
    return refuse("promotion-of-non-pointer",
                  describeArg(Plan, Hint.Arg) +
                      " is not a pointer and cannot be promoted");
  bool Overflows = false;
  SaturatingMultiply(Hint.NumElements, Hint.ElementSize, &Overflows);
  if (!Hint.NumElements || !Hint.ElementSize || Overflows)
    return refuse("invalid-promotion-hint",
                  "the promotion hint for " + describeArg(Plan, Hint.Arg) +
                      " needs a non-zero element count and element size "
                      "whose product fits in 64 bits");
  return Error::success();
}

/// "local promotion (64 elements of 4 bytes)" or "no promotion".
static std::string describeHint(const PromotionHint &Hint) {
  if (Hint.Kind == Promotion::None)
    return "no promotion";
  return (getPromotionName(Hint.Kind) + " promotion (" +
          Twine(Hint.NumElements) + " elements of " + Twine(Hint.ElementSize) +
          " bytes)")
      .str();
}

static bool sameHint(const PromotionHint &A, const PromotionHint &B) {
  if (A.Kind != B.Kind)
    return false;
  return A.Kind == Promotion::None ||
         (A.NumElements == B.NumElements && A.ElementSize == B.ElementSize);
}

/// Why the hints of one class disagree, or success if they all say the
/// same. Promotion replaces the buffer for every kernel using it, so every
/// kernel must ask for the same replacement; "none" is a request too.
static Error checkHintsAgree(const FusionPlan &Plan,
                             ArrayRef<const PromotionHint *> Hints) {
  const PromotionHint &First = *Hints.front();
  for (const PromotionHint *Hint : Hints.drop_front()) {
    if (sameHint(First, *Hint))
      continue;
    std::string Other = Hint->Arg == First.Arg ? "another hint for it"
                                               : describeArg(Plan, Hint->Arg) +
                                                     ", identical to it,";
    return refuse("conflicting-promotion-hints",
                  describeArg(Plan, First.Arg) + " asks for " +
                      describeHint(First) + " but " + Other + " asks for " +
                      describeHint(*Hint) +
                      "; only a buffer every kernel asks the same promotion "
                      "for is promoted");
  }
  return Error::success();
}

/// The element count of the replacement of \p Class as kernel \p KernelIndex
/// sees it.
static Expected<uint64_t> getPromotedSize(const FusionPlan &Plan,
                                          const ArgClass &Class,
                                          KernelArgRef Member,
                                          uint64_t OriginalElements) {
  const NDRange &Range = Plan.Kernels[Member.Kernel].Range;
  if (Class.Kind == Promotion::Private)
    return OriginalElements / Range.getGlobalLinearSize();
  if (!Range.hasLocalSize())
    return refuse("local-promotion-without-local-size",
                  describeArg(Plan, Member) +
                      " is promoted to local memory, but the kernel's "
                      "nd-range " +
                      Range.str() + " has no local size");
  return OriginalElements / Range.getNumWorkGroups();
}

/// The element count of \p Class's replacement, the same for every kernel
/// using it, or why there is none.
static Expected<uint64_t> getCommonPromotedSize(const FusionPlan &Plan,
                                                const ArgClass &Class,
                                                uint64_t Elements) {
  KernelArgRef First = Class.Members.front();
  uint64_t Common = 0;
  for (KernelArgRef Member : Class.Members) {
    Expected<uint64_t> Size = getPromotedSize(Plan, Class, Member, Elements);
    if (!Size)
      return Size.takeError();
    if (*Size == 0)
      return refuse(
          "promoted-size-zero",
          describeArg(Plan, Member) + " has " + Twine(Elements) +
              " elements, fewer than the " +
              (Class.Kind == Promotion::Local ? "work-groups" : "work-items") +
              " of its nd-range " + Plan.Kernels[Member.Kernel].Range.str());
    if (Member == First) {
      Common = *Size;
      continue;
    }
    if (*Size != Common)
      return refuse("promoted-size-mismatch",
                    "the " + getPromotionName(Class.Kind) + " replacement of " +
                        describeArg(Plan, First) + " has " + Twine(Common) +
                        " elements but " + describeArg(Plan, Member) +
                        " would need " + Twine(*Size));
  }
  return Common;
}

/// Keeps \p Class in global memory and records why, as the fusion design
/// does for a promotion that cannot be done: the kernels still fuse.
static void dropPromotion(FusionPlan &Plan, ArgClass &Class, Error Why) {
  handleAllErrors(std::move(Why), [&](const FusionRefusal &R) {
    Plan.DroppedPromotions.push_back(
        {Class.Members.front(), R.getRestriction().str(), R.getDetail().str()});
  });
  Class.Kind = Promotion::None;
  Class.ElementSize = 0;
  Class.PromotedElements = 0;
}

Error asyncpipe::planPromotions(FusionPlan &Plan,
                                const KernelFusionSpec &Spec) {
  SmallVector<SmallVector<const PromotionHint *, 2>, 8> HintsByClass(
      Plan.Classes.size());
  for (const PromotionHint &Hint : Spec.Promotions) {
    if (Error E = checkHint(Plan, Hint))
      return E;
    HintsByClass[Plan.Kernels[Hint.Arg.Kernel].ArgClasses[Hint.Arg.Arg]]
        .push_back(&Hint);
  }

  // In class order, so that dropped promotions are reported in a stable
  // order. Hints that disagree, like a size that differs between kernels,
  // keep the buffer in global memory: unpromoted, every kernel sees the
  // buffer it saw unfused, so the kernels still fuse.
  for (auto [ClassIndex, Class] : enumerate(Plan.Classes)) {
    ArrayRef<const PromotionHint *> Hints = HintsByClass[ClassIndex];
    if (Hints.empty())
      continue;
    if (Error E = checkHintsAgree(Plan, Hints)) {
      dropPromotion(Plan, Class, std::move(E));
      continue;
    }
    const PromotionHint &Hint = *Hints.front();
    if (Hint.Kind == Promotion::None)
      continue;
    Class.Kind = Hint.Kind;
    Class.ElementSize = Hint.ElementSize;
    Expected<uint64_t> Size =
        getCommonPromotedSize(Plan, Class, Hint.NumElements);
    if (!Size)
      dropPromotion(Plan, Class, Size.takeError());
    else
      Class.PromotedElements = *Size;
  }
  return Error::success();
}

namespace {

/// A byte offset from the promoted pointer: sum of Value * Scale + Constant.
struct SymbolicOffset {
  SmallMapVector<Value *, int64_t, 4> Terms;
  int64_t Constant = 0;
};

/// Redirects every access through one promoted argument to its replacement.
class AccessRewriter {
public:
  /// With \p DryRun, only checks that every use can be rewritten.
  AccessRewriter(const FusionPlan &Plan, const ArgClass &Class,
                 Value &Replacement, bool DryRun)
      : Plan(Plan), Class(Class), Replacement(Replacement),
        DL(Plan.M.getDataLayout()), DryRun(DryRun) {}

  Error rewrite(Argument &Promoted);

private:
  Error visitUse(Use &U, const SymbolicOffset &Offset);
  bool addGEPOffset(GEPOperator &GEP, SymbolicOffset &Offset) const;
  /// The address in the replacement of byte \p Offset of the original
  /// buffer: element (offset / size) % new_size, same byte within it.
  Value *createRemappedAddress(IRBuilderBase &B,
                               const SymbolicOffset &Offset) const;
  Error unsupportedUse(const Instruction &User) const;

  const FusionPlan &Plan;
  const ArgClass &Class;
  Value &Replacement;
  const DataLayout &DL;
  bool DryRun;
  SmallVector<Instruction *, 8> Dead;
};

Error AccessRewriter::unsupportedUse(const Instruction &User) const {
  return refuse("unsupported-promoted-pointer-use",
                "the " + getPromotionName(Class.Kind) + " promotion of " +
                    describeArg(Plan, Class.Members.front()) +
                    " needs every use of the pointer to be an address "
                    "computation, load or store, but a '" +
                    User.getOpcodeName() + "' instruction uses it");
}

bool AccessRewriter::addGEPOffset(GEPOperator &GEP,
                                  SymbolicOffset &Offset) const {
  unsigned BitWidth = DL.getIndexTypeSizeInBits(GEP.getType());
  SmallMapVector<Value *, APInt, 4> Variables;
  APInt Constant(BitWidth, 0);
  if (!GEP.collectOffset(DL, BitWidth, Variables, Constant))
    return false;
  Offset.Constant += Constant.getSExtValue();
  for (auto &[V, Scale] : Variables)
    Offset.Terms[V] += Scale.getSExtValue();
  return true;
}

Value *
AccessRewriter::createRemappedAddress(IRBuilderBase &B,
                                      const SymbolicOffset &Offset) const {
  int64_t Size = Class.ElementSize;
  Value *NewSize = B.getInt64(Class.PromotedElements);
  bool WholeElements = Offset.Constant % Size == 0;
  for (auto &[V, Scale] : Offset.Terms)
    WholeElements &= Scale % Size == 0;

  // Sum of V * (Scale / Divisor) + Constant / Divisor.
  auto Sum = [&](int64_t Divisor) -> Value * {
    Value *Total = nullptr;
    for (auto &[V, Scale] : Offset.Terms) {
      Value *Term = B.CreateSExtOrTrunc(V, B.getInt64Ty());
      if (Scale / Divisor != 1)
        Term = B.CreateMul(Term, B.getInt64(Scale / Divisor));
      Total = Total ? B.CreateAdd(Total, Term) : Term;
    }
    Value *C = B.getInt64(Offset.Constant / Divisor);
    if (!Total)
      return C;
    return Offset.Constant ? B.CreateAdd(Total, C) : Total;
  };

  if (WholeElements) {
    Value *Index = B.CreateURem(Sum(Size), NewSize, "promoted.index");
    // An integer type of the element's size where one is common, to keep
    // the address computation readable.
    Type *ElementTy = isPowerOf2_64(Size) && Size <= 16
                          ? cast<Type>(B.getIntNTy(Size * 8))
                          : ArrayType::get(B.getInt8Ty(), Size);
    return B.CreateInBoundsGEP(ElementTy, &Replacement, Index, "promoted.addr");
  }
  Value *Bytes = Sum(1);
  Value *Element = B.CreateURem(B.CreateUDiv(Bytes, B.getInt64(Size)), NewSize,
                                "promoted.index");
  Value *Within = B.CreateURem(Bytes, B.getInt64(Size));
  Value *NewBytes = B.CreateAdd(B.CreateMul(Element, B.getInt64(Size)), Within);
  return B.CreateInBoundsGEP(B.getInt8Ty(), &Replacement, NewBytes,
                             "promoted.addr");
}

Error AccessRewriter::visitUse(Use &U, const SymbolicOffset &Offset) {
  auto *User = dyn_cast<Instruction>(U.getUser());
  if (!User)
    return refuse("unsupported-promoted-pointer-use",
                  describeArg(Plan, Class.Members.front()) +
                      " is used outside an instruction");
  auto Redirect = [&]() {
    if (DryRun)
      return Error::success();
    IRBuilder<> B(User);
    U.set(createRemappedAddress(B, Offset));
    return Error::success();
  };
  auto Follow = [&](const SymbolicOffset &Derived) -> Error {
    if (!DryRun)
      Dead.push_back(User);
    for (Use &Next : make_early_inc_range(User->uses()))
      if (Error E = visitUse(Next, Derived))
        return E;
    return Error::success();
  };

  if (auto *GEP = dyn_cast<GetElementPtrInst>(User)) {
    SymbolicOffset Derived = Offset;
    if (U.getOperandNo() != 0 ||
        !addGEPOffset(*cast<GEPOperator>(GEP), Derived))
      return unsupportedUse(*User);
    return Follow(Derived);
  }
  if (isa<AddrSpaceCastInst>(User) || isa<BitCastInst>(User))
    return Follow(Offset);
  if (isa<LoadInst>(User))
    return Redirect();
  if (auto *Store = dyn_cast<StoreInst>(User))
    return U.getOperandNo() == Store->getPointerOperandIndex()
               ? Redirect()
               : unsupportedUse(*User);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(User))
    return U.getOperandNo() == RMW->getPointerOperandIndex()
               ? Redirect()
               : unsupportedUse(*User);
  if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(User))
    return U.getOperandNo() == CmpXchg->getPointerOperandIndex()
               ? Redirect()
               : unsupportedUse(*User);
  return unsupportedUse(*User);
}

Error AccessRewriter::rewrite(Argument &Promoted) {
  for (Use &U : make_early_inc_range(Promoted.uses()))
    if (Error E = visitUse(U, SymbolicOffset()))
      return E;
  // Address computations and casts of the old pointer, users first.
  for (Instruction *I : reverse(Dead))
    if (I->use_empty())
      I->eraseFromParent();
  return Error::success();
}

/// The local or private array replacing \p Class in \p Fused.
Value *createReplacement(Function &Fused, const FusionPlan &Plan,
                         const ArgClass &Class, unsigned ClassIndex) {
  Module &M = Plan.M;
  uint64_t Bytes = Class.PromotedElements * Class.ElementSize;
  auto *Ty = ArrayType::get(Type::getInt8Ty(M.getContext()), Bytes);
  if (Class.Kind == Promotion::Local) {
    auto *GV = new GlobalVariable(
        M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
        UndefValue::get(Ty), Plan.FusedName + ".local." + Twine(ClassIndex),
        nullptr, GlobalValue::NotThreadLocal,
        Plan.Model.getLocalAddressSpace());
    GV->setAlignment(Align(16));
    return GV;
  }
  IRBuilder<> B(&*Fused.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Private =
      B.CreateAlloca(Ty, M.getDataLayout().getAllocaAddrSpace(), nullptr,
                     "private." + Twine(ClassIndex));
  Private->setAlignment(Align(16));
  return Private;
}

} // namespace

Error asyncpipe::internalizePromotedArgs(Function &Fused, FusionPlan &Plan) {
  for (auto [ClassIndex, Class] : enumerate(Plan.Classes)) {
    if (Class.Kind == Promotion::None)
      continue;
    Argument &Promoted = *Fused.getArg(ClassIndex);
    // Check every use first: a promotion that cannot be done is dropped,
    // the buffer stays in global memory and the kernels still fuse.
    if (Error E = AccessRewriter(Plan, Class, Promoted, /*DryRun=*/true)
                      .rewrite(Promoted)) {
      dropPromotion(Plan, Class, std::move(E));
      continue;
    }
    Value *Replacement = createReplacement(Fused, Plan, Class, ClassIndex);
    AccessRewriter Rewriter(Plan, Class, *Replacement, /*DryRun=*/false);
    if (Error E = Rewriter.rewrite(Promoted))
      return E;
  }
  return Error::success();
}
