//===- AsyncPipelineVerify.h - Prove a loop's wait counts -------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner: the mark analysis's check of the wait counts
// the transform emitted (AsyncPipelineVerify.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEVERIFY_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEVERIFY_H

namespace llvm {
class DominatorTree;
class OptimizationRemarkEmitter;

namespace asyncpipe {
struct PipelineSchedule;

/// After applyPipeline, before any wait is removed: checks every wait of the
/// last stage in the pipelined loop with the one mark analysis and reports
/// each as proved (remark WaitProved, with the groups it leaves in flight
/// and how many of them are its producer's own) or not (missed remark
/// WaitNotProved, which a correct pipeliner never emits). Also reports the
/// statements an explicit schedule put early that run in the last stage
/// (remark StatementInLastStage). \p DT is the pipelined function's.
void proveWaitCounts(const PipelineSchedule &Sched, const DominatorTree &DT,
                     OptimizationRemarkEmitter &ORE);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEVERIFY_H
