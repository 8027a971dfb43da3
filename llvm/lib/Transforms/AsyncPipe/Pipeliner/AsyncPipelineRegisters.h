//===- AsyncPipelineRegisters.h - Register-level stage --------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner: the register-level (non-async) stage of a loop,
// usually the shared-to-register loop nested in a pipelined loop
// (AsyncPipelineRegisters.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEREGISTERS_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEREGISTERS_H

namespace llvm {
class DominatorTree;
class LoopInfo;
class OptimizationRemarkEmitter;
class ScalarEvolution;

namespace asyncpipe {

/// Software-pipelines every loop of \p LI that asks for a register stage
/// (loop property asyncpipe.pipeline.registers): the plain loads of
/// iteration j + 1 are issued before the rest of iteration j, their values
/// carried by phis. Runs before the async pipeliner, so that a pipelined
/// loop around such a loop (and its epilogue copies) holds the pipelined
/// form. The annotations are valid (rejectInvalidAnnotations). Keeps
/// LoopInfo and the dominator tree exact; returns true if anything changed.
bool pipelineRegisterStages(LoopInfo &LI, DominatorTree &DT,
                            ScalarEvolution &SE,
                            OptimizationRemarkEmitter &ORE);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEREGISTERS_H
