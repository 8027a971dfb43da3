//===- SPIRVWorkItemModel.cpp - Work-item queries of SPIR and SPIR-V ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// SPIR and SPIR-V kernels ask for their work-item through OpenCL builtin
// calls or the SPIR-V builtins, as kernels compiled for the host do; only
// their local memory is in address space 3 instead of 0.
//
//===----------------------------------------------------------------------===//

#include "SPIRVAsync.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/KernelFusion/WorkItemModel.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static std::unique_ptr<WorkItemModel> getSPIRVWorkItemModel(const Module &M) {
  if (!M.getTargetTriple().isSPIROrSPIRV())
    return nullptr;
  return createBuiltinWorkItemModel(M, /*LocalAddressSpace=*/3);
}

void asyncpipe::registerSPIRVWorkItemModel() {
  WorkItemModel::registerFactory(getSPIRVWorkItemModel);
}
