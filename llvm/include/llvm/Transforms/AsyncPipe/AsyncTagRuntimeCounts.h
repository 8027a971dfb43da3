//===- AsyncTagRuntimeCounts.h - Remember run-time counts -------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-tag-runtime-counts pass runs first in every pipeline (every
/// -O level) and tags each wait whose count, and each zero-filling copy whose
/// source size, is not a compile-time constant in the source. Optimization
/// may later fold such a value to a constant on one path (unrolling
/// `wait(0 - i)` gives wait(-1) on the last trip; inlining passes a
/// helper's caller's size); the lowering then treats it as the run-time
/// value it was, never as an error the source did not write, so whether a
/// program compiles does not depend on the -O level
/// (llvm/docs/AsyncPipeModel.rst).
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCTAGRUNTIMECOUNTS_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCTAGRUNTIMECOUNTS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class CallBase;

class AsyncTagRuntimeCountsPass
    : public PassInfoMixin<AsyncTagRuntimeCountsPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

namespace asyncpipe {
/// Metadata kind on a wait whose count, or a zero-filling copy whose source
/// size, was a run-time value in the source.
inline constexpr const char RuntimeCountMetadata[] = "asyncpipe.runtime.count";

/// True if \p Op's wait count or zero-fill source size was a run-time value
/// where the pipeline began.
bool hadRuntimeCount(const CallBase &Op);
} // namespace asyncpipe

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCTAGRUNTIMECOUNTS_H
