//===- AsyncWaitSwitchFold.h - Fold run-time wait switches ---- -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// asyncpipe-elim's folding of the switch over `cp.async.wait_group 0..8`
/// that libcu++ writes for a run-time wait count, and the remark helpers it
/// shares with the rest of asyncpipe-elim.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TRANSFORMS_ASYNCPIPE_ELIMINATION_ASYNCWAITSWITCHFOLD_H
#define LLVM_LIB_TRANSFORMS_ASYNCPIPE_ELIMINATION_ASYNCWAITSWITCHFOLD_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/DiagnosticInfo.h"
#include <string>

namespace llvm {
class Function;
class Instruction;
class OptimizationRemarkEmitter;
class SwitchInst;

namespace asyncpipe {
class AsyncOp;

/// A switch over native wait counts, as libcu++ writes for a run-time
/// count: every successor starts with a native wait of a constant count and
/// is reached from the switch alone.
bool isWaitGroupSwitch(const SwitchInst &SI);

/// Folds each of \p Switches, \p F's wait-group switches
/// (isWaitGroupSwitch: libcu++'s run-time wait_group, found by the caller's
/// walk), into a branch to the one wait it takes on every path, when its
/// count is proven the same on every path; remarks say which switches were
/// folded and which kept. Returns true if one was folded (the CFG changed).
bool foldWaitGroupSwitches(Function &F, ArrayRef<SwitchInst *> Switches,
                           OptimizationRemarkEmitter &ORE);

/// Where a remark about \p I points: the user's line, not the line inside a
/// header function inlined into it (libcu++'s wait switch).
DiagnosticLocation userLocation(const Instruction &I);

/// How a wait reads in the user's source: the PTX statement for inline
/// assembly, the callee otherwise.
std::string describeWait(const AsyncOp &Wait);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_LIB_TRANSFORMS_ASYNCPIPE_ELIMINATION_ASYNCWAITSWITCHFOLD_H
