//===- AsyncPipelineDomTreeTest.cpp - Dominators across a loop rewrite ----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The dominator tree the pipeliner keeps across the rewrite of a loop
// (Pipeliner/AsyncPipelineDomTree.cpp) against the tree computed afresh:
// the rewrites the pipeliner makes (a prologue block, an epilogue, short
// trip paths, an emptied block), a rewrite that leaves the loop's region
// (computed again), and random rewrites of a loop's region between other
// loops.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/AsyncPipelineDomTree.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "gtest/gtest.h"
#include <random>
#include <string>

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

// Three loops one after the other; the middle one (h1) is rewritten, with
// code before and after it. The conditions are arguments: no phis, so any
// rewrite of the edges is valid IR for the tree.
const char *ThreeLoops = R"IR(
define void @f(i1 %c0, i1 %c1, i1 %c2, i1 %c3) {
entry:
  br label %ph0
ph0:
  br label %h0
h0:
  br i1 %c3, label %h0, label %x0
x0:
  br label %ph1
ph1:
  br label %h1
h1:
  br i1 %c0, label %a1, label %b1
a1:
  br label %l1
b1:
  br label %l1
l1:
  br i1 %c1, label %h1, label %x1
x1:
  br i1 %c2, label %ph2, label %out
ph2:
  br label %h2
h2:
  br i1 %c3, label %h2, label %x2
x2:
  br label %out
out:
  ret void
}
)IR";

struct Fixture {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  Function *F = nullptr;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;

  Fixture() {
    SMDiagnostic Err;
    M = parseAssemblyString(ThreeLoops, Err, Ctx);
    EXPECT_TRUE(M) << Err.getMessage().str();
    F = M->getFunction("f");
    DT = std::make_unique<DominatorTree>(*F);
    LI = std::make_unique<LoopInfo>(*DT);
  }
  BasicBlock *block(StringRef Name) {
    for (BasicBlock &BB : *F)
      if (BB.getName() == Name)
        return &BB;
    return nullptr;
  }
  Loop &middleLoop() { return *LI->getLoopFor(block("h1")); }
  Value *cond(unsigned Idx) { return F->getArg(Idx); }
  BasicBlock *newBlock(StringRef Name) {
    return BasicBlock::Create(Ctx, Name, F);
  }
  static void branch(BasicBlock *From, BasicBlock *To) {
    if (Instruction *Term = From->getTerminator())
      Term->eraseFromParent();
    BranchInst::Create(To, From);
  }
  void branch(BasicBlock *From, unsigned Cond, BasicBlock *T, BasicBlock *E) {
    if (Instruction *Term = From->getTerminator())
      Term->eraseFromParent();
    BranchInst::Create(T, E, cond(Cond), From);
  }
};

// The kept tree is the tree of the function now: the same blocks in it, the
// same immediate dominators.
void expectExact(DominatorTree &DT, Function &F) {
  EXPECT_TRUE(DT.verify(DominatorTree::VerificationLevel::Full));
  DominatorTree Fresh(F);
  for (BasicBlock &BB : F) {
    DomTreeNode *Kept = DT.getNode(&BB), *Want = Fresh.getNode(&BB);
    ASSERT_EQ(!Kept, !Want) << BB.getName().str();
    if (!Want || !Want->getIDom())
      continue;
    ASSERT_TRUE(Kept->getIDom()) << BB.getName().str();
    EXPECT_EQ(Kept->getIDom()->getBlock(), Want->getIDom()->getBlock())
        << BB.getName().str();
    EXPECT_EQ(Kept->getLevel(), Want->getLevel()) << BB.getName().str();
  }
}

TEST(AsyncPipelineDomTree, PipelineShape) {
  // The epilogue drain's shape: the preheader chooses between a prologue
  // block before the loop and a short path; the latch leaves through an
  // epilogue; both end in the exit block.
  Fixture T;
  LoopRewriteDomTree Dominators(T.middleLoop(), *T.DT);
  BasicBlock *PH = T.block("ph1"), *H = T.block("h1"), *L = T.block("l1"),
             *X = T.block("x1");
  BasicBlock *Prologue = T.newBlock("prologue");
  BasicBlock *Short = T.newBlock("short");
  BasicBlock *Epilogue = T.newBlock("epilogue");
  T.branch(PH, 3, Prologue, Short);
  T.branch(Prologue, H);
  T.branch(Short, X);
  T.branch(L, 1, H, Epilogue);
  T.branch(Epilogue, X);
  EXPECT_TRUE(Dominators.update());
  expectExact(*T.DT, *T.F);
  EXPECT_EQ(T.DT->getNode(X)->getIDom()->getBlock(), PH);
}

TEST(AsyncPipelineDomTree, EmptiedBlocks) {
  // A block of the loop deleted as the pipeliner deletes a copy loop:
  // emptied, the tree updated, then erased.
  Fixture T;
  LoopRewriteDomTree Dominators(T.middleLoop(), *T.DT);
  BasicBlock *H = T.block("h1"), *A = T.block("a1"), *L = T.block("l1");
  T.branch(H, 0, L, T.block("b1"));
  BasicBlock *Dead[] = {A};
  detachDeadBlocks(Dead, nullptr);
  EXPECT_TRUE(Dominators.update());
  EXPECT_FALSE(T.DT->getNode(A));
  A->eraseFromParent();
  expectExact(*T.DT, *T.F);
}

TEST(AsyncPipelineDomTree, LeavingTheRegion) {
  // A branch from the loop to a block after the exit: not a rewrite of the
  // region, so the whole tree is computed again, and right.
  Fixture T;
  LoopRewriteDomTree Dominators(T.middleLoop(), *T.DT);
  T.branch(T.block("a1"), 2, T.block("l1"), T.block("out"));
  EXPECT_FALSE(Dominators.update());
  expectExact(*T.DT, *T.F);
}

TEST(AsyncPipelineDomTree, RandomRewrites) {
  // Random new blocks and edges among the middle loop's preheader, blocks,
  // new blocks and exit; some of the loop's blocks become unreachable, the
  // exit block may even be left unreached (then the tree is computed
  // again).
  std::mt19937 Rng(20261124);
  unsigned Kept = 0;
  for (unsigned Round = 0; Round != 300; ++Round) {
    Fixture T;
    LoopRewriteDomTree Dominators(T.middleLoop(), *T.DT);
    SmallVector<BasicBlock *, 16> Region = {T.block("ph1"), T.block("h1"),
                                            T.block("a1"), T.block("b1"),
                                            T.block("l1")};
    BasicBlock *Exit = T.block("x1");
    unsigned NewBlocks = Rng() % 6;
    for (unsigned Idx = 0; Idx != NewBlocks; ++Idx)
      Region.push_back(T.newBlock("new" + std::to_string(Idx)));
    // A target anywhere in the region but the preheader, or the exit.
    auto Target = [&] {
      unsigned Pick = Rng() % Region.size();
      return Pick == 0 ? Exit : Region[Pick];
    };
    for (unsigned Idx = 5; Idx != Region.size(); ++Idx)
      T.branch(Region[Idx], Target());
    unsigned Edits = 1 + Rng() % 6;
    for (unsigned Edit = 0; Edit != Edits; ++Edit) {
      BasicBlock *From = Region[Rng() % Region.size()];
      if (Rng() % 2)
        T.branch(From, Target());
      else
        T.branch(From, Rng() % 4, Target(), Target());
    }
    Kept += Dominators.update();
    expectExact(*T.DT, *T.F);
    if (HasFailure())
      return;
  }
  // Most rewrites stay in the region and take the update.
  EXPECT_GT(Kept, 200u);
}

} // namespace
