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
//   for the automatic schedule). A trip count below S runs the loop as it
//   was, unpipelined: any path that joins the pipelined one before its last
//   wait would weaken that wait on AMDGPU, and the short path cannot overlap
//   much anyway.
//
// Buffers grow to Versions copies of themselves; every access moves to the
// version of its iteration, (iteration mod Versions), kept in a rotating
// index per distinct version count.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineSchedule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
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

namespace {

/// Where and for which iteration an early statement is emitted: in the body
/// (Iteration = i + D - stage) or in the prologue (a constant).
struct EmissionSite {
  Instruction *InsertBefore;
  Value *Iteration; ///< i64.
  /// Byte offset of the version a buffer access of the statement uses.
  function_ref<Value *(unsigned Buffer, IRBuilderBase &B)> VersionOffset;
};

class PipelineBuilder {
public:
  PipelineBuilder(PipelineSchedule &Sched, ScalarEvolution &SE, LoopInfo &LI,
                  const AsyncTarget *Target)
      : Sched(Sched), L(*Sched.L), SE(SE), LI(LI), Target(Target),
        Body(L.getHeader()), Int64(Type::getInt64Ty(Body->getContext())),
        Int32(Type::getInt32Ty(Body->getContext())) {}

  void run() {
    expandLoopInvariants();
    if (Sched.DrainWithEpilogue)
      versionLoop();
    growBuffers();
    createCounters();
    moveLastStageAccesses();
    setLastStageWaitCounts();
    insertBarrierIfNeeded();
    emitEarlyStatementsInBody();
    emitPrologue();
    eraseMovedAsyncOps();
    closeCounters();
    if (Sched.DrainWithEpilogue)
      emitEpilogue();
  }

private:
  unsigned lastStage() const { return Sched.getLastStage(); }
  void expandLoopInvariants();
  void growBuffers();
  void replaceUsesInFunction(GlobalVariable *Old, GlobalVariable *New);
  void createCounters();
  Value *versionOffsetInBody(unsigned Buffer, unsigned Stage);
  void moveLastStageAccesses();
  CallBase *setWaitCount(CallBase *Wait, uint64_t N);
  void setLastStageWaitCounts();
  void insertBarrierIfNeeded();
  Instruction *insertionPointFor(const PipelineStatement &S);
  void emitEarlyStatementsInBody();
  void emitPrologue();
  void emitEarlyStatement(unsigned StmtIdx, const EmissionSite &Site);
  void versionLoop();
  void emitEpilogue();
  uint64_t epilogueWaitCount(unsigned StmtIdx, unsigned Step,
                             uint64_t Count) const;
  Value *cloneForIteration(Value *V, unsigned StmtIdx, const EmissionSite &Site,
                           IRBuilderBase &B, ValueToValueMapTy &VMap);
  Value *evaluateInduction(PHINode *Phi, Value *Iteration, IRBuilderBase &B);
  void emitSkippedMark(unsigned StmtIdx, Instruction *InsertBefore);
  void eraseMovedAsyncOps();
  void closeCounters();

  PipelineSchedule &Sched;
  Loop &L;
  ScalarEvolution &SE;
  LoopInfo &LI;
  const AsyncTarget *Target;
  BasicBlock *Body;
  Type *Int64;
  Type *Int32;
  /// The last source iteration, the backedge-taken count (i64), computed in
  /// the preheader; iterations are compared with it, not with the trip count,
  /// which can overflow.
  Value *LastIteration = nullptr;
  /// Induction start and step values, expanded in the preheader.
  DenseMap<PHINode *, std::pair<Value *, Value *>> InductionBounds;
  /// Source iteration of the last stage (== loop iteration), i64.
  PHINode *Iteration = nullptr;
  /// Iteration mod N, per distinct version count N.
  DenseMap<unsigned, PHINode *> Rotations;
  /// Byte offset of a version, per (versions, iterations ahead, stride).
  std::map<std::tuple<unsigned, unsigned, uint64_t>, Value *> BodyOffsets;
  Instruction *CounterEnd = nullptr;
  /// Iteration + 1, at the latch.
  Value *NextIteration = nullptr;

  /// Early copies are guarded by "that iteration exists" (in the
  /// empty-groups drain).
  bool GuardCopies = true;
  /// Epilogue drain: the latch of the unpipelined copy of the loop run for
  /// trip counts below S, and the map from the loop's values to the copy's.
  BasicBlock *ShortLatch = nullptr;
  ValueToValueMapTy ShortVMap;
  /// The async operations emitted in the body for an early statement, and
  /// its wait, so that the epilogue can find their copies.
  struct BodyEmission {
    unsigned Statement;
    SmallVector<Instruction *, 4> Issued; ///< Copies and mark.
    CallBase *Wait;
  };
  SmallVector<BodyEmission, 4> BodyEmissions;
  bool EmittingInBody = false;
};

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

// The D virtual iterations before the first: virtual iteration v (loop
// iteration v - D) runs statement s for source iteration v - stage(s) when
// that is not negative; the marks of the other groups are still committed.
void PipelineBuilder::emitPrologue() {
  // In the epilogue drain the pipelined path is entered only when every
  // prologue group exists.
  GuardCopies = !Sched.DrainWithEpilogue;
  Instruction *End = L.getLoopPreheader()->getTerminator();
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
  BodyEmission Emitted{StmtIdx, {}, Wait};
  for (CallBase *Copy : S.Copies)
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
      Copy->eraseFromParent();
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

// Epilogue drain: the preheader chooses between the pipelined path (trip
// count >= S: a new preheader that will hold the prologue) and a copy of the
// loop as it is now, which exits to the same block. The invariants expanded
// in the old preheader dominate both. The copy gets a loop ID of its own
// (the pass has already marked the loop as pipelined, so neither is
// pipelined again).
void PipelineBuilder::versionLoop() {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  assert(Exit && "the pipeliner only accepts loops that exit at the latch");
  Function *F = Body->getParent();
  LLVMContext &Ctx = F->getContext();
  Loop *Parent = L.getParentLoop();

  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : L.blocks()) {
    BasicBlock *Clone = CloneBasicBlock(BB, ShortVMap, ".short", F, nullptr);
    ShortVMap[BB] = Clone;
    Clone->moveBefore(Exit);
    if (Parent)
      Parent->addBasicBlockToLoop(Clone, LI);
    Clones.push_back(Clone);
  }
  remapInstructionsInBlocks(Clones, ShortVMap);
  ShortLatch = cast<BasicBlock>(ShortVMap[L.getLoopLatch()]);
  Instruction *ShortBr = ShortLatch->getTerminator();
  if (MDNode *ID = ShortBr->getMetadata(LLVMContext::MD_loop)) {
    SmallVector<Metadata *, 4> Ops{nullptr};
    Ops.append(ID->op_begin() + 1, ID->op_end());
    MDNode *Own = MDNode::getDistinct(Ctx, Ops);
    Own->replaceOperandWith(0, Own);
    ShortBr->setMetadata(LLVMContext::MD_loop, Own);
  }
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(L.getLoopLatch());
    if (Value *Short = ShortVMap.lookup(V))
      V = Short;
    Phi.addIncoming(V, ShortLatch);
  }

  auto *Full = BasicBlock::Create(Ctx, "asyncpipe.prologue", F, Body);
  BranchInst::Create(Body, Full);
  if (Parent)
    Parent->addBasicBlockToLoop(Full, LI);
  Instruction *OldBr = Preheader->getTerminator();
  IRBuilder<> B(OldBr);
  Value *Enough = B.CreateICmpUGE(LastIteration, B.getInt64(lastStage()),
                                  "asyncpipe.pipelined");
  B.CreateCondBr(Enough, Full, cast<BasicBlock>(ShortVMap[Body]));
  OldBr->eraseFromParent();
  for (PHINode &Phi : Body->phis())
    Phi.replaceIncomingBlockWith(Preheader, Full);
}

// The count of a wait of statement StmtIdx in epilogue copy Step (1..D)
// whose steady-state count is Count. In the empty-groups drain the same wait
// would see Count newer marks, some of them empty ones the epilogue does not
// commit: those of early statements whose iteration is past the last one
// (stage < step), in this copy before the wait and in the copies before it.
// Dropping k of the Count newest marks and waiting for Count - k waits for
// the same group: the oldest mark counted is unchanged if it is committed,
// and if it is not, it was empty and complete exactly when the newest
// committed mark before it is. The steady-state copies before the epilogue
// commit every mark, so the walk stops at the first copy.
uint64_t PipelineBuilder::epilogueWaitCount(unsigned StmtIdx, unsigned Step,
                                            uint64_t Count) const {
  SmallVector<unsigned, 8> InOrder;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx)
    InOrder.push_back(Idx);
  sort(InOrder, [&](unsigned A, unsigned B) {
    return Sched.Statements[A].Order < Sched.Statements[B].Order;
  });
  unsigned Position = find(InOrder, StmtIdx) - InOrder.begin();
  uint64_t Seen = 0, Dropped = 0;
  for (unsigned Copy = Step; Copy >= 1 && Seen < Count; --Copy) {
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

// The steady-state loop stops after iteration last - D (it is entered only
// when last >= D); D straight-line copies of its body follow for iterations
// last - D + 1 .. last.
void PipelineBuilder::emitEpilogue() {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  Function *F = Body->getParent();
  LLVMContext &Ctx = F->getContext();
  Loop *Parent = L.getParentLoop();
  SmallVector<BasicBlock *, 16> Blocks(L.blocks());
  SmallVector<PHINode *, 8> HeaderPhis;
  for (PHINode &Phi : Body->phis())
    HeaderPhis.push_back(&Phi);

  // Uses of the loop's values after it, which will see the last copy's.
  SmallVector<Use *, 8> LiveOuts;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      for (Use &U : I.uses())
        if (!L.contains(cast<Instruction>(U.getUser())))
          LiveOuts.push_back(&U);

  // The steady-state loop's new exit condition.
  auto *LatchBr = cast<BranchInst>(Latch->getTerminator());
  IRBuilder<> B(Preheader->getTerminator());
  Value *SteadyLast = B.CreateSub(LastIteration, B.getInt64(lastStage()),
                                  "asyncpipe.steady.last");
  B.SetInsertPoint(LatchBr);
  Value *More =
      B.CreateICmpULE(NextIteration, SteadyLast, "asyncpipe.steady.more");
  auto *Entry = BasicBlock::Create(Ctx, "asyncpipe.epilogue", F, Exit);
  if (Parent)
    Parent->addBasicBlockToLoop(Entry, LI);
  BranchInst *NewBr = B.CreateCondBr(More, Body, Entry);
  NewBr->copyMetadata(*LatchBr);
  Value *OldCond = LatchBr->isConditional() ? LatchBr->getCondition() : nullptr;
  LatchBr->eraseFromParent();
  if (OldCond)
    RecursivelyDeleteTriviallyDeadInstructions(OldCond);

  // The header phis' values at the start of the next copy.
  DenseMap<PHINode *, Value *> Current;
  for (PHINode *Phi : HeaderPhis)
    Current[Phi] = Phi->getIncomingValueForBlock(Latch);

  BasicBlock *Pred = Entry;
  SmallVector<WeakTrackingVH, 32> Unused;
  SmallVector<BasicBlock *, 16> EpilogueBlocks;
  ValueToValueMapTy VMap;
  for (unsigned Step = 1; Step <= lastStage(); ++Step) {
    VMap.clear();
    SmallVector<BasicBlock *, 16> Clones;
    for (BasicBlock *BB : Blocks) {
      BasicBlock *Clone =
          CloneBasicBlock(BB, VMap, ".epi" + Twine(Step), F, nullptr);
      VMap[BB] = Clone;
      Clone->moveBefore(Exit);
      if (Parent)
        Parent->addBasicBlockToLoop(Clone, LI);
      Clones.push_back(Clone);
      EpilogueBlocks.push_back(Clone);
    }
    for (PHINode *Phi : HeaderPhis) {
      cast<PHINode>(VMap[Phi])->eraseFromParent();
      VMap[Phi] = Current[Phi];
    }
    remapInstructionsInBlocks(Clones, VMap);
    auto *CloneLatch = cast<BasicBlock>(VMap[Latch]);
    eraseLater(CloneLatch->getTerminator(), Unused);
    BranchInst::Create(cast<BasicBlock>(VMap[Body]), Pred);
    Pred = CloneLatch;

    // Early statements past the last iteration issue nothing, not even a
    // mark; the others keep their copies with recounted waits.
    for (const BodyEmission &E : BodyEmissions) {
      const PipelineStatement &S = Sched.Statements[E.Statement];
      if (S.Stage >= Step) {
        if (E.Wait)
          setWaitCount(cast<CallBase>(VMap[E.Wait]),
                       epilogueWaitCount(E.Statement, Step, S.WaitCount));
        continue;
      }
      for (Instruction *I : E.Issued)
        eraseLater(cast<Instruction>(VMap[I]), Unused);
      if (E.Wait)
        eraseLater(cast<Instruction>(VMap[E.Wait]), Unused);
    }
    for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
      const PipelineStatement &S = Sched.Statements[Idx];
      if (S.Wait && !Sched.isEarly(S))
        setWaitCount(cast<CallBase>(VMap[S.Wait]),
                     epilogueWaitCount(Idx, Step, S.WaitCount));
    }

    for (PHINode *Phi : HeaderPhis) {
      Value *Updated = Phi->getIncomingValueForBlock(Latch);
      if (Value *Cloned = VMap.lookup(Updated))
        Updated = Cloned;
      Current[Phi] = Updated;
    }
  }
  BranchInst::Create(Exit, Pred);

  // After the loop, its values are those of the last iteration: the last
  // copy's, or the unpipelined loop's.
  for (PHINode &Phi : Exit->phis())
    Phi.replaceIncomingBlockWith(Latch, Pred);
  DenseMap<Value *, PHINode *> Merged;
  for (Use *U : LiveOuts) {
    Value *Pipelined = VMap.lookup(U->get());
    if (!Pipelined)
      Pipelined = U->get();
    auto *Phi = dyn_cast<PHINode>(U->getUser());
    if (Phi && Phi->getParent() == Exit) {
      U->set(Pipelined);
      continue;
    }
    PHINode *&Merge = Merged[U->get()];
    if (!Merge) {
      Merge = PHINode::Create(U->get()->getType(), 2,
                              U->get()->getName() + ".merged");
      Merge->insertBefore(Exit->getFirstNonPHIIt());
      Merge->addIncoming(Pipelined, Pred);
      Merge->addIncoming(ShortVMap.lookup(U->get()), ShortLatch);
    }
    U->set(Merge);
  }

  // What the copies no longer need: dropped copies' addresses, the exit
  // condition, and in the last copy the updates for a next iteration.
  for (BasicBlock *BB : EpilogueBlocks)
    for (Instruction &I : *BB)
      Unused.push_back(&I);
  for (WeakTrackingVH &V : Unused)
    if (V)
      RecursivelyDeleteTriviallyDeadInstructions(V);
}

} // namespace

void asyncpipe::applyPipeline(PipelineSchedule &Sched, ScalarEvolution &SE,
                              LoopInfo &LI, const AsyncTarget *Target) {
  PipelineBuilder(Sched, SE, LI, Target).run();
}
