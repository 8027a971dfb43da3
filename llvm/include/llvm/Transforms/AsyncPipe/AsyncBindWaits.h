//===- AsyncBindWaits.h - Bind counting waits to their marks ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-bind-waits pass runs before the inliner. It rewrites each
/// wait(N) with a constant N into a wait on the future of the mark it waits
/// for on each path (the (N+1)-th most recent mark of its own function, or
/// the dummy future where there is none), and each mark into a mark that
/// makes a future. A future is an SSA value, so the inliner's cloning gives
/// every inlined activation its own: after inlining, asyncpipe-lower-futures
/// recounts each wait over the marks really issued after its mark, and marks
/// that came from an inlined callee no longer make the caller's waits
/// stronger. See llvm/docs/AsyncPipeElimination.rst.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCBINDWAITS_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCBINDWAITS_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncBindWaitsPass : public PassInfoMixin<AsyncBindWaitsPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
};

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCBINDWAITS_H
