//===- AsyncPipelineCopyLoops.cpp - Tiles copied by an inner loop ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Users copy a tile with a loop inside the pipelined one:
//
//   for (int t = 0; t < tiles; ++t) {
//     for (int k = tid; k < TILE; k += nthreads)   // the copy loop
//       copy(&sh[k], &g[t * TILE + k]);
//     mark();                                      // one group per tile
//     wait(0);
//     ...
//   }
//
// The copy loop, with the conditional code around it (its guard after loop
// rotation), is the part of the body between two blocks of the spine: the
// blocks of the pipelined loop, off the spine, whose nearest dominator on
// the spine is the block that branches into it. When that part is entered
// from one block, leaves to one block and holds nothing but async copies,
// address arithmetic and branches, it is one piece of its statement (a
// *copy region*): an early statement re-emits it as a whole for the later
// iteration, the way it re-emits a copy (its live-ins recomputed for that
// iteration: loop invariants, induction variables and pure arithmetic on
// them, so the inner trip count may change from one outer iteration to the
// next), and the original is deleted with its loops. The group accounting is
// the spine's: the mark after the copy loop commits once per iteration,
// whatever number of copies the loop issued, so every count is the same as
// for copies on the spine and is proved the same way (WaitProved). Every
// clone of an inner loop is registered in LoopInfo.
//
// Refused, each with its own remark: a mark or wait inside an inner loop
// (NestedAsyncOps: its groups per iteration would vary), an inner loop with
// loops of its own (CopyLoopNotInnermost), a region with several entries or
// exits, or entered from a block that ends in asm goto (CopyLoopShape), one
// that does more than copy (CopyLoopWork: a load, store or call) and one whose
// values are used after it (CopyLoopLiveOut). A copy loop whose live-ins cannot
// be recomputed for a later iteration (they depend on a load in the loop) stays
// in the last stage, like any group that cannot run ahead.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineBuilder.h"
#include "AsyncPipelinePlanner.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::pipeliner;

bool PipelinePlanner::findCopyRegions() {
  // The nearest block of the spine that dominates BB (BB itself if it is on
  // the spine).
  auto NearestSpine = [&](BasicBlock *BB) -> BasicBlock * {
    for (DomTreeNode *N = DT.getNode(BB); N && L.contains(N->getBlock());
         N = N->getIDom())
      if (isOnSpine(N->getBlock()))
        return N->getBlock();
    return nullptr;
  };
  LoopBlocksRPO RPO(&L);
  RPO.perform(&LI);
  SmallVector<Loop *, 4> Inners(L.begin(), L.end());
  for (Loop *Inner : Inners) {
    bool HasCopies = false;
    for (BasicBlock *BB : Inner->blocks())
      for (Instruction &I : *BB) {
        AsyncOp Op = AsyncOp::get(I);
        if (!Op)
          continue;
        if (!Op.isCopy())
          return fail(
              "NestedAsyncOps",
              formatv("the inner loop {0} has a {1}, so the groups of an "
                      "iteration are not a constant (nested pipelining is "
                      "not supported: mark once after the inner loop, or "
                      "annotate the innermost loop)",
                      describeInnerLoop(*Inner),
                      Op.isMark() ? "mark" : "wait"));
        HasCopies = true;
      }
    if (!HasCopies)
      continue;
    std::string Where = describeInnerLoop(*Inner);
    if (!Inner->getSubLoops().empty())
      return fail("CopyLoopNotInnermost",
                  formatv("the inner loop {0} issues async copies and has "
                          "loops of its own; only an innermost copy loop can "
                          "run ahead",
                          Where));
    auto NotSESE = [&] {
      return fail("CopyLoopShape",
                  formatv("the inner loop {0} issues async copies but is not "
                          "entered from one place and left to one place of "
                          "the loop body",
                          Where));
    };
    BasicBlock *Entry = NearestSpine(Inner->getHeader());
    if (!Entry)
      return NotSESE();
    // Two copy loops between the same two spine blocks are one region.
    if (RegionOf.count(Inner->getHeader()))
      continue;
    CopyRegion R;
    R.Entry = Entry;
    for (BasicBlock *BB : RPO)
      if (!isOnSpine(BB) && NearestSpine(BB) == Entry)
        R.Blocks.push_back(BB);
    // One exit, a block of the spine other than the header.
    auto Leaves = [&](BasicBlock *From) {
      for (BasicBlock *Succ : successors(From)) {
        if (R.contains(Succ))
          continue;
        if (!isOnSpine(Succ) || Succ == L.getHeader() ||
            (R.Exit && Succ != R.Exit))
          return false;
        R.Exit = Succ;
      }
      return true;
    };
    if (!isa<BranchInst, SwitchInst>(Entry->getTerminator()) ||
        !Leaves(Entry) || !all_of(R.Blocks, Leaves) || !R.Exit)
      return NotSESE();
    for (BasicBlock *BB : R.Blocks)
      for (BasicBlock *Pred : predecessors(BB))
        if (Pred != Entry && !R.contains(Pred))
          return NotSESE();
    for (Loop *Other : Inners)
      if (R.contains(Other->getHeader()) && !Other->getSubLoops().empty())
        return fail("CopyLoopNotInnermost",
                    formatv("the inner loop {0} is next to a copy loop and "
                            "has loops of its own",
                            describeInnerLoop(*Other)));
    for (BasicBlock *BB : R.Blocks)
      for (Instruction &I : *BB) {
        AsyncOp Op = AsyncOp::get(I);
        if (Op.isCopy() || isa<PHINode>(I))
          continue;
        // A mark or wait in the guard's shadow (jump threading may copy the
        // mark after a guarded loop into both arms).
        if (Op)
          return fail("ConditionalMarkOrWait",
                      formatv("the {0} {1} is conditional, so the marks of an "
                              "iteration are not a constant",
                              Op.isMark() ? "mark" : "wait", describe(&I)));
        if (I.isTerminator()) {
          if (!isa<BranchInst, SwitchInst>(I))
            return NotSESE();
          continue;
        }
        if (auto *II = dyn_cast<IntrinsicInst>(&I);
            II && II->isAssumeLikeIntrinsic())
          continue;
        if (!isPure(I))
          return fail("CopyLoopWork",
                      formatv("the inner loop {0} issues async copies and "
                              "also {1}; only a loop of copies and their "
                              "address arithmetic can run ahead (move the "
                              "rest to a loop of its own)",
                              Where,
                              I.mayWriteToMemory()    ? "writes memory"
                              : I.mayReadFromMemory() ? "reads memory"
                                                      : "has side effects"));
        for (User *U : I.users())
          if (!R.contains(cast<Instruction>(U)->getParent()))
            return fail("CopyLoopLiveOut",
                        formatv("the inner loop {0} issues async copies and "
                                "{1} computed there is used after it, so the "
                                "loop cannot move to another iteration",
                                Where, describe(&I)));
      }
    for (BasicBlock *BB : R.Blocks)
      for (PHINode &Phi : BB->phis())
        for (User *U : Phi.users())
          if (!R.contains(cast<Instruction>(U)->getParent()))
            return fail("CopyLoopLiveOut",
                        formatv("the inner loop {0} issues async copies and "
                                "{1} computed there is used after it, so the "
                                "loop cannot move to another iteration",
                                Where, describe(&Phi)));
    for (PHINode &Phi : R.Exit->phis())
      for (BasicBlock *In : Phi.blocks())
        if (R.contains(In))
          return fail("CopyLoopLiveOut",
                      formatv("the inner loop {0} issues async copies and the "
                              "code after it merges values from it ({1})",
                              Where, describe(&Phi)));
    for (BasicBlock *BB : R.Blocks)
      RegionOf[BB] = Sched.CopyRegions.size();
    Sched.CopyRegions.push_back(std::move(R));
  }
  return true;
}

// The region is cloned for another iteration: what it uses from the loop
// outside it (and the branch into it) must be recomputable there.
std::optional<std::string>
PipelinePlanner::whyRegionNotRecomputable(const CopyRegion &R, unsigned Idx,
                                          SmallPtrSetImpl<Value *> &Seen) {
  auto LiveIns = [&](Instruction &I) -> std::optional<std::string> {
    for (Value *Op : I.operands()) {
      auto *OpI = dyn_cast<Instruction>(Op);
      if (!OpI || !L.contains(OpI) || R.contains(OpI->getParent()))
        continue;
      if (std::optional<std::string> Why = whyNotRecomputable(OpI, Idx, Seen))
        return Why;
    }
    return std::nullopt;
  };
  for (BasicBlock *BB : R.Blocks)
    for (Instruction &I : *BB)
      if (std::optional<std::string> Why = LiveIns(I))
        return Why;
  return LiveIns(*R.Entry->getTerminator());
}

/// The branch into a copy region: the terminator of its one predecessor
/// outside it (its entry block may have been split since it was planned).
static Instruction *findRegionEntry(ArrayRef<BasicBlock *> Blocks) {
  for (BasicBlock *BB : Blocks)
    for (BasicBlock *Pred : predecessors(BB))
      if (!is_contained(Blocks, Pred))
        return Pred->getTerminator();
  llvm_unreachable("a copy region is entered from outside");
}

PipelineBuilder::RegionClone
PipelineBuilder::emitCopyRegion(unsigned RegionIdx, unsigned StmtIdx,
                                const EmissionSite &Site, IRBuilderBase &B,
                                ValueToValueMapTy &VMap) {
  const CopyRegion &R = Sched.CopyRegions[RegionIdx];
  Function *F = Body->getParent();
  Instruction *Enter = findRegionEntry(R.Blocks);
  // The live-ins for the site's iteration, before the clone.
  auto MapLiveIns = [&](Instruction &I) {
    for (Value *Op : I.operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && L.contains(OpI) && !R.contains(OpI->getParent()))
        cloneForIteration(OpI, StmtIdx, Site, B, VMap);
  };
  for (BasicBlock *BB : R.Blocks)
    for (Instruction &I : *BB)
      MapLiveIns(I);
  MapLiveIns(*Enter);

  Instruction *IP = &*B.GetInsertPoint();
  BasicBlock *Head = IP->getParent();
  BasicBlock *Tail = SplitBlock(Head, IP->getIterator(),
                                static_cast<DominatorTree *>(nullptr), &LI);
  RegionClone Clone;
  Clone.Exit = Tail;
  for (BasicBlock *BB : R.Blocks) {
    BasicBlock *C = CloneBasicBlock(BB, VMap, ".ahead", F);
    C->moveBefore(Tail);
    VMap[BB] = C;
    Clone.Blocks.push_back(C);
  }
  VMap[Enter->getParent()] = Head;
  VMap[R.Exit] = Tail;
  remapInstructionsInBlocks(Clone.Blocks, VMap);
  // Head enters the clone the way the loop body enters the region.
  Instruction *NewEnter = Enter->clone();
  Head->getTerminator()->eraseFromParent();
  NewEnter->insertInto(Head, Head->end());
  RemapInstruction(NewEnter, VMap,
                   RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
  VMap.erase(Enter->getParent());
  VMap.erase(R.Exit);

  // The copies fill the version of the site's iteration.
  IRBuilder<> AtHead(NewEnter);
  for (unsigned BufferIdx = 0; BufferIdx != Sched.Buffers.size(); ++BufferIdx)
    for (const PipelineBuffer::Access &A : Sched.Buffers[BufferIdx].Accesses)
      if (R.contains(A.I->getParent()))
        if (Value *Offset = Site.VersionOffset(BufferIdx, AtHead)) {
          auto *Copy = cast<Instruction>(VMap[A.I]);
          IRBuilder<> AtCopy(Copy);
          Copy->setOperand(A.OperandNo,
                           AtCopy.CreateGEP(AtCopy.getInt8Ty(),
                                            Copy->getOperand(A.OperandNo),
                                            Offset, "asyncpipe.version.ptr"));
        }

  // LoopInfo: the clone's blocks belong to the loop around the site, its
  // inner loops are new loops there.
  Loop *Around = LI.getLoopFor(Head);
  SmallVector<Loop *, 2> Inner;
  for (Loop *Sub : L.getSubLoops())
    if (R.contains(Sub->getHeader()))
      Inner.push_back(Sub);
  for (Loop *Sub : Inner) {
    Loop *New = LI.AllocateLoop();
    if (Around)
      Around->addChildLoop(New);
    else
      LI.addTopLevelLoop(New);
    New->addBasicBlockToLoop(cast<BasicBlock>(VMap[Sub->getHeader()]), LI);
    for (BasicBlock *BB : Sub->blocks())
      if (BB != Sub->getHeader())
        New->addBasicBlockToLoop(cast<BasicBlock>(VMap[BB]), LI);
  }
  if (Around)
    for (BasicBlock *BB : R.Blocks)
      if (LI.getLoopFor(BB) == &L)
        Around->addBasicBlockToLoop(cast<BasicBlock>(VMap[BB]), LI);
  B.SetInsertPoint(IP);
  return Clone;
}

void PipelineBuilder::deleteCopyRegion(
    ArrayRef<BasicBlock *> Blocks, BasicBlock *Exit,
    SmallVectorImpl<WeakTrackingVH> *Unused) {
  Instruction *Enter = findRegionEntry(Blocks);
  BasicBlock *Head = Enter->getParent();
  // The region's loops leave LoopInfo (and ScalarEvolution) first.
  SmallVector<Loop *, 2> Dead;
  for (BasicBlock *BB : Blocks)
    if (Loop *In = LI.getLoopFor(BB); In && In->getHeader() == BB)
      Dead.push_back(In);
  for (Loop *In : Dead)
    SE.forgetLoop(In);
  for (BasicBlock *BB : Blocks)
    LI.removeBlock(BB);
  for (Loop *In : Dead) {
    if (Loop *Parent = In->getParentLoop())
      Parent->removeChildLoop(In);
    else
      LI.removeLoop(find(LI, In));
    LI.destroy(In);
  }
  // The entry now goes straight to the exit; the exit's phis (none merge a
  // value of the region) keep one entry for it.
  bool HadEdge = is_contained(successors(Head), Exit);
  Value *Cond =
      Enter->getNumOperands() && !isa<BasicBlock>(Enter->getOperand(0))
          ? Enter->getOperand(0)
          : nullptr;
  BranchInst::Create(Exit, Enter->getIterator());
  Enter->eraseFromParent();
  if (HadEdge)
    for (PHINode &Phi : Exit->phis())
      while (count(Phi.blocks(), Head) > 1)
        Phi.removeIncomingValue(Head, /*DeletePHIIfEmpty=*/false);
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      for (Value *Op : I.operands())
        if (auto *OpI = dyn_cast<Instruction>(Op);
            OpI && Unused && !is_contained(Blocks, OpI->getParent()))
          Unused->push_back(OpI);
  // Emptied now, erased once the dominator tree has let go of them.
  detachDeadBlocks(Blocks, nullptr);
  for (BasicBlock *BB : Blocks) {
    BB->setName("");
    Emptied.push_back(BB);
  }
  if (Cond) {
    if (Unused)
      Unused->push_back(Cond);
    else
      RecursivelyDeleteTriviallyDeadInstructions(Cond);
  }
}
