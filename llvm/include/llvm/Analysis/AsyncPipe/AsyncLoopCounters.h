//===- AsyncLoopCounters.h - Values of loop-carried counters ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A run-time wait count computed from loop-carried counters, as a pipeline
/// computes it (`head - tail - 1` of two stage counters), is often the same
/// on every iteration without any stock pass proving it: the counters are
/// not induction variables when a branch skips their increments. This
/// proves such values constant, for asyncpipe-elim's folding of libcu++'s
/// wait switch and for asyncpipe-lower's waits with a run-time count.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCLOOPCOUNTERS_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCLOOPCOUNTERS_H

#include "llvm/ADT/APInt.h"
#include <optional>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Value;

namespace asyncpipe {

/// The value the integer \p V has in block \p At on every execution, when it
/// is computed from the header phis of a loop containing \p At that keep
/// constant differences to each other on every iteration (each is its
/// constant entry value plus a common base). std::nullopt if that is not
/// proven (or \p V is not computed from a loop's counters).
std::optional<APInt> proveLoopCounterConstant(const Value &V,
                                              const BasicBlock &At,
                                              const DominatorTree &DT);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCLOOPCOUNTERS_H
