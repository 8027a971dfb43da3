//===- AsyncPipelineVerify.cpp - Prove a pipelined loop's wait counts -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The schedule derives every wait count from stages and orders
// (AsyncPipelineCounts.cpp); here the one mark analysis
// (llvm/lib/Analysis/AsyncPipe/AsyncMarkAnalysis.cpp, MarkDistances) checks
// the code the transform emitted against it, for every wait of the last
// stage.
//
// In the first loop iteration such a wait consumes source iteration 0. The
// group it needs was committed by the prologue (a producer in an early
// stage: the prologue commits D * G marks, G per virtual iteration in the
// schedule's order, and source iteration 0 of a stage-s group is its mark in
// virtual iteration s) or earlier in the same iteration (a producer of the
// last stage: its mark in the body). MarkDistances gives the fewest marks
// committed since that mark, over every path to the wait; around the
// back edge the distance only grows, so the minimum is the first
// iteration's. Every loop iteration commits every group's mark once (marks
// lie on the spine and early copies' marks are not guarded), so the marks
// between a group and its consumer are the same in every iteration: the
// first iteration's distance is every iteration's. The wait is proven when
// that distance equals its count: the group it needs is complete, and one
// group more in flight would not be. The epilogue's copies of the body
// recount their waits (AsyncPipelineBuilder.cpp) and are not checked here.
//
// A write-back wait leaves the groups of later iterations in flight too
// (StatementPlan::LaterInFlight): in the first iteration there are none, so
// what the mark analysis sees there is the count less those.
//
// With queues every wait on queue q with count n must find the needed mark
// to be q's (n+1)-th newest. AsyncMarkCounts gives, at the wait, the fewest
// marks of any queue since that mark of q (marksSinceQueueMark); every mark
// lies on the spine, so each path to the first iteration's wait makes the
// same marks, and the needed mark is q's (n+1)-th newest exactly when the
// marks since it, which MarkDistances counts over every queue, are as few.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineVerify.h"
#include "AsyncPipelineSchedule.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-pipeline"

namespace {

/// The last \p Wanted marks committed before the loop, in program order
/// (fewer if there are not as many): those of the blocks outside the loop
/// that dominate its header, read backwards from the header's immediate
/// dominator and no further than needed (a walk to the entry would cost
/// every earlier loop again).
SmallVector<CallBase *, 16> marksBeforeLoop(Loop &L, const DominatorTree &DT,
                                            uint64_t Wanted) {
  SmallVector<CallBase *, 16> Marks;
  for (DomTreeNode *N = DT.getNode(L.getHeader())->getIDom();
       N && Marks.size() < Wanted; N = N->getIDom())
    for (Instruction &I : reverse(*N->getBlock()))
      if (AsyncOp Op = AsyncOp::get(I); Op.isMark()) {
        Marks.push_back(Op.getCall());
        if (Marks.size() == Wanted)
          break;
      }
  std::reverse(Marks.begin(), Marks.end());
  return Marks;
}

} // namespace

void asyncpipe::proveWaitCounts(const PipelineSchedule &Sched,
                                const DominatorTree &DT,
                                OptimizationRemarkEmitter &ORE) {
  Loop &L = *Sched.L;
  Function &F = *L.getHeader()->getParent();
  unsigned D = Sched.getLastStage();
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx)
    if (std::optional<unsigned> From = Sched.Statements[Idx].DemotedFrom)
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "StatementInLastStage",
                                          L.getStartLoc(), L.getHeader())
               << "statement " << ore::NV("Statement", Idx)
               << " runs in the last stage, not in stage "
               << ore::NV("AnnotatedStage", *From)
               << ": it has no async copy, and only async operations move "
                  "between stages (its wait is counted for the last stage)";
      });
  // Groups in the schedule's order: the prologue's marks repeat it.
  SmallVector<unsigned, 8> GroupsInOrder;
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx)
    if (Sched.Statements[Idx].isGroup())
      GroupsInOrder.push_back(Idx);
  sort(GroupsInOrder, [&](unsigned A, unsigned B) {
    return Sched.Statements[A].Order < Sched.Statements[B].Order;
  });
  unsigned G = GroupsInOrder.size();

  SmallVector<CallBase *, 16> Before = marksBeforeLoop(L, DT, uint64_t(D) * G);
  // The transform always emits the prologue's D * G marks where the loop is
  // entered; without them nothing can be proved, which is worth a report.
  if (Before.size() < uint64_t(D) * G) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "WaitNotProved",
                                      L.getStartLoc(), L.getHeader())
             << "the loop's waits are not proved by the mark analysis: the "
                "prologue's marks were not found before the loop";
    });
    return;
  }
  ArrayRef<CallBase *> Prologue = ArrayRef(Before).take_back(D * G);

  // The mark a last-stage wait of the first iteration needs, per wait call.
  struct Check {
    unsigned Statement;
    CallBase *Wait;
    unsigned Group;
    CallBase *Needed;
    uint64_t LaterInFlight;
    std::optional<unsigned> Queue;
  };
  SmallVector<Check, 4> Checks;
  SmallVector<Value *, 8> Tracked;
  auto AddCheck = [&](unsigned Idx, CallBase *Wait, unsigned Group,
                      uint64_t Later, std::optional<unsigned> Queue) {
    const PipelineStatement &P = Sched.Statements[Group];
    CallBase *Needed;
    if (Sched.isEarly(P)) {
      unsigned Rank = find(GroupsInOrder, Group) - GroupsInOrder.begin();
      Needed = Prologue[P.Stage * G + Rank];
    } else {
      Needed = P.Mark;
    }
    Checks.push_back({Idx, Wait, Group, Needed, Later, Queue});
    if (!is_contained(Tracked, Needed))
      Tracked.push_back(Needed);
  };
  for (unsigned Idx = 0; Idx != Sched.Statements.size(); ++Idx) {
    const PipelineStatement &W = Sched.Statements[Idx];
    if (!W.Wait || Sched.isEarly(W) || !W.NeededGroup)
      continue;
    if (W.QueueWaits.empty()) {
      AddCheck(Idx, W.Wait, *W.NeededGroup, W.LaterInFlight, std::nullopt);
      continue;
    }
    for (unsigned K = 0; K != W.QueueWaits.size(); ++K)
      AddCheck(Idx, K ? W.OtherQueueWaits[K - 1] : W.Wait,
               W.QueueWaits[K].NeededGroup, W.QueueWaits[K].LaterInFlight,
               W.QueueWaits[K].Queue);
  }
  if (Checks.empty())
    return;
  MarkDistances::Options Opts;
  Opts.Kind = AsyncOp::get(*Checks.front().Needed).getSemantics();
  // Solved from the first prologue mark's block on, over the blocks that
  // reach a checked wait without passing it, unless a needed mark of the
  // body does not dominate its wait: that block dominates every wait (the
  // prologue precedes the loop), every path from it to a wait passes each
  // prologue mark's block (they dominate the header too) and, for a
  // dominating body mark, that mark; so on every path the needed mark is
  // made after the block was last passed, and the region's answer is the
  // function's. A function with many pipelined loops then costs each loop
  // its own code, not the function again.
  SmallVector<const Instruction *, 4> Points;
  bool Dominated = true;
  for (const Check &C : Checks) {
    Points.push_back(C.Wait);
    Dominated &=
        is_contained(Prologue, C.Needed) || DT.dominates(C.Needed, C.Wait);
  }
  std::optional<MarkDistances> Region;
  // (A single stage has no prologue: the whole function is solved.)
  if (Dominated && !Prologue.empty())
    Region.emplace(F, Tracked, Opts, *Prologue.front()->getParent(), Points);
  else
    Region.emplace(F, Tracked, Opts);
  const MarkDistances &Distances = *Region;

  std::optional<AsyncMarkCounts> Counts;
  if (Sched.UsesQueues)
    Counts.emplace(F);

  for (const Check &C : Checks) {
    unsigned Idx = C.Statement;
    const PipelineStatement &W = Sched.Statements[Idx];
    std::optional<uint64_t> Count = getTrackedWaitCount(AsyncOp::get(*C.Wait));
    MarkDistances::Distance Since = Distances.at(C.Needed, *C.Wait);
    // What the first iteration shows: the count less the later iterations'
    // write-back groups.
    std::optional<uint64_t> Expected;
    if (Count && *Count >= C.LaterInFlight)
      Expected = *Count - C.LaterInFlight;
    std::optional<uint64_t> QueueSince;
    if (C.Queue && Expected)
      QueueSince = Counts->marksSinceQueueMark(*C.Wait, *C.Queue, *Expected);
    bool Proved =
        Distances.converged() && Expected && Since != MarkDistances::None &&
        (C.Queue ? QueueSince && Since == *QueueSince : Since == *Expected);
    if (Proved) {
      ORE.emit([&] {
        OptimizationRemarkAnalysis R(DEBUG_TYPE, "WaitProved", C.Wait);
        R << "wait in statement " << ore::NV("Statement", Idx);
        if (C.Queue)
          R << " on queue " << ore::NV("Queue", *C.Queue);
        R << " proved by the mark analysis: the group of statement "
          << ore::NV("Group", C.Group) << " is complete and "
          << ore::NV("InFlight", *Count) << " newer groups "
          << (C.Queue ? "of its queue " : "") << "stay in flight";
        if (C.LaterInFlight)
          R << ", " << ore::NV("LaterInFlight", C.LaterInFlight)
            << " of them committed by later iterations (its write-back "
               "stores read other versions of their staging buffer)";
        else if (!C.Queue)
          R << ", " << ore::NV("OwnInFlight", W.OwnInFlight)
            << " of them its own";
        R << " (of " << ore::NV("Stages", Sched.NumStages) << " stages)";
        return R;
      });
      continue;
    }
    ORE.emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "WaitNotProved", C.Wait);
      R << "wait in statement " << ore::NV("Statement", Idx);
      if (C.Queue)
        R << " on queue " << ore::NV("Queue", *C.Queue);
      R << " not proved by the mark analysis: it allows "
        << ore::NV("Count", Count ? int64_t(*Count) : -1)
        << " groups in flight, and ";
      if (Since == MarkDistances::None)
        R << "the group of statement " << ore::NV("Group", C.Group)
          << " may not be committed before it";
      else
        R << ore::NV("Since", uint64_t(Since))
          << " marks are committed after the group of statement "
          << ore::NV("Group", C.Group) << " on some path";
      return R;
    });
  }
}
