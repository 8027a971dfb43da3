//===- AsyncElim.h - Remove marks and waits that do nothing -----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-elim pass removes, in every spelling of the async model:
/// marks that no later wait of the function can observe, and waits that wait
/// for nothing on every path (they allow at least as many outstanding marks
/// as there can be, which covers waits no mark reaches and waits made
/// redundant by an earlier at-least-as-strong wait). See
/// llvm/docs/AsyncPipeElimination.rst.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCELIM_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCELIM_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncElimPass : public PassInfoMixin<AsyncElimPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
};

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCELIM_H
