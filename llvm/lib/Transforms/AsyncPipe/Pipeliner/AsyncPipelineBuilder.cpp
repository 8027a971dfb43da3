//===- AsyncPipelineBuilder.cpp - Rewrite a loop into its pipeline --------===//
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
// the pipeline in one of three ways:
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
//   overlaps its copies with the computation (the drain, below).
//
// * Repeating the last copies: the loop runs every iteration and no copy is
//   guarded. An early copy issued for an iteration past the last repeats the
//   last iteration's copy (its operands recomputed for the iteration clamped
//   to the last) into its own iteration's version, which nothing reads any
//   more; the loop's exit waits for every group. So
//   every path issues the same copies, as in the epilogue drain, and the
//   code is the prologue and the loop alone, as with empty groups. The
//   legality check keeps pipelined buffers out of repeated sources.
//
// With queues (an explicit schedule with several async stages), every group
// is committed to its stage's queue and every wait becomes one wait per
// queue it needs, each counting that queue's marks only; both are spelled
// once in the body before anything is cloned, so the prologue and the drain
// copy them like any other mark and wait. A loop with async write-back
// stores waits for the last ones at its exit.
//
// Buffers grow to Versions copies of themselves; every access moves to the
// version of its iteration, (iteration mod Versions), kept in a rotating
// index per distinct version count. Copy loops (AsyncPipelineLegality.cpp)
// are re-emitted as a whole, with their guard, for the later iteration.
//
// Two rewrites come before: the loop is versioned on its run-time alias
// checks, and a loop of plain loads gets its register-level stage; both are
// at the end of this file.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineBuilder.h"
#include "AsyncPipelineDomTree.h"
#include "AsyncPipelineRequests.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
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
    // The count is the last operand holding that value: a wait on a queue
    // may hold the same constant as its queue before it.
    for (Use &Arg : reverse(Wait->args()))
      if (Arg.get() == Count) {
        Arg.set(ConstantInt::get(Count->getType(), N));
        break;
      }
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

SmallVector<PipelineBuilder::WaitCall, 2>
PipelineBuilder::waitsOf(const PipelineStatement &S) const {
  SmallVector<WaitCall, 2> Waits;
  if (!S.Wait)
    return Waits;
  if (S.QueueWaits.empty()) {
    Waits.push_back({S.Wait, S.WaitCount, std::nullopt});
    return Waits;
  }
  for (unsigned K = 0; K != S.QueueWaits.size(); ++K)
    Waits.push_back({K ? S.OtherQueueWaits[K - 1] : S.Wait,
                     S.QueueWaits[K].Count, S.QueueWaits[K].Queue});
  return Waits;
}

// Clones of the statement's waits, in order, before InsertBefore, with their
// steady-state counts.
SmallVector<CallBase *, 2>
PipelineBuilder::cloneWaits(const PipelineStatement &S,
                            Instruction *InsertBefore) {
  SmallVector<CallBase *, 2> Clones;
  for (const WaitCall &W : waitsOf(S)) {
    auto *Clone = cast<CallBase>(W.Call->clone());
    Clone->insertBefore(InsertBefore->getIterator());
    Clones.push_back(setWaitCount(Clone, W.Count));
  }
  return Clones;
}

// Queue 0 is the plain mark and wait (AsyncPipeModel.rst, "Queues"), so the
// loop's own calls stay for it and only the other queues get new calls.
void PipelineBuilder::spellQueues() {
  Module &M = *Body->getModule();
  LLVMContext &Ctx = M.getContext();
  Type *Void = Type::getVoidTy(Ctx);
  FunctionCallee MarkQueue =
      M.getOrInsertFunction("asyncpipe.mark.queue", Void, Int32);
  FunctionCallee WaitQueue =
      M.getOrInsertFunction("asyncpipe.wait.queue", Void, Int32, Int32);
  for (PipelineStatement &S : Sched.Statements) {
    if (S.Mark && S.Queue != 0) {
      IRBuilder<> B(S.Mark);
      CallInst *New = B.CreateCall(MarkQueue, {B.getInt32(S.Queue)});
      New->setDebugLoc(S.Mark->getDebugLoc());
      // A group of no copies begins with its mark.
      if (S.Start == S.Mark)
        S.Start = New;
      S.Mark->eraseFromParent();
      S.Insts.back() = S.Mark = New;
    }
    if (!S.Wait || S.QueueWaits.empty())
      continue;
    Instruction *After = S.Wait->getNextNode();
    for (unsigned K = 0; K != S.QueueWaits.size(); ++K) {
      unsigned Q = S.QueueWaits[K].Queue;
      if (K == 0 && Q == 0)
        continue;
      IRBuilder<> B(K == 0 ? S.Wait : After);
      CallInst *New = B.CreateCall(WaitQueue, {B.getInt32(Q), B.getInt32(0)});
      New->setDebugLoc(S.Wait->getDebugLoc());
      if (K != 0) {
        S.OtherQueueWaits.push_back(New);
        S.Insts.insert(S.Insts.begin() + K, New);
        continue;
      }
      if (S.Start == S.Wait)
        S.Start = New;
      S.Wait->eraseFromParent();
      S.Insts.front() = S.Wait = New;
    }
  }
}

// The write-back groups of the last iterations are still in flight when the
// loop ends (their wait leaves the groups of V - 1 iterations): a wait for 0
// on their queue (on every group, without queues) at the exit, a clone of
// the write-back wait, completes them before anything after the loop reads
// their destination.
void PipelineBuilder::waitAtExitLike(CallBase *Wait, Instruction *At) {
  auto *Clone = cast<CallBase>(Wait->clone());
  Clone->insertBefore(At->getIterator());
  setWaitCount(Clone, 0);
}

void PipelineBuilder::drainWriteBackAtExit() {
  Instruction *At = &*L.getExitBlock()->getFirstInsertionPt();
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    if (!Buffer.IsStaging)
      continue;
    const PipelineStatement &Store = Sched.Statements[Buffer.Producer];
    std::optional<unsigned> Queue;
    if (Sched.UsesQueues)
      Queue = Store.Queue;
    if (is_contained(QueuesDrainedAtExit, Queue))
      continue;
    QueuesDrainedAtExit.push_back(Queue);
    for (unsigned Idx = Buffer.Producer + 1; Idx != Sched.Statements.size();
         ++Idx) {
      const PipelineStatement &W = Sched.Statements[Idx];
      if (!W.Wait)
        continue;
      for (const WaitCall &Call : waitsOf(W))
        if (Call.Queue == Queue)
          waitAtExitLike(Call.Call, At);
      break;
    }
  }
}

void PipelineBuilder::waitAtExitForRepeatedCopies() {
  // The copies repeated past the last iteration fill versions that nothing
  // reads, but nothing may see them land later either: not the next run of
  // the loop, whose prologue refills the same versions, nor code after the
  // loop that reuses the memory.
  Instruction *At = &*L.getExitBlock()->getFirstInsertionPt();
  SmallVector<std::optional<unsigned>, 2> Queues;
  for (const PipelineStatement &S : Sched.Statements) {
    if (!Sched.isEarly(S) || !S.isGroup())
      continue;
    std::optional<unsigned> Queue;
    if (Sched.UsesQueues)
      Queue = S.Queue;
    // The write-back's drain may already wait for the whole queue.
    if (!is_contained(Queues, Queue) &&
        !is_contained(QueuesDrainedAtExit, Queue))
      Queues.push_back(Queue);
  }
  // Any wait on the queue will do as the pattern of its exit wait.
  for (std::optional<unsigned> Queue : Queues) {
    CallBase *Pattern = nullptr;
    for (const PipelineStatement &S : Sched.Statements)
      for (const WaitCall &Call : waitsOf(S))
        if (!Pattern && Call.Queue == Queue)
          Pattern = Call.Call;
    if (Pattern)
      waitAtExitLike(Pattern, At);
  }
}

// Past the last iteration a copy repeats the last iteration's copy: its
// operands are recomputed for the iteration clamped to the last one, whose
// values are known to be valid together (a run-time source size matches its
// source, say). Only its destination stays that of its own iteration, a
// version nothing reads any more. Maps the copy's operands in \p VMap so.
void PipelineBuilder::mapRepeatedOperands(CallBase *Copy, unsigned StmtIdx,
                                          const EmissionSite &Site,
                                          IRBuilderBase &B,
                                          ValueToValueMapTy &VMap) {
  Value *Destination = AsyncOp::get(*Copy).getCopyDestination();
  // First, so that what it shares with the other operands stays unclamped
  // in the destination.
  cloneForIteration(Destination, StmtIdx, Site, B, VMap);
  SmallVector<Value *, 4> Repeated;
  for (Value *Op : Copy->args()) {
    auto *I = dyn_cast<Instruction>(Op);
    if (Op != Destination && I && L.contains(I) && !is_contained(Repeated, Op))
      Repeated.push_back(Op);
  }
  if (Repeated.empty())
    return;
  Value *Clamped = B.CreateIntrinsic(Intrinsic::umin, {Int64},
                                     {Site.Iteration, LastIteration}, nullptr,
                                     "asyncpipe.iter.repeated");
  // The legality check keeps pipelined buffers out of what a repeated copy
  // reads.
  auto NoVersion = [](unsigned, IRBuilderBase &) -> Value * { return nullptr; };
  ValueToValueMapTy LastVMap;
  for (Value *Op : Repeated)
    VMap[Op] = cloneForIteration(
        Op, StmtIdx, {Site.InsertBefore, Clamped, NoVersion}, B, LastVMap);
}

void PipelineBuilder::setLastStageWaitCounts() {
  for (PipelineStatement &S : Sched.Statements)
    if (S.Wait && !Sched.isEarly(S)) {
      for (unsigned K = 1; K < S.QueueWaits.size(); ++K)
        setWaitCount(S.OtherQueueWaits[K - 1], S.QueueWaits[K].Count);
      CallBase *New = setWaitCount(
          S.Wait, S.QueueWaits.empty() ? S.WaitCount : S.QueueWaits[0].Count);
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
        // iteration past the last (see the epilogue drain, below).
        if (ShareDrain)
          continue;
        // Kept, like the wait of an issuing statement: dropping it would
        // need a proof that nothing after it relies on it.
        cloneWaits(S, End);
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
  SmallVector<CallBase *, 2> Waits = cloneWaits(S, Site.InsertBefore);
  IRBuilder<> B(Site.InsertBefore);
  // Iteration 0 exists whenever the loop is entered. A later one is guarded
  // with empty groups, repeats the last one's copies past it with
  // repeat-last, and needs neither in the epilogue drain, whose pipelined
  // path is entered only when every prologue group exists (a short path
  // knows which ones do).
  auto *Constant = dyn_cast<ConstantInt>(Site.Iteration);
  bool LaterIteration = !Constant || !Constant->isZero();
  if (Sched.Drain == AsyncPipelineDrain::EmptyGroups && LaterIteration) {
    Value *Exists =
        B.CreateICmpULE(Site.Iteration, LastIteration, "asyncpipe.iter.exists");
    Instruction *Then = SplitBlockAndInsertIfThen(Exists, Site.InsertBefore,
                                                  false, nullptr, nullptr, &LI);
    Then->getParent()->setName("asyncpipe.issue");
    Site.InsertBefore->getParent()->setName("asyncpipe.issued");
    B.SetInsertPoint(Then);
  }
  ValueToValueMapTy VMap;
  BodyEmission Emitted{StmtIdx, {}, std::move(Waits), {}};
  for (unsigned R : S.Regions)
    Emitted.Regions.push_back(emitCopyRegion(R, StmtIdx, Site, B, VMap));
  for (CallBase *Copy : S.Copies) {
    if (Sched.getCopyRegion(Copy))
      continue;
    if (Sched.Drain == AsyncPipelineDrain::RepeatLastCopies && LaterIteration)
      mapRepeatedOperands(Copy, StmtIdx, Site, B, VMap);
    Emitted.Issued.push_back(
        cast<Instruction>(cloneForIteration(Copy, StmtIdx, Site, B, VMap)));
  }
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
      // The builder gave it the insertion point's line (often another
      // statement's wait); diagnostics about the copy name the user's.
      Clone->setDebugLoc(I->getDebugLoc());
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
    for (CallBase *Wait : S.OtherQueueWaits)
      Wait->eraseFromParent();
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

//===----------------------------------------------------------------------===//
// The epilogue drain
//===----------------------------------------------------------------------===//
//
// The epilogue drain (see the file comment): the steady-state loop
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
//
// A wait on a queue sees only that queue's marks; the same holds for them.
uint64_t
PipelineBuilder::epilogueWaitCount(unsigned StmtIdx, unsigned Step,
                                   uint64_t Count, unsigned FirstStep,
                                   std::optional<unsigned> Queue) const {
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
      if (!S.Mark || (Queue && S.Queue != *Queue))
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
        for (auto [Wait, W] : zip_equal(E.Waits, waitsOf(S)))
          setWaitCount(cast<CallBase>(VMap[Wait]),
                       epilogueWaitCount(E.Statement, Step, W.Count, FirstStep,
                                         W.Queue));
        continue;
      }
      for (Instruction *I : E.Issued)
        eraseLater(cast<Instruction>(VMap[I]), Unused);
      for (CallBase *Wait : E.Waits)
        eraseLater(cast<Instruction>(VMap[Wait]), Unused);
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
      if (!Sched.isEarly(S))
        for (const WaitCall &W : waitsOf(S))
          setWaitCount(
              cast<CallBase>(VMap[W.Call]),
              epilogueWaitCount(Idx, Step, W.Count, FirstStep, W.Queue));
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

//===----------------------------------------------------------------------===//
// Copy loops
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Versioning on run-time alias checks
//===----------------------------------------------------------------------===//
//
// The loop the schedule describes runs when no store can write what an
// early copy reads; an unpipelined clone runs otherwise. LoopInfo and the
// dominator tree get the clone from cloneLoopWithPreheader; the clone's exit
// edge is then inserted into the tree. LLVM's LoopVersioning does not fit:
// its checks are LoopAccessInfo's pointer groups, ranges one work-item's
// accesses cover over the loop, while these ranges cover every work-item of
// the group (a copy runs ahead of the barrier that ordered another
// work-item's store). LoopVersioning's noalias scopes are left out too: the
// checks prove a store apart from an early copy only, which a later pass
// could use only where no mark or wait lies between the two accesses it
// compares (alias analysis orders marks and waits with all memory), and
// early copies are emitted at a statement's start, where the statement
// before ends in a mark or a wait but for the cut before a copy
// (AsyncPipelineSchedule.h).

void asyncpipe::versionWithAliasChecks(PipelineSchedule &Sched, MDNode *OrigID,
                                       DominatorTree &DT, LoopInfo &LI,
                                       ScalarEvolution &SE) {
  Loop &L = *Sched.L;
  Function &F = *L.getHeader()->getParent();
  // Values the loop leaves go through exit-block phis, which then merge the
  // two versions.
  formLCSSA(L, DT, &LI, &SE);
  BasicBlock *CheckBB = L.getLoopPreheader();
  BasicBlock *Preheader = SplitBlock(CheckBB, CheckBB->getTerminator(), &DT,
                                     &LI, nullptr, "asyncpipe.nooverlap.ph");
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Blocks;
  Loop *Clone = cloneLoopWithPreheader(Preheader, CheckBB, &L, VMap, ".overlap",
                                       &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  Clone->setLoopID(makePipelinedLoopID(OrigID, "fallback", F.getContext()));
  SmallVector<BasicBlock *, 4> Exits;
  L.getExitBlocks(Exits);
  for (BasicBlock *Exit : Exits)
    for (PHINode &Phi : Exit->phis())
      for (unsigned Idx = 0, E = Phi.getNumIncomingValues(); Idx != E; ++Idx)
        if (L.contains(Phi.getIncomingBlock(Idx))) {
          Value *In = Phi.getIncomingValue(Idx);
          Value *Mapped = VMap.lookup(In);
          Phi.addIncoming(Mapped ? Mapped : In,
                          cast<BasicBlock>(VMap[Phi.getIncomingBlock(Idx)]));
        }
  // The checks, from the group ranges: every store range lies wholly before
  // or after every source range.
  SCEVExpander Expander(SE, "asyncpipe.alias");
  Instruction *At = CheckBB->getTerminator();
  IRBuilder<> B(At);
  Value *NoOverlap = B.getTrue();
  auto Address = [&](const PipelineSchedule::GroupRange &R,
                     const SCEV *Off) -> Value * {
    Value *Base = B.CreatePtrToInt(R.Base, Off->getType());
    Value *Offset = Expander.expandCodeFor(Off, Off->getType(), At);
    return B.CreateAdd(Base, Offset);
  };
  for (const PipelineSchedule::AliasCheck &C : Sched.AliasChecks) {
    Value *StoreLo = Address(C.Store, C.Store.Lo);
    Value *StoreHi = Address(C.Store, C.Store.Hi);
    Value *SourceLo = Address(C.Source, C.Source.Lo);
    Value *SourceHi = Address(C.Source, C.Source.Hi);
    Value *Before = B.CreateICmpULE(StoreHi, SourceLo);
    Value *After = B.CreateICmpULE(SourceHi, StoreLo);
    Value *Apart = B.CreateOr(Before, After);
    NoOverlap = B.CreateAnd(NoOverlap, Apart, "asyncpipe.nooverlap");
  }
  BasicBlock *ClonePreheader = Clone->getLoopPreheader();
  B.CreateCondBr(NoOverlap, Preheader, ClonePreheader);
  At->eraseFromParent();
  // The clone leaves as the loop does, by one edge from its latch to the
  // exit block (the shape the planner accepts): the one edge the tree lacks.
  BasicBlock *Exiting = Clone->getExitingBlock();
  BasicBlock *Exit = Clone->getExitBlock();
  if (Exiting && Exit && count(successors(Exiting), Exit) == 1)
    DT.insertEdge(Exiting, Exit);
  else
    DT.recalculate(F);
  SE.forgetLoop(&L);
}

//===----------------------------------------------------------------------===//
// Register stages
//===----------------------------------------------------------------------===//
//
// The register-level stage of TVM's nested GEMM schedule: the loop that
// loads slices of a shared tile into registers and multiplies them (TVM's
// inner loop k1, annotated stage [0, 0, 1]) loads the slice of iteration
// j + 1 while iteration j computes, the loaded values carried by phis (a
// double buffer in registers). Nothing async moves, so the counts of a
// pipelined loop around it are unchanged: every load stays inside the
// iteration of the outer loop that waited for its tile. The pass applies it
// before the async stages, so that a pipelined loop around such a loop (and
// its epilogue's copies of it) holds the register-pipelined form.
//
// The loop, one block that tests at its end (PipelineLegality::
// checkRegisterStage), becomes, for iterations 0 .. n-1:
//
//   preheader:  r0 = load(addr(iteration 0)); if (n == 1) goto last
//   body (j = 0 .. n-2):
//               r' = load(addr(j + 1))         ; the next iteration's loads
//               compute(j) on r                ; r: phi [r0, r']
//               if (j + 2 < n) continue
//   last:       compute(n - 1) on r            ; the body's copy, no loads
//
// Every load runs in the iteration of the source it belongs to and for no
// other, so every trip count (0 never reaches the preheader, 1 runs the last
// copy alone) is exact, with no speculation.

/// Clones the instructions of \p Body that are in \p Slice, in their order,
/// before \p At, mapping their operands through \p Map (which gets them).
static void cloneSlice(BasicBlock *Body,
                       const SmallPtrSetImpl<Instruction *> &Slice,
                       Instruction *At, ValueToValueMapTy &Map,
                       StringRef Suffix) {
  for (Instruction &I : *Body) {
    if (!Slice.contains(&I) || Map.count(&I))
      continue;
    Instruction *C = I.clone();
    if (I.hasName())
      C->setName(I.getName() + Suffix);
    C->insertBefore(At->getIterator());
    RemapInstruction(C, Map, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    Map[&I] = C;
  }
}

/// \p V through \p Map, or \p V itself if the map does not have it.
static Value *mapped(const ValueToValueMapTy &Map, Value *V) {
  auto It = Map.find(V);
  return It == Map.end() ? V : static_cast<Value *>(It->second);
}

/// The loop ID after the transformation: the loop's properties without the
/// request (so it is not transformed again), plus the user's follow-up
/// asyncpipe.pipeline.followup_registers.
static void markRegisterStageDone(Loop &L) {
  std::optional<MDNode *> ID = makeFollowupLoopID(
      L.getLoopID(), {"asyncpipe.pipeline.followup_registers"},
      RegistersKey.data(), /*AlwaysNew=*/true);
  Instruction *Latch = L.getLoopLatch()->getTerminator();
  Latch->setMetadata(LLVMContext::MD_loop, ID ? *ID : nullptr);
}

/// Rewrites the loop of \p Sched so that its loads run one iteration ahead;
/// the new blocks go to the loops around it.
static void buildRegisterStage(const RegisterStageSchedule &Sched,
                               LoopInfo &LI) {
  Loop &L = *Sched.L;
  ArrayRef<LoadInst *> Loads = Sched.Loads;
  BasicBlock *Body = L.getHeader();
  BasicBlock *Pre = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  Function &F = *Body->getParent();
  LLVMContext &Ctx = F.getContext();
  auto *Br = cast<BranchInst>(Body->getTerminator());
  unsigned ExitIdx = Br->getSuccessor(0) == Exit ? 0 : 1;
  Value *Cond = Br->getCondition();
  SmallPtrSet<Instruction *, 16> Moved(llvm::from_range, Loads);

  // The body as written, and its values used after the loop.
  SmallVector<PHINode *, 8> BodyPhis;
  for (PHINode &Phi : Body->phis())
    BodyPhis.push_back(&Phi);
  SmallVector<Instruction *, 32> Original;
  for (Instruction &I : *Body)
    if (!isa<PHINode>(I) && !I.isTerminator())
      Original.push_back(&I);
  SmallVector<std::pair<Use *, Instruction *>, 8> OutsideUses;
  for (Instruction &I : *Body)
    for (Use &U : I.uses())
      if (cast<Instruction>(U.getUser())->getParent() != Body)
        OutsideUses.push_back({&U, &I});

  BasicBlock *LoopPre =
      BasicBlock::Create(Ctx, Body->getName() + ".regs.ph", &F, Body);
  BasicBlock *LoopExit =
      BasicBlock::Create(Ctx, Body->getName() + ".regs.exit", &F, Exit);
  BasicBlock *Last =
      BasicBlock::Create(Ctx, Body->getName() + ".regs.last", &F, Exit);

  // The preheader: iteration 0's loads and whether iteration 1 exists.
  ValueToValueMapTy First;
  for (PHINode *Phi : BodyPhis)
    First[Phi] = Phi->getIncomingValueForBlock(Pre);
  Instruction *PreTerm = Pre->getTerminator();
  cloneSlice(Body, Sched.Ahead, PreTerm, First, ".first");
  cloneSlice(Body, Moved, PreTerm, First, ".first");
  Value *MoreFirst = mapped(First, Cond);
  BranchInst *PreBr = ExitIdx == 0
                          ? BranchInst::Create(Last, LoopPre, MoreFirst)
                          : BranchInst::Create(LoopPre, Last, MoreFirst);
  PreBr->insertBefore(PreTerm->getIterator());
  PreBr->setDebugLoc(PreTerm->getDebugLoc());
  PreTerm->eraseFromParent();
  BranchInst::Create(Body, LoopPre)->setDebugLoc(Br->getDebugLoc());
  for (PHINode *Phi : BodyPhis)
    Phi->setIncomingBlock(Phi->getBasicBlockIndex(Pre), LoopPre);

  // The top of the body: the phis' next values, then iteration j + 1's
  // addresses, loads and exit test, ahead of iteration j's computation.
  Instruction *Top = &*Body->getFirstNonPHIIt();
  ValueToValueMapTy NextValues;
  cloneSlice(Body, Sched.NextValues, Top, NextValues, ".ahead");
  ValueToValueMapTy Ahead;
  for (PHINode *Phi : BodyPhis) {
    Value *In = Phi->getIncomingValueForBlock(Body);
    Ahead[Phi] = mapped(NextValues, In);
  }
  cloneSlice(Body, Sched.Ahead, Top, Ahead, ".ahead");
  cloneSlice(Body, Moved, Top, Ahead, ".ahead");
  Value *MoreNext = mapped(Ahead, Cond);
  Br->setCondition(MoreNext);
  Br->setSuccessor(ExitIdx, LoopExit);
  BranchInst::Create(Last, LoopExit)->setDebugLoc(Br->getDebugLoc());

  // The register double buffer.
  ValueToValueMapTy LastMap;
  IRBuilder<> LastB(Last);
  for (PHINode *Phi : BodyPhis) {
    PHINode *LastPhi = LastB.CreatePHI(Phi->getType(), 2, Phi->getName());
    LastPhi->addIncoming(First[Phi], Pre);
    LastPhi->addIncoming(Ahead[Phi], LoopExit);
    LastMap[Phi] = LastPhi;
    // The back edge takes the next value computed at the top, so that the
    // one written at the end of the body is not computed twice.
    Phi->setIncomingValueForBlock(Body, Ahead[Phi]);
  }
  SmallVector<PHINode *, 8> Regs;
  for (LoadInst *Load : Loads) {
    PHINode *Reg = PHINode::Create(Load->getType(), 2, Load->getName() + ".reg",
                                   Body->getFirstNonPHIIt());
    Reg->addIncoming(First[Load], LoopPre);
    Reg->addIncoming(Ahead[Load], Body);
    PHINode *LastReg =
        LastB.CreatePHI(Load->getType(), 2, Load->getName() + ".reg");
    LastReg->addIncoming(First[Load], Pre);
    LastReg->addIncoming(Ahead[Load], LoopExit);
    LastMap[Load] = LastReg;
    Regs.push_back(Reg);
  }

  // The last iteration: the body as written, on the phis' last values.
  for (Instruction *I : Original) {
    if (Moved.contains(I))
      continue;
    Instruction *C = I->clone();
    if (I->hasName())
      C->setName(I->getName() + ".last");
    C->insertInto(Last, Last->end());
    RemapInstruction(C, LastMap,
                     RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    LastMap[I] = C;
  }
  BranchInst::Create(Exit, Last)->setDebugLoc(Br->getDebugLoc());
  for (PHINode &Phi : Exit->phis())
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(Body), Last);
  for (auto [U, Def] : OutsideUses)
    U->set(LastMap[Def]);
  // Last, as the maps follow a replaced value: the body's own uses.
  for (auto [Load, Reg] : zip(Loads, Regs)) {
    Load->replaceAllUsesWith(Reg);
    Load->eraseFromParent();
  }

  // The exit test and addresses as written are dead now.
  for (BasicBlock *BB : {Pre, Body, Last})
    for (Instruction &I : make_early_inc_range(reverse(*BB)))
      if (isInstructionTriviallyDead(&I))
        I.eraseFromParent();

  if (Loop *Parent = L.getParentLoop())
    for (BasicBlock *BB : {LoopPre, LoopExit, Last})
      Parent->addBasicBlockToLoop(BB, LI);
  markRegisterStageDone(L);
}

void asyncpipe::applyRegisterStage(const RegisterStageSchedule &Sched,
                                   LoopInfo &LI, DominatorTree &DT) {
  LoopRewriteDomTree Dominators(*Sched.L, DT);
  buildRegisterStage(Sched, LI);
  Dominators.update();
}
