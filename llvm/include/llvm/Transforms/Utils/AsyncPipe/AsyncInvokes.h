//===- AsyncInvokes.h - Invoked async operations become calls ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// An async operation can reach the plugin as an invoke: C++ code that calls
// one in a try block, with a declaration that does not say it cannot throw,
// or hand-written IR. None of them unwinds (the portable calls and the host
// runtime are documented not to throw, and LLVM's intrinsics cannot be
// invoked at all), so the unwind edge is dead. The passes lower, move and
// erase async operations as ordinary instructions; erasing an invoke would
// leave its block without a terminator. So every pass that changes them first
// turns each such invoke into a call and a branch to its normal destination.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_UTILS_ASYNCPIPE_ASYNCINVOKES_H
#define LLVM_TRANSFORMS_UTILS_ASYNCPIPE_ASYNCINVOKES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
class Instruction;
class Module;

namespace asyncpipe {

/// True if \p I is an invoke of an async operation (isAsyncCall()): one that
/// convertAsyncInvokesToCalls() turns into a call.
bool isInvokedAsyncOp(const Instruction &I);

/// Turns every invoke of an async operation (isAsyncCall()) in \p F into a
/// call followed by a branch to the invoke's normal destination. Returns true
/// if there was one: the CFG changed, so the caller preserves no analysis.
bool convertAsyncInvokesToCalls(Function &F);

/// The same for every function of \p M.
bool convertAsyncInvokesToCalls(Module &M);

/// The same for a new-PM function pass, which also drops what \p AM has
/// cached for \p F (the results were computed on the old CFG and may point at
/// the invokes) before the pass asks for any analysis.
bool convertAsyncInvokesToCalls(Function &F, FunctionAnalysisManager &AM);

/// The same for a new-PM module pass.
bool convertAsyncInvokesToCalls(Module &M, ModuleAnalysisManager &AM);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_UTILS_ASYNCPIPE_ASYNCINVOKES_H
