//===- WorkItemModels.h - Constructors of the WorkItemModels --------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the fusion code: WorkItemModel::get() dispatches to these.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_KERNELFUSION_WORKITEMMODELS_H
#define ASYNCPIPE_LIB_TRANSFORMS_KERNELFUSION_WORKITEMMODELS_H

#include "llvm/Transforms/KernelFusion/WorkItemModel.h"

namespace llvm {
namespace asyncpipe {
std::unique_ptr<WorkItemModel> createAMDGPUWorkItemModel();
std::unique_ptr<WorkItemModel> createNVPTXWorkItemModel();
/// OpenCL builtin calls; \p LocalAddressSpace is 3 for SPIR, 0 on the host.
std::unique_ptr<WorkItemModel>
createOpenCLBuiltinWorkItemModel(unsigned LocalAddressSpace);
/// The SPIR-V builtin variables and calls, and OpenCL builtin calls.
std::unique_ptr<WorkItemModel>
createSPIRVBuiltinWorkItemModel(unsigned LocalAddressSpace);
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_KERNELFUSION_WORKITEMMODELS_H
