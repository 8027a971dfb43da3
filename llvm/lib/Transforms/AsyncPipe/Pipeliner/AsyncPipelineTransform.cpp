//===- AsyncPipelineTransform.cpp - Rewrite a loop into its pipeline ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Carries out a PipelineSchedule. With D the last stage, loop iteration i
// runs statement s for source iteration i + D - stage(s); the statements of
// stage D are the original body, left in place. Each early statement's async
// operations are re-emitted at its place in the order, for the later
// iteration. A prologue in the preheader runs the D virtual iterations before
// the first one. The last D iterations have fewer groups to issue; they drain
// the pipeline in one of two ways:
//
// * Empty groups: the loop runs every iteration; an early statement's copies
//   are guarded by "that iteration exists" and its mark is not, so past the
//   last iteration the body commits empty groups, the mark sequence stays
//   periodic and one constant count per wait is exact for a wait that counts
//   groups. The prologue issues under the same guard, which makes trip counts
//   below the stage count correct.
//
// * Epilogue: a wait lowered to a count of memory operations by a
//   path-insensitive analysis (AMDGPU vmcnt) takes the path that skips a
//   guarded copy and falls to 0. So no copy is guarded: a trip count of at
//   least S runs an unconditional prologue, a loop that issues every copy and
//   stops after iteration last - D, and an epilogue of D straight-line copies
//   of the body (fully unrolled, so that every wait keeps one constant count)
//   for the last D iterations; copy e issues only the early statements that
//   still have an iteration (stage >= e), commits no other mark, and its
//   waits drop the marks that are no longer committed (wait(D-1) .. wait(0)
//   for the automatic schedule). A trip count n below S (1 .. D), chosen by a
//   switch in the preheader, runs a partial prologue that issues the groups
//   of its n iterations, then the last n copies of the epilogue, so it still
//   overlaps its copies with the computation (AsyncPipelineDrain.cpp).
//
// Buffers grow to Versions copies of themselves; every access moves to the
// version of its iteration, (iteration mod Versions), kept in a rotating
// index per distinct version count. The epilogue drain's code (the epilogue,
// the short trip counts' paths) is in AsyncPipelineDrain.cpp.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineBuilder.h"
#include "AsyncPipelineDomTree.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <map>

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::PatternMatch;

// Testing only: makes the pipeliner wrong on purpose, so that tests can show
// that a pipelined wait allowing too many groups in flight is caught by
// running the program on the host under the lazy policy with AsyncSan
// (utils/asyncpipe_difftest.py --sync-loops --broken-pipelining).
static cl::opt<unsigned> MiscountForTesting(
    "asyncpipe-pipeline-miscount-for-testing", cl::Hidden, cl::init(0),
    cl::desc("Testing only: add this to the count of every wait the "
             "pipeliner sets (a deliberately wrong pipelining)"));

void PipelineBuilder::expandLoopInvariants() {
  BasicBlock *Preheader = L.getLoopPreheader();
  Instruction *IP = Preheader->getTerminator();
  SCEVExpander Expander(SE, "asyncpipe");
  IRBuilder<> B(IP);
  Value *BTC = Expander.expandCodeFor(Sched.BackedgeTakenCount,
                                      Sched.BackedgeTakenCount->getType(), IP);
  LastIteration = B.CreateZExt(BTC, Int64, "asyncpipe.last");
  for (const PipelineSchedule::InductionValue &IV : Sched.Inductions) {
    Value *Start = Expander.expandCodeFor(IV.Start, IV.Start->getType(), IP);
    Value *Step = Expander.expandCodeFor(IV.Step, IV.Step->getType(), IP);
    InductionBounds[IV.Phi] = {Start, Step};
  }
}

// The grown object holds the versions back to back; version 0 is where the
// old object was, so every existing pointer into it stays valid for
// version 0 and an access moves to version v by adding v * stride bytes.
void PipelineBuilder::growBuffers() {
  for (PipelineBuffer &Buffer : Sched.Buffers) {
    if (Buffer.Versions < 2)
      continue;
    Value *Old = Buffer.Object;
    Align Alignment = isa<GlobalVariable>(Old)
                          ? cast<GlobalVariable>(Old)->getAlign().valueOrOne()
                          : cast<AllocaInst>(Old)->getAlign();
    uint64_t Stride = alignTo(Buffer.Bytes, Alignment);
    Type *Grown =
        Stride == Buffer.Bytes
            ? static_cast<Type *>(ArrayType::get(Buffer.Ty, Buffer.Versions))
            : ArrayType::get(Type::getInt8Ty(Old->getContext()),
                             Stride * Buffer.Versions);
    Buffer.Bytes = Stride;
    Value *New;
    if (auto *GV = dyn_cast<GlobalVariable>(Old)) {
      auto *NewGV = new GlobalVariable(
          *GV->getParent(), Grown, /*isConstant=*/false, GV->getLinkage(),
          GV->getInitializer()->isNullValue() ? Constant::getNullValue(Grown)
                                              : UndefValue::get(Grown),
          GV->getName() + ".pipelined", GV, GV->getThreadLocalMode(),
          GV->getAddressSpace());
      NewGV->setAlignment(GV->getAlign());
      New = NewGV;
      if (Buffer.UsedByOtherFunctions) {
        replaceUsesInFunction(GV, NewGV);
      } else {
        GV->replaceAllUsesWith(NewGV);
        NewGV->takeName(GV);
        GV->eraseFromParent();
      }
    } else {
      auto *AI = cast<AllocaInst>(Old);
      auto *NewAI = new AllocaInst(Grown, AI->getAddressSpace(), nullptr,
                                   AI->getAlign(), "", AI->getIterator());
      NewAI->takeName(AI);
      AI->replaceAllUsesWith(NewAI);
      AI->eraseFromParent();
      New = NewAI;
    }
    Buffer.Object = New;
  }
}

// Other functions keep the original global; this function's constant
// expressions on it become instructions so that their uses can move.
void PipelineBuilder::replaceUsesInFunction(GlobalVariable *Old,
                                            GlobalVariable *New) {
  Function *F = Body->getParent();
  convertUsersOfConstantsToInstructions({Old}, F);
  Old->replaceUsesWithIf(New, [F](Use &U) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    return I && I->getFunction() == F;
  });
}

void PipelineBuilder::createCounters() {
  IRBuilder<> B(Body, Body->getFirstNonPHIIt());
  Iteration = B.CreatePHI(Int64, 2, "asyncpipe.iter");
  for (const PipelineBuffer &Buffer : Sched.Buffers)
    if (Buffer.Versions > 1 && !Rotations.count(Buffer.Versions))
      Rotations[Buffer.Versions] =
          B.CreatePHI(Int32, 2, "asyncpipe.mod" + Twine(Buffer.Versions));
  // Offsets are computed right after the counters so they dominate the body.
  CounterEnd = &*B.GetInsertPoint();
}

// Version of source iteration i + D - Stage: (i mod N + (D - Stage) mod N)
// mod N, with one conditional subtraction instead of a division.
Value *PipelineBuilder::versionOffsetInBody(unsigned BufferIdx,
                                            unsigned Stage) {
  const PipelineBuffer &Buffer = Sched.Buffers[BufferIdx];
  if (Buffer.Versions < 2)
    return nullptr;
  unsigned N = Buffer.Versions;
  unsigned Ahead = (lastStage() - Stage) % N;
  auto Key = std::make_tuple(N, Ahead, Buffer.Bytes);
  if (auto It = BodyOffsets.find(Key); It != BodyOffsets.end())
    return It->second;
  IRBuilder<> B(CounterEnd);
  Value *Version = Rotations[N];
  if (Ahead) {
    Value *Sum = B.CreateAdd(Version, B.getInt32(Ahead));
    Value *Wrapped = B.CreateSub(Sum, B.getInt32(N));
    Version = B.CreateSelect(B.CreateICmpUGE(Sum, B.getInt32(N)), Wrapped, Sum,
                             "asyncpipe.ahead");
  }
  Value *Offset =
      B.CreateMul(Version, B.getInt32(Buffer.Bytes), "asyncpipe.offset");
  BodyOffsets[Key] = Offset;
  return Offset;
}

void PipelineBuilder::moveLastStageAccesses() {
  for (unsigned BufferIdx = 0; BufferIdx != Sched.Buffers.size(); ++BufferIdx) {
    for (const PipelineBuffer::Access &A : Sched.Buffers[BufferIdx].Accesses) {
      const PipelineStatement &S = Sched.Statements[A.Statement];
      if (Sched.isEarly(S) && AsyncOp::get(*A.I).isCopy())
        continue; // Re-emitted for its own iteration.
      Value *Offset = versionOffsetInBody(BufferIdx, lastStage());
      if (!Offset)
        continue;
      IRBuilder<> B(A.I);
      Value *Ptr = A.I->getOperand(A.OperandNo);
      A.I->setOperand(A.OperandNo, B.CreateGEP(B.getInt8Ty(), Ptr, Offset,
                                               "asyncpipe.version.ptr"));
    }
  }
}

CallBase *PipelineBuilder::setWaitCount(CallBase *Wait, uint64_t N) {
  N += MiscountForTesting;
  AsyncOp Op = AsyncOp::get(*Wait);
  if (Value *Count = Op.getWaitCountOperand()) {
    for (Use &Arg : Wait->args())
      if (Arg.get() == Count)
        Arg.set(ConstantInt::get(Count->getType(), N));
    return Wait;
  }
  // A wait-all form: only a target can spell a partial wait.
  if (N == 0 || !Target)
    return Wait;
  IRBuilder<> B(Wait);
  CallInst *New = Target->createWait(B, N);
  New->setDebugLoc(Wait->getDebugLoc());
  Wait->eraseFromParent();
  return New;
}

void PipelineBuilder::setLastStageWaitCounts() {
  for (PipelineStatement &S : Sched.Statements)
    if (S.Wait && !Sched.isEarly(S)) {
      CallBase *New = setWaitCount(S.Wait, S.WaitCount);
      if (S.Start == S.Wait)
        S.Start = New;
      S.Insts.front() = S.Wait = New;
    }
}

void PipelineBuilder::insertBarrierIfNeeded() {
  if (!Sched.NeedsBarrier)
    return;
  IRBuilder<> B(CounterEnd);
  Target->createBarrier(B);
}

Instruction *PipelineBuilder::insertionPointFor(const PipelineStatement &S) {
  for (const PipelineStatement &Other : Sched.Statements)
    if (!Sched.isEarly(Other) && Other.Order > S.Order)
      return Other.Start;
  return L.getLoopLatch()->getTerminator();
}

void PipelineBuilder::emitEarlyStatementsInBody() {
  EmittingInBody = true;
  GuardCopies = !Sched.DrainWithEpilogue;
  // Insertion points first: emitting splits the body.
  SmallVector<std::pair<unsigned, Instruction *>, 4> Sites;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx)
    if (Sched.isEarly(Sched.Statements[Idx]))
      Sites.push_back({Idx, insertionPointFor(Sched.Statements[Idx])});
  // Emit in schedule order so that early statements sharing a place keep it.
  sort(Sites, [&](auto &A, auto &B) {
    return Sched.Statements[A.first].Order < Sched.Statements[B.first].Order;
  });
  for (auto &[Idx, InsertBefore] : Sites) {
    unsigned Stage = Sched.Statements[Idx].Stage;
    IRBuilder<> B(CounterEnd);
    Value *Ahead = B.CreateAdd(Iteration, B.getInt64(lastStage() - Stage),
                               "asyncpipe.iter.ahead");
    auto Offset = [&](unsigned Buffer, IRBuilderBase &) {
      return versionOffsetInBody(Buffer, Stage);
    };
    emitEarlyStatement(Idx, {InsertBefore, Ahead, Offset});
  }
  EmittingInBody = false;
}

// The D virtual iterations before the first, emitted before End: virtual
// iteration v (loop iteration v - D) runs statement s for source iteration
// v - stage(s) when that is not negative; the marks of the other groups are
// still committed. A short trip count's path (Trips = n, 1 .. D, epilogue
// drain) issues no copy for an iteration >= n and still commits its mark, so
// that every virtual iteration commits each group's mark once, as a body copy
// does, and the epilogue copies that follow count their waits the same way.
void PipelineBuilder::emitPrologue(Instruction *End, uint64_t Trips) {
  // In the epilogue drain the pipelined path is entered only when every
  // prologue group exists, and a short path knows which ones do.
  GuardCopies = !Sched.DrainWithEpilogue;
  if (Sched.NeedsEntryBarrier) {
    // The barrier carries other work-items' global writes to this one's
    // copies. AMDGPU's s_barrier orders no memory by itself: fence it at
    // work-group scope the way HIP's __syncthreads() does.
    IRBuilder<> B(End);
    bool Fenced = Target->barrierNeedsWorkGroupFences();
    LLVMContext &Ctx = Body->getContext();
    if (Fenced)
      B.CreateFence(AtomicOrdering::Release,
                    Ctx.getOrInsertSyncScopeID("workgroup"));
    Target->createBarrier(B);
    if (Fenced)
      B.CreateFence(AtomicOrdering::Acquire,
                    Ctx.getOrInsertSyncScopeID("workgroup"));
  }
  SmallVector<unsigned, 8> InOrder;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx)
    InOrder.push_back(Idx);
  sort(InOrder, [&](unsigned A, unsigned B) {
    return Sched.Statements[A].Order < Sched.Statements[B].Order;
  });
  for (unsigned Virtual = 0; Virtual != lastStage(); ++Virtual) {
    for (unsigned Idx : InOrder) {
      const PipelineStatement &S = Sched.Statements[Idx];
      if (!Sched.isEarly(S) || S.Stage > Virtual) {
        emitSkippedMark(Idx, End);
        continue;
      }
      uint64_t Source = Virtual - S.Stage;
      if (Trips && Source >= Trips) {
        // Sharing the epilogue: commit nothing, as its copies do for an
        // iteration past the last (see AsyncPipelineDrain.cpp).
        if (ShareDrain)
          continue;
        // Kept, like the wait of an issuing statement: dropping it would
        // need a proof that nothing after it relies on it.
        if (S.Wait) {
          auto *Wait = cast<CallBase>(S.Wait->clone());
          Wait->insertBefore(End->getIterator());
          setWaitCount(Wait, S.WaitCount);
        }
        emitSkippedMark(Idx, End);
        continue;
      }
      auto Offset = [&](unsigned BufferIdx, IRBuilderBase &B) -> Value * {
        const PipelineBuffer &Buffer = Sched.Buffers[BufferIdx];
        if (Buffer.Versions < 2)
          return nullptr;
        uint64_t Offset = (Source % Buffer.Versions) * Buffer.Bytes;
        return Offset ? B.getInt32(Offset) : nullptr;
      };
      emitEarlyStatement(Idx, {End, ConstantInt::get(Int64, Source), Offset});
    }
  }
}

void PipelineBuilder::emitSkippedMark(unsigned StmtIdx,
                                      Instruction *InsertBefore) {
  if (CallBase *Mark = Sched.Statements[StmtIdx].Mark)
    Mark->clone()->insertBefore(InsertBefore->getIterator());
}

void PipelineBuilder::emitEarlyStatement(unsigned StmtIdx,
                                         const EmissionSite &Site) {
  const PipelineStatement &S = Sched.Statements[StmtIdx];
  CallBase *Wait = nullptr;
  if (S.Wait) {
    Wait = cast<CallBase>(S.Wait->clone());
    Wait->insertBefore(Site.InsertBefore->getIterator());
    Wait = setWaitCount(Wait, S.WaitCount);
  }
  IRBuilder<> B(Site.InsertBefore);
  // Iteration 0 exists whenever the loop is entered; later ones are guarded.
  auto *Constant = dyn_cast<ConstantInt>(Site.Iteration);
  if (GuardCopies && (!Constant || !Constant->isZero())) {
    Value *Exists =
        B.CreateICmpULE(Site.Iteration, LastIteration, "asyncpipe.iter.exists");
    Instruction *Then = SplitBlockAndInsertIfThen(Exists, Site.InsertBefore,
                                                  false, nullptr, nullptr, &LI);
    Then->getParent()->setName("asyncpipe.issue");
    Site.InsertBefore->getParent()->setName("asyncpipe.issued");
    B.SetInsertPoint(Then);
  }
  ValueToValueMapTy VMap;
  BodyEmission Emitted{StmtIdx, {}, Wait, {}};
  for (unsigned R : S.Regions)
    Emitted.Regions.push_back(emitCopyRegion(R, StmtIdx, Site, B, VMap));
  for (CallBase *Copy : S.Copies)
    if (!Sched.getCopyRegion(Copy))
      Emitted.Issued.push_back(
          cast<Instruction>(cloneForIteration(Copy, StmtIdx, Site, B, VMap)));
  emitSkippedMark(StmtIdx, Site.InsertBefore);
  if (S.Mark)
    Emitted.Issued.push_back(Site.InsertBefore->getPrevNode());
  if (EmittingInBody)
    BodyEmissions.push_back(std::move(Emitted));
}

// Clones V and what it depends on in the loop, for the site's iteration:
// header phis become their value at that iteration, buffer accesses move to
// that iteration's version.
Value *PipelineBuilder::cloneForIteration(Value *V, unsigned StmtIdx,
                                          const EmissionSite &Site,
                                          IRBuilderBase &B,
                                          ValueToValueMapTy &VMap) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return V;
  if (Value *Done = VMap.lookup(I))
    return Done;
  Value *Result;
  if (auto *Phi = dyn_cast<PHINode>(I)) {
    Result = evaluateInduction(Phi, Site.Iteration, B);
  } else {
    Instruction *Clone = I->clone();
    for (Use &Op : Clone->operands())
      Op.set(cloneForIteration(Op.get(), StmtIdx, Site, B, VMap));
    for (unsigned BufferIdx = 0; BufferIdx != Sched.Buffers.size(); ++BufferIdx)
      for (const PipelineBuffer::Access &A : Sched.Buffers[BufferIdx].Accesses)
        if (A.I == I)
          if (Value *Offset = Site.VersionOffset(BufferIdx, B))
            Clone->setOperand(A.OperandNo,
                              B.CreateGEP(B.getInt8Ty(),
                                          Clone->getOperand(A.OperandNo),
                                          Offset, "asyncpipe.version.ptr"));
    // Iteration numbers are constants in the prologue: fold what they feed.
    if (Value *Folded =
            simplifyInstruction(Clone, SimplifyQuery(Body->getDataLayout()))) {
      Clone->deleteValue();
      Result = Folded;
    } else {
      B.Insert(Clone);
      if (I->hasName())
        Clone->setName(I->getName() + ".ahead");
      Result = Clone;
    }
  }
  VMap[I] = Result;
  return Result;
}

Value *PipelineBuilder::evaluateInduction(PHINode *Phi, Value *Iter,
                                          IRBuilderBase &B) {
  auto [Start, Step] = InductionBounds.lookup(Phi);
  Value *Scaled = B.CreateSExtOrTrunc(Iter, Step->getType());
  if (!match(Step, m_One()))
    Scaled = B.CreateMul(Scaled, Step);
  if (match(Scaled, m_Zero()))
    return Start;
  if (match(Start, m_Zero()) && !Phi->getType()->isPointerTy())
    return Scaled;
  if (Phi->getType()->isPointerTy())
    return B.CreateGEP(B.getInt8Ty(), Start, Scaled, Phi->getName() + ".at");
  return B.CreateAdd(Start, Scaled, Phi->getName() + ".at");
}

void PipelineBuilder::eraseMovedAsyncOps() {
  for (PipelineStatement &S : Sched.Statements) {
    if (!Sched.isEarly(S))
      continue;
    for (CallBase *Copy : S.Copies)
      if (!Sched.getCopyRegion(Copy))
        Copy->eraseFromParent();
    // A copy loop goes as a whole: an empty loop would still run.
    for (unsigned R : S.Regions)
      deleteCopyRegion(Sched.CopyRegions[R].Blocks, Sched.CopyRegions[R].Exit,
                       nullptr);
    if (S.Mark)
      S.Mark->eraseFromParent();
    if (S.Wait)
      S.Wait->eraseFromParent();
  }
}

void PipelineBuilder::closeCounters() {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  IRBuilder<> B(Latch->getTerminator());
  Iteration->addIncoming(ConstantInt::get(Int64, 0), Preheader);
  NextIteration = B.CreateAdd(Iteration, B.getInt64(1), "asyncpipe.iter.next");
  Iteration->addIncoming(NextIteration, Latch);
  for (auto &[N, Version] : Rotations) {
    Value *Next = B.CreateAdd(Version, B.getInt32(1));
    Value *Wrapped =
        B.CreateSelect(B.CreateICmpEQ(Next, B.getInt32(N)), B.getInt32(0), Next,
                       Version->getName() + ".next");
    Version->addIncoming(B.getInt32(0), Preheader);
    Version->addIncoming(Wrapped, Latch);
  }
}

void asyncpipe::applyPipeline(PipelineSchedule &Sched, ScalarEvolution &SE,
                              LoopInfo &LI, DominatorTree &DT,
                              const AsyncTarget *Target) {
  LoopRewriteDomTree Dominators(*Sched.L, DT);
  SmallVector<BasicBlock *, 8> Emptied;
  PipelineBuilder(Sched, SE, LI, Target, Emptied).run();
  Dominators.update();
  for (BasicBlock *BB : Emptied)
    BB->eraseFromParent();
}
