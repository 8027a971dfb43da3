//===- AsyncTargets.h - Constructors of the AsyncTarget implementations ---===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the plugin: AsyncTarget::get() dispatches to these.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_ANALYSIS_ASYNCPIPE_ASYNCTARGETS_H
#define ASYNCPIPE_LIB_ANALYSIS_ASYNCPIPE_ASYNCTARGETS_H

#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"

namespace llvm {
namespace asyncpipe {
std::unique_ptr<AsyncTarget> createAMDGPUAsyncTarget();
std::unique_ptr<AsyncTarget> createNVPTXAsyncTarget();
std::unique_ptr<AsyncTarget> createHostAsyncTarget();
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_ANALYSIS_ASYNCPIPE_ASYNCTARGETS_H
