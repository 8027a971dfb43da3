//===- AsyncPipeline.h - Software pipelining with async stages --*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The loop software pipeliner of AsyncPipe. A loop written in the
/// synchronous form (each iteration copies tiles into shared buffers, marks,
/// waits for them and computes on them) is rewritten so that the copies of
/// later iterations overlap the computation of the current one: the shared
/// buffers are multi-buffered, the copies run ahead by whole stages and every
/// wait allows exactly the number of groups the schedule keeps in flight.
/// See llvm/docs/AsyncPipePipeliner.rst.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINE_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Instruction;
class OptimizationRemarkEmitter;

/// Turns each `asyncpipe.pipeline(i32 S)` marker call (the source annotation
/// `asyncpipe_pipeline(S);` of clang/include/asyncpipe/pipeline_annotation.h)
/// into `!llvm.loop` metadata of the innermost loop around it and removes the
/// call. It runs at the start of every pipeline (-O0 included) so the marker
/// never reaches the backends, and disables unrolling of the annotated loop so
/// the loop still exists when the pipeliner runs. It also rejects invalid
/// pipeliner loop properties (an error at the loop), before any transform can
/// unroll or delete the loop that carries them.
class AsyncPipelineAnnotationPass
    : public PassInfoMixin<AsyncPipelineAnnotationPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// How a pipelined loop finishes its last S - 1 iterations, whose early
/// stages have nothing left to copy.
enum class AsyncPipelineDrain {
  /// What the target prefers (AsyncTarget::countsWaitsInGroups()): empty
  /// groups where waits count groups, an epilogue otherwise.
  TargetDefault,
  /// The steady-state loop stops S - 1 iterations early and always issues
  /// its copies; an epilogue repeats the consumers of the last iterations
  /// with decreasing waits. Waits stay exact on a target whose wait counts
  /// memory operations (AMDGPU vmcnt).
  Epilogue,
  /// The loop runs every iteration, skips the copies past the last one and
  /// still commits their marks: no code is duplicated, and waits stay exact
  /// only on a target whose wait counts groups (NVPTX).
  EmptyGroups,
  /// The loop runs every iteration and always issues its copies: past the
  /// last iteration they repeat the last iteration's copies (every operand
  /// but the destination), into versions nothing reads any more, and the
  /// loop's exit waits for them.
  /// No code is duplicated and waits stay exact on every target, at the
  /// price of S - 1 extra copies per run of the loop. Needs early copies
  /// that read nothing the loop pipelines and no copy loops; other loops
  /// drain with an epilogue.
  RepeatLastCopies,
};

struct AsyncPipelineOptions {
  /// Stage count for every eligible loop; 0 pipelines only the loops whose
  /// metadata asks for it.
  unsigned Stages = 0;
  AsyncPipelineDrain Drain = AsyncPipelineDrain::TargetDefault;
};

/// Parses the parameters of
/// `asyncpipe-pipeline<stages=N;drain=epilogue|empty-groups|repeat-last>`.
Expected<AsyncPipelineOptions> parseAsyncPipelineOptions(StringRef Params);

/// Pipelines the loops that ask for it (see the loop metadata in
/// llvm/docs/AsyncPipePipeliner.rst) and reports every decision as an
/// optimization remark of pass "asyncpipe-pipeline".
class AsyncPipelinePass : public PassInfoMixin<AsyncPipelinePass> {
public:
  explicit AsyncPipelinePass(AsyncPipelineOptions Options = {})
      : Options(Options) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);

private:
  AsyncPipelineOptions Options;
};

/// Whether asyncpipe-pipeline may still pipeline a loop of a function: a
/// loop asks for it (annotation or metadata, not yet done), or the
/// stage-count option applies to every loop and the function issues async
/// copies. Passes that merge or drop marks ask it and leave such functions
/// alone, since the pipeliner schedules each group of copies separately.
class AsyncPipelineCandidatesAnalysis
    : public AnalysisInfoMixin<AsyncPipelineCandidatesAnalysis> {
  friend AnalysisInfoMixin<AsyncPipelineCandidatesAnalysis>;
  static AnalysisKey Key;

public:
  struct Result {
    bool MayPipelineLoops = false;
  };
  Result run(Function &F, FunctionAnalysisManager &AM);
};

namespace asyncpipe {
/// Removes the marker calls of the source annotation that reach the lowering
/// of the async calls (llc given IR that no optimizer pipeline with the
/// plugin has seen): the annotation pass would have turned them into loop
/// metadata, and nothing after the optimizer pipelines a loop. A marker gets
/// the annotation pass's diagnostics, or a missed remark saying how to get
/// the loop pipelined; none reaches a backend, which would emit a call to an
/// undefined function (with a name ptxas cannot parse). Returns true if any
/// was removed.
bool dropLatePipelineMarkers(
    Module &M, function_ref<OptimizationRemarkEmitter &(Function &)> GetORE);
} // namespace asyncpipe

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINE_H
