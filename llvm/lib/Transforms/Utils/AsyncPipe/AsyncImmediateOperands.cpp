//===- AsyncImmediateOperands.cpp - Merged immediates, split --------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A merged immediate is split back along the value that merged it. A call
// SimplifyCFG sank to the top of a join goes back onto each incoming edge,
// with the phis' values for that edge; otherwise a select of two constants
// becomes a branch on its condition, and anything else a switch on the
// merged value whose cases each hold the call with one constant. Only values
// built from constants alone are taken for merges; a value computed at run
// time is the program's error, which the lowering reports.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Utils/AsyncPipe/AsyncImmediateOperands.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {
/// A merge of more values than this is not what sinking calls makes; it is
/// left to the caller's diagnostic rather than turned into a large switch.
constexpr unsigned MaxMergeNodes = 64;
constexpr unsigned MaxMergedConstants = 16;
/// How deep valuesFromOneSource looks for the value a merge is computed
/// from: SimplifyCFG's arithmetic is a few operations.
constexpr unsigned MaxSourceDepth = 8;

/// \p V as a select between two different integer constants, or null.
SelectInst *asSelectOfTwoConstants(Value *V) {
  auto *Select = dyn_cast<SelectInst>(V);
  if (!Select)
    return nullptr;
  const auto *T = dyn_cast<ConstantInt>(Select->getTrueValue());
  const auto *F = dyn_cast<ConstantInt>(Select->getFalseValue());
  return T && F && T != F ? Select : nullptr;
}

/// \p V, frozen unless it is known to be well defined: the call accepted an
/// undefined operand, a branch on one would be undefined behaviour.
Value *freezeForBranch(IRBuilderBase &B, Value *V) {
  if (isGuaranteedNotToBeUndefOrPoison(V))
    return V;
  return B.CreateFreeze(V, V->getName() + ".frozen");
}

/// The values \p V has on the edge from \p From to \p To when the edge is
/// taken for those values only: the cases of a switch on \p V that lead to
/// \p To (its default must not), or the constant of a branch on an equality
/// with \p V. SimplifyCFG forwards a switch's condition into a phi where the
/// phi had the case's constant, so this is how such a merge is read.
SmallVector<APInt, 4> getValuesOnEdge(const Value *V, const BasicBlock *From,
                                      const BasicBlock *To) {
  SmallVector<APInt, 4> Values;
  const Instruction *Term = From->getTerminator();
  if (const auto *Switch = dyn_cast<SwitchInst>(Term)) {
    if (Switch->getCondition() != V || Switch->getDefaultDest() == To)
      return Values;
    for (const auto &Case : Switch->cases())
      if (Case.getCaseSuccessor() == To)
        Values.push_back(Case.getCaseValue()->getValue());
    return Values;
  }
  const auto *Branch = dyn_cast<BranchInst>(Term);
  const auto *Compare = Branch && Branch->isConditional()
                            ? dyn_cast<ICmpInst>(Branch->getCondition())
                            : nullptr;
  const auto *Constant =
      Compare ? dyn_cast<ConstantInt>(Compare->getOperand(1)) : nullptr;
  if (!Constant || !Compare->isEquality() || Compare->getOperand(0) != V)
    return Values;
  unsigned IfEqual = Compare->getPredicate() == ICmpInst::ICMP_EQ ? 0 : 1;
  if (Branch->getSuccessor(IfEqual) == To &&
      Branch->getSuccessor(1 - IfEqual) != To)
    Values.push_back(Constant->getValue());
  return Values;
}

/// The values an integer \p V can have on entering a block, when every path
/// into the block from \p V's definition takes an edge that is taken for
/// some of its values only (getValuesOnEdge). SimplifyCFG forwards a
/// switch's condition into the calls it sinks below the cases, so that
/// `case 1: mark.queue(1)` and `case 2: mark.queue(2)`, sunk to where both
/// cases meet, become `mark.queue(%k)`: there %k is 1 or 2 only.
class ValuesOnPaths {
public:
  explicit ValuesOnPaths(const Value &V) : V(V) {}

  /// In increasing order without repeats; none if some path carries \p V
  /// into \p BB unconstrained, or there are too many paths or values.
  std::optional<SmallVector<uint64_t, 4>> entering(const BasicBlock &BB) {
    SmallVector<APInt, 4> Values;
    if (V.getType()->getIntegerBitWidth() > 64 || !collect(BB, Values) ||
        Values.empty())
      return std::nullopt;
    SmallVector<uint64_t, 4> Result;
    for (const APInt &Value : Values)
      Result.push_back(Value.getZExtValue());
    sort(Result);
    Result.erase(llvm::unique(Result), Result.end());
    if (Result.size() > MaxMergedConstants)
      return std::nullopt;
    return Result;
  }

private:
  /// Adds to \p Values those \p V has on the paths into \p BB; false if
  /// some path leaves it unconstrained.
  bool collect(const BasicBlock &BB, SmallVectorImpl<APInt> &Values) {
    const auto *Def = dyn_cast<Instruction>(&V);
    if (++Visits > MaxMergeNodes || BB.isEntryBlock() ||
        (Def && Def->getParent() == &BB))
      return false;
    // A path around a cycle back to a block on it carries the values that
    // entered the cycle, which the other paths into it collect.
    if (!OnPath.insert(&BB).second)
      return true;
    SmallPtrSet<const BasicBlock *, 4> Seen;
    for (const BasicBlock *Pred : predecessors(&BB)) {
      if (!Seen.insert(Pred).second)
        continue;
      SmallVector<APInt, 4> OnEdge = getValuesOnEdge(&V, Pred, &BB);
      if (OnEdge.empty() && !collect(*Pred, Values))
        return false;
      append_range(Values, OnEdge);
    }
    OnPath.erase(&BB);
    return true;
  }

  const Value &V;
  SmallPtrSet<const BasicBlock *, 16> OnPath;
  unsigned Visits = 0;
};

/// Whether \p Call can be moved back into the predecessors of its block, as
/// SimplifyCFG found it: its merged operand is a phi of that block, nothing
/// but phis comes before it there, and every edge into the block can be
/// split.
bool canUnsink(const CallInst &Call, const Value *Merged) {
  const BasicBlock *Join = Call.getParent();
  const auto *Phi = dyn_cast<PHINode>(Merged);
  if (!Phi || Phi->getParent() != Join || !Call.getType()->isVoidTy())
    return false;
  for (const Instruction &I : *Join) {
    if (&I == &Call)
      break;
    if (!isa<PHINode>(I))
      return false;
  }
  // One edge from each predecessor: a second edge from the same block would
  // bypass the copy put on the first.
  return all_of(predecessors(Join), [&](const BasicBlock *Pred) {
    return isa<BranchInst, SwitchInst>(Pred->getTerminator()) &&
           count(successors(Pred), Join) == 1;
  });
}

/// \p V's value on the edge from \p Pred into its phi's block \p Join: \p V
/// itself if it is a constant, or the one value the edge is taken for.
Value *getValueOnEdge(Value *V, const BasicBlock *Pred,
                      const BasicBlock *Join) {
  if (isa<Constant>(V))
    return V;
  SmallVector<APInt, 4> Values = getValuesOnEdge(V, Pred, Join);
  if (Values.size() != 1)
    return V;
  return ConstantInt::get(V->getType(), Values.front());
}

/// Moves \p Call back into a new block on each edge into its block, where
/// each of its operands that is a phi of that block becomes the phi's value
/// on that edge: the calls the optimizer merged, as they were written.
SmallVector<CallBase *, 4> unsink(CallInst &Call) {
  BasicBlock *Join = Call.getParent();
  SmallSetVector<BasicBlock *, 4> Preds(llvm::from_range, predecessors(Join));
  SmallVector<CallBase *, 4> Copies;
  for (BasicBlock *Pred : Preds) {
    auto *Copy = cast<CallInst>(Call.clone());
    for (Use &Arg : Copy->args())
      if (auto *Phi = dyn_cast<PHINode>(Arg.get());
          Phi && Phi->getParent() == Join)
        Arg.set(
            getValueOnEdge(Phi->getIncomingValueForBlock(Pred), Pred, Join));
    BasicBlock *Edge = SplitEdge(Pred, Join);
    Copy->insertBefore(Edge->getTerminator()->getIterator());
    Copies.push_back(Copy);
  }
  Call.eraseFromParent();
  return Copies;
}

/// Replaces \p Call by one copy of it per value of \p Constants in operand
/// \p ArgNo, chosen by the merged operand's value; returns the copies.
SmallVector<CallBase *, 4> splitOnOperand(CallInst &Call, unsigned ArgNo,
                                          ArrayRef<uint64_t> Constants) {
  Value *Merged = Call.getArgOperand(ArgNo);
  auto *Ty = cast<IntegerType>(Merged->getType());
  BasicBlock *Head = Call.getParent();
  BasicBlock *Tail = SplitBlock(Head, &Call);
  Head->getTerminator()->eraseFromParent();
  Function &F = *Head->getParent();
  LLVMContext &Ctx = F.getContext();

  PHINode *Result = nullptr;
  if (!Call.getType()->isVoidTy())
    Result =
        PHINode::Create(Call.getType(), Constants.size(),
                        Call.getName() + ".merged", Tail->getFirstNonPHIIt());
  SmallVector<CallBase *, 4> Copies;
  SmallVector<BasicBlock *, 4> Cases;
  for (uint64_t Value : Constants) {
    BasicBlock *Case = BasicBlock::Create(
        Ctx, Head->getName() + ".imm" + Twine(Value), &F, Tail);
    auto *Copy = cast<CallInst>(Call.clone());
    Copy->setArgOperand(ArgNo, ConstantInt::get(Ty, Value));
    Copy->insertInto(Case, Case->end());
    BranchInst::Create(Tail, Case);
    if (Result)
      Result->addIncoming(Copy, Case);
    Copies.push_back(Copy);
    Cases.push_back(Case);
  }

  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Call.getDebugLoc());
  if (SelectInst *Select = asSelectOfTwoConstants(Merged)) {
    auto CaseOf = [&](const Value *Arm) {
      uint64_t Value = cast<ConstantInt>(Arm)->getZExtValue();
      return Cases[find(Constants, Value) - Constants.begin()];
    };
    B.CreateCondBr(freezeForBranch(B, Select->getCondition()),
                   CaseOf(Select->getTrueValue()),
                   CaseOf(Select->getFalseValue()));
  } else {
    // Every value the merge can take has a case; the last one doubles as
    // the default, which is never taken.
    SwitchInst *Switch = B.CreateSwitch(freezeForBranch(B, Merged),
                                        Cases.back(), Cases.size() - 1);
    for (auto [Value, Case] : zip(Constants.drop_back(), Cases))
      Switch->addCase(ConstantInt::get(Ty, Value), Case);
  }
  if (Result)
    Call.replaceAllUsesWith(Result);
  Call.eraseFromParent();
  return Copies;
}
} // namespace

namespace {
/// Collects the values a merge of constants can take. InstCombine rewrites
/// the merges it is given (`select %c, i32 1, i32 0` is `zext i1 %c`,
/// `select %c, i32 5, i32 4` an add of that), so a merge is any tree of
/// phis, selects, casts and operations with a constant over constants or
/// over an i1, which is a merge of 0 and 1 itself.
class MergedConstants {
public:
  std::optional<SmallVector<uint64_t, 4>> collect(const Value *V) {
    std::optional<SmallVector<APInt, 4>> Values = valuesOf(V);
    if (!Values || Values->empty() || V->getType()->getIntegerBitWidth() > 64)
      return std::nullopt;
    SmallVector<uint64_t, 4> Result;
    for (const APInt &Value : *Values)
      Result.push_back(Value.getZExtValue());
    sort(Result);
    Result.erase(llvm::unique(Result), Result.end());
    return Result;
  }

private:
  using ValueSet = SmallVector<APInt, 4>;

  static void add(ValueSet &Set, const APInt &Value) {
    if (!is_contained(Set, Value))
      Set.push_back(Value);
  }

  std::optional<ValueSet> valuesOf(const Value *V) {
    if (!V->getType()->isIntegerTy() || ++Nodes > MaxMergeNodes)
      return std::nullopt;
    if (const auto *C = dyn_cast<ConstantInt>(V))
      return ValueSet{C->getValue()};
    if (V->getType()->isIntegerTy(1))
      return ValueSet{APInt(1, 0), APInt(1, 1)};
    // A phi reached again through a loop adds nothing new if the loop only
    // passes the value on; one that computes with it (a counter) can take
    // any value.
    if (auto It = Visiting.find(V); It != Visiting.end()) {
      if (It->second != Computations)
        return std::nullopt;
      return ValueSet{};
    }
    Visiting[V] = Computations;
    std::optional<ValueSet> Result = valuesOfInstruction(V);
    Visiting.erase(V);
    if (Result && Result->size() > MaxMergedConstants)
      return std::nullopt;
    return Result;
  }

  std::optional<ValueSet> unionOf(ArrayRef<const Value *> Operands) {
    ValueSet Union;
    for (const Value *Operand : Operands) {
      std::optional<ValueSet> Values = valuesOf(Operand);
      if (!Values)
        return std::nullopt;
      for (const APInt &Value : *Values)
        add(Union, Value);
    }
    return Union;
  }

  std::optional<ValueSet> valuesOfInstruction(const Value *V) {
    if (const auto *Phi = dyn_cast<PHINode>(V))
      return valuesOfPhi(*Phi);
    if (const auto *Select = dyn_cast<SelectInst>(V)) {
      // Folded from its one source first: that reads the condition too,
      // where the arms alone may give values no path takes.
      if (std::optional<ValueSet> Values = valuesFromOneSource(*Select))
        return Values;
      return unionOf({Select->getTrueValue(), Select->getFalseValue()});
    }
    if (const auto *Cast = dyn_cast<CastInst>(V)) {
      std::optional<ValueSet> Values = computing(Cast->getOperand(0));
      if (!Values)
        return std::nullopt;
      unsigned Width = Cast->getType()->getIntegerBitWidth();
      ValueSet Result;
      for (const APInt &Value : *Values) {
        switch (Cast->getOpcode()) {
        case Instruction::ZExt:
          add(Result, Value.zext(Width));
          break;
        case Instruction::SExt:
          add(Result, Value.sext(Width));
          break;
        case Instruction::Trunc:
          add(Result, Value.trunc(Width));
          break;
        default:
          return std::nullopt;
        }
      }
      return Result;
    }
    if (const auto *BinOp = dyn_cast<BinaryOperator>(V);
        BinOp && isa<Constant>(BinOp->getOperand(0)) !=
                     isa<Constant>(BinOp->getOperand(1)))
      if (std::optional<ValueSet> Values = valuesOfBinaryOperator(*BinOp))
        return Values;
    if (const auto *Load = dyn_cast<LoadInst>(V))
      return valuesOfTableLoad(*Load);
    if (std::optional<ValueSet> Values = valuesOfTwoValuedInstruction(V))
      return Values;
    if (const auto *I = dyn_cast<Instruction>(V))
      return valuesFromOneSource(*I);
    return std::nullopt;
  }

  /// Whether \p V is what valuesFromOneSource folds through: a compare, a
  /// select, a cast or an operation on integers.
  static bool isFoldedThrough(const Value *V) {
    return isa<ICmpInst, SelectInst, CastInst, BinaryOperator>(V) &&
           V->getType()->isIntegerTy();
  }

  /// The integer values of \p V that fit in few enough cases, or none.
  static std::optional<ConstantRange> getSmallRange(const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || !I->getType()->isIntegerTy() || I->getType()->isIntegerTy(1))
      return std::nullopt;
    ConstantRange Range = computeConstantRangeIncludingKnownBits(
        I, /*ForSigned=*/false, SimplifyQuery(I->getDataLayout(), I));
    if (Range.isEmptySet() || Range.isSizeLargerThan(MaxMergedConstants))
      return std::nullopt;
    return Range;
  }

  /// Collects into \p Sources the values \p V is computed from: the
  /// deepest operands, through compares, selects, casts and operations, whose
  /// range is small. False if some operand is neither.
  static bool collectSources(const Value *V,
                             SmallSetVector<const Value *, 2> &Sources,
                             unsigned Depth) {
    if (isa<Constant>(V))
      return true;
    if (isFoldedThrough(V) && Depth < MaxSourceDepth) {
      SmallSetVector<const Value *, 2> Inner;
      if (all_of(cast<Instruction>(V)->operands(), [&](const Use &Op) {
            return collectSources(Op.get(), Inner, Depth + 1);
          })) {
        Sources.insert_range(Inner);
        return true;
      }
    }
    if (!getSmallRange(V))
      return false;
    Sources.insert(V);
    return true;
  }

  /// \p V folded to a constant with \p Source replaced by \p SourceValue,
  /// or null.
  static Constant *foldWithSource(const Value *V, const Value *Source,
                                  Constant *SourceValue, const DataLayout &DL) {
    if (V == Source)
      return SourceValue;
    if (auto *C = dyn_cast<Constant>(const_cast<Value *>(V)))
      return C;
    auto Fold = [&](const Value *Operand) {
      return foldWithSource(Operand, Source, SourceValue, DL);
    };
    if (const auto *Select = dyn_cast<SelectInst>(V)) {
      auto *Condition =
          dyn_cast_or_null<ConstantInt>(Fold(Select->getCondition()));
      if (!Condition)
        return nullptr;
      return Fold(Condition->isOne() ? Select->getTrueValue()
                                     : Select->getFalseValue());
    }
    SmallVector<Constant *, 2> Operands;
    for (const Use &Op : cast<Instruction>(V)->operands()) {
      Constant *C = Fold(Op.get());
      if (!C)
        return nullptr;
      Operands.push_back(C);
    }
    if (const auto *Compare = dyn_cast<ICmpInst>(V))
      return ConstantFoldCompareInstOperands(Compare->getPredicate(),
                                             Operands[0], Operands[1], DL);
    if (const auto *Cast = dyn_cast<CastInst>(V))
      return ConstantFoldCastOperand(Cast->getOpcode(), Operands[0],
                                     Cast->getType(), DL);
    return ConstantFoldBinaryOpOperands(cast<BinaryOperator>(V)->getOpcode(),
                                        Operands[0], Operands[1], DL);
  }

  /// The values of \p Root when it is computed, through compares, selects,
  /// casts and operations, from one value of a small range: SimplifyCFG
  /// writes a switch whose cases' constants lie on a line as arithmetic on
  /// the switch value under a select (`select (icmp ugt %k, 2), 2, 3 * %k +
  /// 8`). Each value of the range is put in and the whole tree folded,
  /// conditions included, so only the constants some value of the source
  /// computes are kept.
  static std::optional<ValueSet> valuesFromOneSource(const Instruction &Root) {
    SmallSetVector<const Value *, 2> Sources;
    if (!isFoldedThrough(&Root) || !collectSources(&Root, Sources, 0) ||
        Sources.size() != 1 || Sources.front() == &Root)
      return std::nullopt;
    const Value *Source = Sources.front();
    ConstantRange Range = *getSmallRange(Source);
    const DataLayout &DL = Root.getDataLayout();
    ValueSet Result;
    APInt SourceValue = Range.getLower();
    uint64_t Size = Range.isFullSet()
                        ? uint64_t(1) << Range.getBitWidth()
                        : (Range.getUpper() - Range.getLower()).getZExtValue();
    for (uint64_t I = 0; I != Size; ++I, ++SourceValue) {
      auto *Folded = dyn_cast_or_null<ConstantInt>(foldWithSource(
          &Root, Source, ConstantInt::get(Source->getType(), SourceValue), DL));
      if (!Folded)
        return std::nullopt;
      add(Result, Folded->getValue());
    }
    return Result;
  }

  /// The values of a load from a table of constants: SimplifyCFG writes a
  /// switch whose cases' constants follow no pattern as a load from a private
  /// constant array (`@switch.table.*`) indexed by the switch value. Any
  /// element may be read, and only an element: an access outside the array,
  /// or straddling two elements, is not the array's type.
  static std::optional<ValueSet> valuesOfTableLoad(const LoadInst &Load) {
    const auto *Element = dyn_cast<GEPOperator>(Load.getPointerOperand());
    if (!Load.isSimple() || !Element || !isWholeElementIndex(*Element, Load))
      return std::nullopt;
    const auto *Table = dyn_cast<GlobalVariable>(Element->getPointerOperand());
    if (!Table || !Table->isConstant() || !Table->hasDefinitiveInitializer())
      return std::nullopt;
    const auto *Elements = dyn_cast<ConstantDataArray>(Table->getInitializer());
    if (!Elements || Elements->getElementType() != Load.getType() ||
        Elements->getNumElements() > MaxMergeNodes)
      return std::nullopt;
    ValueSet Result;
    for (unsigned I = 0, E = Elements->getNumElements(); I != E; ++I)
      add(Result, Elements->getElementAsAPInt(I));
    return Result;
  }

  /// Whether \p Element addresses one whole element of an array of \p Load's
  /// type: `gep T, @table, %i` or `gep [N x T], @table, 0, %i`.
  static bool isWholeElementIndex(const GEPOperator &Element,
                                  const LoadInst &Load) {
    Type *Indexed = Element.getSourceElementType();
    if (Element.getNumIndices() == 1)
      return Indexed == Load.getType();
    const auto *First = dyn_cast<ConstantInt>(Element.idx_begin()->get());
    return Element.getNumIndices() == 2 && First && First->isZero() &&
           Indexed->isArrayTy() &&
           Indexed->getArrayElementType() == Load.getType();
  }

  /// A value known bit by bit to take at most two values: InstCombine
  /// writes `select (icmp sgt %n, -1), 0, 1` as `lshr %n, 31`.
  static std::optional<ValueSet> valuesOfTwoValuedInstruction(const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return std::nullopt;
    ConstantRange Range = computeConstantRangeIncludingKnownBits(
        I, /*ForSigned=*/false, SimplifyQuery(I->getDataLayout(), I));
    if (Range.isFullSet() || Range.isEmptySet() || Range.isSizeLargerThan(2))
      return std::nullopt;
    ValueSet Values = {Range.getLower()};
    if (!Range.isSingleElement())
      Values.push_back(Range.getLower() + 1);
    return Values;
  }

  /// The union of a phi's values on each of its edges.
  std::optional<ValueSet> valuesOfPhi(const PHINode &Phi) {
    ValueSet Union;
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
      const Value *Incoming = Phi.getIncomingValue(I);
      std::optional<ValueSet> Values;
      if (!isa<Constant>(Incoming))
        Values = ValueSet(getValuesOnEdge(Incoming, Phi.getIncomingBlock(I),
                                          Phi.getParent()));
      if (!Values || Values->empty())
        Values = valuesOf(Incoming);
      if (!Values)
        return std::nullopt;
      for (const APInt &Value : *Values)
        add(Union, Value);
    }
    return Union;
  }

  /// An operation with one constant operand, applied to each value of the
  /// other.
  std::optional<ValueSet> valuesOfBinaryOperator(const BinaryOperator &BinOp) {
    const DataLayout &DL = BinOp.getDataLayout();
    auto *LHSConstant = dyn_cast<Constant>(BinOp.getOperand(0));
    auto *RHSConstant = dyn_cast<Constant>(BinOp.getOperand(1));
    std::optional<ValueSet> Values =
        computing(BinOp.getOperand(LHSConstant ? 1 : 0));
    if (!Values)
      return std::nullopt;
    ValueSet Result;
    for (const APInt &Value : *Values) {
      Constant *Other = ConstantInt::get(BinOp.getType(), Value);
      Constant *Folded = ConstantFoldBinaryOpOperands(
          BinOp.getOpcode(), LHSConstant ? LHSConstant : Other,
          RHSConstant ? RHSConstant : Other, DL);
      auto *FoldedInt = dyn_cast_or_null<ConstantInt>(Folded);
      if (!FoldedInt)
        return std::nullopt;
      add(Result, FoldedInt->getValue());
    }
    return Result;
  }

  /// The values of \p Operand of a cast or an operation.
  std::optional<ValueSet> computing(const Value *Operand) {
    ++Computations;
    std::optional<ValueSet> Values = valuesOf(Operand);
    --Computations;
    return Values;
  }

  unsigned Nodes = 0;
  /// Casts and operations between the value asked for and the one visited.
  unsigned Computations = 0;
  /// The values being visited, with the computations above each.
  SmallDenseMap<const Value *, unsigned, 16> Visiting;
};
} // namespace

std::optional<SmallVector<uint64_t, 4>>
asyncpipe::getMergedConstants(const Value *V) {
  return MergedConstants().collect(V);
}

SmallVector<CallBase *, 4>
asyncpipe::splitMergedImmediates(CallBase &Call, ArrayRef<unsigned> ArgNos) {
  SmallVector<CallBase *, 4> Calls = {&Call};
  for (unsigned ArgNo : ArgNos) {
    SmallVector<CallBase *, 4> Next;
    for (CallBase *C : Calls) {
      Value *Operand =
          ArgNo < C->arg_size() ? C->getArgOperand(ArgNo) : nullptr;
      std::optional<SmallVector<uint64_t, 4>> Constants;
      // Invokes were made calls by the pass before it got here; one that is
      // left is reported like any other non-constant operand.
      if (Operand && !isa<Constant>(Operand) && isa<CallInst>(C) &&
          Operand->getType()->isIntegerTy()) {
        Constants = getMergedConstants(Operand);
        if (!Constants)
          Constants = ValuesOnPaths(*Operand).entering(*C->getParent());
      }
      if (!Constants || Constants->empty()) {
        Next.push_back(C);
        continue;
      }
      auto &Merged = *cast<CallInst>(C);
      if (!canUnsink(Merged, Operand)) {
        append_range(Next, splitOnOperand(Merged, ArgNo, *Constants));
        continue;
      }
      // An edge's value may itself be a merge (of an earlier join).
      for (CallBase *Copy : unsink(Merged))
        append_range(Next, splitMergedImmediates(*Copy, ArgNo));
    }
    Calls = std::move(Next);
  }
  return Calls;
}
