//===- AsyncPipelineOpenCLKernels.h - OpenCL kernel bodies ------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// clang 22 emits an OpenCL kernel `k` on NVPTX as a stub that calls a
/// callable copy of its body, `__clang_ocl_kern_imp_k` (both noinline), so
/// that other kernels can call `k` as a function. The copy's arguments may
/// differ between work-items (another kernel may call it with any values),
/// which stops the pipeliner from building a run-time check the whole work
/// group agrees on. This pass inlines the body into the stub of a kernel
/// whose body asks to be pipelined: the kernel then has a body of its own,
/// with its own (group-uniform) arguments, as it has on AMDGPU; the callable
/// copy stays for other callers. See llvm/docs/AsyncPipePipeliner.rst.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINEOPENCLKERNELS_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINEOPENCLKERNELS_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncPipelineOpenCLKernelsPass
    : public PassInfoMixin<AsyncPipelineOpenCLKernelsPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM);
};

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCPIPELINEOPENCLKERNELS_H
