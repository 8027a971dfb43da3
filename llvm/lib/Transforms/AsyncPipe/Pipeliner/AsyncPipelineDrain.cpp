//===- AsyncPipelineDrain.cpp - The last iterations of a pipeline ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The epilogue drain (see AsyncPipelineTransform.cpp): the steady-state loop
// stops D iterations early, D straight-line copies of its body finish the
// last iterations with recounted waits, and each trip count n below S runs a
// partial prologue and the last n of those copies. The copies of inner loops
// are registered in LoopInfo.
//
// A short trip count's partial prologue commits no mark for an iteration
// past its last, as epilogue copy e commits none for the early statements of
// stage < e. Its virtual iteration v is epilogue copy v - n + 1 in that
// sense (source v - stage >= n exactly when stage < v - n + 1), and what
// comes before (copies <= 0) commits every mark, as the steady state does:
// so the marks before each wait of the last n copies are the same as after
// the steady state, and the short path joins the epilogue at copy D - n + 1
// with the same counts. On AMDGPU, where a wait becomes a count of DMAs over
// all paths, the DMAs before each wait match too when every early statement
// is in stage 0 (the automatic schedule; otherwise a count there may be
// lower than exact, never higher). A partial prologue cannot skip the
// wait of an early statement, whose count assumes every mark, so a schedule
// with one gives each short trip count copies of its own, whose prologue
// commits empty marks instead.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineBuilder.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::asyncpipe;

// Epilogue drain: a new block between the preheader and the loop will hold
// the prologue of the pipelined path (trip count >= S). The old preheader
// keeps the invariants expanded there, which dominate every path, and later
// branches to the short trip counts' paths too (emitEpilogue).
void PipelineBuilder::splitPipelinedEntry() {
  ShareDrain = none_of(Sched.Statements, [&](const PipelineStatement &S) {
    return Sched.isEarly(S) && S.Wait;
  });
  Dispatch = L.getLoopPreheader();
  Function *F = Body->getParent();
  auto *Full =
      BasicBlock::Create(F->getContext(), "asyncpipe.prologue", F, Body);
  BranchInst::Create(Body, Full);
  PrologueEntry = Full;
  if (Loop *Parent = L.getParentLoop())
    Parent->addBasicBlockToLoop(Full, LI);
  Instruction *OldBr = Dispatch->getTerminator();
  BranchInst::Create(Full, OldBr->getIterator());
  OldBr->eraseFromParent();
  for (PHINode &Phi : Body->phis())
    Phi.replaceIncomingBlockWith(Dispatch, Full);
}

// The prologues of the short trip counts, emitted while the early
// statements' original operations still exist to be cloned.
void PipelineBuilder::emitShortTripPrologues() {
  Function *F = Body->getParent();
  LLVMContext &Ctx = F->getContext();
  for (unsigned Trips = 1; Trips <= lastStage(); ++Trips) {
    auto *Short = BasicBlock::Create(Ctx, "asyncpipe.short" + Twine(Trips), F,
                                     L.getExitBlock());
    if (Loop *Parent = L.getParentLoop())
      Parent->addBasicBlockToLoop(Short, LI);
    auto *End = new UnreachableInst(Ctx, Short);
    emitPrologue(End, Trips);
    ShortTrips.push_back(Short);
    ShortTripEnds.push_back(End->getParent());
  }
}

// The clones of the loop's blocks run once, straight-line, in the loop's
// parent: a clone of a block of the loop itself belongs to the parent, a
// clone of an inner loop's block to a new copy of that inner loop, so that
// LoopInfo describes the function exactly.
void PipelineBuilder::registerClonedBody(ValueToValueMapTy &VMap) {
  DenseMap<const Loop *, Loop *> NewLoops;
  NewLoops[&L] = L.getParentLoop();
  // Preorder: a loop's copy exists before its children's, and each copy gets
  // its header first (Loop::getHeader is the first block).
  for (Loop *Inner : L.getLoopsInPreorder()) {
    if (Inner == &L)
      continue;
    Loop *New = LI.AllocateLoop();
    if (Loop *Outer = NewLoops.lookup(Inner->getParentLoop()))
      Outer->addChildLoop(New);
    else
      LI.addTopLevelLoop(New);
    NewLoops[Inner] = New;
    New->addBasicBlockToLoop(cast<BasicBlock>(VMap[Inner->getHeader()]), LI);
  }
  for (BasicBlock *BB : L.blocks()) {
    const Loop *Innermost = LI.getLoopFor(BB);
    if (Innermost != &L && Innermost->getHeader() == BB)
      continue;
    if (Loop *In = NewLoops.lookup(Innermost))
      In->addBasicBlockToLoop(cast<BasicBlock>(VMap[BB]), LI);
  }
}

// The count of a wait of statement StmtIdx in epilogue copy Step (1..D)
// whose steady-state count is Count. In the empty-groups drain the same wait
// would see Count newer marks, some of them empty ones the epilogue does not
// commit: those of early statements whose iteration is past the last one
// (stage < step), in this copy before the wait and in the copies before it.
// Dropping k of the Count newest marks and waiting for Count - k waits for
// the same group: the oldest mark counted is unchanged if it is committed,
// and if it is not, it was empty and complete exactly when the newest
// committed mark before it is. What runs before copy FirstStep (the
// steady-state loop, or a short trip count's prologue) commits every mark,
// so the walk stops there.
uint64_t PipelineBuilder::epilogueWaitCount(unsigned StmtIdx, unsigned Step,
                                            uint64_t Count,
                                            unsigned FirstStep) const {
  SmallVector<unsigned, 8> InOrder;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx)
    InOrder.push_back(Idx);
  sort(InOrder, [&](unsigned A, unsigned B) {
    return Sched.Statements[A].Order < Sched.Statements[B].Order;
  });
  unsigned Position = find(InOrder, StmtIdx) - InOrder.begin();
  uint64_t Seen = 0, Dropped = 0;
  for (unsigned Copy = Step; Copy >= FirstStep && Seen < Count; --Copy) {
    // A statement's wait comes before its own mark.
    unsigned End = Copy == Step ? Position : InOrder.size();
    for (unsigned P = End; P-- > 0 && Seen < Count;) {
      const PipelineStatement &S = Sched.Statements[InOrder[P]];
      if (!S.Mark)
        continue;
      ++Seen;
      if (Sched.isEarly(S) && S.Stage < Copy)
        ++Dropped;
    }
  }
  return Count - Dropped;
}

/// Erases \p I and remembers its operands in \p Unused: what only it used
/// (the address of a dropped copy) is deleted once the epilogue is wired up,
/// not before, since a copy's value may still be needed after it.
static void eraseLater(Instruction *I,
                       SmallVectorImpl<WeakTrackingVH> &Unused) {
  for (Value *Op : I->operands())
    Unused.push_back(Op);
  I->eraseFromParent();
}

// Copies FirstStep .. D of the epilogue, straight-line after Pred (which has
// no terminator yet), for the iterations whose header phis start with the
// values Current; their blocks are named <block>.<Name><step> and placed
// before InsertBefore. Returns the last block; VMap maps the loop's values to
// the last copy's.
BasicBlock *PipelineBuilder::emitDrainCopies(
    BasicBlock *Pred, unsigned FirstStep, const Twine &Name,
    BasicBlock *InsertBefore, DenseMap<PHINode *, Value *> Current,
    const DenseMap<PHINode *, Value *> *Initial, ValueToValueMapTy &VMap,
    SmallVectorImpl<WeakTrackingVH> &Unused) {
  BasicBlock *Latch = L.getLoopLatch();
  Function *F = Body->getParent();
  SmallVector<BasicBlock *, 16> Blocks(L.blocks());
  for (unsigned Step = FirstStep; Step <= lastStage(); ++Step) {
    VMap.clear();
    SmallVector<BasicBlock *, 16> Clones;
    for (BasicBlock *BB : Blocks) {
      BasicBlock *Clone =
          CloneBasicBlock(BB, VMap, "." + Name + Twine(Step), F, nullptr);
      VMap[BB] = Clone;
      Clone->moveBefore(InsertBefore);
      Clones.push_back(Clone);
    }
    registerClonedBody(VMap);
    // A copy that a short trip count enters too merges the values of the
    // header phis: the previous copy's, or those on entry to the loop.
    if (!Initial)
      for (auto &[Phi, V] : Current) {
        cast<PHINode>(VMap[Phi])->eraseFromParent();
        VMap[Phi] = V;
      }
    remapInstructionsInBlocks(Clones, VMap);
    auto *CloneHeader = cast<BasicBlock>(VMap[Body]);
    if (Initial) {
      BasicBlock *Short = ShortTripEnds[lastStage() - Step];
      for (auto &[Phi, V] : Current) {
        auto *Merge = cast<PHINode>(VMap[Phi]);
        while (Merge->getNumIncomingValues())
          Merge->removeIncomingValue(0u, /*DeletePHIIfEmpty=*/false);
        Merge->addIncoming(V, Pred);
        Merge->addIncoming(Initial->lookup(Phi), Short);
      }
      Short->getTerminator()->eraseFromParent();
      BranchInst::Create(CloneHeader, Short);
    }
    auto *CloneLatch = cast<BasicBlock>(VMap[Latch]);
    eraseLater(CloneLatch->getTerminator(), Unused);
    BranchInst::Create(CloneHeader, Pred);
    Pred = CloneLatch;

    // Early statements past the last iteration issue nothing, not even a
    // mark; the others keep their copies with recounted waits.
    for (const BodyEmission &E : BodyEmissions) {
      const PipelineStatement &S = Sched.Statements[E.Statement];
      if (S.Stage >= Step) {
        if (E.Wait)
          setWaitCount(
              cast<CallBase>(VMap[E.Wait]),
              epilogueWaitCount(E.Statement, Step, S.WaitCount, FirstStep));
        continue;
      }
      for (Instruction *I : E.Issued)
        eraseLater(cast<Instruction>(VMap[I]), Unused);
      if (E.Wait)
        eraseLater(cast<Instruction>(VMap[E.Wait]), Unused);
      for (const RegionClone &R : E.Regions) {
        SmallVector<BasicBlock *, 8> Blocks;
        for (BasicBlock *BB : R.Blocks)
          Blocks.push_back(cast<BasicBlock>(VMap[BB]));
        deleteCopyRegion(Blocks, cast<BasicBlock>(VMap[R.Exit]), &Unused);
        erase_if(Clones,
                 [&](BasicBlock *BB) { return is_contained(Blocks, BB); });
      }
    }
    for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
      const PipelineStatement &S = Sched.Statements[Idx];
      if (S.Wait && !Sched.isEarly(S))
        setWaitCount(cast<CallBase>(VMap[S.Wait]),
                     epilogueWaitCount(Idx, Step, S.WaitCount, FirstStep));
    }
    // What only this copy used (the exit condition, and in the last copy the
    // updates for a next iteration) goes once everything is wired up.
    for (BasicBlock *Clone : Clones)
      for (Instruction &I : *Clone)
        Unused.push_back(&I);

    for (auto &[Phi, V] : Current) {
      V = Phi->getIncomingValueForBlock(Latch);
      if (Value *Cloned = VMap.lookup(V))
        V = Cloned;
    }
  }
  return Pred;
}

// The steady-state loop stops after iteration last - D (it is entered only
// when last >= D); D straight-line copies of its body follow for iterations
// last - D + 1 .. last. Trip count n = 1 .. D takes its own path from the
// old preheader: a partial prologue and the last n copies of the epilogue.
void PipelineBuilder::emitEpilogue() {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  Function *F = Body->getParent();
  LLVMContext &Ctx = F->getContext();
  Loop *Parent = L.getParentLoop();

  // Uses of the loop's values after it, which will see the last copy's.
  // The exit block's phis are rewired on their own: their incoming value for
  // the latch need not come from the loop.
  SmallVector<Use *, 8> LiveOuts;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Use &U : I.uses())
        if (auto *User = cast<Instruction>(U.getUser());
            !L.contains(User) &&
            !(isa<PHINode>(User) && User->getParent() == Exit))
          LiveOuts.push_back(&U);
  SmallVector<std::pair<PHINode *, Value *>, 4> ExitPhis;
  for (PHINode &Phi : Exit->phis())
    ExitPhis.push_back({&Phi, Phi.getIncomingValueForBlock(Latch)});
  for (auto &Entry : ExitPhis)
    Entry.first->removeIncomingValue(Latch, /*DeletePHIIfEmpty=*/false);

  // The steady-state loop's new exit condition.
  auto *LatchBr = cast<BranchInst>(Latch->getTerminator());
  IRBuilder<> B(Dispatch->getTerminator());
  Value *SteadyLast = B.CreateSub(LastIteration, B.getInt64(lastStage()),
                                  "asyncpipe.steady.last");
  B.SetInsertPoint(LatchBr);
  Value *More =
      B.CreateICmpULE(NextIteration, SteadyLast, "asyncpipe.steady.more");
  BasicBlock *ShortBegin = ShortTrips.empty() ? Exit : ShortTrips.front();
  auto *Entry = BasicBlock::Create(Ctx, "asyncpipe.epilogue", F, ShortBegin);
  if (Parent)
    Parent->addBasicBlockToLoop(Entry, LI);
  BranchInst *NewBr = B.CreateCondBr(More, Body, Entry);
  NewBr->copyMetadata(*LatchBr);
  Value *OldCond = LatchBr->isConditional() ? LatchBr->getCondition() : nullptr;
  LatchBr->eraseFromParent();
  if (OldCond)
    RecursivelyDeleteTriviallyDeadInstructions(OldCond);

  // Every path ends in the exit block with the values of the last
  // iteration.
  DenseMap<Value *, PHINode *> Merged;
  DenseMap<Value *, Value *> Last;
  auto Join = [&](BasicBlock *End, ValueToValueMapTy &VMap) {
    BranchInst::Create(Exit, End);
    for (auto &[Phi, V] : ExitPhis) {
      Value *Mapped = VMap.lookup(V);
      Phi->addIncoming(Mapped ? Mapped : V, End);
    }
    for (Use *U : LiveOuts) {
      // One path (the short trip counts share the epilogue): no merge.
      if (ShareDrain) {
        Value *Mapped = VMap.lookup(U->get());
        Last[U->get()] = Mapped ? Mapped : U->get();
        continue;
      }
      PHINode *&Merge = Merged[U->get()];
      if (!Merge) {
        Merge = PHINode::Create(U->get()->getType(), lastStage() + 1,
                                U->get()->getName() + ".merged");
        Merge->insertBefore(Exit->getFirstNonPHIIt());
      }
      Value *Mapped = VMap.lookup(U->get());
      Merge->addIncoming(Mapped ? Mapped : U->get(), End);
    }
  };

  SmallVector<WeakTrackingVH, 32> Unused;
  DenseMap<PHINode *, Value *> Current;
  for (PHINode &Phi : Body->phis())
    Current[&Phi] = Phi.getIncomingValueForBlock(Latch);
  DenseMap<PHINode *, Value *> Initial;
  for (PHINode &Phi : Body->phis())
    Initial[&Phi] = Phi.getIncomingValueForBlock(Preheader);
  ValueToValueMapTy VMap;
  Join(emitDrainCopies(Entry, 1, "epi", ShortBegin, Current,
                       ShareDrain ? &Initial : nullptr, VMap, Unused),
       VMap);

  // Trip count n (last iteration n - 1) for n = 1 .. D: the switch sends
  // it to its partial prologue, whose header phis start at their values on
  // entry to the loop, and on to its own copies of the last n steps or (when
  // shared) into the epilogue's.
  Instruction *ToFull = Dispatch->getTerminator();
  B.SetInsertPoint(ToFull);
  SwitchInst *Switch =
      B.CreateSwitch(LastIteration, PrologueEntry, lastStage());
  ToFull->eraseFromParent();
  for (unsigned Trips = 1; Trips <= lastStage(); ++Trips) {
    Switch->addCase(B.getInt64(Trips - 1), ShortTrips[Trips - 1]);
    if (ShareDrain)
      continue;
    BasicBlock *Short = ShortTripEnds[Trips - 1];
    Short->getTerminator()->eraseFromParent();
    Join(emitDrainCopies(Short, lastStage() - Trips + 1,
                         "short" + Twine(Trips) + ".epi", Exit, Initial,
                         nullptr, VMap, Unused),
         VMap);
  }
  for (Use *U : LiveOuts)
    U->set(ShareDrain ? Last.lookup(U->get()) : Merged.lookup(U->get()));

  for (WeakTrackingVH &V : Unused)
    if (V)
      RecursivelyDeleteTriviallyDeadInstructions(V);
}
