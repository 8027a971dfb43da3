//===- AsyncLoopCounters.cpp - Values of loop-carried counters -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The prover proves one hypothesis:
//
//   at every entry of a loop header H, each header phi P of a set C equals
//   Base + c_P (modulo 2^width), where c_P is the difference of their
//   (constant) values on entry to the loop.
//
// It evaluates one iteration symbolically (every value is Coef * Base +
// Offset or unknown; branches whose condition is known under the hypothesis
// take one edge only), and checks that every live back edge carries values
// that satisfy the hypothesis again. Phis that do not are dropped from C and
// the evaluation is repeated; what remains is inductive, so every value
// found to be a constant is that constant on every execution.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncLoopCounters.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

/// Coef * S + Offset, modulo 2^width, for an unknown S named by Sym: 0 is
/// the base (the header phi's value on this iteration), others are the
/// values of join phis (see evaluateIteration). Constants have Sym 0.
struct LinearValue {
  unsigned Sym;
  APInt Coef, Offset;
  bool isConstant() const { return Coef.isZero(); }
  bool operator==(const LinearValue &O) const {
    return Sym == O.Sym && Coef == O.Coef && Offset == O.Offset;
  }
  /// Coef * S + Offset with the same unknown, or a constant.
  static LinearValue make(unsigned Sym, APInt Coef, APInt Offset) {
    return {Coef.isZero() ? 0u : Sym, std::move(Coef), std::move(Offset)};
  }
};

/// Whether \p L and \p R are multiples of one unknown (or constants), so
/// that they combine.
bool sameUnknown(const LinearValue &L, const LinearValue &R) {
  return L.isConstant() || R.isConstant() || L.Sym == R.Sym;
}
unsigned unknownOf(const LinearValue &L, const LinearValue &R) {
  return L.isConstant() ? R.Sym : L.Sym;
}

class LoopCounterDifference {
public:
  LoopCounterDifference(const DominatorTree &DT, const BasicBlock &Header,
                        ArrayRef<const BasicBlock *> RPO)
      : DT(DT), Header(Header), RPO(RPO) {}

  /// The value \p V has in block \p At on every execution, if the prover
  /// finds one.
  std::optional<APInt> provenConstant(const PHINode &Base, const Value &V,
                                      const BasicBlock &At);

private:
  std::optional<LinearValue> valueOf(const Value *V) const;
  std::optional<LinearValue> evaluate(const Instruction &I) const;
  /// One symbolic iteration under the current hypothesis; false if the
  /// region is not a natural loop nest the evaluation understands.
  bool evaluateIteration(const PHINode &Base);
  bool isLiveEdge(const BasicBlock *From, const BasicBlock *To) const {
    return LiveEdges.contains({From, To});
  }
  void markSuccessorsLive(const BasicBlock &BB);
  /// The value of a phi of a join inside the loop (see the definition).
  std::optional<LinearValue>
  joinValue(const PHINode &Phi, SmallVectorImpl<const PHINode *> &Leaders);

  const DominatorTree &DT;
  const BasicBlock &Header;
  ArrayRef<const BasicBlock *> RPO;
  /// The hypothesis: header phi -> its difference to the base.
  DenseMap<const PHINode *, APInt> Differences;
  DenseMap<const Value *, LinearValue> Known;
  DenseSet<std::pair<const BasicBlock *, const BasicBlock *>> LiveEdges;
  DenseSet<const BasicBlock *> Live;
  /// The last unknown named by a join phi (0 is the base).
  unsigned LastSym = 0;
};

std::optional<LinearValue>
LoopCounterDifference::valueOf(const Value *V) const {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return LinearValue{0, APInt::getZero(C->getBitWidth()), C->getValue()};
  auto It = Known.find(V);
  if (It == Known.end())
    return std::nullopt;
  return It->second;
}

std::optional<LinearValue>
LoopCounterDifference::evaluate(const Instruction &I) const {
  if (auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    std::optional<LinearValue> L = valueOf(Cmp->getOperand(0));
    std::optional<LinearValue> R = valueOf(Cmp->getOperand(1));
    if (!L || !R)
      return std::nullopt;
    std::optional<bool> Result;
    if (L->isConstant() && R->isConstant())
      Result = ICmpInst::compare(L->Offset, R->Offset, Cmp->getPredicate());
    else if (Cmp->isEquality() && L->Sym == R->Sym && L->Coef == R->Coef)
      // Same multiple of one unknown: equal exactly when the offsets are.
      Result = (L->Offset == R->Offset) ==
               (Cmp->getPredicate() == ICmpInst::ICMP_EQ);
    if (!Result || !Cmp->getType()->isIntegerTy(1))
      return std::nullopt;
    return LinearValue{0, APInt::getZero(1), APInt(1, *Result)};
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    std::optional<LinearValue> Cond = valueOf(Sel->getCondition());
    if (Cond && Cond->isConstant())
      return valueOf(Cond->Offset.isOne() ? Sel->getTrueValue()
                                          : Sel->getFalseValue());
    std::optional<LinearValue> T = valueOf(Sel->getTrueValue());
    std::optional<LinearValue> F = valueOf(Sel->getFalseValue());
    if (T && F && *T == *F)
      return T;
    return std::nullopt;
  }
  auto *BO = dyn_cast<BinaryOperator>(&I);
  if (!BO || !BO->getType()->isIntegerTy())
    return std::nullopt;
  std::optional<LinearValue> L = valueOf(BO->getOperand(0));
  std::optional<LinearValue> R = valueOf(BO->getOperand(1));
  if (!L || !R || !sameUnknown(*L, *R))
    return std::nullopt;
  unsigned Sym = unknownOf(*L, *R);
  switch (BO->getOpcode()) {
  case Instruction::Add:
    return LinearValue::make(Sym, L->Coef + R->Coef, L->Offset + R->Offset);
  case Instruction::Sub:
    return LinearValue::make(Sym, L->Coef - R->Coef, L->Offset - R->Offset);
  case Instruction::Mul:
    if (R->isConstant())
      return LinearValue::make(Sym, L->Coef * R->Offset, L->Offset * R->Offset);
    if (L->isConstant())
      return LinearValue::make(Sym, R->Coef * L->Offset, R->Offset * L->Offset);
    return std::nullopt;
  case Instruction::Xor:
    // ~X = -X - 1 (libcu++'s `head - tail - 1` is folded into this form).
    if (R->isConstant() && R->Offset.isAllOnes())
      return LinearValue::make(Sym, -L->Coef, -L->Offset - 1);
    if (L->isConstant() && R->isConstant())
      return LinearValue{0, L->Coef, L->Offset ^ R->Offset};
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

void LoopCounterDifference::markSuccessorsLive(const BasicBlock &BB) {
  const Instruction *Term = BB.getTerminator();
  const BasicBlock *Only = nullptr;
  if (auto *Br = dyn_cast<BranchInst>(Term); Br && Br->isConditional()) {
    if (std::optional<LinearValue> C = valueOf(Br->getCondition());
        C && C->isConstant())
      Only = Br->getSuccessor(C->Offset.isOne() ? 0 : 1);
  } else if (auto *SI = dyn_cast<SwitchInst>(Term)) {
    if (std::optional<LinearValue> C = valueOf(SI->getCondition());
        C && C->isConstant())
      Only = SI->findCaseValue(ConstantInt::get(SI->getContext(), C->Offset))
                 ->getCaseSuccessor();
  }
  for (const BasicBlock *Succ : successors(&BB))
    if (!Only || Succ == Only)
      LiveEdges.insert({&BB, Succ});
}

/// A join phi is the same value on every live incoming edge, if it is; or
/// else, when the edges bring it different values (a branch that skips both
/// counters' increments: head + 1 and tail + 1 on one edge, head and tail on
/// the other), it may still keep one difference to another phi of the join,
/// the leader: then it is the leader's value plus that difference. A leader
/// is a phi whose incoming values are all known but differ; its value names
/// a new unknown.
std::optional<LinearValue>
LoopCounterDifference::joinValue(const PHINode &Phi,
                                 SmallVectorImpl<const PHINode *> &Leaders) {
  const BasicBlock *BB = Phi.getParent();
  SmallVector<std::pair<const BasicBlock *, LinearValue>, 4> Incoming;
  for (unsigned Idx = 0, E = Phi.getNumIncomingValues(); Idx != E; ++Idx) {
    const BasicBlock *Pred = Phi.getIncomingBlock(Idx);
    if (!isLiveEdge(Pred, BB))
      continue;
    std::optional<LinearValue> In = valueOf(Phi.getIncomingValue(Idx));
    if (!In)
      return std::nullopt;
    Incoming.emplace_back(Pred, *In);
  }
  if (Incoming.empty())
    return std::nullopt;
  if (all_of(Incoming,
             [&](const auto &In) { return In.second == Incoming[0].second; }))
    return Incoming[0].second;
  if (!Phi.getType()->isIntegerTy())
    return std::nullopt;
  for (const PHINode *Leader : Leaders) {
    if (Leader->getType() != Phi.getType())
      continue;
    std::optional<APInt> Difference;
    bool Keeps = true;
    for (const auto &[Pred, In] : Incoming) {
      std::optional<LinearValue> Lead =
          valueOf(Leader->getIncomingValueForBlock(Pred));
      if (!Lead || !sameUnknown(In, *Lead) || In.Coef != Lead->Coef ||
          (!In.isConstant() && In.Sym != Lead->Sym) ||
          (Difference && *Difference != In.Offset - Lead->Offset)) {
        Keeps = false;
        break;
      }
      Difference = In.Offset - Lead->Offset;
    }
    if (Keeps) {
      const LinearValue &Lead = Known.find(Leader)->second;
      return LinearValue::make(Lead.Sym, Lead.Coef, Lead.Offset + *Difference);
    }
  }
  Leaders.push_back(&Phi);
  unsigned Width = Phi.getType()->getIntegerBitWidth();
  return LinearValue{++LastSym, APInt(Width, 1), APInt::getZero(Width)};
}

bool LoopCounterDifference::evaluateIteration(const PHINode &Base) {
  Known.clear();
  LiveEdges.clear();
  Live.clear();
  LastSym = 0;
  DenseMap<const BasicBlock *, unsigned> Order;
  for (const BasicBlock *BB : RPO)
    Order[BB] = Order.size();
  for (const BasicBlock *BB : RPO) {
    if (!DT.dominates(&Header, BB))
      continue;
    bool Reached = BB == &Header;
    bool InnerHeader = false;
    for (const BasicBlock *Pred : predecessors(BB)) {
      Reached |= isLiveEdge(Pred, BB);
      auto It = Order.find(Pred);
      if (It == Order.end() || It->second < Order[BB])
        continue;
      // An edge against the order: a back edge of a natural loop, or an
      // irreducible cycle, which this does not follow.
      if (!DT.dominates(BB, Pred))
        return false;
      InnerHeader |= BB != &Header;
    }
    if (!Reached)
      continue;
    Live.insert(BB);
    // Join phis that name a new unknown, for the block's other phis.
    SmallVector<const PHINode *, 2> Leaders;
    for (const Instruction &I : *BB) {
      std::optional<LinearValue> V;
      if (auto *Phi = dyn_cast<PHINode>(&I)) {
        if (BB == &Header) {
          auto It = Differences.find(Phi);
          if (It != Differences.end())
            V = LinearValue{0, APInt::getOneBitSet(It->second.getBitWidth(), 0),
                            It->second};
        } else if (!InnerHeader) {
          V = joinValue(*Phi, Leaders);
        }
      } else {
        V = evaluate(I);
      }
      if (V)
        Known.try_emplace(&I, *V);
    }
    markSuccessorsLive(*BB);
  }
  return Known.count(&Base);
}

std::optional<APInt>
LoopCounterDifference::provenConstant(const PHINode &Base, const Value &V,
                                      const BasicBlock &At) {
  // The hypothesis starts with every header phi of the base's type whose
  // value on entry to the loop is one constant.
  auto EntryConstant = [&](const PHINode &Phi) -> std::optional<APInt> {
    std::optional<APInt> C;
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
      if (DT.dominates(&Header, Phi.getIncomingBlock(I)))
        continue;
      auto *In = dyn_cast<ConstantInt>(Phi.getIncomingValue(I));
      if (!In || (C && *C != In->getValue()))
        return std::nullopt;
      C = In->getValue();
    }
    return C;
  };
  std::optional<APInt> BaseEntry = EntryConstant(Base);
  if (!BaseEntry)
    return std::nullopt;
  for (const PHINode &Phi : Header.phis())
    if (Phi.getType() == Base.getType())
      if (std::optional<APInt> C = EntryConstant(Phi))
        Differences.try_emplace(&Phi, *C - *BaseEntry);
  // Each round either proves the hypothesis inductive or drops a phi from
  // it, so there are at most as many rounds as header phis.
  while (true) {
    if (!evaluateIteration(Base))
      return std::nullopt;
    SmallVector<const PHINode *, 4> Broken;
    for (const BasicBlock *Latch : predecessors(&Header)) {
      if (!DT.dominates(&Header, Latch) || !isLiveEdge(Latch, &Header))
        continue;
      std::optional<LinearValue> NewBase =
          valueOf(Base.getIncomingValueForBlock(Latch));
      if (!NewBase)
        return std::nullopt;
      for (auto &[Phi, Diff] : Differences) {
        std::optional<LinearValue> New =
            valueOf(Phi->getIncomingValueForBlock(Latch));
        if (!New || New->Coef != NewBase->Coef || New->Sym != NewBase->Sym ||
            New->Offset != NewBase->Offset + Diff)
          Broken.push_back(Phi);
      }
    }
    if (Broken.empty())
      break;
    for (const PHINode *Phi : Broken) {
      if (Phi == &Base)
        return std::nullopt;
      Differences.erase(Phi);
    }
  }
  if (!Live.contains(&At))
    return std::nullopt;
  std::optional<LinearValue> Result = valueOf(&V);
  if (!Result || !Result->isConstant())
    return std::nullopt;
  return Result->Offset;
}

/// The loop-header phi the count \p V is computed from, if any: the first
/// found walking its operands through integer arithmetic, selects and phis.
const PHINode *findCounterPhi(const Value *V, const DominatorTree &DT) {
  SmallVector<const Value *, 16> Work = {V};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty() && Seen.size() < 64) {
    const Value *Cur = Work.pop_back_val();
    if (!Seen.insert(Cur).second)
      continue;
    if (auto *Phi = dyn_cast<PHINode>(Cur)) {
      if (any_of(predecessors(Phi->getParent()), [&](const BasicBlock *P) {
            return DT.dominates(Phi->getParent(), P);
          }))
        return Phi;
    }
    auto *I = dyn_cast<Instruction>(Cur);
    if (!I || !(isa<PHINode>(I) || isa<SelectInst>(I) ||
                isa<BinaryOperator>(I) || isa<ICmpInst>(I)))
      continue;
    for (const Value *Op : I->operands())
      if (Op->getType()->isIntegerTy())
        Work.push_back(Op);
  }
  return nullptr;
}

} // namespace

std::optional<APInt>
asyncpipe::proveLoopCounterConstant(const Value &V, const BasicBlock &At,
                                    const DominatorTree &DT) {
  const PHINode *Counter = findCounterPhi(&V, DT);
  if (!Counter || !DT.dominates(Counter->getParent(), &At))
    return std::nullopt;
  ReversePostOrderTraversal<const Function *> RPOT(At.getParent());
  SmallVector<const BasicBlock *, 32> RPO(RPOT.begin(), RPOT.end());
  return LoopCounterDifference(DT, *Counter->getParent(), RPO)
      .provenConstant(*Counter, V, At);
}
