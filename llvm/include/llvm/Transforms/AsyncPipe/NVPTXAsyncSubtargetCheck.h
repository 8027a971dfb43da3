//===- NVPTXAsyncSubtargetCheck.h - cp.async needs sm_80 --------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A codegen IR pass for NVPTX that runs before instruction selection and
/// diagnoses cp.async in a function compiled for a GPU or PTX version that
/// lacks it (below sm_80 or PTX ISA 7.0), naming the flags that fix it,
/// instead of letting the backend fail with "Cannot select".
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_NVPTXASYNCSUBTARGETCHECK_H
#define LLVM_TRANSFORMS_ASYNCPIPE_NVPTXASYNCSUBTARGETCHECK_H

namespace llvm {
class FunctionPass;

/// The check for the legacy codegen pipeline (llc, clang's backend).
FunctionPass *createNVPTXAsyncSubtargetCheckLegacyPass();

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_NVPTXASYNCSUBTARGETCHECK_H
