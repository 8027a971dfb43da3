//===- AsyncOpSummary.h - A function's async operations ---------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A read-only pass that emits one analysis remark per function that uses the
/// async model, counting its copies, marks and waits. It shows where in a
/// pipeline AsyncPipe runs (clang, opt, codegen) and what it sees there.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCOPSUMMARY_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCOPSUMMARY_H

#include "llvm/IR/PassManager.h"
#include <string>

namespace llvm {
class FunctionPass;
class PassRegistry;

class AsyncOpSummaryPass : public PassInfoMixin<AsyncOpSummaryPass> {
public:
  /// \p Stage names the pipeline position in the remark ("optimizer",
  /// "codegen", ...).
  explicit AsyncOpSummaryPass(std::string Stage = "opt")
      : Stage(std::move(Stage)) {}

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  std::string Stage;
};

/// The same pass for the legacy codegen pipeline.
FunctionPass *createAsyncOpSummaryLegacyPass(StringRef Stage);
void initializeAsyncOpSummaryLegacyPass(PassRegistry &);

} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCOPSUMMARY_H
