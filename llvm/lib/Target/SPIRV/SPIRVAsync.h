//===- SPIRVAsync.h - AsyncPipe's SPIR and SPIR-V parts -----------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// SPIR and SPIR-V have no AsyncTarget (AsyncPipe does not lower async
/// copies for them); their kernels can be fused.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_SPIRV_SPIRVASYNC_H
#define ASYNCPIPE_LIB_TARGET_SPIRV_SPIRVASYNC_H

namespace llvm {
namespace asyncpipe {

/// Registers the work-item model of SPIR and SPIR-V kernels with kernel
/// fusion.
void registerSPIRVWorkItemModel();

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_SPIRV_SPIRVASYNC_H
