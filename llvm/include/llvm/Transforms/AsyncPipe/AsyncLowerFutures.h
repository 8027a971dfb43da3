//===- AsyncLowerFutures.h - Lower waits on futures to counts ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-lower-futures pass turns each wait on a future
/// (asyncpipe.wait.future) into a counting wait (asyncpipe.wait(K)) where K is
/// the minimum, over every path reaching the wait, of the marks issued after
/// the mark that made the future the wait names; the future may reach the
/// wait through PHIs and selects, as in the swap and rotate patterns of
/// multi-buffered loops. Marks that make futures become plain marks and dummy
/// futures (asyncpipe.future.any) disappear. See
/// llvm/docs/AsyncPipeFutures.rst.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCLOWERFUTURES_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCLOWERFUTURES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class FunctionPass;
class OptimizationRemarkEmitter;
class PassRegistry;

/// asyncpipe-lower needs it to have run: PassRegistry.def schedules it
/// first wherever the lowering runs, and `-passes=asyncpipe-lower` stands
/// for both.
class AsyncLowerFuturesPass : public PassInfoMixin<AsyncLowerFuturesPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// The same pass for the legacy codegen pipeline, before asyncpipe-lower's.
FunctionPass *createAsyncLowerFuturesLegacyPass();
void initializeAsyncLowerFuturesLegacyPass(PassRegistry &);

namespace asyncpipe {
/// Metadata on a mark or wait on a future that asyncpipe-bind-waits made
/// from a mark or counting wait of another spelling: !{!"callee name"} for a
/// mark, !{!"callee name", iN 0} for a wait (iN: its count operand's type).
/// asyncpipe-lower-futures lowers them back to that spelling.
inline constexpr const char AsyncSpellingMetadata[] = "asyncpipe.spelling";

} // namespace asyncpipe

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCLOWERFUTURES_H
