//===- AsyncPipelineSchedule.cpp - Plan the pipelining of one loop --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Everything the pipeliner decides is decided here, before the IR changes:
// the statements of the body, their stages and order, the buffers and how
// many versions each needs, the count of every wait and whether a barrier
// must be added. A loop that fails any check is left alone with the reason,
// so a schedule that reaches the transform is always legal.
//
// Counting (TVM RFC; llvm/docs/AsyncPipeModel.rst, queues): in the pipelined body, loop
// iteration i runs statement s for source iteration i + (D - stage(s)),
// where D is the last stage, and every loop iteration commits every group's
// mark exactly once (empty groups where a copy is predicated off). The mark
// sequence is therefore periodic, and the groups allowed in flight at a wait
// are the marks issued between the group it needs and the wait:
// producer_head - consumer_head counted over all groups in between.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineSchedule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MemoryModelRelaxationAnnotations.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"

using namespace llvm;
using namespace llvm::asyncpipe;

unsigned PipelineSchedule::getNumGroups() const {
  unsigned Groups = 0;
  for (const PipelineStatement &S : Statements)
    Groups += S.isGroup();
  return Groups;
}

namespace {

/// The name a user knows: C++ names demangled (a CUDA/HIP __shared__ array is
/// a global named _ZZ4gemmE2As, which the user wrote as gemm's As).
std::string demangleName(StringRef Name) { return demangle(Name.str()); }

std::string describe(const Value *V) {
  if (V->hasName())
    return "'" + demangleName(V->getName()) + "'";
  if (const auto *I = dyn_cast<Instruction>(V))
    return ("'" + Twine(I->getOpcodeName()) + "' instruction").str();
  return "an unnamed value";
}

/// A pointer the way the user can find it in the source: its name, the
/// variable of its debug records, or which parameter it is.
std::string describePointer(const Value *Obj) {
  if (Obj->hasName())
    return describe(Obj);
  for (DbgVariableRecord *DVR : findDVRValues(const_cast<Value *>(Obj)))
    if (DILocalVariable *Var = DVR->getVariable();
        Var && !Var->getName().empty())
      return ("'" + Var->getName() + "'").str();
  if (const auto *Arg = dyn_cast<Argument>(Obj))
    return formatv("parameter {0} of '{1}'", Arg->getArgNo() + 1,
                   demangleName(Arg->getParent()->getName()))
        .str();
  return describe(Obj);
}

/// What a synchronization instruction can do to the global memory an early
/// copy reads ahead. A work-group barrier or a fence whose scope is the work
/// group (or narrower) only orders the accesses of the work-items of one
/// group, which all run this same loop: the stores that could feed a copy
/// through it are then the loop's own (checked with alias analysis) and those
/// before the loop (checked when the loop synchronizes, see checkReadAhead).
/// A wider fence may make another group's or the host's writes visible.
enum class SyncKind {
  None,      ///< Not a synchronization the pipeliner knows.
  Barrier,   ///< Every work-item of the group waits there.
  GroupSync, ///< Writes nothing, orders at most the group's accesses.
  WideFence, ///< Orders accesses beyond the work group.
};

bool isGroupScope(const LLVMContext &Ctx, SyncScope::ID ID) {
  if (ID == SyncScope::SingleThread)
    return true;
  std::optional<StringRef> Name = Ctx.getSyncScopeName(ID);
  if (!Name)
    return false;
  // AMDGPU's scopes (with their one-address-space forms), NVPTX's block.
  StringRef Base = Name->split("-one-as").first;
  return Base == "workgroup" || Base == "wavefront" || Base == "singlethread" ||
         Base == "block" || Base == "cta";
}

/// True if \p F is an LDS-only fence: its memory-model relaxation annotations
/// restrict it to AMDGPU's local address space (the third argument "local" of
/// __builtin_amdgcn_fence), so it cannot order global memory at any scope.
bool isLocalMemoryOnly(const FenceInst &F) {
  MMRAMetadata MMRA(F);
  bool AnyAS = false;
  for (const MMRAMetadata::TagT &Tag : MMRA) {
    if (Tag.first != "amdgpu-as")
      continue;
    if (Tag.second != "local")
      return false;
    AnyAS = true;
  }
  return AnyAS;
}

/// A fence with its scope, or a call with the (demangled) name of its callee.
std::string describeSync(const Instruction &I) {
  if (const auto *F = dyn_cast<FenceInst>(&I)) {
    std::optional<StringRef> Scope =
        F->getContext().getSyncScopeName(F->getSyncScopeID());
    return ("the fence of scope '" +
            (Scope && !Scope->empty() ? *Scope : StringRef("system")) + "'")
        .str();
  }
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction())
      return "the call to '" + demangleName(Callee->getName()) + "'";
  return describe(&I);
}

SyncKind classifySync(const Instruction &I, const AsyncTarget *Target) {
  if (Target && Target->isBarrier(I))
    return SyncKind::Barrier;
  if (const auto *F = dyn_cast<FenceInst>(&I))
    return isGroupScope(F->getContext(), F->getSyncScopeID()) ||
                   isLocalMemoryOnly(*F)
               ? SyncKind::GroupSync
               : SyncKind::WideFence;
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return SyncKind::None;
  StringRef Name = Callee->getName();
  // HIP's __syncthreads() (ROCm and asyncpipe/hip.h) and libclc's barrier():
  // s_barrier between two work-group fences.
  if (Name == "llvm.amdgcn.s.barrier")
    return SyncKind::Barrier;
  if (Name.starts_with("llvm.amdgcn.s.barrier."))
    return SyncKind::GroupSync;
  // CUDA's __syncthreads() and its reductions (clang 22 spells barrier0 and
  // bar.sync 0 as barrier.cta.sync.aligned.all), and the counted forms, which
  // only some threads reach.
  if (Name.starts_with("llvm.nvvm.barrier.cta.") ||
      Name == "llvm.nvvm.barrier0")
    return Name.ends_with(".all") || Name == "llvm.nvvm.barrier0" ||
                   Name.starts_with("llvm.nvvm.barrier.cta.red.")
               ? SyncKind::Barrier
               : SyncKind::GroupSync;
  if (Name == "llvm.nvvm.membar.cta")
    return SyncKind::GroupSync;
  if (Name.starts_with("llvm.nvvm.membar."))
    return SyncKind::WideFence;
  // OpenCL C's builtins before libclc is linked: barrier(flags) and
  // work_group_barrier(flags) are work-group barriers; with a scope argument
  // only memory_scope_work_item (0) and memory_scope_work_group (1) stay in
  // the group. mem_fence and friends order one work-item's accesses.
  if (Name == "_Z7barrierj" || Name == "_Z18work_group_barrierj")
    return SyncKind::Barrier;
  if (Name == "_Z18work_group_barrierj12memory_scope") {
    const auto *Scope = dyn_cast<ConstantInt>(Call->getArgOperand(1));
    return Scope && Scope->getZExtValue() <= 1 ? SyncKind::Barrier
                                               : SyncKind::WideFence;
  }
  if (Name == "_Z9mem_fencej" || Name == "_Z14read_mem_fencej" ||
      Name == "_Z15write_mem_fencej")
    return SyncKind::GroupSync;
  return SyncKind::None;
}

bool isPure(const Instruction &I) {
  return !isa<PHINode>(I) && !I.mayHaveSideEffects() &&
         !I.mayReadOrWriteMemory();
}

class PipelinePlanner {
public:
  PipelinePlanner(Loop &L, const PipelineRequest &Request, ScalarEvolution &SE,
                  AAResults &AA, LoopInfo &LI, DominatorTree &DT,
                  const AsyncTarget *Target, PipelineRefusal &WhyNot)
      : L(L), Request(Request), SE(SE), AA(AA), LI(LI), DT(DT), Target(Target),
        WhyNot(WhyNot) {
    Sched.L = &L;
  }

  std::optional<PipelineSchedule> run() {
    if (!checkLoopShape() || !cutStatements() || !checkSynchronousForm() ||
        !findBuffers() || !checkReadsAreWaited() || !assignStages() ||
        !checkReadAhead() || !sizeBuffers() || !computeWaitCounts() ||
        !placeBarriers())
      return std::nullopt;
    findSubsumedWaits();
    return std::move(Sched);
  }

private:
  bool fail(StringRef Name, const Twine &Why) {
    WhyNot.Name = Name.str();
    WhyNot.Why = Why.str();
    return false;
  }

  bool checkLoopShape();
  bool cutStatements();
  bool checkSynchronousForm();
  bool findBuffers();
  bool collectAccesses(unsigned BufferIdx);
  bool checkPrivateToFunction(const PipelineBuffer &Buffer);
  bool checkReadsAreWaited();
  bool assignStages();
  bool assignExplicitStages();
  void assignAutomaticStages();
  std::optional<std::string> whyCannotRunEarly(unsigned StmtIdx);
  std::optional<std::string> whyNotRecomputable(Value *V, unsigned StmtIdx,
                                                SmallPtrSetImpl<Value *> &Seen);
  bool checkReadAhead();
  bool checkReadAheadOf(Instruction &I, ArrayRef<const Value *> Sources,
                        bool BeforeLoop, bool &Synchronizes);
  bool addAliasCheck(StoreInst &Store, const Value *Src, std::string &WhyNot);
  std::optional<PipelineSchedule::GroupRange>
  getGroupRange(Value *Ptr, uint64_t Bytes, std::string &WhyNot);
  bool isUniform(const SCEV *S) const;
  /// The loop synchronizes the work group (set by checkReadAhead).
  bool LoopSynchronizes = false;
  std::optional<unsigned>
  getReleaseStage(const PipelineBuffer::Access &A) const;
  bool sizeBuffers();
  bool computeWaitCounts();
  std::optional<uint64_t> countMarksBetween(unsigned Group, unsigned Waiter,
                                            bool SameQueueOnly);
  bool placeBarriers();
  void findSubsumedWaits();
  /// Blocks of the loop itself (not of an inner loop) that run in every
  /// iteration.
  bool isOnSpine(const BasicBlock *BB) const {
    return LI.getLoopFor(BB) == &L && DT.dominates(BB, L.getLoopLatch());
  }
  bool isBarrier(const Instruction &I) const {
    return classifySync(I, Target) == SyncKind::Barrier;
  }
  std::optional<unsigned> findBuffer(const Value *Object) const;

  Loop &L;
  const PipelineRequest &Request;
  ScalarEvolution &SE;
  AAResults &AA;
  LoopInfo &LI;
  DominatorTree &DT;
  const AsyncTarget *Target;
  PipelineRefusal &WhyNot;
  PipelineSchedule Sched;
  DenseMap<const Instruction *, unsigned> StatementOf;
  /// Program order of the body's instructions (reverse post-order).
  DenseMap<const Instruction *, unsigned> PositionOf;
  /// Why a group stays in the consumers' stage (automatic schedule only).
  DenseMap<unsigned, std::string> StaysBecause;
};

bool PipelinePlanner::checkLoopShape() {
  // Inner loops may compute (the consumers' k loop of a GEMM), but the
  // async operations must be the outer loop's own.
  for (Loop *Inner : L.getSubLoops())
    for (BasicBlock *BB : Inner->blocks())
      for (Instruction &I : *BB)
        if (AsyncOp::get(I))
          return fail("NestedAsyncOps",
                      formatv("the inner loop at '{0}' has async operations "
                              "(nested pipelining is not supported; annotate "
                              "the innermost loop)",
                              Inner->getHeader()->getName()));
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
  return true;
}

// The body is walked in reverse post-order. Blocks of the loop itself that
// dominate the latch (the spine) run once per iteration: only they may hold
// marks and waits, which is what makes the mark count of an iteration a
// constant. Blocks off the spine (conditional code) belong to the statement
// around them; a copy there is predicated.
bool PipelinePlanner::cutStatements() {
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
  for (BasicBlock *BB : RPO) {
    bool OnSpine = isOnSpine(BB);
    if (OnSpine)
      LastSpineBlock = BB;
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
      if (Op.isWait())
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
        Current.HasPredicatedCopies |= !OnSpine;
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

bool PipelinePlanner::checkSynchronousForm() {
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

std::optional<unsigned> PipelinePlanner::findBuffer(const Value *Obj) const {
  for (unsigned Idx = 0; Idx != Sched.Buffers.size(); ++Idx)
    if (Sched.Buffers[Idx].Object == Obj)
      return Idx;
  return std::nullopt;
}

bool PipelinePlanner::findBuffers() {
  const DataLayout &DL = L.getHeader()->getDataLayout();
  for (unsigned StmtIdx = 0; StmtIdx != Sched.Statements.size(); ++StmtIdx) {
    for (CallBase *Copy : Sched.Statements[StmtIdx].Copies) {
      // cp.async written as inline PTX may take a 32-bit shared address, not
      // a pointer: its buffer cannot be multi-buffered.
      Value *Shared = AsyncOp::get(*Copy).getSharedPointer();
      if (!Shared || !Shared->getType()->isPointerTy())
        return fail("CopyDestinationNotPointer",
                    "an async copy's shared-memory destination is not a "
                    "pointer (cp.async written as inline PTX): use the "
                    "AsyncPipe copy API in loops to pipeline");
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
      if (auto *GV = dyn_cast<GlobalVariable>(Obj)) {
        // Every read follows a copy, so the grown buffer may start undefined
        // or zeroed like the original, but other contents would be lost.
        if (!GV->hasLocalLinkage() || GV->isConstant() ||
            !GV->hasInitializer() ||
            !(isa<UndefValue>(GV->getInitializer()) ||
              GV->getInitializer()->isNullValue()))
          return fail("BufferNotGrowable",
                      formatv("the buffer {0} cannot be grown: only internal "
                              "globals that are uninitialized or zeroed can "
                              "be multi-buffered",
                              describe(GV)));
        Buffer.Ty = GV->getValueType();
      } else if (auto *AI = dyn_cast<AllocaInst>(Obj);
                 AI && AI->isStaticAlloca()) {
        Buffer.Ty = AI->getAllocatedType();
      } else {
        return fail("CopyDestinationNotBuffer",
                    formatv("the destination of the async copy {0} is not a "
                            "buffer that can be grown (a global or alloca)",
                            describe(Copy)));
      }
      Buffer.Bytes = DL.getTypeAllocSize(Buffer.Ty);
      Sched.Buffers.push_back(Buffer);
      if (!collectAccesses(Sched.Buffers.size() - 1))
        return false;
    }
  }
  return true;
}

// Another function may use the same global (OpenCL's kernel and its callable
// copy, __clang_ocl_kern_imp_*): this function then gets a grown buffer of its
// own, which is only right if nothing else can see what it holds: nobody
// calls this function and it calls nothing that touches memory.
bool PipelinePlanner::checkPrivateToFunction(const PipelineBuffer &Buffer) {
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
                          describe(Buffer.Object), describe(Call)));
    }
  return true;
}

// Every pointer derived from a buffer must end in an access inside the loop:
// a load, or an async copy's source or destination. The transform moves each
// of them to the buffer version of its iteration.
bool PipelinePlanner::collectAccesses(unsigned BufferIdx) {
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
            StatementOf.lookup(I) != Buffer.Producer)
          return fail("BufferFilledTwice",
                      formatv("the buffer {0} is filled by two groups", Name));
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
bool PipelinePlanner::checkReadsAreWaited() {
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
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

bool PipelinePlanner::assignStages() {
  if (!Request.Explicit.empty()) {
    if (!assignExplicitStages())
      return false;
  } else {
    if (Request.Stages < 2)
      return fail("SingleStage", "the stage count is 1: nothing to overlap");
    assignAutomaticStages();
  }
  unsigned Last = Sched.getLastStage();
  bool AnyEarly = false;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    if (Sched.Statements[Idx].Stage == Last)
      continue;
    AnyEarly = true;
    if (std::optional<std::string> Why = whyCannotRunEarly(Idx))
      return fail("CannotRunEarly",
                  formatv("statement {0} cannot run in stage {1}: {2}", Idx,
                          Sched.Statements[Idx].Stage, *Why));
  }
  if (!AnyEarly) {
    std::string Why = "no group can run ahead of its consumers";
    for (auto &[Idx, Reason] : StaysBecause)
      Why += formatv(" (statement {0}: {1})", Idx, Reason).str();
    return fail("NoEarlyGroup", Why);
  }
  // The statements of the last stage stay where they are; only the early
  // ones move.
  unsigned PrevOrder = 0;
  bool First = true;
  for (const PipelineStatement &S : Sched.Statements) {
    if (S.Stage != Last)
      continue;
    if (!First && S.Order < PrevOrder)
      return fail("LastStageReordered",
                  "the order annotation reorders statements of the last "
                  "stage, which is not supported");
    PrevOrder = S.Order;
    First = false;
  }
  return true;
}

bool PipelinePlanner::assignExplicitStages() {
  const ExplicitSchedule &E = Request.Explicit;
  size_t N = Sched.Statements.size();
  if (E.Stage.size() != N || (!E.Order.empty() && E.Order.size() != N))
    return fail("ScheduleSizeMismatch",
                formatv("the schedule annotation names {0} statements but "
                        "the loop body has {1}",
                        E.Stage.size(), N));
  SmallVector<bool, 8> OrderUsed(N, false);
  unsigned MaxStage = 0;
  for (unsigned Idx = 0; Idx != N; ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    S.Stage = E.Stage[Idx];
    MaxStage = std::max(MaxStage, S.Stage);
    if (!E.Order.empty()) {
      S.Order = E.Order[Idx];
      if (S.Order >= N || OrderUsed[S.Order])
        return fail("OrderNotPermutation",
                    "the order annotation is not a permutation of the "
                    "statements");
      OrderUsed[S.Order] = true;
    }
    if (E.HasAsyncStages && !S.Copies.empty() &&
        !is_contained(E.AsyncStages, S.Stage))
      return fail("CopyNotInAsyncStage",
                  formatv("statement {0} issues async copies but its stage "
                          "{1} is not in async_stages",
                          Idx, S.Stage));
  }
  Sched.NumStages = MaxStage + 1;
  if (Sched.NumStages < 2)
    return fail("SingleStage",
                "the schedule has a single stage: nothing to overlap");
  return true;
}

// The automatic schedule is TVM's [0, S-1] with stage 0 async: every group
// that can run ahead goes to stage 0, everything else to the last stage.
void PipelinePlanner::assignAutomaticStages() {
  Sched.NumStages = Request.Stages;
  unsigned Last = Sched.getLastStage();
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    S.Stage = Last;
    if (!S.isGroup() || S.Copies.empty())
      continue;
    if (S.Wait) {
      StaysBecause[Idx] = "the group waits for another group first";
      continue;
    }
    if (std::optional<std::string> Why = whyCannotRunEarly(Idx)) {
      StaysBecause[Idx] = *Why;
      continue;
    }
    S.Stage = 0;
  }
}

// Only the async operations of an early statement move: its other
// instructions keep their place in the body. So what can stop a group from
// running ahead is what its copies read: a pipelined buffer through a load
// that would stay behind, or operands that cannot be recomputed for a later
// iteration.
std::optional<std::string> PipelinePlanner::whyCannotRunEarly(unsigned Idx) {
  const PipelineStatement &S = Sched.Statements[Idx];
  if (S.HasPredicatedCopies)
    return std::string("its copies are predicated (inside a branch), so the "
                       "groups issued ahead cannot be counted");
  for (const PipelineBuffer &Buffer : Sched.Buffers)
    for (const PipelineBuffer::Access &A : Buffer.Accesses)
      if (A.Statement == Idx && !AsyncOp::get(*A.I).isCopy())
        return formatv("{0} reads the pipelined buffer {1}", describe(A.I),
                       describe(Buffer.Object))
            .str();
  SmallPtrSet<Value *, 16> Seen;
  for (CallBase *Copy : S.Copies)
    for (Value *Arg : Copy->args())
      if (std::optional<std::string> Why = whyNotRecomputable(Arg, Idx, Seen))
        return Why;
  return std::nullopt;
}

// An early statement is re-evaluated for a later iteration, so the operands
// of its copies must be recomputable from loop invariants and induction
// variables alone.
std::optional<std::string>
PipelinePlanner::whyNotRecomputable(Value *V, unsigned Idx,
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

// Early copies read global memory iterations ahead of their own iteration,
// across the rest of the body and its synchronization. Nothing the copy used
// to follow may write what it reads: no instruction of the loop (every
// work-item of the group runs the same loop, so alias analysis on this one
// covers them all), and when the loop synchronizes the group, nothing before
// the loop either: another work-item's earlier write reached the copy through
// a barrier of the loop, which the copy now precedes. Barriers and fences that
// stay in the group write nothing a copy reads and are pipelined across.
bool PipelinePlanner::checkReadAhead() {
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

bool PipelinePlanner::checkReadAheadOf(Instruction &I,
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
      return fail("ReadAheadStore",
                  formatv("a store to {0} may write the memory of {1} that "
                          "an early copy reads ahead of its iteration, and no "
                          "run-time check can tell ({2}); if they never "
                          "overlap, declare {1} __restrict__",
                          describePointer(Dst), describePointer(Src),
                          WhyNoCheck));
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
bool PipelinePlanner::isUniform(const SCEV *S) const {
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
PipelinePlanner::getGroupRange(Value *Ptr, uint64_t Bytes,
                               std::string &WhyNot) {
  const SCEV *P = SE.getSCEV(Ptr);
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(P));
  if (!Base || !isUniform(Base)) {
    WhyNot = formatv("the base of {0} is not known to the whole work group",
                     describe(Ptr));
    return std::nullopt;
  }
  const SCEV *Off = SE.removePointerBase(P);
  Type *Ty = Off->getType();
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
  int64_t Min = 0, Max = 0;
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
bool PipelinePlanner::addAliasCheck(StoreInst &Store, const Value *Src,
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

// The stage in which an access is done with its buffer version: a load at
// once, an async copy reading the buffer only at the first wait that covers
// its group, i.e. in the earliest stage that consumes what it copied.
std::optional<unsigned>
PipelinePlanner::getReleaseStage(const PipelineBuffer::Access &A) const {
  const PipelineStatement &Reader = Sched.Statements[A.Statement];
  if (!AsyncOp::get(*A.I).isCopy())
    return Reader.Stage;
  std::optional<unsigned> Release;
  for (const PipelineBuffer &Filled : Sched.Buffers) {
    if (Filled.Producer != A.Statement)
      continue;
    for (const PipelineBuffer::Access &Use : Filled.Accesses)
      if (Use.Statement != A.Statement)
        Release = std::min(Release.value_or(~0u),
                           Sched.Statements[Use.Statement].Stage);
  }
  return Release;
}

bool PipelinePlanner::sizeBuffers() {
  for (PipelineBuffer &Buffer : Sched.Buffers) {
    const PipelineStatement &Producer = Sched.Statements[Buffer.Producer];
    // No wait would cover a group nobody reads, and it could still be in
    // flight after the loop.
    if (none_of(Buffer.Accesses, [&](const PipelineBuffer::Access &A) {
          return A.Statement != Buffer.Producer;
        }))
      return fail("BufferNeverRead",
                  formatv("the buffer {0} is filled but never read in the "
                          "loop",
                          describe(Buffer.Object)));
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      const PipelineStatement &Reader = Sched.Statements[A.Statement];
      if (A.Statement == Buffer.Producer)
        continue;
      if (Reader.Stage < Producer.Stage ||
          (Reader.Stage == Producer.Stage && Reader.Order < Producer.Order))
        return fail("ReadBeforeFillInSchedule",
                    formatv("statement {0} reads the buffer {1} before "
                            "statement {2} fills it in the schedule",
                            A.Statement, describe(Buffer.Object),
                            Buffer.Producer));
      std::optional<unsigned> FreeStage = getReleaseStage(A);
      if (!FreeStage)
        return fail("CopyReadNotWaited",
                    formatv("the async copy {0} reads the buffer {1} but "
                            "nothing in the loop waits for that copy",
                            describe(A.I), describe(Buffer.Object)));
      Buffer.Versions =
          std::max(Buffer.Versions, *FreeStage - Producer.Stage + 1);
    }
    if (Buffer.Bytes * Buffer.Versions > (uint64_t(1) << 31))
      return fail("BufferTooLarge",
                  formatv("the buffer {0} would grow beyond 2 GiB",
                          describe(Buffer.Object)));
  }
  return true;
}

// The marks issued in the pipelined body between group Group of some
// iteration and the wait of statement Waiter of the same iteration.
std::optional<uint64_t> PipelinePlanner::countMarksBetween(unsigned Group,
                                                           unsigned Waiter,
                                                           bool SameQueueOnly) {
  const PipelineStatement &P = Sched.Statements[Group];
  const PipelineStatement &W = Sched.Statements[Waiter];
  if (W.Stage < P.Stage || (W.Stage == P.Stage && W.Order < P.Order))
    return std::nullopt;
  unsigned Distance = W.Stage - P.Stage;
  uint64_t AfterProducer = 0, BeforeWaiter = 0, Between = 0, PerIteration = 0;
  for (const PipelineStatement &S : Sched.Statements) {
    if (!S.isGroup() || (SameQueueOnly && S.Stage != P.Stage))
      continue;
    ++PerIteration;
    AfterProducer += S.Order > P.Order;
    BeforeWaiter += S.Order < W.Order;
    Between += S.Order > P.Order && S.Order < W.Order;
  }
  if (Distance == 0)
    return Between;
  return AfterProducer + PerIteration * (Distance - 1) + BeforeWaiter;
}

bool PipelinePlanner::computeWaitCounts() {
  for (unsigned WIdx = 0; WIdx != Sched.Statements.size(); ++WIdx) {
    PipelineStatement &W = Sched.Statements[WIdx];
    if (!W.Wait)
      continue;
    // The wait covers the statements up to the next wait.
    unsigned End = WIdx + 1;
    while (End != Sched.Statements.size() && !Sched.Statements[End].Wait)
      ++End;
    SmallVector<unsigned, 4> Needed;
    for (const PipelineBuffer &Buffer : Sched.Buffers)
      for (const PipelineBuffer::Access &A : Buffer.Accesses)
        if (A.Statement >= WIdx && A.Statement < End &&
            A.Statement != Buffer.Producer &&
            !is_contained(Needed, Buffer.Producer))
          Needed.push_back(Buffer.Producer);
    if (Needed.empty())
      for (unsigned G = 0; G != WIdx; ++G)
        if (Sched.Statements[G].isGroup())
          Needed.push_back(G);
    std::optional<uint64_t> Count, QueueCount;
    for (unsigned G : Needed) {
      std::optional<uint64_t> N = countMarksBetween(G, WIdx, false);
      if (!N)
        return fail("WaitBeforeGroup",
                    formatv("statement {0} is scheduled before the group "
                            "(statement {1}) it waits for",
                            WIdx, G));
      if (!Count || *N < *Count) {
        Count = N;
        QueueCount = countMarksBetween(G, WIdx, true);
      }
      if (*N == 0 && StaysBecause.count(G))
        W.WaitFallback = StaysBecause.lookup(G);
    }
    W.WaitCount = Count.value_or(0);
    W.QueueWaitCount = QueueCount.value_or(0);
    if (Target)
      if (std::optional<uint64_t> Max = Target->getMaxWaitCount();
          Max && W.WaitCount > *Max)
        W.WaitCount = *Max;
  }
  return true;
}

// With several versions a buffer is refilled Versions iterations after it was
// filled. If that refill can come in the very next loop iteration after the
// last read, a barrier must lie between the read and the refill, or another
// work-item may still read the version being overwritten. Loops with no
// barrier share nothing between work-items and need none.
bool PipelinePlanner::placeBarriers() {
  // Only barriers on the spine run in every iteration.
  SmallVector<Instruction *, 4> Barriers;
  for (BasicBlock *BB : L.blocks())
    if (isOnSpine(BB))
      for (Instruction &I : *BB)
        if (isBarrier(I))
          Barriers.push_back(&I);
  if (Barriers.empty())
    return true;
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    if (Buffer.Versions < 2)
      continue;
    const PipelineStatement &P = Sched.Statements[Buffer.Producer];
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      if (A.Statement == Buffer.Producer)
        continue;
      const PipelineStatement &R = Sched.Statements[A.Statement];
      if (Buffer.Versions + P.Stage - *getReleaseStage(A) >= 2)
        continue;
      // Barriers of early statements stay behind when their statement
      // moves; do not count on them.
      bool Covered = any_of(Barriers, [&](Instruction *B) {
        const PipelineStatement &BS = Sched.Statements[StatementOf.lookup(B)];
        if (Sched.isEarly(BS))
          return false;
        return BS.Order > R.Order || BS.Order < P.Order ||
               (&BS == &R && PositionOf.lookup(A.I) < PositionOf.lookup(B));
      });
      if (!Covered)
        Sched.NeedsBarrier = true;
    }
  }
  if (Sched.NeedsBarrier && !Target)
    return fail("NoBarrier", "a barrier is needed and the target has none");
  return true;
}

// A wait of the last stage that follows another one with no mark in between
// allows no fewer groups than it: nothing was committed since the earlier
// wait left at most its count outstanding, so it has nothing to do. Early
// statements' marks are emitted before the first last-stage statement
// ordered after them; a call in between might commit groups on a hardware
// counter (a native form in a callee), so calls other than intrinsics and
// barriers keep the later wait.
void PipelinePlanner::findSubsumedWaits() {
  std::optional<unsigned> Prev;
  for (unsigned B = 0; B != Sched.Statements.size(); ++B) {
    PipelineStatement &W = Sched.Statements[B];
    if (Sched.isEarly(W))
      continue;
    if (W.Wait && Prev && Sched.Statements[*Prev].WaitCount <= W.WaitCount) {
      unsigned A = *Prev;
      bool Quiet = true;
      for (unsigned Idx = A; Idx != B && Quiet; ++Idx) {
        const PipelineStatement &S = Sched.Statements[Idx];
        if (!Sched.isEarly(S) && S.isGroup())
          Quiet = false;
        for (Instruction *I : S.Insts)
          if (const auto *Call = dyn_cast<CallBase>(I);
              Call && I != S.Wait && !isa<IntrinsicInst>(Call) &&
              classifySync(*I, Target) == SyncKind::None)
            Quiet = false;
      }
      for (const PipelineStatement &S : Sched.Statements) {
        if (!Sched.isEarly(S))
          continue;
        // Where the early statement is emitted: before the first statement
        // of the last stage ordered after it (or at the latch).
        for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
          const PipelineStatement &At = Sched.Statements[Idx];
          if (Sched.isEarly(At) || At.Order <= S.Order)
            continue;
          Quiet &= !(Idx > A && Idx <= B);
          break;
        }
      }
      if (Quiet)
        W.SubsumedBy = A;
    }
    if (W.Wait)
      Prev = B;
  }
}

} // namespace

std::optional<PipelineSchedule>
asyncpipe::planPipeline(Loop &L, const PipelineRequest &Request,
                        ScalarEvolution &SE, AAResults &AA, LoopInfo &LI,
                        DominatorTree &DT, const AsyncTarget *Target,
                        PipelineRefusal &WhyNot) {
  return PipelinePlanner(L, Request, SE, AA, LI, DT, Target, WhyNot).run();
}
