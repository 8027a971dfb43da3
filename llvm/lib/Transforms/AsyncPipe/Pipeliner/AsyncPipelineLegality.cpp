//===- AsyncPipelineLegality.cpp - May this loop be pipelined? ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The legality checks of the pipeliner, in the order planPipeline runs them:
// the loop's shape and its copy loops, the statements, the buffers the groups
// fill (every access in the loop, each read after a wait), what keeps a
// statement from running ahead, and, once the stages are chosen, what early
// copies read ahead of and the run-time alias checks that allow it.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineLegality.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::pipeliner;

bool PipelineLegality::checkLoopShape() {
  // An asynchronous operation the model does not know (gfx1250's tensor
  // DMA) is covered by the marks the pipeliner moves, but it would stay
  // where it is and the waits would no longer count it where they did.
  if (Target)
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB)
        if (std::string What = Target->describeUnmodeledAsyncOp(I);
            !What.empty())
          return fail("UnmodeledAsyncOp",
                      formatv("it issues {0}, an asynchronous operation the "
                              "pipeliner does not model: it cannot move it "
                              "with its group of copies, nor count it in "
                              "the waits",
                              What));
  if (!L.getLoopPreheader() || !L.getExitingBlock() ||
      L.getExitingBlock() != L.getLoopLatch())
    return fail("LoopShape",
                "the loop has no preheader, more than one exit or an exit "
                "that is not its latch");
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return fail("TripCount", "its trip count cannot be computed");
  if (SE.getTypeSizeInBits(BTC->getType()) > 64)
    return fail("TripCountTooWide", "its trip count does not fit in 64 bits");
  Sched.BackedgeTakenCount = BTC;
  // Inner loops may compute (the consumers' k loop of a GEMM) or issue
  // copies (a tile copied by a loop), but the marks and waits must be the
  // outer loop's own.
  return findCopyRegions();
}

//===----------------------------------------------------------------------===//
// Copy loops
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

bool PipelineLegality::findCopyRegions() {
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
PipelineLegality::whyRegionNotRecomputable(const CopyRegion &R, unsigned Idx,
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

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

// The body is walked in reverse post-order. Blocks of the loop itself that
// dominate the latch (the spine) run once per iteration: only they may hold
// marks and waits, which is what makes the mark count of an iteration a
// constant. Blocks off the spine (conditional code) belong to the statement
// around them; a copy there is predicated.
bool PipelineLegality::cutStatements() {
  BasicBlock *Latch = L.getLoopLatch();
  PipelineStatement Current;
  auto Close = [&] {
    if (!Current.Insts.empty())
      Sched.Statements.push_back(std::move(Current));
    Current = PipelineStatement();
  };
  LoopBlocksRPO RPO(&L);
  RPO.perform(&LI);
  unsigned Position = 0;
  BasicBlock *LastSpineBlock = nullptr;
  std::optional<unsigned> LastRegion;
  for (BasicBlock *BB : RPO) {
    bool OnSpine = isOnSpine(BB);
    if (OnSpine)
      LastSpineBlock = BB;
    // A copy loop is one piece of its statement: the cut before a copy that
    // follows consumer work is made where the region begins.
    auto Region = RegionOf.find(BB);
    bool InRegion = Region != RegionOf.end();
    if (InRegion && LastRegion != Region->second) {
      LastRegion = Region->second;
      if (Current.Wait && Current.Copies.empty() &&
          any_of(Current.Insts, [](Instruction *Prev) {
            return !AsyncOp::get(*Prev) && isWork(*Prev);
          }))
        Close();
      if (Current.Insts.empty())
        Current.Start = LastSpineBlock->getTerminator();
      Current.Regions.push_back(Region->second);
    }
    for (Instruction &I : *BB) {
      PositionOf[&I] = Position++;
      if ((BB == L.getHeader() && isa<PHINode>(I)) || I.isTerminator()) {
        StatementOf[&I] = Sched.Statements.size();
        continue;
      }
      AsyncOp Op = AsyncOp::get(I);
      if (!OnSpine && (Op.isMark() || Op.isWait()))
        return fail("ConditionalMarkOrWait",
                    formatv("the {0} {1} is conditional, so the marks of an "
                            "iteration are not a constant",
                            Op.isMark() ? "mark" : "wait", describe(&I)));
      // Copy A, mark, wait, use A, copy B, mark: "use A" and "copy B" are
      // two statements, so that B can run ahead of the wait for A on its own
      // (TVM's interleaved producers); with only address arithmetic between
      // the wait and the copy (a copy from one buffer to another) the wait
      // and the copy stay one statement, as in TVM.
      if (Op.isWait() ||
          (Op.isCopy() && !InRegion && Current.Wait && Current.Copies.empty() &&
           any_of(Current.Insts, [](Instruction *Prev) {
             return !AsyncOp::get(*Prev) && isWork(*Prev);
           })))
        Close();
      // A statement that begins inside a branch begins, on the spine, at the
      // branch into it.
      if (Current.Insts.empty())
        Current.Start = OnSpine ? &I : LastSpineBlock->getTerminator();
      StatementOf[&I] = Sched.Statements.size();
      Current.Insts.push_back(&I);
      if (Op.isWait()) {
        Current.Wait = Op.getCall();
      } else if (Op.isCopy()) {
        Current.Copies.push_back(Op.getCall());
        // A copy loop's copies are re-emitted with their loop and guard.
        Current.HasPredicatedCopies |= !OnSpine && !InRegion;
      } else if (Op.isMark()) {
        Current.Mark = Op.getCall();
        Close();
      }
    }
  }
  Close();
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    S.Order = Idx;
    if (!S.Start)
      S.Start = Latch->getTerminator();
  }
  return true;
}

bool PipelineLegality::checkSynchronousForm() {
  bool HasWait = false;
  for (const PipelineStatement &S : Sched.Statements) {
    if (!S.Copies.empty() && !S.Mark)
      return fail("CopyWithoutMark",
                  formatv("the async copy {0} is not followed by a mark "
                          "before the next wait",
                          describe(S.Copies.front())));
    if (S.Wait) {
      HasWait = true;
      std::optional<uint64_t> N = AsyncOp::get(*S.Wait).getConstantWaitCount();
      if (!N || *N != 0)
        return fail("NotSynchronousForm",
                    "it already waits for fewer than all groups (not the "
                    "synchronous form: every wait must be wait(0))");
    }
  }
  if (Sched.getNumGroups() == 0 || !HasWait)
    return fail("NoAsyncGroup",
                "it has no async copy followed by a mark and a wait");
  return true;
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//
//
// The shared buffers the groups of a pipelined loop fill: which objects they
// are, that every access to them lies in the loop (so each can move to the
// version of its iteration), and that reads follow their copy and a wait.

std::optional<unsigned> PipelineLegality::findBuffer(const Value *Obj) const {
  for (unsigned Idx = 0; Idx != Sched.Buffers.size(); ++Idx)
    if (Sched.Buffers[Idx].Object == Obj)
      return Idx;
  return std::nullopt;
}

bool PipelineLegality::findBuffers() {
  for (unsigned StmtIdx = 0; StmtIdx != Sched.Statements.size(); ++StmtIdx) {
    const PipelineStatement &S = Sched.Statements[StmtIdx];
    bool Stores = any_of(
        S.Copies, [](CallBase *C) { return AsyncOp::get(*C).isStore(); });
    if (Stores && any_of(S.Copies, [](CallBase *C) {
          return !AsyncOp::get(*C).isStore();
        }))
      return fail("AsyncStoreWithCopies",
                  formatv("the group of statement {0} both copies into "
                          "shared memory and stores from it; commit the "
                          "async stores in a group of their own",
                          StmtIdx));
    for (CallBase *Copy : S.Copies) {
      if (Stores) {
        if (!findStagingBuffer(StmtIdx, Copy))
          return false;
        continue;
      }
      // cp.async written as inline PTX may take a 32-bit shared address, not
      // a pointer: its buffer cannot be multi-buffered.
      Value *Shared = AsyncOp::get(*Copy).getSharedPointer();
      if (!Shared || !Shared->getType()->isPointerTy())
        return fail("CopyDestinationNotPointer",
                    "an async copy's shared-memory destination is not a "
                    "pointer (cp.async written as inline PTX): use the "
                    "AsyncPipe copy API in loops to pipeline");
      // Read-ahead is proven on the source's memory, which a <4 x i32>
      // buffer resource does not name as a pointer.
      if (!AsyncOp::get(*Copy).getGlobalPointer())
        return fail("CopySourceNotPointer",
                    "an async copy's source is not a pointer (a <4 x i32> "
                    "buffer resource): use the ptr addrspace(8) buffer form "
                    "in loops to pipeline");
      Value *Obj = getUnderlyingObject(Shared, /*MaxLookup=*/0);
      if (std::optional<unsigned> Known = findBuffer(Obj)) {
        if (Sched.Buffers[*Known].Producer != StmtIdx)
          return fail(
              "BufferFilledTwice",
              formatv("the buffer {0} is filled by two groups", describe(Obj)));
        continue;
      }
      PipelineBuffer Buffer;
      Buffer.Object = Obj;
      Buffer.Producer = StmtIdx;
      if (!addBuffer(Buffer, Copy))
        return false;
    }
  }
  return true;
}

// The shared source of an async store is a staging buffer: the loop computes
// a tile into it with ordinary stores and the store group writes it back.
// It is grown like a copied buffer, one version per stage, so that the
// stores of earlier iterations may still read their versions while the loop
// computes into the next one.
bool PipelineLegality::findStagingBuffer(unsigned StmtIdx, CallBase *Store) {
  Value *Shared = AsyncOp::get(*Store).getSharedPointer();
  if (!Shared || !Shared->getType()->isPointerTy())
    return fail("AsyncStoreSourceNotBuffer",
                formatv("the source of the async store {0} is not a pointer",
                        describe(Store)));
  Value *Obj = getUnderlyingObject(Shared, /*MaxLookup=*/0);
  if (std::optional<unsigned> Known = findBuffer(Obj)) {
    const PipelineBuffer &Buffer = Sched.Buffers[*Known];
    if (!Buffer.IsStaging || Buffer.Producer != StmtIdx)
      return fail("AsyncStoreSharedBuffer",
                  formatv("the buffer {0} is written back by the async store "
                          "'{1}' and also {2}; give the write-back a staging "
                          "buffer of its own",
                          describe(Obj), AsyncOp::get(*Store).getName(),
                          Buffer.IsStaging ? "by another group"
                                           : "filled by async copies"));
    return true;
  }
  PipelineBuffer Buffer;
  Buffer.Object = Obj;
  Buffer.Producer = StmtIdx;
  Buffer.IsStaging = true;
  return addBuffer(Buffer, Store) && checkWriteBack(Sched.Buffers.back());
}

bool PipelineLegality::addBuffer(PipelineBuffer Buffer, CallBase *Copy) {
  const DataLayout &DL = L.getHeader()->getDataLayout();
  Value *Obj = Buffer.Object;
  if (auto *GV = dyn_cast<GlobalVariable>(Obj)) {
    // Every read follows a copy (or, in a staging buffer, a store), so the
    // grown buffer may start undefined or zeroed like the original, but
    // other contents would be lost.
    if (!GV->hasLocalLinkage() || GV->isConstant() || !GV->hasInitializer() ||
        !(isa<UndefValue>(GV->getInitializer()) ||
          GV->getInitializer()->isNullValue()))
      return fail("BufferNotGrowable",
                  formatv("the buffer {0} cannot be grown: only internal "
                          "globals that are uninitialized or zeroed can "
                          "be multi-buffered",
                          describe(GV)));
    Buffer.Ty = GV->getValueType();
  } else if (auto *AI = dyn_cast<AllocaInst>(Obj); AI && AI->isStaticAlloca()) {
    Buffer.Ty = AI->getAllocatedType();
  } else {
    return fail("CopyDestinationNotBuffer",
                formatv("the {0} of the async {1} {2} is not a buffer that "
                        "can be grown (a global or alloca)",
                        Buffer.IsStaging ? "source" : "destination",
                        Buffer.IsStaging ? "store" : "copy", describe(Copy)));
  }
  Buffer.Bytes = DL.getTypeAllocSize(Buffer.Ty);
  Sched.Buffers.push_back(Buffer);
  return collectAccesses(Sched.Buffers.size() - 1);
}

// The write-back hazard (AsyncPipeModel.rst, "Async stores"): until a wait
// covers the store, it may read its shared source at any time and its
// global destination may not hold the new bytes yet. In the synchronous form
// the wait right after the store makes both safe; once the stores stay in
// flight, nothing in the loop may write the staging buffer after the store
// (the next iteration writes another version), nor touch the destination.
bool PipelineLegality::checkWriteBack(const PipelineBuffer &Buffer) {
  const PipelineStatement &S = Sched.Statements[Buffer.Producer];
  for (const PipelineBuffer::Access &A : Buffer.Accesses)
    if (isa<StoreInst>(A.I))
      for (CallBase *Store : S.Copies)
        if (A.Statement > Buffer.Producer ||
            (A.Statement == Buffer.Producer &&
             PositionOf.lookup(A.I) > PositionOf.lookup(Store)))
          return fail("WriteBackHazard",
                      formatv("{0} writes the buffer {1} after the async "
                              "store '{2}' that reads it in the same "
                              "iteration, where the pipelined loop leaves "
                              "the store in flight",
                              describe(A.I), describe(Buffer.Object),
                              AsyncOp::get(*Store).getName()));
  // Each iteration works on its own version, so a value the previous
  // iteration left in the buffer is not there any more.
  std::optional<unsigned> FirstWrite;
  for (const PipelineBuffer::Access &A : Buffer.Accesses)
    if (isa<StoreInst>(A.I))
      FirstWrite = std::min(FirstWrite.value_or(~0u), PositionOf.lookup(A.I));
  if (!FirstWrite)
    return fail("StagingReadBeforeWrite",
                formatv("the loop writes back the buffer {0} with the async "
                        "store '{1}' but never writes it: each iteration "
                        "would store another version",
                        describe(Buffer.Object),
                        AsyncOp::get(*S.Copies.front()).getName()));
  for (const PipelineBuffer::Access &A : Buffer.Accesses)
    if (isa<LoadInst>(A.I) && PositionOf.lookup(A.I) < *FirstWrite)
      return fail("StagingReadBeforeWrite",
                  formatv("{0} reads the buffer {1}, which the async store "
                          "'{2}' writes back, before the iteration writes it: "
                          "the value would come from another iteration's "
                          "version",
                          describe(A.I), describe(Buffer.Object),
                          AsyncOp::get(*S.Copies.front()).getName()));
  for (CallBase *Store : S.Copies) {
    Value *DstPtr = AsyncOp::get(*Store).getGlobalPointer();
    if (!DstPtr)
      return fail("WriteBackDestinationAccess",
                  formatv("the destination of the async store {0} is not a "
                          "pointer",
                          describe(Store)));
    MemoryLocation Dst = MemoryLocation::getBeforeOrAfter(DstPtr);
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB) {
        // The pipelined buffers' own accesses stay in their iteration's
        // version (and the stores that fill the staging buffer come before
        // the async store).
        bool BufferAccess = any_of(Sched.Buffers, [&](const PipelineBuffer &B) {
          return any_of(B.Accesses, [&](const PipelineBuffer::Access &A) {
            return A.I == &I && !AsyncOp::get(I);
          });
        });
        if (&I == Store || BufferAccess || !I.mayReadOrWriteMemory() ||
            classifySync(I, Target) != SyncKind::None)
          continue;
        AsyncOp Op = AsyncOp::get(I);
        bool Touches;
        if (Op.isCopy() && !Op.isStore())
          Touches =
              !Op.getGlobalPointer() ||
              !AA.isNoAlias(
                  MemoryLocation::getBeforeOrAfter(Op.getGlobalPointer()), Dst);
        else if (Op)
          continue;
        else
          Touches = isModOrRefSet(AA.getModRefInfo(&I, Dst));
        if (Touches)
          return fail("WriteBackDestinationAccess",
                      formatv("{0} may access the memory the async store "
                              "'{1}' writes, which is not written yet while "
                              "the store is in flight; declare the pointers "
                              "restrict (__restrict__) if they do not overlap",
                              describe(&I), AsyncOp::get(*Store).getName()));
      }
  }
  return true;
}

// Another function may use the same global (OpenCL's kernel and its callable
// copy, __clang_ocl_kern_imp_*): this function then gets a grown buffer of its
// own, which is only right if nothing else can see what it holds: nobody
// calls this function and it calls nothing that touches memory.
bool PipelineLegality::checkPrivateToFunction(const PipelineBuffer &Buffer) {
  Function &F = *L.getHeader()->getParent();
  if (!F.use_empty())
    return fail("BufferSharedWithCaller",
                formatv("the buffer {0} is also used by other functions and "
                        "'{1}' is called, so it cannot get a grown copy of its "
                        "own",
                        describe(Buffer.Object), F.getName()));
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || AsyncOp::get(I) ||
          classifySync(I, Target) != SyncKind::None ||
          isa<IntrinsicInst>(Call) || Call->doesNotAccessMemory())
        continue;
      return fail("BufferSharedWithCallee",
                  formatv("the buffer {0} is also used by other functions, "
                          "which {1} may reach",
                          describe(Buffer.Object), describeSync(*Call)));
    }
  return true;
}

// Every pointer derived from a buffer must end in an access inside the loop:
// a load, or an async copy's source or destination. The transform moves each
// of them to the buffer version of its iteration.
bool PipelineLegality::collectAccesses(unsigned BufferIdx) {
  PipelineBuffer &Buffer = Sched.Buffers[BufferIdx];
  std::string Name = describe(Buffer.Object);
  SmallVector<Value *, 8> Worklist = {Buffer.Object};
  SmallPtrSet<Value *, 16> Seen;
  while (!Worklist.empty()) {
    Value *Ptr = Worklist.pop_back_val();
    if (!Seen.insert(Ptr).second)
      continue;
    for (Use &U : Ptr->uses()) {
      User *Usr = U.getUser();
      if (auto *CE = dyn_cast<ConstantExpr>(Usr)) {
        if (!CE->isCast() && CE->getOpcode() != Instruction::GetElementPtr)
          return fail("BufferInConstantExpr",
                      formatv("the buffer {0} is used in a constant "
                              "expression the pipeliner cannot follow",
                              Name));
        Worklist.push_back(CE);
        continue;
      }
      auto *I = dyn_cast<Instruction>(Usr);
      if (!I)
        return fail(
            "BufferOutsideFunction",
            formatv("the buffer {0} is used outside any function", Name));
      if (I->getFunction() != L.getHeader()->getParent()) {
        Buffer.UsedByOtherFunctions = true;
        continue;
      }
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(I)) {
        Worklist.push_back(I);
        continue;
      }
      // Lifetime markers move to the grown alloca with the rest.
      if (auto *II = dyn_cast<IntrinsicInst>(I);
          II && II->isLifetimeStartOrEnd())
        continue;
      bool InLoop = L.contains(I);
      AsyncOp Op = AsyncOp::get(*I);
      if (auto *Load = dyn_cast<LoadInst>(I); Load && Load->isSimple()) {
        if (!InLoop)
          return fail("BufferReadOutsideLoop",
                      formatv("the buffer {0} is read outside the loop, so "
                              "it cannot be grown",
                              Name));
      } else if (Op.isCopy() && InLoop &&
                 (U.get() == Op.getGlobalPointer() ||
                  U.get() == Op.getSharedPointer())) {
        if (U.get() == Op.getSharedPointer() &&
            Op.isStore() != Buffer.IsStaging)
          return fail("AsyncStoreSharedBuffer",
                      formatv("the buffer {0} is written back by the async "
                              "store '{1}' and also filled by async copies; "
                              "give the write-back a staging buffer of its "
                              "own",
                              Name, Op.getName()));
        if (U.get() == Op.getSharedPointer() &&
            StatementOf.lookup(I) != Buffer.Producer)
          return fail(Buffer.IsStaging ? "AsyncStoreSharedBuffer"
                                       : "BufferFilledTwice",
                      formatv("the buffer {0} is {1} by two groups", Name,
                              Buffer.IsStaging ? "written back" : "filled"));
      } else if (Buffer.IsStaging && InLoop && isa<StoreInst>(I) &&
                 cast<StoreInst>(I)->isSimple() &&
                 U.getOperandNo() == StoreInst::getPointerOperandIndex()) {
        // The loop computes the tile to write back.
      } else if (isa<StoreInst>(I) &&
                 U.getOperandNo() == StoreInst::getPointerOperandIndex()) {
        return fail("BufferStored",
                    formatv("the buffer {0} is written by a store; only "
                            "async copies may fill a pipelined buffer",
                            Name));
      } else {
        return fail("BufferOtherUse",
                    formatv("the buffer {0} is used by {1} {2}; the "
                            "pipeliner cannot multi-buffer it",
                            Name, describe(I),
                            InLoop ? "in the loop" : "outside the loop"));
      }
      Buffer.Accesses.push_back({I, StatementOf.lookup(I), U.getOperandNo()});
    }
  }
  return !Buffer.UsedByOtherFunctions || checkPrivateToFunction(Buffer);
}

// A read of a buffer must come after the group that fills it, with a wait in
// between; a read before the copy would see the previous iteration's data,
// which multi-buffering would change.
bool PipelineLegality::checkReadsAreWaited() {
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    // The loop writes a staging buffer itself before reading it.
    if (Buffer.IsStaging)
      continue;
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      if (A.Statement == Buffer.Producer && AsyncOp::get(*A.I).isCopy() &&
          A.I->getOperand(A.OperandNo) == AsyncOp::get(*A.I).getSharedPointer())
        continue;
      if (A.Statement <= Buffer.Producer)
        return fail("ReadBeforeFill",
                    formatv("{0} reads the buffer {1} before the copy that "
                            "fills it in the same iteration: a consumer "
                            "aliases a producer across iterations",
                            describe(A.I), describe(Buffer.Object)));
      bool Waited = false;
      for (unsigned S = Buffer.Producer + 1; S <= A.Statement; ++S)
        Waited |= Sched.Statements[S].Wait != nullptr;
      if (!Waited)
        return fail("ReadNotWaited",
                    formatv("{0} reads the buffer {1} without a wait for "
                            "the copy that fills it",
                            describe(A.I), describe(Buffer.Object)));
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Running ahead
//===----------------------------------------------------------------------===//

// Only the async operations of an early statement move: its other
// instructions keep their place in the body. So what can stop a group from
// running ahead is what its copies read: a pipelined buffer through a load
// that would stay behind, or operands that cannot be recomputed for a later
// iteration.
std::optional<std::string> PipelineLegality::whyCannotRunEarly(unsigned Idx) {
  const PipelineStatement &S = Sched.Statements[Idx];
  if (S.HasPredicatedCopies)
    return std::string("its copies are predicated (inside a branch), so the "
                       "groups issued ahead cannot be counted");
  if (any_of(S.Copies, [](CallBase *C) { return AsyncOp::get(*C).isStore(); }))
    return std::string("it writes back with async stores what the loop "
                       "computes in its own iteration");
  for (const PipelineBuffer &Buffer : Sched.Buffers)
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      // A staging buffer's accesses stay in their iteration.
      if (Buffer.IsStaging || A.Statement != Idx ||
          A.Statement == Buffer.Producer)
        continue;
      if (!AsyncOp::get(*A.I).isCopy())
        return formatv("{0} reads the pipelined buffer {1}", describe(A.I),
                       describe(Buffer.Object))
            .str();
      // A copy from a buffer may move with the wait for that buffer, which
      // then moves too; without one, the wait stays behind the copy.
      if (!S.Wait)
        return formatv("{0} reads the pipelined buffer {1} and the wait for "
                       "it is in an earlier statement",
                       describe(A.I), describe(Buffer.Object))
            .str();
    }
  SmallPtrSet<Value *, 16> Seen;
  for (unsigned R : S.Regions)
    if (std::optional<std::string> Why =
            whyRegionNotRecomputable(Sched.CopyRegions[R], Idx, Seen))
      return Why;
  for (CallBase *Copy : S.Copies)
    if (!Sched.getCopyRegion(Copy))
      for (Value *Arg : Copy->args())
        if (std::optional<std::string> Why = whyNotRecomputable(Arg, Idx, Seen))
          return Why;
  return std::nullopt;
}

// An early statement is re-evaluated for a later iteration, so the operands
// of its copies must be recomputable from loop invariants and induction
// variables alone.
std::optional<std::string>
PipelineLegality::whyNotRecomputable(Value *V, unsigned Idx,
                                     SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || !Seen.insert(V).second)
    return std::nullopt;
  if (auto *Phi = dyn_cast<PHINode>(I)) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return formatv("the copy depends on {0}, which is not an induction "
                     "variable",
                     describe(Phi))
          .str();
    for (const PipelineSchedule::InductionValue &IV : Sched.Inductions)
      if (IV.Phi == Phi)
        return std::nullopt;
    Sched.Inductions.push_back(
        {Phi, AR->getStart(), AR->getStepRecurrence(SE)});
    return std::nullopt;
  }
  if (!isPure(*I) && !AsyncOp::get(*I).isCopy())
    return formatv("the copy's operands depend on {0}, which reads memory "
                   "in the loop (the count of a predicated or data-dependent "
                   "producer cannot be derived)",
                   describe(I))
        .str();
  for (Value *Op : I->operands())
    if (std::optional<std::string> Why = whyNotRecomputable(Op, Idx, Seen))
      return Why;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Reading ahead
//===----------------------------------------------------------------------===//
//
// Early copies read global memory iterations ahead of their own iteration.
// Here the pipeliner checks that nothing they used to follow can write what
// they read (stores and calls in the loop, writes before the loop when it
// synchronizes the group, fences wider than the group), and builds the
// run-time checks under which a store that alias analysis cannot separate
// from a copy's source is allowed.

// Early copies read global memory iterations ahead of their own iteration,
// across the rest of the body and its synchronization. Nothing the copy used
// to follow may write what it reads: no instruction of the loop (every
// work-item of the group runs the same loop, so alias analysis on this one
// covers them all), and when the loop synchronizes the group, nothing before
// the loop either: another work-item's earlier write reached the copy through
// a barrier of the loop, which the copy now precedes. Barriers and fences that
// stay in the group write nothing a copy reads and are pipelined across.
bool PipelineLegality::checkReadAhead() {
  SmallVector<const Value *, 4> Sources;
  for (const PipelineStatement &S : Sched.Statements)
    if (Sched.isEarly(S))
      for (CallBase *Copy : S.Copies) {
        const Value *Src =
            getUnderlyingObject(AsyncOp::get(*Copy).getGlobalPointer(), 0);
        if (!is_contained(Sources, Src))
          Sources.push_back(Src);
      }
  bool Synchronizes = false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      LoopSynchronizes |= classifySync(I, Target) == SyncKind::Barrier ||
                          classifySync(I, Target) == SyncKind::GroupSync;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (!checkReadAheadOf(I, Sources, /*BeforeLoop=*/false, Synchronizes))
        return false;
  if (!Synchronizes)
    return true;
  Function &F = *L.getHeader()->getParent();
  for (BasicBlock &BB : F) {
    if (L.contains(&BB) ||
        !isPotentiallyReachable(&BB, L.getHeader(), nullptr, &DT, &LI))
      continue;
    for (Instruction &I : BB)
      if (!checkReadAheadOf(I, Sources, /*BeforeLoop=*/true, Synchronizes))
        return false;
  }
  if (Sched.NeedsEntryBarrier && !Target)
    return fail("NoBarrier", "a barrier is needed before the prologue and the "
                             "target has none");
  return true;
}

bool PipelineLegality::checkReadAheadOf(Instruction &I,
                                        ArrayRef<const Value *> Sources,
                                        bool BeforeLoop, bool &Synchronizes) {
  if (AsyncOp::get(I))
    return true;
  switch (classifySync(I, Target)) {
  case SyncKind::Barrier:
  case SyncKind::GroupSync:
    Synchronizes |= !BeforeLoop;
    return true;
  case SyncKind::WideFence:
    if (BeforeLoop)
      return true;
    return fail("ReadAheadWideFence",
                formatv("{0} orders memory beyond the work group, so writes "
                        "of other groups may become visible to a copy that "
                        "now runs ahead of it; only work-group barriers and "
                        "work-group or LDS-only fences can be pipelined across",
                        describeSync(I)));
  case SyncKind::None:
    break;
  }
  if (!I.mayWriteToMemory())
    return true;
  if (auto *II = dyn_cast<IntrinsicInst>(&I);
      II && (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd()))
    return true;
  for (const Value *Src : Sources) {
    if (!isModSet(AA.getModRefInfo(&I, MemoryLocation::getBeforeOrAfter(Src))))
      continue;
    // Another work-item's write before the loop reached this copy through
    // a barrier of the loop, which the copy now precedes: a barrier before
    // the prologue keeps it visible.
    if (BeforeLoop) {
      Sched.NeedsEntryBarrier = true;
      return true;
    }
    if (auto *Store = dyn_cast<StoreInst>(&I)) {
      std::string WhyNoCheck;
      if (addAliasCheck(*Store, Src, WhyNoCheck))
        continue;
      const Value *Dst = getUnderlyingObject(Store->getPointerOperand(), 0);
      const Function &F = *L.getHeader()->getParent();
      if (BaseNotUniform) {
        // The loop synchronizes the group, so both versions of it must be
        // taken by the whole group; a check on pointers each work-item may
        // have its own of cannot promise that.
        StringRef Kernel = F.getName();
        bool OpenCLBody = Kernel.consume_front("__clang_ocl_kern_imp_");
        return fail(
            "AliasCheckNotUniform",
            formatv("a store to {0} may write the memory of {1} that an early "
                    "copy reads ahead of its iteration, and a run-time check "
                    "would not be the same for the whole work group: {2}; if "
                    "they never overlap, declare {1} {3}",
                    describePointer(Dst), describePointer(Src),
                    OpenCLBody
                        ? formatv("the loop is in OpenCL's callable copy of "
                                  "kernel '{0}', whose arguments may differ "
                                  "between work-items",
                                  Kernel)
                              .str()
                        : formatv("'{0}' is not a kernel, so its arguments "
                                  "may differ between work-items",
                                  demangleName(F.getName()))
                              .str(),
                    restrictKeyword(F)));
      }
      return fail("ReadAheadStore",
                  formatv("a store to {0} may write the memory of {1} that "
                          "an early copy reads ahead of its iteration, and no "
                          "run-time check can tell ({2}); if they never "
                          "overlap, declare {1} {3}",
                          describePointer(Dst), describePointer(Src),
                          WhyNoCheck, restrictKeyword(F)));
    }
    return fail("ReadAheadWrite",
                formatv("{0} may write the memory of {1} that an early copy "
                        "reads ahead of its iteration",
                        describeSync(I), describePointer(Src)));
  }
  return true;
}

// A value the whole work group agrees on: a kernel's argument, a constant,
// the group's id. In a device function an argument may differ between
// work-items, which is harmless only if they never meet at a barrier: the two
// versions of a loop must be taken by the whole group. The host runtime runs
// one work-item per work-group (asyncpipe_rt.h), so there every argument is
// the group's.
bool PipelineLegality::isUniform(const SCEV *S) const {
  const Function &F = *L.getHeader()->getParent();
  bool Kernel = isKernelEntry(F) || (Target && Target->supportsSanitizer());
  return !SCEVExprContains(S, [&](const SCEV *E) {
    const auto *U = dyn_cast<SCEVUnknown>(E);
    if (!U)
      return false;
    const Value *V = U->getValue();
    if (isa<Constant>(V))
      return false;
    if (isa<Argument>(V))
      return !Kernel && LoopSynchronizes;
    const auto *Call = dyn_cast<CallBase>(V);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee)
      return true;
    StringRef Name = Callee->getName();
    return !(Name.starts_with("llvm.amdgcn.workgroup.id.") ||
             Name.starts_with("llvm.nvvm.read.ptx.sreg.ctaid.") ||
             Name == "_Z12get_group_idj");
  });
}

// The bytes an access touches in any iteration by any work-item of the group,
// as a range the whole group computes alike: the terms of the start address
// that differ between work-items (their local id) are replaced by the bounds
// of their value range, and the induction's step runs over the trip count.
std::optional<PipelineSchedule::GroupRange>
PipelineLegality::getGroupRange(Value *Ptr, uint64_t Bytes,
                                std::string &WhyNot) {
  const SCEV *P = SE.getSCEV(Ptr);
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(P));
  if (!Base || !isUniform(Base)) {
    BaseNotUniform |= Base != nullptr;
    WhyNot = formatv("the base of {0} is not known to the whole work group",
                     describe(Ptr));
    return std::nullopt;
  }
  const SCEV *Off = SE.removePointerBase(P);
  Type *Ty = Off->getType();
  // A copy loop's address moves in the inner loop too: its constant steps,
  // at most the inner loop's constant maximal trip count of them, widen the
  // range by a constant (both kept small so that the sums below stay far
  // from overflowing).
  int64_t InnerMin = 0, InnerMax = 0;
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Off);
      AR && AR->getLoop()->getParentLoop() == &L && AR->isAffine()) {
    const auto *InnerStep = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    const auto *InnerMaxBTC = dyn_cast<SCEVConstant>(
        SE.getConstantMaxBackedgeTakenCount(AR->getLoop()));
    if (!InnerStep || !InnerMaxBTC ||
        InnerMaxBTC->getAPInt().getActiveBits() > 24 ||
        InnerStep->getAPInt().getSignificantBits() > 24) {
      WhyNot = formatv("the address {0} moves in an inner loop by a step or "
                       "a number of steps unknown at compile time",
                       describe(Ptr));
      return std::nullopt;
    }
    int64_t Extent = InnerStep->getAPInt().getSExtValue() *
                     int64_t(InnerMaxBTC->getAPInt().getZExtValue());
    (Extent < 0 ? InnerMin : InnerMax) = Extent;
    Off = AR->getStart();
  }
  const SCEV *Start = Off;
  const SCEV *Step = SE.getZero(Ty);
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Off)) {
    if (AR->getLoop() != &L || !AR->isAffine()) {
      WhyNot =
          formatv("the address {0} is not affine in the loop", describe(Ptr));
      return std::nullopt;
    }
    Start = AR->getStart();
    Step = AR->getStepRecurrence(SE);
  } else if (!SE.isLoopInvariant(Off, &L)) {
    WhyNot =
        formatv("the address {0} is not affine in the loop", describe(Ptr));
    return std::nullopt;
  }
  const auto *StepC = dyn_cast<SCEVConstant>(Step);
  if (!StepC) {
    WhyNot = formatv("the address {0} moves by a step unknown at compile time",
                     describe(Ptr));
    return std::nullopt;
  }
  SmallVector<const SCEV *, 4> Terms;
  if (const auto *Add = dyn_cast<SCEVAddExpr>(Start))
    append_range(Terms, Add->operands());
  else
    Terms.push_back(Start);
  SmallVector<const SCEV *, 4> Shared;
  int64_t Min = InnerMin, Max = InnerMax;
  const int64_t Limit = int64_t(1) << 40;
  for (const SCEV *T : Terms) {
    if (isUniform(T)) {
      Shared.push_back(T);
      continue;
    }
    ConstantRange R = SE.getSignedRange(T);
    if (R.isFullSet() || R.isEmptySet() || R.getBitWidth() > 64 ||
        R.getSignedMin().abs().sgt(Limit) ||
        R.getSignedMax().abs().sgt(Limit)) {
      WhyNot = formatv("the address {0} differs between work-items by an "
                       "unbounded amount",
                       describe(Ptr));
      return std::nullopt;
    }
    Min += R.getSignedMin().getSExtValue();
    Max += R.getSignedMax().getSExtValue();
  }
  const SCEV *Common = Shared.empty() ? SE.getZero(Ty) : SE.getAddExpr(Shared);
  const SCEV *Trips = SE.getTruncateOrZeroExtend(Sched.BackedgeTakenCount, Ty);
  const SCEV *Span = SE.getMulExpr(Trips, Step);
  bool Up = !StepC->getAPInt().isNegative();
  const SCEV *Lo = SE.getAddExpr(Common, SE.getConstant(Ty, Min, true));
  const SCEV *Hi =
      SE.getAddExpr(Common, SE.getConstant(Ty, Max + int64_t(Bytes), true));
  if (Up)
    Hi = SE.getAddExpr(Hi, Span);
  else
    Lo = SE.getAddExpr(Lo, Span);
  return PipelineSchedule::GroupRange{Base->getValue(), Lo, Hi};
}

// A store that may write what an early copy reads is allowed if a run-time
// check, the same for the whole group, can show that the bytes it writes and
// the bytes the copies read never overlap; the loop is then versioned.
bool PipelineLegality::addAliasCheck(StoreInst &Store, const Value *Src,
                                     std::string &WhyNot) {
  if (LI.getLoopFor(Store.getParent()) != &L) {
    WhyNot = "the store is in an inner loop";
    return false;
  }
  const DataLayout &DL = Store.getDataLayout();
  std::optional<PipelineSchedule::GroupRange> StoreRange = getGroupRange(
      Store.getPointerOperand(),
      DL.getTypeStoreSize(Store.getValueOperand()->getType()), WhyNot);
  if (!StoreRange)
    return false;
  for (const PipelineStatement &S : Sched.Statements) {
    if (!Sched.isEarly(S))
      continue;
    for (CallBase *Copy : S.Copies) {
      AsyncOp Op = AsyncOp::get(*Copy);
      Value *Ptr = Op.getGlobalPointer();
      if (getUnderlyingObject(Ptr, 0) != Src)
        continue;
      std::optional<uint64_t> Bytes = Op.getCopySize();
      if (!Bytes) {
        WhyNot = "a copy's size is not a constant";
        return false;
      }
      // CUDA's copies take global pointers cast from the generic ones its
      // stores use; the cast keeps the address (the global window of the
      // generic space is the identity on NVPTX and AMDGPU).
      if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(Ptr);
          Cast && Cast->getSrcAddressSpace() == Store.getPointerAddressSpace())
        Ptr = Cast->getPointerOperand();
      if (Ptr->getType()->getPointerAddressSpace() !=
          Store.getPointerAddressSpace()) {
        WhyNot = "they are in different address spaces";
        return false;
      }
      std::optional<PipelineSchedule::GroupRange> SourceRange =
          getGroupRange(Ptr, *Bytes, WhyNot);
      if (!SourceRange)
        return false;
      if (SourceRange->Lo->getType() != StoreRange->Lo->getType()) {
        WhyNot = "their offsets have different widths";
        return false;
      }
      Sched.AliasChecks.push_back({*StoreRange, *SourceRange});
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The loop as data
//===----------------------------------------------------------------------===//

// A call that is neither an intrinsic nor a synchronization might commit
// groups on a hardware counter (a native form in a callee).
bool PipelineLegality::hasOpaqueCall(const PipelineStatement &S) const {
  return any_of(S.Insts, [&](Instruction *I) {
    const auto *Call = dyn_cast<CallBase>(I);
    return Call && I != S.Wait && !isa<IntrinsicInst>(Call) &&
           classifySync(*I, Target) == SyncKind::None;
  });
}

SchedulingProblem PipelineLegality::describeSchedulingProblem() const {
  SchedulingProblem Problem;
  // The portable calls have queue spellings (asyncpipe.mark.queue,
  // asyncpipe.wait.queue); the others, and a loop that already names
  // queues or futures, keep one sequence.
  bool Portable = true;
  for (const PipelineStatement &S : Sched.Statements) {
    bool StoreGroup = any_of(
        S.Copies, [](CallBase *C) { return AsyncOp::get(*C).isStore(); });
    Problem.Statements.push_back({S.Wait != nullptr, S.isGroup(),
                                  !S.Copies.empty(), hasOpaqueCall(S),
                                  StoreGroup});
    for (CallBase *Op : {S.Wait, S.Mark}) {
      if (!Op)
        continue;
      AsyncOp A = AsyncOp::get(*Op);
      Portable &= A.getForm() == AsyncOpForm::Portable &&
                  !A.hasQueueOperand() && !(A.isMark() && A.returnsFuture());
    }
  }
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    BufferShape Shape{
        describe(Buffer.Object), Buffer.Producer, Buffer.Bytes, {}};
    Shape.IsStaging = Buffer.IsStaging;
    for (const PipelineBuffer::Access &A : Buffer.Accesses)
      Shape.Accesses.push_back({A.Statement, AsyncOp::get(*A.I).isCopy(),
                                PositionOf.lookup(A.I), describe(A.I),
                                isa<StoreInst>(A.I)});
    Problem.Buffers.push_back(std::move(Shape));
  }
  if (Portable)
    Problem.MaxQueues = MaxAsyncQueues;
  // Only barriers on the spine run in every iteration.
  for (BasicBlock *BB : L.blocks())
    if (isOnSpine(BB))
      for (Instruction &I : *BB)
        if (isBarrier(I))
          Problem.Barriers.push_back(
              {StatementOf.lookup(&I), PositionOf.lookup(&I)});
  Problem.CanAddBarrier = Target != nullptr;
  if (Target)
    Problem.MaxWaitCount = Target->getMaxWaitCount();
  return Problem;
}

//===----------------------------------------------------------------------===//
// Draining by repeating the last copies
//===----------------------------------------------------------------------===//

// Past the last iteration an early copy repeats the last iteration's copy,
// reading its source as the last iteration did, so that source must be
// memory the loop only reads through the copy: a pipelined buffer's version
// of the last iteration may be refilled by then. A copy loop would repeat its
// whole trip, which the builder does not clamp.
std::optional<std::string>
asyncpipe::whyCannotRepeatLastCopies(const PipelineSchedule &Sched) {
  for (const PipelineStatement &S : Sched.Statements) {
    if (!Sched.isEarly(S))
      continue;
    if (!S.Regions.empty())
      return std::string("an early group issues its copies in a loop");
    for (CallBase *Copy : S.Copies)
      if (!AsyncOp::get(*Copy).getCopySource())
        return formatv("{0} reads through a buffer resource, whose last "
                       "iteration's value the drain cannot recompute",
                       describe(Copy))
            .str();
  }
  for (const PipelineBuffer &Buffer : Sched.Buffers)
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      const auto *Copy = dyn_cast<CallBase>(A.I);
      if (!Copy || !Sched.isEarly(Sched.Statements[A.Statement]))
        continue;
      if (Copy->getOperand(A.OperandNo) == AsyncOp::get(*Copy).getCopySource())
        return formatv("{0} reads the pipelined buffer {1}", describe(Copy),
                       describe(Buffer.Object))
            .str();
    }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Register stages
//===----------------------------------------------------------------------===//
//
// A loop of plain loads (TVM's inner loop k1) issues the loads of iteration
// j + 1 before the rest of iteration j (AsyncPipelineBuilder.cpp). The loop
// must be one block that tests at its end (rotated, with a preheader and one
// dedicated exit), so that entering it means running iteration 0. Iteration
// j + 1's addresses and exit test are recomputed at the top of the body from
// the values the phis take next, so they must not depend on memory; a load
// whose address does stays where it is. The loads move above the rest of
// their iteration and the previous one: the loop must not write memory.

/// True if \p I can be computed again at another point of the same
/// iteration: it touches no memory, has no side effect and is not a
/// convergent call.
static bool isRecomputable(const Instruction &I) {
  if (isa<PHINode>(I) || I.isTerminator() || I.mayReadOrWriteMemory() ||
      I.mayHaveSideEffects())
    return false;
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return !Call->isConvergent();
  return true;
}

/// Adds to \p Slice the instructions of \p Body that \p V is computed from
/// and to \p Phis the phis of \p Body among its inputs; false if one of the
/// instructions cannot be recomputed (a load: the value depends on memory).
static bool collectSlice(Value *V, const BasicBlock *Body,
                         SmallPtrSetImpl<Instruction *> &Slice,
                         SmallPtrSetImpl<PHINode *> &Phis) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || I->getParent() != Body)
    return true;
  if (auto *Phi = dyn_cast<PHINode>(I)) {
    Phis.insert(Phi);
    return true;
  }
  if (!Slice.insert(I).second)
    return true;
  if (!isRecomputable(*I))
    return false;
  for (Value *Op : I->operands())
    if (!collectSlice(Op, Body, Slice, Phis))
      return false;
  return true;
}

/// What a refused instruction is, in the user's words.
static std::string describeRefused(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction())
      return formatv("a call to '{0}'", demangle(Callee->getName().str()));
  return formatv("a '{0}' instruction", I.getOpcodeName());
}

static bool failRegisterStage(PipelineRefusal &WhyNot, StringRef Name,
                              const Twine &Why) {
  WhyNot.Name = Name.str();
  WhyNot.Why = Why.str();
  return false;
}

bool PipelineLegality::checkRegisterStage(Loop &L, RegisterStageSchedule &Sched,
                                          PipelineRefusal &WhyNot) {
  Sched.L = &L;
  BasicBlock *Body = L.getHeader();
  auto *Br = dyn_cast<BranchInst>(Body->getTerminator());
  BasicBlock *Exit = L.getExitBlock();
  if (L.getNumBlocks() != 1 || !L.getLoopPreheader() ||
      !isa<BranchInst>(L.getLoopPreheader()->getTerminator()) || !Br ||
      !Br->isConditional() || !Exit || Exit->getSinglePredecessor() != Body)
    return failRegisterStage(
        WhyNot, "RegisterLoopShape",
        "the loop is not a single block that tests its exit at the end "
        "(write it without branches or inner loops in its body)");
  for (Instruction &I : *Body) {
    if (AsyncOp::get(I))
      return failRegisterStage(
          WhyNot, "RegisterLoopAsyncOps",
          "the loop issues async operations; a register stage is for a loop "
          "of plain loads (ask for async stages with asyncpipe_pipeline(S))");
    if (I.mayWriteToMemory())
      return failRegisterStage(WhyNot, "RegisterLoopWrites",
                               describeRefused(I) +
                                   " may write memory that a load of the "
                                   "next iteration, issued before it, reads");
    // The last iteration runs in a copy of the body: work-items with
    // different trip counts would reach different copies of the call.
    if (const auto *Call = dyn_cast<CallBase>(&I); Call && Call->isConvergent())
      return failRegisterStage(WhyNot, "RegisterLoopConvergent",
                               describeRefused(I) +
                                   " must be reached by the work-items "
                                   "together, and the last iteration runs in "
                                   "a copy of the body");
  }
  constexpr StringLiteral ExitTestOnMemory =
      "the loop's exit test depends on memory, so whether the next iteration "
      "exists is not known before its loads";
  SmallPtrSet<PHINode *, 8> Phis;
  if (!collectSlice(Br->getCondition(), Body, Sched.Ahead, Phis))
    return failRegisterStage(WhyNot, "RegisterLoopExitTest", ExitTestOnMemory);
  // A phi's next value must be computable at the top of the body, before
  // the loads it is used to address.
  auto NextKnown = [&](PHINode *Phi) {
    SmallPtrSet<Instruction *, 16> NextSlice;
    SmallPtrSet<PHINode *, 8> NextPhis;
    return collectSlice(Phi->getIncomingValueForBlock(Body), Body, NextSlice,
                        NextPhis);
  };
  if (!all_of(Phis, NextKnown))
    return failRegisterStage(WhyNot, "RegisterLoopExitTest", ExitTestOnMemory);
  for (Instruction &I : *Body) {
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || !Load->isSimple())
      continue;
    SmallPtrSet<Instruction *, 16> AddrSlice;
    SmallPtrSet<PHINode *, 8> AddrPhis;
    if (!collectSlice(Load->getPointerOperand(), Body, AddrSlice, AddrPhis) ||
        !all_of(AddrPhis, NextKnown))
      continue;
    Sched.Loads.push_back(Load);
    Sched.Ahead.insert_range(AddrSlice);
    Phis.insert_range(AddrPhis);
  }
  if (Sched.Loads.empty())
    return failRegisterStage(WhyNot, "RegisterLoopNoLoads",
                             "no load of the loop has an address that is "
                             "known one iteration ahead");
  SmallPtrSet<PHINode *, 8> Unused;
  for (PHINode *Phi : Phis)
    collectSlice(Phi->getIncomingValueForBlock(Body), Body, Sched.NextValues,
                 Unused);
  return true;
}
