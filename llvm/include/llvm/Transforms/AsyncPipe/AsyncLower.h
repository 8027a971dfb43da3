//===- AsyncLower.h - Lower portable async calls to a target ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-lower pass rewrites the portable calls of AsyncPipe's headers
/// (asyncpipe.copy, asyncpipe.mark, asyncpipe.wait) into the native form of
/// the module's AsyncTarget: LDS DMA and asyncmark on AMDGPU, cp.async on
/// NVPTX, runtime calls on the host. It runs at the end of the optimizer and
/// again at the start of codegen, so IR fed straight to llc is lowered too.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCLOWER_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCLOWER_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class ModulePass;
class PassRegistry;

class AsyncLowerPass : public PassInfoMixin<AsyncLowerPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

/// The same pass for the legacy codegen pipeline.
ModulePass *createAsyncLowerLegacyPass();
void initializeAsyncLowerLegacyPass(PassRegistry &);

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCLOWER_H
