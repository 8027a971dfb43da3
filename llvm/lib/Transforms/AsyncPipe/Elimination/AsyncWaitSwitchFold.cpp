//===- AsyncWaitSwitchFold.cpp - Fold run-time wait_group switches --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// PTX's cp.async.wait_group takes an immediate, so libcu++ waits for a
// run-time count with a switch over `cp.async.wait_group 0..8`; the count of
// cuda::pipeline's consumer_wait is `head - tail - 1` of two loop-carried
// 8-bit counters. In a steady loop that commits one group and releases one
// stage per iteration, that difference is the same on every iteration, but
// no stock pass proves it (the counters are not induction variables when a
// branch skips the increment). The prover below does, for one hypothesis:
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
// found to be a constant is that constant on every execution. Only the
// switch's condition is used: a switch whose count is proven constant is
// replaced by a branch to the one wait it executes.
//
//===----------------------------------------------------------------------===//

#include "AsyncWaitSwitchFold.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-elim"

ASYNCPIPE_STATISTIC(NumWaitSwitchesFolded,
                    "Number of run-time wait_group switches folded");

DiagnosticLocation asyncpipe::userLocation(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc().get();
  while (Loc && Loc->getInlinedAt())
    Loc = Loc->getInlinedAt();
  return DiagnosticLocation(Loc);
}

std::string asyncpipe::describeWait(const AsyncOp &Wait) {
  if (Wait.getForm() != AsyncOpForm::NVPTXInlineAsm)
    return Wait.getName().str();
  if (Wait.alsoWaitsForUncommittedCopies())
    return "cp.async.wait_all";
  std::string Text = "cp.async.wait_group ";
  if (std::optional<uint64_t> N = Wait.getConstantWaitCount())
    Text += std::to_string(*N);
  else
    Text += "N";
  return Text;
}

namespace {

/// Coef * Base + Offset, modulo 2^width.
struct LinearValue {
  APInt Coef, Offset;
  bool isConstant() const { return Coef.isZero(); }
  bool operator==(const LinearValue &O) const {
    return Coef == O.Coef && Offset == O.Offset;
  }
};

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

  const DominatorTree &DT;
  const BasicBlock &Header;
  ArrayRef<const BasicBlock *> RPO;
  /// The hypothesis: header phi -> its difference to the base.
  DenseMap<const PHINode *, APInt> Differences;
  DenseMap<const Value *, LinearValue> Known;
  DenseSet<std::pair<const BasicBlock *, const BasicBlock *>> LiveEdges;
  DenseSet<const BasicBlock *> Live;
};

std::optional<LinearValue>
LoopCounterDifference::valueOf(const Value *V) const {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return LinearValue{APInt::getZero(C->getBitWidth()), C->getValue()};
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
    else if (Cmp->isEquality() && L->Coef == R->Coef)
      // Same multiple of the base: equal exactly when the offsets are.
      Result = (L->Offset == R->Offset) ==
               (Cmp->getPredicate() == ICmpInst::ICMP_EQ);
    if (!Result || !Cmp->getType()->isIntegerTy(1))
      return std::nullopt;
    return LinearValue{APInt::getZero(1), APInt(1, *Result)};
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
  if (!L || !R)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case Instruction::Add:
    return LinearValue{L->Coef + R->Coef, L->Offset + R->Offset};
  case Instruction::Sub:
    return LinearValue{L->Coef - R->Coef, L->Offset - R->Offset};
  case Instruction::Mul:
    if (R->isConstant())
      return LinearValue{L->Coef * R->Offset, L->Offset * R->Offset};
    if (L->isConstant())
      return LinearValue{R->Coef * L->Offset, R->Offset * L->Offset};
    return std::nullopt;
  case Instruction::Xor:
    // ~X = -X - 1 (libcu++'s `head - tail - 1` is folded into this form).
    if (R->isConstant() && R->Offset.isAllOnes())
      return LinearValue{-L->Coef, -L->Offset - 1};
    if (L->isConstant() && R->isConstant())
      return LinearValue{L->Coef, L->Offset ^ R->Offset};
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

bool LoopCounterDifference::evaluateIteration(const PHINode &Base) {
  Known.clear();
  LiveEdges.clear();
  Live.clear();
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
    for (const Instruction &I : *BB) {
      std::optional<LinearValue> V;
      if (auto *Phi = dyn_cast<PHINode>(&I)) {
        if (BB == &Header) {
          auto It = Differences.find(Phi);
          if (It != Differences.end())
            V = LinearValue{APInt::getOneBitSet(It->second.getBitWidth(), 0),
                            It->second};
        } else if (!InnerHeader) {
          // The same value on every live incoming edge.
          bool Agree = true;
          for (unsigned Idx = 0, E = Phi->getNumIncomingValues(); Idx != E;
               ++Idx) {
            if (!isLiveEdge(Phi->getIncomingBlock(Idx), BB))
              continue;
            std::optional<LinearValue> In = valueOf(Phi->getIncomingValue(Idx));
            if (!In || (V && !(*V == *In))) {
              Agree = false;
              break;
            }
            V = In;
          }
          if (!Agree)
            V.reset();
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
        if (!New || New->Coef != NewBase->Coef ||
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

/// The native wait a block starts with, for a switch's successors.
AsyncOp leadingNativeWait(const BasicBlock &BB) {
  if (BB.empty() || isa<PHINode>(BB.front()))
    return AsyncOp();
  AsyncOp Wait = AsyncOp::get(*BB.getFirstNonPHIOrDbg());
  if (!Wait.isWait() || Wait.getSemantics() != AsyncSemantics::Hardware ||
      !getTrackedWaitCount(Wait))
    return AsyncOp();
  return Wait;
}

} // namespace

bool asyncpipe::isWaitGroupSwitch(const SwitchInst &SI) {
  if (SI.getNumCases() == 0)
    return false;
  for (const BasicBlock *Succ : successors(SI.getParent()))
    if (Succ->getUniquePredecessor() != SI.getParent() ||
        !leadingNativeWait(*Succ))
      return false;
  return true;
}

bool asyncpipe::foldWaitGroupSwitches(Function &F,
                                      ArrayRef<SwitchInst *> Switches,
                                      OptimizationRemarkEmitter &ORE) {
  if (Switches.empty())
    return false;
  DominatorTree DT(F);
  ReversePostOrderTraversal<const Function *> RPOT(&F);
  SmallVector<const BasicBlock *, 32> RPO(RPOT.begin(), RPOT.end());
  bool Folded = false;
  for (SwitchInst *SI : Switches) {
    BasicBlock *BB = SI->getParent();
    if (!DT.isReachableFromEntry(BB))
      continue;
    Value *Count = SI->getCondition();
    std::optional<APInt> Known;
    bool FromCounters = false;
    if (auto *C = dyn_cast<ConstantInt>(Count))
      Known = C->getValue();
    else if (const PHINode *Counter = findCounterPhi(Count, DT);
             Counter && DT.dominates(Counter->getParent(), BB)) {
      Known = LoopCounterDifference(DT, *Counter->getParent(), RPO)
                  .provenConstant(*Counter, *Count, *BB);
      FromCounters = true;
    }
    if (!Known) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "WaitSwitchKept",
                                        userLocation(*SI), BB)
               << "run-time cp.async.wait_group switch kept: its count is "
                  "not provably the same on every path";
      });
      continue;
    }
    BasicBlock *Dest =
        SI->findCaseValue(ConstantInt::get(SI->getContext(), *Known))
            ->getCaseSuccessor();
    AsyncOp Wait = leadingNativeWait(*Dest);
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "WaitSwitchFolded",
                                userLocation(*SI), BB)
             << "run-time cp.async.wait_group switch folded into one \""
             << ore::NV("Wait", describeWait(Wait)) << "\": its count is "
             << ore::NV("Count", Known->getZExtValue()) << " on every path"
             << (FromCounters ? " (the loop-carried counters it is computed "
                                "from keep the same difference on every "
                                "iteration)"
                              : "");
    });
    ++NumWaitSwitchesFolded;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: folding wait_group switch" << *SI
                           << " to count " << *Known << "\n");
    // The other successors start with a wait, so they have no phis; they
    // become unreachable and are deleted below.
    SmallPtrSet<BasicBlock *, 8> Others;
    for (BasicBlock *Succ : successors(BB))
      if (Succ != Dest)
        Others.insert(Succ);
    for (BasicBlock *Succ : Others)
      Succ->removePredecessor(BB);
    BranchInst::Create(Dest, SI->getIterator());
    SI->eraseFromParent();
    Folded = true;
  }
  if (Folded)
    removeUnreachableBlocks(F);
  return Folded;
}
