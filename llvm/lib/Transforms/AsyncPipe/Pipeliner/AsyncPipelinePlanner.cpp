//===- AsyncPipelinePlanner.cpp - Plan the pipelining of one loop ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// planPipeline runs the legality checks and the scheduler in the one order in
// which each has what it needs: the loop's statements and buffers, then the
// stages, then what early copies read ahead of (which depends on which
// statements are early), then the versions, counts and barriers. The first
// refusal stops it, so a loop is refused for the first reason in that order.
// planRegisterStage does the same for a loop's register-level stage.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineLegality.h"
#include "AsyncPipelineSchedule.h"
#include "AsyncPipelineScheduler.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::pipeliner;

/// Copies the scheduler's decisions into the schedule the builder reads.
static void adoptPlan(PipelineSchedule &Sched, const SchedulePlan &Plan) {
  Sched.NumStages = Plan.NumStages;
  Sched.NeedsBarrier = Plan.NeedsBarrier;
  Sched.UsesQueues = Plan.UsesQueues;
  for (auto [S, P] : zip_equal(Sched.Statements, Plan.Statements))
    static_cast<StatementPlan &>(S) = P;
  for (auto [Buffer, Versions] : zip_equal(Sched.Buffers, Plan.Versions))
    Buffer.Versions = Versions;
}

std::optional<PipelineSchedule>
asyncpipe::planPipeline(Loop &L, const PipelineRequest &Request,
                        ScalarEvolution &SE, AAResults &AA, LoopInfo &LI,
                        DominatorTree &DT, const AsyncTarget *Target,
                        PipelineRefusal &WhyNot) {
  PipelineSchedule Sched;
  PipelineLegality Legality(L, Sched, SE, AA, LI, DT, Target, WhyNot);
  if (!Legality.checkLoop())
    return std::nullopt;
  SchedulingProblem Problem = Legality.describeSchedulingProblem();
  auto WhyCannotRunEarly = [&](unsigned Stmt) {
    return Legality.whyCannotRunEarly(Stmt);
  };
  PipelineScheduler Scheduler(Problem, Request, WhyCannotRunEarly, WhyNot);
  if (!Scheduler.assignStages())
    return std::nullopt;
  adoptPlan(Sched, Scheduler.getPlan());
  if (!Legality.checkReadAhead() || !Scheduler.completeSchedule())
    return std::nullopt;
  adoptPlan(Sched, Scheduler.getPlan());
  return Sched;
}

bool asyncpipe::planRegisterStage(Loop &L, unsigned Stages,
                                  RegisterStageSchedule &Sched,
                                  PipelineRefusal &WhyNot) {
  return PipelineScheduler::scheduleRegisterStages(Stages, WhyNot) &&
         PipelineLegality::checkRegisterStage(L, Sched, WhyNot);
}
