//===- AsyncInlineFragments.h - Inline async helpers first ------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-inline-fragments pass runs LLVM's always-inliner, before
/// any model-level AsyncPipe pass, in modules where an always_inline function
/// holds async operations. Such a function is part of its caller
/// (llvm/docs/AsyncPipeModel.rst), so its marks and waits must be in the
/// caller before the caller's marks and waits are reasoned about; -O0 inlines
/// it first thing too, so -O1..-O3 see what -O0 sees. Modules without such
/// a function are left to the stock pipeline untouched.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCINLINEFRAGMENTS_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCINLINEFRAGMENTS_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncInlineFragmentsPass
    : public PassInfoMixin<AsyncInlineFragmentsPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM);
};

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCINLINEFRAGMENTS_H
