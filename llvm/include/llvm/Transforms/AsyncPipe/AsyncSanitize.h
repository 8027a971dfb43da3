//===- AsyncSanitize.h - AsyncSan instrumentation ---------------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-sanitize pass (AsyncSan) instruments host programs that use
/// the async model so that the host runtime can report, with source
/// locations, accesses that race with pending async copies (read or write of
/// a copy's destination, write of its source) and copies still pending when a
/// function returns. See llvm/docs/AsyncSan.rst.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCSANITIZE_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCSANITIZE_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncSanitizePass : public PassInfoMixin<AsyncSanitizePass> {
public:
  /// With \p OnlyWhenRequested (the placement in the default pipelines), the
  /// pass does nothing unless -asyncpipe-sanitize is given
  /// (`clang -fpass-plugin=AsyncPipe.so -mllvm -asyncpipe-sanitize`).
  explicit AsyncSanitizePass(bool OnlyWhenRequested = false)
      : OnlyWhenRequested(OnlyWhenRequested) {}

  /// Instruments host code whose portable calls are lowered already: it
  /// runs after asyncpipe-lower (in the default pipelines, and when
  /// `-passes=asyncpipe-sanitize` names it alone, PassRegistry.def).
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }

  /// True if the pass would instrument \p M: a module with async operations
  /// for a target with a host runtime to check against. GPU modules, and
  /// modules without async operations, are left alone.
  static bool appliesTo(const Module &M);

private:
  bool OnlyWhenRequested;
};

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCSANITIZE_H
