//===- AsyncWaitExpansion.h - Waits whose count is a run-time value -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A wait count that is only known at run time cannot be encoded in a
/// hardware wait (cp.async.wait_group, s_waitcnt vmcnt take immediates). The
/// helpers here replace such a wait by a switch over the constant waits that
/// can make a difference, with a remark that says so. Shared by every lowering
/// that meets a run-time count.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCWAITEXPANSION_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCWAITEXPANSION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Function;
class IRBuilderBase;
class OptimizationRemarkEmitter;
class Value;

namespace asyncpipe {

/// An upper bound on the marks of \p F's own sequence, or none when a mark
/// sits in a cycle. Each mark outside cycles runs at most once per activation,
/// so their number bounds the outstanding marks at any wait.
std::optional<uint64_t> boundOutstandingMarks(Function &F);

/// Replaces \p Wait, whose count \p N is known only at run time, by a switch
/// over the constant waits 0 .. Bound-1 emitted by \p EmitWait. A count of
/// Bound or more waits for nothing; without a bound (\p Bound is none) the
/// switch covers the first few counts and larger ones wait for everything.
/// Erases \p Wait and reports the choice as an analysis remark of \p PassName
/// (a string with static storage, as remarks keep the pointer).
void expandVariableWait(CallBase &Wait, Value *N,
                        std::optional<uint64_t> Bound,
                        function_ref<void(IRBuilderBase &, uint64_t)> EmitWait,
                        OptimizationRemarkEmitter &ORE, const char *PassName);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCWAITEXPANSION_H
