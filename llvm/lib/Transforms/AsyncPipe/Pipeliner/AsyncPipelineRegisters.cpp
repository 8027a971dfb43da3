//===- AsyncPipelineRegisters.cpp - Register-level stage ------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The register-level stage of TVM's nested GEMM schedule: the loop that
// loads slices of a shared tile into registers and multiplies them (TVM's
// inner loop k1, annotated stage [0, 0, 1]) loads the slice of iteration
// j + 1 while iteration j computes, the loaded values carried by phis (a
// double buffer in registers). Nothing async moves, so the counts of a
// pipelined loop around it are unchanged: every load stays inside the
// iteration of the outer loop that waited for its tile.
//
// A loop asks with the property !{!"asyncpipe.pipeline.registers", i32 2}.
// It must be one block that tests at its end (rotated, with a preheader and
// one dedicated exit), so that entering it means running iteration 0; it
// becomes, for iterations 0 .. n-1:
//
//   preheader:  r0 = load(addr(iteration 0)); if (n == 1) goto last
//   body (j = 0 .. n-2):
//               r' = load(addr(j + 1))         ; the next iteration's loads
//               compute(j) on r                ; r: phi [r0, r']
//               if (j + 2 < n) continue
//   last:       compute(n - 1) on r            ; the body's copy, no loads
//
// Iteration j + 1's addresses and the test of j + 2 are recomputed at the
// top of the body from the values the phis take next, so they must not
// depend on memory; a load whose address does is left where it is. Every
// load runs in the iteration of the source it belongs to and for no other,
// so every trip count (0 never reaches the preheader, 1 runs the last copy
// alone) is exact, with no speculation. The loads move above the rest of
// their iteration and the previous one: the loop must not write memory.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineRegisters.h"
#include "AsyncPipelineDomTree.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-pipeline"

namespace {

constexpr StringLiteral RegistersKey = "asyncpipe.pipeline.registers";
/// The only depth supported: loads one iteration ahead (two register
/// stages, TVM's [0, 0, 1]).
constexpr unsigned RegisterStages = 2;

struct Refusal {
  StringRef Name;
  std::string Why;
};

/// True if \p I can be computed again at another point of the same
/// iteration: it touches no memory, has no side effect and is not a
/// convergent call.
bool isRecomputable(const Instruction &I) {
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
bool collectSlice(Value *V, const BasicBlock *Body,
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

/// Clones the instructions of \p Body that are in \p Slice, in their order,
/// before \p At, mapping their operands through \p Map (which gets them).
void cloneSlice(BasicBlock *Body, const SmallPtrSetImpl<Instruction *> &Slice,
                Instruction *At, ValueToValueMapTy &Map, StringRef Suffix) {
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
Value *mapped(const ValueToValueMapTy &Map, Value *V) {
  auto It = Map.find(V);
  return It == Map.end() ? V : static_cast<Value *>(It->second);
}

/// What a refused instruction is, in the user's words.
std::string describe(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction())
      return formatv("a call to '{0}'", demangle(Callee->getName().str()));
  return formatv("a '{0}' instruction", I.getOpcodeName());
}

/// The register stage of \p L, or a refusal. \p Loads gets the loads that
/// move one iteration ahead.
std::optional<Refusal> checkLoop(Loop &L, unsigned Stages,
                                 SmallVectorImpl<LoadInst *> &Loads) {
  if (Stages != RegisterStages)
    return Refusal{"RegisterStages",
                   formatv("it asks for {0} register stages; only 2 are "
                           "supported (the loads one iteration ahead, TVM's "
                           "stages [0, 0, 1])",
                           Stages)};
  BasicBlock *Body = L.getHeader();
  auto *Br = dyn_cast<BranchInst>(Body->getTerminator());
  BasicBlock *Exit = L.getExitBlock();
  if (L.getNumBlocks() != 1 || !L.getLoopPreheader() ||
      !isa<BranchInst>(L.getLoopPreheader()->getTerminator()) || !Br ||
      !Br->isConditional() || !Exit || Exit->getSinglePredecessor() != Body)
    return Refusal{"RegisterLoopShape",
                   "the loop is not a single block that tests its exit at "
                   "the end (write it without branches or inner loops in its "
                   "body)"};
  for (Instruction &I : *Body) {
    if (AsyncOp::get(I))
      return Refusal{"RegisterLoopAsyncOps",
                     "the loop issues async operations; a register stage is "
                     "for a loop of plain loads (ask for async stages with "
                     "asyncpipe_pipeline(S))"};
    if (I.mayWriteToMemory())
      return Refusal{"RegisterLoopWrites",
                     describe(I) + " may write memory that a load of the "
                                   "next iteration, issued before it, reads"};
    // The last iteration runs in a copy of the body: work-items with
    // different trip counts would reach different copies of the call.
    if (const auto *Call = dyn_cast<CallBase>(&I); Call && Call->isConvergent())
      return Refusal{"RegisterLoopConvergent",
                     describe(I) + " must be reached by the work-items "
                                   "together, and the last iteration runs in "
                                   "a copy of the body"};
  }
  SmallPtrSet<Instruction *, 16> Slice;
  SmallPtrSet<PHINode *, 8> Phis;
  if (!collectSlice(Br->getCondition(), Body, Slice, Phis))
    return Refusal{"RegisterLoopExitTest",
                   "the loop's exit test depends on memory, so whether the "
                   "next iteration exists is not known before its loads"};
  // A phi's next value must be computable at the top of the body, before
  // the loads it is used to address.
  auto NextKnown = [&](PHINode *Phi) {
    SmallPtrSet<Instruction *, 16> NextSlice;
    SmallPtrSet<PHINode *, 8> NextPhis;
    return collectSlice(Phi->getIncomingValueForBlock(Body), Body, NextSlice,
                        NextPhis);
  };
  if (!all_of(Phis, NextKnown))
    return Refusal{"RegisterLoopExitTest",
                   "the loop's exit test depends on memory, so whether the "
                   "next iteration exists is not known before its loads"};
  for (Instruction &I : *Body) {
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || !Load->isSimple())
      continue;
    SmallPtrSet<Instruction *, 16> AddrSlice;
    SmallPtrSet<PHINode *, 8> AddrPhis;
    if (collectSlice(Load->getPointerOperand(), Body, AddrSlice, AddrPhis) &&
        all_of(AddrPhis, NextKnown))
      Loads.push_back(Load);
  }
  if (Loads.empty())
    return Refusal{"RegisterLoopNoLoads",
                   "no load of the loop has an address that is known one "
                   "iteration ahead"};
  return std::nullopt;
}

/// The loop ID after the transformation: the loop's properties without the
/// request (so it is not transformed again), plus the user's follow-up
/// asyncpipe.pipeline.followup_registers.
void markDone(Loop &L) {
  std::optional<MDNode *> ID = makeFollowupLoopID(
      L.getLoopID(), {"asyncpipe.pipeline.followup_registers"},
      RegistersKey.data(), /*AlwaysNew=*/true);
  Instruction *Latch = L.getLoopLatch()->getTerminator();
  Latch->setMetadata(LLVMContext::MD_loop, ID ? *ID : nullptr);
}

/// Rewrites \p L (checked by checkLoop) so that \p Loads run one iteration
/// ahead; the new blocks go to the loops around \p L.
void applyRegisterStage(Loop &L, ArrayRef<LoadInst *> Loads, LoopInfo &LI) {
  BasicBlock *Body = L.getHeader();
  BasicBlock *Pre = L.getLoopPreheader();
  BasicBlock *Exit = L.getExitBlock();
  Function &F = *Body->getParent();
  LLVMContext &Ctx = F.getContext();
  auto *Br = cast<BranchInst>(Body->getTerminator());
  unsigned ExitIdx = Br->getSuccessor(0) == Exit ? 0 : 1;
  Value *Cond = Br->getCondition();

  // What is recomputed: the exit test, the loads' addresses, and the next
  // values of the phis they use.
  SmallPtrSet<Instruction *, 16> Ahead;
  SmallPtrSet<PHINode *, 8> Phis;
  collectSlice(Cond, Body, Ahead, Phis);
  for (LoadInst *Load : Loads)
    collectSlice(Load->getPointerOperand(), Body, Ahead, Phis);
  SmallPtrSet<Instruction *, 16> Next;
  SmallPtrSet<PHINode *, 8> Unused;
  for (PHINode *Phi : Phis)
    collectSlice(Phi->getIncomingValueForBlock(Body), Body, Next, Unused);
  SmallPtrSet<Instruction *, 16> Moved;
  for (LoadInst *Load : Loads)
    Moved.insert(Load);

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
  cloneSlice(Body, Ahead, PreTerm, First, ".first");
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
  cloneSlice(Body, Next, Top, NextValues, ".ahead");
  ValueToValueMapTy Ahead1;
  for (PHINode *Phi : BodyPhis) {
    Value *In = Phi->getIncomingValueForBlock(Body);
    Ahead1[Phi] = mapped(NextValues, In);
  }
  cloneSlice(Body, Ahead, Top, Ahead1, ".ahead");
  cloneSlice(Body, Moved, Top, Ahead1, ".ahead");
  Value *MoreNext = mapped(Ahead1, Cond);
  Br->setCondition(MoreNext);
  Br->setSuccessor(ExitIdx, LoopExit);
  BranchInst::Create(Last, LoopExit)->setDebugLoc(Br->getDebugLoc());

  // The register double buffer.
  ValueToValueMapTy LastMap;
  IRBuilder<> LastB(Last);
  for (PHINode *Phi : BodyPhis) {
    PHINode *LastPhi = LastB.CreatePHI(Phi->getType(), 2, Phi->getName());
    LastPhi->addIncoming(First[Phi], Pre);
    LastPhi->addIncoming(Ahead1[Phi], LoopExit);
    LastMap[Phi] = LastPhi;
    // The back edge takes the next value computed at the top, so that the
    // one written at the end of the body is not computed twice.
    Phi->setIncomingValueForBlock(Body, Ahead1[Phi]);
  }
  SmallVector<PHINode *, 8> Regs;
  for (LoadInst *Load : Loads) {
    PHINode *Reg = PHINode::Create(Load->getType(), 2, Load->getName() + ".reg",
                                   Body->getFirstNonPHIIt());
    Reg->addIncoming(First[Load], LoopPre);
    Reg->addIncoming(Ahead1[Load], Body);
    PHINode *LastReg =
        LastB.CreatePHI(Load->getType(), 2, Load->getName() + ".reg");
    LastReg->addIncoming(First[Load], Pre);
    LastReg->addIncoming(Ahead1[Load], LoopExit);
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
  markDone(L);
}

} // namespace

bool llvm::asyncpipe::pipelineRegisterStages(LoopInfo &LI, DominatorTree &DT,
                                             ScalarEvolution &SE,
                                             OptimizationRemarkEmitter &ORE) {
  SmallVector<std::pair<Loop *, MDNode *>, 4> Requests;
  for (Loop *L : LI.getLoopsInPreorder())
    if (MDNode *Request = findOptionMDForLoop(L, RegistersKey))
      Requests.push_back({L, Request});
  bool Changed = false;
  for (auto &Entry : Requests) {
    Loop *L = Entry.first;
    // One count from 1 to 16: the pass rejected other annotations first.
    auto *Stages = mdconst::extract<ConstantInt>(Entry.second->getOperand(1));
    // A preheader and dedicated exits, as the loop may have lost them.
    Changed |= simplifyLoop(L, &DT, &LI, &SE, nullptr, nullptr,
                            /*PreserveLCSSA=*/false);
    SmallVector<LoadInst *, 8> Loads;
    std::optional<Refusal> WhyNot =
        checkLoop(*L, Stages->getZExtValue(), Loads);
    if (WhyNot) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, WhyNot->Name,
                                        L->getStartLoc(), L->getHeader())
               << "register stage not applied: " << WhyNot->Why;
      });
      continue;
    }
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RegistersPipelined",
                                L->getStartLoc(), L->getHeader())
             << "register stage: " << ore::NV("Loads", unsigned(Loads.size()))
             << " loads of the next iteration issued before this "
                "iteration's computation (a double buffer in registers)";
    });
    LoopRewriteDomTree Dominators(*L, DT);
    applyRegisterStage(*L, Loads, LI);
    Dominators.update();
    SE.forgetAllLoops();
    Changed = true;
  }
  return Changed;
}
