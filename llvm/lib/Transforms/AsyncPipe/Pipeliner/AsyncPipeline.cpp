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
// pipeline with asynchronous stages). This file holds the pass itself and
// its remarks; AsyncPipelineRequests.cpp reads which loops ask for it (the
// loop metadata), AsyncPipelineAnnotations.cpp rejects the invalid ones,
// planPipeline (AsyncPipelinePlanner.cpp) decides with the legality checks
// (AsyncPipelineLegality.cpp) and the scheduler (AsyncPipelineScheduler.cpp),
// and the builder (AsyncPipelineBuilder.cpp) rewrites.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include "AsyncPipelineLoopOrder.h"
#include "AsyncPipelineRequests.h"
#include "AsyncPipelineSchedule.h"
#include "AsyncPipelineVerify.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

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

static cl::opt<bool> LoopOrderStats(
    "asyncpipe-pipeline-loop-stats", cl::Hidden,
    cl::desc("Print, for each function the pipeliner looks at, the loops it "
             "considered and how many times it took LoopInfo's preorder"));

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
                          "iteration, no epilogue"),
               clEnumValN(AsyncPipelineDrain::RepeatLastCopies, "repeat-last",
                          "unconditional copies in every iteration, those "
                          "past the last iteration repeating its copies; no "
                          "epilogue, a wait at the loop's exit")),
    cl::init(AsyncPipelineDrain::TargetDefault));

namespace {

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
  if (Sched.UsesQueues)
    for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
      const PipelineStatement &S = Sched.Statements[Idx];
      if (!S.isGroup())
        continue;
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "GroupQueue",
                                          L.getStartLoc(), L.getHeader())
               << "group of statement " << ore::NV("Statement", Idx)
               << " (stage " << ore::NV("Stage", S.Stage)
               << ") is committed to queue " << ore::NV("Queue", S.Queue)
               << (S.Queue ? "" : " (the plain mark)");
      });
    }
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    const PipelineStatement &S = Sched.Statements[Idx];
    if (!S.Wait)
      continue;
    for (const QueueWait &QW : S.QueueWaits)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "QueueWait",
                                          L.getStartLoc(), L.getHeader())
               << "wait in statement " << ore::NV("Statement", Idx)
               << " (stage " << ore::NV("Stage", S.Stage) << ") waits on queue "
               << ore::NV("Queue", QW.Queue) << " for the group of statement "
               << ore::NV("Group", QW.NeededGroup) << ", allowing "
               << ore::NV("InFlight", QW.Count)
               << " groups of that queue in flight";
      });
    if (!S.QueueWaits.empty())
      continue;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "WaitCount",
                                        L.getStartLoc(), L.getHeader())
             << "wait in statement " << ore::NV("Statement", Idx) << " (stage "
             << ore::NV("Stage", S.Stage) << ") allows "
             << ore::NV("InFlight", S.WaitCount) << " groups in flight ("
             << ore::NV("QueueInFlight", S.QueueWaitCount) << " of its queue)";
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

/// Says why a loop asked to drain by repeating its last copies drains with
/// an epilogue instead.
void remarkDrainNotRepeated(OptimizationRemarkEmitter &ORE, const Loop &L,
                            StringRef Why) {
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "DrainNotRepeated",
                                      L.getStartLoc(), L.getHeader())
           << "drains with an epilogue rather than by repeating the last "
              "copies: "
           << Why;
  });
}

/// Says how the loop drains: the code it duplicates and why.
void remarkDrain(OptimizationRemarkEmitter &ORE,
                 const PipelineSchedule &Sched) {
  const Loop &L = *Sched.L;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "Drain", L.getStartLoc(),
                                 L.getHeader());
    if (Sched.drainsWithEpilogue())
      R << "drains with an epilogue of "
        << ore::NV("EpilogueCopies", Sched.getLastStage())
        << " copies of the body, so that no path skips a copy the loop's "
           "waits count; a trip count n below "
        << ore::NV("Stages", Sched.NumStages)
        << " takes a partial prologue and the last n copies of the epilogue";
    else if (Sched.Drain == AsyncPipelineDrain::RepeatLastCopies)
      R << "drains by repeating the last copies: the last "
        << ore::NV("RepeatedGroups", Sched.getLastStage())
        << " iterations repeat the last iteration's copies into versions "
           "nothing reads, and the loop's exit waits for them";
    else
      R << "drains with empty groups: the last iterations skip their copies "
           "and still commit their marks";
    if (Sched.hasWriteBack())
      R << "; waits for the last async stores at the loop's exit";
    return R;
  });
}
/// Checks, under -verify-loop-info and -verify-dom-info, that the pass kept
/// LoopInfo and the dominator tree exact: a release build of LLVM compiles
/// out most of LoopInfo::verify, so the loops are compared with a fresh
/// analysis here.
void verifyAnalyses(Function &F, LoopInfo &LI, DominatorTree &DT) {
  if (VerifyDomInfo && !DT.verify(DominatorTree::VerificationLevel::Full))
    reportFatalInternalError(
        "asyncpipe-pipeline left a wrong dominator tree in " + F.getName());
  if (!VerifyLoopInfo)
    return;
  DominatorTree FreshDT(F);
  LoopInfo Fresh(FreshDT);
  auto Same = [](const Loop *A, const Loop *B) {
    for (; A && B; A = A->getParentLoop(), B = B->getParentLoop())
      if (A->getHeader() != B->getHeader() ||
          A->getNumBlocks() != B->getNumBlocks())
        return false;
    return !A && !B;
  };
  for (BasicBlock &BB : F)
    if (!Same(LI.getLoopFor(&BB), Fresh.getLoopFor(&BB)))
      reportFatalInternalError("asyncpipe-pipeline left a wrong LoopInfo in " +
                               F.getName() + " at block '" + BB.getName() +
                               "'");
  if (LI.getLoopsInPreorder().size() != Fresh.getLoopsInPreorder().size())
    reportFatalInternalError(
        "asyncpipe-pipeline left a wrong number of loops in " + F.getName());
}

} // namespace

PreservedAnalyses
AsyncPipelineAnnotationPass::run(Function &F, FunctionAnalysisManager &AM) {
  // Without the marker's declaration or a loop property there is nothing to
  // consume or check: compute no LoopInfo for the function.
  if (!moduleMayHaveAsyncOps(*F.getParent()) && !hasPipelineLoopMetadata(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  bool Changed = consumePipelineMarkers(F, LI);
  // Checked here, before any loop transform, so that a bad value is an error
  // at every -O level even where the optimizer unrolls or deletes the loop
  // before the pipeliner would see it.
  Changed |= rejectInvalidAnnotations(F, LI);
  if (!Changed)
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
        Options.Stages <= MaxPipelineStages)
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
      if (Value == "repeat-last") {
        Options.Drain = AsyncPipelineDrain::RepeatLastCopies;
        continue;
      }
    }
    return make_error<StringError>(
        formatv("invalid asyncpipe-pipeline parameter '{0}' (expected "
                "stages=N with N from 1 to {1}, or "
                "drain=epilogue|empty-groups|repeat-last)",
                Param, MaxPipelineStages)
            .str(),
        inconvertibleErrorCode());
  }
  return Options;
}

/// Gives every loop of \p LI that asks for a register stage (loop property
/// asyncpipe.pipeline.registers, valid: rejectInvalidAnnotations ran) its
/// register-pipelined form, or the missed remark that says why not. Keeps
/// LoopInfo and the dominator tree exact; true if anything changed.
static bool pipelineRegisterStages(LoopInfo &LI, DominatorTree &DT,
                                   ScalarEvolution &SE,
                                   OptimizationRemarkEmitter &ORE) {
  SmallVector<std::pair<Loop *, MDNode *>, 4> Requests;
  for (Loop *L : LI.getLoopsInPreorder())
    if (MDNode *Request = findOptionMDForLoop(L, RegistersKey))
      Requests.push_back({L, Request});
  bool Changed = false;
  for (auto &Entry : Requests) {
    Loop *L = Entry.first;
    auto *Stages = mdconst::extract<ConstantInt>(Entry.second->getOperand(1));
    // A preheader and dedicated exits, as the loop may have lost them.
    Changed |= simplifyLoop(L, &DT, &LI, &SE, nullptr, nullptr,
                            /*PreserveLCSSA=*/false);
    RegisterStageSchedule Sched;
    PipelineRefusal WhyNot;
    if (!planRegisterStage(*L, Stages->getZExtValue(), Sched, WhyNot)) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, WhyNot.Name,
                                        L->getStartLoc(), L->getHeader())
               << "register stage not applied: " << WhyNot.Why;
      });
      continue;
    }
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RegistersPipelined",
                                L->getStartLoc(), L->getHeader())
             << "register stage: "
             << ore::NV("Loads", unsigned(Sched.Loads.size()))
             << " loads of the next iteration issued before this "
                "iteration's computation (a double buffer in registers)";
    });
    applyRegisterStage(Sched, LI, DT);
    SE.forgetAllLoops();
    Changed = true;
  }
  return Changed;
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
  const Loop &L = *Sched.L;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    PipelineStatement &S = Sched.Statements[Idx];
    if (!S.SubsumedBy || !S.Wait || !S.Wait->use_empty())
      continue;
    asyncpipe::AsyncOp Wait = asyncpipe::AsyncOp::get(*S.Wait);
    if (Wait.isWait() && Counts.isRedundantWait(Wait)) {
      Redundant.push_back(Wait.getCall());
      // Said only once proved: the schedule merely proposes it.
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
    } else
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "SubsumedWaitKept", S.Wait)
               << "wait in statement " << ore::NV("Statement", Idx)
               << " kept: the wait in statement "
               << ore::NV("By", *S.SubsumedBy)
               << " allows no more groups, but the mark analysis does not "
                  "prove this one redundant on every path (for example, after "
                  "a call the count of a hardware counter is unknown)";
      });
  }
  for (CallBase *Call : Redundant)
    asyncpipe::eraseProvenRedundantOp(*Call);
}

PreservedAnalyses AsyncPipelinePass::run(Function &F,
                                         FunctionAnalysisManager &AM) {
  // Requests written as loop metadata need no declaration: look for them
  // without building LoopInfo.
  if (!moduleMayHaveAsyncOps(*F.getParent()) && !hasPipelineLoopMetadata(F))
    return PreservedAnalyses::all();
  bool Changed = convertAsyncInvokesToCalls(F, AM);
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  Changed |= consumePipelineMarkers(F, LI);
  Changed |= rejectInvalidAnnotations(F, LI);
  if (usesAsyncQueues(F)) {
    // Not yet: the pipeliner schedules one sequence of marks.
    if (!LI.empty()) {
      auto &QueueORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
      QueueORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "Queues", &F)
               << "loops not pipelined: the function marks or waits on a "
                  "queue other than 0, and the pipeliner schedules one "
                  "queue";
      });
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
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
  // Where waits count groups, empty groups cost one branch per early
  // statement and no memory traffic. Elsewhere the repeated copies keep the
  // steady state of the epilogue drain (the same cycles per iteration in
  // bench/latency_model) at the size of the hand-pipelined loop
  // (bench/pipeliner/code_size.py); loops that cannot repeat their copies
  // fall back to the epilogue.
  if (Drain == AsyncPipelineDrain::TargetDefault)
    Drain = Target && Target->countsWaitsInGroups()
                ? AsyncPipelineDrain::EmptyGroups
                : AsyncPipelineDrain::RepeatLastCopies;

  // Register stages first: a pipelined loop around such a loop (and its
  // epilogue's copies of it) then holds the register-pipelined form.
  if (pipelineRegisterStages(LI, DT, SE, ORE)) {
    verifyAnalyses(F, LI, DT);
    Changed = true;
  }

  // Each loop once: the first loop not considered yet in LoopInfo's preorder
  // as it is after the previous loop's transformation (which adds loops, new
  // top-level ones first in that order: the clones are marked done and asked
  // no more), found without taking the whole preorder again after each loop
  // (AsyncPipelineLoopOrder.h).
  LoopPreorderWorklist Loops(LI);
  while (Loop *L = Loops.next()) {
    // Again for the loops the register stages made, whose IDs come from the
    // user's follow-up properties.
    if (rejectIfInvalid(*L)) {
      Changed = true;
      continue;
    }
    std::optional<PipelineRequest> Request = readRequest(*L, LI, DefaultStages);
    if (!Request)
      continue;
    Loop *ParentBefore = L->getParentLoop();
    if (simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false)) {
      Changed = true;
      // Separating a nested loop puts a new loop in L's place in its
      // parent's list, which the worklist has passed.
      if (L->getParentLoop() != ParentBefore)
        Loops.loopsRestructured();
    }
    PipelineRefusal WhyNot;
    std::optional<PipelineSchedule> Sched =
        planPipeline(*L, *Request, SE, AA, LI, DT, Target.get(), WhyNot);
    if (!Sched) {
      if (WhyNot.InvalidAnnotation.empty()) {
        remarkNotPipelined(ORE, *L, WhyNot.Name, WhyNot.Why);
        continue;
      }
      rejectAnnotation(*L, WhyNot.InvalidAnnotation, WhyNot.Why);
      Changed = true;
      continue;
    }
    Sched->Drain = Drain;
    if (Drain == AsyncPipelineDrain::RepeatLastCopies)
      if (std::optional<std::string> Why = whyCannotRepeatLastCopies(*Sched)) {
        Sched->Drain = AsyncPipelineDrain::Epilogue;
        remarkDrainNotRepeated(ORE, *L, *Why);
      }
    remarkPipelined(ORE, *Sched);
    remarkDrain(ORE, *Sched);
    // Marked first: the epilogue drain keeps an unpipelined copy of the loop
    // for short trip counts, which must not be pipelined either.
    MDNode *OrigID = L->getLoopID();
    markPipelined(*L);
    if (!Sched->AliasChecks.empty())
      versionWithAliasChecks(*Sched, OrigID, DT, LI, SE);
    // Keeps LoopInfo and the dominator tree exact: the next loop is planned
    // on them, and the proof uses the tree too (removing waits changes no
    // block).
    applyPipeline(*Sched, SE, LI, DT, Target.get());
    proveWaitCounts(*Sched, DT, ORE);
    // The epilogue's copies of a subsumed wait stay (their counts differ);
    // in the loop it goes, once the one mark analysis proves it redundant
    // on the pipelined code (the schedule only proposes it).
    removeSubsumedWaits(*Sched, F, ORE);
    SE.forgetAllLoops();
    verifyAnalyses(F, LI, DT);
    Changed = true;
    Loops.loopsChanged();
  }
  if (LoopOrderStats)
    errs() << "pipeliner: '" << F.getName() << "': " << Loops.considered()
           << " loops considered, LoopInfo's preorder taken "
           << Loops.preordersTaken() << " times\n";
  remarkLostRequests(F, ORE);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

AnalysisKey AsyncPipelineCandidatesAnalysis::Key;

AsyncPipelineCandidatesAnalysis::Result
AsyncPipelineCandidatesAnalysis::run(Function &F, FunctionAnalysisManager &) {
  Result R;
  R.MayPipelineLoops = any_of(instructions(F), [](const Instruction &I) {
    return opensPipelineRequest(I) ||
           (PipelineStagesOption > 0 && AsyncOp::get(I).isCopy());
  });
  return R;
}
