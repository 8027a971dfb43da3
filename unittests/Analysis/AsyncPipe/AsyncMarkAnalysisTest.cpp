//===- AsyncMarkAnalysisTest.cpp - The one mark analysis ------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The analysis on hand-built CFGs: straight line, joins with different mark
// counts, loops that add marks, calls under each semantic kind, irreducible
// control flow, and the distance solver that elimination and futures use.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "AsyncFunctionTest.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

constexpr uint64_t Unbounded = MarkBounds::Unbounded;

class AsyncMarkAnalysisTest : public AsyncFunctionTest {
protected:
  /// The \p N-th (from 0) wait of \p F.
  static const Instruction &wait(const Function &F, unsigned N) {
    for (const Instruction &I : instructions(F))
      if (AsyncOp::get(I).isWait() && N-- == 0)
        return I;
    llvm_unreachable("no such wait");
  }

  static void expectBounds(const MarkBounds &B, uint64_t Min, uint64_t Max) {
    EXPECT_EQ(B.Min, Min);
    EXPECT_EQ(B.Max, Max);
  }
};

TEST_F(AsyncMarkAnalysisTest, StraightLine) {
  Function &F = parse(R"(
define void @f() {
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 5)
  ret void
})");
  AsyncMarkCounts Counts(F);
  ASSERT_TRUE(Counts.converged());
  expectBounds(Counts.before(wait(F, 0), AsyncSemantics::Activation), 2, 2);
  expectBounds(Counts.before(wait(F, 1), AsyncSemantics::Activation), 2, 2);
  EXPECT_FALSE(Counts.isRedundantWait(AsyncOp::get(wait(F, 0))));
  std::string Why;
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 1)), &Why));
  EXPECT_NE(Why.find("rule W1"), std::string::npos);
}

TEST_F(AsyncMarkAnalysisTest, JoinWithDifferentCounts) {
  Function &F = parse(R"(
define void @f(i1 %c) {
entry:
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %join
join:
  call void @asyncpipe.wait(i32 2)
  call void @asyncpipe.wait(i32 3)
  ret void
})");
  AsyncMarkCounts Counts(F);
  expectBounds(Counts.before(wait(F, 0), AsyncSemantics::Activation), 1, 3);
  expectBounds(Counts.before(wait(F, 1), AsyncSemantics::Activation), 1, 2);
  EXPECT_FALSE(Counts.isRedundantWait(AsyncOp::get(wait(F, 0))));
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 1))));
}

TEST_F(AsyncMarkAnalysisTest, LoopThatAddsMarksIsUnbounded) {
  Function &F = parse(R"(
define void @f(i1 %c) {
entry:
  br label %loop
loop:
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 1000)
  call void @asyncpipe.wait(i32 1)
  ret void
})");
  AsyncMarkCounts Counts(F);
  ASSERT_TRUE(Counts.converged());
  MarkBounds B = Counts.before(wait(F, 0), AsyncSemantics::Activation);
  EXPECT_EQ(B.Max, Unbounded);
  EXPECT_EQ(B.Min, 1u);
  EXPECT_FALSE(Counts.isRedundantWait(AsyncOp::get(wait(F, 0))));
  expectBounds(Counts.before(wait(F, 1), AsyncSemantics::Activation), 1, 1000);
}

// The shape that made an earlier MIR dataflow hang: a loop that only waits
// and marks. Bounded, and reached in a few sweeps.
TEST_F(AsyncMarkAnalysisTest, LoopThatWaitsAndMarks) {
  Function &F = parse(R"(
define void @f(i1 %c, ptr %s, ptr %g) {
entry:
  call void @asyncpipe.copy(ptr %s, ptr %g, i32 4, i32 0)
  br label %loop
loop:
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %loop, label %exit
exit:
  call void @asyncpipe.wait(i32 1)
  ret void
})");
  AsyncMarkCounts Counts(F);
  ASSERT_TRUE(Counts.converged());
  expectBounds(Counts.before(wait(F, 0), AsyncSemantics::Activation), 0, 1);
  expectBounds(Counts.before(wait(F, 1), AsyncSemantics::Activation), 1, 1);
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 1))));
}

TEST_F(AsyncMarkAnalysisTest, IrreducibleControlFlow) {
  Function &F = parse(R"(
define void @f(i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  br i1 %d, label %b, label %exit
b:
  call void @asyncpipe.mark()
  br i1 %d, label %a, label %exit
exit:
  call void @asyncpipe.wait(i32 3)
  ret void
})");
  AsyncMarkCounts Counts(F);
  ASSERT_TRUE(Counts.converged());
  // Entering at a: 1 mark; through b: 2; around the cycle the wait caps at 2
  // and b adds one.
  expectBounds(Counts.before(wait(F, 0), AsyncSemantics::Activation), 1, 4);
  expectBounds(Counts.before(wait(F, 1), AsyncSemantics::Activation), 1, 3);
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 1))));
}

TEST_F(AsyncMarkAnalysisTest, CallsUnderEachKind) {
  Function &F = parse(R"(
define void @f() {
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @asyncpipe.mark()
  call void @external()
  call void @asyncpipe.wait(i32 1)
  call void @llvm.nvvm.cp.async.wait.group(i32 4)
  ret void
})");
  AsyncMarkCounts Counts(F);
  const Instruction &NativeFirst = wait(F, 0);
  const Instruction &Portable = wait(F, 1);
  const Instruction &NativeLast = wait(F, 2);
  // A plain function: the hardware counter starts unknown.
  EXPECT_EQ(Counts.before(NativeFirst, AsyncSemantics::Hardware).Max,
            Unbounded);
  EXPECT_FALSE(Counts.isRedundantWait(AsyncOp::get(NativeFirst)));
  // The call is transparent to the activation's sequence...
  expectBounds(Counts.before(Portable, AsyncSemantics::Activation), 1, 1);
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(Portable)));
  // ... but may commit any number of hardware groups.
  EXPECT_EQ(Counts.before(NativeLast, AsyncSemantics::Hardware).Max, Unbounded);
  EXPECT_FALSE(Counts.isRedundantWait(AsyncOp::get(NativeLast)));
}

TEST_F(AsyncMarkAnalysisTest, NativeWaitsInAKernel) {
  Function &F = parse(R"(
define ptx_kernel void @f() {
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
})");
  AsyncMarkCounts Counts(F);
  std::string Why;
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 0)), &Why));
  EXPECT_NE(Why.find("rule W2"), std::string::npos);
  EXPECT_FALSE(Counts.isRedundantWait(AsyncOp::get(wait(F, 1))));
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 2))));
  // wait_all also waits for copies no commit covers: none can be pending.
  EXPECT_TRUE(Counts.isRedundantWait(AsyncOp::get(wait(F, 3))));
}

TEST_F(AsyncMarkAnalysisTest, DistancesThroughSelectAndCompletion) {
  Function &F = parse(R"(
define void @f(i1 %c) {
entry:
  %a = call i32 @asyncpipe.mark.future()
  %b = call i32 @asyncpipe.mark.future()
  %none = call i32 @asyncpipe.future.any()
  %s = select i1 %c, i32 %a, i32 %b
  call void @asyncpipe.mark()
  call void @asyncpipe.wait.future(i32 %s)
  call void @asyncpipe.wait.future(i32 %none)
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.wait.future(i32 %a)
  ret void
})");
  SmallVector<Value *, 4> Tracked;
  for (Instruction &I : instructions(F))
    if (!I.getType()->isVoidTy())
      Tracked.push_back(&I);
  auto Define = [](const Instruction &I, const MarkDistances &D,
                   const MarkDistances::State &S)
      -> std::optional<MarkDistances::Distance> {
    if (AsyncOp::get(I).isFutureAny())
      return MarkDistances::None;
    if (auto *Sel = dyn_cast<SelectInst>(&I))
      return std::min(D.valueIn(Sel->getTrueValue(), S),
                      D.valueIn(Sel->getFalseValue(), S));
    return 0;
  };
  SmallVector<const CallBase *, 4> FutureWaits;
  for (Instruction &I : instructions(F))
    if (AsyncOp::get(I).isFutureWait())
      FutureWaits.push_back(cast<CallBase>(&I));
  MarkDistances::Options Opts;
  MarkDistances Plain(F, Tracked, Opts, Define);
  Value *S = FutureWaits[0]->getArgOperand(0);
  EXPECT_EQ(Plain.at(S, *FutureWaits[0]), 1u); // %b, then one mark.
  Value *None = FutureWaits[1]->getArgOperand(0);
  EXPECT_EQ(Plain.at(None, *FutureWaits[1]), MarkDistances::None);
  Value *A = FutureWaits[2]->getArgOperand(0);
  EXPECT_EQ(Plain.at(A, *FutureWaits[2]), 2u);
  Opts.CompleteAtWaits = true;
  MarkDistances Completing(F, Tracked, Opts, Define);
  // wait(0) completes every mark older than 0 marks: %a is done.
  EXPECT_EQ(Completing.at(A, *FutureWaits[2]), MarkDistances::None);
}

} // namespace
