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
// random control flow.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "gtest/gtest.h"
#include <random>
#include <string>

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

const char *Declarations = R"(
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @external()
)";

class AsyncMarkQueriesTest : public testing::Test {
protected:
  Function &parse(StringRef Body) {
    SMDiagnostic Err;
    M = parseAssemblyString((Twine(Declarations) + Body).str(), Err, Ctx);
    if (!M)
      Err.print("AsyncMarkQueriesTest", errs());
    EXPECT_TRUE(M);
    return *M->getFunction("f");
  }

  static SmallVector<Instruction *, 16> marks(Function &F) {
    SmallVector<Instruction *, 16> Marks;
    for (Instruction &I : instructions(F))
      if (AsyncOp::get(I).isMark())
        Marks.push_back(&I);
    return Marks;
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
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
    unsigned Index = 0;
    for (Value *Mark : Marks)
      EXPECT_EQ(Observed.isObserved(*cast<Instruction>(Mark)),
                Expected.contains(cast<Instruction>(Mark)))
          << "mark " << Index++ << " in\n"
          << Text;
  }
}

} // namespace
