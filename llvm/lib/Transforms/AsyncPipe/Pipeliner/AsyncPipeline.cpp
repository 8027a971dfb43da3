//===- AsyncPipeline.cpp - Loop software pipeliner with async stages ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A loop that copies a tile into shared memory, waits for it and computes on
// it leaves the copy engine idle during the computation and the computation
// idle during the copy. This pass overlaps them: the copies of the next
// iterations are issued while the current one computes (TVM's software
// pipeline with asynchronous stages, shared/seeds/000). This file holds the
// pass itself: which loops ask for it, the loop metadata, and the remarks;
// AsyncPipelineSchedule.cpp decides, AsyncPipelineTransform.cpp rewrites.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "AsyncPipelineSchedule.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-pipeline"

ASYNCPIPE_STATISTIC(NumLoopsPipelined, "Number of loops pipelined");
ASYNCPIPE_STATISTIC(NumLoopsNotPipelined,
                    "Number of loops considered and not pipelined");

static cl::opt<unsigned> PipelineStagesOption(
    "asyncpipe-pipeline-stages",
    cl::desc("Pipeline every loop that issues async copies itself into "
             "this many stages (0: only loops that ask for it)"),
    cl::init(0));

static cl::opt<AsyncPipelineDrain> PipelineDrainOption(
    "asyncpipe-pipeline-drain",
    cl::desc("How a pipelined loop drains its last iterations"),
    cl::values(clEnumValN(AsyncPipelineDrain::TargetDefault, "target",
                          "what the async target prefers (default): "
                          "empty-groups where waits count groups (NVPTX), "
                          "epilogue otherwise"),
               clEnumValN(AsyncPipelineDrain::Epilogue, "epilogue",
                          "unconditional copies in the loop and an epilogue "
                          "with decreasing waits"),
               clEnumValN(AsyncPipelineDrain::EmptyGroups, "empty-groups",
                          "guarded copies and unconditional marks in every "
                          "iteration, no epilogue")),
    cl::init(AsyncPipelineDrain::TargetDefault));

namespace {

constexpr StringLiteral MarkerName = "asyncpipe.pipeline";
constexpr StringLiteral StagesKey = "asyncpipe.pipeline.stages";
constexpr StringLiteral StageKey = "asyncpipe.pipeline.stage";
constexpr StringLiteral OrderKey = "asyncpipe.pipeline.order";
constexpr StringLiteral AsyncStagesKey = "asyncpipe.pipeline.async_stages";
constexpr StringLiteral DoneKey = "asyncpipe.pipeline.done";
/// Loop property: which of the function's requests the loop carries.
constexpr StringLiteral RequestKey = "asyncpipe.pipeline.request";
/// Function metadata: every request of the function, as !{i32 id, loc?}, so
/// that a request an earlier pass lost with its loop metadata still gets a
/// remark.
constexpr StringLiteral RequestsKey = "asyncpipe.pipeline.requests";
constexpr unsigned MaxStages = 16;

//===----------------------------------------------------------------------===//
// Loop metadata
//===----------------------------------------------------------------------===//

/// The entry of loop ID \p ID whose first operand is \p Key, if any.
MDNode *findLoopProperty(const MDNode *ID, StringRef Key) {
  if (!ID)
    return nullptr;
  for (const MDOperand &Op : drop_begin(ID->operands()))
    if (auto *Node = dyn_cast<MDNode>(Op.get()))
      if (Node->getNumOperands() && isa<MDString>(Node->getOperand(0)) &&
          cast<MDString>(Node->getOperand(0))->getString() == Key)
        return Node;
  return nullptr;
}

/// The loop-metadata entry whose first operand is \p Key, if any.
MDNode *findLoopProperty(const Loop &L, StringRef Key) {
  return findLoopProperty(L.getLoopID(), Key);
}

/// The integer operands of a property node, or none if one is not an
/// integer constant.
std::optional<SmallVector<unsigned, 8>> readIntegers(const MDNode *Node) {
  SmallVector<unsigned, 8> Values;
  for (const MDOperand &Op : drop_begin(Node->operands())) {
    auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op.get());
    if (!C || C->getZExtValue() > 1024)
      return std::nullopt;
    Values.push_back(C->getZExtValue());
  }
  return Values;
}

/// Replaces the loop's properties named in \p Drop by \p Add, keeping the
/// rest (mustprogress, unroll hints, ...).
void updateLoopProperties(Loop &L, ArrayRef<StringRef> Drop,
                          ArrayRef<Metadata *> Add) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<Metadata *, 8> Ops = {nullptr};
  if (MDNode *ID = L.getLoopID())
    for (const MDOperand &Op : drop_begin(ID->operands())) {
      auto *Node = dyn_cast<MDNode>(Op.get());
      auto *Key = Node && Node->getNumOperands()
                      ? dyn_cast<MDString>(Node->getOperand(0))
                      : nullptr;
      if (Key && is_contained(Drop, Key->getString()))
        continue;
      Ops.push_back(Op.get());
    }
  append_range(Ops, Add);
  MDNode *NewID = MDNode::getDistinct(Ctx, Ops);
  NewID->replaceOperandWith(0, NewID);
  L.setLoopID(NewID);
}

MDNode *makeProperty(LLVMContext &Ctx, StringRef Key,
                     std::optional<unsigned> Value = std::nullopt) {
  SmallVector<Metadata *, 2> Ops = {MDString::get(Ctx, Key)};
  if (Value)
    Ops.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(Ctx), *Value)));
  return MDNode::get(Ctx, Ops);
}

/// Adds a request for the loop at \p Loc to \p F's record; returns its id.
unsigned recordRequest(Function &F, DebugLoc Loc) {
  LLVMContext &Ctx = F.getContext();
  SmallVector<Metadata *, 4> Requests;
  if (MDNode *Old = F.getMetadata(RequestsKey))
    append_range(Requests, Old->operands());
  unsigned ID = Requests.size();
  SmallVector<Metadata *, 2> Entry = {ConstantAsMetadata::get(
      ConstantInt::get(Type::getInt32Ty(Ctx), ID))};
  if (Loc)
    Entry.push_back(Loc.get());
  Requests.push_back(MDNode::get(Ctx, Entry));
  F.setMetadata(RequestsKey, MDNode::get(Ctx, Requests));
  return ID;
}

/// Records that \p L asks for \p Stages stages, and keeps the unroller away
/// from it until the pipeliner has run.
void requestStages(Loop &L, unsigned Stages) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  unsigned ID = recordRequest(*L.getHeader()->getParent(), L.getStartLoc());
  updateLoopProperties(L, {StagesKey, "llvm.loop.unroll.disable", RequestKey},
                       {makeProperty(Ctx, StagesKey, Stages),
                        makeProperty(Ctx, "llvm.loop.unroll.disable"),
                        makeProperty(Ctx, RequestKey, ID)});
}

/// Reports each request of \p F whose loop no longer carries it (an earlier
/// pass rebuilt the loop without its metadata, or removed the loop), then
/// forgets the record so that it is reported once.
void remarkLostRequests(Function &F, OptimizationRemarkEmitter &ORE) {
  MDNode *Requests = F.getMetadata(RequestsKey);
  if (!Requests)
    return;
  SmallSet<unsigned, 8> Seen;
  for (const BasicBlock &BB : F)
    if (MDNode *Request = findLoopProperty(
            BB.getTerminator()
                ? BB.getTerminator()->getMetadata(LLVMContext::MD_loop)
                : nullptr,
            RequestKey))
      if (std::optional<SmallVector<unsigned, 8>> IDs = readIntegers(Request))
        if (!IDs->empty())
          Seen.insert(IDs->front());
  for (const MDOperand &Op : Requests->operands()) {
    auto *Entry = cast<MDNode>(Op.get());
    unsigned ID =
        mdconst::extract<ConstantInt>(Entry->getOperand(0))->getZExtValue();
    if (Seen.contains(ID))
      continue;
    DebugLoc Loc;
    if (Entry->getNumOperands() > 1)
      Loc = DebugLoc(dyn_cast<DILocation>(Entry->getOperand(1)));
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "RequestLost", Loc,
                                      &F.getEntryBlock())
             << "loop not pipelined: an earlier optimization rebuilt or "
                "removed the loop that asked for it, and its request with it";
    });
  }
  F.setMetadata(RequestsKey, nullptr);
}

/// True if a loop of \p F may carry a pipelining request: some latch has
/// loop metadata with an asyncpipe.pipeline property, or the function lists
/// requests.
bool hasPipelineLoopMetadata(const Function &F) {
  if (F.getMetadata(RequestsKey))
    return true;
  for (const BasicBlock &BB : F) {
    const Instruction *Term = BB.getTerminator();
    MDNode *LoopID = Term ? Term->getMetadata(LLVMContext::MD_loop) : nullptr;
    if (!LoopID)
      continue;
    for (const MDOperand &Op : drop_begin(LoopID->operands()))
      if (auto *Property = dyn_cast_or_null<MDNode>(Op.get());
          Property && Property->getNumOperands() > 0)
        if (auto *Name = dyn_cast_or_null<MDString>(Property->getOperand(0));
            Name && Name->getString().starts_with("asyncpipe.pipeline"))
          return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The source annotation
//===----------------------------------------------------------------------===//

/// Turns the marker calls of \p F into loop metadata; returns true if any.
bool consumePipelineMarkers(Function &F, LoopInfo &LI) {
  SmallVector<CallBase *, 4> Markers;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && Callee->getName() == MarkerName)
        Markers.push_back(Call);
  for (CallBase *Marker : Markers) {
    auto *Stages = Marker->arg_size() == 1
                       ? dyn_cast<ConstantInt>(Marker->getArgOperand(0))
                       : nullptr;
    Loop *L = LI.getLoopFor(Marker->getParent());
    if (!Stages || Stages->isNegative() || Stages->isZero() ||
        Stages->getZExtValue() > MaxStages)
      reportAsyncError(*Marker, formatv("asyncpipe_pipeline() needs a "
                                        "compile-time stage count from 1 to "
                                        "{0}",
                                        MaxStages));
    else if (!L)
      reportAsyncWarning(*Marker,
                         "asyncpipe_pipeline() is not inside a loop; ignored");
    else
      requestStages(*L, Stages->getZExtValue());
    Marker->eraseFromParent();
  }
  return !Markers.empty();
}

//===----------------------------------------------------------------------===//
// Which loops, and the remarks
//===----------------------------------------------------------------------===//

/// True if \p L issues an async copy itself (not only in an inner loop).
bool hasOwnAsyncCopy(const Loop &L, const LoopInfo &LI) {
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L)
      for (Instruction &I : *BB)
        if (AsyncOp::get(I).isCopy())
          return true;
  return false;
}

/// What \p L asks for, or none if it does not ask to be pipelined.
std::optional<PipelineRequest> readRequest(const Loop &L, const LoopInfo &LI,
                                           unsigned DefaultStages,
                                           std::string &Malformed) {
  if (findLoopProperty(L, DoneKey))
    return std::nullopt;
  PipelineRequest Request;
  if (MDNode *Stage = findLoopProperty(L, StageKey)) {
    std::optional<SmallVector<unsigned, 8>> Stages = readIntegers(Stage);
    std::optional<SmallVector<unsigned, 8>> Order;
    if (MDNode *OrderNode = findLoopProperty(L, OrderKey))
      Order = readIntegers(OrderNode);
    else
      Order.emplace();
    std::optional<SmallVector<unsigned, 8>> Async;
    MDNode *AsyncNode = findLoopProperty(L, AsyncStagesKey);
    if (AsyncNode)
      Async = readIntegers(AsyncNode);
    if (!Stages || !Order || (AsyncNode && !Async)) {
      Malformed = "its schedule metadata is malformed (stage, order and "
                  "async_stages take integer constants)";
      return Request;
    }
    Request.Explicit.Stage = *Stages;
    Request.Explicit.Order = *Order;
    if (AsyncNode) {
      Request.Explicit.AsyncStages = *Async;
      Request.Explicit.HasAsyncStages = true;
    }
    return Request;
  }
  if (MDNode *StagesNode = findLoopProperty(L, StagesKey)) {
    std::optional<SmallVector<unsigned, 8>> Stages = readIntegers(StagesNode);
    if (!Stages || Stages->size() != 1 || (*Stages)[0] == 0 ||
        (*Stages)[0] > MaxStages) {
      Malformed = formatv("its stage count metadata is not an integer from "
                          "1 to {0}",
                          MaxStages);
      return Request;
    }
    Request.Stages = (*Stages)[0];
    return Request;
  }
  if (DefaultStages && hasOwnAsyncCopy(L, LI)) {
    Request.Stages = std::min(DefaultStages, MaxStages);
    return Request;
  }
  return std::nullopt;
}

void remarkNotPipelined(OptimizationRemarkEmitter &ORE, const Loop &L,
                        StringRef Name, StringRef Why) {
  ++NumLoopsNotPipelined;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncPipeline: "
                         << L.getHeader()->getParent()->getName()
                         << ": loop at '" << L.getHeader()->getName()
                         << "' not pipelined: " << Why << "\n");
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, Name, L.getStartLoc(),
                                    L.getHeader())
           << "loop not pipelined: " << Why;
  });
}

std::string describeBuffers(const PipelineSchedule &Sched) {
  std::string Text;
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    if (!Text.empty())
      Text += ", ";
    StringRef Name = Buffer.Object->getName();
    Text +=
        formatv("'{0}' x{1}",
                Name.empty() ? std::string("(unnamed)") : demangle(Name.str()),
                Buffer.Versions);
  }
  return Text;
}

void remarkPipelined(OptimizationRemarkEmitter &ORE,
                     const PipelineSchedule &Sched) {
  const Loop &L = *Sched.L;
  ++NumLoopsPipelined;
  ASYNCPIPE_DEBUG(
      dbgs() << "AsyncPipeline: " << L.getHeader()->getParent()->getName()
             << ": loop at '" << L.getHeader()->getName() << "' pipelined with "
             << Sched.NumStages << " stages, " << Sched.getNumGroups()
             << " groups per iteration\n");
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Pipelined", L.getStartLoc(),
                              L.getHeader())
           << "pipelined loop with " << ore::NV("Stages", Sched.NumStages)
           << " stages: " << ore::NV("Groups", Sched.getNumGroups())
           << " async groups per iteration, buffers " << describeBuffers(Sched)
           << (Sched.NeedsBarrier ? "; added a barrier so that no work-item "
                                    "refills a buffer another still reads"
                                  : "")
           << (Sched.AliasChecks.empty()
                   ? ""
                   : "; versioned with run-time checks that no store in the "
                     "loop writes what a copy reads ahead (the loop runs "
                     "unpipelined when they fail)")
           << (Sched.NeedsEntryBarrier
                   ? "; added a barrier before the prologue so that writes "
                     "before the loop reach every work-item's early copies"
                   : "");
  });
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    const PipelineStatement &S = Sched.Statements[Idx];
    if (!S.Wait)
      continue;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "WaitCount",
                                        L.getStartLoc(), L.getHeader())
             << "wait in statement " << ore::NV("Statement", Idx) << " (stage "
             << ore::NV("Stage", S.Stage) << ") allows "
             << ore::NV("InFlight", S.WaitCount) << " groups in flight ("
             << ore::NV("QueueInFlight", S.QueueWaitCount) << " of its queue)";
    });
    if (S.SubsumedBy)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "WaitSubsumed",
                                          L.getStartLoc(), L.getHeader())
               << "wait in statement " << ore::NV("Statement", Idx)
               << " is removed from the loop: the wait in statement "
               << ore::NV("By", *S.SubsumedBy)
               << " already allows no more groups and no mark comes between "
                  "(rule W1, proved by the mark analysis on the pipelined "
                  "loop)";
      });
    if (!S.WaitFallback.empty())
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "WaitFallback",
                                        L.getStartLoc(), L.getHeader())
               << "wait count fell back to 0 in statement "
               << ore::NV("Statement", Idx)
               << " because its group stays in the consumer's stage: "
               << S.WaitFallback;
      });
  }
}

/// Says how the loop drains: the code it duplicates and why.
void remarkDrain(OptimizationRemarkEmitter &ORE,
                 const PipelineSchedule &Sched) {
  const Loop &L = *Sched.L;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "Drain", L.getStartLoc(),
                                 L.getHeader());
    if (Sched.DrainWithEpilogue)
      R << "drains with an epilogue of "
        << ore::NV("EpilogueCopies", Sched.getLastStage())
        << " copies of the body, so that no path skips a copy the loop's "
           "waits count; fewer than "
        << ore::NV("Stages", Sched.NumStages)
        << " iterations run the loop unpipelined";
    else
      R << "drains with empty groups: the last iterations skip their copies "
           "and still commit their marks";
    return R;
  });
}

void markPipelined(Loop &L) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  updateLoopProperties(L, {StagesKey, StageKey, OrderKey, AsyncStagesKey},
                       {makeProperty(Ctx, DoneKey)});
}

/// Versions the loop on the schedule's run-time alias checks: the loop the
/// schedule describes runs when no store can write what an early copy reads,
/// an unpipelined clone (already marked done) otherwise. LoopInfo gets the
/// clone from cloneLoopWithPreheader; the dominator tree is recomputed.
void versionWithAliasChecks(PipelineSchedule &Sched, DominatorTree &DT,
                            LoopInfo &LI, ScalarEvolution &SE) {
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
  DT.recalculate(F);
  SE.forgetLoop(&L);
}

} // namespace

PreservedAnalyses
AsyncPipelineAnnotationPass::run(Function &F, FunctionAnalysisManager &AM) {
  // Without the marker's declaration there is nothing to consume: compute no
  // LoopInfo for the function.
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  if (!consumePipelineMarkers(F, AM.getResult<LoopAnalysis>(F)))
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

Expected<AsyncPipelineOptions>
llvm::parseAsyncPipelineOptions(StringRef Params) {
  AsyncPipelineOptions Options;
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    StringRef Value = Param;
    if (Value.consume_front("stages=") &&
        !Value.getAsInteger(10, Options.Stages) && Options.Stages >= 1 &&
        Options.Stages <= MaxStages)
      continue;
    Value = Param;
    if (Value.consume_front("drain=")) {
      if (Value == "epilogue") {
        Options.Drain = AsyncPipelineDrain::Epilogue;
        continue;
      }
      if (Value == "empty-groups") {
        Options.Drain = AsyncPipelineDrain::EmptyGroups;
        continue;
      }
    }
    return make_error<StringError>(
        formatv("invalid asyncpipe-pipeline parameter '{0}' (expected "
                "stages=N with N from 1 to {1}, or "
                "drain=epilogue|empty-groups)",
                Param, MaxStages)
            .str(),
        inconvertibleErrorCode());
  }
  return Options;
}

/// Erases the loop's waits the schedule found subsumed, each only where
/// AsyncMarkCounts proves it redundant (llvm/docs/AsyncPipeModel.rst, W1).
static void removeSubsumedWaits(PipelineSchedule &Sched, Function &F,
                                OptimizationRemarkEmitter &ORE) {
  if (none_of(Sched.Statements,
              [](const PipelineStatement &S) { return S.SubsumedBy; }))
    return;
  asyncpipe::AsyncMarkCounts Counts(F);
  SmallVector<CallBase *, 4> Redundant;
  for (PipelineStatement &S : Sched.Statements) {
    if (!S.SubsumedBy || !S.Wait || !S.Wait->use_empty())
      continue;
    asyncpipe::AsyncOp Wait = asyncpipe::AsyncOp::get(*S.Wait);
    if (Wait.isWait() && Counts.isRedundantWait(Wait))
      Redundant.push_back(Wait.getCall());
    else
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "SubsumedWaitKept", S.Wait)
               << "subsumed wait kept: the mark analysis does not prove it "
                  "redundant on every path";
      });
  }
  for (CallBase *Call : Redundant)
    Call->eraseFromParent();
}

PreservedAnalyses AsyncPipelinePass::run(Function &F,
                                         FunctionAnalysisManager &AM) {
  // Requests written as loop metadata need no declaration: look for them
  // without building LoopInfo.
  if (!moduleMayHaveAsyncOps(*F.getParent()) && !hasPipelineLoopMetadata(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  bool Changed = consumePipelineMarkers(F, LI);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  auto &AC = AM.getResult<AssumptionAnalysis>(F);
  auto &AA = AM.getResult<AAManager>(F);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(*F.getParent());
  unsigned DefaultStages =
      Options.Stages ? Options.Stages : unsigned(PipelineStagesOption);

  AsyncPipelineDrain Drain = Options.Drain != AsyncPipelineDrain::TargetDefault
                                 ? Options.Drain
                                 : PipelineDrainOption.getValue();
  if (Drain == AsyncPipelineDrain::TargetDefault)
    Drain = Target && Target->countsWaitsInGroups()
                ? AsyncPipelineDrain::EmptyGroups
                : AsyncPipelineDrain::Epilogue;

  for (Loop *L : LI.getLoopsInPreorder()) {
    std::string Malformed;
    std::optional<PipelineRequest> Request =
        readRequest(*L, LI, DefaultStages, Malformed);
    if (!Request)
      continue;
    if (!Malformed.empty()) {
      remarkNotPipelined(ORE, *L, "MalformedRequest", Malformed);
      continue;
    }
    Changed |=
        simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
    PipelineRefusal WhyNot;
    std::optional<PipelineSchedule> Sched =
        planPipeline(*L, *Request, SE, AA, LI, DT, Target.get(), WhyNot);
    if (!Sched) {
      remarkNotPipelined(ORE, *L, WhyNot.Name, WhyNot.Why);
      continue;
    }
    Sched->DrainWithEpilogue = Drain == AsyncPipelineDrain::Epilogue;
    remarkPipelined(ORE, *Sched);
    remarkDrain(ORE, *Sched);
    // Marked first: the epilogue drain keeps an unpipelined copy of the loop
    // for short trip counts, which must not be pipelined either.
    markPipelined(*L);
    if (!Sched->AliasChecks.empty())
      versionWithAliasChecks(*Sched, DT, LI, SE);
    applyPipeline(*Sched, SE, LI, Target.get());
    // The epilogue's copies of a subsumed wait stay (their counts differ);
    // in the loop it goes, once the one mark analysis proves it redundant
    // on the pipelined code (the schedule only proposes it).
    removeSubsumedWaits(*Sched, F, ORE);
    // The next loop is planned on fresh analyses of the changed CFG.
    SE.forgetAllLoops();
    DT.recalculate(F);
    Changed = true;
  }
  remarkLostRequests(F, ORE);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

bool llvm::mayPipelineLoopsIn(const Function &F) {
  bool IssuesCopies = false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (Callee->getName() == MarkerName)
            return true;
      IssuesCopies |= AsyncOp::get(I).isCopy();
      const MDNode *ID = I.getMetadata(LLVMContext::MD_loop);
      if (findLoopProperty(ID, StagesKey) && !findLoopProperty(ID, DoneKey))
        return true;
    }
  return IssuesCopies && PipelineStagesOption > 0;
}
