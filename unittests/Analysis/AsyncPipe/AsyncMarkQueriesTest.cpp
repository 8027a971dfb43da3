//===- AsyncMarkQueriesTest.cpp - The mark analysis' query paths ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The ways the one mark analysis answers without rerunning code: queries
// out of program order and across blocks (the distance solver's cursor, the
// counts' per-event states and binary search), many marks, and the backward
// solve of observed marks checked against the forward distance solver on
// random control flow, and the distances of futures (kept only where live)
// against a plain solver with a distance per future at every block.
//
//===----------------------------------------------------------------------===//

#include "AsyncFunctionTest.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <random>
#include <set>
#include <string>

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

class AsyncMarkQueriesTest : public AsyncFunctionTest {
protected:
  static SmallVector<Instruction *, 16> marks(Function &F) {
    SmallVector<Instruction *, 16> Marks;
    for (Instruction &I : instructions(F))
      if (AsyncOp::get(I).isMark())
        Marks.push_back(&I);
    return Marks;
  }
};

const char *TwoBlocks = R"(
define void @f(i1 %c) {
entry:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 3)
  %x = add i32 0, 1
  call void @asyncpipe.mark()
  %y = add i32 %x, 1
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  br i1 %c, label %a, label %b
a:
  call void @asyncpipe.mark()
  %z = add i32 %y, 1
  call void @asyncpipe.wait(i32 0)
  br label %b
b:
  %w = add i32 %y, 2
  call void @asyncpipe.mark()
  ret void
})";

TEST_F(AsyncMarkQueriesTest, DistancesInAnyOrderAndAcrossBlocks) {
  Function &F = parse(TwoBlocks);
  SmallVector<Instruction *, 16> Marks = marks(F);
  SmallVector<Value *, 16> Tracked(Marks.begin(), Marks.end());
  MarkDistances::Options Opts;
  // In program order: the reference answers.
  MarkDistances InOrder(F, Tracked, Opts);
  std::vector<MarkDistances::Distance> Expected;
  SmallVector<const Instruction *, 32> Points;
  for (Instruction &I : instructions(F))
    Points.push_back(&I);
  for (const Instruction *P : Points)
    for (Value *V : Tracked)
      Expected.push_back(InOrder.at(V, *P));
  // Spot checks of the reference: the first mark seen after two more marks
  // at wait(1); at %w the minimum over a (one mark since) and the edge
  // (none); a's mark is none before it and 0 at %w (through a).
  EXPECT_EQ(InOrder.at(Marks[0], *Points[6]), 2u);
  EXPECT_EQ(InOrder.at(Marks[2], *Points[12]), 0u);
  EXPECT_EQ(InOrder.at(Marks[3], *Points[8]), MarkDistances::None);
  EXPECT_EQ(InOrder.at(Marks[3], *Points[12]), 0u);
  // Backwards, and then alternating between blocks: the same answers.
  MarkDistances Backwards(F, Tracked, Opts);
  for (unsigned P = Points.size(); P != 0; --P)
    for (unsigned V = 0; V != Tracked.size(); ++V)
      EXPECT_EQ(Backwards.at(Tracked[V], *Points[P - 1]),
                Expected[(P - 1) * Tracked.size() + V]);
  MarkDistances Alternating(F, Tracked, Opts);
  for (unsigned Round = 0; Round != 2; ++Round)
    for (unsigned P = 0; P != Points.size(); ++P) {
      unsigned Q = P % 2 ? Points.size() - 1 - P : P;
      for (unsigned V = 0; V != Tracked.size(); ++V)
        EXPECT_EQ(Alternating.at(Tracked[V], *Points[Q]),
                  Expected[Q * Tracked.size() + V]);
    }
}

TEST_F(AsyncMarkQueriesTest, CountsBetweenEvents) {
  Function &F = parse(TwoBlocks);
  AsyncMarkCounts Counts(F);
  auto Before = [&](StringRef Name) {
    for (Instruction &I : instructions(F))
      if (I.getName() == Name)
        return Counts.before(I, AsyncSemantics::Activation);
    ADD_FAILURE() << "no " << Name.str();
    return MarkBounds();
  };
  // Between events the state is the one after the last event before.
  MarkBounds X = Before("x"); // after wait(3) of one mark
  EXPECT_EQ(X.Min, 1u);
  EXPECT_EQ(X.Max, 1u);
  MarkBounds Y = Before("y");
  EXPECT_EQ(Y.Min, 2u);
  EXPECT_EQ(Y.Max, 2u);
  MarkBounds Z = Before("z");
  EXPECT_EQ(Z.Min, 2u);
  EXPECT_EQ(Z.Max, 2u);
  // %w: from a (wait(0): none) or straight from entry (one).
  MarkBounds W = Before("w");
  EXPECT_EQ(W.Min, 0u);
  EXPECT_EQ(W.Max, 1u);
  // Asked again, in the other order: the same.
  EXPECT_EQ(Before("x"), X);
  EXPECT_EQ(Before("w"), W);
}

// The solves read edges from ReachableBlocks: every edge between reachable
// blocks once per edge (a switch's two cases to one block are two), in both
// directions, and none from a block the entry does not reach.
TEST_F(AsyncMarkQueriesTest, ReachableBlocksHoldTheEdges) {
  Function &F = parse(R"(
define void @f(i32 %n) {
entry:
  switch i32 %n, label %join [ i32 0, label %loop
                               i32 1, label %loop ]
loop:
  br i1 false, label %loop, label %join
dead:
  br label %join
join:
  ret void
})");
  ReachableBlocks Reachable(F);
  ArrayRef<const BasicBlock *> Order = Reachable.order();
  ASSERT_EQ(Order.size(), 3u);
  EXPECT_TRUE(Order[0]->isEntryBlock());
  EXPECT_EQ(Order, ArrayRef(blocksInReversePostOrder(F)));
  auto Names = [&](ArrayRef<unsigned> Positions) {
    std::string S;
    for (unsigned Pos : Positions)
      S += Order[Pos]->getName().str() + " ";
    return S;
  };
  for (unsigned Pos = 0; Pos != Order.size(); ++Pos) {
    const BasicBlock *BB = Order[Pos];
    std::string Succs, Preds;
    for (const BasicBlock *Succ : successors(BB))
      Succs += Succ->getName().str() + " ";
    EXPECT_EQ(Names(Reachable.successors(Pos)), Succs) << BB->getName().str();
    // Predecessors come in order of position: compare them as sets with
    // their multiplicities.
    std::multiset<std::string> Expected, Got;
    for (const BasicBlock *Pred : predecessors(BB))
      if (Pred->getName() != "dead")
        Expected.insert(Pred->getName().str());
    for (unsigned PredPos : Reachable.predecessors(Pos))
      Got.insert(Order[PredPos]->getName().str());
    EXPECT_EQ(Got, Expected) << BB->getName().str();
  }
  auto PosOf = [&](StringRef Name) {
    return unsigned(
        find_if(Order,
                [&](const BasicBlock *BB) { return BB->getName() == Name; }) -
        Order.begin());
  };
  EXPECT_EQ(Reachable.predecessors(PosOf("loop")).size(), 3u);
  EXPECT_EQ(Reachable.predecessors(PosOf("join")).size(), 2u);
}

// Counts decoded from a list of candidates (as asyncpipe-elim passes the
// calls its gate found) answer as the solve that walks the function; a list
// out of the function's order proves nothing rather than a wrong bound.
TEST_F(AsyncMarkQueriesTest, CountsFromCandidates) {
  Function &F = parse(TwoBlocks);
  ReachableBlocks Reachable(F);
  SmallVector<const Instruction *, 16> Calls;
  for (Instruction &I : instructions(F))
    if (isa<CallBase>(I))
      Calls.push_back(&I);
  AsyncMarkCounts Walked(F);
  AsyncMarkCounts FromCalls(F, Reachable, Calls);
  ASSERT_TRUE(FromCalls.converged());
  EXPECT_EQ(FromCalls.events(), Walked.events());
  unsigned Redundant = 0;
  for (Instruction &I : instructions(F)) {
    for (AsyncSemantics K :
         {AsyncSemantics::Activation, AsyncSemantics::Hardware})
      EXPECT_EQ(FromCalls.before(I, K), Walked.before(I, K));
    AsyncOp Op = AsyncOp::get(I);
    if (Op.isWait()) {
      EXPECT_EQ(FromCalls.isRedundantWait(Op), Walked.isRedundantWait(Op));
      Redundant += FromCalls.isRedundantWait(Op);
    }
  }
  EXPECT_GT(Redundant, 0u);
#ifdef NDEBUG
  std::reverse(Calls.begin(), Calls.end());
  AsyncMarkCounts OutOfOrder(F, Reachable, Calls);
  EXPECT_FALSE(OutOfOrder.converged());
  EXPECT_TRUE(OutOfOrder.events().empty());
  for (Instruction &I : instructions(F)) {
    if (AsyncOp Op = AsyncOp::get(I); Op.isWait()) {
      EXPECT_FALSE(OutOfOrder.isRedundantWait(Op));
    }
  }
#endif
}

/// A chain of \p Blocks diamonds, each with \p Per marks and a wait.
std::string chain(unsigned Blocks, unsigned Per) {
  std::string S = "define void @f(i1 %c) {\nentry:\n  br label %b0\n";
  for (unsigned B = 0; B != Blocks; ++B) {
    std::string Next = B + 1 == Blocks ? "exit" : "b" + std::to_string(B + 1);
    S += "b" + std::to_string(B) + ":\n";
    for (unsigned M = 0; M != Per; ++M)
      S += "  call void @asyncpipe.mark()\n";
    S += "  call void @asyncpipe.wait(i32 " + std::to_string(B % 5) + ")\n";
    S += "  br i1 %c, label %s" + std::to_string(B) + ", label %" + Next + "\n";
    S += "s" + std::to_string(B) + ":\n  call void @asyncpipe.mark()\n";
    S += "  br label %" + Next + "\n";
  }
  return S + "exit:\n  call void @asyncpipe.wait(i32 0)\n  ret void\n}\n";
}

TEST_F(AsyncMarkQueriesTest, ManyMarksCostStepsInProportion) {
  Function &F = parse(chain(500, 8));
  unsigned Instructions = F.getInstructionCount();
  SmallVector<Instruction *, 16> Marks = marks(F);
  ASSERT_EQ(Marks.size(), 500u * 9);
  ObservedMarks Observed(F, AsyncSemantics::Activation);
  ASSERT_TRUE(Observed.converged());
  // Two sweeps and the recording pass, each over the marks and waits.
  EXPECT_LE(Observed.steps(), 3u * Instructions);
  AsyncMarkCounts Counts(F);
  EXPECT_LE(Counts.steps(), 3u * Instructions);
  // Every wait asked in order: one pass over the events in all.
  SmallVector<Value *, 1> Tracked = {Marks.back()};
  MarkDistances Distances(F, Tracked, MarkDistances::Options());
  uint64_t Solve = Distances.steps();
  uint64_t CountsSolve = Counts.steps();
  for (Instruction &I : instructions(F))
    if (AsyncOp::get(I).isWait()) {
      (void)Distances.at(Marks.back(), I);
      (void)Counts.isRedundantWait(AsyncOp::get(I));
    }
  EXPECT_LE(Distances.steps() - Solve, uint64_t(Instructions));
  // A wait's bounds are looked up, not recomputed.
  EXPECT_EQ(Counts.steps(), CountsSolve);
  // The marks before a block's wait(N) other than its last N are
  // completed there, unobserved; the last of a diamond's arm is observed by
  // the next block's wait only when that wait's count reaches it.
  EXPECT_FALSE(Observed.isObserved(*Marks[0]));
  EXPECT_TRUE(Observed.isObserved(*Marks[7]));
}

/// The observed marks as the forward distance solver finds them: every
/// wait is visited with the distances before it (the design ObservedMarks
/// replaces in asyncpipe-elim).
SmallPtrSet<const Instruction *, 16>
observedByDistances(Function &F, ArrayRef<Value *> Marks) {
  SmallPtrSet<const Instruction *, 16> Observed;
  MarkDistances::Options Opts;
  Opts.Kind = AsyncSemantics::Activation;
  Opts.CompleteAtWaits = true;
  MarkDistances Distances(F, Marks, Opts);
  EXPECT_TRUE(Distances.converged());
  Distances.forEachCall([&](const CallBase &Call,
                            const MarkDistances::State &State) {
    AsyncOp Op = AsyncOp::get(Call);
    if (!Op.isWait())
      return;
    std::optional<uint64_t> N = getTrackedWaitCount(Op);
    bool ObservesAll = !N || Op.getSemantics() != AsyncSemantics::Activation;
    for (Value *Mark : Marks) {
      MarkDistances::Distance D = Distances.valueIn(Mark, State);
      if (D != MarkDistances::None && (ObservesAll || D <= *N))
        Observed.insert(cast<Instruction>(Mark));
    }
  });
  return Observed;
}

/// A random function: blocks of marks, waits (portable with small counts
/// or a run-time count, native) and calls, with random branches forward and
/// back (loops, irreducible regions, unreachable blocks).
std::string randomFunction(std::mt19937 &Rng, unsigned Blocks) {
  auto Pick = [&](unsigned N) { return unsigned(Rng() % N); };
  std::string S = "define void @f(i1 %c, i32 %n) {\n";
  for (unsigned B = 0; B != Blocks; ++B) {
    S += "b" + std::to_string(B) + ":\n";
    for (unsigned K = 0, E = Pick(5); K != E; ++K) {
      switch (Pick(7)) {
      case 0:
      case 1:
      case 2:
        S += "  call void @asyncpipe.mark()\n";
        break;
      case 3:
      case 4:
        S += "  call void @asyncpipe.wait(i32 " + std::to_string(Pick(4)) +
             ")\n";
        break;
      case 5:
        S += Pick(2) ? "  call void @asyncpipe.wait(i32 %n)\n"
                     : "  call void @llvm.nvvm.cp.async.wait.group(i32 0)\n";
        break;
      default:
        S += Pick(2) ? "  call void @external()\n"
                     : "  call void @llvm.nvvm.cp.async.commit.group()\n";
      }
    }
    if (B + 1 == Blocks) {
      S += "  ret void\n";
      continue;
    }
    auto Target = [&] {
      // Mostly forward, sometimes back (never to the entry).
      return "%b" + std::to_string(Pick(4) ? B + 1 + Pick(Blocks - B - 1)
                                           : 1 + Pick(B + 1 > 1 ? B : 1));
    };
    switch (Pick(4)) {
    case 0:
      S += "  ret void\n";
      break;
    case 1:
      S += "  br label " + Target() + "\n";
      break;
    default:
      S += "  br i1 %c, label " + Target() + ", label " + Target() + "\n";
    }
  }
  return S + "}\n";
}

TEST_F(AsyncMarkQueriesTest, ObservedMarksAgreeWithDistances) {
  std::mt19937 Rng(20261124);
  for (unsigned Trial = 0; Trial != 300; ++Trial) {
    std::string Text = randomFunction(Rng, 2 + Trial % 12);
    Function &F = parse(Text);
    SmallVector<Value *, 16> Marks;
    for (Instruction &I : instructions(F)) {
      AsyncOp Op = AsyncOp::get(I);
      if (Op.isMark() && Op.getSemantics() == AsyncSemantics::Activation)
        Marks.push_back(&I);
    }
    if (Marks.empty())
      continue;
    SmallPtrSet<const Instruction *, 16> Expected =
        observedByDistances(F, Marks);
    ObservedMarks Observed(F, AsyncSemantics::Activation);
    ASSERT_TRUE(Observed.converged());
    // The same from the counts' events (as asyncpipe-elim asks it).
    AsyncMarkCounts Counts(F);
    ObservedMarks FromEvents(F, AsyncSemantics::Activation, Counts.events(),
                             ReachableBlocks(F));
    unsigned Index = 0;
    for (Value *Mark : Marks) {
      EXPECT_EQ(Observed.isObserved(*cast<Instruction>(Mark)),
                Expected.contains(cast<Instruction>(Mark)))
          << "mark " << Index << " in\n"
          << Text;
      EXPECT_EQ(FromEvents.isObserved(*cast<Instruction>(Mark)),
                Expected.contains(cast<Instruction>(Mark)))
          << "mark " << Index << " (from the events) in\n"
          << Text;
      ++Index;
    }
  }
}

/// A random function of futures: blocks of marks, marks making futures,
/// selects of futures, dummy futures, waits for counts and waits on
/// futures, with random branches forward and back; each block after the
/// entry meets the last future of each predecessor in a PHI.
std::string randomFutureFunction(std::mt19937 &Rng, unsigned Blocks) {
  auto Pick = [&](unsigned N) { return unsigned(Rng() % N); };
  // Successors first: the PHIs need the predecessors.
  std::vector<std::vector<unsigned>> Succs(Blocks);
  for (unsigned B = 0; B + 1 < Blocks; ++B) {
    auto Target = [&] {
      return Pick(4) ? B + 1 + Pick(Blocks - B - 1) : 1 + Pick(B ? B : 1);
    };
    switch (Pick(5)) {
    case 0:
      break;
    case 1:
      Succs[B] = {Target()};
      break;
    default:
      Succs[B] = {Target(), Target()};
    }
  }
  std::vector<std::vector<unsigned>> Preds(Blocks);
  for (unsigned B = 0; B != Blocks; ++B)
    for (unsigned S : Succs[B])
      Preds[S].push_back(B);
  std::string S = "define void @f(i1 %c, i32 %arg) {\n";
  unsigned Values = 0;
  for (unsigned B = 0; B != Blocks; ++B) {
    std::string Name = "b" + std::to_string(B);
    S += Name + ":\n";
    // An argument is a future the analysis does not follow.
    std::vector<std::string> Avail = {"%arg"};
    if (!Preds[B].empty()) {
      S += "  %p" + std::to_string(B) + " = phi i32 ";
      for (unsigned I = 0; I != Preds[B].size(); ++I)
        S += std::string(I ? ", " : "") + "[ %l" + std::to_string(Preds[B][I]) +
             ", %b" + std::to_string(Preds[B][I]) + " ]";
      S += "\n";
      Avail.push_back("%p" + std::to_string(B));
    }
    auto Any = [&] { return Avail[Pick(Avail.size())]; };
    for (unsigned K = 0, E = Pick(7); K != E; ++K) {
      std::string V = "%v" + std::to_string(Values++);
      switch (Pick(7)) {
      case 0:
      case 1:
        S += "  " + V + " = call i32 @asyncpipe.mark.future()\n";
        Avail.push_back(V);
        break;
      case 2:
        S += "  call void @asyncpipe.mark()\n";
        break;
      case 3:
        S += "  call void @asyncpipe.wait(i32 " + std::to_string(Pick(3)) +
             ")\n";
        break;
      case 4:
        S += "  " + V + " = select i1 %c, i32 " + Any() + ", i32 " + Any() +
             "\n";
        Avail.push_back(V);
        break;
      case 5:
        S += "  " + V + " = call i32 @asyncpipe.future.any()\n";
        Avail.push_back(V);
        break;
      default:
        S += "  call void @asyncpipe.wait.future(i32 " + Any() + ")\n";
      }
    }
    S += "  %l" + std::to_string(B) + " = select i1 %c, i32 " + Any() +
         ", i32 " + Any() + "\n";
    S += "  call void @asyncpipe.wait.future(i32 " + Any() + ")\n";
    if (Succs[B].empty())
      S += "  ret void\n";
    else if (Succs[B].size() == 1)
      S += "  br label %b" + std::to_string(Succs[B][0]) + "\n";
    else
      S += "  br i1 %c, label %b" + std::to_string(Succs[B][0]) + ", label %b" +
           std::to_string(Succs[B][1]) + "\n";
  }
  return S + "}\n";
}

/// What makes a future, as asyncpipe-lower-futures says it.
std::optional<MarkDistances::Distance>
defineFuture(const Instruction &I, const MarkDistances &D,
             const MarkDistances::State &S) {
  if (AsyncOp::get(I).isFutureAny())
    return MarkDistances::None;
  if (auto *Sel = dyn_cast<SelectInst>(&I))
    return std::min(D.valueIn(Sel->getTrueValue(), S),
                    D.valueIn(Sel->getFalseValue(), S));
  return 0;
}

/// The distances of the futures waited on, from a plain solver written
/// apart from MarkDistances: a vector of every future's distance per block,
/// every instruction stepped, blocks in function order until nothing
/// changes.
DenseMap<const Instruction *, MarkDistances::Distance>
plainFutureDistances(Function &F) {
  using Distance = MarkDistances::Distance;
  constexpr Distance None = MarkDistances::None;
  DenseMap<const Value *, unsigned> Index;
  for (Instruction &I : instructions(F))
    if (I.getType()->isIntegerTy(32))
      Index.try_emplace(&I, Index.size());
  using Vec = std::vector<Distance>;
  auto Get = [&](const Value *V, const Vec &S) -> Distance {
    auto It = Index.find(V);
    return It == Index.end() ? 0 : S[It->second];
  };
  DenseMap<const BasicBlock *, Vec> Out;
  DenseMap<const Instruction *, Distance> AtWait;
  auto Run = [&](BasicBlock &BB, bool Record) -> std::optional<Vec> {
    Vec S(Index.size(), None);
    if (!BB.isEntryBlock()) {
      bool Reached = false;
      for (BasicBlock *P : predecessors(&BB))
        if (auto It = Out.find(P); It != Out.end()) {
          Reached = true;
          for (unsigned I = 0; I != S.size(); ++I)
            S[I] = std::min(S[I], It->second[I]);
        }
      if (!Reached)
        return std::nullopt;
    }
    for (Instruction &I : BB) {
      if (auto *Phi = dyn_cast<PHINode>(&I)) {
        Distance D = None;
        for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K)
          if (auto It = Out.find(Phi->getIncomingBlock(K)); It != Out.end())
            D = std::min(D, Get(Phi->getIncomingValue(K), It->second));
        S[Index.lookup(Phi)] = D;
        continue;
      }
      AsyncOp Op = AsyncOp::get(I);
      if (Record && Op.isFutureWait())
        AtWait[&I] = Get(Op.getFutureOperand(), S);
      if (Op.isMark())
        for (Distance &D : S)
          D = D == None ? None : std::min(D + 1, MarkDistances::Saturated);
      if (!Index.count(&I))
        continue;
      Distance D = 0;
      if (Op.isFutureAny())
        D = None;
      else if (auto *Sel = dyn_cast<SelectInst>(&I))
        D = std::min(Get(Sel->getTrueValue(), S), Get(Sel->getFalseValue(), S));
      S[Index.lookup(&I)] = D;
    }
    return S;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : F)
      if (std::optional<Vec> S = Run(BB, false)) {
        auto [It, Inserted] = Out.try_emplace(&BB, *S);
        if (Inserted || It->second != *S) {
          It->second = *S;
          Changed = true;
        }
      }
  }
  for (BasicBlock &BB : F)
    Run(BB, true);
  return AtWait;
}

TEST_F(AsyncMarkQueriesTest, FuturesKeptWhereLiveAgreeWithEveryFutureKept) {
  std::mt19937 Rng(20261125);
  for (unsigned Trial = 0; Trial != 300; ++Trial) {
    std::string Text = randomFutureFunction(Rng, 2 + Trial % 12);
    Function &F = parse(Text);
    ASSERT_FALSE(verifyModule(*M, &errs())) << Text;
    SmallVector<Value *, 16> Futures;
    for (Instruction &I : instructions(F))
      if (I.getType()->isIntegerTy(32))
        Futures.push_back(&I);
    DenseMap<const Instruction *, MarkDistances::Distance> Expected =
        plainFutureDistances(F);
    MarkDistances::Options Opts;
    MarkDistances Every(F, Futures, Opts, defineFuture);
    Opts.OnlyAtUses = true;
    MarkDistances Live(F, Futures, Opts, defineFuture);
    ASSERT_TRUE(Every.converged() && Live.converged());
    unsigned Wait = 0;
    for (Instruction &I : instructions(F)) {
      AsyncOp Op = AsyncOp::get(I);
      if (!Op.isFutureWait())
        continue;
      ++Wait;
      // Unreachable waits: the plain solver never visits them.
      auto It = Expected.find(&I);
      if (It == Expected.end())
        continue;
      Value *Future = Op.getFutureOperand();
      EXPECT_EQ(Every.at(Future, I), It->second) << "wait " << Wait << " in\n"
                                                 << Text;
      EXPECT_EQ(Live.at(Future, I), It->second) << "wait " << Wait << " in\n"
                                                << Text;
    }
  }
}

TEST_F(AsyncMarkQueriesTest, ManyFuturesCostEntriesInProportion) {
  // A chain of blocks, each making a future and waiting for the one made
  // two blocks before: kept where live, the per-value work grows with the
  // blocks; every future kept at every block would grow with their square.
  auto Chain = [](unsigned Blocks) {
    std::string S = "define void @f(i1 %c) {\nentry:\n  br label %b0\n";
    for (unsigned B = 0; B != Blocks; ++B) {
      std::string N = std::to_string(B);
      S += "b" + N + ":\n  %f" + N + " = call i32 @asyncpipe.mark.future()\n";
      if (B >= 2)
        S += "  call void @asyncpipe.wait.future(i32 %f" +
             std::to_string(B - 2) + ")\n";
      S += "  br label %" +
           (B + 1 == Blocks ? std::string("exit")
                            : "b" + std::to_string(B + 1)) +
           "\n";
    }
    return S + "exit:\n  ret void\n}\n";
  };
  uint64_t Entries[2];
  for (unsigned Size : {0u, 1u}) {
    Function &F = parse(Chain(Size ? 2000 : 200));
    SmallVector<Value *, 16> Futures;
    for (Instruction &I : instructions(F))
      if (!I.getType()->isVoidTy())
        Futures.push_back(&I);
    MarkDistances::Options Opts;
    Opts.OnlyAtUses = true;
    MarkDistances Live(F, Futures, Opts, defineFuture);
    for (Instruction &I : instructions(F)) {
      if (AsyncOp Op = AsyncOp::get(I); Op.isFutureWait()) {
        EXPECT_EQ(Live.at(Op.getFutureOperand(), I), 2u);
      }
    }
    Entries[Size] = Live.entries();
  }
  // Ten times the blocks, ten times the work (give or take the ends).
  EXPECT_LE(Entries[1], 11 * Entries[0]);
  EXPECT_GE(Entries[1], 9 * Entries[0]);
}

TEST_F(AsyncMarkQueriesTest, RegionAnswersAsTheWholeFunction) {
  // An outer loop around a prologue (two marks) and an inner loop that
  // marks before its waits, with marks after the inner loop and on a side
  // path: from the prologue's block, every path to a wait makes each
  // tracked mark again, so the region's distances are the function's.
  Function &F = parse(R"(
define void @f(i1 %c) {
entry:
  call void @asyncpipe.mark()
  br label %outer
outer:
  call void @asyncpipe.mark()
  br i1 %c, label %side, label %pre
side:
  call void @asyncpipe.mark()
  br label %pre
pre:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %loop
loop:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  br i1 %c, label %skip, label %latch
skip:
  call void @asyncpipe.mark()
  br label %latch
latch:
  call void @asyncpipe.wait(i32 2)
  br i1 %c, label %loop, label %after
after:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br i1 %c, label %outer, label %exit
exit:
  ret void
})");
  SmallVector<Instruction *, 16> Marks = marks(F);
  ASSERT_EQ(Marks.size(), 9u);
  // The prologue's two marks and the loop's first: each on every path from
  // the prologue's block to the waits.
  SmallVector<Value *, 4> Tracked = {Marks[3], Marks[4], Marks[5]};
  SmallVector<const Instruction *, 4> Waits;
  for (Instruction &I : instructions(F))
    if (AsyncOp::get(I).isWait())
      Waits.push_back(&I);
  ASSERT_EQ(Waits.size(), 2u);
  MarkDistances::Options Opts;
  MarkDistances Whole(F, Tracked, Opts);
  MarkDistances Region(F, Tracked, Opts, *Marks[3]->getParent(), Waits);
  ASSERT_TRUE(Region.converged());
  for (const Instruction *W : Waits)
    for (Value *V : Tracked)
      EXPECT_EQ(Region.at(V, *W), Whole.at(V, *W));
  // The loop's mark is 0 marks old at the first wait and 0 or 1 at the
  // second; the prologue's last is one older.
  EXPECT_EQ(Region.at(Marks[5], *Waits[0]), 0u);
  EXPECT_EQ(Region.at(Marks[5], *Waits[1]), 0u);
  EXPECT_EQ(Region.at(Marks[4], *Waits[0]), 1u);
  // The region is the prologue and the inner loop: fewer steps than the
  // whole function.
  EXPECT_LT(Region.steps(), Whole.steps());
}

} // namespace
