//===- AsyncUnobservedWaits.h - Waits that cannot see a mark ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-unobserved-waits pass warns about a wait that follows the
/// activation model (llvm/docs/AsyncPipeModel.rst) and so waits for nothing,
/// in a function that then reads shared memory. A helper that calls
/// asyncpipe_wait(0) before reading the tile its caller is copying into
/// looks correct, but its wait counts only marks of its own activation, of
/// which there are none: the read races with the caller's copies. It is a
/// lint: it changes nothing, and runs first in every pipeline, so that
/// whether it warns does not depend on the -O level.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCUNOBSERVEDWAITS_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCUNOBSERVEDWAITS_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncUnobservedWaitsPass
    : public PassInfoMixin<AsyncUnobservedWaitsPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCUNOBSERVEDWAITS_H
